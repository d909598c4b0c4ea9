#!/usr/bin/env bash
# Benchmark: the banknotes (120 notes, both faces) in each language, and the
# whole main job (every shipped layout, es/en/ca). Prints the median wall
# time of 5 runs and the peak memory (GNU time), the PDF's size per language
# and the largest SVG page. Not a test: run it by hand.
#
#   bash benches/banknotes.sh            (builds the release binary first)
#   BIN=path/to/pitchprint bash benches/banknotes.sh   (measures that binary)
#
# Targets: each banknote PDF under 1 MB, each SVG page under
# 100 KB; the whole main job under 2 s.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${BIN:-}" ]; then
  cargo build --release --quiet --bin pitchprint
  BIN="${CARGO_TARGET_DIR:-target}/release/pitchprint"
fi
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Median wall seconds and the largest peak RSS (KB) of `runs` runs of "$@".
measure() {
  local walls=() peak=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$@" > /dev/null 2>&1
    read -r wall rss < "$work/time"
    walls+=("$wall")
    [ "$rss" -gt "$peak" ] && peak=$rss
  done
  local median
  median=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "median ${median} s of $runs, peak ${peak} KB"
}

notes=layouts/league/banknotes.toml
for lang in es en ca; do
  out="$work/notes-$lang"
  echo "== banknotes, $lang: $(measure "$BIN" build "$notes" --lang "$lang" --out "$out")"
  # One language's files (the default language's carry no suffix).
  pdf=$(cat "$out"/league/banknotes*.pdf | wc -c)
  largest=$(wc -c "$out"/league/banknotes*.svg | grep -v total | sort -n | tail -1 | awk '{print $1}')
  pages=$(ls "$out"/league/banknotes*.svg | wc -l)
  echo "   PDF $pdf B; $pages SVG pages, the largest $largest B"
done

echo "== main job (every layout, es/en/ca): $(measure "$BIN" build --out "$work/out")"
