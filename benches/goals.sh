#!/usr/bin/env bash
# Issue 51's speed goals, every comparison side by side in one run on one
# machine: the main job (`pitchprint build`, every shipped layout in every
# language, and the kits) against ReportLab's 1,000 cards written by hand;
# the 1,000 PNG-photo cards themselves against ReportLab; 60 phone photos
# against Pillow + ReportLab (cache of made photos empty, one language);
# the league's TTS save in three languages against its kit in three
# languages. Each figure is the median wall time of RUNS runs (default 5)
# with the user + system CPU time of that median run; the load average is
# printed before and after, for the machine is shared.
#
#   bash benches/goals.sh                      (this tree's release build)
#   BASE=/path/to/old/pitchprint bash benches/goals.sh
#                                              (and an older binary, each
#                                               figure of both side by side)
#
# Needs GNU time, python3 with ReportLab and Pillow (pip install reportlab
# pillow). Not a test: run it by hand, on a machine as quiet as can be.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# `timed CMD...`: "median-wall cpu" of $runs runs, output thrown away.
timed() {
  local lines=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null 2>&1 || {
      echo "failed"
      return
    }
    lines+=("$(awk '{printf "%.2f %.2f\n", $1, $2 + $3}' "$work/time")")
  done
  printf '%s\n' "${lines[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

source benches/deck_project.sh
cards="$work/cards"
mkdir -p "$cards"
(work=$cards; deck_project 1000 png; echo "$deck" > "$work/deck-path")
cards_deck=$(cat "$cards/deck-path")
phones="$work/phones"
mkdir -p "$phones"
(work=$phones; phone_deck 60; echo "$deck" > "$work/deck-path")
phone_deck_dir=$(cat "$phones/deck-path")
new="$PWD/${CARGO_TARGET_DIR:-target}/release/pitchprint"
bins=("$new")
names=("this tree")
if [ -n "${BASE:-}" ]; then
  bins=("$BASE" "$new")
  names=("base $BASE" "this tree")
fi

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')), $(git rev-parse --short HEAD 2>/dev/null || echo '?'), median of $runs runs"
echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# wall s, cpu s (user + system, of the median run)"
read -r rl_cards rl_cards_cpu < <(timed python3 benches/cards_reportlab.py "$cards_deck" "$work/reportlab.pdf")
echo "ReportLab by hand, 1,000 PNG-photo cards:     $rl_cards s, cpu $rl_cards_cpu s"
read -r pil pil_cpu < <(timed python3 benches/phone_photos_pillow.py "$phone_deck_dir" "$work/pillow.pdf")
echo "Pillow draft + ReportLab, 60 phone photos:    $pil s, cpu $pil_cpu s"
printf '#!/bin/sh\nrm -rf "%s/cache"\nexec "$@"\n' "$work" > "$work/cold"
chmod +x "$work/cold"
for k in "${!bins[@]}"; do
  bin=${bins[$k]}
  echo "== ${names[$k]}"
  read -r main main_cpu < <(timed "$bin" build --out "$work/main")
  echo "  main job:                      $main s, cpu $main_cpu s   ($(ratio "$main" "$rl_cards") of ReportLab's 1,000 cards; goal at most 0.22)"
  read -r png png_cpu < <(PITCHPRINT_CACHE=off timed "$bin" build "$cards_deck/deck.toml" --format pdf --lang es --out "$work/cards-out")
  echo "  1,000 PNG-photo cards:         $png s, cpu $png_cpu s   ($(ratio "$rl_cards" "$png")x faster than ReportLab; goal at least 25x)"
  read -r ph ph_cpu < <(PITCHPRINT_CACHE="$work/cache" timed "$work/cold" "$bin" build "$phone_deck_dir/deck.toml" --format pdf --lang es --out "$work/phones-out")
  echo "  60 phone photos, cache empty:  $ph s, cpu $ph_cpu s   ($(ratio "$pil" "$ph")x faster than Pillow + ReportLab; goal at least 3x)"
  read -r kit kit_cpu < <(timed "$bin" kit league --out "$work/kit")
  echo "  league kit, three languages:   $kit s, cpu $kit_cpu s"
  read -r tts tts_cpu < <(timed "$bin" tts league --out "$work/tts")
  echo "  league TTS save, three langs:  $tts s, cpu $tts_cpu s   ($(ratio "$tts" "$kit") of the kit's time; goal at most 2)"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
