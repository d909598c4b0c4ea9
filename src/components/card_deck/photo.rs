//! Photos for cards: read, cropped to fill their frame and resampled to at
//! most 300 dpi at printed size, ready to embed as JPEG.
//!
//! A JPEG that already has the frame's proportions and no more pixels than
//! 300 dpi needs is embedded as it is: no decoding, no re-encoding, no loss.

use std::hash::{Hash, Hasher};
use std::io::Cursor;
use std::path::Path;

use ::image::{ImageFormat, ImageReader, imageops::FilterType};

use crate::geom::{MM_PER_PT, Size};
use crate::scene::item::Picture;
use crate::world::{Input, World};

/// The most pixels per inch worth embedding for print.
pub const MAX_DPI: f64 = 300.0;
/// JPEG quality of re-encoded photos.
const QUALITY: u8 = 90;

/// Names a picture by a hash of its bytes.
pub fn picture(jpeg: Vec<u8>, width: u32, height: u32) -> Picture {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    jpeg.hash(&mut h);
    Picture {
        id: format!("{:016x}", h.finish()),
        jpeg,
        width,
        height,
    }
}

/// Loads `path` for a frame of `frame` size, cropping around `focus` (fractions
/// of the photo's width and height; the centre is (0.5, 0.5)).
pub fn load(world: &dyn World, path: &Path, frame: Size, focus: (f64, f64)) -> Result<Picture, String> {
    let bytes = world.read_bytes(path, Input::Image).map_err(|e| e.to_string())?;
    let reader = ImageReader::new(Cursor::new(&bytes))
        .with_guessed_format()
        .map_err(|e| e.to_string())?;
    let format = reader.format();
    let (w, h) = reader
        .into_dimensions()
        .map_err(|e| format!("not an image this tool reads: {e}"))?;
    let inch = |mm: f64| mm / (72.0 * MM_PER_PT);
    let max_w = (inch(frame.w.0) * MAX_DPI).round() as u32;
    let max_h = (inch(frame.h.0) * MAX_DPI).round() as u32;
    let aspect = frame.w.0 / frame.h.0;
    let same_shape = ((w as f64 / h as f64) / aspect - 1.0).abs() < 0.01;
    if format == Some(ImageFormat::Jpeg) && same_shape && w <= max_w.max(1) && h <= max_h.max(1) {
        return Ok(picture(bytes, w, h));
    }
    let img = ::image::load_from_memory(&bytes).map_err(|e| format!("cannot decode: {e}"))?;
    // Crop to the frame's proportions, as large as the photo allows, around the focus.
    let (cw, ch) = if (w as f64 / h as f64) > aspect {
        (((h as f64) * aspect).round() as u32, h)
    } else {
        (w, ((w as f64) / aspect).round() as u32)
    };
    let (cw, ch) = (cw.clamp(1, w), ch.clamp(1, h));
    let fx = focus.0.clamp(0.0, 1.0) * w as f64 - cw as f64 / 2.0;
    let fy = focus.1.clamp(0.0, 1.0) * h as f64 - ch as f64 / 2.0;
    let x = fx.round().clamp(0.0, (w - cw) as f64) as u32;
    let y = fy.round().clamp(0.0, (h - ch) as f64) as u32;
    let mut cropped = img.crop_imm(x, y, cw, ch);
    if cw > max_w || ch > max_h {
        cropped = cropped.resize_exact(max_w.max(1), max_h.max(1), FilterType::Lanczos3);
    }
    // Photos have no transparency on paper: flatten onto white.
    let rgba = cropped.to_rgba8();
    let mut rgb = ::image::RgbImage::new(rgba.width(), rgba.height());
    for (d, s) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = s.0[3] as u32;
        for k in 0..3 {
            d.0[k] = ((s.0[k] as u32 * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    let mut out = Vec::new();
    ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&rgb)
        .map_err(|e| format!("cannot encode: {e}"))?;
    Ok(picture(out, rgb.width(), rgb.height()))
}
