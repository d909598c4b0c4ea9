#!/usr/bin/env bash
# Benchmark: the league's 160-card deck as a Tabletop Simulator deck, by
# pitchprint (`build --format tts`: the cards drawn from the layout straight
# onto 10 x 7 sheets) and by the script a person would write instead
# (benches/tts_pillow.py: Pillow pasting the cards pitchprint drew one a
# file, `build --per-card` at 165 dpi, 409 px across, onto the same sheets),
# and the whole league game's save in one language and in three. One after
# the other on one machine; each figure the median wall time of RUNS runs
# (default 3) and the peak memory of all of them (GNU time). Not a test.
#
#   bash benches/tts.sh
#
# Needs GNU time and python3 with Pillow (pip install pillow).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release -q
bin=target/release/pitchprint
source benches/measure.sh
# The cards one a file, for the script (not timed: a person has them).
"$bin" build layouts/league/deck.toml --per-card --format png --dpi 165 --lang en --out "$work/cards" > /dev/null 2>&1
back=$(ls "$work"/cards/league/deck-en-cards/*.png | sort | head -n 1)
echo "the league deck (160 cards) as a TTS deck, median of $runs runs on $(nproc) cores:"
echo "  pitchprint build --format tts:           $(measure "$bin" build layouts/league/deck.toml --format tts --lang en --out "$work/out")"
echo "  Pillow, from the cards drawn one a file: $(measure python3 benches/tts_pillow.py "$work/cards/league/deck-en-cards" "$back" "$work/pillow")"
echo "the league game's save (mat, decks, bank, tokens, dice, sheets, rules):"
echo "  pitchprint tts league --lang en:         $(measure "$bin" tts league --lang en --out "$work/game")"
echo "  pitchprint tts league (three languages): $(measure "$bin" tts league --out "$work/game")"
