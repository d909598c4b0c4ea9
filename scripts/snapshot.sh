#!/usr/bin/env bash
# Builds every shipped layout the ways people print them (the main job, then
# --paper a4, letter and a3, and the deck's per-card PNGs) into OUT, to compare
# two versions of pitchprint with scripts/compare_outputs.py:
#
#   scripts/snapshot.sh target/debug/pitchprint /tmp/after
#
# Run it from the project folder. A layout that does not fit a paper (the
# league board on Letter) is reported and skipped, the same for both.
set -u
bin=$1
out=$2
rm -rf "$out"
mkdir -p "$out"
"$bin" build --out "$out/default" >/dev/null 2>"$out/default.log" || echo "default: exit $?"
for paper in a4 letter a3; do
  "$bin" build --paper "$paper" --out "$out/$paper" >/dev/null 2>"$out/$paper.log" || echo "$paper: exit $?"
done
"$bin" build layouts/league/deck.toml --per-card --format pdf,png --dpi 60 --lang en \
  --out "$out/percard" >/dev/null 2>"$out/percard.log" || echo "per-card: exit $?"
echo "$(find "$out" -type f ! -name '*.log' | wc -l) files in $out"
