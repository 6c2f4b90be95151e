//! The integration tests, one module per file of `tests/`, built as one test binary: every test
//! binary links the whole dependency tree, and one per file made linking most of a clean build.
//! `cargo test --test suite fixtures` runs the tests of one file; `sarif::` rather than `sarif`
//! where other files' test names hold the module's name.
//!
//! The tests share one process: they pass environment to the programs they start with
//! `Command::env`, never through the process environment or its current directory.

mod common;

mod baseline;
mod changed;
mod claims;
mod cli;
mod config;
mod config_schema;
mod dual_example;
mod exit_codes;
mod fixes;
mod fixtures;
mod index;
mod init;
mod invocation;
mod manual;
mod messages;
mod outputs;
mod probe;
mod properties;
mod regressions;
mod release;
mod robustness;
mod rule_docs;
mod rule_fixes;
mod rule_pages;
mod sarif;
mod scale;
mod suppressions;
