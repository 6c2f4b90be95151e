//! `mcpshift man`: manual pages in roff, generated from the command-line definitions, so they
//! never disagree with `--help`. One page per command, as git and cargo have them:
//! `mcpshift(1)` lists the commands, `mcpshift-check(1)` documents every option of `check`.
//! A character outside ASCII in a help text (an ellipsis, an arrow) is written as groff's
//! escape for it, `\[u2026]`: troff reads its input as Latin-1 and would print the UTF-8 bytes.

use std::io::Write;
use std::path::Path;

use clap::CommandFactory;

use crate::cli::Cli;

/// The command line as the pages describe it: built, so that each subcommand knows its full
/// name (`mcpshift check`), and without clap's `help` subcommand.
fn command() -> clap::Command {
    let mut cmd = Cli::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The page of `mcpshift`, or of one of its commands, in roff.
pub fn page(command_name: Option<&str>) -> Result<Vec<u8>, String> {
    let cmd = command();
    let cmd = match command_name {
        None => cmd,
        Some(name) => match cmd.find_subcommand(name) {
            Some(sub) if !sub.is_hide_set() => sub.clone(),
            _ => {
                let names: Vec<&str> =
                    cmd.get_subcommands().filter(|s| !s.is_hide_set()).map(clap::Command::get_name).collect();
                return Err(format!("no manual page for `{name}`; the commands are: {}", names.join(", ")));
            }
        },
    };
    render(clap_mangen::Man::new(cmd))
}

/// A page in roff, in ASCII.
fn render(man: clap_mangen::Man) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    man.render(&mut out).map_err(|e| format!("cannot render the manual page: {e}"))?;
    let text = String::from_utf8_lossy(&out);
    let mut ascii = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            ascii.push(c);
        } else {
            ascii.push_str(&format!("\\[u{:04X}]", u32::from(c)));
        }
    }
    Ok(ascii.into_bytes())
}

/// Writes every page (`mcpshift.1`, `mcpshift-check.1`, …) into `dir`, for packagers; returns
/// the files written.
pub fn write_all(dir: &Path) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let cmd = command();
    let mut written = Vec::new();
    let pages = std::iter::once(cmd.clone()).chain(cmd.get_subcommands().filter(|s| !s.is_hide_set()).cloned());
    for page in pages {
        let man = clap_mangen::Man::new(page);
        let file = dir.join(man.get_filename());
        let out = render(man)?;
        std::fs::File::create(&file)
            .and_then(|mut f| f.write_all(&out))
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        written.push(file.display().to_string());
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    #[test]
    fn characters_outside_ascii_are_groff_escapes() {
        let cmd = clap::Command::new("x").about("one \u{2026} two \u{2192} three");
        let page = match super::render(clap_mangen::Man::new(cmd)) {
            Ok(p) => String::from_utf8_lossy(&p).into_owned(),
            Err(e) => panic!("{e}"),
        };
        assert!(page.is_ascii(), "{page}");
        assert!(page.contains("one \\[u2026] two \\[u2192] three"), "{page}");
    }
}
