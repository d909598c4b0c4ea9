//! The bundled DejaVu faces measured with ttf-parser directly, not through
//! pitchprint's own font module: advances and ink edges for the tests that
//! check where text lands on the page.

use std::sync::OnceLock;

/// One of the faces pitchprint sets text in, as an SVG `<text>` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold (`font-weight="bold"`).
    Bold,
    /// DejaVu Sans Oblique (`font-style="oblique"`).
    Oblique,
}

impl Face {
    /// The face an SVG `<text>` asks for with its weight and style.
    pub fn of_svg(node: roxmltree::Node<'_, '_>) -> Face {
        if node.attribute("font-weight") == Some("bold") {
            Face::Bold
        } else if node
            .attribute("font-style")
            .is_some_and(|s| s == "oblique" || s == "italic")
        {
            Face::Oblique
        } else {
            Face::Regular
        }
    }

    fn parsed(self) -> &'static ttf_parser::Face<'static> {
        static FACES: OnceLock<[ttf_parser::Face<'static>; 3]> = OnceLock::new();
        let faces = FACES.get_or_init(|| {
            [dejavu::sans::regular(), dejavu::sans::bold(), dejavu::sans::oblique()]
                .map(|data| ttf_parser::Face::parse(data, 0).expect("DejaVu parses"))
        });
        &faces[self as usize]
    }

    /// Font units to millimetres at a font size of `size` mm (one em).
    fn scale(self, size: f64) -> f64 {
        size / f64::from(self.parsed().units_per_em())
    }

    fn glyph(self, c: char) -> ttf_parser::GlyphId {
        self.parsed().glyph_index(c).unwrap_or(ttf_parser::GlyphId(0))
    }

    /// The height of the face's ascender above the baseline at `size` mm.
    pub fn ascent(self, size: f64) -> f64 {
        f64::from(self.parsed().ascender()) * self.scale(size)
    }

    /// The depth of the face's descender below the baseline at `size` mm.
    pub fn descent(self, size: f64) -> f64 {
        -f64::from(self.parsed().descender()) * self.scale(size)
    }

    /// The advance width of `text` at `size` mm: the sum of its glyphs'
    /// advances, with no kerning (as the PDF sets it).
    pub fn advance(self, text: &str, size: f64) -> f64 {
        let units: f64 = text
            .chars()
            .map(|c| f64::from(self.parsed().glyph_hor_advance(self.glyph(c)).unwrap_or(0)))
            .sum();
        units * self.scale(size)
    }

    /// How far right of where `text` starts its ink starts: the first
    /// glyph's left side bearing.
    pub fn ink_left(self, text: &str, size: f64) -> f64 {
        let bbox = text
            .chars()
            .next()
            .and_then(|c| self.parsed().glyph_bounding_box(self.glyph(c)));
        bbox.map_or(0.0, |b| f64::from(b.x_min) * self.scale(size))
    }

    /// How far left of where `text` ends (its advance) its ink ends: the last
    /// glyph's right side bearing.
    pub fn ink_right_inset(self, text: &str, size: f64) -> f64 {
        let Some(c) = text.chars().last() else { return 0.0 };
        let advance = f64::from(self.parsed().glyph_hor_advance(self.glyph(c)).unwrap_or(0));
        let x_max = self
            .parsed()
            .glyph_bounding_box(self.glyph(c))
            .map_or(advance, |b| f64::from(b.x_max));
        (advance - x_max) * self.scale(size)
    }
}
