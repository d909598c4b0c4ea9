//! A prototype of the port's `src/export/pdf/font.rs` (plan step 2 of
//! benches/pdf_writer.md): one face, subset to the characters a document
//! uses, embedded as a CID font the way printpdf 0.12 writes it today (the
//! same descriptor values: flags, StemV from the weight, CapHeight falling
//! back to the ascent, DW 1000), with the exact advances in `/W`.

use std::collections::BTreeMap;

use pdf_writer::types::{CidFontType, FontFlags, SystemInfo, UnicodeCmap};
use pdf_writer::{Chunk, Filter, Finish, Name, Rect, Ref, Str};

/// A face embedded in a PDF: the code (Identity-H, two bytes) of each
/// character it shows.
pub struct Embedded {
    /// The code of each character; a character the face lacks shows .notdef.
    pub codes: BTreeMap<char, u16>,
}

impl Embedded {
    /// The two-byte codes of `text`, for `Tj`/`TJ`.
    pub fn encode(&self, text: &str) -> Vec<u8> {
        text.chars()
            .flat_map(|c| self.codes.get(&c).copied().unwrap_or(0).to_be_bytes())
            .collect()
    }
}

/// Writes the font objects of `data` (face `index`) cut to `chars` into
/// `chunk`: the Type0 font at `font` and four objects from `next`. `tag` is
/// the six capitals that name the subset (a hash of the glyph set, so the
/// same document says the same). None when the font cannot be read.
pub fn embed(
    chunk: &mut Chunk,
    font: Ref,
    next: &mut impl FnMut() -> Ref,
    data: &[u8],
    index: u32,
    chars: &[char],
    tag: &str,
) -> Option<Embedded> {
    let face = ttf_parser::Face::parse(data, index).ok()?;
    // .notdef first, then the glyphs in the order of their characters.
    let mut remap = subsetter::GlyphRemapper::new();
    remap.remap(0);
    let mut codes = BTreeMap::new();
    let mut glyphs: BTreeMap<u16, (u16, char)> = BTreeMap::new();
    for &c in chars {
        let Some(gid) = face.glyph_index(c) else { continue };
        let code = remap.remap(gid.0);
        codes.insert(c, code);
        glyphs.entry(code).or_insert((gid.0, c));
    }
    let program = subsetter::subset(data, index, &remap).ok()?;

    let family = postscript_name(&face).unwrap_or_else(|| "Font".to_string());
    let base = format!("{tag}+{family}");
    let scale = 1000.0 / f32::from(face.units_per_em());
    let [cid, descriptor, file, cmap] = [next(), next(), next(), next()];

    chunk
        .type0_font(font)
        .base_font(Name(base.as_bytes()))
        .encoding_predefined(Name(b"Identity-H"))
        .descendant_font(cid)
        .to_unicode(cmap);

    let mut cid_font = chunk.cid_font(cid);
    cid_font
        .subtype(CidFontType::Type2)
        .base_font(Name(base.as_bytes()))
        .system_info(SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"Identity"),
            supplement: 0,
        })
        .font_descriptor(descriptor)
        .default_width(1000.0)
        .cid_to_gid_map_predefined(Name(b"Identity"));
    // Runs of consecutive codes share one array, as printpdf writes them.
    let mut widths = cid_font.widths();
    let mut run: Option<(u16, Vec<f32>)> = None;
    for (&code, &(gid, _)) in &glyphs {
        let w = f32::from(face.glyph_hor_advance(ttf_parser::GlyphId(gid)).unwrap_or(0)) * scale;
        match &mut run {
            Some((first, ws)) if *first + ws.len() as u16 == code => ws.push(w),
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
    cid_font.finish();

    let bbox = face.global_bounding_box();
    let ascent = f32::from(face.ascender()) * scale;
    let italic = face.italic_angle();
    let mut flags = FontFlags::NON_SYMBOLIC;
    if italic != 0.0 {
        flags |= FontFlags::ITALIC;
    }
    // No table holds StemV: estimated from the weight, as printpdf does.
    let weight = face.weight().to_number();
    let stem_v = if weight == 0 {
        80.0
    } else {
        50.0 + (f32::from(weight) / 65.0).powi(2).round()
    };
    chunk
        .font_descriptor(descriptor)
        .name(Name(base.as_bytes()))
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
        .stem_v(stem_v)
        .font_file2(file);

    let compressed = miniz_oxide::deflate::compress_to_vec_zlib(&program, 6);
    chunk
        .stream(file, &compressed)
        .filter(Filter::FlateDecode)
        .pair(Name(b"Length1"), program.len() as i32);

    let mut unicode = UnicodeCmap::new(
        Name(b"Custom"),
        SystemInfo {
            registry: Str(b"Adobe"),
            ordering: Str(b"UCS"),
            supplement: 0,
        },
    );
    for (&code, &(_, c)) in &glyphs {
        unicode.pair(code, c);
    }
    chunk.cmap(cmap, &unicode.finish());
    Some(Embedded { codes })
}

/// The face's PostScript name (name id 6), as PDF wants a font named.
fn postscript_name(face: &ttf_parser::Face<'_>) -> Option<String> {
    face.names()
        .into_iter()
        .filter(|n| n.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
        .find_map(|n| n.to_string())
}
