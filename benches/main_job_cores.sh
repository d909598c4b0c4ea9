#!/usr/bin/env bash
# Benchmark: the main job (`pitchprint build`, every shipped layout in every
# language, and the kits) on one core (`taskset -c 0`, so --jobs takes 1)
# and on all the machine's cores: the median wall time of RUNS runs (default
# 5) and the peak memory of all of them (GNU time). Not a test: run it by
# hand on a quiet machine.
#
#   bash benches/main_job_cores.sh
#
# Needs GNU time and taskset (util-linux).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
cargo build --release --quiet --bin pitchprint
bin="$PWD/${CARGO_TARGET_DIR:-target}/release/pitchprint"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source benches/measure.sh

echo "the main job, median of $runs runs:"
echo "  one core:            $(measure taskset -c 0 "$bin" build --out "$work/one")"
echo "  all $(nproc) cores:         $(measure "$bin" build --out "$work/all")"
