#!/usr/bin/env python3
"""What a person would write instead of pitchprint for a deck of phone
photos, for benches/phone_photos.sh to time beside it: Pillow decodes each
JPEG in draft mode (libjpeg's DCT scaling, the fastest way Pillow has),
turns it upright by its EXIF, crops it to the card's 33 x 44 mm frame and
resamples it to 300 dpi (Lanczos), and ReportLab places the cards, 8 to an
A4 sheet, each with its frame, name, club and photo (JPEG quality 90).

    python3 benches/phone_photos_pillow.py DECK_FOLDER OUT.pdf

Needs Pillow and ReportLab (pip install pillow reportlab).
"""

import csv
import io
import sys
from pathlib import Path

from PIL import Image, ImageOps
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen import canvas

CARD = (63 * mm, 88 * mm)
FRAME = (33.0, 44.0)  # mm, the shipped template's photo box
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
    rows = list(csv.DictReader(open(folder / "players.csv", encoding="utf-8")))
    page = landscape(A4)
    c = canvas.Canvas(sys.argv[2], pagesize=page)
    per_row, per_sheet = 4, 8
    x0 = (page[0] - per_row * CARD[0]) / 2
    y0 = (page[1] - 2 * CARD[1]) / 2
    for i, row in enumerate(rows):
        if i and i % per_sheet == 0:
            c.showPage()
        k = i % per_sheet
        x = x0 + (k % per_row) * CARD[0]
        y = y0 + (1 - k // per_row) * CARD[1]
        c.rect(x + 3 * mm, y + 3 * mm, CARD[0] - 6 * mm, CARD[1] - 6 * mm)
        c.setFont("Helvetica-Bold", 9)
        c.drawString(x + 5 * mm, y + CARD[1] - 10 * mm, row["name"])
        c.setFont("Helvetica", 6)
        c.drawString(x + 5 * mm, y + CARD[1] - 14 * mm, row["team"])
        photo = prepared(folder / "photos" / row["photo"])
        c.drawImage(
            ImageReader(io.BytesIO(photo)),
            x + 5 * mm,
            y + CARD[1] - 19 * mm - FRAME[1] * mm,
            FRAME[0] * mm,
            FRAME[1] * mm,
        )
    c.save()


if __name__ == "__main__":
    main()
