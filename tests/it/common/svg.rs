//! SVG files read back with roxmltree: attributes in millimetres, elements by
//! class and id, and the geometry of rects, polygons and paths.

use super::font::Face;
use super::geom::MmRect;

/// A length attribute in millimetres (`"297mm"`).
pub fn parse_mm(s: &str) -> f64 {
    s.strip_suffix("mm")
        .unwrap_or_else(|| panic!("{s:?} is not in millimetres"))
        .parse()
        .unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// A numeric attribute of an element.
#[track_caller]
pub fn attr(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    let v = node
        .attribute(name)
        .unwrap_or_else(|| panic!("<{}> has no {name} attribute", node.tag_name().name()));
    v.parse().unwrap_or_else(|e| panic!("{name}={v:?}: {e}"))
}

/// Every element whose `class` attribute lists `class`, in document order.
pub fn by_class<'a, 'i>(doc: &'a roxmltree::Document<'i>, class: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants()
        .filter(|n| {
            n.is_element()
                && n.attribute("class")
                    .is_some_and(|c| c.split_whitespace().any(|x| x == class))
        })
        .collect()
}

/// The element with `id`.
#[track_caller]
pub fn by_id<'a, 'i>(doc: &'a roxmltree::Document<'i>, id: &str) -> roxmltree::Node<'a, 'i> {
    let found: Vec<_> = doc.descendants().filter(|n| n.attribute("id") == Some(id)).collect();
    assert_eq!(
        found.len(),
        1,
        "expected one element with id {id:?}, found {}",
        found.len()
    );
    found[0]
}

/// The geometry of an SVG `<rect>`.
#[track_caller]
pub fn svg_rect(node: roxmltree::Node<'_, '_>) -> MmRect {
    assert_eq!(node.tag_name().name(), "rect", "expected a <rect>");
    MmRect {
        x: attr(node, "x"),
        y: attr(node, "y"),
        w: attr(node, "width"),
        h: attr(node, "height"),
    }
}

/// The vertices of an SVG `<polygon>` or `<polyline>`.
pub fn svg_points(node: roxmltree::Node<'_, '_>) -> Vec<(f64, f64)> {
    let pts = node.attribute("points").expect("a points attribute");
    pts.split_whitespace()
        .map(|pair| {
            let (x, y) = pair.split_once(',').unwrap_or_else(|| panic!("bad point {pair:?}"));
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Every number in an attribute (`matrix(1 0 0 1 5 7)`, a path's `d`).
pub fn numbers(s: &str) -> Vec<f64> {
    s.split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().unwrap_or_else(|e| panic!("{s:?} in {s:?}: {e}")))
        .collect()
}

/// The centre of a `<path>`'s box of points (end and control points), which
/// for a symmetric mark (a cross, a ring) is its centre.
pub fn path_centre(node: roxmltree::Node<'_, '_>) -> (f64, f64) {
    let v = numbers(node.attribute("d").expect("a path has d"));
    let xs: Vec<f64> = v.iter().step_by(2).copied().collect();
    let ys: Vec<f64> = v.iter().skip(1).step_by(2).copied().collect();
    let mid =
        |a: &[f64]| (a.iter().cloned().fold(f64::MAX, f64::min) + a.iter().cloned().fold(f64::MIN, f64::max)) / 2.0;
    (mid(&xs), mid(&ys))
}

/// `width`, `height` (mm) and `viewBox` of an SVG's root.
pub fn svg_page(doc: &roxmltree::Document<'_>) -> (f64, f64, [f64; 4]) {
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let w = parse_mm(root.attribute("width").expect("width"));
    let h = parse_mm(root.attribute("height").expect("height"));
    let vb: Vec<f64> = root
        .attribute("viewBox")
        .expect("viewBox")
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(vb.len(), 4, "a viewBox has four numbers");
    (w, h, [vb[0], vb[1], vb[2], vb[3]])
}

/// The text content of every `<text>` element.
pub fn svg_texts(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            n.descendants()
                .filter(|d| d.is_text())
                .filter_map(|d| d.text())
                .collect::<String>()
        })
        .collect()
}

/// The words of a `<text>` and the x where each starts: a justified line's
/// `<tspan>`s at their own x (one anchored at its end, `text-anchor="end"`,
/// starts its advance before its x); a text without tspans is one piece (its
/// whole text) at the text's x.
pub fn svg_words(text: roxmltree::Node<'_, '_>) -> Vec<(f64, String)> {
    let (face, size) = (Face::of_svg(text), attr(text, "font-size"));
    let spans: Vec<(f64, String)> = text
        .children()
        .filter(|n| n.has_tag_name("tspan"))
        .map(|n| {
            let word = n.text().unwrap_or_default().to_string();
            let x = attr(n, "x");
            match n.attribute("text-anchor") {
                Some("end") => (x - face.advance(&word, size), word),
                _ => (x, word),
            }
        })
        .collect();
    if spans.is_empty() {
        let all: String = text
            .descendants()
            .filter(|d| d.is_text())
            .filter_map(|d| d.text())
            .collect();
        vec![(attr(text, "x"), all)]
    } else {
        spans
    }
}

/// All the words of an SVG `<text>`, its `<tspan>`s included.
pub fn text_of(node: roxmltree::Node<'_, '_>) -> String {
    node.descendants()
        .filter(|d| d.is_text())
        .filter_map(|d| d.text())
        .collect()
}

/// The width of an SVG `<text>` set from its left end: the advances of its
/// words in its face, at its size.
pub fn text_width(node: roxmltree::Node<'_, '_>) -> f64 {
    super::font::Face::of_svg(node).advance(&text_of(node), attr(node, "font-size"))
}

/// The matrix `[a b c d e f]` that the `transform`s of `node`'s ancestors
/// (and its own) put it under, onto the page (they are all `matrix(...)`).
pub fn page_matrix(node: roxmltree::Node<'_, '_>) -> [f64; 6] {
    let mut m = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];
    for n in node.ancestors().filter(|n| n.is_element()) {
        if let Some(t) = n.attribute("transform") {
            let v = numbers(t);
            assert!(t.starts_with("matrix(") && v.len() == 6, "unexpected transform {t:?}");
            // `n`'s transform applies after those inside it.
            let [a1, b1, c1, d1, e1, f1] = m;
            let [a2, b2, c2, d2, e2, f2] = [v[0], v[1], v[2], v[3], v[4], v[5]];
            m = [
                a1 * a2 + b1 * c2,
                a1 * b2 + b1 * d2,
                c1 * a2 + d1 * c2,
                c1 * b2 + d1 * d2,
                e1 * a2 + f1 * c2 + e2,
                e1 * b2 + f1 * d2 + f2,
            ];
        }
    }
    m
}

/// A point in `node`'s own coordinates, on the page.
pub fn on_page(node: roxmltree::Node<'_, '_>, (x, y): (f64, f64)) -> (f64, f64) {
    let [a, b, c, d, e, f] = page_matrix(node);
    (a * x + c * y + e, b * x + d * y + f)
}

/// A rectangle in `node`'s own coordinates, on the page (its box there).
pub fn rect_on_page(node: roxmltree::Node<'_, '_>, r: MmRect) -> MmRect {
    let corners = [(r.x, r.y), (r.right(), r.y), (r.x, r.bottom()), (r.right(), r.bottom())].map(|p| on_page(node, p));
    let (x0, x1) = (
        corners.iter().map(|p| p.0).fold(f64::MAX, f64::min),
        corners.iter().map(|p| p.0).fold(f64::MIN, f64::max),
    );
    let (y0, y1) = (
        corners.iter().map(|p| p.1).fold(f64::MAX, f64::min),
        corners.iter().map(|p| p.1).fold(f64::MIN, f64::max),
    );
    MmRect {
        x: x0,
        y: y0,
        w: x1 - x0,
        h: y1 - y0,
    }
}

/// Imposed items (N-up) on an SVG page, of `class` (`item-front`, `item-back`):
/// index → (trim rect on the page, bleed), from each group's translation and
/// the bleed box it is clipped to.
pub fn imposed(svg: &str, class: &str) -> Vec<(u32, MmRect, f64)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    by_class(&doc, class)
        .into_iter()
        .map(|g| {
            let index: u32 = g.attribute("id").unwrap().rsplit('-').next().unwrap().parse().unwrap();
            let m = numbers(g.attribute("transform").unwrap());
            let r = clip_rect(&doc, g);
            let bleed = -r.x;
            let trim = MmRect {
                x: m[4],
                y: m[5],
                w: r.w - 2.0 * bleed,
                h: r.h - 2.0 * bleed,
            };
            (index, trim, bleed)
        })
        .collect()
}

/// The rectangle a group is clipped to (its `clip-path`'s `<rect>`), in
/// the group's own coordinates.
pub fn clip_rect(doc: &roxmltree::Document<'_>, g: roxmltree::Node<'_, '_>) -> MmRect {
    let id = g
        .attribute("clip-path")
        .expect("the group is clipped")
        .trim_start_matches("url(#")
        .trim_end_matches(')');
    let clip = doc
        .descendants()
        .find(|n| n.has_tag_name("clipPath") && n.attribute("id") == Some(id))
        .expect("the clip path is defined");
    svg_rect(clip.children().find(|n| n.has_tag_name("rect")).expect("a rectangle"))
}

/// The SVG as it prints: every `<use>` of art defined once (a `<g id>` in
/// `<defs>`) replaced by a `<g>` holding a copy of that art, under the use's
/// transform and with its other attributes, and the definitions dropped;
/// so a reader finds each placement's shapes where they are drawn.
pub fn expand_uses(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not an SVG: {e}"));
    // The inner text of each definition, and where the definitions are.
    let mut defs: Vec<(String, String)> = Vec::new();
    let mut cuts: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for d in doc.descendants().filter(|n| n.has_tag_name("defs")) {
        let symbols: Vec<_> = d
            .children()
            .filter(|n| n.has_tag_name("g") && n.attribute("id").is_some())
            .collect();
        if symbols.is_empty() {
            continue;
        }
        for g in symbols {
            let text = &svg[g.range()];
            let open = text.find('>').expect("a start tag") + 1;
            let inner = text[open..].strip_suffix("</g>").unwrap_or("");
            defs.push((g.attribute("id").unwrap().to_string(), inner.to_string()));
        }
        cuts.push((d.range(), String::new()));
    }
    for u in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let href = u.attribute("href").expect("a <use> has an href");
        let id = href.strip_prefix('#').expect("a local href");
        let inner = &defs
            .iter()
            .find(|(d, _)| d == id)
            .unwrap_or_else(|| panic!("no definition {id}"))
            .1;
        let mut g = String::from("<g");
        for a in u.attributes().filter(|a| a.name() != "href") {
            g.push_str(&format!(
                " {}=\"{}\"",
                a.name(),
                a.value().replace('&', "&amp;").replace('"', "&quot;")
            ));
        }
        g.push('>');
        g.push_str(inner);
        g.push_str("</g>");
        cuts.push((u.range(), g));
    }
    cuts.sort_by_key(|(r, _)| r.start);
    let mut out = String::with_capacity(svg.len());
    let mut at = 0;
    for (r, with) in cuts {
        out.push_str(&svg[at..r.start]);
        out.push_str(&with);
        at = r.end;
    }
    out.push_str(&svg[at..]);
    out
}

/// The SVG pages of `stem` (a path in `dir` without `.svg`), as written:
/// `stem.svg` for a document of one page, else `stem-1.svg`, `stem-2.svg`, ….
pub fn raw_pages(dir: &crate::common::TestDir, stem: &str) -> Vec<String> {
    let single = dir.join(format!("{stem}.svg"));
    if single.exists() {
        return vec![std::fs::read_to_string(single).unwrap()];
    }
    (1..)
        .map(|n| dir.join(format!("{stem}-{n}.svg")))
        .take_while(|p| p.exists())
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}
