//! `pitchprint new card-deck [--from players.xlsx]`: a deck layout whose
//! `[columns]` are mapped from the spreadsheet's own header, read by the
//! deck's own reader ([`spreadsheet::read`]), and whose `[positions]` name
//! the sheet's own words for the positions.
//!
//! A header matches a card field when, in any case and without accents,
//! it is one of the field's words in Spanish, English or Catalan
//! ("Nombre", "Name", "Nom" are the name), or the column the deck reads by
//! default ("good_passes"). A column nobody matches is listed in a comment;
//! a field no column matches keeps its default, and the build says which
//! column it looks for.

use std::path::{Path, PathBuf};

use crate::components::card_deck::layout::{Columns, Position, RawColumns};
use crate::layout::scaffold::{Ask, Documented, Key, Shown};
use crate::spreadsheet::{self, Dialect};

/// The words a header may use for each card field, compared without case
/// or accents, in Spanish, English and Catalan.
fn field_words() -> Vec<(&'static str, &'static [&'static str])> {
    let k = Columns::KEY;
    vec![
        (
            k.name,
            &[
                "name",
                "player",
                "player name",
                "full name",
                "nombre",
                "jugador",
                "jugadora",
                "nom",
                "nom complet",
            ],
        ),
        (k.team, &["team", "club", "side", "equipo", "equip"]),
        (
            k.position,
            &[
                "position",
                "pos",
                "role",
                "posicion",
                "demarcacion",
                "puesto",
                "posicio",
                "rol",
            ],
        ),
        (
            k.passes,
            &[
                "passes",
                "good passes",
                "pases",
                "pases buenos",
                "buenos pases",
                "passades",
                "passades bones",
                "bones passades",
            ],
        ),
        (
            k.won,
            &[
                "won",
                "balls won",
                "recoveries",
                "balones ganados",
                "balones robados",
                "balones recuperados",
                "recuperaciones",
                "robos",
                "pilotes robades",
                "pilotes guanyades",
                "recuperacions",
            ],
        ),
        (
            k.shots,
            &[
                "shots",
                "shots on goal",
                "tiros",
                "tiros a puerta",
                "remates",
                "remates a puerta",
                "xuts",
                "xuts a porteria",
                "xuts a porta",
            ],
        ),
        (
            k.conceded,
            &[
                "conceded",
                "goals conceded",
                "goals against",
                "goles encajados",
                "encajados",
                "goles en contra",
                "goles recibidos",
                "gols encaixats",
                "encaixats",
                "gols en contra",
            ],
        ),
        (k.saves, &["saves", "paradas", "atajadas", "aturades"]),
        (
            k.price,
            &["price", "value", "cost", "precio", "valor", "coste", "preu", "cost"],
        ),
        (
            k.photo,
            &["photo", "picture", "image", "foto", "fotografia", "imagen", "imatge"],
        ),
        (
            k.quantity,
            &[
                "quantity",
                "copies",
                "count",
                "cantidad",
                "copias",
                "quantitat",
                "copies",
            ],
        ),
        (k.focus_x, &["focus x", "foco x", "enfoque x", "focus horizontal"]),
        (k.focus_y, &["focus y", "foco y", "enfoque y", "focus vertical"]),
    ]
}

/// Whether a header names the copies of each card, by the words the
/// quantity field takes (`Cantidad`, `Copies`).
pub fn is_quantity(header: &str) -> bool {
    let quantity = Columns::KEY.quantity;
    let p = plain(header);
    field_words()
        .into_iter()
        .find(|(field, _)| *field == quantity)
        .is_some_and(|(_, words)| words.contains(&p.as_str()))
}

/// The sheet's words for the positions, in Spanish, English and Catalan, on
/// top of the codes the deck reads itself (GK, POR, ...).
const POSITION_WORDS: [(&str, &[&str]); 4] = [
    (
        "GK",
        &[
            "goalkeeper",
            "keeper",
            "goalie",
            "portero",
            "portera",
            "arquero",
            "arquera",
            "guardameta",
            "porter",
        ],
    ),
    (
        "DF",
        &[
            "defender",
            "defence",
            "defense",
            "back",
            "defensa",
            "defensor",
            "defensora",
            "central",
            "lateral",
        ],
    ),
    (
        "MF",
        &[
            "midfielder",
            "midfield",
            "centrocampista",
            "mediocampista",
            "medio",
            "volante",
            "migcampista",
            "mig",
        ],
    ),
    (
        "FW",
        &[
            "forward",
            "striker",
            "attacker",
            "delantero",
            "delantera",
            "atacante",
            "davanter",
            "davantera",
        ],
    ),
];

/// A header as the matching compares it: lower case, accents off, any run
/// of other characters (`_`, `-`, `.`) one space.
pub fn plain(header: &str) -> String {
    let mut out = String::new();
    for c in header.to_lowercase().chars() {
        let c = match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            'ç' => 'c',
            c => c,
        };
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim().to_string()
}

/// What the spreadsheet's header gave the deck layout.
pub struct Mapped {
    /// `[columns]`: each card field's column, the header's where one matched.
    pub columns: Vec<Key>,
    /// `[positions]`: the sheet's words for the positions.
    pub positions: Vec<Key>,
    /// Comments for the end of the file: the columns no field took, the
    /// position words not understood.
    pub notes: Vec<String>,
    /// One line on what was matched, for the command's output.
    pub summary: String,
    /// Whether the sheet is a player's: it has a position column and a
    /// stat column. Else its cards are generic ([`generic_scaffold`](super::generic_scaffold)).
    pub player: bool,
    /// The sheet as read.
    pub sheet: spreadsheet::Sheet,
}

/// The deck's `[columns]` keys, each field mapped to its column in
/// `headers` where one matches; the headers no field took.
pub fn map_columns(headers: &[String]) -> (Vec<Key>, Vec<String>, usize) {
    let defaults = RawColumns::default();
    let mut keys = defaults.scaffold_keys();
    let default_of = |key: &Key| match &key.shown {
        Shown::Value(toml::Value::String(s)) => plain(s),
        _ => String::new(),
    };
    let mut taken = vec![false; headers.len()];
    let mut matched = 0;
    let k = Columns::KEY;
    let optional = [k.photo, k.quantity, k.focus_x, k.focus_y];
    for (dotted, words) in field_words() {
        let field = dotted.rsplit('.').next().unwrap_or(dotted);
        let Some(key) = keys.iter_mut().find(|key| key.name == field) else {
            continue;
        };
        let by_default = default_of(key);
        let found = headers.iter().enumerate().find(|(i, h)| {
            let p = plain(h);
            !taken[*i] && !p.is_empty() && (p == by_default || words.contains(&p.as_str()))
        });
        match found {
            Some((i, header)) => {
                taken[i] = true;
                matched += 1;
                key.shown = Shown::Value(toml::Value::String(header.clone()));
            }
            None if optional.contains(&dotted) => {
                key.doc.push_str(" No column of the sheet matched: left out.");
                key.shown = Shown::Unset;
            }
            None => {
                key.doc
                    .push_str(" No column of the sheet matched: write its header here.");
            }
        }
    }
    let unused = headers
        .iter()
        .zip(&taken)
        .filter(|(h, t)| !**t && !h.trim().is_empty())
        .map(|(h, _)| h.clone())
        .collect();
    (keys, unused, matched)
}

/// The position a sheet's word stands for, by the words above.
pub fn position_of(word: &str) -> Option<&'static str> {
    let p = plain(word);
    POSITION_WORDS
        .iter()
        .find(|(_, words)| words.contains(&p.as_str()))
        .map(|(code, _)| *code)
}

/// The `[positions]` keys for the words of the position column the deck
/// does not read itself, and the words not understood.
fn map_positions(sheet: &spreadsheet::Sheet, column: Option<usize>) -> (Vec<Key>, Vec<String>) {
    let Some(col) = column else {
        return (Vec::new(), Vec::new());
    };
    let mut words: Vec<String> = Vec::new();
    for row in sheet.rows.iter().flatten() {
        let cell = row.get(col);
        let cell = cell.trim();
        if !cell.is_empty() && Position::parse(cell).is_none() && !words.iter().any(|w| w.eq_ignore_ascii_case(cell)) {
            words.push(cell.to_string());
        }
    }
    let mut keys = Vec::new();
    let mut unknown = Vec::new();
    for word in words {
        match position_of(&word) {
            Some(code) => keys.push(Key::new(
                &toml_key(&word),
                &[],
                "",
                Shown::Value(toml::Value::String(code.to_string())),
            )),
            None => unknown.push(word),
        }
    }
    (keys, unknown)
}

/// `word` as a TOML key: bare when it can be, else quoted.
pub fn toml_key(word: &str) -> String {
    if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        word.to_string()
    } else {
        toml::Value::String(word.to_string()).to_string()
    }
}

impl Mapped {
    /// The sheet's column the photo field was mapped to, if any.
    pub fn photo_column(&self) -> Option<usize> {
        let name = Columns::KEY.photo.rsplit('.').next()?;
        self.columns
            .iter()
            .find(|k| k.name == name)
            .and_then(|k| match &k.shown {
                Shown::Value(toml::Value::String(h)) => self.sheet.headers.iter().position(|x| x == h),
                _ => None,
            })
    }
}

/// Reads the spreadsheet `from` and maps the deck's columns and positions
/// from it.
pub fn map(ask: &Ask<'_>, from: &Path) -> Result<Mapped, String> {
    let sheet = spreadsheet::read(ask.world, from, &Dialect::default()).map_err(|findings| {
        let why: Vec<String> = findings.iter().map(|f| f.message.clone()).collect();
        format!("cannot read {}: {}", from.display(), why.join("; "))
    })?;
    if sheet.headers.len() < 2 {
        // Another kind of file: named, and what it holds is not quoted.
        return Err(format!(
            "cannot read {}: it is not a spreadsheet of cards (its first row has no cells, no , ; or tab between them); \
             name the players' spreadsheet, with the column names in its first row",
            from.display()
        ));
    }
    let (columns, unused, matched) = map_columns(&sheet.headers);
    let position_col = columns
        .iter()
        .find(|k| Some(k.name.as_str()) == Columns::KEY.position.rsplit('.').next())
        .and_then(|k| match &k.shown {
            Shown::Value(toml::Value::String(h)) => sheet.headers.iter().position(|x| x == h),
            _ => None,
        });
    let (positions, unknown) = map_positions(&sheet, position_col);
    let mut notes = Vec::new();
    if !unused.is_empty() {
        notes.push(format!(
            "Columns of {} no card field reads: {}. Map one under [columns] if it holds a card field under another name.",
            from.display(),
            unused.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ")
        ));
    }
    if !unknown.is_empty() {
        notes.push(format!(
            "Words of the position column not understood: {}. Write each under [positions] as \"word\" = \"GK\", \"DF\", \"MF\" or \"FW\".",
            unknown.iter().map(|u| format!("\"{u}\"")).collect::<Vec<_>>().join(", ")
        ));
    }
    let summary = format!(
        "{matched} of {} card fields mapped from the header of {}{}",
        columns.len(),
        from.display(),
        if unused.is_empty() {
            String::new()
        } else {
            format!("; {} column(s) unused", unused.len())
        }
    );
    let k = Columns::KEY;
    let matched = |field: &str| {
        let name = field.rsplit('.').next().unwrap_or(field);
        columns.iter().any(|key| {
            key.name == name && matches!(&key.shown, Shown::Value(toml::Value::String(h)) if sheet.headers.contains(h))
        })
    };
    let player = matched(k.position) && [k.passes, k.won, k.shots].into_iter().any(matched);
    Ok(Mapped {
        columns,
        positions,
        notes,
        summary,
        player,
        sheet,
    })
}

/// `path` as the layout at `layout` names it: relative to the layout's
/// folder when both can be made absolute, else as given.
pub fn relative_to_layout(layout: &Path, path: &Path) -> String {
    let absolute = |p: &Path| std::path::absolute(p).ok().map(|p| crate::input::world::tidy(&p));
    let dir = layout.parent().unwrap_or(Path::new(""));
    let (Some(from), Some(to)) = (absolute(dir), absolute(path)) else {
        return path.display().to_string();
    };
    let from: Vec<_> = from.components().collect();
    let to: Vec<_> = to.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return path.display().to_string();
    }
    let mut rel = PathBuf::new();
    for _ in common..from.len() {
        rel.push("..");
    }
    for part in &to[common..] {
        rel.push(part.as_os_str());
    }
    // Written with `/` on every system: the layout may travel.
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The card template nearest the layout: `templates/cards/player.toml` (or
/// the first template there) in the layout's folder or one above it.
pub fn nearest_template(ask: &Ask<'_>) -> Option<PathBuf> {
    let folder = crate::i18n::templates_folder(ask.world, ask.layout, "cards")?;
    let player = folder.join("player.toml");
    if ask.world.is_file(&player) {
        return Some(player);
    }
    let mut found: Vec<PathBuf> = ask
        .world
        .list(&folder)
        .ok()?
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    found.sort();
    found.into_iter().next()
}

/// The card template pitchprint ships, written beside a deck that has none.
pub const SHIPPED_TEMPLATE: &str = include_str!("../../../templates/cards/player.toml");

/// The folders a sheet's pictures are looked for in, below the sheet's own.
const PICTURE_FOLDERS: [&str; 8] = [
    "photos",
    "pictures",
    "images",
    "img",
    "fotos",
    "imagenes",
    "imatges",
    "fotografias",
];

/// The folder holding the files the sheet's column `col` names: beside the
/// sheet (`None`: the deck's default) or in one of [`PICTURE_FOLDERS`]
/// next to it, the one that holds the most of them; `None` too when no
/// folder holds any (the build then says which are missing).
pub fn picture_folder(ask: &Ask<'_>, from: &Path, sheet: &spreadsheet::Sheet, col: usize) -> Option<PathBuf> {
    let base = from.parent().unwrap_or(Path::new("")).to_path_buf();
    let names = sheet.filled(col);
    let held = |dir: &Path| names.iter().filter(|n| ask.world.is_file(&dir.join(n))).count();
    let beside = held(&base);
    let (best, count) = PICTURE_FOLDERS
        .iter()
        .map(|f| base.join(f))
        .map(|dir| {
            let n = held(&dir);
            (dir, n)
        })
        .max_by_key(|(_, n)| *n)?;
    (count > beside).then_some(best)
}
