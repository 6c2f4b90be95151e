#!/usr/bin/env bash
# Benchmark: mcpshift against the parse-everything floor on one directory.
#
# usage: scripts/bench.sh DIR [RUNS]
#        scripts/bench.sh --instructions DIR
#
# Builds the release binaries, then prints for DIR: the median wall time and peak memory of
# `mcpshift check` over RUNS rounds (default 5), the median wall time of `parse-floor` (the same
# walker, every file parsed once by tree-sitter or syn, no prefilter, no rules) and their
# ratio, then `--jobs 1` against `--jobs 2`, and the walk floor (`parse-floor --walk`: every tree
# also visited once, nothing built), the least any whole-tree analysis adds to parsing. Each
# round runs the four commands in turn, and the ratio is given both as the ratio of the medians
# and as the median of each round's own ratio, which a slow minute of the machine moves least.
# Needs GNU time (/usr/bin/time).
#
# With --instructions, it counts instead the instructions each of the three executes on one
# thread, under valgrind (cachegrind without cache simulation). The counts do not vary from run
# to run, so they compare two builds on a shared machine whose wall times drift by more than
# the change being measured; they weigh every instruction alike, so a ratio of counts is close
# to the ratio of times but not equal to it. Needs valgrind.
set -euo pipefail
instructions=false
if [ "${1:-}" = "--instructions" ]; then
  instructions=true
  shift
fi
dir=${1:?usage: scripts/bench.sh [--instructions] DIR [RUNS]}
runs=${2:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin mcpshift --example parse-floor
bin=target/release/mcpshift
floor=target/release/examples/parse-floor

if $instructions; then
  command -v valgrind >/dev/null || { echo "bench.sh --instructions needs valgrind" >&2; exit 2; }
  # count CMD... : instructions executed by CMD and the threads it starts
  count() {
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
      awk '/I *refs:/ {gsub(",", "", $NF); print $NF}'
  }
  check_ir=$(count "$bin" check "$dir" --fail-on never --format json --jobs 1)
  floor_ir=$(count "$floor" --jobs 1 "$dir")
  walk_ir=$(count "$floor" --jobs 1 --walk "$dir")
  echo "corpus: $dir (instructions, --jobs 1)"
  awk -v c="$check_ir" -v f="$floor_ir" -v w="$walk_ir" 'BEGIN {
    printf "mcpshift check: %.0f\n", c
    printf "parse floor:    %.0f\n", f
    printf "ratio check / floor: %.3f\n", (f > 0 ? c/f : 0)
    printf "walk floor:     %.0f, %.3f x the floor\n", w, (f > 0 ? w/f : 0)
  }'
  exit 0
fi
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "bench.sh needs GNU time at /usr/bin/time" >&2; exit 2; }

# measure CMD... : prints "<seconds> <max-rss-kb>" for one run
measure() {
  local tmp start end
  tmp=$(mktemp)
  start=$(date +%s%N)
  "$TIME" -f '%M' -o "$tmp" "$@" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  echo "$(awk -v s="$start" -v e="$end" 'BEGIN {printf "%.4f", (e-s)/1e9}') $(tail -n 1 "$tmp")"
  rm -f "$tmp"
}

# median of a list of numbers, one per line
median() {
  sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'
}

# warm the page cache so every run reads from memory
"$floor" "$dir" >/dev/null

echo "corpus: $dir"
"$bin" check "$dir" --fail-on never --format json --stats >/dev/null 2>/tmp/mcpshift-bench-stats.txt || true
sed 's/^/  /' /tmp/mcpshift-bench-stats.txt

# The four commands run in turn within each round, so that a drift of the machine's speed
# between minutes weighs on all of them alike; the ratio is also taken within each round.
checks=() check_mems=() floors=() floor_mems=() j1s=() walks=() ratios=()
for _ in $(seq "$runs"); do
  read -r c cm < <(measure "$bin" check "$dir" --fail-on never --format json --jobs 2)
  read -r f fm < <(measure "$floor" --jobs 2 "$dir")
  read -r j1 _ < <(measure "$bin" check "$dir" --fail-on never --format json --jobs 1)
  read -r w _ < <(measure "$floor" --jobs 2 --walk "$dir")
  checks+=("$c") check_mems+=("$cm") floors+=("$f") floor_mems+=("$fm") j1s+=("$j1") walks+=("$w")
  ratios+=("$(awk -v c="$c" -v f="$f" 'BEGIN {printf "%.4f", (f > 0 ? c/f : 0)}')")
done
check_wall=$(printf '%s\n' "${checks[@]}" | median)
check_mem=$(printf '%s\n' "${check_mems[@]}" | sort -g | tail -n 1)
floor_wall=$(printf '%s\n' "${floors[@]}" | median)
floor_mem=$(printf '%s\n' "${floor_mems[@]}" | sort -g | tail -n 1)
j1_wall=$(printf '%s\n' "${j1s[@]}" | median)
walk_wall=$(printf '%s\n' "${walks[@]}" | median)
ratio=$(printf '%s\n' "${ratios[@]}" | median)

awk -v c="$check_wall" -v cm="$check_mem" -v r="$ratio" -v f="$floor_wall" -v fm="$floor_mem" -v j1="$j1_wall" -v w="$walk_wall" -v runs="$runs" 'BEGIN {
  printf "mcpshift check (--jobs 2): median %.3fs over %d runs, peak memory %.1f MB\n", c, runs, cm/1024
  printf "parse floor    (--jobs 2): median %.3fs, peak memory %.1f MB\n", f, fm/1024
  printf "ratio check / floor:       %.3f (ratio of the medians), %.3f (median of the rounds\x27 ratios)\n", (f > 0 ? c/f : 0), r
  printf "mcpshift check (--jobs 1): median %.3fs; speed-up of --jobs 2: %.2fx\n", j1, (c > 0 ? j1/c : 0)
  printf "walk floor     (--jobs 2): median %.3fs, %.3f x the floor\n", w, (f > 0 ? w/f : 0)
}'
