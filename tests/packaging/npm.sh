#!/usr/bin/env bash
# npm: builds the wrapper package `mcpshift` and the platform package of this machine from the
# binary of the crates.io package (a debug build, stripped to come near a release binary's
# size), packs both with `npm pack`, installs the tarballs into a fresh project and runs
# `npx mcpshift --version` and `npx mcpshift check` on the example. Then: the message when no
# binary fits, and MCPSHIFT_BINARY. Prints the package sizes and the time from `npm install`
# to the first report. With MCPSHIFT_PACKAGE_BINARY=target/release/mcpshift it packages that
# binary as it is, as the release does (build it as release.yml does, with
# CARGO_PROFILE_RELEASE_DEBUG=false, to measure what a release ships).
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
dir=$WORK/npm
fresh "$dir"
cd "$ROOT"
reference=$(reference_summary)

expect 0 node npm/build.mjs verify
echo "$OUT"

if [ -n "${MCPSHIFT_PACKAGE_BINARY:-}" ]; then
  cp "$(package_binary)" "$dir/mcpshift"
else
  strip -o "$dir/mcpshift" "$(package_binary)"
fi
wrapper=$(node npm/build.mjs wrapper --out "$dir/dist")
platform=$(node npm/build.mjs platform --binary "$dir/mcpshift" --out "$dir/dist")
mkdir "$dir/tarballs"
expect 0 npm pack "$wrapper" "$platform" --pack-destination "$dir/tarballs"
wrapper_tgz=$dir/tarballs/mcpshift-$VERSION.tgz
platform_tgz=$(ls "$dir"/tarballs/mcpshift-cli-*-"$VERSION".tgz)
size "$wrapper_tgz"
size "$platform_tgz"

# What each tarball holds: the launcher or the binary, executable, and the licences.
files() {
  tar -tvzf "$1" | awk '{ print $1, $NF }' | sort -k2
}
wrapper_files=$(files "$wrapper_tgz")
for f in package/bin/mcpshift.js package/package.json package/README.md package/LICENSE-MIT package/LICENSE-APACHE; do
  grep -q " $f\$" <<<"$wrapper_files" || fail "$(basename "$wrapper_tgz") lacks $f: $wrapper_files"
done
platform_files=$(files "$platform_tgz")
grep -q '^-rwxr-xr-x package/mcpshift$' <<<"$platform_files" || fail "no executable binary in the platform package: $platform_files"
grep -q ' package/LICENSE-MIT$' <<<"$platform_files" || fail "no licence in the platform package"

# A fresh project installs both tarballs, as npm installs the wrapper and its platform package.
project=$dir/project
mkdir "$project"
cd "$project"
expect 0 npm init --yes
start=$(now)
expect 0 npm install --ignore-scripts --no-audit --no-fund "$wrapper_tgz" "$platform_tgz"
installed=$(now)
expect 1 npx mcpshift check "$EXAMPLE"
reported=$(now)
[ "$(summary "$OUT")" = "$reference" ] || fail "npx mcpshift check printed: $(summary "$OUT"), not: $reference"
echo "npm install: $(elapsed "$start" "$installed") s; first report: $(elapsed "$installed" "$reported") s; from npm install to the first report: $(elapsed "$start" "$reported") s"
expect 0 npx mcpshift --version
[ "$OUT" = "mcpshift $VERSION" ] || fail "npx mcpshift --version printed: $OUT"
echo "npx mcpshift check: $reference"

# Without its platform package the launcher says what is missing and how to get it.
bare=$dir/without-binary
mkdir "$bare"
cd "$bare"
expect 0 npm init --yes
expect 0 npm install --ignore-scripts --no-audit --no-fund "$wrapper_tgz"
expect 2 npx mcpshift --version
grep -q '^mcpshift: no mcpshift binary is installed for this platform' <<<"$OUT" || fail "no message without a binary: $OUT"
grep -q 'an optional dependency of mcpshift that npm' <<<"$OUT" || fail "the message does not say why: $OUT"
# MCPSHIFT_BINARY runs a binary from elsewhere, and its exit code comes through.
MCPSHIFT_BINARY=$dir/mcpshift expect 1 npx mcpshift check "$EXAMPLE" --quiet
[ "$(summary "$OUT")" = "$reference" ] || fail "MCPSHIFT_BINARY: $OUT"
echo "without a platform package: the launcher explains, and MCPSHIFT_BINARY works"
