//! Print targets: where the files go to be printed, and what that place
//! asks of them. `home` is what every build made before targets existed (a
//! home printer's sheets, RGB); each shop target is a profile of the same
//! pipeline: the card sizes the shop cuts, its bleed and safe zone, one item
//! a page with no marks, and its files (one PNG per face, or a CMYK PDF/X).
//!
//! Each shop's numbers are its published specification, read on the date
//! the book's table gives (`docs/book/src/print-shops.md`). A leaf: plain values on the base
//! types, so the layout stage, the sheet stage, the checker and the
//! exporters can all name them.

use std::path::{Path, PathBuf};

use crate::geom::{Mm, Size};

/// Millimetres in an inch.
const INCH: f64 = 25.4;

/// Where a build's files will be printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Target {
    /// A home printer: sheets of many items, crop marks, RGB (the default).
    #[default]
    Home,
    /// MakePlayingCards and PrinterStudio (one company, one uploader).
    Mpc,
    /// The Game Crafter.
    Tgc,
    /// DriveThruCards (OneBookShelf).
    DriveThruCards,
    /// A commercial offset printer: PDF/X-4, CMYK, 3 mm bleed.
    Offset,
}

/// The targets as a sentence lists them, for every help and hint that names
/// them (`--target`'s, `[print] target`'s, an unknown name's): a macro so
/// that `concat!` can build constant help texts from it. A test holds it to
/// [`NAMES`].
#[macro_export]
macro_rules! target_names {
    () => {
        "home (a home printer), mpc (MakePlayingCards, PrinterStudio), tgc (The Game Crafter), drivethrucards or offset"
    };
}

/// The targets as a sentence lists them ([`target_names!`]).
pub const NAMES_SAID: &str = target_names!();

/// The names `--target` and `[print] target` take.
pub const NAMES: [(&str, Target); 5] = [
    ("home", Target::Home),
    ("mpc", Target::Mpc),
    ("tgc", Target::Tgc),
    ("drivethrucards", Target::DriveThruCards),
    ("offset", Target::Offset),
];

impl Target {
    /// The target named `s` (as `--target` writes it).
    pub fn parse(s: &str) -> Option<Target> {
        let s = s.trim().to_ascii_lowercase();
        NAMES.iter().find(|(n, _)| *n == s).map(|(_, t)| *t)
    }

    /// A `--target` argument, or the sentence that says which there are.
    pub fn parse_arg(s: &str) -> Result<Target, String> {
        Target::parse(s).ok_or_else(|| format!("unknown target \"{s}\"; use {NAMES_SAID}"))
    }

    /// Its name, as `--target` writes it.
    pub fn name(self) -> &'static str {
        NAMES.iter().find(|(_, t)| *t == self).map_or("home", |(n, _)| n)
    }

    /// The folder a build for this target writes into under `out`: `out`
    /// itself for home, else the target's own (`output/drivethrucards/`),
    /// so that a shop's files never take the place of the home printer's.
    pub fn folder(self, out: &Path) -> PathBuf {
        match self {
            Target::Home => out.to_path_buf(),
            t => out.join(t.name()),
        }
    }

    /// What the shop asks for; `None` for a home printer.
    pub fn shop(self) -> Option<&'static Shop> {
        SHOPS.iter().find(|s| s.target == self)
    }
}

/// A card size by the name the shops give it: width and height of the trim
/// in mm.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cut {
    /// `poker`, `bridge`, `tarot`, `mini` or `square`.
    pub name: &'static str,
    /// Width and height in mm.
    pub mm: [f64; 2],
}

impl Cut {
    /// The trim's size.
    pub fn size(&self) -> Size {
        Size::new(self.mm[0], self.mm[1])
    }
}

/// A size in inches, as the US shops publish it.
const fn inches(name: &'static str, w: f64, h: f64) -> Cut {
    Cut {
        name,
        mm: [w * INCH, h * INCH],
    }
}

/// The US shops' sizes: in whole and quarter inches. "Poker" there is
/// 2.5 x 3.5 in (63.5 x 88.9 mm); in Europe, and at home by default, it is
/// 63 x 88 mm (the `poker-eu` size). `square` is The Game Crafter's small
/// square (2.5 in).
pub const US_SIZES: [Cut; 5] = [
    inches("poker", 2.5, 3.5),
    inches("bridge", 2.25, 3.5),
    inches("tarot", 2.75, 4.75),
    inches("mini", 1.75, 2.5),
    inches("square", 2.5, 2.5),
];

/// MakePlayingCards' sizes that its uploader's pixel sizes were read for.
const MPC_SIZES: [Cut; 4] = [US_SIZES[0], US_SIZES[1], US_SIZES[2], US_SIZES[3]];

/// DriveThruCards' card size as its specification gives it: US poker.
const DTC_SIZES: [Cut; 1] = [US_SIZES[0]];

/// How an item's pages are written for a shop.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Files {
    /// One sRGB PNG per face at `dpi`, named for the shop's uploader.
    Faces {
        /// Pixels per inch (written in the PNG's pHYs too).
        dpi: f64,
    },
    /// One CMYK PDF/X document.
    PdfX(PdfX),
}

/// The PDF/X standard a file claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standard {
    /// PDF/X-1a:2003 (ISO 15930-4): CMYK and spot only, no transparency,
    /// PDF 1.4.
    X1a,
    /// PDF/X-4 (ISO 15930-7:2010): CMYK output intent with its profile,
    /// transparency allowed, PDF 1.6.
    X4,
}

impl Standard {
    /// `/GTS_PDFXVersion`, and the XMP's `pdfxid:GTS_PDFXVersion`: the
    /// family (PDF/X-1a:2003 is a conformance level of PDF/X-1:2003).
    pub fn version_key(self) -> &'static str {
        match self {
            Standard::X1a => "PDF/X-1:2003",
            Standard::X4 => "PDF/X-4",
        }
    }

    /// `/GTS_PDFXConformance`, where the standard has one.
    pub fn conformance_key(self) -> Option<&'static str> {
        match self {
            Standard::X1a => Some("PDF/X-1a:2003"),
            Standard::X4 => None,
        }
    }

    /// The standard's name, as people say it.
    pub fn name(self) -> &'static str {
        match self {
            Standard::X1a => "PDF/X-1a:2003",
            Standard::X4 => "PDF/X-4",
        }
    }

    /// The PDF version the file's header says: the highest the standard allows.
    pub fn pdf_version(self) -> &'static str {
        match self {
            Standard::X1a => "1.4",
            Standard::X4 => "1.6",
        }
    }
}

/// A registered printing condition and the CMYK profile pitchprint
/// separates for it (templates/icc/README.md says how each was made).
#[derive(Debug, PartialEq)]
pub struct Condition {
    /// `/OutputConditionIdentifier`: the name in the ICC's registry of
    /// characterization data.
    pub identifier: &'static str,
    /// `/Info`: the condition in words.
    pub info: &'static str,
    /// The profile's file under templates/icc.
    pub file: &'static str,
    /// The profile's bytes.
    pub profile: &'static [u8],
    /// The most ink the profile's separation lays down anywhere, in percent.
    pub max_ink: f64,
}

/// `/RegistryName` of the ICC's registry of printing conditions.
pub const REGISTRY: &str = "http://www.color.org";

/// SWOP on coated paper, grade 3 (the US web offset condition DriveThruCards'
/// preflight names), separated at most 240 %.
pub static SWOP_TR003: Condition = Condition {
    identifier: "CGATS TR 003",
    info: "SWOP coated #3 (ANSI CGATS/SWOP TR 003-2007), separated at most 240 % ink",
    file: "pitchprint-tr003-240.icc",
    profile: include_bytes!("../../templates/icc/pitchprint-tr003-240.icc"),
    max_ink: 240.0,
};

/// Offset on coated paper (ISO 12647-2), the European commercial default,
/// separated at most 300 %.
pub static FOGRA39: Condition = Condition {
    identifier: "FOGRA39",
    info: "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, paper type 1 or 2), separated at most 300 % ink",
    file: "pitchprint-fogra39-300.icc",
    profile: include_bytes!("../../templates/icc/pitchprint-fogra39-300.icc"),
    max_ink: 300.0,
};

/// What a PDF/X target writes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PdfX {
    /// The standard claimed.
    pub standard: Standard,
    /// The printing condition of the output intent.
    pub condition: &'static Condition,
    /// The most ink allowed anywhere, in percent (the shop's, or `--ink-limit`).
    pub ink_limit: f64,
    /// Each item's back page before its front (DriveThruCards' order).
    pub back_first: bool,
    /// The black a large black area is printed in (C, M, Y, K in percent),
    /// when the shop names one; else the profile's richest black within the
    /// limit.
    pub rich_black: Option<[f64; 4]>,
}

/// A print shop's published specification.
#[derive(Debug, PartialEq)]
pub struct Shop {
    /// Which target.
    pub target: Target,
    /// The shop's name.
    pub name: &'static str,
    /// The sizes it cuts; empty when it cuts any size (a die is made).
    pub sizes: &'static [Cut],
    /// Art beyond the trim on every side.
    pub bleed: Mm,
    /// How far inside the trim text and important art must stay.
    pub safe: Mm,
    /// Its files.
    pub files: Files,
    /// The least resolution of a photo at its printed size.
    pub min_ppi: f64,
}

/// Every shop, in `--target`'s order.
pub static SHOPS: [Shop; 4] = [
    Shop {
        target: Target::Mpc,
        name: "MakePlayingCards / PrinterStudio",
        sizes: &MPC_SIZES,
        // 36 px at 300 dpi: a poker card's 750 x 1050 px grow to 822 x 1122.
        bleed: Mm(36.0 / 300.0 * INCH),
        safe: Mm(36.0 / 300.0 * INCH),
        files: Files::Faces { dpi: 300.0 },
        min_ppi: 300.0,
    },
    Shop {
        target: Target::Tgc,
        name: "The Game Crafter",
        sizes: &US_SIZES,
        // 1/8 in: a poker card's 750 x 1050 px grow to 825 x 1125.
        bleed: Mm(INCH / 8.0),
        safe: Mm(INCH / 8.0),
        files: Files::Faces { dpi: 300.0 },
        min_ppi: 300.0,
    },
    Shop {
        target: Target::DriveThruCards,
        name: "DriveThruCards",
        sizes: &DTC_SIZES,
        bleed: Mm(INCH / 8.0),
        safe: Mm(INCH / 8.0),
        files: Files::PdfX(PdfX {
            standard: Standard::X1a,
            condition: &SWOP_TR003,
            ink_limit: 240.0,
            back_first: true,
            rich_black: Some([60.0, 40.0, 40.0, 100.0]),
        }),
        min_ppi: 300.0,
    },
    Shop {
        target: Target::Offset,
        name: "offset printer (PDF/X-4)",
        sizes: &[],
        bleed: Mm(3.0),
        safe: Mm(3.0),
        files: Files::PdfX(PdfX {
            standard: Standard::X4,
            condition: &FOGRA39,
            ink_limit: 300.0,
            back_first: false,
            rich_black: None,
        }),
        min_ppi: 300.0,
    },
];

impl Shop {
    /// The size this shop cuts for a card size named `name` (`poker`):
    /// the shop's own of that name. `poker-eu` is a European poker card,
    /// which a US shop cuts as its poker size.
    pub fn cut_named(&self, name: &str) -> Option<Cut> {
        let name = name.strip_suffix("-eu").or(name.strip_suffix("-us")).unwrap_or(name);
        self.sizes.iter().find(|c| c.name == name).copied()
    }

    /// The size this shop cuts for an item of `size`: its own size within
    /// 1 mm of it each way (a European 63 x 88 poker card is a US shop's
    /// 63.5 x 88.9), turned or not; `None` when it cuts none such. Any
    /// size, as it is, for a shop that makes a die for each job.
    pub fn cut_for(&self, size: Size) -> Option<Size> {
        if self.sizes.is_empty() {
            return Some(size);
        }
        let near = |a: f64, b: f64| (a - b).abs() <= 1.0;
        self.sizes.iter().find_map(|c| {
            let [w, h] = c.mm;
            if near(size.w.0, w) && near(size.h.0, h) {
                Some(Size::new(w, h))
            } else if near(size.w.0, h) && near(size.h.0, w) {
                Some(Size::new(h, w))
            } else {
                None
            }
        })
    }

    /// The finding's words for `what` (cards, items) of `size`, which it
    /// does not cut: "DriveThruCards does not cut cards of 70 x 100 mm".
    pub fn does_not_cut(&self, what: &str, size: Size) -> String {
        format!(
            "{} does not cut {what} of {} x {} mm",
            self.name,
            mm(size.w.0),
            mm(size.h.0)
        )
    }

    /// The sizes it cuts in words: "poker 63.5 x 88.9 mm, bridge ...".
    pub fn sizes_in_words(&self) -> String {
        self.sizes
            .iter()
            .map(|c| format!("{} {} x {} mm", c.name, mm(c.mm[0]), mm(c.mm[1])))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The PDF/X it writes, with the ink limit `--ink-limit` asks for
    /// ([`ink_limit_refused`] has refused one above the shop's own; the
    /// shop's stays a ceiling all the same).
    pub fn pdfx(&self, ink_limit: Option<f64>) -> Option<PdfX> {
        match self.files {
            Files::PdfX(x) => Some(PdfX {
                ink_limit: ink_limit.map_or(x.ink_limit, |l| l.min(x.ink_limit)),
                ..x
            }),
            Files::Faces { .. } => None,
        }
    }
}

/// The targets that write a CMYK PDF/X file, the ones an ink limit is for.
pub fn pdfx_targets() -> Vec<Target> {
    SHOPS
        .iter()
        .filter(|s| matches!(s.files, Files::PdfX(_)))
        .map(|s| s.target)
        .collect()
}

/// Why `--ink-limit limit` cannot be taken for `target`, when it cannot: an
/// ink limit is a promise about a CMYK PDF/X file, so it is refused, never
/// silently ignored, without a target that writes one (a home sheet and the
/// card shops' PNGs are RGB, which the printer separates itself), and above
/// the shop's own limit, which the file must keep. `offered` are the PDF/X
/// targets the command takes, named in the hint.
pub fn ink_limit_refused(limit: f64, target: Option<Target>, offered: &[Target]) -> Option<String> {
    let pdfx_targets = || {
        offered
            .iter()
            .map(|t| format!("--target {}", t.name()))
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let Some(target) = target else {
        return Some(format!(
            "--ink-limit {limit} is for a CMYK PDF/X file: give it with {}, or leave it out",
            pdfx_targets()
        ));
    };
    match target.shop().and_then(|s| s.pdfx(None)) {
        None => Some(format!(
            "--ink-limit is for a CMYK PDF/X file, and --target {} writes RGB, which its printer separates itself: use {}, or leave --ink-limit out",
            target.name(),
            pdfx_targets()
        )),
        Some(x) if limit > x.ink_limit => Some(format!(
            "--ink-limit {limit} is above the {} limit of {} %, which every file for it must keep: give at most {}",
            target.name(),
            x.ink_limit,
            x.ink_limit
        )),
        Some(_) => None,
    }
}

/// A length in mm as the shops' sizes are said: at most two decimals.
fn mm(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
