# Sourced by the benchmarks (not run alone). `deck_project N KIND` makes,
# under the scratch folder $work, a project whose deck
# (layouts/league/deck.toml, the shipped one without its deal: a deck of
# this size is not a season's market) has N sample players, each with a
# 300 x 400 px photo of KIND (jpeg, or png: grainy, about 150 KB), by
# `cargo run --release --example sample_deck`; it sets $deck to the deck's
# folder and $bin to the release binary, built first. `phone_deck N` makes
# the same with photos that are what phones take (4032 x 3024 JPEG,
# quality 90, every second one held sideways with its EXIF turn; generated
# by scripts/phone_photos.py, the same bytes every run, never shipped).
deck_project() {
  local n=$1 kind=$2
  cargo build --release --quiet --bin pitchprint --example sample_deck
  local target=${CARGO_TARGET_DIR:-target}
  bin="$PWD/$target/release/pitchprint"
  deck="$work/layouts/league"
  "$target/release/examples/sample_deck" "$deck" "$n" "$kind" > /dev/null 2>&1
  mkdir -p "$work/templates/cards"
  cp templates/cards/player.toml "$work/templates/cards/"
  sed -e 's/^table = .*/table = ""/' -e 's/^bank = .*/bank = ""/' layouts/league/deck.toml > "$deck/deck.toml"
}

phone_deck() {
  deck_project "$1" jpeg
  python3 scripts/phone_photos.py "$deck/photos" "$1"
}
