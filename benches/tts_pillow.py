#!/usr/bin/env python3
"""What a person would write instead of `pitchprint build --format tts` for
benches/tts.sh to time beside it: the cards already drawn one a file (by
`pitchprint build --per-card`, as a person exports them from any tool),
pasted 69 to a 10 x 7 sheet at 409 px a card with the back in the last
place (Pillow, Lanczos), each sheet saved as PNG, and the deck's JSON
written by hand (the fields a TTS deck needs, one card each).

    python3 benches/tts_pillow.py CARDS_FOLDER BACK.png OUT_FOLDER

Needs Pillow (pip install pillow).
"""

import json
import sys
from pathlib import Path

from PIL import Image

COLS, ROWS, PER = 10, 7, 69


def main() -> None:
    cards = sorted(Path(sys.argv[1]).glob("*.png"))
    back = Image.open(sys.argv[2]).convert("RGB")
    out = Path(sys.argv[3])
    (out / "images").mkdir(parents=True, exist_ok=True)
    first = Image.open(cards[0])
    w = 409
    h = round(w * first.height / first.width)
    objects, ids, sheets = [], [], {}
    for k in range(0, len(cards), PER):
        key = k // PER + 1
        sheet = Image.new("RGB", (COLS * w, ROWS * h), "white")
        for place, path in enumerate(cards[k:k + PER]):
            card = Image.open(path).convert("RGB").resize((w, h), Image.LANCZOS)
            sheet.paste(card, (place % COLS * w, place // COLS * h))
            ids.append(key * 100 + place)
            objects.append({"Name": "Card", "Nickname": path.stem, "CardID": key * 100 + place})
        sheet.paste(back.resize((w, h), Image.LANCZOS), ((COLS - 1) * w, (ROWS - 1) * h))
        name = f"images/sheet-{key}.png"
        sheet.save(out / name)
        sheets[str(key)] = {"FaceURL": (out / name).resolve().as_uri(), "BackURL": "", "NumWidth": COLS,
                            "NumHeight": ROWS, "BackIsHidden": False, "UniqueBack": False, "Type": 0}
    deck = {"Name": "Deck", "DeckIDs": ids, "CustomDeck": sheets, "ContainedObjects": objects}
    (out / "deck.json").write_text(json.dumps({"ObjectStates": [deck]}, indent=2))


if __name__ == "__main__":
    main()
