//! The probe over stdio: the server command is started without a shell, in its own process
//! group, with its stderr kept for the report. `server/discover` goes first; a server that
//! answers it also gets the unknown method, and `initialize` goes to a fresh process (a
//! dual-era server pins each connection to the era it opened with). A server that does not
//! answer it gets `initialize` on the same stdin, as a dual-era client falls back.
//!
//! Every wait has the step timeout and every line a byte cap; each process is ended by closing
//! its stdin, killed (with its process group) when it has not exited soon after, and always
//! reaped, also on Ctrl-C, SIGTERM or a panic.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::era;
use super::exchange::{excerpt, Answer, Exchange, Failure, FailureKind, Step, Stray};
use super::message::{self, Collector};

/// The longest stdout line read; the rest of a longer line is skipped.
pub const LINE_CAP: usize = 1024 * 1024;
/// The most stderr kept (its end).
const STDERR_CAP: usize = 16 * 1024;
/// How long a process may take to exit once its stdin is closed.
const EXIT_GRACE: Duration = Duration::from_secs(2);
/// The first answer of a process also waits for the process to start.
const SLOW_START: &str =
    "no answer within the timeout, which includes the server's start-up (raise --timeout for a slow starter)";
const CLOSED_BEFORE_ANSWERING: &str = "the server closed its stdout before answering";
/// How long a response with a `null` id waits for a better one.
const NULL_ID_GRACE: Duration = Duration::from_millis(200);

/// One process the probe started, and how it ended.
#[derive(Clone, Debug)]
pub struct ProcessRun {
    /// Which steps it served: `discover, unknown-method`.
    pub steps: Vec<Step>,
    pub ended: Ended,
    /// The end of its stderr, and how many bytes it wrote there in all.
    pub stderr: String,
    pub stderr_bytes: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// It could not be started.
    NotStarted(String),
    /// It exited on its own while the probe was still talking to it.
    ExitedEarly(Option<i32>),
    /// It exited after its stdin was closed.
    Exited(Option<i32>),
    /// It was still running after its stdin had been closed for the grace period.
    Killed,
    /// The probe was interrupted, and killed it.
    Interrupted,
}

/// What a stdio probe saw.
#[derive(Default)]
pub struct Observed {
    pub exchanges: Vec<Exchange>,
    pub processes: Vec<ProcessRun>,
    pub interrupted: bool,
}

/// Runs the stdio steps against `command`.
pub fn probe(command: &[String], timeout: Duration) -> Observed {
    interrupt::install();
    let grace = timeout.min(EXIT_GRACE);
    let mut out = Observed::default();

    let Some(mut first) = out.start(command, Step::Discover, false) else { return out };
    out.ask(&mut first, Step::Discover, false, timeout);
    let modern = out.exchanges.last().is_some_and(era::answers_discover);
    let next = if modern { Step::UnknownMethod } else { Step::Initialize };
    let mut steps = vec![Step::Discover];
    if !interrupt::requested() {
        out.ask(&mut first, next, false, timeout);
        steps.push(next);
    }
    out.finish(first, steps, grace);

    if modern && !interrupt::requested() {
        if let Some(mut second) = out.start(command, Step::Initialize, true) {
            out.ask(&mut second, Step::Initialize, true, timeout);
            out.finish(second, vec![Step::Initialize], grace);
        }
    }
    out.interrupted = interrupt::requested();
    out
}

impl Observed {
    /// Starts a process for `step`; when it cannot start, records why as the step's answer.
    fn start(&mut self, command: &[String], step: Step, fresh: bool) -> Option<Server> {
        match Server::start(command) {
            Ok(server) => Some(server),
            Err(why) => {
                let mut exchange = Exchange::new(step, sent(step, fresh));
                exchange.answer = Answer::Failed(Failure::new(FailureKind::Unreachable, why.clone()));
                self.exchanges.push(exchange);
                let ended = Ended::NotStarted(why);
                self.processes.push(ProcessRun { steps: vec![step], ended, stderr: String::new(), stderr_bytes: 0 });
                None
            }
        }
    }

    fn ask(&mut self, server: &mut Server, step: Step, fresh: bool, timeout: Duration) {
        self.exchanges.push(server.exchange(step, fresh, timeout));
        self.settle(std::mem::take(&mut server.late));
    }

    fn finish(&mut self, mut server: Server, steps: Vec<Step>, grace: Duration) {
        let (run, stray) = server.finish(steps, grace);
        if let Some(last) = self.exchanges.last_mut() {
            last.stray.extend(stray);
        }
        self.settle(std::mem::take(&mut server.late));
        self.processes.push(run);
    }

    /// An answer that came after its step's timeout becomes that step's answer, marked late;
    /// a second answer to a step is a stray of the last one.
    fn settle(&mut self, late: Vec<(Step, Answer)>) {
        for (step, answer) in late {
            let timed_out = self
                .exchanges
                .iter_mut()
                .find(|e| e.step == step && matches!(&e.answer, Answer::Failed(f) if f.kind == FailureKind::Timeout));
            match timed_out {
                Some(e) => {
                    e.answer = answer;
                    e.late = true;
                }
                None => {
                    if let Some(last) = self.exchanges.last_mut() {
                        last.stray.push(Stray::Response(step.id().unwrap_or_default().to_string()));
                    }
                }
            }
        }
    }
}

fn sent(step: Step, fresh: bool) -> String {
    let method = message::method(step).unwrap_or_default();
    if fresh {
        format!("{method} (a line on the stdin of a fresh process)")
    } else {
        format!("{method} (a line on stdin)")
    }
}

/// A line of the server's stdout.
enum Line {
    Json(Value),
    Text(String),
    TooLong,
    End,
}

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    stderr: Arc<Mutex<Tail>>,
    stderr_done: Receiver<()>,
    stdout_closed: bool,
    /// Whether a request was sent already (the first one also waits for the start-up).
    asked: bool,
    /// Answers to earlier requests that came while the probe waited for a later one.
    late: Vec<(Step, Answer)>,
    reaped: bool,
}

impl Server {
    fn start(command: &[String]) -> Result<Server, String> {
        let Some((program, args)) = command.split_first() else {
            return Err("no command given".into());
        };
        let mut cmd = Command::new(program);
        cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        #[cfg(unix)]
        {
            // Its own process group: a terminal's Ctrl-C reaches the probe, which ends the whole
            // group (a wrapper such as `npx` and the server it started) itself.
            use std::os::unix::process::CommandExt;
            cmd.process_group(0);
        }
        let mut child = cmd.spawn().map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("cannot start `{program}`: no pipes"));
        };
        let (tx, lines) = mpsc::sync_channel(1024);
        std::thread::spawn(move || read_lines(stdout, tx));
        let tail = Arc::new(Mutex::new(Tail::default()));
        let (done_tx, stderr_done) = mpsc::channel();
        let keep = Arc::clone(&tail);
        std::thread::spawn(move || {
            read_stderr(stderr, &keep);
            let _ = done_tx.send(());
        });
        Ok(Server {
            child,
            stdin: Some(stdin),
            lines,
            stderr: tail,
            stderr_done,
            stdout_closed: false,
            asked: false,
            late: Vec::new(),
            reaped: false,
        })
    }

    /// Sends the step's request as one line and waits for its answer.
    fn exchange(&mut self, step: Step, fresh: bool, timeout: Duration) -> Exchange {
        let mut exchange = Exchange::new(step, sent(step, fresh));
        let (Some(request), Some(id)) = (message::request(step), step.id()) else {
            return exchange;
        };
        let started = Instant::now();
        exchange.answer = self.ask(&request, id, started + timeout, &mut exchange);
        exchange.elapsed = started.elapsed();
        exchange
    }

    fn ask(&mut self, request: &str, id: u64, deadline: Instant, exchange: &mut Exchange) -> Answer {
        let first = !self.asked;
        self.asked = true;
        if self.stdout_closed {
            return Answer::Failed(Failure::new(FailureKind::Closed, "the server had already closed its stdout"));
        }
        let written = match &mut self.stdin {
            Some(stdin) => {
                stdin.write_all(request.as_bytes()).and_then(|()| stdin.write_all(b"\n")).and_then(|()| stdin.flush())
            }
            None => Err(std::io::ErrorKind::BrokenPipe.into()),
        };
        if let Err(e) = written {
            // Usually the process has exited: say so the same way whichever pipe noticed first.
            let until = Instant::now() + Duration::from_millis(200);
            while let Some(left) = until.checked_duration_since(Instant::now()) {
                match self.lines.recv_timeout(left) {
                    Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                        self.stdout_closed = true;
                        return Answer::Failed(Failure::new(FailureKind::Closed, CLOSED_BEFORE_ANSWERING));
                    }
                    Ok(line) => exchange.stray.extend(self.unasked(line)),
                    Err(RecvTimeoutError::Timeout) => break,
                }
            }
            return Answer::Failed(Failure::new(
                FailureKind::Closed,
                format!("cannot write to the server's stdin ({e})"),
            ));
        }
        let mut collector = Collector::default();
        let mut deadline = deadline;
        let answer = loop {
            if interrupt::requested() {
                break Answer::Failed(Failure::new(FailureKind::Interrupted, "interrupted"));
            }
            let now = Instant::now();
            if now >= deadline {
                break match collector.answer.take() {
                    Some((_, answer)) => answer,
                    None if first => Answer::Failed(Failure::new(FailureKind::Timeout, SLOW_START)),
                    None => Answer::Failed(Failure::new(FailureKind::Timeout, "no answer within the timeout")),
                };
            }
            match self.lines.recv_timeout((deadline - now).min(Duration::from_millis(50))) {
                Ok(Line::Json(value)) => {
                    if collector.take(&value, id) {
                        if let Some((_, answer)) = collector.answer.take() {
                            break answer;
                        }
                    }
                    if collector.answer.is_some() {
                        deadline = deadline.min(Instant::now() + NULL_ID_GRACE);
                    }
                }
                Ok(Line::Text(text)) => collector.stray.push(Stray::NotJsonRpc(text)),
                Ok(Line::TooLong) => collector.stray.push(Stray::NotJsonRpc(too_long())),
                Ok(Line::End) | Err(RecvTimeoutError::Disconnected) => {
                    self.stdout_closed = true;
                    break match collector.answer.take() {
                        Some((_, answer)) => answer,
                        None => Answer::Failed(Failure::new(FailureKind::Closed, CLOSED_BEFORE_ANSWERING)),
                    };
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        };
        self.late.append(&mut collector.late);
        exchange.stray.extend(collector.stray);
        exchange.notes.extend(collector.notes);
        answer
    }

    /// Closes stdin, gives the process `grace` to exit, kills it otherwise, and reaps it.
    /// Returns how it ended and the messages it wrote after the last answer.
    fn finish(&mut self, steps: Vec<Step>, grace: Duration) -> (ProcessRun, Vec<Stray>) {
        drop(self.stdin.take());
        let exited_early = self.stdout_closed;
        let deadline = Instant::now() + grace;
        let ended = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    self.reaped = true;
                    break if exited_early { Ended::ExitedEarly(status.code()) } else { Ended::Exited(status.code()) };
                }
                Ok(None) => {}
                Err(_) => break self.kill(Ended::Killed),
            }
            if interrupt::requested() {
                break self.kill(Ended::Interrupted);
            }
            if Instant::now() >= deadline {
                break self.kill(Ended::Killed);
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        // What it wrote after the last answer, and the end of its stderr: both pipes are closed
        // now unless a process it left behind holds them, so wait only briefly.
        let mut late = Vec::new();
        let until = Instant::now() + Duration::from_millis(200);
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(Line::End) | Err(_) => break,
                Ok(line) => late.extend(self.unasked(line)),
            }
        }
        let _ = self.stderr_done.recv_timeout(Duration::from_millis(200));
        let (stderr, stderr_bytes) = match self.stderr.lock() {
            Ok(tail) => {
                let from = tail.bytes.len().saturating_sub(STDERR_CAP);
                (String::from_utf8_lossy(&tail.bytes[from..]).into_owned(), tail.total)
            }
            Err(_) => (String::new(), 0),
        };
        (ProcessRun { steps, ended, stderr, stderr_bytes }, late)
    }

    /// A line read while no request waited for it: a late answer is kept for its step.
    fn unasked(&mut self, line: Line) -> Option<Stray> {
        match line {
            Line::Json(value) => {
                let mut c = Collector::default();
                c.take(&value, 0);
                self.late.append(&mut c.late);
                c.stray.pop().or_else(|| c.answer.map(|(id, _)| Stray::Response(id.to_string())))
            }
            Line::Text(text) => Some(Stray::NotJsonRpc(text)),
            Line::TooLong => Some(Stray::NotJsonRpc(too_long())),
            Line::End => None,
        }
    }

    /// Kills the process and its group, and reaps it.
    fn kill(&mut self, why: Ended) -> Ended {
        #[cfg(unix)]
        if let Ok(pid) = i32::try_from(self.child.id()) {
            // The group leader is not reaped yet, so its id still names this group.
            let _ = nix::sys::signal::killpg(nix::unistd::Pid::from_raw(pid), nix::sys::signal::Signal::SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.reaped = true;
        why
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if !self.reaped {
            self.kill(Ended::Killed);
        }
    }
}

fn too_long() -> String {
    format!("a line longer than {} KiB", LINE_CAP / 1024)
}

/// Splits stdout into lines, each at most [`LINE_CAP`] bytes, until it closes or the probe
/// stops listening.
fn read_lines(stdout: impl Read, tx: SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        let line_cap = LINE_CAP as u64 + 1;
        let sent = match (&mut reader).take(line_cap).read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = tx.send(Line::End);
                return;
            }
            Ok(_) if line.len() > LINE_CAP => {
                let sent = tx.send(Line::TooLong);
                if !skip_line(&mut reader) {
                    let _ = tx.send(Line::End);
                    return;
                }
                sent
            }
            Ok(_) => {
                let text = line.trim_ascii();
                if text.is_empty() {
                    continue;
                }
                match serde_json::from_slice::<Value>(text) {
                    Ok(value) => tx.send(Line::Json(value)),
                    Err(_) => tx.send(Line::Text(excerpt(text, 120))),
                }
            }
        };
        if sent.is_err() {
            return;
        }
    }
}

/// Reads past the end of the current line; false when the stream ended first.
fn skip_line(reader: &mut impl BufRead) -> bool {
    loop {
        let (found, used) = match reader.fill_buf() {
            Ok([]) | Err(_) => return false,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (true, i + 1),
                None => (false, buf.len()),
            },
        };
        reader.consume(used);
        if found {
            return true;
        }
    }
}

/// The end of a stream, at most [`STDERR_CAP`] bytes, and its total length.
#[derive(Default)]
struct Tail {
    bytes: Vec<u8>,
    total: usize,
}

fn read_stderr(mut stderr: impl Read, tail: &Mutex<Tail>) {
    let mut chunk = [0u8; 4096];
    loop {
        let n = match stderr.read(&mut chunk) {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        let Ok(mut tail) = tail.lock() else { return };
        tail.total += n;
        tail.bytes.extend_from_slice(&chunk[..n]);
        if tail.bytes.len() > 2 * STDERR_CAP {
            let cut = tail.bytes.len() - STDERR_CAP;
            tail.bytes.drain(..cut);
        }
    }
}

/// Ctrl-C and SIGTERM: the handler only raises a flag, which every wait of the probe polls,
/// so that the children are killed and reaped on the way out.
pub mod interrupt {
    use super::{AtomicBool, Once, Ordering};

    static REQUESTED: AtomicBool = AtomicBool::new(false);

    pub fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            // Another handler may own the signals (a test harness): the flag just stays down.
            let _ = ctrlc::set_handler(|| REQUESTED.store(true, Ordering::SeqCst));
        });
    }

    pub fn requested() -> bool {
        REQUESTED.load(Ordering::SeqCst)
    }
}
