#!/usr/bin/env bash
# Two pitchprint binaries over the main job (`build --out DIR -q`, a fresh
# DIR each run), taken in turn so that a machine whose load drifts weighs on
# both alike: RUNS rounds (default 5) of A then B. One line a run (which
# binary, wall s, user s, system s, the load average just before), then
# each binary's medians. Swap the two for a second round: the one run
# second may gain or lose from the first.
#
#   bash benches/alternate.sh /tmp/old/pitchprint target/release/pitchprint
#
# Needs GNU time. Not a test: run it by hand and note the load.
set -euo pipefail
cd "$(dirname "$0")/.."
a=$1
b=$2
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for _ in $(seq "$runs"); do
  for which in A B; do
    bin=$a
    [ "$which" = B ] && bin=$b
    rm -rf "$work/out"
    load=$(cut -d' ' -f1 /proc/loadavg)
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$bin" build --out "$work/out" -q > /dev/null 2>&1
    echo "$which $(cat "$work/time") $load" | tee -a "$work/runs"
  done
done
python3 - "$work/runs" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for which in ("A", "B"):
    mine = [[float(x) for x in r[1:]] for r in rows if r[0] == which]
    wall = statistics.median(r[0] for r in mine)
    user = statistics.median(r[1] for r in mine)
    cpu = statistics.median(r[1] + r[2] for r in mine)
    print(f"{which}: median wall {wall:.2f} s, user {user:.2f} s, user + sys {cpu:.2f} s")
PY
