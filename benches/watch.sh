#!/usr/bin/env bash
# Benchmark: how soon `build --watch` puts an edit on screen, on the deck of
# N phone-photo cards (benches/deck_project.sh; default 60), one language,
# PDF and the 16 A4 PNG previews the watch writes. Three kinds of edit, each
# made RUNS times (default 3) with a new value every time, so that every
# run draws: one player's number in the spreadsheet (one front page
# changes), a label every front shows (8 of 16 pages), the bleed (every
# page). For each, the median of the rebuild time the watch reports, and of
# the time from the file's save to the watch's line, which adds the 200 ms
# the watch waits for an editor's save to end and the file system's notice.
# Last, the watch's peak memory (GNU time). Not a test: run it by hand.
#
#   bash benches/watch.sh [N]
#
# Needs GNU time and python3 with Pillow (the photos).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-60}
runs=${RUNS:-3}
work=$(mktemp -d)
pid=
# The watch is stopped with TERM: a job in the background of a script
# ignores Ctrl-C's INT.
trap '[ -n "$pid" ] && pkill -TERM -P "$pid" 2> /dev/null; rm -rf "$work"' EXIT
source benches/deck_project.sh
source benches/measure.sh
phone_deck "$n"
export PITCHPRINT_CACHE="$work/cache"
cd "$work"
/usr/bin/time -f "%M" -o "$work/time" "$bin" build layouts/league/deck.toml --lang es --format pdf \
  --watch --out out 2> "$work/log" &
pid=$!
# Waits until the log holds $1 lines with "$2".
wait_lines() {
  while [ "$(cat "$work/log" 2> /dev/null | grep -c "$2")" -lt "$1" ]; do sleep 0.01; done
}
wait_lines 1 watching
done_edits=0
# `edit NAME FILE SCRIPT`: runs the sed SCRIPT on FILE (in which R is the
# run's number) RUNS times and prints the medians.
edit() {
  local name=$1 file=$2 script=$3 reported=() seen=()
  for r in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    sed -i "${script//R/$r}" "$file"
    done_edits=$((done_edits + 1))
    wait_lines "$done_edits" rebuilt
    end=$(date +%s.%N)
    reported+=("$(grep rebuilt "$work/log" | tail -n 1 | sed -E 's/.* in ([0-9.]+) s.*/\1/')")
    seen+=("$(echo "$end - $start" | bc)")
    sleep 0.5
  done
  printf '  %-34s rebuilt in %s s, on screen %.2f s after the save (%s)\n' "$name" \
    "$(median "${reported[@]}")" "$(median "${seen[@]}")" \
    "$(grep rebuilt "$work/log" | tail -n 1 | sed -E 's/.*written, //')"
}
echo "--watch on $n phone photos, median of $runs edits each, $(nproc) cores:"
edit "one player's passes in the CSV" layouts/league/players.csv '2s/^\([^,]*,[^,]*,[^,]*,\)[0-9]*,/\11R0,/'
edit "a label every front shows" layouts/league/deck.toml 's/^price = "\(@deck.price\|Coste [0-9]*\)"/price = "Coste R"/'
edit "the bleed (every page moves)" layouts/league/deck.toml 's/^bleed = .*/bleed = 2.R/'
pkill -TERM -P "$pid" || true
wait "$pid" || true
pid=
echo "  peak memory of the watch: $(( $(tail -n 1 "$work/time") / 1024 )) MB"
