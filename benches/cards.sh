#!/usr/bin/env bash
# Benchmark: build a deck of N player cards, each with its own 300 x 400 px
# photo, and measure wall time (hyperfine), peak memory (GNU time) and the PDF's
# size against the photos' own size. Not a test: run it by hand.
#
#   bash benches/cards.sh [N]        (default N = 1000)
#   CROP=1 bash benches/cards.sh     (a square frame: every photo is cropped and re-encoded)
#
# Needs hyperfine and GNU time (Debian: apt-get install hyperfine time).
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
cargo build --release --quiet --bin pitchprint --example sample_deck
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/examples/sample_deck "$work/layouts/league" "$n"
mkdir -p "$work/templates/cards"
cp templates/cards/player.toml "$work/templates/cards/"
if [ "${CROP:-0}" = 1 ]; then
  # A square photo frame: every 3:4 photo must be cropped and re-encoded.
  sed -i 's/^box = \[5.0, 19.0, 33.0, 44.0\]/box = [5.0, 19.0, 33.0, 33.0]/' "$work/templates/cards/player.toml"
fi
cp layouts/league/deck.toml "$work/layouts/league/deck.toml"
deck="$work/layouts/league/deck.toml"
bin="$PWD/target/release/pitchprint"

echo "== $n cards: wall time"
hyperfine --warmup 1 --runs 10 "$bin build $deck --format pdf --out $work/out"

echo "== peak memory"
/usr/bin/time -v "$bin" build "$deck" --format pdf --out "$work/out" 2>&1 | grep -E "Maximum resident|Elapsed" || true

photos=$(cat "$work"/layouts/league/photos/*.jpg | wc -c)
pdf=$(wc -c < "$work/out/league/deck.pdf")
echo "== size: photos $photos B, PDF $pdf B, overhead $(( (pdf - photos) / n )) B per card"
