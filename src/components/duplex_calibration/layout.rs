//! The duplex calibration sheet (`kind = "duplex-calibration"`): a front and a
//! back page with crosses, to measure how far a printer shifts its backs.

use serde::Deserialize;

use crate::diag::Finding;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::{Context, Resolver};
use crate::layout::source::Source;
use crate::print::PageSpec;
use crate::print::{Duplex, Flip};
use crate::scene::color::Color;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    #[allow(dead_code)] // read by `kind_of`; declared so deny_unknown_fields accepts it
    kind: String,
    #[serde(default)]
    page: RawPage,
    #[serde(default)]
    print: RawPrint,
    #[serde(default)]
    text: RawText,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RawText {
    title: String,
    steps: Vec<String>,
    colour: String,
}

impl Default for RawText {
    fn default() -> Self {
        RawText {
            title: "Calibrar la impresión a doble cara".into(),
            steps: vec![
                "Imprime esta hoja a doble cara, al 100 %, volteando por el borde que indica el apartado [print] (borde largo, si no dice otra cosa).".into(),
                "Mira la hoja a contraluz: cada cruz gruesa del reverso debería caer sobre el centro de su diana.".into(),
                "Si no cae, lee en las dos reglas de la diana dónde cae la cruz del reverso: esos dos números son x e y.".into(),
                "Escribe back_offset = [x, y] en el apartado [print] de tus diseños y vuelve a imprimir esta hoja para comprobarlo.".into(),
            ],
            colour: "#1b2a41".into(),
        }
    }
}

/// A resolved calibration sheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Paper and margin.
    pub page: PageSpec,
    /// The flip and the offset already applied.
    pub duplex: Duplex,
    /// The title.
    pub title: String,
    /// Numbered steps.
    pub steps: Vec<String>,
    /// Ink.
    pub colour: Color,
}

/// Reads and validates a `duplex-calibration` layout.
pub fn resolve(source: &Source, cx: &Context<'_>) -> Result<Calibration, Vec<Finding>> {
    let overrides = cx.overrides;
    let raw: Raw = source.deserialize()?;
    let mut r = Resolver::new(source, cx);
    let page = raw.page.spec(&mut r, overrides);
    let print = raw.print.options(&mut r, &page);
    let duplex = print.duplex.unwrap_or(Duplex {
        flip: Flip::LongEdge,
        offset: Default::default(),
    });
    if print.duplex.is_none() && r.valid(&["print.duplex"]) {
        r.bad(
            "print.duplex",
            "layout-value",
            "a calibration sheet needs a duplex flip".into(),
            "use \"long-edge\" or \"short-edge\"",
        );
    }
    let colour = r.colour("text.colour", &raw.text.colour);
    let title = r.text("text.title", &raw.text.title);
    let steps = raw.text.steps.iter().map(|s| r.text("text.steps", s)).collect();
    r.finish(Calibration {
        page,
        duplex,
        title,
        steps,
        colour,
    })
}
