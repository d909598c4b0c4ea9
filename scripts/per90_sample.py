#!/usr/bin/env python3
"""Writes layouts/league-real-stats/players-per90.csv: invented players of
four invented clubs with per-90-minute figures in the ranges a top league's
statistics sites publish (passes completed, tackles plus interceptions,
shots, goals conceded, saves) and a market value in millions of euros, as a
stats site exports them. The deck beside it maps them onto the game's
numbers with [scale]. Seeded: every run writes the same file.

    python3 scripts/per90_sample.py
"""
import random
from pathlib import Path

CLUBS = ["Ciudad del Lago", "Montes Azules", "Puerto Viejo", "Vall de Cireres"]
FIRST = ["Álex", "Berta", "César", "Dídac", "Enzo", "Fabián", "Gorka", "Héctor", "Ismael", "Jon",
         "Kilian", "Lucas", "Mateo", "Nil", "Omar", "Pol", "Rubén", "Saúl", "Teo", "Víctor"]
LAST = ["Albar", "Brezo", "Cardo", "Dalia", "Encina", "Fresno", "Granado", "Haya", "Ilex", "Junco",
        "Laurel", "Madroño", "Nogal", "Olivo", "Pino", "Roble", "Sauce", "Tejo", "Úlmo", "Vid"]
SQUAD = ["GK"] * 2 + ["DF"] * 6 + ["MF"] * 6 + ["FW"] * 4

def main():
    rng = random.Random(90)
    u = lambda a, b: round(rng.uniform(a, b), 2)
    rows = ["Player,Squad,Pos,Cmp/90,TklInt/90,Sh/90,GA90,Saves/90,Value"]
    k = 0
    for club in CLUBS:
        for pos in SQUAD:
            name = f"{FIRST[(k * 7) % 20]} {LAST[(k * 11 + k // 20) % 20]}"
            k += 1
            if pos == "GK":
                f = (u(18, 34), u(0.0, 0.4), 0.0, u(0.8, 1.9), u(1.8, 3.8), u(1, 30))
            elif pos == "DF":
                f = (u(35, 70), u(2.5, 5.5), u(0.1, 0.9), "", "", u(2, 60))
            elif pos == "MF":
                f = (u(30, 75), u(1.8, 4.8), u(0.4, 2.4), "", "", u(2, 80))
            else:
                f = (u(10, 30), u(0.3, 1.5), u(1.4, 4.0), "", "", u(4, 90))
            rows.append(",".join([name, club, pos] + [str(x) for x in f]))
    out = Path(__file__).resolve().parent.parent / "layouts/league-real-stats/players-per90.csv"
    out.write_text("\n".join(rows) + "\n", encoding="utf-8")
    print(f"wrote {len(rows) - 1} players to {out}")

main()
