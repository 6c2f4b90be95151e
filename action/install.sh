#!/usr/bin/env bash
# Installs mcpshift for the GitHub Action from the npm registry: the package `mcpshift` and,
# through its optional dependencies, the release binary of the runner's platform. Nothing is
# built from source. The binary's folder is added to the job's PATH.
#
# Usage: install.sh SPEC...   (npm package specs: the Action passes mcpshift@VERSION; the
#                              packaging test passes the tarballs it packed)
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: install.sh SPEC..." >&2
  exit 2
fi
if ! command -v npm >/dev/null; then
  echo "::error title=mcpshift::the mcpshift Action installs mcpshift with npm, which this runner lacks; run actions/setup-node before it"
  exit 1
fi

prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/mcpshift-action"
rm -rf "$prefix"
mkdir -p "$prefix"
# No lockfile, no scripts: the packages run no install script, and none is needed.
npm install --prefix "$prefix" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
  --loglevel=error "$@"

bin="$prefix/node_modules/.bin"
"$bin/mcpshift" --version
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$bin" >>"$GITHUB_PATH"
fi
