//! The drawing items: a shape, its style and its tag, and what a shape is made
//! of (path steps, laid-out text runs, embedded pictures).

use crate::font::FontFace;
use crate::geom::{Mm, Point, Rect, Transform};
use crate::scene::picture::Picture;
use crate::scene::style::Style;
use crate::scene::tag::Tag;

/// A run of text on one line, already laid out: the exporters place it as it is.
#[derive(Clone, Debug, PartialEq)]
pub struct TextRun {
    /// Left end of the baseline.
    pub origin: Point,
    /// The face.
    pub font: FontFace,
    /// Size in points.
    pub size_pt: f64,
    /// The text.
    pub text: String,
    /// Advance width, measured with the font's glyph advances (the extra word
    /// spacing included).
    pub width: Mm,
    /// Space added to every word space, for justified lines (0 otherwise).
    pub word_gap: Mm,
    /// Height above the baseline (the font's ascender at this size).
    pub ascent: Mm,
    /// Depth below the baseline (the font's descender at this size, positive).
    pub descent: Mm,
}

impl TextRun {
    /// Every word of the run (the text between spaces) with the x where it
    /// starts: the origin, plus the advances of the text before it (spaces
    /// included, summed by [`FontFace::measure`]), plus the word gap once for
    /// each space before it. That is where the PDF writer's glyph advances and
    /// its offset after each space put the word, so an exporter that places
    /// words one by one draws the PDF's line.
    pub fn words(&self) -> Vec<(Mm, &str)> {
        let mut out = Vec::new();
        let mut spaces = 0.0;
        let mut start = 0;
        for (i, c) in self.text.char_indices().chain([(self.text.len(), ' ')]) {
            if c != ' ' {
                continue;
            }
            if i > start {
                let before = self.font.measure(&self.text[..start], self.size_pt);
                out.push((self.origin.x + before + self.word_gap * spaces, &self.text[start..i]));
            }
            spaces += 1.0;
            start = i + 1;
        }
        out
    }
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PathCmd {
    /// Start a new subpath.
    MoveTo(Point),
    /// A straight segment.
    LineTo(Point),
    /// A cubic Bézier: two control points and the end point.
    CubicTo(Point, Point, Point),
    /// Close the subpath.
    Close,
}

impl PathCmd {
    /// The command with its points mapped by `t`.
    pub fn mapped(self, t: &Transform) -> PathCmd {
        match self {
            PathCmd::MoveTo(p) => PathCmd::MoveTo(t.apply(p)),
            PathCmd::LineTo(p) => PathCmd::LineTo(t.apply(p)),
            PathCmd::CubicTo(a, b, c) => PathCmd::CubicTo(t.apply(a), t.apply(b), t.apply(c)),
            PathCmd::Close => PathCmd::Close,
        }
    }
}

/// The geometry of an item.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// A straight segment.
    Line {
        /// Start.
        from: Point,
        /// End.
        to: Point,
    },
    /// Connected segments; a polygon when `closed`.
    Polyline {
        /// The vertices.
        points: Vec<Point>,
        /// Whether the last vertex joins the first.
        closed: bool,
    },
    /// An axis-aligned rectangle.
    Rect(Rect),
    /// A circle.
    Circle {
        /// Centre.
        centre: Point,
        /// Radius.
        radius: Mm,
    },
    /// A general path of lines and cubic Béziers.
    Path(Vec<PathCmd>),
    /// A line of text.
    Text(TextRun),
    /// A picture stretched over a rectangle (callers crop it to the
    /// rectangle's proportions first).
    Image {
        /// Where it goes.
        rect: Rect,
        /// What it shows.
        picture: std::sync::Arc<Picture>,
    },
    /// Art defined once ([`Symbol`]) and placed here under a transform: the
    /// exporters write the art once (a PDF Form XObject, an SVG `<defs>`
    /// entry) and each placement as a reference to it; the checker sees its
    /// items as it sees a group's.
    Use {
        /// The art, shared by every placement.
        symbol: std::sync::Arc<Symbol>,
        /// Maps the symbol's coordinates onto its parent's.
        transform: Transform,
    },
    /// Items drawn under a transform, optionally clipped (clip in the group's
    /// own coordinates).
    Group {
        /// Maps the group's coordinates onto its parent's.
        transform: Transform,
        /// Clip rectangle, if any.
        clip: Option<Rect>,
        /// The members.
        items: Vec<Item>,
    },
}

/// Art defined once and placed many times ([`Shape::Use`]): a list of items in
/// its own coordinates, and an id made from them.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// A name for the art (`rosette`), then a hash of the items: the same
    /// art always gets the same id, other art another, whatever else the
    /// process drew before (no counter, no address).
    pub id: String,
    /// The members, in the symbol's own coordinates.
    pub items: Vec<Item>,
}

impl Symbol {
    /// A symbol of `items`, its id `name` and their content hash. `name` is
    /// for a reader of the SVG and must be letters, digits and `-`.
    pub fn new(name: &str, items: Vec<Item>) -> Symbol {
        let mut h = Fnv64(0xcbf2_9ce4_8422_2325);
        // The items' debug text holds every coordinate, colour and tag: what
        // makes two symbols draw the same thing. Hashed as it is written.
        let _ = std::fmt::Write::write_fmt(&mut h, format_args!("{items:?}"));
        Symbol {
            id: format!("{name}-{:016x}", h.0),
            items,
        }
    }

    /// A placement of `self` under `transform`, shared (not copied).
    pub fn placed(self: &std::sync::Arc<Symbol>, transform: Transform, tag: Tag) -> Item {
        Item::new(
            Shape::Use {
                symbol: self.clone(),
                transform,
            },
            Style::default(),
            tag,
        )
    }
}

/// FNV-1a, 64 bits (its published prime and offset basis): fixed by its
/// definition, unlike the standard library's hasher.
struct Fnv64(u64);

impl std::fmt::Write for Fnv64 {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(())
    }
}

/// A layout key an item came from: a fixed one (`board.pitch`), or one
/// built for an entry of an array of tables (`die[1].name`).
pub type Key = std::borrow::Cow<'static, str>;

/// A tagged, styled shape.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// What is drawn.
    pub shape: Shape,
    /// How it is drawn.
    pub style: Style,
    /// What it is for.
    pub tag: Tag,
    /// The layout key it came from (`board.pitch`), for findings about where
    /// or what it is.
    pub source: Option<Key>,
    /// The layout key that sets its line width or text size, for findings about
    /// how it is drawn (`style.grid_width`); `source` when unset.
    pub style_key: Option<Key>,
    /// For a text: the box its ink must stay inside, in the item's own
    /// coordinates (a card's stats column, a banknote's serial corner). The
    /// checker measures the glyphs against it.
    pub room: Option<Rect>,
}

impl Item {
    /// An item with a shape, a style and a tag.
    pub fn new(shape: Shape, style: Style, tag: Tag) -> Item {
        Item {
            shape,
            style,
            tag,
            source: None,
            style_key: None,
            room: None,
        }
    }

    /// The same item, its ink held inside `room` (in its own coordinates).
    pub fn within(mut self, room: Rect) -> Item {
        self.room = Some(room);
        self
    }

    /// The same item, remembering the layout key it came from.
    pub fn from_key(mut self, key: impl Into<Key>) -> Item {
        self.source = Some(key.into());
        self
    }

    /// The same item moved by `dx`, `dy` (a group's transform absorbs the move).
    pub fn translated(self, dx: Mm, dy: Mm) -> Item {
        self.mapped(&Transform::translate(dx, dy))
    }

    /// The same item with its geometry mapped by `t` (a move and a uniform
    /// scale): line widths and text sizes stay as they are, so a board drawn
    /// smaller keeps printable lines.
    pub fn mapped(mut self, t: &Transform) -> Item {
        let k = (t.m[0] * t.m[3] - t.m[1] * t.m[2]).abs().sqrt();
        let mv = |p: Point| t.apply(p);
        self.room = self.room.map(|r| t.apply_rect(&r));
        self.shape = match self.shape {
            Shape::Line { from, to } => Shape::Line {
                from: mv(from),
                to: mv(to),
            },
            Shape::Polyline { points, closed } => Shape::Polyline {
                points: points.into_iter().map(mv).collect(),
                closed,
            },
            Shape::Rect(r) => Shape::Rect(t.apply_rect(&r)),
            Shape::Circle { centre, radius } => Shape::Circle {
                centre: mv(centre),
                radius: radius * k,
            },
            Shape::Path(cmds) => Shape::Path(cmds.into_iter().map(|c| c.mapped(t)).collect()),
            Shape::Text(mut run) => {
                run.origin = mv(run.origin);
                Shape::Text(run)
            }
            Shape::Image { rect, picture } => Shape::Image {
                rect: t.apply_rect(&rect),
                picture,
            },
            // A move goes into the group's transform; a scale maps the members
            // (builders only scale groups whose own transform is the identity).
            Shape::Group { transform, clip, items } if t.m[..4] == [1.0, 0.0, 0.0, 1.0] => Shape::Group {
                transform: transform.then(t),
                clip,
                items,
            },
            // A group with a turn of its own (the far coach's half of the
            // league mat), under a move and a uniform scale: the scale maps
            // the members and the group keeps its turn, its origin carried by
            // `t`. A uniform scale commutes with any turn, so every member
            // lands where mapping the whole would put it.
            Shape::Group { transform, clip, items } if !transform.is_identity() && is_uniform(t) => {
                let scale = Transform::scale(k, k);
                let [a, b, c, d, e, f] = transform.m;
                let origin = t.apply(Point::new(e, f));
                Shape::Group {
                    transform: Transform {
                        m: [a, b, c, d, origin.x.0, origin.y.0],
                    },
                    clip: clip.map(|c| scale.apply_rect(&c)),
                    items: items.into_iter().map(|i| i.mapped(&scale)).collect(),
                }
            }
            Shape::Group { transform, clip, items } => Shape::Group {
                transform,
                clip: clip.map(|c| t.apply_rect(&c)),
                items: items.into_iter().map(|i| i.mapped(t)).collect(),
            },
            // A move goes into the placement; under a scale the art is mapped
            // member by member (its lines keep their width), so it is no
            // longer the shared art: a group of its mapped copies.
            Shape::Use { symbol, transform } if t.m[..4] == [1.0, 0.0, 0.0, 1.0] => Shape::Use {
                symbol,
                transform: transform.then(t),
            },
            Shape::Use { symbol, transform } => {
                let group = Item::new(
                    Shape::Group {
                        transform,
                        clip: None,
                        items: symbol.items.clone(),
                    },
                    Style::default(),
                    Tag::Decoration,
                );
                group.mapped(t).shape
            }
        };
        self
    }

    /// The same item, remembering the layout key that sets its line width or
    /// text size.
    pub fn styled_by(mut self, key: impl Into<Key>) -> Item {
        self.style_key = Some(key.into());
        self
    }

    /// The key to blame for how the item is drawn.
    pub fn style_source(&self) -> Option<&str> {
        self.style_key.as_deref().or(self.source.as_deref())
    }

    /// The area the item covers on the page, its stroke included, in its own
    /// coordinates (a group's transform is applied to its members).
    pub fn bbox(&self) -> Option<Rect> {
        let half = self.style.stroke.as_ref().map(|s| s.width / 2.0).unwrap_or(Mm::ZERO);
        let grow = |r: Rect| r.inset(-half);
        match &self.shape {
            Shape::Line { from, to } => {
                // Lines end flat (butt caps): the stroke widens them sideways only.
                let len = from.distance(*to).0;
                let (nx, ny) = if len > 0.0 {
                    ((to.y.0 - from.y.0) / len * half.0, (from.x.0 - to.x.0) / len * half.0)
                } else {
                    (half.0, half.0)
                };
                let corners = [
                    from.offset(Mm(nx), Mm(ny)),
                    from.offset(Mm(-nx), Mm(-ny)),
                    to.offset(Mm(nx), Mm(ny)),
                    to.offset(Mm(-nx), Mm(-ny)),
                ];
                bbox_of_points(corners.into_iter())
            }
            Shape::Polyline { points, .. } => bbox_of_points(points.iter().copied()).map(grow),
            Shape::Rect(r) => Some(grow(*r)),
            Shape::Circle { centre, radius } => Some(grow(Rect {
                x: centre.x - *radius,
                y: centre.y - *radius,
                w: *radius * 2.0,
                h: *radius * 2.0,
            })),
            // The control polygon holds the curve, so its box is a safe bound.
            Shape::Path(cmds) => bbox_of_points(cmds.iter().flat_map(|c| match c {
                PathCmd::MoveTo(p) | PathCmd::LineTo(p) => vec![*p],
                PathCmd::CubicTo(a, b, c) => vec![*a, *b, *c],
                PathCmd::Close => vec![],
            }))
            .map(grow),
            Shape::Image { rect, .. } => Some(*rect),
            Shape::Text(t) => Some(Rect {
                x: t.origin.x,
                y: t.origin.y - t.ascent,
                w: t.width,
                h: t.ascent + t.descent,
            }),
            Shape::Group { transform, clip, items } => {
                let inner = items.iter().filter_map(Item::bbox).reduce(|a, b| a.union(&b))?;
                let inner = match clip {
                    Some(c) => intersect(&inner, c)?,
                    None => inner,
                };
                Some(transform.apply_rect(&inner))
            }
            Shape::Use { symbol, transform } => symbol
                .items
                .iter()
                .filter_map(Item::bbox)
                .reduce(|a, b| a.union(&b))
                .map(|inner| transform.apply_rect(&inner)),
        }
    }
}

/// Whether `t` is a move and a uniform, unmirrored scale, with no turn.
fn is_uniform(t: &Transform) -> bool {
    const EXACT: f64 = 1e-12;
    t.m[1].abs() < EXACT && t.m[2].abs() < EXACT && (t.m[0] - t.m[3]).abs() < EXACT && t.m[0] > 0.0
}

fn bbox_of_points(points: impl Iterator<Item = Point>) -> Option<Rect> {
    points.map(|p| Rect::from_corners(p, p)).reduce(|a, b| a.union(&b))
}

/// The overlap of two rectangles, if they overlap (touching counts, with no area).
pub(crate) fn intersect(a: &Rect, b: &Rect) -> Option<Rect> {
    let x0 = a.x.max(b.x);
    let y0 = a.y.max(b.y);
    let x1 = a.right().min(b.right());
    let y1 = a.bottom().min(b.bottom());
    (x1.0 >= x0.0 && y1.0 >= y0.0).then(|| Rect::from_corners(Point { x: x0, y: y0 }, Point { x: x1, y: y1 }))
}
