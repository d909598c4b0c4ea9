//! PNG previews: the SVG export rasterised with resvg at a chosen resolution,
//! with the bundled fonts (never the machine's), so a preview looks the same
//! everywhere.

use std::io::Write;

use resvg::{tiny_skia, usvg};

use crate::font::FontFace;

/// Why a preview could not be made.
#[derive(Debug)]
pub struct PngError(pub String);

impl std::fmt::Display for PngError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The most pixels one preview may have: 100 million, an A4 page at 1000 dpi
/// or an A3 page at 700, a card at far more than 1200. A preview is for a
/// screen or a proof (the PDF is what prints); past this, an image viewer
/// needs over 400 MB to open it. Checked before anything is drawn.
pub const MAX_PIXELS: u64 = 100_000_000;

/// The longest side of a preview, in pixels: the most many image programs open.
pub const MAX_SIDE: u64 = 65_535;

/// The most pixels drawn at once: a page is drawn in bands of rows of about
/// this many and each band is compressed before the next is drawn, so the
/// memory a preview takes does not grow with its resolution: a band is 16 MB,
/// and a clipped group (a card, a piece of a tiled board) is drawn in a layer
/// no larger than the band. Larger bands were no faster (measured on the
/// league deck at 400 dpi and its mat tiled on A4 at 1000 dpi).
const BAND_PIXELS: u64 = 4 << 20;

/// Anti-aliasing reaches a pixel or two past a shape's box: a node is drawn
/// in the bands (and the rectangles of pixels, [`render_like`]) this many
/// pixels around it reaches.
const MARGIN: f32 = 4.0;

/// Whether pages drawn are kept for drawing again ([`keep_renders`]).
static KEEP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The most bytes of PNG kept by [`render_kept`]: a deck's 16 A4 previews
/// at 150 dpi are about 10 MB.
const KEPT_BYTES: usize = 256 << 20;

/// From now on, keep every page drawn by [`render_kept`] in memory, so that
/// a page drawn again unchanged is not drawn again: what `--watch` does,
/// where an edit of one card changes one page of a deck's sixteen.
pub fn keep_renders() {
    KEEP.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Pages [`render_kept`] drew (not taken from memory) since [`take_drawn`].
static DRAWN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// The pages [`render_kept`] drew since this was last asked (a watch's
/// rebuild says how many of its previews the edit changed).
pub fn take_drawn() -> usize {
    DRAWN.swap(0, std::sync::atomic::Ordering::Relaxed)
}

/// Whether pages drawn are kept ([`keep_renders`]).
pub fn keeps_renders() -> bool {
    KEEP.load(std::sync::atomic::Ordering::Relaxed)
}

/// The pages drawn and kept, by a hash of their SVG and their resolution,
/// and the bytes they hold.
type Kept = (std::collections::HashMap<(u128, u64), std::sync::Arc<[u8]>>, usize);

/// [`render`], or the same bytes drawn before for the same SVG and `dpi`
/// when pages are kept ([`keep_renders`]).
pub fn render_kept(svg: &str, dpi: f64) -> Result<Vec<u8>, PngError> {
    static KEPT: std::sync::OnceLock<std::sync::Mutex<Kept>> = std::sync::OnceLock::new();
    if !KEEP.load(std::sync::atomic::Ordering::Relaxed) {
        return render(svg, dpi);
    }
    let kept = KEPT.get_or_init(Default::default);
    let key = (crate::scene::picture::hash128(svg.as_bytes()), dpi.to_bits());
    if let Some(png) = kept.lock().unwrap_or_else(|e| e.into_inner()).0.get(&key) {
        return Ok(png.to_vec());
    }
    let png = render(svg, dpi)?;
    DRAWN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
    if kept.1 + png.len() > KEPT_BYTES {
        // Pages of earlier versions of the layouts make most of it: let all go.
        *kept = Default::default();
    }
    kept.1 += png.len();
    kept.0.insert(key, png.as_slice().into());
    Ok(png)
}

/// Rasterises one SVG page at `dpi` dots per inch on a white background.
pub fn render(svg: &str, dpi: f64) -> Result<Vec<u8>, PngError> {
    render_like(svg, dpi, None, false).map(|(png, _)| png)
}

/// `png` (a file [`render`] wrote) tagged as sRGB: an `sRGB` chunk
/// (rendering intent perceptual) after its header, so that a print shop's
/// software reads the colours as the sRGB they are instead of guessing (the
/// chunk must come before the image data, PNG 1.2, 4.2.2.5). Every other
/// byte is the same.
pub fn tagged_srgb(png: &[u8]) -> Vec<u8> {
    // The 8-byte signature, then IHDR: 4 bytes of length (13), 4 of type,
    // its 13 bytes of data and 4 of CRC.
    const AFTER_IHDR: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < AFTER_IHDR || &png[12..16] != b"IHDR" {
        return png.to_vec();
    }
    let mut chunk = Vec::with_capacity(13);
    chunk.extend(1u32.to_be_bytes());
    chunk.extend(b"sRGB");
    chunk.push(0);
    chunk.extend(crc32fast::hash(&chunk[4..]).to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..AFTER_IHDR]);
    out.extend(chunk);
    out.extend_from_slice(&png[AFTER_IHDR..]);
    out
}

/// A page drawn and kept, so that a page like it (a game's card sheet in
/// another language) is drawn again only where it differs: its tree, its
/// size in pixels, its resolution and its pixels, row by row.
pub struct Drawn {
    tree: usvg::Tree,
    size: (u32, u32),
    dpi: u64,
    pixels: Vec<u8>,
}

/// [`render`], drawing only what differs from `like` (a page drawn before
/// at the same size and resolution) and taking every other pixel from it;
/// and, when `keep`, the page drawn, to draw others like it.
///
/// The bytes are [`render`]'s: the two pages' trees are compared node by
/// node ([`changes`]), and a pixel is taken from `like` only when every
/// node that reaches it is the same in both, drawn in the same order into
/// the same layers; the nodes that reach a changed pixel are drawn as
/// [`render`] draws them, in the same bands, and no others. What reaches a
/// pixel is what the bands already go by: a node's box with its strokes,
/// and [`MARGIN`] pixels around it for the anti-aliasing.
pub fn render_like(
    svg: &str,
    dpi: f64,
    like: Option<&Drawn>,
    keep: bool,
) -> Result<(Vec<u8>, Option<Drawn>), PngError> {
    let mut opt = usvg::Options {
        fontdb: fonts(),
        font_family: FontFace::Sans.family().to_string(),
        ..usvg::Options::default()
    };
    // Photos come inside the SVG as data; nothing is read from a path.
    opt.image_href_resolver.resolve_string = Box::new(|_, _| None);
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PngError(format!("cannot read the svg: {e}")))?;
    // The SVG is sized in mm; usvg reports that size in CSS pixels (96 per inch).
    let size = tree.size();
    let (w, h) = pixel_size(f64::from(size.width()), f64::from(size.height()), dpi)?;
    let scale = (dpi / 96.0) as f32;
    let rows_per_band = (BAND_PIXELS / u64::from(w)).clamp(1, u64::from(h)) as u32;
    let mut png = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut png, w, h);
    encoder.set_color(::png::ColorType::Rgba);
    encoder.set_depth(::png::BitDepth::Eight);
    // The resolution, so that an image viewer prints it at its true size.
    let per_metre = (dpi / 0.0254).round() as u32;
    encoder.set_pixel_dims(Some(::png::PixelDimensions {
        xppu: per_metre,
        yppu: per_metre,
        unit: ::png::Unit::Meter,
    }));
    let encoding = |e: ::png::EncodingError| PngError(format!("cannot encode the png: {e}"));
    let mut writer = encoder.write_header().map_err(encoding)?;
    let mut stream = writer.stream_writer().map_err(encoding)?;
    let banded = drawable_in_bands(tree.root());
    // What differs from the page drawn before, in the page's pixels.
    let changed = like
        .filter(|old| banded && old.size == (w, h) && old.dpi == dpi.to_bits())
        .and_then(|old| {
            let whole = tiny_skia::Transform::from_scale(scale, scale);
            changes(&old.tree, &tree, whole).map(|rects| (old, rects))
        });
    let mut kept = if keep {
        Vec::with_capacity(w as usize * h as usize * 4)
    } else {
        Vec::new()
    };
    // The bands are drawn on every core and compressed in order as they
    // come: the compression of one band beside the drawing of the next.
    let draw = |k: usize| -> Result<tiny_skia::Pixmap, PngError> {
        let top = k as u32 * rows_per_band;
        let rows = rows_per_band.min(h - top);
        let mut band = band_pixmap(w, rows)?;
        band.fill(tiny_skia::Color::WHITE);
        let place = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, 0.0, -(top as f32));
        match &changed {
            Some((old, rects)) => {
                let here = in_band(rects, top, rows);
                if !here.is_empty() {
                    draw_band(tree.root(), place, place, &mut band.as_mut(), Some(&here));
                }
                take_unchanged(&mut band, old, top, &here);
            }
            None if banded => draw_band(tree.root(), place, place, &mut band.as_mut(), None),
            None => resvg::render(&tree, place, &mut band.as_mut()),
        }
        Ok(band)
    };
    let mut failed = None;
    crate::parallel::in_order(
        h.div_ceil(rows_per_band) as usize,
        crate::parallel::default_jobs(),
        draw,
        |_, band| match (band, &failed) {
            (Ok(band), None) => {
                // The band is opaque (drawn on white), so its premultiplied
                // colours are the straight ones PNG stores.
                if let Err(e) = stream.write_all(band.data()) {
                    failed = Some(PngError(format!("cannot encode the png: {e}")));
                }
                if keep {
                    kept.extend_from_slice(band.data());
                }
            }
            (Err(e), None) => failed = Some(e),
            (_, Some(_)) => {}
        },
    );
    if let Some(e) = failed {
        return Err(e);
    }
    stream.finish().map_err(encoding)?;
    writer.finish().map_err(encoding)?;
    let drawn = keep.then(|| Drawn {
        tree,
        size: (w, h),
        dpi: dpi.to_bits(),
        pixels: kept,
    });
    Ok((png, drawn))
}

/// The bundled fonts, loaded once for every page drawn: a page's text is
/// laid out with them, never the machine's.
fn fonts() -> std::sync::Arc<usvg::fontdb::Database> {
    static FONTS: std::sync::OnceLock<std::sync::Arc<usvg::fontdb::Database>> = std::sync::OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            for face in FontFace::ALL {
                db.load_font_data(face.data().to_vec());
            }
            db.set_sans_serif_family(FontFace::Sans.family());
            std::sync::Arc::new(db)
        })
        .clone()
}

/// A rectangle of whole pixels, `[x0, x1) x [y0, y1)`.
type Pixels = (i64, i64, i64, i64);

/// The rectangles of `rects` (in the page's pixels) that reach rows `top`
/// to `top + rows`, in the band's pixels (its first row y = 0).
fn in_band(rects: &[Pixels], top: u32, rows: u32) -> Vec<Pixels> {
    let (top, bottom) = (i64::from(top), i64::from(top + rows));
    rects
        .iter()
        .filter(|r| r.1 < bottom && r.3 > top)
        .map(|&(x0, y0, x1, y1)| (x0, y0 - top, x1, y1 - top))
        .collect()
}

/// Copies into `band` (rows `top` on of the page) every pixel of `old` that
/// no rectangle of `changed` (in the band's pixels) holds.
fn take_unchanged(band: &mut tiny_skia::Pixmap, old: &Drawn, top: u32, changed: &[Pixels]) {
    let w = band.width() as usize;
    let rows = band.height() as usize;
    let from = top as usize * w * 4;
    let old_rows = &old.pixels[from..from + rows * w * 4];
    let data = band.data_mut();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for row in 0..rows {
        let y = row as i64;
        spans.clear();
        spans.extend(
            changed
                .iter()
                .filter(|r| r.1 <= y && y < r.3)
                .map(|r| (r.0.clamp(0, w as i64) as usize, r.2.clamp(0, w as i64) as usize))
                .filter(|(a, b)| a < b),
        );
        spans.sort_unstable();
        let line = row * w * 4;
        let mut x = 0;
        for &(a, b) in &spans {
            if a > x {
                data[line + x * 4..line + a * 4].copy_from_slice(&old_rows[line + x * 4..line + a * 4]);
            }
            x = x.max(b);
        }
        if x < w {
            data[line + x * 4..line + w * 4].copy_from_slice(&old_rows[line + x * 4..line + w * 4]);
        }
    }
}

/// What a node is to [`changes`]: a group whose children are drawn one by
/// one (straight onto the band, or into a layer the group's clip cuts) is
/// compared by what places them and its children by themselves; anything
/// else whole.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Likeness {
    /// A group drawn child by child, by a hash of its transform (and, when
    /// it draws into a clipped layer, the clip and the layer's box).
    Frame(u128),
    /// A node drawn at once, by a hash of all of it.
    Whole(u128),
}

/// A 128-bit hash of what is written to it: the debug form of a node's
/// fields (every field of it) and the bits of its outlines' points.
struct Hashing(siphasher::sip128::SipHasher13);

impl Hashing {
    fn new() -> Hashing {
        Hashing(siphasher::sip128::SipHasher13::new_with_keys(0, 0))
    }

    fn bytes(&mut self, b: &[u8]) {
        std::hash::Hasher::write(&mut self.0, b);
    }

    fn finish(&self) -> u128 {
        siphasher::sip128::Hasher128::finish128(&self.0).as_u128()
    }
}

impl std::fmt::Write for Hashing {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// Writes into `h` all that drawing `node` goes by: what resvg reads of it
/// and of what it holds, its outlines' points as their bits (the debug form
/// of an outline spells every point out in decimal, which took more time
/// than drawing a sheet's words), and the bytes of its images (which the
/// debug form leaves out). A text is drawn as its outlines, `flattened`.
fn hash_node(node: &usvg::Node, h: &mut Hashing) -> std::fmt::Result {
    use std::fmt::Write;
    write!(
        h,
        "node {:?} {:?};",
        node.abs_layer_bounding_box(),
        node.abs_stroke_bounding_box()
    )?;
    match node {
        usvg::Node::Group(g) => hash_group(g, h)?,
        usvg::Node::Path(p) => {
            write!(
                h,
                "path {} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?} {:?};",
                p.is_visible(),
                p.fill(),
                p.stroke(),
                p.paint_order(),
                p.rendering_mode(),
                p.abs_transform(),
                p.bounding_box(),
                p.abs_bounding_box(),
                p.stroke_bounding_box(),
                p.abs_stroke_bounding_box(),
            )?;
            let data = p.data();
            for v in data.verbs() {
                h.bytes(&[*v as u8]);
            }
            for pt in data.points() {
                h.bytes(&pt.x.to_bits().to_le_bytes());
                h.bytes(&pt.y.to_bits().to_le_bytes());
            }
        }
        usvg::Node::Image(i) => write!(
            h,
            "image {} {:?} {:?} {:?} {:?} {:?};",
            i.is_visible(),
            i.size(),
            i.rendering_mode(),
            i.kind(),
            i.abs_transform(),
            i.abs_bounding_box(),
        )?,
        usvg::Node::Text(t) => {
            write!(h, "text {:?};", t.abs_transform())?;
            hash_group(t.flattened(), h)?;
        }
    }
    // Images anywhere in it (a pattern's, a clip's, a mask's too), by their bytes.
    let mut images = Vec::new();
    image_data(node, &mut images);
    write!(h, "images {images:?};")
}

fn hash_group(g: &usvg::Group, h: &mut Hashing) -> std::fmt::Result {
    use std::fmt::Write;
    write!(
        h,
        "group {:?} {:?} {:?} {:?} {} {} {:?} {:?} {:?} {:?} {:?} {:?} {:?} [",
        g.transform(),
        g.abs_transform(),
        g.opacity(),
        g.blend_mode(),
        g.isolate(),
        g.should_isolate(),
        g.clip_path(),
        g.mask(),
        g.filters(),
        g.bounding_box(),
        g.stroke_bounding_box(),
        g.layer_bounding_box(),
        g.abs_layer_bounding_box(),
    )?;
    for c in g.children() {
        hash_node(c, h)?;
    }
    write!(h, "];")
}

/// The bytes of every raster image in `node` and what it holds (a
/// pattern's, a clip's, a mask's), and the whole of every SVG image, whose
/// debug form leaves them out.
fn image_data(node: &usvg::Node, out: &mut Vec<u128>) {
    use std::fmt::Write;
    match node {
        usvg::Node::Image(image) => match image.kind() {
            usvg::ImageKind::JPEG(d) | usvg::ImageKind::PNG(d) | usvg::ImageKind::GIF(d) | usvg::ImageKind::WEBP(d) => {
                out.push(crate::scene::picture::hash128(d));
            }
            // An SVG image is drawn as its own tree: all of it, as a group's.
            usvg::ImageKind::SVG(tree) => {
                let mut h = Hashing::new();
                // Writing into a hash cannot fail.
                let _ = write!(h, "svg {:?};", tree.size());
                let _ = hash_group(tree.root(), &mut h);
                out.push(h.finish());
            }
        },
        usvg::Node::Group(g) => g.children().iter().for_each(|c| image_data(c, out)),
        _ => {}
    }
    node.subroots(|g| g.children().iter().for_each(|c| image_data(c, out)));
}

fn likeness(node: &usvg::Node) -> Likeness {
    use std::fmt::Write;
    // (Not `if let` guards: they need Rust 1.95, and the crate builds on 1.88.)
    let clip = match node {
        usvg::Node::Group(g) if g.should_isolate() => plain_clip(g).map(|c| (g, c)),
        _ => None,
    };
    let mut h = Hashing::new();
    // Writing into a hash cannot fail.
    let _ = match (node, clip) {
        (usvg::Node::Group(g), _) if !g.should_isolate() => write!(h, "straight {:?}", g.transform()),
        (_, Some((g, clip))) => write!(
            h,
            "clipped {:?} {:?} {:?} {:?}",
            g.transform(),
            g.abs_layer_bounding_box(),
            clip.transform(),
            clip.root()
        ),
        _ => hash_node(node, &mut h),
    };
    match (node, clip) {
        (usvg::Node::Group(g), _) if !g.should_isolate() => Likeness::Frame(h.finish()),
        (_, Some(_)) => Likeness::Frame(h.finish()),
        _ => Likeness::Whole(h.finish()),
    }
}

/// The rectangles of pixels (in the pixels `whole` maps the page to) where
/// `new` may differ from `old`: the reach of every node of either that has
/// no like in the other, its children compared in order. `None` when the
/// two cannot be compared (their sizes differ).
fn changes(old: &usvg::Tree, new: &usvg::Tree, whole: tiny_skia::Transform) -> Option<Vec<Pixels>> {
    if old.size() != new.size() || old.root().transform() != new.root().transform() {
        return None;
    }
    let mut out = Vec::new();
    compare(old.root().children(), new.root().children(), whole, &mut out);
    Some(out)
}

/// The most pairs of children compared for their longest common run; past
/// it, what is not the same at both ends counts as changed.
const MAX_PAIRS: usize = 1 << 22;

fn compare(old: &[usvg::Node], new: &[usvg::Node], whole: tiny_skia::Transform, out: &mut Vec<Pixels>) {
    let a: Vec<Likeness> = old.iter().map(likeness).collect();
    let b: Vec<Likeness> = new.iter().map(likeness).collect();
    // The same at the start and the end, then the longest common run of
    // the rest in order.
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let mut pairs: Vec<(usize, usize)> = (0..head).map(|i| (i, i)).collect();
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    if !ma.is_empty() && !mb.is_empty() && ma.len() * mb.len() <= MAX_PAIRS {
        pairs.extend(common_run(ma, mb).into_iter().map(|(i, j)| (head + i, head + j)));
    }
    pairs.extend((0..tail).map(|k| (a.len() - tail + k, b.len() - tail + k)));
    let (mut in_old, mut in_new) = (vec![false; a.len()], vec![false; b.len()]);
    for &(i, j) in &pairs {
        in_old[i] = true;
        in_new[j] = true;
        if let (Likeness::Frame(_), usvg::Node::Group(go), usvg::Node::Group(gn)) = (a[i], &old[i], &new[j]) {
            compare(go.children(), gn.children(), whole, out);
        }
    }
    let unmatched = old
        .iter()
        .zip(&in_old)
        .chain(new.iter().zip(&in_new))
        .filter(|(_, m)| !**m);
    for (node, _) in unmatched {
        if let Some(r) = reach(node).and_then(|r| r.transform(whole)) {
            let m = MARGIN + 1.0;
            out.push((
                (r.left() - m).floor() as i64,
                (r.top() - m).floor() as i64,
                (r.right() + m).ceil() as i64,
                (r.bottom() + m).ceil() as i64,
            ));
        }
    }
}

/// The pairs of indices of a longest common run of `a` and `b`, in order.
fn common_run(a: &[Likeness], b: &[Likeness]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    // run[i][j]: the longest common run of a[i..] and b[j..].
    let mut run = vec![0u32; (n + 1) * (m + 1)];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            run[i * (m + 1) + j] = if a[i] == b[j] {
                run[(i + 1) * (m + 1) + j + 1] + 1
            } else {
                run[(i + 1) * (m + 1) + j].max(run[i * (m + 1) + j + 1])
            };
        }
    }
    let (mut i, mut j, mut pairs) = (0, 0, Vec::new());
    while i < n && j < m {
        if a[i] == b[j] {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if run[(i + 1) * (m + 1) + j] >= run[i * (m + 1) + j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

/// Where a node draws, strokes included, in the page's units: what the
/// bands go by.
fn reach(node: &usvg::Node) -> Option<tiny_skia::Rect> {
    Some(match node {
        usvg::Node::Group(g) => g.abs_layer_bounding_box().to_rect(),
        other => other.abs_stroke_bounding_box(),
    })
}

/// The preview's size in pixels for a page of `w` x `h` CSS pixels (96 per
/// inch) at `dpi`, refused past [`MAX_PIXELS`] or [`MAX_SIDE`] with the
/// resolution that would fit.
pub fn pixel_size(w: f64, h: f64, dpi: f64) -> Result<(u32, u32), PngError> {
    let scale = dpi / 96.0;
    let (pw, ph) = ((w * scale).round().max(1.0), (h * scale).round().max(1.0));
    let pixels = pw * ph;
    if pw.is_finite() && ph.is_finite() && pixels <= MAX_PIXELS as f64 && pw.max(ph) <= MAX_SIDE as f64 {
        return Ok((pw as u32, ph as u32));
    }
    let fits = (dpi * (MAX_PIXELS as f64 / pixels).sqrt())
        .min(dpi * MAX_SIDE as f64 / pw.max(ph))
        .floor();
    let (inch_w, inch_h) = (w / 96.0, h / 96.0);
    let what = format!(
        "a preview of this {:.0} x {:.0} mm page at {dpi} dpi would be {pw:.0} x {ph:.0} pixels, \
         more than the {} million a preview may have",
        inch_w * 25.4,
        inch_h * 25.4,
        MAX_PIXELS / 1_000_000
    );
    Err(PngError(if fits >= 10.0 {
        format!("{what}; lower --dpi to {fits:.0} or less")
    } else {
        format!("{what}, even at the lowest --dpi (10); build it as pdf or svg")
    }))
}

/// Draws the children of `group` that reach into the band: `page` takes
/// canvas units to the band's pixels (its top row is y = 0) and `ts` places
/// the children as resvg would. A page is drawn once per band, and a photo is
/// decoded each time it is drawn, so what lies wholly above or below the band
/// is left out.
///
/// With `only` (rectangles of the band's pixels), a node that reaches none
/// of them is left out too: [`render_like`] takes every other pixel from a
/// page drawn before.
fn draw_band(
    group: &usvg::Group,
    page: tiny_skia::Transform,
    ts: tiny_skia::Transform,
    band: &mut tiny_skia::PixmapMut<'_>,
    only: Option<&[Pixels]>,
) {
    let rows = band.height() as f32;
    for node in group.children() {
        // Where the node draws, strokes included, in the band's pixels.
        let reach = match node {
            usvg::Node::Group(g) => g.abs_layer_bounding_box().to_rect(),
            other => other.abs_stroke_bounding_box(),
        };
        let Some(on_band) = reach.transform(page) else {
            continue;
        };
        if on_band.bottom() < -MARGIN || on_band.top() > rows + MARGIN {
            continue;
        }
        if let Some(only) = only
            && !only.iter().any(|r| {
                on_band.left() - MARGIN < r.2 as f32
                    && on_band.right() + MARGIN > r.0 as f32
                    && on_band.top() - MARGIN < r.3 as f32
                    && on_band.bottom() + MARGIN > r.1 as f32
            })
        {
            continue;
        }
        // An isolated group whose only isolation is a plain clip is drawn
        // clipped, in bands. (Found before the match: an `if let` guard
        // needs Rust 1.95, and the crate builds on 1.88.)
        let clip = match node {
            usvg::Node::Group(g) if g.should_isolate() => plain_clip(g),
            _ => None,
        };
        match (node, clip) {
            (usvg::Node::Group(g), _) if !g.should_isolate() => {
                draw_band(g, page, ts.pre_concat(g.transform()), band, only);
            }
            (usvg::Node::Group(g), Some(clip)) => {
                draw_clipped(g, clip, on_band, page, ts.pre_concat(g.transform()), band, only);
            }
            // render_node draws a node at its box's corner: shift it back.
            _ => match (node.abs_layer_bounding_box(), node) {
                (Some(b), _) => {
                    resvg::render_node(node, ts.pre_translate(b.x(), b.y()), band);
                }
                // A straight line has an empty box, and render_node draws
                // nothing for it.
                (None, usvg::Node::Path(p)) => {
                    stroke_line(p, ts, band);
                }
                (None, _) => {}
            },
        }
    }
}

/// Whether [`draw_band`] draws everything in `group` as resvg would: the
/// straight lines it strokes itself are in plain colours.
fn drawable_in_bands(group: &usvg::Group) -> bool {
    group.children().iter().all(|node| match node {
        usvg::Node::Group(g) if !g.should_isolate() || plain_clip(g).is_some() => drawable_in_bands(g),
        usvg::Node::Path(p) if node.abs_layer_bounding_box().is_none() => {
            p.stroke().is_none_or(|s| matches!(s.paint(), usvg::Paint::Color(_)))
        }
        _ => true,
    })
}

/// Strokes a straight line as resvg does (a line has no fill).
fn stroke_line(p: &usvg::Path, ts: tiny_skia::Transform, band: &mut tiny_skia::PixmapMut<'_>) {
    let Some(stroke) = p.stroke().filter(|_| p.is_visible()) else {
        return;
    };
    let usvg::Paint::Color(c) = stroke.paint() else {
        return;
    };
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(c.red, c.green, c.blue, stroke.opacity().to_u8());
    paint.anti_alias = p.rendering_mode().use_shape_antialiasing();
    band.stroke_path(p.data(), &paint, &stroke.to_tiny_skia(), ts, None);
}

/// The clip of a group that does nothing but clip, with a clip made of
/// shapes (the pages' clipped cards, text boxes and board pieces are).
fn plain_clip(g: &usvg::Group) -> Option<&usvg::ClipPath> {
    let clip = g.clip_path()?;
    let plain = g.opacity() == usvg::Opacity::ONE
        && g.mask().is_none()
        && g.filters().is_empty()
        && g.blend_mode() == usvg::BlendMode::Normal
        && !g.isolate()
        && clip.clip_path().is_none()
        && clip.root().children().iter().all(|n| matches!(n, usvg::Node::Path(_)));
    plain.then_some(clip)
}

/// Draws a clipped group into a layer the size of the part of the band it
/// covers, then onto the band through its clip. The rasteriser's own layers
/// may be five bands high, and a band would draw each one again: a page-sized
/// clip (a piece of a tiled board) would cost five times the work and memory.
fn draw_clipped(
    g: &usvg::Group,
    clip: &usvg::ClipPath,
    on_band: tiny_skia::Rect,
    page: tiny_skia::Transform,
    ts: tiny_skia::Transform,
    band: &mut tiny_skia::PixmapMut<'_>,
    only: Option<&[Pixels]>,
) {
    // The layer reaches two pixels past the group's box, as the
    // rasteriser's does, for the anti-aliased edges.
    let x0 = (on_band.left() - 2.0).floor().max(0.0);
    let y0 = (on_band.top() - 2.0).floor().max(0.0);
    let x1 = (on_band.right() + 2.0).ceil().min(band.width() as f32);
    let y1 = (on_band.bottom() + 2.0).ceil().min(band.height() as f32);
    if x1 <= x0 || y1 <= y0 {
        return;
    }
    let (w, h) = ((x1 - x0) as u32, (y1 - y0) as u32);
    let (Some(mut layer), Some(mut mask)) = (tiny_skia::Pixmap::new(w, h), tiny_skia::Mask::new(w, h)) else {
        return;
    };
    let shift = tiny_skia::Transform::from_translate(-x0, -y0);
    // The changed rectangles, in the layer's pixels.
    let only: Option<Vec<Pixels>> = only.map(|rects| {
        let (dx, dy) = (x0 as i64, y0 as i64);
        rects.iter().map(|r| (r.0 - dx, r.1 - dy, r.2 - dx, r.3 - dy)).collect()
    });
    draw_band(
        g,
        shift.pre_concat(page),
        shift.pre_concat(ts),
        &mut layer.as_mut(),
        only.as_deref(),
    );
    let clip_ts = shift.pre_concat(ts).pre_concat(clip.transform());
    for node in clip.root().children() {
        if let usvg::Node::Path(p) = node
            && p.is_visible()
            && let Some(fill) = p.fill()
        {
            let rule = match fill.rule() {
                usvg::FillRule::NonZero => tiny_skia::FillRule::Winding,
                usvg::FillRule::EvenOdd => tiny_skia::FillRule::EvenOdd,
            };
            mask.fill_path(p.data(), rule, p.rendering_mode().use_shape_antialiasing(), clip_ts);
        }
    }
    draw_masked_over(band, layer.as_ref(), Some(&mask), (x0 as usize, y0 as usize));
}

/// Draws `layer` over `band` with its top left corner at `at`: the bytes
/// tiny-skia's `draw_pixmap` writes with the default paint at a whole-pixel
/// offset, without its per-pixel sampling, which took more than half the
/// time of a page of cards. A clear pixel leaves the band as it was and an
/// opaque one is copied (what the arithmetic below gives them exactly); a
/// pixel between takes the source-over of tiny-skia's high-precision
/// pipeline, step for step: each sample over 255 in `f32`, `d x (1 - a) + s`
/// as a multiply then an add, clamped, times 255, rounded half to even.
/// The layer lies within the band.
pub fn draw_over(band: &mut tiny_skia::PixmapMut<'_>, layer: tiny_skia::PixmapRef<'_>, at: (usize, usize)) {
    draw_masked_over(band, layer, None, at);
}

/// [`draw_over`] of `layer` seen through `mask` (of the layer's size, when
/// given): the bytes of tiny-skia's `apply_mask` on the layer and then
/// [`draw_over`], in one pass and without the layer's copy. `apply_mask`
/// runs tiny-skia's low-precision pipeline, which takes each channel to
/// `(c x m + 255) >> 8` in 16 bits: a mask of 255 leaves a pixel as it was
/// and one of 0 clears it, exactly. Runs of opaque pixels the mask leaves
/// whole are copied at once: most of a card is.
pub fn draw_masked_over(
    band: &mut tiny_skia::PixmapMut<'_>,
    layer: tiny_skia::PixmapRef<'_>,
    mask: Option<&tiny_skia::Mask>,
    (x, y): (usize, usize),
) {
    const FACTOR: f32 = 1.0 / 255.0;
    let (width, w) = (band.width() as usize, layer.width() as usize);
    if w == 0 {
        return;
    }
    let over = |d: u8, s: u8, inv: f32| -> u8 {
        let v = (f32::from(d) * FACTOR) * inv + f32::from(s) * FACTOR;
        (v.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8
    };
    let masked = |c: u8, m: u8| -> u8 { ((u16::from(c) * u16::from(m) + 255) >> 8) as u8 };
    let mask = mask.map(tiny_skia::Mask::data);
    let dst = band.data_mut();
    for (row, src) in layer.data().chunks_exact(w * 4).enumerate() {
        let start = ((y + row) * width + x) * 4;
        let dst = &mut dst[start..start + w * 4];
        let coverage = mask.map(|m| &m[row * w..(row + 1) * w]);
        let m_at = |i: usize| coverage.map_or(255, |m| m[i]);
        let mut i = 0;
        while i < w {
            let (m, a) = (m_at(i), src[i * 4 + 3]);
            if m == 255 && a == 255 {
                let mut end = i + 1;
                while end < w && src[end * 4 + 3] == 255 && m_at(end) == 255 {
                    end += 1;
                }
                dst[i * 4..end * 4].copy_from_slice(&src[i * 4..end * 4]);
                i = end;
                continue;
            }
            if m != 0 && a != 0 {
                let mut s = [src[i * 4], src[i * 4 + 1], src[i * 4 + 2], a];
                if m != 255 {
                    s = s.map(|c| masked(c, m));
                }
                let d = &mut dst[i * 4..i * 4 + 4];
                match s[3] {
                    0 => {}
                    255 => d.copy_from_slice(&s),
                    sa => {
                        let inv = 1.0 - f32::from(sa) * FACTOR;
                        for k in 0..4 {
                            d[k] = over(d[k], s[k], inv);
                        }
                    }
                }
            }
            i += 1;
        }
    }
}

fn band_pixmap(w: u32, rows: u32) -> Result<tiny_skia::Pixmap, PngError> {
    tiny_skia::Pixmap::new(w, rows)
        .ok_or_else(|| PngError(format!("cannot draw a {w} x {rows} px band of the preview")))
}
