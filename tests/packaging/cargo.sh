#!/usr/bin/env bash
# crates.io: `cargo publish --dry-run --locked` packs the crate and builds it from the package;
# the package must hold the sources, the rule documents and the licences, and no test corpus or
# fuzz artefact. Then `cargo install --path` of the unpacked package installs the binary that
# build made (a debug build: CI builds no second fat-LTO release), which checks the example.
# npm.sh and pre-commit.sh put that binary in their packages.
#
# The verification build of the package shares its units with the workspace's: cargo hashes
# both path packages alike, relative to their workspace roots. A workspace build after it would
# take the package's build for its own and check the package's copies of the sources for
# changes, so this test removes mcpshift's own build products when it is done (the
# dependencies stay); run.sh builds the wheel (pip.sh) before, from the workspace's build.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
dir=$WORK/cargo
fresh "$dir"
cd "$ROOT"
reference=$(reference_summary)

# The clean-tree check belongs to the real publish (release.yml), not to this dry run.
expect 0 cargo publish --dry-run --locked --allow-dirty
packaged=$(grep -o -E 'Packaged .*' <<<"$OUT") || fail "cargo publish printed no package size: $OUT"
echo "crate: $packaged"

list=$(cargo package --list --locked --allow-dirty 2>/dev/null)
rules_in_repo=$(find rules -maxdepth 1 -name '*.toml' | wc -l)
rules_packed=$(grep -c '^rules/.*\.toml$' <<<"$list")
[ "$rules_in_repo" -gt 0 ] && [ "$rules_packed" -eq "$rules_in_repo" ] ||
  fail "the package holds $rules_packed of the $rules_in_repo rule documents"
for file in Cargo.toml Cargo.lock build.rs src/main.rs src/lib.rs README.md CHANGELOG.md LICENSE-MIT LICENSE-APACHE; do
  grep -qx "$file" <<<"$list" || fail "the package lacks $file"
done
if leaked=$(grep -E '^(tests|testdata|fuzz|examples|npm|action|scripts|docs|\.github)/' <<<"$list"); then
  fail "the package holds files it must not: $leaked"
fi

# The build the dry run verified, installed as `cargo install` does; nothing is compiled again.
package=$ROOT/target/package/mcpshift-$VERSION
CARGO_TARGET_DIR=$ROOT/target expect 0 cargo install --locked --debug --path "$package" --root "$dir/root"
expect 0 cargo clean --locked --package mcpshift
expect 0 "$dir/root/bin/mcpshift" --version
[ "$OUT" = "mcpshift $VERSION" ] || fail "--version printed: $OUT"
cd "$EXAMPLE"
expect 1 "$dir/root/bin/mcpshift" check .
[ "$(summary "$OUT")" = "$reference" ] || fail "the package's mcpshift printed: $(summary "$OUT"), not: $reference"
echo "cargo install from the package: $reference"
