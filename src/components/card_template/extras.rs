//! What a card template adds to the fixed card: `[[field]]` boxes of text
//! and `[[image]]` boxes (a club's crest) filled from any column of the
//! spreadsheet, and the back's image.
//!
//! The template names the columns itself: a column the sheet lacks is the
//! template's mistake, said at its key with the header's nearest column.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::components::card_template::Template;
use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::font::FontFace;
use crate::geom::{Mm, Rect, Size};
use crate::input::world::{Input, World};
use crate::photo;
use crate::scene::picture::Picture;

/// An image placed on a card: where, inside its box, and what.
pub type Placed = (Rect, Arc<Picture>);

/// The template's columns, fields first then images, in template order.
fn named(t: &Template) -> impl Iterator<Item = (&str, &Location)> {
    let fields = t.fields.iter().map(|f| (f.column.as_str(), &f.at));
    fields.chain(t.images.iter().map(|i| (i.column.as_str(), &i.at)))
}

/// The names of the columns the template reads.
pub fn names(t: &Template) -> impl Iterator<Item = &str> {
    named(t).map(|(name, _)| name)
}

/// The index of each column the template names, found in the header; a
/// finding at the template's key for each one missing, and `None` if any is.
///
/// A column may come in a version per language: where the header has
/// `Texto.en` and the deck is built in English (`lang`), that column is
/// read instead of `Texto`, so that one sheet carries every language.
pub fn columns(headers: &[String], t: &Template, lang: &str, findings: &mut Vec<Finding>) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for (name, at) in named(t) {
        let own = format!("{name}.{lang}");
        let found = headers
            .iter()
            .position(|h| *h == own)
            .or_else(|| headers.iter().position(|h| h == name));
        match found {
            Some(i) => out.push(i),
            None => {
                let hint = match crate::diag::nearest(name, headers) {
                    Some(n) => format!(
                        "the nearest column in the header is \"{n}\"; it has: {}",
                        headers.join(", ")
                    ),
                    None => format!("the header has: {}", headers.join(", ")),
                };
                findings.push(
                    Finding::error(
                        Code::CardColumn,
                        format!("the spreadsheet has no column \"{name}\" (named by the card template)"),
                        at.clone(),
                    )
                    .with_hint(hint),
                );
            }
        }
    }
    (out.len() == named(t).count()).then_some(out)
}

/// The cells of a row in the template's columns: (column, cell).
pub fn cells(record: &crate::spreadsheet::Row, headers: &[String], cols: &[usize]) -> Vec<(String, String)> {
    cols.iter().map(|&i| (headers[i].clone(), record.get(i))).collect()
}

/// The size each field's text is set at, shrunk to fit its box like the
/// name; a cell that does not fit even at its smallest is a finding at the
/// cell (`at(line, column)`).
pub fn fit(
    extra: &[(String, String)],
    t: &Template,
    cols: &[usize],
    at: &dyn Fn(usize) -> Location,
) -> Result<Vec<f64>, Vec<Finding>> {
    let mut sizes = Vec::new();
    let mut findings = Vec::new();
    for ((f, (_, text)), &col) in t.fields.iter().zip(extra).zip(cols) {
        match f.fit(text, t) {
            Some(size) => sizes.push(size),
            None => {
                sizes.push(f.text.min_size);
                findings.push(
                    Finding::error(
                        Code::CardText,
                        format!(
                            "\"{}\" does not fit its box even at {} pt",
                            crate::font::chars::excerpt(text),
                            f.text.min_size
                        ),
                        at(col),
                    )
                    .with_hint(format!(
                        "shorten it (the box is {} x {} mm) or lower the field's min_size in the card template",
                        f.text.area[2], f.text.area[3]
                    )),
                );
            }
        }
    }
    if findings.is_empty() { Ok(sizes) } else { Err(findings) }
}

/// The characters of a card's texts that its face cannot draw, said at
/// their cells: each `(text, face, column)` in turn. With the template's own
/// font, a name in a script that font lacks is found here, at the cell the
/// user fixes, rather than on the printed page. So is a text written right
/// to left, which would print reversed (`text-direction`).
pub fn glyphs(texts: &[(&str, FontFace, usize)], at: &dyn Fn(usize) -> Location) -> Vec<Finding> {
    let mut out = Vec::new();
    for &(text, face, col) in texts {
        if let Some((column, c, script)) = crate::font::chars::first_right_to_left(text) {
            out.push(
                Finding::error(
                    Code::TextDirection,
                    format!(
                        "the cell holds {}",
                        crate::font::chars::describe_right_to_left(text, column, c, script)
                    ),
                    at(col),
                )
                .with_hint(crate::font::chars::RIGHT_TO_LEFT_ADVICE_ONE_TEXT),
            );
        }
        let missing = face.missing_glyphs(text);
        if missing.is_empty() {
            continue;
        }
        let chars: String = missing.iter().collect();
        out.push(
            Finding::error(
                Code::TextGlyph,
                format!("the card's font has no glyph for \"{chars}\" in \"{}\"", crate::font::chars::excerpt(text)),
                at(col),
            )
            .with_hint("write the name in the letters the font has, or name a font that has them under [font] in the card template (or the game file)"),
        );
    }
    out
}

/// The words every card prints (`[labels]`, in the language being built)
/// against the template's own font: one it cannot draw is the font's
/// mistake for this deck, said once at the template's `[font]` key.
pub fn label_glyphs(t: &Template, words: &[&str]) -> Vec<Finding> {
    if t.regular.loaded().is_none() && t.bold.loaded().is_none() {
        return Vec::new();
    }
    let mut missing: Vec<char> = Vec::new();
    for w in words {
        for c in t.regular.missing_glyphs(w).into_iter().chain(t.bold.missing_glyphs(w)) {
            if !missing.contains(&c) {
                missing.push(c);
            }
        }
    }
    if missing.is_empty() {
        return Vec::new();
    }
    let chars: String = missing.iter().collect();
    vec![
        Finding::error(
            Code::TextGlyph,
            format!("the card's font has no glyph for \"{chars}\", which the deck's labels print"),
            t.font_at.clone(),
        )
        .with_hint("name a font that has the letters of every language the deck is built in"),
    ]
}

/// `inner`'s proportions, as large as fits inside `outer`, centred: an
/// image placed whole (contain), never cropped.
pub fn contain(outer: Rect, inner: (u32, u32)) -> Rect {
    let aspect = f64::from(inner.0.max(1)) / f64::from(inner.1.max(1));
    let (w, h) = if outer.w.0 / outer.h.0 > aspect {
        (outer.h.0 * aspect, outer.h.0)
    } else {
        (outer.w.0, outer.w.0 / aspect)
    };
    Rect {
        x: outer.x + (outer.w - Mm(w)) / 2.0,
        y: outer.y + (outer.h - Mm(h)) / 2.0,
        w: Mm(w),
        h: Mm(h),
    }
}

/// Loads the image at `path` whole inside `frame`, through the photos'
/// loader (so it is embedded as photos are). The box takes the picture's
/// upright shape ([`photo::upright`]): a phone photo held upright, stored
/// lying down with an EXIF turn, stands in a box of its upright shape,
/// whole, never cut to the shape its file stores.
fn load_contained(world: &dyn World, path: &Path, frame: Rect) -> Result<Placed, photo::Trouble> {
    const HINT: &str = photo::CELL_HINT;
    let bytes = world.read_bytes(path, Input::Image).map_err(|e| photo::Trouble {
        why: format!("the file {}", crate::input::Unreadable::from_io(&e).reason),
        hint: HINT.to_string(),
    })?;
    let stands = photo::upright(&bytes).map_err(|_| photo::Trouble {
        why: "it is not an image this tool reads".to_string(),
        hint: format!("save it as {} (the formats read)", photo::FORMATS),
    })?;
    let rect = contain(frame, stands.size);
    let loaded = photo::load(world, path, rect.size(), (0.5, 0.5), photo::Named::Cell)?;
    Ok((rect, loaded.picture))
}

/// Each card's images, from the cells of its image columns (after its
/// fields' cells in `extra`), relative to `photo_dir`. An empty cell leaves
/// the box empty; an image that cannot be used is a warning at the cell.
/// Each file is read once per box however many cards show it.
pub fn images(
    world: &dyn World,
    extras: &[Vec<(String, String)>],
    t: &Template,
    photo_dir: Option<&Path>,
    cols: &[usize],
    at: &dyn Fn(usize, usize) -> Location,
) -> (Vec<Vec<Option<Placed>>>, Vec<Finding>) {
    let mut cache: BTreeMap<(usize, PathBuf), Result<Placed, photo::Trouble>> = BTreeMap::new();
    let mut warnings = Vec::new();
    let skip = t.fields.len();
    let mut out = Vec::new();
    for (card, extra) in extras.iter().enumerate() {
        let mut placed = Vec::new();
        for (k, b) in t.images.iter().enumerate() {
            let cell = &extra[skip + k].1;
            let Some(dir) = photo_dir.filter(|_| !cell.is_empty()) else {
                placed.push(None);
                continue;
            };
            let path = dir.join(cell);
            let got = cache
                .entry((k, path.clone()))
                .or_insert_with(|| load_contained(world, &path, b.rect));
            match got {
                Ok(p) => placed.push(Some(p.clone())),
                Err(why) => {
                    placed.push(None);
                    warnings.push(
                        Finding::warning(
                            Code::CardPhoto,
                            format!(
                                "the image {} cannot be used ({}); its box stays empty",
                                path.display(),
                                why.why
                            ),
                            at(card, cols[skip + k]),
                        )
                        .with_hint(why.hint.clone()),
                    );
                }
            }
        }
        out.push(placed);
    }
    (out, warnings)
}

/// The back's image, cropped to fill the card and its bleed on every side;
/// one that cannot be used is an error at the template's key.
pub fn back_picture(world: &dyn World, t: &Template, bleed: Mm) -> Result<Option<Arc<Picture>>, Box<Finding>> {
    let Some((path, at)) = &t.back_image else {
        return Ok(None);
    };
    let whole = Size {
        w: t.size.w + bleed * 2.0,
        h: t.size.h + bleed * 2.0,
    };
    photo::load(world, path, whole, (0.5, 0.5), photo::Named::Key)
        .map(|p| Some(p.picture))
        .map_err(|why| {
            Box::new(
                Finding::error(
                    Code::CardPhoto,
                    format!("the back's image {} cannot be used ({})", path.display(), why.why),
                    at.clone(),
                )
                .with_hint(format!(
                    "{}; `image` is relative to the card template (leave it out for the drawn back)",
                    why.hint
                )),
            )
        })
}
