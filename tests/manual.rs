//! `mcpshift completions` and `mcpshift man`: generated from the command-line definitions, so
//! they offer exactly the commands and options that `--help` lists.

use std::process::Command;

use crate::common::{code, repo, run_in, stderr, stdout, Project};

/// What bash completes for the words typed so far (the last one being completed).
fn bash_completions(words: &[&str]) -> Vec<String> {
    let p = Project::new("completions");
    let script = stdout(&run_in(&repo(), &["completions", "bash"]));
    p.file("mcpshift.bash", &script);
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let cur = words.last().copied().unwrap_or_default();
    let prev = words.len().checked_sub(2).map_or("", |i| words[i]);
    let program = format!(
        "source ./mcpshift.bash\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE=\"${{COMP_WORDS[*]}}\"\nCOMP_POINT=${{#COMP_LINE}}\n_mcpshift mcpshift '{cur}' '{prev}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        quoted.join(" "),
        words.len() - 1
    );
    let out = Command::new("bash").arg("-c").arg(&program).current_dir(&p.dir).output();
    let out = match out {
        Ok(o) => o,
        Err(e) => panic!("cannot run bash: {e}"),
    };
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_string).collect()
}

#[test]
fn bash_completes_commands_options_and_their_values() {
    let commands = bash_completions(&["mcpshift", ""]);
    for c in ["check", "rules", "explain", "probe", "init", "completions", "man"] {
        assert!(commands.contains(&c.to_string()), "{c} not offered: {commands:?}");
    }
    assert_eq!(bash_completions(&["mcpshift", "check", "--fail-"]), ["--fail-on"]);
    assert_eq!(bash_completions(&["mcpshift", "check", "--fail-on", ""]), ["error", "warning", "note", "never"]);
    assert_eq!(bash_completions(&["mcpshift", "completions", "z"]), ["zsh"]);
}

#[test]
fn every_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run_in(&repo(), &["completions", shell]);
        assert_eq!(code(&out), 0, "{shell}: {}", stderr(&out));
        assert!(stdout(&out).contains("sarif-max-results"), "{shell}: the options of check are missing");
    }
    let out = run_in(&repo(), &["completions", "tcsh"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("possible values: bash, elvish, fish, powershell, zsh"), "{}", stderr(&out));
}

#[test]
fn man_pages_document_every_command_and_option() {
    let top = stdout(&run_in(&repo(), &["man"]));
    assert!(top.contains(".TH mcpshift 1"), "{top}");
    for command in ["check", "rules", "explain", "probe", "init", "completions", "man"] {
        assert!(top.contains(&format!("mcpshift\\-{command}(1)")), "{command} is not listed:\n{top}");
    }
    let check = stdout(&run_in(&repo(), &["man", "check"]));
    assert!(check.contains(".TH mcpshift-check 1"), "{check}");
    assert!(check.contains("\\fBmcpshift check\\fR"), "{check}");
    for option in ["\\-\\-fail\\-on", "\\-\\-output\\-format", "\\-\\-changed\\-since", "\\-\\-baseline"] {
        assert!(check.contains(option), "{option} is missing");
    }
    assert!(!check.contains("inject\\-panic"), "a hidden test option is documented");

    let out = run_in(&repo(), &["man", "chek"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("no manual page for `chek`; the commands are: check, rules"), "{}", stderr(&out));
}

#[test]
fn man_out_dir_writes_one_page_per_command_that_groff_reads() {
    let p = Project::new("man");
    let out = p.run(&["man", "--out-dir", "man1"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let mut files: Vec<String> = match std::fs::read_dir(p.dir.join("man1")) {
        Ok(d) => d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect(),
        Err(e) => panic!("{e}"),
    };
    files.sort();
    let expected = [
        "mcpshift-check.1",
        "mcpshift-completions.1",
        "mcpshift-explain.1",
        "mcpshift-init.1",
        "mcpshift-man.1",
        "mcpshift-probe.1",
        "mcpshift-rules.1",
        "mcpshift.1",
    ];
    assert_eq!(files, expected);
    assert_eq!(p.read("man1/mcpshift-check.1").as_bytes(), run_in(&repo(), &["man", "check"]).stdout.as_slice());
    // troff reads Latin-1: a character outside ASCII is written as its groff escape.
    for file in expected {
        assert!(p.read(&format!("man1/{file}")).is_ascii(), "{file} is not ASCII");
    }
    // Where groff is installed (it comes with man), the pages render without a warning.
    if Command::new("groff").arg("-v").output().is_ok_and(|o| o.status.success()) {
        for file in expected {
            let out =
                Command::new("groff").args(["-man", "-Tutf8", "-ww", "-z"]).arg(p.dir.join("man1").join(file)).output();
            let out = match out {
                Ok(o) => o,
                Err(e) => panic!("{e}"),
            };
            assert!(out.status.success() && out.stderr.is_empty(), "{file}: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}
