//! A built document's files, each made as it is written: its pages in the
//! formats asked for, a cutting machine's cut files, a deck's per-card
//! previews, or a print shop's files; named by [`crate::output::names`].

use std::path::{Path, PathBuf};

use crate::components::resolved::ItemPages;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::export::{self, Format};
use crate::output::names;
use crate::output::write::{self, Output};
use crate::print::target::{Files, Target};

/// A print shop's files for one document, and the names an earlier build's
/// would have (to remove those this one does not write).
pub type ShopFiles<'a> = (Vec<Output<'a>>, Vec<write::Family>);

/// What a print shop's files are for one document: the PDF/X, or the
/// faces; `None` for a home build (its formats, as asked).
pub fn shop_files<'a>(
    target: Target,
    doc: &'a crate::scene::page::Document,
    stem: &Path,
    press: Option<&'a export::pdf::Press<'a>>,
) -> Option<ShopFiles<'a>> {
    let shop = target.shop()?;
    Some(match (shop.files, press) {
        (Files::Faces { dpi }, _) => {
            let dir = names::faces_folder(stem);
            (
                crate::target_files::faces(doc, stem, dpi),
                vec![write::Family::Faces { dir }],
            )
        }
        (Files::PdfX(_), Some(press)) => {
            let pdf = Output::writer(names::whole(stem, "pdf"), move |out| {
                export::pdf::write_for_press(doc, out, press).map(|_| ())
            });
            (vec![pdf], Vec::new())
        }
        (Files::PdfX(_), None) => return None,
    })
}

/// An error when an output of `layout` has a file name no file system
/// takes ([`write::NAME_MAX`]): it names that output, the name to shorten.
pub fn name_too_long(layout: &Path, targets: &[PathBuf]) -> Option<Finding> {
    let (target, bytes) = write::too_long(targets)?;
    Some(
        Finding::error(
            Code::OutputName,
            format!(
                "{} would be a file name of {bytes} bytes, longer than the {} a file system takes: nothing is written",
                target.display(),
                write::NAME_MAX
            ),
            crate::diag::Location::file(layout),
        )
        .with_hint(
            "the outputs are named after the layout file (its language and page number added, a deck's cards \
             after their players): give the layout a shorter file name",
        ),
    )
}

/// An error when an output of `layout` (a file to write, `targets`, or an
/// earlier build's page to remove, `leftovers`) is a file the build read:
/// `--out .` beside a board's own `board.png`, a layout named `sheet.svg`.
/// Nothing is written then.
pub fn over_an_input(
    layout: &Path,
    targets: &[PathBuf],
    leftovers: &[PathBuf],
    reads: &crate::watch::Reads,
) -> Option<Finding> {
    let hit = targets
        .iter()
        .chain(leftovers)
        .filter(|t| t.is_file())
        .find(|t| crate::watch::watched_name(t).is_some_and(|n| reads.files.contains(&n)))?;
    let verb = if targets.contains(hit) {
        "written over"
    } else {
        "removed as an earlier build's page"
    };
    Some(
        Finding::error(
            Code::OutputOverInput,
            format!(
                "{} would be {verb}, but the build of {} reads it: nothing is written",
                hit.display(),
                layout.display()
            ),
            crate::diag::Location::file(layout),
        )
        .with_hint("build into another folder (--out output), or rename the file the layout reads"),
    )
}

/// The names a layout's outputs take (see [`render`] and [`per_card`]): its
/// pages in each format written, and with `--per-card` its cards' folder.
pub fn families(stem: &Path, formats: &[Format], per_card: bool) -> Vec<write::Family> {
    let mut out: Vec<write::Family> = formats
        .iter()
        .filter(|f| !matches!(f, Format::Pdf | Format::Tts))
        .map(|f| write::Family::Pages {
            stem: stem.to_path_buf(),
            ext: f.extension(),
        })
        .collect();
    // A sheet cut by a machine has its cut files: an earlier build's go when
    // this one cuts by hand.
    out.push(write::Family::Pages {
        stem: names::cut_stem(stem),
        ext: Format::Svg.extension(),
    });
    if per_card {
        out.push(write::Family::Numbered {
            dir: names::cards_folder(stem),
            ext: Format::Png.extension(),
        });
    }
    out
}

/// Whether `file` (an output named like one of `layout`'s pages) is another
/// layout's: `pitch-3.svg` is the output of a `pitch-3.toml` beside
/// `pitch.toml`, not page 3 of it.
pub fn another_layouts(layout: &Path, file: &Path) -> bool {
    file.file_stem().is_some_and(|stem| {
        layout
            .with_file_name(format!("{}.toml", stem.to_string_lossy()))
            .exists()
    })
}

/// One PNG per card front, named by its place in the deck and the player:
/// `OUT/league/deck-cards/001-adrian-abril.png`. Each is drawn as it is
/// written.
pub fn per_card<'a>(pages: &'a ItemPages, stem: &Path, dpi: f64) -> Vec<Output<'a>> {
    pages
        .names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            Output::writer(names::card_file(stem, i, name), move |out| {
                out.write_all(&png_page(&pages.doc, i, dpi)?)
            })
        })
        .collect()
}

/// Page `index` of `doc` as a PNG preview.
pub fn png_page(doc: &crate::scene::page::Document, index: usize, dpi: f64) -> std::io::Result<Vec<u8>> {
    let svg = export::svg::export_page(doc, index)?;
    export::png::render_kept(&svg, dpi).map_err(|e| std::io::Error::other(e.to_string()))
}

/// Every output file of one document, each made as it is written: a page
/// at a time, so that memory holds one page's file, not the document's.
pub fn render<'a>(
    doc: &'a crate::scene::page::Document,
    formats: &[Format],
    stem: &Path,
    dpi: f64,
    text_as: export::svg::TextAs,
) -> Vec<Output<'a>> {
    let pages = doc.page_count();
    let mut files = Vec::new();
    for format in formats {
        match format {
            Format::Pdf => files.push(Output::writer(names::whole(stem, "pdf"), move |out| {
                export::pdf::write(doc, out).map(|_| ())
            })),
            Format::Svg => {
                for i in 0..doc.page_count() {
                    files.push(Output::writer(names::page(stem, i, pages, "svg"), move |out| {
                        out.write_all(export::svg::export_page_as(doc, i, text_as)?.as_bytes())
                    }));
                }
            }
            // Written with what the layout is, beside the pages.
            Format::Tts => {}
            Format::Png => {
                if export::png::keeps_renders() {
                    // Under --watch, the pages an edit changed are drawn on
                    // every core now; each is then written from memory.
                    let threads = crate::parallel::default_jobs();
                    crate::parallel::in_order(doc.page_count(), threads, |i| png_page(doc, i, dpi).is_ok(), |_, _| ());
                }
                for i in 0..doc.page_count() {
                    files.push(Output::writer(
                        names::page(stem, i, pages, format.extension()),
                        move |out| out.write_all(&png_page(doc, i, dpi)?),
                    ));
                }
            }
        }
    }
    if doc.machine_cut {
        files.extend(cut_files(doc, stem));
    }
    files
}

/// The cut file of each sheet a machine cuts (its front page: every page,
/// or every other one when backs follow): `deck-cut.svg` for one sheet,
/// `deck-cut-1.svg`, `deck-cut-2.svg`… for more, whatever formats are asked
/// for, since the machine needs it beside the PDF.
pub fn cut_files<'a>(doc: &'a crate::scene::page::Document, stem: &Path) -> Vec<Output<'a>> {
    let step = 1 + usize::from(doc.duplex.is_some());
    let sheets = doc.page_count().div_ceil(step);
    (0..sheets)
        .map(|k| {
            let title = format!("{}: cut paths, sheet {}", doc.title, k + 1);
            Output::writer(names::cut_file(stem, k, sheets), move |out| {
                out.write_all(export::svg::cut_file(&doc.page(k * step), &title).as_bytes())
            })
        })
        .collect()
}
