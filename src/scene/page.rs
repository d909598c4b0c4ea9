//! Pages of items and the document they make up.

use crate::geom::{Rect, Size, Transform};
use crate::print::Flip;
use crate::scene::item::{Item, Shape, intersect};

/// One page: its size, its printer-safe area, the print-shop boxes when the
/// page is one finished piece, and the items in drawing order.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// The sheet size.
    pub size: Size,
    /// The printer-safe area: nothing may be drawn outside it.
    pub safe_area: Rect,
    /// The finished size after cutting (PDF TrimBox), when the page is one piece.
    pub trim: Option<Rect>,
    /// The trim grown by the bleed (PDF BleedBox), when the page is one piece.
    pub bleed: Option<Rect>,
    /// The items, drawn first to last.
    pub items: Vec<Item>,
}

impl Page {
    /// A page with no print-shop boxes.
    pub fn new(size: Size, safe_area: Rect, items: Vec<Item>) -> Page {
        Page {
            size,
            safe_area,
            trim: None,
            bleed: None,
            items,
        }
    }

    /// Visits every leaf item (groups opened) with the transform that maps it
    /// onto the page.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform)) {
        self.walk_clipped(&mut |item, t, _| f(item, t));
    }

    /// Visits every leaf item with its transform and the clip (on the page) of
    /// the groups around it.
    pub fn walk_clipped<'a>(&'a self, f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>)) {
        fn go<'a>(
            items: &'a [Item],
            t: &Transform,
            clip: Option<Rect>,
            f: &mut dyn FnMut(&'a Item, &Transform, Option<Rect>),
        ) {
            for item in items {
                match &item.shape {
                    Shape::Group {
                        transform,
                        clip: own,
                        items,
                    } => {
                        let t2 = transform.then(t);
                        let own = own.map(|c| t.apply_rect(&transform.apply_rect(&c)));
                        let clip = match (clip, own) {
                            (Some(a), Some(b)) => Some(intersect(&a, &b).unwrap_or(Rect::new(a.x.0, a.y.0, 0.0, 0.0))),
                            (a, b) => a.or(b),
                        };
                        go(items, &t2, clip, f)
                    }
                    Shape::Use { symbol, transform } => go(&symbol.items, &transform.then(t), clip, f),
                    _ => f(item, t, clip),
                }
            }
        }
        go(&self.items, &Transform::IDENTITY, None, f);
    }

    /// Every leaf item with the part of its bounding box that shows on the page
    /// (`None` when a clip hides it whole).
    pub fn leaves(&self) -> Vec<(&Item, Option<Rect>)> {
        let mut out = Vec::new();
        self.walk_clipped(&mut |item, t, clip| {
            let b = item.bbox().map(|b| t.apply_rect(&b));
            let shown = match (b, clip) {
                (Some(b), Some(c)) => intersect(&b, &c),
                (b, _) => b,
            };
            out.push((item, shown));
        });
        out
    }
}

/// A composed document: what one layout produces.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    /// Title written into the PDF's metadata and the SVG's `<title>`.
    pub title: String,
    /// The pages, in order.
    pub pages: Vec<Page>,
    /// The language of its words (`es`, `en`, …), for the PDF's `/Lang` and
    /// the SVG's `xml:lang`; `None` for a document with no words.
    pub lang: Option<String>,
    /// How the print dialog should turn the sheets: `None` for one-sided
    /// pages, else the edge its backs were placed for.
    pub duplex: Option<Flip>,
}

impl Document {
    /// A one-sided document with no language set: the pipeline sets the
    /// language, and the components that impose backs set the flip.
    pub fn new(title: impl Into<String>, pages: Vec<Page>) -> Document {
        Document {
            title: title.into(),
            pages,
            lang: None,
            duplex: None,
        }
    }
}
