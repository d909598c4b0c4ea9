//! PDF export with `pdf-writer`: fonts embedded and subset, every length
//! exact, the same scene always the same bytes.
//!
//! [`document`] walks the pages once and writes each object as it is made:
//! [`draw`] turns the scene into content-stream operators, [`font`] subsets
//! and embeds the faces, [`image`] embeds the pictures as they are, and
//! [`press`] makes a print shop's PDF/X of it (pictures separated into CMYK,
//! the output intent, the standard's keys). [`file`] writes the file's own
//! syntax: the header, each object's offset, the trailer and its `/ID`.

mod document;
mod draw;
pub mod file;
mod font;
mod image;
mod press;

pub use press::Press;

use crate::scene::page::Document;

/// Writes a document as a PDF file into `out`, and returns its length in
/// bytes. Fails when writing fails, or when a picture left in its file can
/// no longer be read as it was checked.
pub fn write(doc: &Document, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    document::write(doc, out, None)
}

/// [`write`], as a PDF/X file for `press`: CMYK only (pictures separated
/// too), the output intent with its profile, the standard's keys and
/// version, and (PDF/X-1a) no transparency.
pub fn write_for_press(doc: &Document, out: &mut dyn std::io::Write, press: &Press<'_>) -> std::io::Result<u64> {
    document::write(doc, out, Some(press))
}
