#!/usr/bin/env bash
# PyPI: builds the wheel with maturin (`bindings = "bin"`), installs it into a fresh virtual
# environment and runs `mcpshift check` on the example from there. maturin builds the crate
# itself; with `--profile dev` it reuses the workspace's debug build (`cargo build`, which
# run.sh makes) instead of a fat-LTO release build (the release workflow builds wheels with
# `--release`), and `--strip` keeps the wheel near a release wheel's size. With
# MCPSHIFT_WHEEL_PROFILE=release and CARGO_PROFILE_RELEASE_DEBUG=false (as release.yml sets it)
# it builds the wheel the release ships, reusing a `cargo build --release --locked` made with
# the same setting.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
dir=$WORK/pip
fresh "$dir"
cd "$ROOT"
reference=$(reference_summary)
bin=$(tools)

profile=(--profile dev --strip)
if [ "${MCPSHIFT_WHEEL_PROFILE:-dev}" = release ]; then
  profile=(--release)
fi
expect 0 "$bin/maturin" build "${profile[@]}" --locked --out "$dir/wheels"
wheel=$(ls "$dir"/wheels/mcpshift-"$VERSION"-py3-none-*.whl)
size "$wheel"
# The binary, as a script of the wheel, and the licences; nothing else runs.
contents=$(python3 -m zipfile -l "$wheel" | awk 'NR > 1 { print $1 }')
scripts=$(grep '\.data/scripts/' <<<"$contents")
[ "$scripts" = "mcpshift-$VERSION.data/scripts/mcpshift" ] || fail "the wheel's scripts: $scripts"
for licence in LICENSE-MIT LICENSE-APACHE; do
  grep -q "dist-info/licenses/$licence\$" <<<"$contents" || fail "the wheel lacks $licence"
done

python3 -m venv "$dir/venv"
expect 0 "$dir/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$wheel"
expect 0 "$dir/venv/bin/mcpshift" --version
[ "$OUT" = "mcpshift $VERSION" ] || fail "--version printed: $OUT"
cd "$EXAMPLE"
expect 1 "$dir/venv/bin/mcpshift" check .
[ "$(summary "$OUT")" = "$reference" ] || fail "the wheel's mcpshift printed: $(summary "$OUT"), not: $reference"
echo "pip install of the wheel: $reference"
