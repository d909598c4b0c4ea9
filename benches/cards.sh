#!/usr/bin/env bash
# Benchmark: build a deck of N player cards, each with its own 300 x 400 px
# photo, and measure the median wall time of 5 runs and the peak memory (GNU
# time), and the PDF's size against the photos' own size. Not a test: run it
# by hand.
#
#   bash benches/cards.sh [N]        (default N = 1000; at most 10000, the deck's cap)
#   PNG=1 bash benches/cards.sh      (grainy PNG photos of about 150 KB instead of JPEG)
#   CROP=1 bash benches/cards.sh     (a square frame: every photo is cropped)
#   RUNS=10 bash benches/cards.sh    (more runs for the median)
#
# Needs GNU time (Debian: apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
runs=${RUNS:-5}
kind=jpg
[ "${PNG:-0}" = 1 ] && kind=png
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benches/deck_project.sh
deck_project "$n" "$([ "$kind" = png ] && echo png || echo jpeg)"
if [ "${CROP:-0}" = 1 ]; then
  # A square photo frame: every 3:4 photo must be cropped.
  sed -i 's/^box = \[5.0, 19.0, 33.0, 44.0\]/box = [5.0, 19.0, 33.0, 33.0]/' "$work/templates/cards/player.toml"
fi
# Every run makes its photos (those CROP=1 crops) from their files: no cache.
export PITCHPRINT_CACHE=off

walls=()
peak=0
for _ in $(seq "$runs"); do
  /usr/bin/time -f "%e %M" -o "$work/time" "$bin" build "$deck/deck.toml" --format pdf --lang es --out "$work/out" > /dev/null 2>&1
  read -r wall rss < "$work/time"
  walls+=("$wall")
  [ "$rss" -gt "$peak" ] && peak=$rss
done
source benches/measure.sh
median=$(median "${walls[@]}")
photos=$(cat "$work"/layouts/league/photos/*."$kind" | wc -c)
pdf=$(wc -c < "$work/out/league/deck.pdf")
echo "$n cards, $kind photos ($(( photos / n / 1024 )) KB each)$([ "${CROP:-0}" = 1 ] && echo ', cropped'): median ${median} s of $runs runs, peak ${peak} KB"
echo "size: photos $photos B, PDF $pdf B, overhead $(( (pdf - photos) / n )) B per card"
