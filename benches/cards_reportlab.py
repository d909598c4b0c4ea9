#!/usr/bin/env python3
"""What a person would write by hand instead of pitchprint for a deck of
player cards with photos, for benches/cards_reportlab.sh to time beside it:
ReportLab places the cards, 8 to an A4 sheet, each with its frame, name,
club, position and price, and its photo (a file of the frame's shape, drawn
as it is: ReportLab reads and compresses it again, as drawImage does).

    python3 benches/cards_reportlab.py DECK_FOLDER OUT.pdf

Needs ReportLab (pip install reportlab).
"""

import csv
import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

CARD = (63 * mm, 88 * mm)
FRAME = (33.0, 44.0)  # mm, the shipped template's photo box


def place(folder: Path, out: str, photo) -> None:
    """Places the cards of FOLDER/players.csv on A4 sheets into OUT, each
    with what photo(row) gives ReportLab's drawImage (a file's name, or an
    ImageReader of a photo prepared in memory). benches/phone_photos_pillow.py
    places its cards the same way."""
    rows = list(csv.DictReader(open(folder / "players.csv", encoding="utf-8")))
    page = landscape(A4)
    c = canvas.Canvas(out, pagesize=page)
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
        c.drawString(x + 5 * mm, y + CARD[1] - 14 * mm, f'{row["team"]} · {row["position"]}')
        c.drawString(x + 5 * mm, y + 8 * mm, f'{row["price"]} M')
        c.drawImage(
            photo(row),
            x + 5 * mm,
            y + CARD[1] - 19 * mm - FRAME[1] * mm,
            FRAME[0] * mm,
            FRAME[1] * mm,
        )
    c.save()


def main() -> None:
    folder = Path(sys.argv[1])
    place(folder, sys.argv[2], lambda row: str(folder / "photos" / row["photo"]))


if __name__ == "__main__":
    main()
