#!/usr/bin/env bash
# Draws the pictures of the README and the book again (docs/book/src/pictures/)
# from the shipped layouts, with pitchprint itself: the tests of
# tests/it/pictures.rs make them, and with UPDATE_PICTURES set they write
# them instead of comparing. Look at each one before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
UPDATE_PICTURES=1 cargo test --release --test it pictures::the_ "$@"
cargo test --release --test it pictures::
ls -l docs/book/src/pictures/
