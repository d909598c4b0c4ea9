#!/usr/bin/env bash
# The long run of the hostile-input property test (tests/it/hostile/layouts.rs): the
# shipped layouts and the card template broken at random, built by the
# release binary under a memory limit and a deadline, for a given time.
# Not a test: run it by hand (CI runs a fixed seed of 300 cases in `cargo test`).
#
#   bash benches/hostile.sh [SECONDS] [SEED]     (default 3600 s, seed 1)
#
# Every failing case is printed with its seed, case number, file and
# mutations; rerun one with PITCHPRINT_HOSTILE_SEED=S PITCHPRINT_HOSTILE_CASES=N.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-3600}
seed=${2:-1}
PITCHPRINT_HOSTILE_SECONDS=$seconds PITCHPRINT_HOSTILE_SEED=$seed \
  cargo test --release --test it hostile::layouts::hostile_values -- --nocapture 2>&1 | tee target/hostile-run.log
