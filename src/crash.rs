//! Internal errors: a panic never ends a run silently.
//!
//! A panic inside a rule is caught and reported for its file (the run goes on, and ends with
//! exit code 2). Any other panic unwinds to `main`, which prints what failed, on which file,
//! and asks for a bug report with the version, then exits with 2. The panic hook prints
//! nothing itself (a caught panic must not put a backtrace banner in the middle of a report);
//! it records the message, where in mcpshift it happened and the file the thread was
//! analyzing, for whoever reports the error.

use std::cell::RefCell;
use std::sync::Mutex;

/// One panic, as the hook saw it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Crash {
    pub message: String,
    /// Where in mcpshift's code (`src/engine.rs:91:17`).
    pub location: Option<String>,
    /// The file the panicking thread was analyzing, relative to the project root.
    pub file: Option<String>,
}

thread_local! {
    static CURRENT_FILE: RefCell<Option<String>> = const { RefCell::new(None) };
}

static LAST: Mutex<Option<Crash>> = Mutex::new(None);

/// Installs the recording hook.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = payload_message(info.payload());
        let location = info.location().map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
        let file = CURRENT_FILE.with(|f| f.borrow().clone());
        if let Ok(mut last) = LAST.lock() {
            *last = Some(Crash { message, location, file });
        }
    }));
}

/// Names the file this thread analyzes until the guard is dropped.
pub fn analyzing(path: &str) -> FileGuard {
    let previous = CURRENT_FILE.with(|f| f.replace(Some(path.to_string())));
    FileGuard { previous }
}

pub struct FileGuard {
    previous: Option<String>,
}

impl Drop for FileGuard {
    fn drop(&mut self) {
        let previous = self.previous.take();
        CURRENT_FILE.with(|f| *f.borrow_mut() = previous);
    }
}

/// The last panic recorded, cleared.
pub fn take() -> Option<Crash> {
    LAST.lock().ok().and_then(|mut last| last.take())
}

/// The text of a panic payload.
pub fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

/// Where to report a bug.
pub fn issues_url() -> String {
    format!("{}/issues", env!("CARGO_PKG_REPOSITORY"))
}

/// The request for a bug report that follows every internal error.
pub fn bug_report_request() -> String {
    format!(
        "This is a bug in mcpshift {}. Please report it at {} with this message and, if you can share it, the file.",
        env!("CARGO_PKG_VERSION"),
        issues_url()
    )
}

/// The message for a panic that unwound to `main`: what failed, where, on which file.
pub fn uncaught_message(payload: &(dyn std::any::Any + Send), crash: Option<Crash>) -> String {
    let crash = crash.unwrap_or_else(|| Crash { message: payload_message(payload), ..Crash::default() });
    let mut s = String::from("mcpshift: error: internal error");
    if let Some(file) = &crash.file {
        s.push_str(&format!(" while analyzing {file}"));
    }
    s.push_str(&format!(": {}", crash.message));
    if let Some(location) = &crash.location {
        s.push_str(&format!(" (at {location})"));
    }
    s.push('\n');
    s.push_str(&bug_report_request());
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_what_failed_where_and_on_which_file() {
        let crash = Crash {
            message: "index out of bounds".into(),
            location: Some("src/x.rs:1:2".into()),
            file: Some("src/server.ts".into()),
        };
        let m = uncaught_message(&"ignored", Some(crash));
        assert!(m.starts_with("mcpshift: error: internal error while analyzing src/server.ts: index out of bounds (at src/x.rs:1:2)\n"), "{m}");
        assert!(m.contains(env!("CARGO_PKG_VERSION")) && m.contains("/issues"), "{m}");
        // Without a record, the payload says what failed.
        assert!(uncaught_message(&"boom", None).contains(": boom\n"));
    }

    #[test]
    fn the_file_guard_restores_the_previous_file() {
        let outer = analyzing("a.ts");
        {
            let _inner = analyzing("b.ts");
            assert_eq!(CURRENT_FILE.with(|f| f.borrow().clone()).as_deref(), Some("b.ts"));
        }
        assert_eq!(CURRENT_FILE.with(|f| f.borrow().clone()).as_deref(), Some("a.ts"));
        drop(outer);
        assert_eq!(CURRENT_FILE.with(|f| f.borrow().clone()), None);
    }
}
