#!/usr/bin/env bash
# Runs every packaging test, in the order they build on each other: pip.sh builds the wheel
# from the workspace's debug build before cargo.sh's package verification builds the crate
# again; cargo.sh installs the binary of the crates.io package that npm.sh and pre-commit.sh
# package; action.sh installs npm.sh's tarballs. Each test's time is printed, and a closing
# line counts them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
for tool in node npm python3 strip git; do
  command -v "$tool" >/dev/null || { echo "the packaging tests need $tool" >&2; exit 1; }
done

# The workspace's debug binary prints the report every channel must print. `cargo test` built
# the dependencies with the features its dev-dependencies add (serde_json, regex, syn, ...), so
# this is a second debug build of them, without; maturin (pip.sh) and the package verification
# (cargo.sh) reuse it. It is the longest step of the packaging tests.
(cd "$here/../.." && cargo build --locked --quiet --bin mcpshift)
# shellcheck source=common.sh
source "$here/common.sh"
MCPSHIFT_REFERENCE_SUMMARY=$(reference_summary)
export MCPSHIFT_REFERENCE_SUMMARY
echo "the workspace's mcpshift on the example: $MCPSHIFT_REFERENCE_SUMMARY"

passed=0
failed=0
for test in pip cargo npm pre-commit action; do
  echo "-- $test"
  start=$(date +%s)
  if "$here/$test.sh"; then
    passed=$((passed + 1))
    echo "-- $test: ok ($(($(date +%s) - start)) s)"
  else
    failed=$((failed + 1))
    echo "-- $test: FAILED ($(($(date +%s) - start)) s)"
    # The later tests use what this one builds.
    [ "$test" = cargo ] && break
  fi
done
echo "packaging: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
