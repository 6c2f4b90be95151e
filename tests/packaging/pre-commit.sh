#!/usr/bin/env bash
# pre-commit: `pre-commit try-repo` runs this repository's hook on the staged files of a
# temporary git repository. The hook passes the staged files and mcpshift analyzes the whole
# project, so a staged file gets the findings of a run on the whole project: its dispatcher is
# not MCP202 while another file of the project handles server/discover, and is once that file is
# deleted. Files outside the hook's pattern do not start it.
#
# By default the hook `mcpshift-system` runs the binary of the crates.io package (cargo.sh).
# `pre-commit.sh --rust` tries the hook `mcpshift` instead, which pre-commit builds from this
# repository with cargo (a release build: minutes; not part of CI).
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
hook=mcpshift-system
if [ "${1:-}" = --rust ]; then
  hook=mcpshift
fi
dir=$WORK/pre-commit
fresh "$dir"
bin=$(tools)
binary=$(package_binary)
export PATH="$bin:${binary%/*}:$PATH"
export PRE_COMMIT_HOME=$dir/cache

project=$dir/project
mkdir -p "$project/src"
cd "$project"
cat >package.json <<'JSON'
{ "name": "acme-server", "dependencies": { "@modelcontextprotocol/sdk": "^1.20.0" } }
JSON
cat >src/dispatch.ts <<'TS'
export function handle(msg: { method: string; id: number }) {
  switch (msg.method) {
    case 'tools/list':
      return { jsonrpc: '2.0', id: msg.id, result: { tools: [] } };
    case 'tools/call':
      return { jsonrpc: '2.0', id: msg.id, result: { content: [] } };
    case 'ping':
      return { jsonrpc: '2.0', id: msg.id, result: {} };
  }
}
TS
cat >src/discover.ts <<'TS'
export function discover(msg: { method: string; id: number }) {
  if (msg.method === 'server/discover') {
    return { jsonrpc: '2.0', id: msg.id, result: { resultType: 'complete', supportedVersions: ['2026-07-28'] } };
  }
}
TS
echo "# acme" >README.md
git() {
  command git -c user.name=t -c user.email=t@example.com -c commit.gpgsign=false "$@"
}
git init --quiet
git add .
git commit --quiet -m init

# What a run on the whole project reports for a file, as the hook's summary line says it.
expected_for() {
  { mcpshift check . --format json || true; } | python3 -c '
import json, sys
path = sys.argv[1]
found = [f for f in json.load(sys.stdin)["findings"] if f["path"] == path]
def n(k, word):
    return "%d %s%s" % (k, word, "" if k == 1 else "s")
levels = [n(sum(f["level"] == l for f in found), l) for l in ("error", "warning", "note")]
print("Found %s (%s)." % (n(len(found), "finding"), ", ".join(levels)))
' "$1"
}

try_repo() {
  expect "$1" pre-commit try-repo "$ROOT" "$hook" --verbose
}

# 1. A change to the dispatcher is staged; discover.ts, unchanged, handles server/discover.
echo "export const version = 2;" >>src/dispatch.ts
git add src/dispatch.ts
want=$(expected_for src/dispatch.ts)
try_repo 1
grep -q "$want" <<<"$OUT" || fail "the hook's summary is not the whole project's for src/dispatch.ts ($want): $OUT"
grep -q 'MCP301' <<<"$OUT" || fail "the staged file's findings are missing: $OUT"
if grep -q -E 'MCP202|package\.json' <<<"$OUT"; then
  fail "the hook reported what a run on the whole project does not, or a file not staged: $OUT"
fi
echo "staged dispatch.ts, discover.ts in the project: $want (as a run on the whole project)"

# 2. discover.ts is deleted in the same commit: now the project never handles server/discover.
git rm --quiet src/discover.ts
want=$(expected_for src/dispatch.ts)
try_repo 1
grep -q "$want" <<<"$OUT" || fail "the hook's summary is not the whole project's ($want): $OUT"
grep -q 'MCP202' <<<"$OUT" || fail "MCP202 is missing once no file handles server/discover: $OUT"
echo "staged dispatch.ts, discover.ts deleted: $want, MCP202 among them"
git commit --quiet -m "without discover" --no-verify

# 3. Only a file mcpshift does not read is staged: the hook does not run.
echo "more" >>README.md
git add README.md
try_repo 0
grep -q 'mcpshift.*(no files to check)Skipped' <<<"$OUT" || fail "the hook ran without a file it reads: $OUT"
echo "staged README.md only: skipped"
