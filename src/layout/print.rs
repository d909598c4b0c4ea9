//! The `[print]` table of layouts whose items are imposed N-up (cards,
//! counters, banknotes, test sheets): bleed, gutter, marks, duplex.

use crate::diag::code::Code;
use crate::geom::Mm;
use crate::layout::resolve::Resolver;
use crate::layout::schema;
use crate::layout::section::Value;
use crate::layout::values::{Choice, Flag, LengthOrZero, Named};
use crate::print::{BackOffset, Duplex, Flip, Imposition, Marks, NupOptions, PageSpec};
use crate::section;
use schemars::{Schema, SchemaGenerator};

/// How far a printer can shift its backs: more is a mistake, not a drift.
const MAX_BACK_OFFSET: f64 = 20.0;

/// The two orientations a `back_offset` table may name, in the order a
/// finding lists them.
const ORIENTATIONS: [&str; 2] = ["portrait", "landscape"];

/// What a finding about `back_offset` suggests writing.
const BACK_OFFSET_HINT: &str = "measure the offset with the calibration sheet printed the same way as the sheets it corrects (layouts/print/duplex-calibration.toml for portrait sheets, duplex-calibration-landscape.toml for landscape ones) and write back_offset = [x, y] for both, or back_offset = { portrait = [x, y], landscape = [x, y] }; it is a few millimetres at most";

/// `back_offset`: `[x, y]` for every sheet, or `{ portrait = [x, y],
/// landscape = [x, y] }`, one reading per orientation (one left out is no
/// correction). Each number is blamed at its own place
/// (`print.back_offset.landscape[1]`).
pub struct BackOffsetValue;

impl Value for BackOffsetValue {
    const UNIT: &'static str = "mm";
    type Raw = toml::Value;
    type Default = [f64; 2];
    type Out = BackOffset;
    fn raw_default(default: [f64; 2]) -> toml::Value {
        toml::Value::Array(default.iter().map(|v| toml::Value::Float(*v)).collect())
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &toml::Value, _: &str) -> BackOffset {
        match raw {
            toml::Value::Table(t) => {
                for name in t.keys().filter(|k| !ORIENTATIONS.contains(&k.as_str())) {
                    r.bad(
                        &format!("{key}.{name}"),
                        Code::LayoutUnknownKey,
                        format!("`{name}` is not an orientation"),
                        "a back offset is given for `portrait` sheets and for `landscape` ones: back_offset = { portrait = [x, y], landscape = [x, y] }",
                    );
                }
                let mut reading = |name: &str| match t.get(name) {
                    Some(v) => reading(r, &format!("{key}.{name}"), v),
                    None => (Mm::ZERO, Mm::ZERO),
                };
                BackOffset {
                    portrait: reading(ORIENTATIONS[0]),
                    landscape: reading(ORIENTATIONS[1]),
                }
            }
            other => BackOffset::both(reading(r, key, other)),
        }
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        let pair = || schema::tuple(vec![schema::number(-MAX_BACK_OFFSET, MAX_BACK_OFFSET); 2]);
        let each = schema::table(
            &[
                "One reading per orientation, each measured with its own calibration sheet; one left out is no correction.",
            ],
            ORIENTATIONS.iter().map(|o| (*o, false, pair())).collect(),
        );
        schema::any_of(vec![pair(), each])
    }
}

/// One reading, `[x, y]` in mm, each number checked at `key[0]` and `key[1]`.
fn reading(r: &mut Resolver<'_>, key: &str, value: &toml::Value) -> (Mm, Mm) {
    let numbers: Option<Vec<f64>> = value.as_array().filter(|a| a.len() == 2).and_then(|a| {
        a.iter()
            .map(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64)))
            .collect()
    });
    let Some(numbers) = numbers else {
        r.bad(
            key,
            Code::LayoutValue,
            "must be two numbers, [x, y] in mm".into(),
            BACK_OFFSET_HINT,
        );
        return (Mm::ZERO, Mm::ZERO);
    };
    for (i, v) in numbers.iter().enumerate() {
        if !v.is_finite() || v.abs() > MAX_BACK_OFFSET {
            r.bad(
                &format!("{key}[{i}]"),
                Code::LayoutValue,
                format!(
                    "a back offset of {} mm is more than a printer drifts",
                    crate::layout::resolve::show(*v)
                ),
                BACK_OFFSET_HINT,
            );
            return (Mm::ZERO, Mm::ZERO);
        }
    }
    (Mm(numbers[0]), Mm(numbers[1]))
}

/// Backs printed, the edge the printer turns the sheet on left to the
/// printer profile (`pitchprint.toml`), and the long edge when it says none.
pub const TWO_SIDED: &str = "two-sided";

/// Duplex off, or the edge the sheet turns over.
impl Named for Option<Flip> {
    const CHOICES: &'static [(&'static str, Self)] = &[
        // No profile lent an edge: the long edge, as printers default to.
        (TWO_SIDED, Some(Flip::LongEdge)),
        ("long-edge", Some(Flip::LongEdge)),
        ("short-edge", Some(Flip::ShortEdge)),
        ("long", Some(Flip::LongEdge)),
        ("short", Some(Flip::ShortEdge)),
        ("none", None),
        ("off", None),
    ];
    const FALLBACK: Self = None;
    const WHAT: &'static str = "duplex";
    const NAMES: &'static str = "use \"two-sided\" (backs, turned as pitchprint.toml says, else on the long edge), \"long-edge\", \"short-edge\" or \"none\"";
}

impl Named for Imposition {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("sheet", Imposition::Sheet),
        ("single", Imposition::Single),
        ("gutter-fold", Imposition::GutterFold),
    ];
    const FALLBACK: Self = Imposition::Sheet;
    const WHAT: &'static str = "imposition";
    const NAMES: &'static str = "use \"sheet\" (many items per sheet, for home printing), \"gutter-fold\" (fronts and backs side by side on one side of the sheet, folded together: for a printer without duplex) or \"single\" (one item per page with trim and bleed boxes, for a print shop)";
}

impl Named for crate::print::target::Target {
    const CHOICES: &'static [(&'static str, Self)] = &crate::print::target::NAMES;
    const FALLBACK: Self = crate::print::target::Target::Home;
    const WHAT: &'static str = "target";
    const NAMES: &'static str = concat!("use ", crate::target_names!(), "; --target on the command line wins");
}

impl Named for Marks {
    const CHOICES: &'static [(&'static str, Self)] = &[
        ("crop", Marks::Crop),
        ("silhouette", Marks::Silhouette),
        ("cricut", Marks::Cricut),
    ];
    const FALLBACK: Self = Marks::Crop;
    const WHAT: &'static str = "marks";
    const NAMES: &'static str = "use \"crop\" (crop marks for a knife or a trimmer, as crop_marks says), \"silhouette\" (Silhouette Studio's print-and-cut registration marks) or \"cricut\" (sheets sized for Cricut Design Space's Print Then Cut)";
}

section! {
    /// `[print]`, validated: how items are imposed on the sheet (bleed,
    /// gutter, crop marks, duplex).
    pub struct Print / RawPrint / PrintKeys in "print" {
        /// Art beyond the trim: 3 mm is what print shops ask for, enough to
        /// hide a slightly misaligned cut.
        bleed: LengthOrZero<20> = 3.0 => "art beyond the trim, in mm; 3 mm is usual, 0 for none",
        /// Space between neighbouring items' bleeds.
        gutter: LengthOrZero<50> = 0.0 => "space between neighbouring items' bleeds, in mm",
        /// Crop marks in the margins around the grid.
        crop_marks: Flag = true,
        /// Full cut lines along every trim edge.
        cut_lines: Flag = false,
        /// `crop` (crop marks, as `crop_marks` says), `silhouette` or
        /// `cricut` (a cutting machine's print-then-cut marks and a cut file).
        marks: Choice<Marks> = "crop",
        /// `two-sided` (backs, turned on the edge the printer profile names,
        /// else the long edge), `long-edge`, `short-edge` or `none`.
        duplex: Choice<Option<Flip>> = TWO_SIDED,
        /// Shift of the back pages, measured with the calibration sheet:
        /// `[x, y]` for every sheet, or `{ portrait = [x, y], landscape =
        /// [x, y] }`, a reading for each orientation.
        back_offset: BackOffsetValue = [0.0, 0.0] => "in mm, as the calibration sheet of that orientation reads it",
        /// `sheet` (home printing), `gutter-fold` (fronts and backs on one
        /// side, folded together: one-sided, whatever `duplex` says) or
        /// `single` (a print shop).
        imposition: Choice<Imposition> = "sheet",
        /// The small print in the margin that tells the print dialog's
        /// settings ("print at 100 % · two-sided, flip on long edge").
        margin_note: Flag = true,
        /// Where the items will be printed: `home`, or a print shop (`mpc`,
        /// `tgc`, `drivethrucards`, `offset`), as `--target` says it, which
        /// wins over it.
        target: Choice<crate::print::target::Target> = "home",
    }
}

impl RawPrint {
    /// The defaults for round counters: a thin bleed (a hand cut follows the
    /// cut guide, not crop marks), no crop marks, no backs unless asked.
    pub fn counters() -> RawPrint {
        RawPrint {
            bleed: 1.0,
            gutter: 1.0,
            crop_marks: false,
            duplex: "none".into(),
            ..RawPrint::default()
        }
    }

    /// The defaults for plain paper items (slips): no bleed, crop marks to cut
    /// along, no backs.
    pub fn plain() -> RawPrint {
        RawPrint {
            bleed: 0.0,
            gutter: 4.0,
            duplex: "none".into(),
            ..RawPrint::default()
        }
    }

    /// Validates the table against the page it prints on.
    pub fn options(&self, r: &mut Resolver<'_>, page: &PageSpec) -> NupOptions {
        let mut raw = self.clone();
        // The printer's edge only for a layout that prints backs and names
        // no edge: the profile never gives backs to a one-sided sheet.
        if raw.duplex == TWO_SIDED {
            r.lent(Print::KEY.duplex, &mut raw.duplex);
        }
        r.lent(Print::KEY.back_offset, &mut raw.back_offset);
        // Read by the pipeline before resolving ([`asked_target`]: it sets
        // the cards' size); taken here only so that a name there is none of
        // is reported.
        r.lent(Print::KEY.target, &mut raw.target);
        let mut print = raw.resolve(r);
        if let Some(shop) = r.cx.overrides.shop() {
            shop_pages(&mut print, shop);
        }
        // A gutter-fold sheet carries its backs beside its fronts: it is
        // printed one-sided, and no back offset applies (the fold aligns).
        if print.imposition == Imposition::GutterFold {
            print.duplex = None;
        }
        if print.marks.by_machine() {
            if print.imposition != Imposition::Sheet {
                r.bad(
                    Print::KEY.marks,
                    Code::LayoutValue,
                    format!(
                        "a cutting machine's marks go on sheets of many items, not with imposition = \"{}\"",
                        if print.imposition == Imposition::Single { "single" } else { "gutter-fold" }
                    ),
                    "use imposition = \"sheet\" with marks = \"silhouette\" or \"cricut\", or marks = \"crop\" to cut by hand",
                );
                print.marks = Marks::Crop;
            } else {
                // The machine's eye reads its own marks: crop marks and cut
                // lines beside them would be read as marks.
                print.crop_marks = false;
                print.cut_lines = false;
            }
        }
        // Design Space prints one side of a Print Then Cut sheet.
        if print.marks == Marks::Cricut {
            print.duplex = None;
        }
        // A Cricut sheet is printed by Design Space, which adds its frame
        // around the image: no room, and no dialog to tell.
        let noted = print.imposition != Imposition::Single && print.marks != Marks::Cricut;
        let note = (print.margin_note && noted).then(|| {
            // The label that names this sheet's settings, in the build's language.
            let label = match (print.imposition, print.duplex) {
                (_, _) if print.marks == Marks::Silhouette => "@print.note_silhouette",
                (Imposition::GutterFold, _) => "@print.note_gutter_fold",
                (_, None) => "@print.note_one_sided",
                (_, Some(Flip::LongEdge)) => "@print.note_long_edge",
                (_, Some(Flip::ShortEdge)) => "@print.note_short_edge",
            };
            let text = r.text(Print::KEY.margin_note, label);
            if print.marks != Marks::Silhouette {
                return text;
            }
            // Studio's settings, from the marks as drawn, in the language's
            // decimals ("0,3 mm").
            use crate::print::{SILHOUETTE_INSET, SILHOUETTE_LENGTH, SILHOUETTE_THICKNESS};
            let text = text
                .replace("{length}", &SILHOUETTE_LENGTH.0.to_string())
                .replace("{thickness}", &SILHOUETTE_THICKNESS.0.to_string())
                .replace("{inset}", &SILHOUETTE_INSET.0.to_string());
            r.numbers(Print::KEY.margin_note, &text)
        });
        NupOptions {
            paper: page.paper,
            orientation: page.orientation,
            margin: page.margin,
            bleed: print.bleed,
            gutter: print.gutter,
            crop_marks: print.crop_marks,
            cut_lines: print.cut_lines,
            marks: print.marks,
            duplex: print.duplex.map(|flip| Duplex {
                flip,
                offset: print.back_offset,
            }),
            imposition: print.imposition,
            note,
            back_first: r
                .cx
                .overrides
                .shop()
                .and_then(|s| s.pdfx(None))
                .is_some_and(|x| x.back_first),
        }
    }
}

/// A print shop's pages, whatever the layout asks of a home printer: one
/// item a page, the shop's bleed, no marks (the shop cuts by its own), and
/// backs wherever the layout prints them (its backs' edge no matter: a
/// shop's backs are pages of their own).
fn shop_pages(print: &mut Print, shop: &crate::print::target::Shop) {
    print.imposition = Imposition::Single;
    print.bleed = shop.bleed;
    print.crop_marks = false;
    print.cut_lines = false;
    print.marks = Marks::Crop;
    print.margin_note = false;
    print.back_offset = BackOffset::ZERO;
}

/// The print target a layout asks for in `[print] target` (or its printer
/// profile does): a home printer when neither says, or says a name there is
/// none of. The one reading of the key: the pipeline takes it before the
/// layout is resolved, since it sets the items' sizes; the resolve of
/// `[print]` only reports a name that is no target's.
pub fn asked_target(source: &crate::input::source::Source) -> crate::print::target::Target {
    let key = Print::KEY.target;
    let named = match source.value_text(key) {
        Some(own) => Some(own.to_string()),
        None => source.inherited::<String>(key).and_then(Result::ok),
    };
    named
        .and_then(|n| crate::print::target::Target::parse(&n))
        .unwrap_or_default()
}
