//! Tabletop Simulator saves (`pitchprint tts <game>`, `build --format tts`):
//! every game's save read back against the keys and nesting of saves TTS
//! itself wrote (tests/fixtures/tts/real-format.json), its cards' ids
//! against their places on the sheets, every file it names, and the table
//! as the rules set it up, measured against the boards' own drawings (their
//! SVG) and images.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

use crate::common::{GAMES, TestDir, attr, by_id, png_size, project_root, rect_on_page, run_in, svg_rect};

/// Millimetres in a TTS unit (an inch).
const MM: f64 = 25.4;

/// Every game's save in English, written once for the tests that read them.
fn saves() -> &'static TestDir {
    static DIR: OnceLock<TestDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = TestDir::shared("tts");
        let out = dir.path().to_string_lossy().into_owned();
        for game in GAMES {
            run_in(project_root(), &["tts", game, "--lang", "en", "--out", &out]).expect_code(0);
        }
        dir
    })
}

/// A game's save, parsed.
fn save(game: &str) -> Value {
    let path = saves().join(format!("{game}/tts/{game}-en.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The real saves' keys.
fn real() -> &'static Value {
    static REAL: OnceLock<Value> = OnceLock::new();
    REAL.get_or_init(|| {
        let text = std::fs::read_to_string(project_root().join("tests/fixtures/tts/real-format.json"))
            .expect("the real saves' keys");
        serde_json::from_str(&text).expect("real-format.json is JSON")
    })
}

/// The names of `list`, a JSON array of strings.
fn names(list: &Value) -> Vec<String> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|v| v.as_str().expect("a name").to_string())
        .collect()
}

/// A JSON value read with its objects' keys in the order written
/// (serde_json's own map sorts them).
#[derive(Debug)]
enum Ordered {
    Map(Vec<(String, Ordered)>),
    List(Vec<Ordered>),
    Other,
}

impl<'de> serde::Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Ordered, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("JSON")
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut m: M) -> Result<Ordered, M::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = m.next_entry::<String, Ordered>()? {
                    out.push((k, v));
                }
                Ok(Ordered::Map(out))
            }
            fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut s: S) -> Result<Ordered, S::Error> {
                let mut out = Vec::new();
                while let Some(v) = s.next_element::<Ordered>()? {
                    out.push(v);
                }
                Ok(Ordered::List(out))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
            fn visit_str<E>(self, _: &str) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
            fn visit_unit<E>(self) -> Result<Ordered, E> {
                Ok(Ordered::Other)
            }
        }
        d.deserialize_any(V)
    }
}

impl Ordered {
    /// An object's keys, in the order written.
    fn keys(&self) -> Vec<String> {
        match self {
            Ordered::Map(m) => m.iter().map(|(k, _)| k.clone()).collect(),
            _ => panic!("not an object"),
        }
    }

    /// An object's field.
    fn get(&self, key: &str) -> Option<&Ordered> {
        match self {
            Ordered::Map(m) => m.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Every object of a save's `ObjectStates`, its decks' cards after them.
    fn objects(&self) -> Vec<&Ordered> {
        fn go<'a>(o: &'a Ordered, out: &mut Vec<&'a Ordered>) {
            out.push(o);
            if let Some(Ordered::List(inner)) = o.get("ContainedObjects") {
                for c in inner {
                    go(c, out);
                }
            }
        }
        let mut out = Vec::new();
        if let Some(Ordered::List(all)) = self.get("ObjectStates") {
            for o in all {
                go(o, &mut out);
            }
        }
        out
    }
}

/// A game's save, its keys in order.
fn ordered(game: &str) -> Ordered {
    let path = saves().join(format!("{game}/tts/{game}-en.json"));
    serde_json::from_slice(&std::fs::read(&path).expect("the save")).expect("JSON")
}

/// Holds that `ours` are keys TTS writes, in the order it writes them.
#[track_caller]
fn in_real_order(ours: &[String], real: &[String], what: &str) {
    let mut at = 0;
    for k in ours {
        match real[at..].iter().position(|r| r == k) {
            Some(p) => at += p + 1,
            None => {
                panic!("{what}: key {k:?} is not one TTS writes there, or not in its order: {ours:?} against {real:?}")
            }
        }
    }
}

/// Every object of a save, its decks' cards after them.
fn all_objects(save: &Value) -> Vec<&Value> {
    fn go<'a>(o: &'a Value, out: &mut Vec<&'a Value>) {
        out.push(o);
        for c in o["ContainedObjects"].as_array().into_iter().flatten() {
            go(c, out);
        }
    }
    let mut out = Vec::new();
    for o in save["ObjectStates"].as_array().expect("ObjectStates") {
        go(o, &mut out);
    }
    out
}

/// The objects of `save` named `name` (top level only).
fn of_type<'a>(save: &'a Value, name: &str) -> Vec<&'a Value> {
    save["ObjectStates"]
        .as_array()
        .expect("ObjectStates")
        .iter()
        .filter(|o| o["Name"] == name)
        .collect()
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// An object's place on the table (x, z).
fn at(o: &Value) -> (f64, f64) {
    (num(&o["Transform"]["posX"]), num(&o["Transform"]["posZ"]))
}

#[test]
fn every_game_s_save_has_the_keys_and_nesting_tts_writes() {
    let real = real();
    for game in GAMES {
        let save = save(game);
        let written = ordered(game);
        in_real_order(&written.keys(), &names(&real["top"]), &format!("{game}: the save"));
        for o in written.objects() {
            let name = match o.get("Name") {
                Some(_) => o.keys(),
                None => panic!("{game}: an object without a Name"),
            };
            let _ = name;
        }
        let typed: Vec<&Value> = all_objects(&save);
        assert_eq!(typed.len(), written.objects().len());
        let mut guids = BTreeSet::new();
        for (o, w) in typed.into_iter().zip(written.objects()) {
            let name = o["Name"].as_str().expect("Name");
            let real_keys = real["objects"]
                .get(name)
                .unwrap_or_else(|| panic!("{game}: {name} is no object type of the real saves"));
            in_real_order(&w.keys(), &names(real_keys), &format!("{game}: a {name}"));
            let field = |k: &str| w.get(k).expect("the field").keys();
            assert_eq!(
                field("Transform"),
                names(&real["transform"]),
                "{game}: a {name}'s Transform"
            );
            if let Some(Ordered::Map(sheets)) = w.get("CustomDeck") {
                for (_, sheet) in sheets {
                    assert_eq!(
                        sheet.keys(),
                        names(&real["CustomDeck"]),
                        "{game}: a {name}'s CustomDeck"
                    );
                }
            }
            if w.get("CustomPDF").is_some() {
                assert_eq!(field("CustomPDF"), names(&real["CustomPDF"]), "{game}: CustomPDF");
            }
            if let Some(image) = w.get("CustomImage") {
                assert_eq!(
                    image.keys(),
                    names(&real["CustomImage"]),
                    "{game}: a {name}'s CustomImage"
                );
                let tile = image.get("CustomTile").expect("CustomTile").keys();
                assert_eq!(tile, names(&real["CustomTile"]), "{game}: CustomTile");
            }
            for (k, v) in o.as_object().expect("an object") {
                let kind_ok = match k.as_str() {
                    "Locked" | "Grid" | "Snap" | "IgnoreFoW" | "Hands" | "Tooltip" | "Sticky" => v.is_boolean(),
                    "LayoutGroupSortIndex" | "Value" | "CardID" | "MaterialIndex" => v.is_u64(),
                    "Nickname" | "Description" | "GMNotes" | "LuaScript" | "XmlUI" | "GUID" | "Name" => v.is_string(),
                    _ => true,
                };
                assert!(kind_ok, "{game}: a {name}'s {k} is {v}, not of the kind TTS writes");
            }
            let guid = o["GUID"].as_str().expect("GUID");
            assert!(
                guid.len() == 6 && guid.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()),
                "{game}: GUID {guid:?} is not six lowercase hexadecimal digits"
            );
            assert!(guids.insert(guid.to_string()), "{game}: GUID {guid} twice");
        }
        // The table's eight seats, as TTS makes them: White the home side's.
        let hands = of_type(&save, "HandTrigger");
        let colours: BTreeSet<&str> = hands
            .iter()
            .map(|h| h["FogColor"].as_str().expect("FogColor"))
            .collect();
        assert_eq!(colours.len(), 8, "{game}: eight seats");
        for h in &hands {
            assert_eq!(
                h["ColorDiffuse"]["a"], real["real"]["hand"]["ColorDiffuse"]["a"],
                "a hand zone is clear"
            );
            assert_eq!(h["Locked"], true);
        }
    }
}

/// Holds a deck to TTS's rules: `DeckIDs` the cards' `CardID`s in order;
/// each card's id its sheet's key x 100 + its place; the place within the
/// sheet, short of its last (the hidden card); each card naming its sheet
/// alone, as the deck names it. Returns the cards.
#[track_caller]
fn deck_holds(deck: &Value, dir: &Path) -> Vec<Value> {
    let cards = deck["ContainedObjects"].as_array().expect("a deck's cards").clone();
    assert!(cards.len() >= 2, "a deck of one is a card");
    let ids: Vec<u64> = cards.iter().map(|c| c["CardID"].as_u64().expect("CardID")).collect();
    let deck_ids: Vec<u64> = deck["DeckIDs"]
        .as_array()
        .expect("DeckIDs")
        .iter()
        .map(|v| v.as_u64().expect("id"))
        .collect();
    assert_eq!(deck_ids, ids, "DeckIDs are the cards' ids, top to bottom");
    let sheets = deck["CustomDeck"].as_object().expect("CustomDeck");
    let mut next_place: BTreeMap<u64, u64> = BTreeMap::new();
    for (card, id) in cards.iter().zip(&ids) {
        let (key, place) = (id / 100, id % 100);
        let sheet = &sheets[&key.to_string()];
        let own = card["CustomDeck"].as_object().expect("a card's CustomDeck");
        assert_eq!(own.len(), 1, "a card names its one sheet");
        assert_eq!(own[&key.to_string()], *sheet, "a card's sheet is its deck's");
        let (w, h) = (
            sheet["NumWidth"].as_u64().expect("w"),
            sheet["NumHeight"].as_u64().expect("h"),
        );
        assert!(w <= 10 && h <= 7, "a sheet is at most 10 x 7, not {w} x {h}");
        assert_eq!(
            sheet["BackIsHidden"], false,
            "the sheet's last place is the hidden card"
        );
        assert!(place < w * h - 1, "card {id} takes the hidden card's place");
        // Cards fill their sheet in order from its first place.
        let expected = next_place.entry(key).or_insert(0);
        assert_eq!(place, *expected, "card {id} is not at the next place of sheet {key}");
        *expected += 1;
        for url in [&sheet["FaceURL"], &sheet["BackURL"]] {
            let file = written_file(url.as_str().expect("a URL"), dir);
            let (pw, ph) = png_size(&std::fs::read(&file).expect("the sheet"));
            assert!(
                pw <= 4096 && ph <= 4096,
                "{} is {pw} x {ph} px, over 4096",
                file.display()
            );
        }
        // TTS cuts the sheet's width in equal parts: each a card's.
        let face = written_file(sheet["FaceURL"].as_str().expect("FaceURL"), dir);
        let (pw, _) = png_size(&std::fs::read(&face).expect("the sheet"));
        assert!(pw.is_multiple_of(w as u32), "{pw} px across {w} places");
    }
    cards
}

/// The file a `file:///` URL names, which must be one of the save's, under
/// `dir`.
#[track_caller]
fn written_file(url: &str, dir: &Path) -> PathBuf {
    let path = url
        .strip_prefix("file://")
        .unwrap_or_else(|| panic!("{url} is not a file:/// URL"));
    let path = PathBuf::from(path);
    assert!(path.is_absolute(), "{url} names an absolute path");
    assert!(path.starts_with(dir), "{url} is not under {}", dir.display());
    assert!(path.is_file(), "{url} names no file written");
    path
}

/// Every URL a save names.
fn urls(save: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for o in all_objects(save) {
        for sheet in o["CustomDeck"].as_object().into_iter().flat_map(|m| m.values()) {
            out.push(sheet["FaceURL"].as_str().expect("FaceURL").to_string());
            out.push(sheet["BackURL"].as_str().expect("BackURL").to_string());
        }
        for k in ["ImageURL", "ImageSecondaryURL"] {
            if let Some(u) = o["CustomImage"][k].as_str().filter(|u| !u.is_empty()) {
                out.push(u.to_string());
            }
        }
        if let Some(u) = o["CustomPDF"]["PDFUrl"].as_str() {
            out.push(u.to_string());
        }
    }
    out
}

#[test]
fn every_url_names_a_file_written_with_the_save_and_every_file_is_named() {
    for game in GAMES {
        let save = save(game);
        let dir = std::path::absolute(saves().join(format!("{game}/tts"))).expect("absolute");
        let named: BTreeSet<PathBuf> = urls(&save).iter().map(|u| written_file(u, &dir)).collect();
        let written: BTreeSet<PathBuf> = crate::common::files_with_ext(&dir, &["png", "pdf"])
            .into_iter()
            .map(|f| dir.join(f))
            .collect();
        assert_eq!(named, written, "{game}: the files written are the files the save names");
        for f in written.iter().filter(|f| f.extension().is_some_and(|e| e == "png")) {
            let img = image::open(f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            assert!(
                !img.color().has_alpha() || img.to_rgba8().pixels().all(|p| p[3] == 255),
                "{}: opaque RGB",
                f.display()
            );
        }
    }
}

#[test]
fn the_league_s_160_cards_are_named_in_four_decks_by_position_beside_the_mat() {
    let save = save("league");
    let dir = std::path::absolute(saves().join("league/tts")).expect("absolute");
    let decks = of_type(&save, "Deck");
    let players: Vec<&Value> = decks
        .iter()
        .copied()
        .filter(|d| ["GK", "DF", "MF", "FW"].contains(&d["Nickname"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(players.len(), 4, "a deck for each position, as the rules deal them");
    let csv = std::fs::read_to_string(project_root().join("layouts/league/players.csv")).expect("players.csv");
    let mut expected: BTreeMap<String, (String, String)> = BTreeMap::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        expected.insert(f[0].to_string(), (f[1].to_string(), f[2].to_string()));
    }
    let mut named = BTreeMap::new();
    for deck in &players {
        for card in deck_holds(deck, &dir) {
            let name = card["Nickname"].as_str().expect("a name").to_string();
            let (team, position) = expected
                .get(&name)
                .unwrap_or_else(|| panic!("{name} is no player of players.csv"));
            let text = card["Description"].as_str().expect("Description");
            assert!(
                text.starts_with(&format!("{team}\n")),
                "{name}: its team first: {text:?}"
            );
            assert_eq!(
                position,
                deck["Nickname"].as_str().expect("group"),
                "{name} in its position's deck"
            );
            assert!(
                text.contains("Good passes: ") && text.contains("Price: "),
                "{name}: its stats and price"
            );
            assert_eq!(card["Hands"], true, "a card goes into a hand");
            named.insert(name, ());
        }
        assert_eq!(deck["Transform"]["rotZ"], 180.0, "a deck lies face down");
    }
    assert_eq!(named.len(), 160, "the 160 players, each once");
    assert_eq!(named.len(), expected.len());
    // Beside the mat: off its edge, on the table's reach.
    let mat = of_type(&save, "Custom_Tile")
        .into_iter()
        .find(|t| t["Locked"] == true)
        .expect("the mat, locked");
    let half_width = mat_half_width(mat, &dir);
    for deck in &players {
        let (x, z) = at(deck);
        assert!(x.abs() > half_width, "a deck beside the mat, not on it ({x})");
        assert!(x.abs() < 27.0 && z.abs() < 17.0, "a deck within reach on the table");
    }
    // Two dice in the coaches' colours (layouts/league/dice.toml).
    let dice = of_type(&save, "Die_6");
    let colours: BTreeSet<String> = dice.iter().map(|d| colour(&d["ColorDiffuse"])).collect();
    assert_eq!(colours, BTreeSet::from(["#1f4fa8".to_string(), "#c62828".to_string()]));
    // The bank: a deck of each value.
    let notes: Vec<&str> = decks
        .iter()
        .filter_map(|d| d["Nickname"].as_str())
        .filter(|n| n.ends_with(" M"))
        .collect();
    assert_eq!(notes, ["1 M", "5 M", "10 M", "50 M"], "a deck per denomination");
}

/// `#rrggbb` of a TTS colour.
fn colour(c: &Value) -> String {
    let ch = |k: &str| (num(&c[k]) * 255.0).round() as u8;
    format!("#{:02x}{:02x}{:02x}", ch("r"), ch("g"), ch("b"))
}

/// Half a board tile's width in units: 2 units deep at scale 1, as wide as
/// its image's shape makes it.
fn mat_half_width(tile: &Value, dir: &Path) -> f64 {
    let depth = 2.0 * num(&tile["Transform"]["scaleZ"]);
    let (w, h) = png_size(
        &std::fs::read(written_file(
            tile["CustomImage"]["ImageURL"].as_str().expect("url"),
            dir,
        ))
        .expect("image"),
    );
    depth * f64::from(w) / f64::from(h) / 2.0
}

/// A board's drawing, as `build` writes its SVG in English.
fn board_svg(layout: &str) -> String {
    let dir = TestDir::new("tts-board");
    let out = dir.path().to_string_lossy().into_owned();
    run_in(
        project_root(),
        &["build", layout, "--format", "svg", "--lang", "en", "--out", &out],
    )
    .expect_code(0);
    let stem = Path::new(layout)
        .file_stem()
        .expect("stem")
        .to_string_lossy()
        .into_owned();
    let game = Path::new(layout)
        .parent()
        .and_then(Path::file_name)
        .expect("game")
        .to_string_lossy()
        .into_owned();
    dir.read_string(format!("{game}/{stem}-en.svg"))
}

/// A rectangle's or circle's centre on the page, by id.
fn centre_of(doc: &roxmltree::Document<'_>, id: &str) -> (f64, f64) {
    let n = by_id(doc, id);
    if n.tag_name().name() == "circle" {
        crate::common::on_page(n, (attr(n, "cx"), attr(n, "cy")))
    } else {
        let r = rect_on_page(n, svg_rect(n));
        (r.x + r.w / 2.0, r.y + r.h / 2.0)
    }
}

/// A rectangle on the page, by id.
fn rect_of(doc: &roxmltree::Document<'_>, id: &str) -> crate::common::MmRect {
    let n = by_id(doc, id);
    rect_on_page(n, svg_rect(n))
}

/// The counters a save lays on its board (`Custom_Tile` discs whose image
/// is a counters sheet's), by nickname, and where each is, on the board's
/// page, placed so that `anchor` (the first piece `is_anchor` picks) is at
/// `anchor_at`: relative places are the save's, in mm.
fn pieces_on_page(
    save: &Value,
    sheet: &str,
    is_anchor: &dyn Fn(&Value) -> bool,
    anchor_at: (f64, f64),
) -> Vec<(String, (f64, f64), f64)> {
    let discs: Vec<&Value> = of_type(save, "Custom_Tile")
        .into_iter()
        .filter(|t| t["CustomImage"]["CustomTile"]["Type"] == 2)
        .filter(|t| {
            t["CustomImage"]["ImageURL"]
                .as_str()
                .is_some_and(|u| u.contains(&format!("/{sheet}-")))
        })
        .collect();
    let anchor = discs.iter().find(|d| is_anchor(d)).expect("the anchor piece");
    let (ax, az) = at(anchor);
    discs
        .iter()
        .map(|d| {
            let (x, z) = at(d);
            let page = (anchor_at.0 + (x - ax) * MM, anchor_at.1 - (z - az) * MM);
            let diameter = 2.0 * num(&d["Transform"]["scaleZ"]) * MM;
            (d["Nickname"].as_str().expect("name").to_string(), page, diameter)
        })
        .collect()
}

#[test]
fn dice_football_stands_each_side_on_the_rule_sheet_s_squares_and_the_ball_on_the_centre_spot() {
    use pitchprint::components::dice_pitch::diagrams::SETUP;
    let save = save("dice-football");
    let svg = board_svg("layouts/dice-football/pitch.toml");
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let spot = centre_of(&doc, "centre-spot");
    // The ball is the small disc on the board, its place the anchor.
    let is_ball = |d: &Value| d["Nickname"] == "Ball" && num(&d["Transform"]["posX"]).abs() < 5.0;
    let pieces = pieces_on_page(&save, "counters", &is_ball, spot);
    let (cols, rows) = (10, 18);
    // The sides by their words in the save's language (the labels' Home and
    // Away), the home side turned to defend the near goal.
    for (side, turned) in [("Home", true), ("Away", false)] {
        for (i, &(c, r)) in SETUP.iter().enumerate() {
            let name = format!("{side} {}", i + 1);
            let (c, r) = if turned { (cols - 1 - c, rows - 1 - r) } else { (c, r) };
            let expected = centre_of(&doc, &format!("cell-{c}-{r}"));
            let found: Vec<_> = pieces.iter().filter(|p| p.0 == name).collect();
            assert_eq!(found.len(), 1, "one counter {name}");
            let (_, page, d) = found[0];
            assert!(
                (page.0 - expected.0).abs() < 0.01 && (page.1 - expected.1).abs() < 0.01,
                "{name} at {page:?} mm, not on square ({c}, {r}) at {expected:?}"
            );
            assert!((d - 17.5).abs() < 0.01, "{name} is 17.5 mm across, not {d}");
        }
    }
    // 22 on the board and the ball; the spares (two a side and a ball) in trays.
    let on_board: Vec<_> = pieces.iter().filter(|p| num_abs_in(p.1, spot, 200.0)).collect();
    assert_eq!(
        on_board.len(),
        23,
        "22 counters and the ball on the pitch: {on_board:?}"
    );
    // The board's image: the ball lies on the centre spot's ink, each
    // counter on a square's paper.
    let dir = std::path::absolute(saves().join("dice-football/tts")).expect("absolute");
    let board = of_type(&save, "Custom_Tile")
        .into_iter()
        .find(|t| t["Locked"] == true)
        .expect("the board");
    let url = board["CustomImage"]["ImageURL"].as_str().expect("url");
    let img = image::open(written_file(url, &dir)).expect("board image").to_rgb8();
    let depth = 2.0 * num(&board["Transform"]["scaleZ"]);
    let per_unit = f64::from(img.height()) / depth;
    let pixel = |(x, z): (f64, f64)| {
        let u = f64::from(img.width()) / 2.0 + x * per_unit;
        let v = f64::from(img.height()) / 2.0 - z * per_unit;
        let p = img.get_pixel(u as u32, v as u32);
        u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2])
    };
    let discs = of_type(&save, "Custom_Tile");
    let ball = discs.iter().find(|d| is_ball(d)).expect("the ball");
    assert!(pixel(at(ball)) < 250, "the ball is not on the centre spot's ink");
    let players: Vec<&&Value> = discs
        .iter()
        .filter(|d| {
            d["Nickname"]
                .as_str()
                .is_some_and(|n| n.starts_with("Home ") || n.starts_with("Away "))
        })
        .collect();
    assert_eq!(players.len(), 22, "eleven a side, named by side and number");
    for d in players {
        assert!(pixel(at(d)) > 600, "{} is not on a square's paper", d["Nickname"]);
    }
}

/// Whether `p` is within `reach` mm of `c` on both axes.
fn num_abs_in(p: (f64, f64), c: (f64, f64), reach: f64) -> bool {
    (p.0 - c.0).abs() < reach && (p.1 - c.1).abs() < reach
}

#[test]
fn futbolchess_stands_each_role_in_its_zone_with_the_home_side_kicking_off() {
    let save = save("futbolchess");
    let svg = board_svg("layouts/futbolchess/board.toml");
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let ring = centre_of(&doc, "kick-off-bottom");
    let is_ball = |d: &Value| d["Nickname"] == "Ball" && num(&d["Transform"]["posX"]).abs() < 5.0;
    let pieces = pieces_on_page(&save, "counters", &is_ball, ring);
    // Every square, to find each counter's.
    let cells: Vec<((u32, u32), crate::common::MmRect)> = (0..8)
        .flat_map(|c| (0..12).map(move |r| (c, r)))
        .map(|(c, r)| ((c, r), rect_of(&doc, &format!("cell-{c}-{r}"))))
        .collect();
    let inside =
        |r: &crate::common::MmRect, p: (f64, f64)| p.0 > r.x && p.0 < r.right() && p.1 > r.y && p.1 < r.bottom();
    let square = |p: (f64, f64)| cells.iter().find(|(_, r)| inside(r, p)).map(|(k, _)| *k);
    let ball_square = square(ring).expect("the ring is on a square");
    let (circle, radius) = {
        let n = by_id(&doc, "centre-circle");
        (crate::common::on_page(n, (attr(n, "cx"), attr(n, "cy"))), attr(n, "r"))
    };
    let bands = [rect_of(&doc, "band-left"), rect_of(&doc, "band-right")];
    let mut taken = BTreeSet::new();
    let mut roles: BTreeMap<(bool, String), usize> = BTreeMap::new();
    for (name, p, _) in pieces.iter().filter(|p| num_abs_in(p.1, ring, 200.0)) {
        let Some((set, role)) = name.split_once(' ') else {
            continue;
        };
        let home = set == "Home";
        *roles.entry((home, role.to_string())).or_default() += 1;
        let end = if home { "bottom" } else { "top" };
        if role == "POR" {
            let goal = rect_of(
                &doc,
                &format!("goal-square-{end}-{}", if home { "right" } else { "left" }),
            );
            assert!(inside(&goal, *p), "{name}: the keeper on its goal's right-hand square");
            continue;
        }
        let (c, r) = square(*p).unwrap_or_else(|| panic!("{name} at {p:?} is on no square"));
        assert!(taken.insert((c, r)), "two counters on ({c}, {r})");
        assert_eq!(r >= 6, home, "{name} on ({c}, {r}) is out of its own half");
        let in_band = bands.iter().any(|b| inside(b, *p));
        let area = rect_of(&doc, &format!("penalty-area-{end}"));
        let front_of_area = if home { p.1 < area.y } else { p.1 > area.bottom() };
        match role {
            "DF" => assert!(inside(&area, *p), "{name}: a central defender in its area"),
            "L" => assert!(in_band, "{name}: a full-back on a band"),
            "M" => assert!(!in_band, "{name}: a midfielder off the bands"),
            "EX" => assert!(
                in_band && front_of_area,
                "{name}: a winger on a band in front of the area"
            ),
            "DC" => {
                let front_rows = if home { [6, 7] } else { [4, 5] };
                assert!(
                    front_rows.contains(&r),
                    "{name}: a forward in the two rows before the halfway line"
                );
                let centre = cells
                    .iter()
                    .find(|(k, _)| *k == (c, r))
                    .map(|(_, r)| (r.x + r.w / 2.0, r.y + r.h / 2.0))
                    .expect("cell");
                let in_circle = ((centre.0 - circle.0).powi(2) + (centre.1 - circle.1).powi(2)).sqrt() < radius;
                let beside_ball = c.abs_diff(ball_square.0) <= 1 && r.abs_diff(ball_square.1) <= 1;
                if !home {
                    assert!(
                        !in_circle && !beside_ball,
                        "{name}: the side not kicking off keeps out of the circle and away from the ball"
                    );
                }
            }
            other => panic!("{name}: no role {other}"),
        }
    }
    // The kicking side's forward stands in the circle, beside the ball.
    let kicker = pieces
        .iter()
        .filter(|p| p.0 == "Home DC")
        .filter_map(|p| square(p.1))
        .any(|(c, r)| r == ball_square.1 && c.abs_diff(ball_square.0) == 1);
    assert!(kicker, "a home forward beside the ball at kick-off");
    for home in [true, false] {
        for (role, n) in [("POR", 1), ("DF", 2), ("L", 2), ("M", 2), ("EX", 2), ("DC", 2)] {
            assert_eq!(
                roles.get(&(home, role.to_string())),
                Some(&n),
                "{n} {role} a side on the board"
            );
        }
    }
}

#[test]
fn the_league_starts_with_the_ball_in_the_home_midfield_and_each_coach_s_tokens_by_their_track() {
    let save = save("league");
    let svg = board_svg("layouts/league/board.toml");
    let doc = roxmltree::Document::parse(&svg).expect("svg");
    let spot = centre_of(&doc, "ball-spot-0-1");
    let is_ball = |d: &Value| d["Nickname"] == "Ball" && num(&d["Transform"]["posX"]).abs() < 9.0;
    let pieces = pieces_on_page(&save, "tokens", &is_ball, spot);
    let dir = std::path::absolute(saves().join("league/tts")).expect("absolute");
    let mat = of_type(&save, "Custom_Tile")
        .into_iter()
        .find(|t| t["Locked"] == true)
        .expect("the mat");
    let depth_mm = 2.0 * num(&mat["Transform"]["scaleZ"]) * MM;
    let _ = mat_half_width(mat, &dir);
    for (coach, set) in [(0, "Home "), (1, "Away ")] {
        let tokens: Vec<_> = pieces.iter().filter(|p| p.0.starts_with(set)).collect();
        assert_eq!(tokens.len(), 2, "two strategy tokens for coach {coach}");
        let boxes: Vec<(f64, f64)> = (1..=2)
            .map(|n| centre_of(&doc, &format!("track-{coach}-{n}")))
            .collect();
        for (k, (name, p, d)) in tokens.iter().enumerate() {
            assert!(
                (p.0 - boxes[k].0).abs() < 0.01,
                "{name} beside box {} of its track: x {} against {}",
                k + 1,
                p.0,
                boxes[k].0
            );
            // Off the mat, on the side of the mat its track is on.
            let track_y = boxes[0].1;
            let gap = (p.1 - track_y).abs();
            assert!(
                gap > 9.0 + d / 2.0 && gap < 40.0,
                "{name}: just off the mat by its track ({gap} mm from the boxes)"
            );
            assert!(
                (p.1 - track_y).signum() == (track_y - spot.1).signum(),
                "{name}: on its track's side, off the mat"
            );
        }
    }
    assert!(depth_mm > 250.0, "the mat at its printed size (A3: {depth_mm} mm)");
}

#[test]
fn two_builds_write_the_same_bytes_and_a_base_url_names_every_file_under_it() {
    let dir = TestDir::new("tts-twice");
    let out = dir.path().to_string_lossy().into_owned();
    let args = [
        "tts",
        "futbolchess",
        "--lang",
        "es",
        "--out",
        out.as_str(),
        "--base-url",
        "https://example.org/fc/tts/",
    ];
    run_in(project_root(), &args).expect_code(0);
    let first = crate::common::snapshot(dir.path());
    run_in(project_root(), &args).expect_code(0);
    assert_eq!(
        first,
        crate::common::snapshot(dir.path()),
        "the same inputs make the same bytes"
    );
    let save: Value = serde_json::from_slice(&dir.read("futbolchess/tts/futbolchess.json")).expect("json");
    let root = dir.join("futbolchess/tts");
    for url in urls(&save) {
        let rest = url
            .strip_prefix("https://example.org/fc/tts/")
            .unwrap_or_else(|| panic!("{url} is not under the base URL"));
        assert!(root.join(rest).is_file(), "{url} names no file written");
    }
    let refused = run_in(project_root(), &["tts", "futbolchess", "--base-url", "ftp://x"]);
    refused.expect_code(2);
    assert!(refused.stderr.contains("is not a web address"), "{}", refused.stderr);
}

#[test]
fn a_language_s_images_are_the_same_bytes_drawn_alone_or_after_another_language_s() {
    // With every language in one run, the first language to come to an
    // image draws it and the others draw only where their words differ,
    // taking every other pixel from it (`tts::art::Likes`); each language
    // alone draws every image whole. Both write the same bytes.
    let together = TestDir::new("tts-langs-together");
    let alone = TestDir::new("tts-langs-alone");
    let run = |dir: &TestDir, langs: &str| {
        let out = dir.path().to_string_lossy().into_owned();
        let args = [
            "tts",
            "futbolchess",
            "--lang",
            langs,
            "--out",
            out.as_str(),
            "--base-url",
            "https://example.org/fc/tts/",
        ];
        run_in(project_root(), &args).expect_code(0);
    };
    run(&together, "es,en,ca");
    for lang in ["es", "en", "ca"] {
        run(&alone, lang);
    }
    let (both, each) = (
        crate::common::snapshot(together.path()),
        crate::common::snapshot(alone.path()),
    );
    let images = both.keys().filter(|k| k.starts_with("futbolchess/tts/images")).count();
    assert!(images > 30, "{images} images written");
    assert_eq!(
        both.keys().collect::<Vec<_>>(),
        each.keys().collect::<Vec<_>>(),
        "the same files"
    );
    let differ: Vec<_> = both.iter().filter(|(k, v)| each[*k] != **v).map(|(k, _)| k).collect();
    assert!(
        differ.is_empty(),
        "drawn after another language, not as drawn alone: {differ:?}"
    );
}

#[test]
fn build_format_tts_writes_a_deck_alone_and_says_so_of_a_layout_that_is_not_one() {
    let dir = TestDir::new("tts-deck");
    let out = dir.path().to_string_lossy().into_owned();
    let run = run_in(
        project_root(),
        &[
            "build",
            "layouts/league/deck.toml",
            "layouts/league/tokens.toml",
            "--format",
            "tts",
            "--lang",
            "en",
            "--out",
            &out,
        ],
    );
    run.expect_code(0);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains("warning[layout-kind]") && said.contains("--format tts is for card decks"),
        "{said}"
    );
    assert!(
        said.contains("deck.toml → ") && said.contains(": a Tabletop Simulator save and its 4 images"),
        "{said}"
    );
    assert!(said.contains("tokens.toml: nothing written"), "{said}");
    let save: Value = serde_json::from_slice(&dir.read("league/deck-en-tts/deck-en.json")).expect("json");
    let deck = &save["ObjectStates"][0];
    assert_eq!(save["ObjectStates"].as_array().map(Vec::len), Some(1), "one deck alone");
    let root = std::path::absolute(dir.join("league/deck-en-tts")).expect("absolute");
    let cards = deck_holds(deck, &root);
    assert_eq!(cards.len(), 160, "every card of the deck");
    assert_eq!(cards[0]["Nickname"], "Adrián Abril", "in the spreadsheet's order");
    // Three sheets of at most 69 cards.
    assert_eq!(deck["CustomDeck"].as_object().map(|m| m.len()), Some(3));
    assert!(!dir.join("league/tokens-en-tts").exists(), "no save for the tokens");
}

#[test]
fn each_card_s_place_on_its_sheet_shows_that_card() {
    let save = save("league");
    let dir = std::path::absolute(saves().join("league/tts")).expect("absolute");
    let cards_dir = TestDir::new("tts-cards");
    let out = cards_dir.path().to_string_lossy().into_owned();
    run_in(
        project_root(),
        &[
            "build",
            "layouts/league/deck.toml",
            "--per-card",
            "--dpi",
            "60",
            "--lang",
            "en",
            "--out",
            &out,
        ],
    )
    .expect_code(0);
    // Each card as `build --per-card` draws it, small, by its file's name.
    let small = |img: &image::RgbImage| image::imageops::resize(img, 24, 34, image::imageops::FilterType::Triangle);
    let printed: Vec<(String, image::RgbImage)> =
        crate::common::files_with_ext(&cards_dir.join("league/deck-en-cards"), &["png"])
            .into_iter()
            .map(|f| {
                let path = cards_dir.join("league/deck-en-cards").join(&f);
                let name = f
                    .file_stem()
                    .expect("stem")
                    .to_string_lossy()
                    .split_once('-')
                    .expect("NNN-name")
                    .1
                    .to_string();
                (name, small(&image::open(&path).expect("card").to_rgb8()))
            })
            .collect();
    let distance = |a: &image::RgbImage, b: &image::RgbImage| -> u64 {
        a.pixels()
            .zip(b.pixels())
            .map(|(p, q)| (0..3).map(|k| u64::from(p[k].abs_diff(q[k]))).sum::<u64>())
            .sum()
    };
    let slug = |name: &str| -> String {
        let folded: String = name
            .to_lowercase()
            .chars()
            .map(|c| match c {
                'á' | 'à' => 'a',
                'é' | 'è' => 'e',
                'í' | 'ï' => 'i',
                'ó' | 'ò' => 'o',
                'ú' | 'ü' => 'u',
                'ñ' => 'n',
                'ç' => 'c',
                c => c,
            })
            .collect();
        folded
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("-")
    };
    let mut checked = 0;
    for deck in of_type(&save, "Deck")
        .into_iter()
        .filter(|d| ["GK", "FW"].contains(&d["Nickname"].as_str().unwrap_or("")))
    {
        let cards = deck["ContainedObjects"].as_array().expect("cards");
        let sheet = deck["CustomDeck"]
            .as_object()
            .and_then(|m| m.values().next())
            .expect("a sheet");
        let (w, h) = (
            sheet["NumWidth"].as_u64().expect("w") as u32,
            sheet["NumHeight"].as_u64().expect("h") as u32,
        );
        let face = image::open(written_file(sheet["FaceURL"].as_str().expect("url"), &dir))
            .expect("sheet")
            .to_rgb8();
        let (pw, ph) = (face.width() / w, face.height() / h);
        for card in cards.iter().take(12) {
            let place = (card["CardID"].as_u64().expect("id") % 100) as u32;
            let slot = image::imageops::crop_imm(&face, place % w * pw, place / w * ph, pw, ph).to_image();
            let slot = small(&slot);
            let best = printed.iter().min_by_key(|(_, p)| distance(p, &slot)).expect("cards");
            let name = card["Nickname"].as_str().expect("name");
            assert_eq!(
                best.0,
                slug(name),
                "place {place} of {}'s sheet shows {}, not {name}",
                deck["Nickname"],
                best.0
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 24);
}

#[test]
fn a_game_with_an_error_gets_no_save_and_the_error_says_where() {
    let dir = TestDir::new("tts-broken");
    crate::common::copy_project(&dir);
    // A counter too wide for the pitch's squares: the board's rule refuses it.
    let counters = dir.read_string("layouts/dice-football/counters.toml");
    let broken = crate::common::replace_line(&counters, "diameter = 17.5", "diameter = 40.0");
    dir.write("layouts/dice-football/counters.toml", &broken);
    let run = dir.run(&["tts", "dice-football", "--lang", "en"]);
    run.expect_code(1);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains("error[") && said.contains("layouts/dice-football/counters.toml"),
        "{said}"
    );
    assert!(said.contains("dice-football save: not written"), "{said}");
    assert!(
        !dir.join("output/dice-football/tts").exists(),
        "nothing written for a game with an error"
    );
}

#[test]
fn a_new_save_removes_the_images_an_earlier_one_in_its_language_wrote_and_this_one_does_not() {
    let dir = TestDir::new("tts-stale");
    let out = dir.path().to_string_lossy().into_owned();
    run_in(
        project_root(),
        &["tts", "path-football", "--lang", "en,es", "--out", &out],
    )
    .expect_code(0);
    // What an earlier save wrote and this one will not: a sheet of each
    // language, as each language's record of what it wrote names it.
    let stale_en = dir.write("path-football/tts/images/deck-9-en.png", "old");
    let stale_es = dir.write("path-football/tts/images/deck-9.png", "old");
    for (lang, name) in [("en", "deck-9-en.png"), ("es", "deck-9.png")] {
        let record = format!("path-football/tts/.pitchprint/path-football.{lang}.written");
        let text = dir.read_string(&record);
        dir.write(&record, &format!("{text}images/{name}\n"));
    }
    // The user's own files beside the save, named as a save's could be.
    let theirs = [
        "path-football/tts/images/holiday.png",
        "path-football/tts/images/deck-7-en.png",
        "path-football/tts/mis-notas.pdf",
        "path-football/tts/notes-en.pdf",
    ];
    for f in theirs {
        dir.write(f, "theirs");
    }
    let run = run_in(project_root(), &["tts", "path-football", "--lang", "en", "--out", &out]);
    run.expect_code(0);
    assert!(!stale_en.exists(), "the English save's stale image is removed");
    assert!(stale_es.exists(), "the Spanish save's files are its own: left alone");
    for f in theirs {
        assert_eq!(
            dir.read_string(f),
            "theirs",
            "{f}: a file the save never wrote is the user's"
        );
    }
    let save: Value = serde_json::from_slice(&dir.read("path-football/tts/path-football-en.json")).expect("json");
    let root = std::path::absolute(dir.join("path-football/tts")).expect("absolute");
    let named = urls(&save);
    for url in &named {
        written_file(url, &root);
    }
    // The record names what the save wrote: every file its save names and
    // the save itself, not the removed sheet nor the user's files.
    let record = dir.read_string("path-football/tts/.pitchprint/path-football.en.written");
    let listed: Vec<&str> = record.lines().filter(|l| !l.starts_with('#')).collect();
    assert!(listed.contains(&"path-football-en.json"), "{record}");
    assert!(
        !listed
            .iter()
            .any(|l| l.contains("deck-9") || l.contains("holiday") || l.contains("notes")),
        "{record}"
    );
    for url in &named {
        assert!(
            listed.iter().any(|l| url.ends_with(l)),
            "{url} not in the record:\n{record}"
        );
    }
}

#[test]
fn a_save_never_removes_a_file_through_a_linked_folder_nor_one_its_record_points_out_of() {
    let dir = TestDir::new("tts-linked");
    let out = dir.path().to_string_lossy().into_owned();
    run_in(project_root(), &["tts", "path-football", "--lang", "en", "--out", &out]).expect_code(0);
    // The user moved the images to a folder of theirs and linked it back;
    // the folder also holds their photos.
    let images = dir.join("path-football/tts/images");
    let moved = dir.join("my-pictures");
    std::fs::rename(&images, &moved).expect("move");
    std::os::unix::fs::symlink(&moved, &images).expect("link");
    let photo = dir.write("my-pictures/deck-9-en.png", "theirs");
    let outside = dir.write("secret.txt", "theirs");
    // A record edited (or written by someone else) to name files outside
    // the folder, or behind the link.
    let record = "path-football/tts/.pitchprint/path-football.en.written";
    dir.write(
        record,
        &format!("images/deck-9-en.png\n../../secret.txt\n{}\n", outside.display()),
    );
    run_in(project_root(), &["tts", "path-football", "--lang", "en", "--out", &out]).expect_code(0);
    assert_eq!(
        std::fs::read_to_string(&photo).unwrap(),
        "theirs",
        "a file behind a link stays"
    );
    assert_eq!(
        std::fs::read_to_string(&outside).unwrap(),
        "theirs",
        "a file outside the folder stays"
    );
}

/// A kind the program does not ship, as a developer adds one: a deck's
/// pages and, through its declared capabilities, its cards (`cards`), dice
/// of its own (`dice`), or neither.
#[derive(Debug)]
struct NewKind {
    pages: std::sync::Arc<dyn pitchprint::components::resolved::Resolved>,
    cards: bool,
    dice: bool,
}

impl pitchprint::components::resolved::Resolved for NewKind {
    fn compose(&self) -> pitchprint::scene::page::Document {
        self.pages.compose()
    }

    fn check(
        &self,
        source: &pitchprint::input::source::Source,
        doc: &pitchprint::scene::page::Document,
    ) -> Vec<pitchprint::diag::Finding> {
        self.pages.check(source, doc)
    }

    fn as_cards(&self) -> Option<&dyn pitchprint::components::resolved::Cards> {
        self.pages.as_cards().filter(|_| self.cards)
    }

    fn as_dice(&self) -> Option<&dyn pitchprint::components::resolved::Dice> {
        self.dice.then_some(self as &dyn pitchprint::components::resolved::Dice)
    }
}

impl pitchprint::components::resolved::Dice for NewKind {
    fn edge(&self) -> pitchprint::geom::Mm {
        pitchprint::geom::Mm(14.0)
    }

    fn dice(&self) -> Vec<(String, pitchprint::color::Color)> {
        vec![
            ("Amber".to_string(), pitchprint::color::Color::rgb(0xff, 0xbf, 0x00)),
            ("Slate".to_string(), pitchprint::color::Color::rgb(0x40, 0x50, 0x60)),
        ]
    }
}

#[test]
fn a_new_kind_is_laid_on_the_table_by_what_it_declares_and_one_it_cannot_place_is_a_finding() {
    use pitchprint::components::placement::Role;
    use pitchprint::diag::code::Code;
    use pitchprint::kit::shelf::Built;
    use pitchprint::tts::images::{Files, Urls};
    use pitchprint::tts::lay::Laying;

    // A deck of four players, one printed twice: five cards, two goalkeepers
    // and three defenders.
    let csv = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity\n\
        Ana Roble,Club Uno,GK,1,1,0,2,3,31,,\n\
        Eva Sauce,Club Uno,GK,0,0,0,2,1,11,,\n\
        Pau Zamora,Club Dos,DF,2,0,0,0,0,9,,2\n\
        Leo Duero,Club Dos,DF,1,1,0,0,0,4,,\n";
    let dir = crate::common::deck_project("tts-new-kind", csv);
    let overrides = pitchprint::layout::resolve::Overrides {
        lang: Some("en".to_string()),
        ..Default::default()
    };
    let deck = pitchprint::pipeline::Pipeline::new(&pitchprint::input::world::Disk)
        .load(&dir.join("layouts/league/deck.toml"), &overrides)
        .expect("the deck loads");
    let doc = pitchprint::pipeline::compose(&deck);
    let as_kind = |kind: &'static str, cards: bool, dice: bool| Built {
        loaded: pitchprint::components::resolved::Loaded {
            kind,
            layout: std::sync::Arc::new(NewKind {
                pages: deck.layout.clone(),
                cards,
                dice,
            }),
            ..deck.clone()
        },
        doc: doc.clone(),
    };
    let tally = as_kind("tally-cards", true, false);
    let bones = as_kind("bone-dice", false, true);
    let blank = as_kind("blank-cards", false, false);
    let layout = |name: &str| dir.join(format!("layouts/league/{name}.toml"));
    let parts = [
        (layout("tally"), Role::Cards, &tally),
        (layout("bones"), Role::Dice, &bones),
        (layout("blank"), Role::Cards, &blank),
        (layout("blank-dice"), Role::Dice, &blank),
    ];
    let mut laying = Laying::new(Files::new(Urls::Base("https://example.org/t".to_string())), "en", None);
    pitchprint::tts::lay(&mut laying, &parts).expect("the images are drawn");
    let (objects, files, findings) = laying.finish();
    let objects: Vec<Value> = objects.iter().map(|o| serde_json::to_value(o).unwrap()).collect();

    // The new kind's cards: every printed card, copies counted, in a deck
    // for each position, named from the sheet, their sheets among the files.
    let decks: Vec<&Value> = objects.iter().filter(|o| o["Name"] == "Deck").collect();
    let mut names: Vec<String> = decks
        .iter()
        .flat_map(|d| d["ContainedObjects"].as_array().expect("cards"))
        .map(|c| c["Nickname"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["Ana Roble", "Eva Sauce", "Leo Duero", "Pau Zamora", "Pau Zamora"],
        "{decks:?}"
    );
    assert_eq!(decks.len(), 2, "a deck for each position");
    assert!(
        files.iter().any(|(name, _)| name == "images/tally-1-en.png"),
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );

    // The new kind's dice: TTS's own, in its colours.
    let dice: Vec<(String, f64, f64)> = objects
        .iter()
        .filter(|o| o["Name"] == "Die_6")
        .map(|o| {
            (
                o["Nickname"].as_str().unwrap().to_string(),
                num(&o["ColorDiffuse"]["g"]),
                num(&o["ColorDiffuse"]["b"]),
            )
        })
        .collect();
    assert_eq!(dice.len(), 2, "{dice:?}");
    assert_eq!(dice[0].0, "Amber");
    assert!(
        (dice[0].1 - 191.0 / 255.0).abs() < 1e-3 && dice[0].2.abs() < 1e-9,
        "{dice:?}"
    );
    assert_eq!(dice[1].0, "Slate");

    // Placed as cards and as dice, but declaring neither: nothing on the
    // table for it, and a finding at its file that says what to do.
    assert_eq!(objects.len(), 4, "two decks and two dice, nothing for the blank kind");
    let unplaced: Vec<_> = findings.iter().filter(|f| f.code == Code::TtsPart).collect();
    assert_eq!(unplaced.len(), 2, "{findings:?}");
    for (f, (file, capability)) in unplaced.iter().zip([("blank", "as_cards"), ("blank-dice", "as_dice")]) {
        assert!(!f.is_error(), "the rest of the save is written: {f:?}");
        assert_eq!(f.location.file, layout(file));
        assert!(f.message.contains("blank-cards"), "names the kind: {}", f.message);
        let hint = f.hint.as_deref().unwrap_or_default();
        assert!(hint.contains(capability) && hint.contains("PLACE"), "{hint}");
    }
}
