#!/usr/bin/env bash
# The README's two commands, timed side by side from empty target folders:
# each commit named is cloned fresh from this repository into /tmp, then
# `cargo run --release -- build` and `cargo test --release` are timed (wall
# time around each). Not a test: run it by hand on a quiet machine, with the
# crates already downloaded (`cargo fetch`); it takes as long as the builds.
#
#   bash benches/two_commands.sh 552c2d5 HEAD
set -u
repo=$(cd "$(dirname "$0")/.." && pwd)
echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m)"
for c in "$@"; do
  d=$(mktemp -d /tmp/two-commands-XXXXXX)
  git clone -q "$repo" "$d" && (cd "$d" && git checkout -q "$c") || exit 1
  cd "$d"
  s=$(date +%s.%N)
  cargo run --release -q -- build >/dev/null 2>"$d.build.err"; e1=$?
  m=$(date +%s.%N)
  cargo test --release -q >"$d.test.out" 2>&1; e2=$?
  t=$(date +%s.%N)
  printf '%s: build %.0f s (exit %d), tests %.0f s (exit %d), total %.0f s\n' \
    "$(git rev-parse --short HEAD)" "$(echo "$m - $s" | bc)" "$e1" "$(echo "$t - $m" | bc)" "$e2" "$(echo "$t - $s" | bc)"
  cd "$repo"
  rm -rf "$d"
done
