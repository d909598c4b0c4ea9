#!/usr/bin/env python3
"""What a person would write instead of pitchprint for a deck of phone
photos, for benches/phone_photos.sh to time beside it: Pillow decodes each
JPEG in draft mode (libjpeg's DCT scaling, the fastest way Pillow has),
turns it upright by its EXIF, crops it to the card's 33 x 44 mm frame and
resamples it to 300 dpi (Lanczos), and ReportLab places the cards, 8 to an
A4 sheet, each with its frame, name, club, position, price and photo
(JPEG quality 90), by benches/cards_reportlab.py's place().

    python3 benches/phone_photos_pillow.py DECK_FOLDER OUT.pdf

Needs Pillow and ReportLab (pip install pillow reportlab).
"""

import io
import sys
from pathlib import Path

from PIL import Image, ImageOps
from reportlab.lib.utils import ImageReader

# The cards are placed as benches/cards_reportlab.py places them.
from cards_reportlab import FRAME, place

DPI = 300


def prepared(path: Path) -> bytes:
    want = tuple(round(s / 25.4 * DPI) for s in FRAME)
    im = Image.open(path)
    # Draft: decode at the smallest DCT scale that still covers the frame's
    # pixels once cropped (the sensor's side may be either way round).
    side = max(want) * max(im.size) // min(im.size) + 1
    im.draft("RGB", (side, side))
    im = ImageOps.exif_transpose(im)
    im = ImageOps.fit(im, want, Image.LANCZOS)
    out = io.BytesIO()
    im.save(out, "JPEG", quality=90)
    return out.getvalue()


def main() -> None:
    folder = Path(sys.argv[1])
    place(folder, sys.argv[2], lambda row: ImageReader(io.BytesIO(prepared(folder / "photos" / row["photo"]))))


if __name__ == "__main__":
    main()
