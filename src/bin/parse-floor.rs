//! The parse-everything floor for the benchmark: the same walker as `mcpshift check`, then
//! every file parsed once by tree-sitter (TS/JS) or syn (Rust) on all worker threads, with
//! no lowering, no prefilter and no rules. `scripts/bench.sh` compares `mcpshift check` to it.
//!
//! Usage: `parse-floor [--jobs N] DIR`. Prints files, bytes and wall time.

use std::path::PathBuf;
use std::time::Instant;

use mcpshift::discover::{self, DiscoverOptions, FileKind};
use mcpshift::lang::typescript::Dialect;
use rayon::prelude::*;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut jobs = 0usize;
    let mut dir = None;
    while let Some(a) = args.next() {
        if a == "--jobs" {
            jobs = args.next().and_then(|j| j.parse().ok()).unwrap_or(0);
        } else {
            dir = Some(PathBuf::from(a));
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: parse-floor [--jobs N] DIR");
        std::process::exit(2);
    };
    let start = Instant::now();
    let jobs = if jobs == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { jobs };
    let opts = DiscoverOptions {
        root: dir.clone(),
        respect_gitignore: true,
        max_file_size: 2 * 1024 * 1024,
        exclude: Vec::new(),
        threads: jobs,
    };
    let found = match discover::discover(&[dir], &opts) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("parse-floor: {e}");
            std::process::exit(2);
        }
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs).stack_size(64 << 20).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("parse-floor: {e}");
            std::process::exit(2);
        }
    };
    let (files, bytes) = pool.install(|| {
        // Largest file first, as `mcpshift check` schedules them.
        discover::largest_first(&found.candidates)
            .into_par_iter()
            .with_max_len(1)
            .map(|i| &found.candidates[i])
            .map(|c| {
                let Ok(text) = discover::read_candidate(c, opts.max_file_size)
                    .map_err(|_| ())
                    .and_then(|b| String::from_utf8(b).map_err(|_| ()))
                else {
                    return (0usize, 0usize);
                };
                match c.kind {
                    FileKind::Rust => {
                        let _ = syn::parse_file(&text);
                        proc_macro2::extra::invalidate_current_thread_spans();
                    }
                    FileKind::TypeScript(d) => parse_ts(&text, d),
                    FileKind::Manifest => return (0, 0),
                }
                (1, text.len())
            })
            .reduce(|| (0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    });
    println!("files {files} bytes {bytes} wall {:.3}s", start.elapsed().as_secs_f64());
}

fn parse_ts(text: &str, dialect: Dialect) {
    if let Ok(mut parser) = mcpshift::lang::typescript::new_parser(dialect) {
        let _ = parser.parse(text, None);
    }
}
