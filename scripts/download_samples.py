#!/usr/bin/env python3
"""Writes the exports of layouts/league-downloads/: one invented league as
three statistics sites export it, each file in the shape people download
(column names, group rows, repeated headers, thousands, lists of
positions), with invented players and clubs and figures in a top league's
ranges. Never real people's data. Seeded: every run writes the same files.

- fbref-standard.csv, fbref-passing.csv, fbref-defense.csv,
  fbref-shooting.csv, fbref-keepers.csv: FBref's tables ("Get table as
  CSV"), a group row above the header, the header repeated every 25 rows.
- eafc-players.csv: an EA FC (sofifa) players file.
- transfermarkt-players.csv: Transfermarkt's players file.

    python3 scripts/download_samples.py
"""
import csv
import io
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "layouts/league-downloads"
CLUBS = ["Ciudad del Lago", "Montes Azules", "Puerto Viejo"]
FIRST = ["Álex", "Berta", "César", "Dídac", "Enzo", "Fabián", "Gorka", "Héctor", "Ismael", "Jon",
         "Kilian", "Lucía", "Mateo", "Nil", "Omar", "Pol", "Rubén", "Saúl", "Teo", "Víctor", "Iñaki"]
LAST = ["Albar", "Brezo", "Cardo", "Dalia", "Encina", "Fresno", "Granado", "Haya", "Ilex", "Junco",
        "Laurel", "Madroño", "Nogal", "Olivo", "Pino", "Roble", "Sauce", "Tejo", "Úlmo", "Vid", "Zarza"]
SQUAD = ["GK"] * 2 + ["DF"] * 5 + ["MF"] * 4 + ["FW"] * 3
NATIONS = ["es ESP", "pt POR", "ar ARG", "fr FRA", "br BRA"]
# FBref writes a second position after a comma; EA FC lists several.
EAFC_POS = {"GK": ["GK"], "DF": ["CB", "LB", "RB", "CB, RB", "LWB, LB"],
            "MF": ["CM", "CDM, CM", "CAM, CM", "RM, RW"], "FW": ["ST", "RW, ST, CF", "LW, ST", "CF, ST"]}
TM_SUB = {"GK": ["Goalkeeper"], "DF": ["Centre-Back", "Left-Back", "Right-Back"],
          "MF": ["Central Midfield", "Defensive Midfield", "Attacking Midfield"],
          "FW": ["Centre-Forward", "Left Winger", "Right Winger", "Second Striker"]}
TM_POS = {"GK": "Goalkeeper", "DF": "Defender", "MF": "Midfield", "FW": "Attack"}


def thousands(n):
    return f"{n:,}"


def players(rng):
    out = []
    k = 0
    for club in CLUBS:
        for pos in SQUAD:
            name = f"{FIRST[(k * 7) % 21]} {LAST[(k * 11 + k // 21) % 21]}"
            k += 1
            minutes = rng.randint(900, 3200)
            n90 = round(minutes / 90, 1)
            p = {"name": name, "club": club, "pos": pos, "min": minutes, "90s": n90,
                 "nation": rng.choice(NATIONS), "born": rng.randint(1992, 2005),
                 "days": rng.randint(0, 364), "mp": min(38, minutes // 80 + rng.randint(0, 3))}
            per90 = {"GK": (24, 0.2, 0.0), "DF": (50, 4.0, 0.5), "MF": (52, 3.4, 1.3), "FW": (20, 1.0, 2.6)}[pos]
            p["cmp"] = round(max(5, rng.gauss(per90[0], per90[0] * 0.25)) * n90)
            p["tklint"] = round(max(0, rng.gauss(per90[1], per90[1] * 0.3 + 0.1)) * n90)
            p["sh"] = round(max(0, rng.gauss(per90[2], per90[2] * 0.35)) * n90)
            p["gls"] = round(p["sh"] * rng.uniform(0.05, 0.16))
            p["ast"] = rng.randint(0, 6) if pos != "GK" else 0
            if pos == "GK":
                p["ga90"] = round(rng.uniform(0.8, 1.9), 2)
                p["save"] = round(rng.uniform(60, 78), 1)
            p["value"] = rng.randint(2, 90) * 500_000 if pos != "GK" else rng.randint(2, 50) * 500_000
            p["second"] = rng.random() < 0.2
            out.append(p)
    return out


def fbref_table(groups, header, rows):
    """A table as FBref's "Get table as CSV" writes it, the header repeated
    every 25 rows as its pages show it."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(groups)
    w.writerow(header)
    for i, row in enumerate(rows):
        if i and i % 25 == 0:
            w.writerow(header)
        w.writerow(row)
    return buf.getvalue()


def lead(i, p):
    pos = p["pos"] + ({"DF": ",MF", "MF": ",FW", "FW": ",MF"}.get(p["pos"], "") if p["second"] else "")
    return [i + 1, p["name"], p["nation"], pos, p["club"], f"{2025 - p['born']}-{p['days']:03d}", p["born"]]


def write_fbref(ps):
    g = [""] * 7
    standard = fbref_table(
        g + ["Playing Time"] * 4 + ["Performance"] * 8 + ["Per 90 Minutes"] * 5 + [""],
        ["Rk", "Player", "Nation", "Pos", "Squad", "Age", "Born", "MP", "Starts", "Min", "90s",
         "Gls", "Ast", "G+A", "G-PK", "PK", "PKatt", "CrdY", "CrdR",
         "Gls", "Ast", "G+A", "G-PK", "G+A-PK", "Matches"],
        [lead(i, p) + [p["mp"], max(0, p["mp"] - 3), thousands(p["min"]), p["90s"],
                       p["gls"], p["ast"], p["gls"] + p["ast"], p["gls"], 0, 0, (i * 3) % 7, 0,
                       f"{p['gls'] / p['90s']:.2f}", f"{p['ast'] / p['90s']:.2f}",
                       f"{(p['gls'] + p['ast']) / p['90s']:.2f}", f"{p['gls'] / p['90s']:.2f}",
                       f"{(p['gls'] + p['ast']) / p['90s']:.2f}", "Matches"]
         for i, p in enumerate(ps)])
    passing = fbref_table(
        g + [""] + ["Total"] * 5 + ["Short"] * 3 + ["Medium"] * 3 + ["Long"] * 3 + [""] + ["Expected"] * 3 + [""] * 6,
        ["Rk", "Player", "Nation", "Pos", "Squad", "Age", "Born", "90s",
         "Cmp", "Att", "Cmp%", "TotDist", "PrgDist", "Cmp", "Att", "Cmp%", "Cmp", "Att", "Cmp%",
         "Cmp", "Att", "Cmp%", "Ast", "xAG", "xA", "A-xAG", "KP", "1/3", "PPA", "CrsPA", "PrgP", "Matches"],
        [lead(i, p) + [p["90s"], thousands(p["cmp"]), thousands(round(p["cmp"] * 1.2)), 83.3,
                       thousands(p["cmp"] * 17), thousands(p["cmp"] * 5),
                       thousands(p["cmp"] // 2), thousands(p["cmp"] // 2 + 40), 90.1,
                       thousands(p["cmp"] // 3), thousands(p["cmp"] // 3 + 30), 88.0,
                       p["cmp"] // 10, p["cmp"] // 10 + 25, 60.2,
                       p["ast"], 1.2, 1.0, 0.4, 12, 30, 5, 1, 44, "Matches"]
         for i, p in enumerate(ps)])
    defense = fbref_table(
        g + [""] + ["Tackles"] * 5 + ["Challenges"] * 4 + ["Blocks"] * 3 + [""] * 5,
        ["Rk", "Player", "Nation", "Pos", "Squad", "Age", "Born", "90s",
         "Tkl", "TklW", "Def 3rd", "Mid 3rd", "Att 3rd", "Tkl", "Att", "Tkl%", "Lost",
         "Blocks", "Sh", "Pass", "Int", "Tkl+Int", "Clr", "Err", "Matches"],
        [lead(i, p) + [p["90s"], p["tklint"] // 2, p["tklint"] // 3, p["tklint"] // 4, p["tklint"] // 8,
                       p["tklint"] // 8, p["tklint"] // 3, p["tklint"] // 2 + 4, 55.0, 4,
                       12, 9, 3, p["tklint"] - p["tklint"] // 2, p["tklint"], 20, 0, "Matches"]
         for i, p in enumerate(ps)])
    shooting = fbref_table(
        g + [""] + ["Standard"] * 12 + ["Expected"] * 5 + [""],
        ["Rk", "Player", "Nation", "Pos", "Squad", "Age", "Born", "90s",
         "Gls", "Sh", "SoT", "SoT%", "Sh/90", "SoT/90", "G/Sh", "G/SoT", "Dist", "FK", "PK", "PKatt",
         "xG", "npxG", "npxG/Sh", "G-xG", "np:G-xG", "Matches"],
        [lead(i, p) + [p["90s"], p["gls"], p["sh"], p["sh"] // 3, 33.3, f"{p['sh'] / p['90s']:.2f}",
                       f"{p['sh'] / 3 / p['90s']:.2f}", 0.1, 0.3, 17.2, 0, 0, 0,
                       1.1, 1.1, 0.1, 0.2, 0.2, "Matches"]
         for i, p in enumerate(ps)])
    keepers = [p for p in ps if p["pos"] == "GK"]
    goalkeeping = fbref_table(
        g + ["Playing Time"] * 4 + ["Performance"] * 10 + ["Penalty Kicks"] * 5 + [""],
        ["Rk", "Player", "Nation", "Pos", "Squad", "Age", "Born", "MP", "Starts", "Min", "90s",
         "GA", "GA90", "SoTA", "Saves", "Save%", "W", "D", "L", "CS", "CS%",
         "PKatt", "PKA", "PKsv", "PKm", "Save%", "Matches"],
        [lead(i, p) + [p["mp"], p["mp"], thousands(p["min"]), p["90s"],
                       round(p["ga90"] * p["90s"]), p["ga90"], 100, round(p["save"]), p["save"],
                       10, 8, 12, 7, 23.3, 4, 3, 1, 0, 25.0, "Matches"]
         for i, p in enumerate(keepers)])
    for name, text in [("standard", standard), ("passing", passing), ("defense", defense),
                       ("shooting", shooting), ("keepers", goalkeeping)]:
        (OUT / f"fbref-{name}.csv").write_text(text, encoding="utf-8")


def write_transfermarkt(ps, rng):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["player_id", "first_name", "last_name", "name", "last_season", "current_club_id",
                "player_code", "country_of_birth", "city_of_birth", "country_of_citizenship",
                "date_of_birth", "sub_position", "position", "foot", "height_in_cm",
                "contract_expiration_date", "agent_name", "image_url", "url",
                "current_club_domestic_competition_id", "current_club_name",
                "market_value_in_eur", "highest_market_value_in_eur"])
    for i, p in enumerate(ps):
        first, last = p["name"].split(" ", 1)
        # Transfermarkt writes some names without their accents.
        name = p["name"] if i % 5 else p["name"].translate(str.maketrans("ÁáÉéÍíÓóÚúÑñ", "AaEeIiOoUuNn"))
        slug = name.lower().replace(" ", "-")
        w.writerow([9000 + i, first, last, name, 2025, 100 + CLUBS.index(p["club"]), slug, "Invented Land",
                    "Invented Town", "Invented Land", f"{p['born']}-0{1 + i % 9}-1{i % 10} 00:00:00",
                    rng.choice(TM_SUB[p["pos"]]), TM_POS[p["pos"]], rng.choice(["right", "left", "both"]),
                    rng.randint(168, 195), "2028-06-30 00:00:00", "", f"https://example.invalid/portrait/{9000 + i}.jpg",
                    f"https://example.invalid/{slug}/profil/spieler/{9000 + i}", "XX1", p["club"] + " CF",
                    p["value"], p["value"] * 2])
    (OUT / "transfermarkt-players.csv").write_text(buf.getvalue(), encoding="utf-8")


def write_eafc(ps, rng):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    attrs = ["attacking_crossing", "attacking_finishing", "attacking_heading_accuracy",
             "attacking_short_passing", "attacking_volleys", "skill_dribbling", "skill_long_passing",
             "movement_acceleration", "movement_sprint_speed", "mentality_interceptions",
             "defending_marking_awareness", "defending_standing_tackle", "defending_sliding_tackle",
             "goalkeeping_diving", "goalkeeping_handling", "goalkeeping_kicking",
             "goalkeeping_positioning", "goalkeeping_reflexes", "goalkeeping_speed"]
    w.writerow(["sofifa_id", "player_url", "short_name", "long_name", "player_positions", "overall",
                "potential", "value_eur", "wage_eur", "age", "dob", "club_name", "league_name",
                "nationality_name", "preferred_foot", "pace", "shooting", "passing", "dribbling",
                "defending", "physic"] + attrs)
    base = {"GK": (40, 30, 25, 80), "DF": (62, 45, 76, 12), "MF": (78, 62, 60, 12), "FW": (66, 80, 35, 12)}
    for i, p in enumerate(ps):
        first, last = p["name"].split(" ", 1)
        pas, fin, tck, gk = base[p["pos"]]
        r = lambda m: max(10, min(95, round(rng.gauss(m, 6))))
        a = {k: r(50) for k in attrs}
        a["attacking_short_passing"], a["attacking_finishing"] = r(pas), r(fin)
        a["defending_standing_tackle"] = r(tck)
        for k in ["goalkeeping_diving", "goalkeeping_handling", "goalkeeping_positioning", "goalkeeping_reflexes"]:
            a[k] = r(gk)
        # EA FC leaves a goalkeeper's summary attributes empty, and its
        # outfield players' goalkeeping speed.
        summary = ["", "", "", "", "", ""] if p["pos"] == "GK" else [r(70), a["attacking_finishing"],
                                                                     a["attacking_short_passing"], r(68),
                                                                     a["defending_standing_tackle"], r(70)]
        if p["pos"] != "GK":
            a["goalkeeping_speed"] = ""
        age = 2025 - p["born"]
        w.writerow([30000 + i, f"https://example.invalid/player/{30000 + i}/", f"{first[0]}. {last}", p["name"],
                    rng.choice(EAFC_POS[p["pos"]]), r(75), r(80), f"{p['value'] * 1.2:.1f}", r(60) * 1000, age,
                    f"{p['born']}-05-0{1 + i % 9}", p["club"], "Liga Inventada", "Invented Land",
                    rng.choice(["Right", "Left"])] + summary + [a[k] for k in attrs])
    (OUT / "eafc-players.csv").write_text(buf.getvalue(), encoding="utf-8")


def main():
    rng = random.Random(2025)
    OUT.mkdir(parents=True, exist_ok=True)
    ps = players(rng)
    write_fbref(ps)
    write_transfermarkt(ps, rng)
    write_eafc(ps, rng)
    print(f"wrote {len(ps)} invented players as FBref, Transfermarkt and EA FC export them to {OUT}")


main()
