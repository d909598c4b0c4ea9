//! Exporters: functions from a scene's
//! [`Document`](crate::scene::page::Document) to bytes, one per format. None knows about games, and none depends on another (the PNG
//! preview rasterises the SVG text it is given).
//!
//! The same document gives the same bytes, but the exporters are not pure:
//! they read fonts through the process-wide registry of [`crate::font`]
//! (each font parsed once and kept), and the PNG exporter keeps every page
//! it drew for the rest of the process once [`png::keep_renders`] is called
//! (`--watch`). Nothing a file holds depends on what the process built
//! before it: [`pdf`] names its fonts and objects from the document alone.

pub mod pdf;
pub mod png;
pub mod svg;

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    /// One PDF per layout, every page in it.
    Pdf,
    /// One SVG per page.
    Svg,
    /// One PNG preview per page.
    Png,
    /// A card deck as a Tabletop Simulator saved object, with its card
    /// sheets (written by the tts stage, which knows decks: not a page
    /// exporter).
    Tts,
}

impl Format {
    /// The file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Pdf => "pdf",
            Format::Svg => "svg",
            Format::Png => "png",
            Format::Tts => "json",
        }
    }

    /// Parses `pdf`, `svg`, `png` or `tts`.
    pub fn parse(s: &str) -> Option<Format> {
        match s.trim().to_ascii_lowercase().as_str() {
            "pdf" => Some(Format::Pdf),
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            "tts" => Some(Format::Tts),
            _ => None,
        }
    }
}
