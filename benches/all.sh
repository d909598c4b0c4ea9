#!/usr/bin/env bash
# Every benchmark of benches/speed_and_memory.md, one after the
# other, on the release build: the whole main job, the banknotes, and decks
# of 100, 1,000 and 10,000 cards with JPEG photos and with PNG photos (and
# 1,000 JPEG photos cropped to a square frame), 1,000 PNG-photo cards beside
# a ReportLab script written by hand, a deck of 60 phone photos beside a
# Pillow + ReportLab script (with the cache of made photos empty, and full),
# the main job on one core and all, and how soon --watch shows an edit. Each
# line is the median wall time of 5 runs (RUNS=n to change) and the largest
# peak memory of those runs (GNU time). Not a test: run it by hand, on a
# quiet machine; it takes about 12 minutes and 4 GB of disk under /tmp (the
# 10,000 PNG photos and their PDF).
#
#   bash benches/all.sh
#
# Needs GNU time (Debian: apt-get install time).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "# $(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m), $(git rev-parse --short HEAD 2>/dev/null || echo '?')"
bash benches/banknotes.sh | grep -E '^== (banknotes, es|main job)'
for n in 100 1000 10000; do
  bash benches/cards.sh "$n" 2> /dev/null | head -1
  PNG=1 bash benches/cards.sh "$n" 2> /dev/null | head -1
  if [ "$n" = 1000 ]; then
    CROP=1 bash benches/cards.sh "$n" 2> /dev/null | head -1
  fi
done
# Issue 32: phone photos against Pillow + ReportLab (needs python3 with
# Pillow and ReportLab), and the main job on one core and on all.
bash benches/cards_reportlab.sh 1000 2> /dev/null | tail -3
bash benches/phone_photos.sh 60 2> /dev/null | tail -5
bash benches/main_job_cores.sh 2> /dev/null | tail -3
bash benches/watch.sh 60 2> /dev/null | tail -5
