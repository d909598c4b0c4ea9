//! A document written in one pass: each page's content and page object as
//! the page is drawn, each picture and symbol the first time a page shows
//! it, and at the end what the pages share (the fonts, subset to what they
//! showed, the resources, the page tree, the catalog, the document
//! information). Memory holds one run of pages and one picture at a time,
//! whatever the document's length: a deck of a thousand photo cards is
//! written as a deck of ten is.

use std::collections::HashSet;
use std::sync::Arc;

use pdf_writer::writers::{Catalog, DocumentInfo};
use pdf_writer::{Filter, Finish, Name, Rect, Ref, TextStr};

use super::draw::{self, Resources};
use super::file;
use super::font::{Fonts, Subset};
use super::image;
use super::press::{self, Press};
use crate::font::FontFace;
use crate::geom::Mm;
use crate::print::Flip;
use crate::scene::item::{Item, Symbol};
use crate::scene::page::{Document, Page};
use crate::scene::picture::Picture;

/// Writes a document as a PDF file into `out`, and returns its length in
/// bytes. Fails when writing fails, or when a picture left in its file can
/// no longer be read as it was checked.
pub(super) fn write(doc: &Document, out: &mut dyn std::io::Write, press: Option<&Press<'_>>) -> std::io::Result<u64> {
    let version = press.map_or(PDF_VERSION, |p| p.pdfx.standard.pdf_version());
    let mut file = file::Writer::new(out, version)?;
    let catalog = file.reserve();
    let tree = file.reserve();
    let info = file.reserve();
    let resources = file.reserve();
    let mut shared = Shared {
        file,
        press,
        fonts: Fonts::default(),
        xobjects: Vec::new(),
        named: HashSet::new(),
        resources,
    };
    let inks = press.map(|p| p.separation);
    let mut kids = Vec::with_capacity(doc.page_count());
    for (_, run) in doc.runs() {
        for page in run.iter() {
            kids.push(shared.page(page, tree, inks)?);
        }
    }
    let Shared {
        mut file,
        fonts,
        xobjects,
        ..
    } = shared;
    let fonts = fonts.write(&mut file)?;
    file.write(|c| {
        let mut r = c.indirect(resources).dict();
        let mut f = r.insert(Name(b"Font")).dict();
        for (name, id) in &fonts {
            f.pair(Name(name.as_bytes()), *id);
        }
        f.finish();
        let mut x = r.insert(Name(b"XObject")).dict();
        for (name, id) in &xobjects {
            x.pair(Name(name.as_bytes()), *id);
        }
    })?;
    file.write(|c| {
        c.pages(tree).kids(kids.iter().copied()).count(kids.len() as i32);
    })?;
    let pdfx = match press {
        Some(press) => Some(press::write_intent(&mut file, doc, press)?),
        None => None,
    };
    file.write(|c| {
        let mut cat = c.indirect(catalog).start::<Catalog>();
        cat.pages(tree);
        if let Some(lang) = &doc.lang {
            cat.lang(TextStr(lang.as_str()));
        }
        match &pdfx {
            Some(pdfx) => pdfx.catalog(&mut cat),
            None => {
                // The print dialog opens at 100 % (a board shrunk to fit the
                // page no longer fits its counters) and is told how to turn
                // the sheets (by the paper's edge the backs were placed for,
                // or one side only). A shop's file leaves both to the press.
                let duplex: &[u8] = match doc.duplex {
                    None => b"Simplex",
                    Some(Flip::LongEdge) => b"DuplexFlipLongEdge",
                    Some(Flip::ShortEdge) => b"DuplexFlipShortEdge",
                };
                let mut prefs = cat.viewer_preferences();
                prefs.pair(Name(b"PrintScaling"), Name(b"None"));
                prefs.pair(Name(b"Duplex"), Name(duplex));
            }
        }
    })?;
    file.write(|c| {
        let mut i = c.indirect(info).start::<DocumentInfo>();
        i.title(TextStr(&doc.title));
        i.creator(TextStr("pitchprint"));
        i.producer(TextStr("pitchprint"));
        if let Some(pdfx) = &pdfx {
            pdfx.info(&mut i);
        }
    })?;
    file.finish(catalog, info)
}

/// The version every home file says in its header: the one its newest key
/// needs. That is `/Duplex` in the viewer preferences (PDF 1.7), above
/// `/PrintScaling` (1.6), `/Lang`, soft masks (1.4) and the print boxes
/// (1.3). A reader that trusts the header (a print shop's preflight)
/// otherwise ignores or refuses what an older file may not hold.
const PDF_VERSION: &str = "1.7";

/// How far a form's bounding box (a clip) reaches past its items' boxes:
/// glyphs may ink a little outside the text's box.
const FORM_MARGIN: Mm = Mm(5.0);

/// What the pages share as they are written: the file, the fonts met so
/// far, and the XObjects (pictures and symbols) by name.
struct Shared<'w, 'p> {
    file: file::Writer<'w>,
    press: Option<&'p Press<'p>>,
    fonts: Fonts,
    /// Every XObject written, by name, in the order written.
    xobjects: Vec<(String, Ref)>,
    /// The names already written (a picture or symbol shown twice is one
    /// object).
    named: HashSet<String>,
    /// The one resource dictionary every page and form names.
    resources: Ref,
}

impl Shared<'_, '_> {
    /// Draws `page` and writes its content and its page object; returns the
    /// page object.
    fn page(&mut self, page: &Page, tree: Ref, inks: draw::Inks<'_>) -> std::io::Result<Ref> {
        let content = draw::page(page, self, inks)?.finish();
        let content = file::deflate(&content);
        let content_id = self.file.reserve();
        self.file.write(|c| {
            c.stream(content_id, &content).filter(Filter::FlateDecode);
        })?;
        let id = self.file.reserve();
        let h = page.size.h;
        // A PDF box is its corners, from the bottom left, in points.
        let pdf_box = |r: &crate::geom::Rect| {
            Rect::new(
                r.x.to_pt() as f32,
                (h - r.bottom()).to_pt() as f32,
                r.right().to_pt() as f32,
                (h - r.y).to_pt() as f32,
            )
        };
        let resources = self.resources;
        self.file.write(|c| {
            let mut p = c.page(id);
            p.parent(tree)
                .media_box(Rect::new(0.0, 0.0, page.size.w.to_pt() as f32, h.to_pt() as f32))
                .contents(content_id)
                .pair(Name(b"Resources"), resources);
            if let Some(trim) = &page.trim {
                p.trim_box(pdf_box(trim));
            }
            if let Some(bleed) = &page.bleed {
                p.bleed_box(pdf_box(bleed));
            }
        })?;
        Ok(id)
    }

    /// Whether `name` is written already; marks it written.
    fn first_time(&mut self, name: &str) -> bool {
        self.named.insert(name.to_string())
    }
}

impl Resources for Shared<'_, '_> {
    fn font(&mut self, face: FontFace) -> &mut Subset {
        self.fonts.face(face)
    }

    fn picture(&mut self, picture: &Arc<Picture>) -> std::io::Result<String> {
        // From its hash: the same picture is one object however often it is
        // drawn, and the name is the same on every run.
        let name = format!("Im{}", picture.id);
        if self.first_time(&name) {
            // Separated for a press now, whole; as it is, read from its file.
            let image = match self.press {
                Some(press) => press::picture(picture, press)?,
                None => image::as_it_is(picture)?,
            };
            let id = image::write(&mut self.file, &image)?;
            self.xobjects.push((name.clone(), id));
        }
        Ok(name)
    }

    fn symbol(&mut self, symbol: &Arc<Symbol>) -> std::io::Result<String> {
        let name = symbol.id.clone();
        if self.first_time(&name) {
            let inks = self.press.map(|p| p.separation);
            let mut content = pdf_writer::Content::new();
            for item in &symbol.items {
                draw::item_ops(item, self, inks, &mut content)?;
            }
            let content = file::deflate(&content.finish());
            let bbox = symbol
                .items
                .iter()
                .filter_map(Item::bbox)
                .reduce(|a, b| a.union(&b))
                .unwrap_or(crate::geom::Rect::new(0.0, 0.0, 0.0, 0.0))
                .inset(-FORM_MARGIN);
            let id = self.file.reserve();
            let resources = self.resources;
            self.file.write(|c| {
                let mut form = c.form_xobject(id, &content);
                form.filter(Filter::FlateDecode);
                form.bbox(Rect::new(
                    bbox.x.0 as f32,
                    bbox.y.0 as f32,
                    bbox.right().0 as f32,
                    bbox.bottom().0 as f32,
                ));
                form.pair(Name(b"Resources"), resources);
            })?;
            self.xobjects.push((name.clone(), id));
        }
        Ok(name)
    }
}
