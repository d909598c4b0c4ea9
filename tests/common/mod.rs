//! Helpers shared by the integration tests: running the built binary in a fresh
//! folder, editing copies of the shipped layout, and reading the outputs back
//! (PDF content streams with lopdf, SVG with roxmltree, PNG headers by hand).
//!
//! Each test binary uses only part of these helpers.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Millimetres per PDF point.
pub const MM_PER_PT: f64 = 25.4 / 72.0;

/// Where the shipped dice-football layout lives, relative to a project folder.
pub const SHIPPED_REL: &str = "layouts/dice-football/pitch.toml";

// ---------------------------------------------------------------------------
// Folders and files
// ---------------------------------------------------------------------------

/// A fresh, empty folder for one test, removed when the test passes (kept for
/// inspection when it fails).
pub struct TestDir {
    path: PathBuf,
}

impl TestDir {
    /// `<tmp>/pitchprint-tests/<name>-<pid>-<n>`, emptied first.
    pub fn new(name: &str) -> TestDir {
        // Tests run in parallel threads of one process: a counter keeps two
        // folders of the same name apart.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir()
            .join("pitchprint-tests")
            .join(format!("{name}-{}-{n}", std::process::id()));
        if path.exists() {
            std::fs::remove_dir_all(&path).unwrap_or_else(|e| panic!("cannot empty {}: {e}", path.display()));
        }
        std::fs::create_dir_all(&path).unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        TestDir { path }
    }

    /// A fresh folder holding a copy of the shipped layout under
    /// `layouts/dice-football/pitch.toml`, as a project folder would.
    pub fn with_shipped_layout(name: &str) -> TestDir {
        let dir = TestDir::new(name);
        dir.write(SHIPPED_REL, &shipped_layout());
        dir
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A path inside the folder.
    pub fn join(&self, rel: impl AsRef<Path>) -> PathBuf {
        self.path.join(rel)
    }

    /// Writes a file (creating its folders) and returns its full path.
    pub fn write(&self, rel: impl AsRef<Path>, contents: &str) -> PathBuf {
        let p = self.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(&p, contents).unwrap_or_else(|e| panic!("cannot write {}: {e}", p.display()));
        p
    }

    /// Reads a file's bytes, with a clear message when it is missing.
    pub fn read(&self, rel: impl AsRef<Path>) -> Vec<u8> {
        let p = self.join(rel);
        std::fs::read(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
    }

    /// Reads a file as UTF-8 text.
    pub fn read_string(&self, rel: impl AsRef<Path>) -> String {
        String::from_utf8(self.read(rel)).expect("the file is UTF-8")
    }

    /// Runs the binary in this folder.
    pub fn run(&self, args: &[&str]) -> Run {
        run_in(&self.path, args)
    }
}

impl Drop for TestDir {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// The shipped dice-football layout's text, read from the project.
pub fn shipped_layout() -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join(SHIPPED_REL);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

/// `text` with the one line that starts with `line_start` (after indentation)
/// replaced by `new_line`. Panics unless exactly one line matches, so a test
/// cannot silently edit nothing.
pub fn replace_line(text: &str, line_start: &str, new_line: &str) -> String {
    let matches = text.lines().filter(|l| l.trim_start().starts_with(line_start)).count();
    assert_eq!(
        matches, 1,
        "expected exactly one line starting with {line_start:?} in the layout, found {matches}"
    );
    let mut out: Vec<&str> = Vec::new();
    for l in text.lines() {
        if l.trim_start().starts_with(line_start) {
            out.push(new_line);
        } else {
            out.push(l);
        }
    }
    let mut s = out.join("\n");
    if text.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// The 1-based line number of the only line that starts with `line_start`.
pub fn line_of(text: &str, line_start: &str) -> usize {
    let found: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with(line_start))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one line starting with {line_start:?}, found {found:?}"
    );
    found[0]
}

/// 1-based column (in characters) where `needle` starts on `line` (1-based).
pub fn column_of(text: &str, line: usize, needle: &str) -> usize {
    let l = text.lines().nth(line - 1).expect("the line exists");
    let byte = l
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not on line {line}: {l:?}"));
    l[..byte].chars().count() + 1
}

/// Every file under `dir` (recursively), relative to it, with its bytes.
pub fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(p.strip_prefix(root).unwrap().to_path_buf(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Every file under `dir` (recursively) whose extension is one of `exts`.
pub fn files_with_ext(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    snapshot(dir)
        .into_keys()
        .filter(|p| p.extension().is_some_and(|e| exts.iter().any(|x| e == *x)))
        .collect()
}

// ---------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------

/// What one run of the binary did.
#[derive(Debug)]
pub struct Run {
    /// The exit code (-1 when killed by a signal).
    pub code: i32,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

impl Run {
    /// Panics with both streams unless the exit code is `code`.
    pub fn expect_code(&self, code: i32) -> &Run {
        assert_eq!(
            self.code, code,
            "expected exit code {code}, got {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.code, self.stdout, self.stderr
        );
        self
    }

    /// The `code` fields of `check --json` output (a JSON array of findings).
    pub fn json_codes(&self) -> Vec<String> {
        json_findings(&self.stdout)
            .iter()
            .map(|f| f["code"].as_str().expect("every finding has a string code").to_string())
            .collect()
    }
}

/// Runs `pitchprint` with `args` in `dir`.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    let out = Command::new(env!("CARGO_BIN_EXE_pitchprint"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the pitchprint binary runs");
    let run = Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    // DESIGN.md: no panics on any input.
    assert!(
        !run.stderr.contains("panicked at"),
        "pitchprint {args:?} panicked:\n{}",
        run.stderr
    );
    run
}

/// Parses `check --json` output: it must be a JSON array.
pub fn json_findings(stdout: &str) -> Vec<serde_json::Value> {
    let v: serde_json::Value =
        serde_json::from_str(stdout).unwrap_or_else(|e| panic!("check --json printed invalid JSON ({e}):\n{stdout}"));
    match v {
        serde_json::Value::Array(items) => items,
        other => panic!("check --json printed {other}, not an array"),
    }
}

// ---------------------------------------------------------------------------
// Comparing numbers
// ---------------------------------------------------------------------------

/// Panics unless `a` and `b` differ by at most `tol`.
#[track_caller]
pub fn assert_close(a: f64, b: f64, tol: f64, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} differs from {b} by more than {tol}");
}

// ---------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------

/// Width and height from a PNG's IHDR chunk, after checking the signature.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.len() >= 24, "a PNG is at least 24 bytes, got {}", bytes.len());
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR", "the first chunk of a PNG is IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    assert_eq!(be(8), 13, "IHDR length");
    (be(16), be(20))
}

// ---------------------------------------------------------------------------
// SVG
// ---------------------------------------------------------------------------

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

/// An axis-aligned rectangle in millimetres, origin top left, y down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MmRect {
    /// Left.
    pub x: f64,
    /// Top.
    pub y: f64,
    /// Width.
    pub w: f64,
    /// Height.
    pub h: f64,
}

impl MmRect {
    /// Right edge.
    pub fn right(&self) -> f64 {
        self.x + self.w
    }
    /// Bottom edge.
    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }
    /// Centre.
    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
    /// Whether `(x, y)` lies inside or on the edge, within `tol`.
    pub fn contains(&self, (x, y): (f64, f64), tol: f64) -> bool {
        x >= self.x - tol && x <= self.right() + tol && y >= self.y - tol && y <= self.bottom() + tol
    }
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

// ---------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------

/// A PDF affine matrix `[a b c d e f]`: (x, y) → (a·x + c·y + e, b·x + d·y + f).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Matrix(pub [f64; 6]);

impl Matrix {
    /// The identity.
    pub const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    /// `self` applied first, then `then` (PDF's `self × then`).
    pub fn then(&self, then: &Matrix) -> Matrix {
        let [a, b, c, d, e, f] = self.0;
        let [na, nb, nc, nd, ne, nf] = then.0;
        Matrix([
            a * na + b * nc,
            a * nb + b * nd,
            c * na + d * nc,
            c * nb + d * nd,
            e * na + f * nc + ne,
            e * nb + f * nd + nf,
        ])
    }

    /// Maps a point.
    pub fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (a * x + c * y + e, b * x + d * y + f)
    }

    /// How much the matrix scales lengths (the square root of its determinant).
    pub fn scale(&self) -> f64 {
        let [a, b, c, d, _, _] = self.0;
        (a * d - b * c).abs().sqrt()
    }
}

/// A painted path, in page millimetres (origin top left, y down).
#[derive(Clone, Debug)]
pub struct PdfPath {
    /// Subpaths: their points (curve control points included) and whether each
    /// was closed (`h`, `re`, or a closing paint operator).
    pub subpaths: Vec<(Vec<(f64, f64)>, bool)>,
    /// Whether any segment was a Bézier curve.
    pub has_curves: bool,
    /// Whether the path came from an `re` operator.
    pub from_re: bool,
    /// The paint operator (`S`, `s`, `f`, `F`, `f*`, `B`, `B*`, `b`, `b*`).
    pub paint: String,
    /// The line width in millimetres on the page.
    pub line_width: f64,
    /// The stroke colour (`RG`), if one was set.
    pub stroke_rgb: Option<[f64; 3]>,
    /// The fill colour (`rg`), if one was set.
    pub fill_rgb: Option<[f64; 3]>,
}

impl PdfPath {
    /// Whether the paint operator strokes the path.
    pub fn strokes(&self) -> bool {
        matches!(self.paint.as_str(), "S" | "s" | "B" | "B*" | "b" | "b*")
    }

    /// Whether the paint operator fills the path.
    pub fn fills(&self) -> bool {
        matches!(self.paint.as_str(), "f" | "F" | "f*" | "B" | "B*" | "b" | "b*")
    }

    /// The rectangle this path draws, when it is one axis-aligned rectangle:
    /// an `re`, or one closed subpath of four straight corners (`m l l l h`,
    /// optionally with the first corner repeated).
    pub fn as_rect(&self) -> Option<MmRect> {
        if self.has_curves || self.subpaths.len() != 1 {
            return None;
        }
        let (pts, closed) = &self.subpaths[0];
        // Filling closes a subpath implicitly; `s` and `b` close it before stroking.
        let closes = *closed || self.fills() || self.paint == "s";
        let mut pts = pts.clone();
        if pts.len() == 5 && dist(pts[0], pts[4]) < 1e-6 {
            pts.pop();
        }
        if !closes || pts.len() != 4 {
            return None;
        }
        let eps = 1e-4;
        let axis = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() < eps || (p.1 - q.1).abs() < eps;
        if !(0..4).all(|i| axis(pts[i], pts[(i + 1) % 4])) {
            return None;
        }
        let xs = pts.iter().map(|p| p.0);
        let ys = pts.iter().map(|p| p.1);
        let (x0, x1) = (
            xs.clone().fold(f64::INFINITY, f64::min),
            xs.fold(f64::NEG_INFINITY, f64::max),
        );
        let (y0, y1) = (
            ys.clone().fold(f64::INFINITY, f64::min),
            ys.fold(f64::NEG_INFINITY, f64::max),
        );
        // Four corners: every point is on a corner of the box, and all four differ.
        let on_corner = pts.iter().all(|p| {
            ((p.0 - x0).abs() < eps || (p.0 - x1).abs() < eps) && ((p.1 - y0).abs() < eps || (p.1 - y1).abs() < eps)
        });
        let distinct = (0..4).all(|i| ((i + 1)..4).all(|j| dist(pts[i], pts[j]) > eps));
        (on_corner && distinct).then_some(MmRect {
            x: x0,
            y: y0,
            w: x1 - x0,
            h: y1 - y0,
        })
    }
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
}

/// A text-showing operator (`Tj`, `TJ`, `'`, `"`) and where its text starts.
#[derive(Clone, Debug)]
pub struct PdfText {
    /// The start of the baseline, in page millimetres (origin top left, y down).
    pub origin: (f64, f64),
    /// The font's resource name (`Tf`).
    pub font: String,
    /// The font size operand of `Tf` (in text space units).
    pub size: f64,
}

/// One page read back from its content stream.
#[derive(Clone, Debug)]
pub struct PdfPage {
    /// MediaBox width in millimetres.
    pub width_mm: f64,
    /// MediaBox height in millimetres.
    pub height_mm: f64,
    /// Every painted path, in drawing order.
    pub paths: Vec<PdfPath>,
    /// Every text-showing operator, in drawing order.
    pub texts: Vec<PdfText>,
    /// Every `cm` operand, in order, as written.
    pub cms: Vec<Matrix>,
}

impl PdfPage {
    /// The paths that are axis-aligned rectangles, with the path they came from.
    pub fn rects(&self) -> Vec<(MmRect, &PdfPath)> {
        self.paths.iter().filter_map(|p| p.as_rect().map(|r| (r, p))).collect()
    }
}

/// Loads a PDF, panicking with a clear message when lopdf cannot read it.
pub fn load_pdf(bytes: &[u8]) -> lopdf::Document {
    lopdf::Document::load_mem(bytes).unwrap_or_else(|e| panic!("lopdf cannot read the PDF: {e}"))
}

fn num(o: &lopdf::Object) -> f64 {
    o.as_float()
        .unwrap_or_else(|e| panic!("expected a number, got {o:?}: {e}")) as f64
}

fn nums(ops: &[lopdf::Object]) -> Vec<f64> {
    ops.iter().map(num).collect()
}

/// The MediaBox of a page, looked up through the page tree.
pub fn media_box(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> [f64; 4] {
    let mut id = page_id;
    loop {
        let dict = doc.get_dictionary(id).expect("a page dictionary");
        if let Ok(mb) = dict.get(b"MediaBox") {
            let (_, mb) = doc.dereference(mb).unwrap();
            let v = nums(mb.as_array().expect("MediaBox is an array"));
            assert_eq!(v.len(), 4, "MediaBox has four numbers");
            return [v[0], v[1], v[2], v[3]];
        }
        id = dict
            .get(b"Parent")
            .and_then(|p| p.as_reference())
            .expect("no MediaBox on the page or its parents");
    }
}

/// Reads every page's content stream: tracks `q`/`Q`/`cm` to keep the current
/// transformation matrix, collects painted paths (`m`/`l`/`c`/`v`/`y`/`h`/`re`
/// with their paint operator) and text origins (`Tm`, `Td`, `TD`, `T*`), and maps
/// every point to page millimetres with the origin at the top left, y down.
pub fn read_pdf(bytes: &[u8]) -> Vec<PdfPage> {
    let doc = load_pdf(bytes);
    doc.get_pages()
        .values()
        .map(|&page_id| read_page(&doc, page_id))
        .collect()
}

#[derive(Clone)]
struct GState {
    ctm: Matrix,
    line_width: f64,
    stroke_rgb: Option<[f64; 3]>,
    fill_rgb: Option<[f64; 3]>,
}

fn read_page(doc: &lopdf::Document, page_id: lopdf::ObjectId) -> PdfPage {
    let mb = media_box(doc, page_id);
    let content = doc.get_page_content(page_id);
    let ops = lopdf::content::Content::decode(&content)
        .unwrap_or_else(|e| panic!("cannot decode the content stream: {e}"))
        .operations;
    // PDF space (pt, y up) → page millimetres (top left, y down).
    let to_page = |(x, y): (f64, f64)| ((x - mb[0]) * MM_PER_PT, (mb[3] - y) * MM_PER_PT);

    let mut gs = GState {
        ctm: Matrix::IDENTITY,
        line_width: 1.0,
        stroke_rgb: None,
        fill_rgb: None,
    };
    let mut stack: Vec<GState> = Vec::new();
    let mut subpaths: Vec<(Vec<(f64, f64)>, bool)> = Vec::new();
    let mut has_curves = false;
    let mut from_re = false;
    let mut paths = Vec::new();
    let mut texts = Vec::new();
    let mut cms = Vec::new();
    let (mut tm, mut tlm) = (Matrix::IDENTITY, Matrix::IDENTITY);
    let mut leading = 0.0;
    let (mut font, mut size) = (String::new(), 0.0);

    for op in &ops {
        let o = &op.operands;
        // Points in user space, mapped through the CTM in force now.
        let user = |x: f64, y: f64, gs: &GState| to_page(gs.ctm.apply((x, y)));
        match op.operator.as_str() {
            "q" => stack.push(gs.clone()),
            "Q" => gs = stack.pop().expect("Q without q"),
            "cm" => {
                let v = nums(o);
                let m = Matrix([v[0], v[1], v[2], v[3], v[4], v[5]]);
                cms.push(m);
                gs.ctm = m.then(&gs.ctm);
            }
            "w" => gs.line_width = num(&o[0]),
            "RG" => {
                let v = nums(o);
                gs.stroke_rgb = Some([v[0], v[1], v[2]]);
            }
            "rg" => {
                let v = nums(o);
                gs.fill_rgb = Some([v[0], v[1], v[2]]);
            }
            "m" => {
                let v = nums(o);
                subpaths.push((vec![user(v[0], v[1], &gs)], false));
            }
            "l" => {
                let v = nums(o);
                let p = user(v[0], v[1], &gs);
                subpaths.last_mut().expect("l without m").0.push(p);
            }
            "c" => {
                let v = nums(o);
                let pts = [user(v[0], v[1], &gs), user(v[2], v[3], &gs), user(v[4], v[5], &gs)];
                subpaths.last_mut().expect("c without m").0.extend(pts);
                has_curves = true;
            }
            "v" | "y" => {
                let v = nums(o);
                let pts = [user(v[0], v[1], &gs), user(v[2], v[3], &gs)];
                subpaths.last_mut().expect("v/y without m").0.extend(pts);
                has_curves = true;
            }
            "h" => {
                if let Some(last) = subpaths.last_mut() {
                    last.1 = true;
                }
            }
            "re" => {
                let v = nums(o);
                let (x, y, w, h) = (v[0], v[1], v[2], v[3]);
                let pts = vec![
                    user(x, y, &gs),
                    user(x + w, y, &gs),
                    user(x + w, y + h, &gs),
                    user(x, y + h, &gs),
                ];
                subpaths.push((pts, true));
                from_re = true;
            }
            paint @ ("S" | "s" | "f" | "F" | "f*" | "B" | "B*" | "b" | "b*") => {
                paths.push(PdfPath {
                    subpaths: std::mem::take(&mut subpaths),
                    has_curves,
                    from_re,
                    paint: paint.to_string(),
                    line_width: gs.line_width * gs.ctm.scale() * MM_PER_PT,
                    stroke_rgb: gs.stroke_rgb,
                    fill_rgb: gs.fill_rgb,
                });
                has_curves = false;
                from_re = false;
            }
            "n" => {
                // End of a path used only as a clip (or discarded): not painted.
                subpaths.clear();
                has_curves = false;
                from_re = false;
            }
            "BT" => {
                tm = Matrix::IDENTITY;
                tlm = Matrix::IDENTITY;
            }
            "Tf" => {
                font = String::from_utf8_lossy(o[0].as_name().expect("a font name")).into_owned();
                size = num(&o[1]);
            }
            "TL" => leading = num(&o[0]),
            "Tm" => {
                let v = nums(o);
                tm = Matrix([v[0], v[1], v[2], v[3], v[4], v[5]]);
                tlm = tm;
            }
            "Td" | "TD" => {
                let v = nums(o);
                if op.operator == "TD" {
                    leading = -v[1];
                }
                tlm = Matrix([1.0, 0.0, 0.0, 1.0, v[0], v[1]]).then(&tlm);
                tm = tlm;
            }
            "T*" => {
                tlm = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, -leading]).then(&tlm);
                tm = tlm;
            }
            show @ ("Tj" | "TJ" | "'" | "\"") => {
                if show != "Tj" && show != "TJ" {
                    tlm = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, -leading]).then(&tlm);
                    tm = tlm;
                }
                let origin = to_page(tm.then(&gs.ctm).apply((0.0, 0.0)));
                texts.push(PdfText {
                    origin,
                    font: font.clone(),
                    size,
                });
            }
            _ => {}
        }
    }
    PdfPage {
        width_mm: (mb[2] - mb[0]) * MM_PER_PT,
        height_mm: (mb[3] - mb[1]) * MM_PER_PT,
        paths,
        texts,
        cms,
    }
}

/// One font in a page's resources, with what it embeds.
#[derive(Clone, Debug)]
pub struct PdfFont {
    /// The resource name (`/F1`).
    pub resource: String,
    /// The font dictionary's `/Subtype`.
    pub subtype: String,
    /// The font dictionary's `/BaseFont`.
    pub base_font: String,
    /// For a Type0 font, the descendant CIDFont's `/BaseFont`.
    pub descendant_base_font: Option<String>,
    /// Which font file the descriptor holds (`FontFile`, `FontFile2`, `FontFile3`).
    pub font_file_key: Option<String>,
    /// The embedded program's length once decompressed.
    pub program_len: usize,
}

/// Every font in every page's resources.
pub fn pdf_fonts(bytes: &[u8]) -> Vec<PdfFont> {
    let doc = load_pdf(bytes);
    let name = |o: &lopdf::Object| String::from_utf8_lossy(o.as_name().expect("a name")).into_owned();
    let mut out = Vec::new();
    for (_, page_id) in doc.get_pages() {
        let fonts = doc.get_page_fonts(page_id).expect("the page's fonts");
        for (resource, font) in fonts {
            let subtype = font.get(b"Subtype").map(name).unwrap_or_default();
            let base_font = font.get(b"BaseFont").map(name).unwrap_or_default();
            // Type0 fonts keep their descriptor on the descendant CIDFont.
            let (descriptor_holder, descendant_base_font) = if subtype == "Type0" {
                let arr = font.get_deref(b"DescendantFonts", &doc).expect("DescendantFonts");
                let first = arr.as_array().expect("an array").first().expect("one descendant");
                let (_, d) = doc.dereference(first).unwrap();
                let d = d.as_dict().expect("a CIDFont dictionary");
                (d, Some(d.get(b"BaseFont").map(name).unwrap_or_default()))
            } else {
                (font, None)
            };
            let mut font_file_key = None;
            let mut program_len = 0;
            if let Ok(desc) = descriptor_holder.get_deref(b"FontDescriptor", &doc) {
                let desc = desc.as_dict().expect("a FontDescriptor dictionary");
                for key in ["FontFile", "FontFile2", "FontFile3"] {
                    if let Ok(obj) = desc.get_deref(key.as_bytes(), &doc) {
                        let stream = obj.as_stream().expect("a font file stream");
                        let data = if stream.dict.has(b"Filter") {
                            stream.decompressed_content().expect("the font program decompresses")
                        } else {
                            stream.content.clone()
                        };
                        font_file_key = Some(key.to_string());
                        program_len = data.len();
                    }
                }
            }
            out.push(PdfFont {
                resource: String::from_utf8_lossy(&resource).into_owned(),
                subtype,
                base_font,
                descendant_base_font,
                font_file_key,
                program_len,
            });
        }
    }
    out
}

/// Whether a font name carries a subset tag: six capital letters and `+`.
pub fn has_subset_tag(name: &str) -> bool {
    let b = name.as_bytes();
    b.len() > 7 && b[..6].iter().all(u8::is_ascii_uppercase) && b[6] == b'+'
}

/// The text lopdf extracts from every page (it decodes through ToUnicode).
pub fn pdf_text(bytes: &[u8]) -> String {
    let doc = load_pdf(bytes);
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    doc.extract_text(&pages)
        .unwrap_or_else(|e| panic!("lopdf cannot extract the text: {e}"))
}
