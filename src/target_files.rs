//! The files a print-shop target writes for a layout: one PNG per face for
//! the shops whose uploaders take images (MakePlayingCards, The Game
//! Crafter), or one PDF/X document (DriveThruCards, an offset printer).
//! Home builds write what [`crate::build::render`] renders; every file is
//! named by [`crate::output::names`].

use std::path::Path;

use crate::export;
use crate::output::write::Output;
use crate::scene::page::Document;
use crate::scene::tag::Tag;

/// Which side of an item a page of one item a page shows, and its number.
fn side(doc: &Document, page: usize) -> Option<(bool, u32)> {
    doc.page(page).items.iter().find_map(|item| match item.tag {
        Tag::ItemFront { index } => Some((true, index)),
        Tag::ItemBack { index } => Some((false, index)),
        _ => None,
    })
}

/// One PNG per face at the shop's `dpi`: `front-001.png`, `front-002.png`…
/// in the deck's order (copies counted), and the backs as one `back.png`
/// when every card shares it, else `back-001.png`… beside their fronts'
/// numbers: the names the uploaders pair fronts and backs by. Pages that
/// are not one item's face are left out (the preflight refuses a layout of
/// such pages for these shops: `check::target`).
pub fn faces<'a>(doc: &'a Document, stem: &Path, dpi: f64) -> Vec<Output<'a>> {
    let folder = crate::output::names::faces_folder(stem);
    let sides: Vec<(usize, bool, u32)> = (0..doc.page_count())
        .filter_map(|p| side(doc, p).map(|(front, i)| (p, front, i)))
        .collect();
    let backs: Vec<usize> = sides.iter().filter(|s| !s.1).map(|s| s.0).collect();
    // One back for all when every back page draws the same (its item's
    // number aside).
    let first_back = backs.first().and_then(|&p| back_art(doc, p));
    let shared = first_back.is_some() && backs.iter().skip(1).all(|&p| back_art(doc, p) == first_back);
    let mut out = Vec::new();
    let mut fronts = 0;
    for &(page, front, _) in &sides {
        let name = if front {
            fronts += 1;
            crate::output::names::face(true, Some(fronts))
        } else if shared {
            if page != backs[0] {
                continue;
            }
            crate::output::names::face(false, None)
        } else {
            // The back of the front numbered alike: pages come front and
            // back in pairs, either way round.
            let number = sides.iter().filter(|s| s.1 && s.2 <= side_index(&sides, page)).count();
            crate::output::names::face(false, Some(number))
        };
        out.push(Output::writer(folder.join(name), move |w| {
            let svg = export::svg::export_page(doc, page)?;
            let png = export::png::render(&svg, dpi).map_err(|e| std::io::Error::other(e.to_string()))?;
            // The shops print from sRGB files, and say so: an untagged PNG
            // is a guess for their software.
            w.write_all(&export::png::tagged_srgb(&png))
        }));
    }
    out
}

/// What the back on `page` draws: its placed art, where it is placed.
fn back_art(doc: &Document, page: usize) -> Option<crate::scene::item::Shape> {
    doc.page(page)
        .items
        .iter()
        .find(|item| matches!(item.tag, Tag::ItemBack { .. }))
        .map(|item| item.shape.clone())
}

/// The item number of the face on `page`.
fn side_index(sides: &[(usize, bool, u32)], page: usize) -> u32 {
    sides.iter().find(|s| s.0 == page).map_or(0, |s| s.2)
}

/// The separations of a build's PDF/X targets, each made the first time a
/// layout asks for it (a layout's own `[print] target` may name one the
/// command line did not), and shared by every thread of the build.
pub struct Presses {
    ink_limit: Option<f64>,
    date: String,
    made: [std::sync::OnceLock<Result<Separated, String>>; 2],
}

/// A PDF/X target's settings and its separation, when it writes PDF/X.
type Separated = Option<(crate::print::target::PdfX, crate::print::separation::Separation)>;

impl Presses {
    /// None made yet; `ink_limit` is `--ink-limit`'s.
    pub fn new(ink_limit: Option<f64>) -> Presses {
        Presses {
            ink_limit,
            date: press_date(),
            made: Default::default(),
        }
    }

    /// What writing for `target` needs: `None` for a target that writes no
    /// PDF/X; the reason when its profile cannot be read.
    pub fn get(&self, target: crate::print::target::Target) -> Result<Option<crate::export::pdf::Press<'_>>, String> {
        use crate::print::target::Target;
        let slot = match target {
            Target::DriveThruCards => &self.made[0],
            Target::Offset => &self.made[1],
            Target::Home | Target::Mpc | Target::Tgc => return Ok(None),
        };
        let made = slot.get_or_init(|| press_for(target, self.ink_limit));
        Ok(made
            .as_ref()
            .map_err(Clone::clone)?
            .as_ref()
            .map(|(pdfx, separation)| crate::export::pdf::Press {
                pdfx: *pdfx,
                separation,
                date: self.date.clone(),
            }))
    }
}

/// The separation and PDF/X settings of a build for `target`, when it
/// writes PDF/X; the reason when its profile cannot be read.
fn press_for(target: crate::print::target::Target, ink_limit: Option<f64>) -> Result<Separated, String> {
    let Some(pdfx) = target.shop().and_then(|s| s.pdfx(ink_limit)) else {
        return Ok(None);
    };
    let separation = crate::print::separation::Separation::with_black(pdfx.condition, pdfx.ink_limit, pdfx.rich_black)?;
    Ok(Some((pdfx, separation)))
}

/// The date a PDF/X file says it was made (it must say one): the
/// reproducible-builds convention's `SOURCE_DATE_EPOCH` when set, else the
/// first day of 2026, never the clock (the same build makes the same bytes).
pub fn press_date() -> String {
    let epoch = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or(1_767_225_600);
    pdf_date(epoch)
}

/// A moment in seconds since 1970 (UTC) as a PDF date: `D:20260101000000Z`.
pub fn pdf_date(epoch: i64) -> String {
    let (days, secs) = (epoch.div_euclid(86_400), epoch.rem_euclid(86_400));
    let (year, month, day) = civil_date(days);
    format!(
        "D:{year:04}{month:02}{day:02}{:02}{:02}{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// The civil date (year, month, day) of a day counted from 1 January 1970
/// (Howard Hinnant's `civil_from_days`): the PDF's date and a virtual
/// table's save's.
pub fn civil_date(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// An `--ink-limit` argument: a percentage from 100 to 400.
pub fn parse_ink_limit(s: &str) -> Result<f64, String> {
    match s.trim_end_matches('%').parse::<f64>() {
        Ok(v) if (100.0..=400.0).contains(&v) => Ok(v),
        _ => Err(format!("\"{s}\" is not an ink limit from 100 to 400 (percent)")),
    }
}
