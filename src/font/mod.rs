//! The bundled fonts and their metrics. It depends on nothing of the crate
//! but the geometry ([`crate::geom`]), so every stage may use it.
//!
//! pitchprint ships its fonts inside the binary (DejaVu, from the `dejavu` crate),
//! so a fresh machine needs nothing but cargo and every machine measures the same.
//! Widths are the sum of the font's own glyph advances: the same numbers the PDF
//! writer uses, so a label measured to fit does fit on paper.

pub mod chars;

use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};

use crate::geom::{MM_PER_PT, Mm};

/// The characters that stand for an icon in a text once it is read
/// (`:ball:` becomes one of them, [`crate::icons::marked`]): Unicode's
/// private use area, which no text of a game writes. A font measures each
/// as an icon's advance and never draws it: the icon is drawn in its place.
pub const ICON_MARKS: std::ops::RangeInclusive<char> = '\u{E000}'..='\u{E0FF}';

/// An icon's advance in a line of text, in ems.
pub const ICON_ADVANCE_EM: f64 = 1.15;

/// The faces pitchprint can set text in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FontFace {
    /// DejaVu Sans.
    Sans,
    /// DejaVu Sans Bold.
    SansBold,
    /// DejaVu Sans Oblique (emphasis in rule sheets).
    SansOblique,
    /// A font file a layout names (a card template's own font).
    Loaded(&'static LoadedFont),
}

/// A TrueType or OpenType font read from a file, parsed once and kept for
/// the life of the process: [`load`] hands out one per distinct content, so
/// building the same deck again does not load it again.
pub struct LoadedFont {
    /// A hash of the file's bytes: what tells two fonts apart.
    hash: u64,
    /// The file.
    data: &'static [u8],
    /// The parsed face.
    face: ttf_parser::Face<'static>,
    /// Whether it is a bold face (it sets SVG's weight).
    bold: bool,
    /// A family name of its own, from its hash, so that a renderer never
    /// takes it for a system font of the same name.
    family: String,
    /// How far its ink really reaches above and below the baseline, in
    /// font units ([`real_extents`]): what its lines are placed by.
    extents: (f64, f64),
    /// Its glyphs' metrics ([`Glyphs`]), read when it is loaded: a lazy
    /// cell here would make the font a key with interior mutability to the
    /// maps that hold faces.
    glyphs: Glyphs,
}

impl std::fmt::Debug for LoadedFont {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LoadedFont({})", self.family)
    }
}

impl PartialEq for LoadedFont {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
    }
}
impl Eq for LoadedFont {}
impl Hash for LoadedFont {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.hash.hash(h);
    }
}
impl PartialOrd for LoadedFont {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for LoadedFont {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.hash.cmp(&other.hash)
    }
}

/// The fonts loaded so far, by the hash of their bytes.
fn registry() -> &'static Mutex<BTreeMap<u64, &'static LoadedFont>> {
    static FONTS: OnceLock<Mutex<BTreeMap<u64, &'static LoadedFont>>> = OnceLock::new();
    FONTS.get_or_init(|| Mutex::new(BTreeMap::new()))
}

/// The face in `bytes` (a TTF or OTF file), parsed once per distinct
/// content; the reason in words when it is not a font.
pub fn load(bytes: &[u8], bold: bool) -> Result<FontFace, String> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (bytes, bold).hash(&mut h);
    let hash = h.finish();
    let mut fonts = registry().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(font) = fonts.get(&hash) {
        return Ok(FontFace::Loaded(font));
    }
    ttf_parser::Face::parse(bytes, 0).map_err(|e| format!("it is not a TrueType or OpenType font ({e})"))?;
    // Kept for the process's life: a face borrows its bytes, and fonts are
    // few (one per distinct file), so they are leaked once, not per build.
    let data: &'static [u8] = Box::leak(bytes.to_vec().into_boxed_slice());
    let face = ttf_parser::Face::parse(data, 0).map_err(|e| e.to_string())?;
    let extents = real_extents(&face);
    let glyphs = Glyphs::read(&face);
    let font: &'static LoadedFont = Box::leak(Box::new(LoadedFont {
        hash,
        data,
        face,
        bold,
        family: format!("pitchprint-{hash:016x}"),
        extents,
        glyphs,
    }));
    fonts.insert(hash, font);
    Ok(FontFace::Loaded(font))
}

/// The characters whose ink a font's lines make room for: the Latin
/// letters, digits and signs of the languages pitchprint sets (ASCII,
/// Latin-1 and Latin Extended-A: Spanish, Portuguese, Catalan's ŀ and every
/// accented capital of Western and Central Europe).
const LATIN: [std::ops::RangeInclusive<u32>; 2] = [0x21..=0x7E, 0xA1..=0x17F];

/// How far a face's ink reaches above and below the baseline (both
/// positive, in font units): its ascender and descender, or further where
/// a Latin glyph it has goes beyond them. Many stock fonts (URW Gothic,
/// Nimbus Sans, TeX Gyre Adventor) set their ascender at the height of a
/// capital and let the accent of an É rise a fifth of an em above it: a
/// line placed by the ascender alone would print its accents over the line
/// above, or out of its box.
fn real_extents(face: &ttf_parser::Face<'_>) -> (f64, f64) {
    let mut up = f64::from(face.ascender());
    let mut down = -f64::from(face.descender());
    for c in LATIN.iter().flat_map(|r| r.clone()).filter_map(char::from_u32) {
        let Some(b) = face.glyph_index(c).and_then(|g| face.glyph_bounding_box(g)) else {
            continue;
        };
        up = up.max(f64::from(b.y_max));
        down = down.max(-f64::from(b.y_min));
    }
    (up, down)
}

/// What measuring reads of one character's glyph in a face: its id (`None`
/// when the face lacks it), its advance and its ink box, in font units.
/// Reading them asks the font's tables each time (the character map, the
/// horizontal metrics and, for the ink box, the whole outline), and the
/// checker measures every label and its ink over and over: kept once per
/// face ([`Glyphs`]), they are the numbers the tables give, read once.
#[derive(Clone, Copy, Debug)]
struct Glyph {
    /// The glyph drawn for the character, if the face has one.
    id: Option<ttf_parser::GlyphId>,
    /// The advance of the glyph drawn: `.notdef`'s when there is none.
    advance: u16,
    /// The ink of the glyph drawn; `None` for a blank.
    ink: Option<ttf_parser::Rect>,
}

impl Glyph {
    /// Reads `c`'s glyph from the font's tables; a missing glyph is measured
    /// as the face's `.notdef` (glyph 0), as a renderer draws it.
    fn read(face: &ttf_parser::Face<'_>, c: char) -> Glyph {
        let id = face.glyph_index(c);
        let drawn = id.unwrap_or(ttf_parser::GlyphId(0));
        Glyph {
            id,
            advance: face.glyph_hor_advance(drawn).unwrap_or(0),
            ink: face.glyph_bounding_box(drawn),
        }
    }
}

/// The characters whose glyphs a face keeps ([`Glyphs`]): the Latin letters
/// of every language pitchprint sets (ASCII to Latin Extended-B) and the
/// typographic quotes and dashes (General Punctuation). Any other character
/// is read from the tables each time it is measured: a dense table of a
/// few hundred entries per face, with no lock, rather than a map behind one.
const KEPT: [std::ops::Range<u32>; 2] = [0..0x250, 0x2000..0x2070];

/// One face's [`Glyph`]s of the [`KEPT`] characters, read together (a
/// bundled face's the first time it is measured, a loaded one's when it is
/// loaded) and kept for the process, as the faces are. Never written after,
/// so the same for every thread and run: what is measured does not change.
#[derive(Debug)]
struct Glyphs(Vec<Glyph>);

impl Glyphs {
    /// Reads every kept character's glyph of `face`.
    fn read(face: &ttf_parser::Face<'_>) -> Glyphs {
        let chars = KEPT.iter().flat_map(|r| r.clone());
        // Surrogates are no `char`: their places hold a missing glyph, never asked for.
        let missing = Glyph {
            id: None,
            advance: 0,
            ink: None,
        };
        Glyphs(
            chars
                .map(|u| char::from_u32(u).map_or(missing, |c| Glyph::read(face, c)))
                .collect(),
        )
    }

    /// `c`'s place in the table, if it is kept.
    fn place(c: char) -> Option<usize> {
        let mut start = 0;
        for r in &KEPT {
            if r.contains(&u32::from(c)) {
                return Some(start + (u32::from(c) - r.start) as usize);
            }
            start += r.len();
        }
        None
    }
}

/// The faces a game's texts are set in: the bundled DejaVu unless the game
/// file or the printer profile names fonts of its own
/// ([`crate::layout::fonts`]). A component sets running text in `regular`,
/// headings, names and numbers in `bold`, emphasis in `italic`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fonts {
    /// Running text.
    pub regular: FontFace,
    /// Headings, names, numbers, strong words.
    pub bold: FontFace,
    /// Emphasis.
    pub italic: FontFace,
}

impl Fonts {
    /// The bundled faces: DejaVu Sans, Sans Bold and Sans Oblique.
    pub const DEJAVU: Fonts = Fonts {
        regular: FontFace::Sans,
        bold: FontFace::SansBold,
        italic: FontFace::SansOblique,
    };

    /// The three faces, regular first.
    pub fn all(&self) -> [FontFace; 3] {
        [self.regular, self.bold, self.italic]
    }

    /// Whether a face is a font file of the person's own (a finding's hint
    /// then speaks of their font, not of DejaVu).
    pub fn are_own(&self) -> bool {
        self.all().iter().any(|f| f.loaded().is_some())
    }

    /// Where in a multi-line `text` one of the faces lacks a glyph (a rule
    /// text sets any word in any of them): (line, column, character),
    /// 1-based, each place once.
    pub fn missing_glyphs_at(&self, text: &str) -> Vec<(usize, usize, char)> {
        let mut faces: Vec<FontFace> = self.all().to_vec();
        faces.dedup();
        // A set: a hostile text of many missing characters stays linear.
        let places: BTreeSet<(usize, usize, char)> =
            faces.iter().flat_map(|face| face.missing_glyphs_at(text)).collect();
        places.into_iter().collect()
    }
}

impl Default for Fonts {
    fn default() -> Fonts {
        Fonts::DEJAVU
    }
}

impl FontFace {
    /// Every face, in a fixed order (exporters embed them in this order).
    pub const ALL: [FontFace; 3] = [FontFace::Sans, FontFace::SansBold, FontFace::SansOblique];

    /// The TrueType file.
    pub fn data(self) -> &'static [u8] {
        match self {
            FontFace::Sans => dejavu::sans::regular(),
            FontFace::SansBold => dejavu::sans::bold(),
            FontFace::SansOblique => dejavu::sans::oblique(),
            FontFace::Loaded(f) => f.data,
        }
    }

    /// The family name, as SVG's `font-family` needs it.
    pub fn family(self) -> &'static str {
        match self {
            FontFace::Loaded(f) => &f.family,
            _ => "DejaVu Sans",
        }
    }

    /// The loaded font, for a face read from a file.
    pub fn loaded(self) -> Option<&'static LoadedFont> {
        match self {
            FontFace::Loaded(f) => Some(f),
            _ => None,
        }
    }

    /// Whether the face is oblique (SVG `font-style`).
    pub fn is_italic(self) -> bool {
        matches!(self, FontFace::SansOblique)
    }

    /// Whether the face is bold (SVG `font-weight`).
    pub fn is_bold(self) -> bool {
        match self {
            FontFace::Loaded(f) => f.bold,
            _ => matches!(self, FontFace::SansBold),
        }
    }

    /// The parsed face, for its glyph outlines.
    pub fn face(self) -> &'static ttf_parser::Face<'static> {
        if let FontFace::Loaded(f) = self {
            return &f.face;
        }
        static SANS: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
        static BOLD: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
        static OBLIQUE: OnceLock<ttf_parser::Face<'static>> = OnceLock::new();
        let cell = match self {
            FontFace::Sans => &SANS,
            FontFace::SansBold => &BOLD,
            FontFace::SansOblique | FontFace::Loaded(_) => &OBLIQUE,
        };
        cell.get_or_init(|| {
            // The bytes are compiled in from a published crate: a parse failure is
            // a broken build, not bad input.
            ttf_parser::Face::parse(self.data(), 0).expect("the bundled DejaVu font parses")
        })
    }

    /// `c`'s glyph in this face: from the face's kept table ([`Glyphs`])
    /// when it is one of the [`KEPT`] characters, else from the tables.
    fn glyph(self, c: char) -> Glyph {
        let Some(place) = Glyphs::place(c) else {
            return Glyph::read(self.face(), c);
        };
        static SANS: OnceLock<Glyphs> = OnceLock::new();
        static BOLD: OnceLock<Glyphs> = OnceLock::new();
        static OBLIQUE: OnceLock<Glyphs> = OnceLock::new();
        let cell = match self {
            FontFace::Sans => &SANS,
            FontFace::SansBold => &BOLD,
            FontFace::SansOblique => &OBLIQUE,
            FontFace::Loaded(f) => return f.glyphs.0[place],
        };
        cell.get_or_init(|| Glyphs::read(self.face())).0[place]
    }

    fn units_per_em(self) -> f64 {
        self.face().units_per_em() as f64
    }

    /// Whether the font has a glyph for `c` (nothing may be silently dropped).
    pub fn has_glyph(self, c: char) -> bool {
        self.glyph(c).id.is_some()
    }

    /// The characters of `text` the font cannot draw, in order of appearance.
    pub fn missing_glyphs(self, text: &str) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for c in text.chars() {
            if !c.is_control() && !ICON_MARKS.contains(&c) && !self.has_glyph(c) && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// Where in a multi-line `text` (a rule text as written) the font lacks
    /// a glyph: (line, column, character), 1-based, for a finding at the
    /// author's own line rather than at the page it lands on.
    pub fn missing_glyphs_at(self, text: &str) -> Vec<(usize, usize, char)> {
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            for (j, c) in line.chars().enumerate() {
                if !c.is_control() && !ICON_MARKS.contains(&c) && !self.has_glyph(c) {
                    out.push((i + 1, j + 1, c));
                }
            }
        }
        out
    }

    /// The advance width of `text` at `size_pt`, from the font's horizontal
    /// metrics (a missing glyph counts as the font's `.notdef`).
    pub fn measure(self, text: &str, size_pt: f64) -> Mm {
        let units: f64 = text
            .chars()
            .map(|c| {
                if ICON_MARKS.contains(&c) {
                    // An icon in a text (crate::icons): its own advance.
                    return ICON_ADVANCE_EM * self.units_per_em();
                }
                f64::from(self.glyph(c).advance)
            })
            .sum();
        Mm(units / self.units_per_em() * size_pt * MM_PER_PT)
    }

    /// How far above and below the baseline the face's lines make room
    /// for, in font units: a font file's real extents ([`real_extents`]);
    /// the bundled DejaVu's ascender and descender, which hold its Latin-1
    /// letters (its tallest, the bold Ã, rises 6 units of 2048 above: far
    /// below what print shows).
    fn extents(self) -> (f64, f64) {
        match self {
            FontFace::Loaded(f) => f.extents,
            _ => (f64::from(self.face().ascender()), -f64::from(self.face().descender())),
        }
    }

    /// How far above the baseline a line of this face reaches at
    /// `size_pt`: its ascender, or the top of its tallest Latin letter where
    /// that rises higher (an accented capital). Lines are placed by it, so a
    /// text that fits its box in these extents is inside it in ink.
    pub fn ascent(self, size_pt: f64) -> Mm {
        Mm(self.extents().0 / self.units_per_em() * size_pt * MM_PER_PT)
    }

    /// How far below the baseline a line of this face reaches at `size_pt`
    /// (positive): its descender, or the foot of its deepest Latin letter
    /// (a Ç's cedilla) where that goes lower.
    pub fn descent(self, size_pt: f64) -> Mm {
        Mm(self.extents().1 / self.units_per_em() * size_pt * MM_PER_PT)
    }

    /// The distance from one baseline of a paragraph to the next at
    /// `size_pt`: `spacing` times the size, or the face's real extents
    /// ([`FontFace::ascent`] and [`FontFace::descent`]) where they are
    /// taller, so that an accented capital clears the descenders of the line
    /// above.
    pub fn leading(self, size_pt: f64, spacing: f64) -> Mm {
        Mm(size_pt * spacing * MM_PER_PT).max(self.ascent(size_pt) + self.descent(size_pt))
    }

    /// The inked box of every glyph of `text` set at `size_pt` from a pen at
    /// the origin of the baseline, in page directions (x to the right, y
    /// down, so the top of a capital is at minus its height), with `word_gap`
    /// added after every space as a justified line has it. Blanks have no
    /// box. What a label really covers: a disc must hold these, not the
    /// line's advance box, whose corners are mostly empty.
    pub fn ink_boxes(self, text: &str, size_pt: f64, word_gap: Mm) -> Vec<(Mm, Mm, Mm, Mm)> {
        let k = size_pt * MM_PER_PT / self.units_per_em();
        let mut pen = 0.0;
        let mut out = Vec::new();
        for c in text.chars() {
            let glyph = self.glyph(c);
            if let Some(b) = glyph.ink {
                out.push((
                    Mm(pen + b.x_min as f64 * k),
                    Mm(-(b.y_max as f64) * k),
                    Mm(pen + b.x_max as f64 * k),
                    Mm(-(b.y_min as f64) * k),
                ));
            }
            pen += f64::from(glyph.advance) * k;
            if c == ' ' {
                pen += word_gap.0;
            }
        }
        out
    }

    /// Height of a capital letter at `size_pt`, for centring labels optically.
    pub fn cap_height(self, size_pt: f64) -> Mm {
        let face = self.face();
        let units = face
            .capital_height()
            .map(|h| h as f64)
            .unwrap_or(0.73 * self.units_per_em());
        Mm(units / self.units_per_em() * size_pt * MM_PER_PT)
    }
}
