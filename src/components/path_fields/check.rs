//! Topology rules for the path-football field, computed from the composed scene:
//! the graph of printed guides is rebuilt from their end points, whatever the
//! builder meant to draw, and compared with the game's field.

use std::collections::{BTreeMap, BTreeSet};

use crate::check::measure::{Measured, TOLERANCE, measure};
use crate::components::path_fields::layout::{self, Field};
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Point, Rect};
use crate::input::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Document;
use crate::scene::tag::{End, Tag};

/// Squares across a field.
pub const COLUMNS: u32 = 6;
/// Squares from goal side to goal side.
pub const ROWS: u32 = 8;
/// Width of the opening in each short side, in squares.
pub const OPENING: u32 = 2;
/// The closest two points may be and still be drawn between with a pen.
pub const MIN_PITCH: Mm = Mm(5.0);

/// A point key: coordinates in thousandths of a millimetre, so that the same
/// printed point reached from two guides is one vertex.
type Key = (i64, i64);

/// Key units per millimetre: a thousandth of a millimetre is far below what
/// prints, and far above the float noise of composing.
const KEY_PER_MM: f64 = 1000.0;

fn key(p: Point) -> Key {
    ((p.x.0 * KEY_PER_MM).round() as i64, (p.y.0 * KEY_PER_MM).round() as i64)
}

fn point(k: Key) -> Point {
    Point::new(k.0 as f64 / KEY_PER_MM, k.1 as f64 / KEY_PER_MM)
}

/// An undirected edge between two vertices, smaller key first.
type Edge = (Key, Key);

fn edge(a: Key, b: Key) -> Edge {
    if a <= b { (a, b) } else { (b, a) }
}

/// Splits segments at every vertex lying on them, so a long printed line and a
/// run of short ones give the same graph.
fn split(segments: &[(Point, Point)], vertices: &BTreeSet<Key>) -> BTreeSet<Edge> {
    let mut edges = BTreeSet::new();
    for (a, b) in segments {
        let len = a.distance(*b).0;
        if len <= TOLERANCE {
            continue;
        }
        let mut on: Vec<(f64, Key)> = vertices
            .iter()
            .filter_map(|&v| {
                let p = point(v);
                let t = ((p.x.0 - a.x.0) * (b.x.0 - a.x.0) + (p.y.0 - a.y.0) * (b.y.0 - a.y.0)) / (len * len);
                let proj = Point::new(a.x.0 + t * (b.x.0 - a.x.0), a.y.0 + t * (b.y.0 - a.y.0));
                // Vertices are rounded to a thousandth of a millimetre, so "on the
                // segment" allows the same slack along it as across it.
                let slack = TOLERANCE / len;
                ((-slack..=1.0 + slack).contains(&t) && proj.distance(p).0 <= TOLERANCE).then_some((t, v))
            })
            .collect();
        on.sort_by(|x, y| x.0.total_cmp(&y.0));
        for w in on.windows(2) {
            if w[0].1 != w[1].1 {
                edges.insert(edge(w[0].1, w[1].1));
            }
        }
    }
    edges
}

/// The printed graph of one field.
pub struct FieldGraph {
    /// Lattice points (every guide end that is not a goal point).
    pub lattice: BTreeSet<Key>,
    /// Goal points by side.
    pub goals: Vec<(End, Point)>,
    /// Guide edges, split at every point.
    pub edges: BTreeSet<Edge>,
    /// Guides that are neither horizontal nor vertical.
    pub diagonals: usize,
    /// Boundary segments, split at lattice points.
    pub boundary: BTreeSet<Edge>,
}

/// What the checks read of one field, measured, in the order it is printed.
#[derive(Default)]
struct FieldItems<'a> {
    guides: Vec<(&'a Item, Measured)>,
    goals: Vec<(&'a Item, Measured)>,
    boundaries: Vec<(&'a Item, Measured)>,
    starts: Vec<Measured>,
}

/// The texts of one page, on the page, and the fields it carries.
#[derive(Default)]
struct PageTexts {
    fields: BTreeSet<u32>,
    /// Each text's box, and whether it is a side's letter at its goal.
    texts: Vec<(Rect, bool)>,
}

/// The document read once: each field's own items and each page's texts.
/// A sheet of many fields costs one walk, not one per field (which made a
/// hundred fields take minutes).
struct Scan<'a> {
    fields: BTreeMap<u32, FieldItems<'a>>,
    pages: Vec<PageTexts>,
}

impl<'a> Scan<'a> {
    fn of(doc: &'a Document) -> Scan<'a> {
        let mut fields: BTreeMap<u32, FieldItems<'a>> = BTreeMap::new();
        let mut pages = Vec::new();
        for page in &doc.pages {
            let mut on = PageTexts::default();
            page.walk(&mut |item, t| {
                if let (Shape::Text(_), Some(b)) = (&item.shape, item.bbox()) {
                    on.texts
                        .push((t.apply_rect(&b), matches!(item.tag, Tag::AttackMarker { .. })));
                }
                let Some(field) = item.tag.field() else { return };
                on.fields.insert(field);
                let items = fields.entry(field).or_default();
                match item.tag {
                    Tag::Guide { .. } => items.guides.push((item, measure(item, t))),
                    Tag::GoalPoint { .. } => items.goals.push((item, measure(item, t))),
                    Tag::Boundary { .. } => items.boundaries.push((item, measure(item, t))),
                    Tag::StartMark { .. } => items.starts.push(measure(item, t)),
                    _ => {}
                }
            });
            pages.push(on);
        }
        Scan { fields, pages }
    }
}

/// Rebuilds the graph of one field from its printed items.
fn graph(items: &FieldItems<'_>) -> FieldGraph {
    let mut guides = Vec::new();
    let mut diagonals = 0;
    for (_, m) in &items.guides {
        if let Measured::Line(a, b) = *m {
            if (a.x - b.x).abs().0 > TOLERANCE && (a.y - b.y).abs().0 > TOLERANCE {
                diagonals += 1;
            }
            guides.push((a, b));
        }
    }
    let goals: Vec<(End, Point)> = items
        .goals
        .iter()
        .filter_map(|(item, m)| match (item.tag.end(), m) {
            (Some(end), Measured::Circle(c, _)) => Some((end, *c)),
            _ => None,
        })
        .collect();
    let goal_keys: BTreeSet<Key> = goals.iter().map(|(_, p)| key(*p)).collect();
    let vertices: BTreeSet<Key> = guides.iter().flat_map(|(a, b)| [key(*a), key(*b)]).collect();
    let lattice: BTreeSet<Key> = vertices.difference(&goal_keys).copied().collect();
    let edges = split(&guides, &vertices);
    let mut boundary_segments = Vec::new();
    for (_, m) in &items.boundaries {
        if let Measured::Points(ps) = m {
            boundary_segments.extend(ps.windows(2).map(|w| (w[0], w[1])));
        }
    }
    let boundary = split(&boundary_segments, &lattice);
    FieldGraph {
        lattice,
        goals,
        edges,
        diagonals,
        boundary,
    }
}

/// Checks every field of the document. The same problem on several fields is
/// one finding that names them all, not one per field.
pub fn check(source: &Source, doc: &Document) -> Vec<Finding> {
    let scan = Scan::of(doc);
    let mut grouped: Vec<(Finding, Vec<u32>)> = Vec::new();
    for (&field, items) in &scan.fields {
        let mut found = Vec::new();
        check_field(source, &scan, field, items, &mut found);
        for f in found {
            match grouped.iter_mut().find(|(g, _)| *g == f) {
                Some((_, fields)) => fields.push(field),
                None => grouped.push((f, vec![field])),
            }
        }
    }
    grouped
        .into_iter()
        .map(|(mut f, fields)| {
            let names: Vec<String> = fields.iter().map(|n| (n + 1).to_string()).collect();
            let label = if names.len() == 1 { "field" } else { "fields" };
            f.message = format!("{label} {}: {}", names.join(", "), f.message);
            f
        })
        .collect()
}

/// One field's check: its printed graph, and where findings go.
struct FieldCheck<'a> {
    source: &'a Source,
    scan: &'a Scan<'a>,
    items: &'a FieldItems<'a>,
    field: u32,
    g: FieldGraph,
    out: &'a mut Vec<Finding>,
}

/// The field's lattice once it has the game's shape: its distinct columns and
/// rows of points (in thousandths of a millimetre) and their spacing.
struct Lattice {
    xs: Vec<i64>,
    ys: Vec<i64>,
    pitch: Mm,
}

impl Lattice {
    /// The point in column `i`, row `j`.
    fn at(&self, i: usize, j: usize) -> Key {
        (self.xs[i], self.ys[j])
    }

    fn x0(&self) -> i64 {
        self.xs[0]
    }

    fn x1(&self) -> i64 {
        self.xs[COLUMNS as usize]
    }

    fn y0(&self) -> i64 {
        self.ys[0]
    }

    fn y1(&self) -> i64 {
        self.ys[ROWS as usize]
    }
}

fn check_field<'a>(
    source: &'a Source,
    scan: &'a Scan<'a>,
    field: u32,
    items: &'a FieldItems<'a>,
    out: &mut Vec<Finding>,
) {
    let mut c = FieldCheck {
        source,
        scan,
        items,
        field,
        g: graph(items),
        out,
    };
    c.diagonals();
    let Some(lat) = c.lattice() else {
        return;
    };
    let expected = c.edges(&lat);
    c.openings(&lat);
    c.long_sides(&lat, &expected);
    c.goals(&lat);
    c.start(&lat);
    c.coordinates(&lat);
    c.contrast();
}

impl FieldCheck<'_> {
    fn err(&mut self, code: Code, key: &str, message: String, hint: &str) {
        self.out
            .push(Finding::error(code, message, self.source.locate(key)).with_hint(hint.to_string()));
    }

    fn diagonals(&mut self) {
        if self.g.diagonals > 0 {
            let message = format!("{} guide(s) run diagonally", self.g.diagonals);
            self.err(
                Code::FieldDiagonal,
                Field::KEY.diagonals,
                message,
                "the ball moves only horizontally or vertically: set field.diagonals = false",
            );
        }
    }

    /// The lattice: distinct columns and rows of points, evenly spaced. None
    /// (after reporting) when it has not the game's shape, as nothing else can
    /// be measured against it then.
    fn lattice(&mut self) -> Option<Lattice> {
        let g = &self.g;
        let xs: BTreeSet<i64> = g.lattice.iter().map(|k| k.0).collect();
        let ys: BTreeSet<i64> = g.lattice.iter().map(|k| k.1).collect();
        let want_points = ((COLUMNS + 1) * (ROWS + 1)) as usize;
        let shape_ok =
            xs.len() == (COLUMNS + 1) as usize && ys.len() == (ROWS + 1) as usize && g.lattice.len() == want_points;
        if !shape_ok {
            let key = if xs.len() != (COLUMNS + 1) as usize {
                Field::KEY.columns
            } else {
                Field::KEY.rows
            };
            let message = format!(
                "the guides meet at {} points in {} columns x {} rows; the game's field has {} x {} = {want_points}",
                g.lattice.len(),
                xs.len(),
                ys.len(),
                COLUMNS + 1,
                ROWS + 1
            );
            self.err(
                Code::FieldPoints,
                key,
                message,
                "the field is 6 x 8 squares: set field.columns = 6 and field.rows = 8",
            );
            return None;
        }
        let (x0, x1) = (*xs.first().unwrap_or(&0), *xs.last().unwrap_or(&0));
        let (y0, y1) = (*ys.first().unwrap_or(&0), *ys.last().unwrap_or(&0));
        let pitch = Mm((x1 - x0) as f64 / KEY_PER_MM / COLUMNS as f64);
        let even = xs
            .iter()
            .enumerate()
            .all(|(i, x)| ((x - x0) as f64 / KEY_PER_MM - pitch.0 * i as f64).abs() <= TOLERANCE)
            && ys
                .iter()
                .enumerate()
                .all(|(j, y)| ((y - y0) as f64 / KEY_PER_MM - pitch.0 * j as f64).abs() <= TOLERANCE);
        if !even || ((y1 - y0) as f64 / KEY_PER_MM - pitch.0 * ROWS as f64).abs() > TOLERANCE {
            self.err(
                Code::FieldPoints,
                Field::KEY.pitch,
                "the points are not evenly spaced in square cells".into(),
                "every square of the field has the same side",
            );
            return None;
        }
        if pitch.0 < MIN_PITCH.0 {
            self.err(
                Code::FieldPitch,
                Field::KEY.pitch,
                format!("points {pitch} apart are too close to draw between with a pen"),
                &format!("set field.pitch to at least {MIN_PITCH} (9 mm is comfortable)"),
            );
        }
        Some(Lattice {
            xs: xs.into_iter().collect(),
            ys: ys.into_iter().collect(),
            pitch,
        })
    }

    /// Every edge between neighbouring points, and nothing else inside.
    /// Returns the edges the game's field has.
    fn edges(&mut self, lat: &Lattice) -> BTreeSet<Edge> {
        let mut expected = BTreeSet::new();
        for j in 0..=ROWS as usize {
            for i in 0..COLUMNS as usize {
                expected.insert(edge(lat.at(i, j), lat.at(i + 1, j)));
            }
        }
        for i in 0..=COLUMNS as usize {
            for j in 0..ROWS as usize {
                expected.insert(edge(lat.at(i, j), lat.at(i, j + 1)));
            }
        }
        let g = &self.g;
        let inside: BTreeSet<Edge> = g
            .edges
            .iter()
            .filter(|(a, b)| g.lattice.contains(a) && g.lattice.contains(b))
            .copied()
            .collect();
        let missing = expected.difference(&inside).count();
        let extra = inside.difference(&expected).count();
        if missing > 0 || extra > 0 {
            let message = format!(
                "{} guide edges join the points ({missing} missing, {extra} not between neighbours); the game's field has {}",
                inside.len(),
                expected.len()
            );
            self.err(
                Code::FieldEdges,
                Field::KEY.columns,
                message,
                "print one light guide on every horizontal and vertical edge, and no others",
            );
        }
        expected
    }

    /// The opening: the perimeter edges of each short side left without boundary.
    fn openings(&mut self, lat: &Lattice) {
        for (end, row) in [(End::Top, 0usize), (End::Bottom, ROWS as usize)] {
            let side: Vec<Edge> = (0..COLUMNS as usize)
                .map(|i| edge(lat.at(i, row), lat.at(i + 1, row)))
                .collect();
            let open: Vec<usize> = (0..side.len())
                .filter(|&i| !self.g.boundary.contains(&side[i]))
                .collect();
            let first = (COLUMNS - OPENING) as usize / 2;
            let want: Vec<usize> = (first..first + OPENING as usize).collect();
            if open != want {
                let message = format!(
                    "the opening in the {} side is {} square(s) wide{}; the game's is {OPENING} squares, centred",
                    end.name(),
                    open.len(),
                    if open.is_empty() || open == want {
                        String::new()
                    } else {
                        format!(", starting {} square(s) from the left", open[0])
                    }
                );
                self.err(
                    Code::FieldOpening,
                    Field::KEY.opening,
                    message,
                    "set field.opening = 2 and field.opening_offset = 0",
                );
            }
        }
    }

    /// The long sides are closed, and no boundary lies off the perimeter.
    fn long_sides(&mut self, lat: &Lattice, expected: &BTreeSet<Edge>) {
        let mut long_missing = 0;
        for i in [0usize, COLUMNS as usize] {
            for j in 0..ROWS as usize {
                if !self.g.boundary.contains(&edge(lat.at(i, j), lat.at(i, j + 1))) {
                    long_missing += 1;
                }
            }
        }
        let (x0, x1, y0, y1) = (lat.x0(), lat.x1(), lat.y0(), lat.y1());
        let perimeter: BTreeSet<Edge> = expected
            .iter()
            .filter(|(a, b)| (a.0 == b.0 && (a.0 == x0 || a.0 == x1)) || (a.1 == b.1 && (a.1 == y0 || a.1 == y1)))
            .copied()
            .collect();
        let stray = self.g.boundary.difference(&perimeter).count();
        if long_missing > 0 || stray > 0 {
            self.err(
                Code::FieldBoundary,
                Field::KEY.opening,
                format!(
                    "{long_missing} edge(s) of the long sides lack the boundary and {stray} boundary piece(s) lie off the perimeter"
                ),
                "the thick boundary closes both long sides and the short sides up to the opening",
            );
        }
    }

    /// Goals: one per side, beyond the middle of the opening, joined by one guide.
    fn goals(&mut self, lat: &Lattice) {
        let mid_x = (lat.x0() + lat.x1()) / 2;
        for end in End::BOTH {
            let mouth = point((mid_x, if end == End::Top { lat.y0() } else { lat.y1() }));
            if let Some(p) = self.goal_problem(end, mouth) {
                self.err(
                    Code::FieldExit,
                    Field::KEY.exits,
                    format!("{} goal: {p}", end.name()),
                    "each goal point is joined to the field by one guide from the middle point of its short side",
                );
            }
        }
    }

    /// What is wrong with the goal at `end`, whose opening's middle is `mouth`.
    fn goal_problem(&self, end: End, mouth: Point) -> Option<String> {
        let g = &self.g;
        let goals: Vec<Point> = g.goals.iter().filter(|(e, _)| *e == end).map(|(_, p)| *p).collect();
        match goals.as_slice() {
            [goal] => {
                let k = key(*goal);
                let links: Vec<&Edge> = g.edges.iter().filter(|(a, b)| *a == k || *b == k).collect();
                let outside = if end == End::Top {
                    goal.y.0 < mouth.y.0
                } else {
                    goal.y.0 > mouth.y.0
                };
                if !outside || (goal.x - mouth.x).abs().0 > TOLERANCE {
                    Some("the goal point is not beyond the middle of the opening".to_string())
                } else if links.len() != 1 {
                    Some(format!(
                        "the goal point has {} guide(s) to the field; it needs exactly one",
                        links.len()
                    ))
                } else {
                    let other = if links[0].0 == k { links[0].1 } else { links[0].0 };
                    (other != key(mouth))
                        .then(|| "the exit guide does not start at the middle point of the short side".to_string())
                }
            }
            _ => Some(format!("{} goal point(s) at this side; it needs one", goals.len())),
        }
    }

    /// The start, marked at the centre point.
    fn start(&mut self, lat: &Lattice) {
        let centre = point(((lat.x0() + lat.x1()) / 2, (lat.y0() + lat.y1()) / 2));
        let starts: Vec<Point> = self
            .items
            .starts
            .iter()
            .filter_map(|m| if let Measured::Circle(c, _) = m { Some(*c) } else { None })
            .collect();
        if starts.len() != 1 || starts[0].distance(centre).0 > TOLERANCE {
            self.err(
                Code::FieldStart,
                Field::KEY.rows,
                format!("{} start mark(s), none on the centre point", starts.len()),
                "mark the centre point, where every game starts",
            );
        }
    }

    /// No coordinates: no text on the field or along its sides, but the side
    /// letters at the goals.
    fn coordinates(&mut self, lat: &Lattice) {
        let field = self.field;
        let zone = Rect::from_corners(point((lat.x0(), lat.y0())), point((lat.x1(), lat.y1()))).inset(-lat.pitch);
        let texts = self
            .scan
            .pages
            .iter()
            .filter(|page| page.fields.contains(&field))
            .flat_map(|page| &page.texts)
            .filter(|(b, marker)| {
                !marker
                    && b.x.0 < zone.right().0
                    && b.right().0 > zone.x.0
                    && b.y.0 < zone.bottom().0
                    && b.bottom().0 > zone.y.0
            })
            .count();
        if texts > 0 {
            self.err(
                Code::FieldCoordinates,
                Field::KEY.coordinates,
                format!("{texts} text(s) printed on the field or along its sides"),
                "the field carries no coordinates: set field.coordinates = false and keep labels away from the field",
            );
        }
    }

    /// Guides must be lighter and thinner than the boundary, so a pen line stands out.
    fn contrast(&mut self) {
        let strokes = |items: &[(&Item, Measured)]| -> Vec<(Mm, f64)> {
            items
                .iter()
                .filter_map(|(item, _)| item.style.stroke.as_ref().map(|s| (s.width, s.color.luminance())))
                .collect()
        };
        let guides = strokes(&self.items.guides);
        let bounds = strokes(&self.items.boundaries);
        // Blamed on what is wrong: the guides' width, or their colour.
        let pairs = || guides.iter().flat_map(|g| bounds.iter().map(move |b| (g, b)));
        let hint = "keep guides light and thin (the default is 0.25 mm #b4c2d6) and the boundary dark and thick";
        if let Some(((gw, _), (bw, _))) = pairs().find(|((gw, _), (bw, _))| gw.0 >= bw.0) {
            self.err(
                Code::FieldContrast,
                layout::Style::KEY.guide_width,
                format!("guides are {gw} wide, not thinner than the {bw} boundary"),
                hint,
            );
        } else if pairs().any(|((_, gl), (_, bl))| gl <= bl) {
            self.err(
                Code::FieldContrast,
                layout::Style::KEY.guide_colour,
                "guides are not lighter than the boundary".into(),
                hint,
            );
        }
    }
}
