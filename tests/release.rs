//! What a release promises: the `rust-version` that `cargo install` checks is the lowest the
//! locked dependencies build with. (That every channel ships the same version is checked by
//! `node npm/build.mjs verify`, in tests/packaging/npm.sh.)

use std::collections::{BTreeMap, BTreeSet};
use std::process::Command;

use crate::common::{json, repo};
use serde_json::Value;

/// `1.90` or `1.85.0` as (major, minor, patch).
fn parse_version(v: &str) -> (u64, u64, u64) {
    let mut parts = v.split('.').map(|p| p.parse::<u64>().unwrap_or(0));
    (parts.next().unwrap_or(0), parts.next().unwrap_or(0), parts.next().unwrap_or(0))
}

/// The highest `rust-version` among the locked packages reachable from the root through the
/// given kinds of dependency edges, with the package that sets it.
fn highest_rust_version(meta: &Value, follow_dev_of_root: bool) -> Option<((u64, u64, u64), String)> {
    let root = meta["resolve"]["root"].as_str()?;
    let packages: BTreeMap<&str, &Value> =
        meta["packages"].as_array()?.iter().filter_map(|p| Some((p["id"].as_str()?, p))).collect();
    let nodes: BTreeMap<&str, &Value> =
        meta["resolve"]["nodes"].as_array()?.iter().filter_map(|n| Some((n["id"].as_str()?, n))).collect();
    let mut seen = BTreeSet::new();
    let mut queue = vec![root];
    while let Some(id) = queue.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in nodes.get(id).and_then(|n| n["deps"].as_array()).into_iter().flatten() {
            // Every platform counts: the release builds for Linux, macOS and Windows.
            let kinds: Vec<&str> = dep["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|k| k["kind"].as_str().unwrap_or("normal"))
                .collect();
            let built = kinds.iter().any(|k| *k != "dev") || (id == root && follow_dev_of_root);
            if built {
                if let Some(pkg) = dep["pkg"].as_str() {
                    queue.push(pkg);
                }
            }
        }
    }
    seen.remove(root);
    seen.iter()
        .filter_map(|id| {
            let p = packages.get(id)?;
            let v = p["rust_version"].as_str()?;
            Some((parse_version(v), format!("{} {}", p["name"].as_str()?, p["version"].as_str()?)))
        })
        .max()
}

#[test]
fn rust_version_is_the_lowest_the_locked_dependencies_allow() {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--locked", "--format-version", "1"])
        .current_dir(repo())
        .output();
    let out = match out {
        Ok(o) if o.status.success() => o,
        Ok(o) => panic!("cargo metadata --locked failed: {}", String::from_utf8_lossy(&o.stderr)),
        Err(e) => panic!("cannot run cargo: {e}"),
    };
    let meta = json(&String::from_utf8_lossy(&out.stdout));
    let root = meta["resolve"]["root"].as_str().unwrap_or_default();
    let declared = meta["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| p["id"] == root)
        .and_then(|p| p["rust_version"].as_str())
        .map(parse_version);
    let Some(declared) = declared else { panic!("Cargo.toml declares no rust-version") };
    let Some((needed, by)) = highest_rust_version(&meta, false) else {
        panic!("no dependency declares a rust-version")
    };
    assert_eq!(
        declared, needed,
        "Cargo.toml's rust-version is {declared:?}, but the locked dependencies need {needed:?} ({by}): \
         a lower value lets older toolchains start a build that fails, a higher one turns away toolchains that build it"
    );
    // `cargo test` on that toolchain builds the dev-dependencies too.
    let Some((needed_by_tests, by)) = highest_rust_version(&meta, true) else { panic!("no rust-version") };
    assert!(needed_by_tests <= declared, "the dev-dependencies need {needed_by_tests:?} ({by})");
}
