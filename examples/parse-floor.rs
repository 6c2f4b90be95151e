//! The parse-everything floor for the benchmark: the same walker as `mcpshift check`, then
//! every file parsed once by tree-sitter (TS/JS, Python) or syn (Rust) on all worker threads, with
//! no lowering, no prefilter and no rules. `scripts/bench.sh` compares `mcpshift check` to it.
//!
//! With `--walk`, each tree is also visited once, every named node read and nothing built: the
//! least any analysis of the whole tree must add to parsing, whatever it does at each node.
//!
//! Usage: `parse-floor [--jobs N] [--walk] DIR`. Prints files, bytes, nodes visited and wall
//! time.

use std::path::PathBuf;
use std::time::Instant;

use mcpshift::discover::{self, DiscoverOptions, FileKind};
use mcpshift::lang::typescript::Dialect;
use rayon::prelude::*;

// The allocator `mcpshift` runs with, so that the ratio compares the work, not the allocators.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut jobs = 0usize;
    let mut walk = false;
    let mut dir = None;
    while let Some(a) = args.next() {
        if a == "--jobs" {
            jobs = args.next().and_then(|j| j.parse().ok()).unwrap_or(0);
        } else if a == "--walk" {
            walk = true;
        } else {
            dir = Some(PathBuf::from(a));
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: parse-floor [--jobs N] [--walk] DIR");
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
    let (files, bytes, nodes) = pool.install(|| {
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
                    return (0usize, 0usize, 0usize);
                };
                let nodes = match c.kind {
                    FileKind::Rust => {
                        let file = syn::parse_file(&text);
                        let nodes = match &file {
                            Ok(f) if walk => walk_rust(f),
                            _ => 0,
                        };
                        proc_macro2::extra::invalidate_current_thread_spans();
                        nodes
                    }
                    FileKind::TypeScript(d) => parse_ts(&text, d, walk),
                    FileKind::Python => parse_py(&text, walk),
                    FileKind::Manifest => return (0, 0, 0),
                };
                (1, text.len(), nodes)
            })
            .reduce(|| (0, 0, 0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2))
    });
    println!("files {files} bytes {bytes} nodes {nodes} wall {:.3}s", start.elapsed().as_secs_f64());
}

/// Visits every identifier of a syn tree and asks for its position, as any lowering must; the
/// rest of syn's tree is plain Rust data.
fn walk_rust(file: &syn::File) -> usize {
    struct Count(usize);
    impl<'a> syn::visit::Visit<'a> for Count {
        fn visit_ident(&mut self, i: &'a proc_macro2::Ident) {
            self.0 += 1;
            std::hint::black_box(i.span().start());
        }
    }
    let mut count = Count(0);
    syn::visit::visit_file(&mut count, file);
    count.0
}

fn parse_ts(text: &str, dialect: Dialect, walk: bool) -> usize {
    let Ok(mut parser) = mcpshift::lang::typescript::new_parser(dialect) else { return 0 };
    match parser.parse(text, None) {
        Some(tree) if walk => walk_ts(&tree),
        _ => 0,
    }
}

fn parse_py(text: &str, walk: bool) -> usize {
    let Ok(mut parser) = mcpshift::lang::python::new_parser() else { return 0 };
    match parser.parse(text, None) {
        Some(tree) if walk => walk_ts(&tree),
        _ => 0,
    }
}

/// Visits every named node of a tree-sitter tree once, reading its kind and byte range, the
/// least an analysis of the whole tree needs (operators and punctuation are anonymous nodes,
/// read from their parent when needed). Like the lowering, it steps over a node's children
/// only up to its last named one: the closing tokens after it are never visited.
fn walk_ts(tree: &tree_sitter::Tree) -> usize {
    let mut cursor = tree.walk();
    let mut stack = vec![tree.root_node()];
    let mut nodes = 0usize;
    while let Some(node) = stack.pop() {
        nodes += 1;
        std::hint::black_box((node.kind_id(), node.start_byte(), node.end_byte()));
        let mut named_left = node.named_child_count();
        cursor.reset(node);
        if named_left > 0 && cursor.goto_first_child() {
            loop {
                let child = cursor.node();
                if child.is_named() {
                    named_left -= 1;
                    stack.push(child);
                }
                if named_left == 0 || !cursor.goto_next_sibling() {
                    break;
                }
            }
        }
    }
    nodes
}
