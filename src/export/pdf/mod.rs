//! PDF export with printpdf: fonts embedded and subset, every length exact,
//! the same scene always the same bytes.
//!
//! [`draw`] turns the scene into printpdf's drawing operations and speaks
//! plain printpdf. What printpdf 0.12 cannot do (ids that do not depend on
//! the process, a document written in batches with its pictures streamed
//! from their files, symbols as Form XObjects, print boxes, honest document
//! information) is done in [`gaps`], whose introduction lists each gap, what
//! is done about it and how it was measured; [`file`] writes the file's
//! syntax for it.

mod draw;
pub mod file;
mod gaps;
mod image;
mod press;

pub use press::Press;

use crate::scene::page::Document;

/// Writes a document as a PDF file into `out`, and returns its length in
/// bytes. Fails when writing fails, or when a picture left in its file can
/// no longer be read as it was checked.
pub fn write(doc: &Document, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    gaps::write(doc, out, None)
}

/// [`write`], as a PDF/X file for `press`: CMYK only (pictures separated
/// too), the output intent with its profile, the standard's keys and
/// version, and (PDF/X-1a) no transparency.
pub fn write_for_press(doc: &Document, out: &mut dyn std::io::Write, press: &Press<'_>) -> std::io::Result<u64> {
    gaps::write(doc, out, Some(press))
}
