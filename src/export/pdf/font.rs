//! The fonts of a PDF: each face the document draws text in, subset to the
//! characters it shows (with `subsetter`) and embedded as a CID font
//! (Type0, Identity-H) with its widths and a `/ToUnicode` map, so that a
//! reader extracts and searches the words it prints.
//!
//! A face is met as the pages are drawn: each character gets its code (the
//! glyph's number in the subset, `.notdef` first) the first time it is
//! shown, so the content streams can be written at once and the fonts at the
//! end, subset to exactly what the pages used. The subset's tag (the six
//! capitals before `+` in the font's name, which PDF readers expect of a
//! subset) is a hash of its characters: the same document names its fonts
//! alike on every run.

use std::collections::{BTreeMap, HashMap};
use std::hash::{Hash, Hasher};

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Filter, Finish, Name, Rect, Ref, Str};

use super::file;
use crate::font::FontFace;

/// One face as the document uses it: its resource name and the code of
/// each character shown so far.
pub(super) struct Subset {
    face: FontFace,
    /// The resource name content streams select it by (`F1`, `F2`, ... in the
    /// order the faces are first used).
    name: String,
    remap: subsetter::GlyphRemapper,
    /// Each character's code (two bytes, Identity-H); 0, `.notdef`, for a
    /// character the face lacks.
    codes: HashMap<char, u16>,
    /// Each code's glyph in the face and the first character shown with it
    /// (for the width and the `/ToUnicode` map).
    glyphs: BTreeMap<u16, (u16, char)>,
}

impl Subset {
    fn new(face: FontFace, name: String) -> Subset {
        let mut remap = subsetter::GlyphRemapper::new();
        // `.notdef` is glyph 0 of every subset.
        remap.remap(0);
        Subset {
            face,
            name,
            remap,
            codes: HashMap::new(),
            glyphs: BTreeMap::new(),
        }
    }

    /// The resource name content streams select this face by.
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The two-byte codes of `text`, its characters added to the subset.
    pub(super) fn encode(&mut self, text: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len() * 2);
        for c in text.chars() {
            let code = match self.codes.get(&c) {
                Some(code) => *code,
                None => {
                    let code = match self.face.face().glyph_index(c) {
                        Some(gid) => {
                            let code = self.remap.remap(gid.0);
                            self.glyphs.entry(code).or_insert((gid.0, c));
                            code
                        }
                        None => 0,
                    };
                    self.codes.insert(c, code);
                    code
                }
            };
            out.extend(code.to_be_bytes());
        }
        out
    }

    /// Six capitals from the characters shown: the subset's tag.
    fn tag(&self) -> String {
        let mut chars: Vec<char> = self.codes.keys().copied().collect();
        chars.sort_unstable();
        let mut h = siphasher::sip::SipHasher13::new_with_keys(0, 0);
        (self.face, &chars).hash(&mut h);
        let mut n = Hasher::finish(&h);
        (0..6)
            .map(|_| {
                let c = (b'A' + (n % 26) as u8) as char;
                n /= 26;
                c
            })
            .collect()
    }
}

/// Every face a document uses, in the order first used.
#[derive(Default)]
pub(super) struct Fonts {
    used: Vec<Subset>,
}

impl Fonts {
    /// `face` as this document uses it, added on first use.
    pub(super) fn face(&mut self, face: FontFace) -> &mut Subset {
        let at = match self.used.iter().position(|s| s.face == face) {
            Some(at) => at,
            None => {
                let name = format!("F{}", self.used.len() + 1);
                self.used.push(Subset::new(face, name));
                self.used.len() - 1
            }
        };
        &mut self.used[at]
    }

    /// Writes every font, each subset to what the pages showed, and returns
    /// each one's resource name and object.
    pub(super) fn write(self, file: &mut file::Writer<'_>) -> std::io::Result<Vec<(String, Ref)>> {
        let mut out = Vec::new();
        for subset in self.used {
            if let Some(font) = embed(file, &subset)? {
                out.push((subset.name, font));
            }
        }
        Ok(out)
    }
}

/// Writes the objects of one subset: the Type0 font, its CID font, the
/// descriptor, the font program and the `/ToUnicode` map. None when the face
/// cannot be subset (then its text shows nothing, as a missing font does).
fn embed(file: &mut file::Writer<'_>, subset: &Subset) -> std::io::Result<Option<Ref>> {
    let data = subset.face.data();
    let Ok(program) = subsetter::subset(data, 0, &subset.remap) else {
        return Ok(None);
    };
    let face = subset.face.face();
    // A font of PostScript outlines (an OpenType `.otf`) is embedded as its
    // bare CFF table (`CIDFontType0C`, which PDF/X-1a allows, where an
    // OpenType program needs PDF 1.6); a TrueType font as its program.
    let cff = face.tables().cff.is_some();
    let program = if cff {
        match cff_table(&program) {
            Some(table) => table,
            None => return Ok(None),
        }
    } else {
        program
    };
    let family = postscript_name(face).unwrap_or_else(|| "Font".to_string());
    let base = format!("{}+{family}", subset.tag());
    let scale = 1000.0 / f32::from(face.units_per_em());
    let [font, cid, descriptor, program_ref, cmap] = [
        file.reserve(),
        file.reserve(),
        file.reserve(),
        file.reserve(),
        file.reserve(),
    ];

    file.write(|c| {
        c.type0_font(font)
            .base_font(Name(base.as_bytes()))
            .encoding_predefined(Name(b"Identity-H"))
            .descendant_font(cid)
            .to_unicode(cmap);
    })?;

    file.write(|c| {
        let mut cid_font = c.cid_font(cid);
        cid_font
            .subtype(if cff { CidFontType::Type0 } else { CidFontType::Type2 })
            .base_font(Name(base.as_bytes()))
            .system_info(SystemInfo {
                registry: Str(b"Adobe"),
                ordering: Str(b"Identity"),
                supplement: 0,
            })
            .font_descriptor(descriptor)
            .default_width(1000.0);
        if !cff {
            // The subset's glyph numbers are the codes.
            cid_font.cid_to_gid_map_predefined(Name(b"Identity"));
        }
        // Each glyph's advance as the layout measured it (no rounding), runs
        // of consecutive codes in one array.
        let mut widths = cid_font.widths();
        let mut run: Option<(u16, Vec<f32>)> = None;
        for (&code, &(gid, _)) in &subset.glyphs {
            let w = f32::from(face.glyph_hor_advance(ttf_parser::GlyphId(gid)).unwrap_or(0)) * scale;
            match &mut run {
                Some((first, ws)) if usize::from(*first) + ws.len() == usize::from(code) => ws.push(w),
                _ => {
                    if let Some((first, ws)) = run.take() {
                        widths.consecutive(first, ws);
                    }
                    run = Some((code, vec![w]));
                }
            }
        }
        if let Some((first, ws)) = run {
            widths.consecutive(first, ws);
        }
        widths.finish();
    })?;

    descriptor_object(file, descriptor, face, &base, cff, program_ref)?;

    let compressed = file::deflate(&program);
    file.write(|c| {
        let mut stream = c.stream(program_ref, &compressed);
        stream.filter(Filter::FlateDecode);
        if cff {
            stream.pair(Name(b"Subtype"), Name(b"CIDFontType0C"));
        } else {
            stream.pair(Name(b"Length1"), program.len() as i32);
        }
    })?;

    let mut unicode = UnicodeCmap::new(
        Name(b"Custom"),
        SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"UCS"),
            supplement: 0,
        },
    );
    for (&code, &(_, c)) in &subset.glyphs {
        unicode.pair(code, c);
    }
    let map = file::deflate(&unicode.finish());
    file.write(|c| {
        c.cmap(cmap, &map).filter(Filter::FlateDecode);
    })?;
    Ok(Some(font))
}

/// Writes the font descriptor: the face's metrics as a reader needs them
/// to stand in for the font, and the font program's object.
fn descriptor_object(
    file: &mut file::Writer<'_>,
    descriptor: Ref,
    face: &ttf_parser::Face<'_>,
    base: &str,
    cff: bool,
    program: Ref,
) -> std::io::Result<()> {
    let scale = 1000.0 / f32::from(face.units_per_em());
    let bbox = face.global_bounding_box();
    let ascent = f32::from(face.ascender()) * scale;
    let italic = face.italic_angle();
    let mut flags = FontFlags::NON_SYMBOLIC;
    if italic != 0.0 {
        flags |= FontFlags::ITALIC;
    }
    // No table holds the vertical stems' width: estimated from the weight
    // class, as PDF writers usually do (only a reader's substitute font
    // uses it).
    let weight = face.weight().to_number();
    let stem_v = if weight == 0 {
        80.0
    } else {
        50.0 + (f32::from(weight) / 65.0).powi(2).round()
    };
    file.write(|c| {
        let mut d = c.font_descriptor(descriptor);
        d.name(Name(base.as_bytes()))
            .flags(flags)
            .bbox(Rect::new(
                (f32::from(bbox.x_min) * scale).round(),
                (f32::from(bbox.y_min) * scale).round(),
                (f32::from(bbox.x_max) * scale).round(),
                (f32::from(bbox.y_max) * scale).round(),
            ))
            .italic_angle(italic)
            .ascent(ascent.round())
            .descent((f32::from(face.descender()) * scale).round())
            .cap_height(face.capital_height().map_or(ascent, |h| f32::from(h) * scale).round())
            .stem_v(stem_v);
        if cff {
            d.font_file3(program);
        } else {
            d.font_file2(program);
        }
    })
}

/// The `CFF ` table of an OpenType font program.
fn cff_table(program: &[u8]) -> Option<Vec<u8>> {
    let raw = ttf_parser::RawFace::parse(program, 0).ok()?;
    raw.table(ttf_parser::Tag::from_bytes(b"CFF ")).map(<[u8]>::to_vec)
}

/// The face's PostScript name (name id 6), as PDF names a font.
fn postscript_name(face: &ttf_parser::Face<'_>) -> Option<String> {
    face.names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())
        // A name is written as PDF reads one: no spaces or delimiters.
        .map(|n| {
            n.chars()
                .filter(|c| c.is_ascii_graphic() && !"()<>[]{}/%#".contains(*c))
                .collect()
        })
}
