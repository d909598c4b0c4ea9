#!/usr/bin/env bash
# Benchmark: a deck of N player cards, each with its own 300 x 400 px PNG
# photo (grainy, about 150 KB; `cargo run --release --example sample_deck`),
# built by pitchprint in one language as PDF, and by the ReportLab script a
# person would write by hand instead (benches/cards_reportlab.py), one after
# the other on one machine: median wall time of RUNS runs (default 3) and
# the peak memory of all of them (GNU time). Not a test: run it by hand.
#
#   bash benches/cards_reportlab.sh [N]     (default N = 1000)
#
# Needs GNU time and python3 with ReportLab (pip install reportlab).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
runs=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source benches/deck_project.sh
deck_project "$n" png
# The photos are of the frame's shape and size: embedded as they are, never
# made, so no cache is involved; it is turned off all the same.
export PITCHPRINT_CACHE=off
source benches/measure.sh
echo "$n cards with PNG photos, median of $runs runs on $(nproc) cores:"
echo "  pitchprint:           $(measure "$bin" build "$deck/deck.toml" --format pdf --lang es --out "$work/out")"
echo "  ReportLab by hand:    $(measure python3 benches/cards_reportlab.py "$deck" "$work/reportlab.pdf")"
