#!/usr/bin/env bash
# Benchmark: the colour separation of the PDF/X targets (moxcms, in
# pitchprint) against lcms2 (Pillow's ImageCms, what a Python user would
# use) through the same shipped profile, templates/icc/pitchprint-fogra39-300.icc:
# how far apart their CMYK values are on a 16^3 grid of sRGB colours, and
# how long each takes to separate a 12-megapixel image on one core.
# Needs Pillow (pip install pillow). Not a test: run it by hand.
#
#   bash benches/separation.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo bench --quiet --bench separation -- "$work/moxcms.txt" 2>&1 | grep moxcms
python3 - "$work/moxcms.txt" <<'PY'
import statistics, sys, time
from PIL import Image, ImageCms
profile = ImageCms.getOpenProfile("templates/icc/pitchprint-fogra39-300.icc")
to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK", renderingIntent=0)
vals = range(0, 256, 17)
grid = Image.new("RGB", (16 ** 3, 1))
grid.putdata([(r, g, b) for r in vals for g in vals for b in vals])
lcms = list(ImageCms.applyTransform(grid, to_cmyk).getdata())
mox = [tuple(map(int, line.split())) for line in open(sys.argv[1])]
diff = [max(abs(a - b) for a, b in zip(p, q)) for p, q in zip(mox, lcms)]
print(f"agreement on {len(diff)} colours: largest difference {max(diff)}/255 of one ink, "
      f"mean {statistics.mean(diff):.2f}, 95 % within {sorted(diff)[int(len(diff) * 0.95)]}")
big = Image.frombytes("RGB", (4000, 3000), bytes((i * 7) % 251 for i in range(4000 * 3000 * 3)))
times = []
for _ in range(5):
    start = time.perf_counter()
    ImageCms.applyTransform(big, to_cmyk)
    times.append(time.perf_counter() - start)
print(f"lcms2 (Pillow ImageCms): 12 megapixels separated in {sorted(times)[2]:.3f} s (median of 5)")
PY
