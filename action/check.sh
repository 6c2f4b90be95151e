#!/usr/bin/env bash
# Runs `mcpshift check` for the GitHub Action: the human report in the log, SARIF for code
# scanning, the Markdown report in the job summary, and the counts as step outputs. It exits 0
# whenever mcpshift ran, whatever it found, so that the SARIF is uploaded before a later step
# fails the job with mcpshift's exit code (the output `exit-code`).
#
# Inputs come from the environment: INPUT_PATHS and INPUT_ARGS (separated by white space),
# INPUT_TARGET, INPUT_FAIL_ON (empty: mcpshift.toml decides), INPUT_JOB_SUMMARY (true/false).
set -euo pipefail

out="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/mcpshift-report"
rm -rf "$out"
mkdir -p "$out"
json="$out/mcpshift.json"
sarif="$out/mcpshift.sarif"
markdown="$out/mcpshift.md"

# Split on spaces, tabs and new lines (read -d '' returns 1 at the end of its input).
read -r -d '' -a paths <<<"${INPUT_PATHS:-.}" || true
read -r -d '' -a extra <<<"${INPUT_ARGS:-}" || true
if [ "${#paths[@]}" -eq 0 ]; then
  paths=(.)
fi

args=(check "${paths[@]}"
  --output-format human
  --output-format "json=$json"
  --output-format "sarif=$sarif"
  --output-format "markdown=$markdown")
if [ -n "${INPUT_TARGET:-}" ]; then
  args+=(--target "$INPUT_TARGET")
fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then
  args+=(--fail-on "$INPUT_FAIL_ON")
fi
args+=("${extra[@]}")

echo "mcpshift ${args[*]}"
code=0
mcpshift "${args[@]}" || code=$?

output() {
  if [ -n "${GITHUB_OUTPUT:-}" ]; then
    echo "$1=$2" >>"$GITHUB_OUTPUT"
  fi
}
output exit-code "$code"
if [ -s "$json" ]; then
  # node is there: npm installed mcpshift. (The $ is JavaScript's, not the shell's.)
  # shellcheck disable=SC2016
  node -e '
    const { summary } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const key of ["findings", "errors", "warnings", "notes"]) console.log(`${key}=${summary[key]}`);
  ' "$json" | while IFS='=' read -r key value; do output "$key" "$value"; done
fi
if [ -s "$sarif" ]; then
  output sarif-file "$sarif"
fi
if [ "${INPUT_JOB_SUMMARY:-true}" = true ] && [ -s "$markdown" ] && [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then
  cat "$markdown" >>"$GITHUB_STEP_SUMMARY"
fi
