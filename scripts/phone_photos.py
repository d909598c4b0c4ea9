#!/usr/bin/env python3
"""Writes N phone photos for the benchmark of benches/phone_photos.sh: each
4032 x 3024 pixels (a 12-megapixel phone's), JPEG quality 90, every second one
held sideways with the EXIF turn a phone writes (orientation 6: turn 90
degrees clockwise to stand up). The same bytes on every run: the pixels come
from a seeded generator (smooth light and shade, a figure, and grain, so that
a photo weighs what a real one does, 3 to 5 MB), never from a camera.

    python3 scripts/phone_photos.py DIR N [NAMES...]

Writes DIR/0001.jpg ... DIR/N.jpg (or the NAMES given, one per photo).
Needs Pillow (pip install pillow).
"""

import random
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

W, H = 4032, 3024


def photo(k: int, size: tuple) -> Image.Image:
    """Photo `k`, upright, `size` = (width, height)."""
    W, H = size
    rng = random.Random(1000 + k)
    # Grain: seeded noise, blurred a little as a lens and a sensor leave it.
    grain = Image.frombytes("L", (W // 2, H // 2), rng.randbytes((W // 2) * (H // 2)))
    grain = grain.resize((W, H), Image.BILINEAR).filter(ImageFilter.GaussianBlur(0.7))
    # Light and shade: a gradient between two colours of the photo's own.
    top = tuple(rng.randrange(40, 220) for _ in range(3))
    bottom = tuple(rng.randrange(20, 160) for _ in range(3))
    shade = Image.linear_gradient("L").resize((W, H))
    base = Image.composite(Image.new("RGB", (W, H), bottom), Image.new("RGB", (W, H), top), shade)
    # A figure: a head and shoulders in the middle, as a player's portrait.
    d = ImageDraw.Draw(base)
    skin = tuple(rng.randrange(120, 240) for _ in range(3))
    shirt = tuple(rng.randrange(0, 255) for _ in range(3))
    cx, cy = W // 2 + rng.randrange(-300, 300), H // 2
    d.ellipse([cx - 420, cy - 900, cx + 420, cy + 100], fill=skin)
    d.rounded_rectangle([cx - 1100, cy + 150, cx + 1100, H + 200], radius=400, fill=shirt)
    noisy = Image.merge("RGB", [Image.blend(c, grain, 0.3) for c in base.split()])
    return noisy


def main() -> None:
    out = Path(sys.argv[1])
    n = int(sys.argv[2])
    names = sys.argv[3:] or [f"{k:04d}.jpg" for k in range(1, n + 1)]
    out.mkdir(parents=True, exist_ok=True)
    for k, name in enumerate(names[:n]):
        exif = Image.Exif()
        if k % 2 == 1:
            # Held upright, a portrait: the sensor's pixels lie turned a
            # quarter anticlockwise, and the EXIF says to turn them back.
            img = photo(k, (H, W)).transpose(Image.Transpose.ROTATE_90)
            exif[0x0112] = 6
        else:
            img = photo(k, (W, H))
            exif[0x0112] = 1
        img.save(out / name, "JPEG", quality=90, exif=exif.tobytes())


if __name__ == "__main__":
    main()
