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
    let mut opt = usvg::Options::default();
    {
        let db = opt.fontdb_mut();
        for face in FontFace::ALL {
            db.load_font_data(face.data().to_vec());
        }
        db.set_sans_serif_family(FontFace::Sans.family());
    }
    opt.font_family = FontFace::Sans.family().to_string();
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
    let mut band = band_pixmap(w, rows_per_band)?;
    let mut top = 0u32;
    while top < h {
        let rows = rows_per_band.min(h - top);
        if rows != band.height() {
            band = band_pixmap(w, rows)?;
        }
        band.fill(tiny_skia::Color::WHITE);
        let place = tiny_skia::Transform::from_row(scale, 0.0, 0.0, scale, 0.0, -(top as f32));
        if banded {
            draw_band(tree.root(), place, place, &mut band.as_mut());
        } else {
            resvg::render(&tree, place, &mut band.as_mut());
        }
        // The band is opaque (drawn on white), so its premultiplied colours
        // are the straight ones PNG stores.
        stream
            .write_all(band.data())
            .map_err(|e| PngError(format!("cannot encode the png: {e}")))?;
        top += rows;
    }
    stream.finish().map_err(encoding)?;
    writer.finish().map_err(encoding)?;
    Ok(png)
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
fn draw_band(
    group: &usvg::Group,
    page: tiny_skia::Transform,
    ts: tiny_skia::Transform,
    band: &mut tiny_skia::PixmapMut<'_>,
) {
    // Anti-aliasing reaches a pixel or two past a shape's box.
    const MARGIN: f32 = 4.0;
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
        // An isolated group whose only isolation is a plain clip is drawn
        // clipped, in bands. (Found before the match: an `if let` guard
        // needs Rust 1.95, and the crate builds on 1.88.)
        let clip = match node {
            usvg::Node::Group(g) if g.should_isolate() => plain_clip(g),
            _ => None,
        };
        match (node, clip) {
            (usvg::Node::Group(g), _) if !g.should_isolate() => draw_band(g, page, ts.pre_concat(g.transform()), band),
            (usvg::Node::Group(g), Some(clip)) => {
                draw_clipped(g, clip, on_band, page, ts.pre_concat(g.transform()), band);
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
    draw_band(g, shift.pre_concat(page), shift.pre_concat(ts), &mut layer.as_mut());
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
    layer.apply_mask(&mask);
    draw_over(band, layer.as_ref(), (x0 as usize, y0 as usize));
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
pub fn draw_over(band: &mut tiny_skia::PixmapMut<'_>, layer: tiny_skia::PixmapRef<'_>, (x, y): (usize, usize)) {
    const FACTOR: f32 = 1.0 / 255.0;
    let (width, w) = (band.width() as usize, layer.width() as usize);
    let over = |d: u8, s: u8, inv: f32| -> u8 {
        let v = (f32::from(d) * FACTOR) * inv + f32::from(s) * FACTOR;
        (v.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8
    };
    let dst = band.data_mut();
    for (row, src) in layer.data().chunks_exact(w * 4).enumerate() {
        let start = ((y + row) * width + x) * 4;
        for (d, s) in dst[start..start + w * 4].chunks_exact_mut(4).zip(src.chunks_exact(4)) {
            match s[3] {
                0 => {}
                255 => d.copy_from_slice(s),
                a => {
                    let inv = 1.0 - f32::from(a) * FACTOR;
                    for k in 0..4 {
                        d[k] = over(d[k], s[k], inv);
                    }
                }
            }
        }
    }
}

fn band_pixmap(w: u32, rows: u32) -> Result<tiny_skia::Pixmap, PngError> {
    tiny_skia::Pixmap::new(w, rows)
        .ok_or_else(|| PngError(format!("cannot draw a {w} x {rows} px band of the preview")))
}
