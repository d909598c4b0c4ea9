//! Photos for cards: read, turned upright, cropped to fill their frame and
//! resampled to at most 300 dpi at printed size, ready to embed as JPEG.
//!
//! A JPEG that is already what the page needs (three colour components, no
//! EXIF turn, complete, the frame's proportions and no more pixels than 300
//! dpi needs) is embedded as it is: no decoding, no re-encoding, no loss.
//! Anything else is decoded to RGB, because the exporters embed photos as
//! RGB JPEG: a CMYK or greyscale JPEG passed through would print inverted or
//! flat grey, and a phone photo's EXIF turn would be lost.

use std::hash::{Hash, Hasher};
use std::io::Cursor;
use std::path::Path;

use ::image::metadata::Orientation;
use ::image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, imageops::FilterType};

use crate::geom::{MM_PER_PT, Size};
use crate::scene::item::Picture;
use crate::world::{Input, World};

/// The most pixels per inch worth embedding for print.
pub const MAX_DPI: f64 = 300.0;
/// JPEG quality of re-encoded photos.
const QUALITY: u8 = 90;

/// A photo ready for its frame, with what the user should know about its
/// file (it is cut short, say) even though it could be used.
pub struct Photo {
    /// The picture to embed.
    pub picture: std::sync::Arc<Picture>,
    /// Warnings about the file, in the user's words.
    pub notes: Vec<String>,
}

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

/// What a JPEG's markers say before any pixel is decoded.
#[derive(Debug, Default, PartialEq)]
struct JpegHeader {
    /// Colour components of the frame: 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK.
    components: u8,
    /// The EXIF orientation, when there is one.
    orientation: Option<Orientation>,
    /// Whether the markers are whole and the data ends with its end marker: a
    /// file cut short when copied or downloaded has no end marker.
    complete: bool,
}

/// Walks a JPEG's markers up to its scan data. Only what deciding to pass the
/// file through needs is read; the decoder judges the rest.
fn jpeg_header(bytes: &[u8]) -> JpegHeader {
    let mut head = JpegHeader::default();
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return head;
    }
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return head;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF || marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
            at += if marker == 0xFF { 1 } else { 2 };
            continue;
        }
        let len = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
        let Some(segment) = bytes.get(at + 4..at + 2 + len).filter(|_| len >= 2) else {
            return head;
        };
        match marker {
            // Start of frame (every coding but the DHT/JPG/DAC markers).
            0xC0..=0xCF if ![0xC4, 0xC8, 0xCC].contains(&marker) => {
                head.components = segment.get(5).copied().unwrap_or(0);
            }
            0xE1 if segment.starts_with(b"Exif\0\0") => {
                head.orientation = Orientation::from_exif_chunk(&segment[6..]);
            }
            0xDA => {
                // Scan data follows: the file is whole when it ends with EOI
                // (some writers pad a few zero bytes after it).
                let end = bytes.iter().rposition(|&b| b != 0).unwrap_or(0);
                head.complete = end >= at && bytes[..=end].ends_with(&[0xFF, 0xD9]);
                return head;
            }
            _ => {}
        }
        at += 2 + len;
    }
    head
}

/// Whether an orientation swaps the photo's width and height.
fn turns_sideways(o: Orientation) -> bool {
    matches!(
        o,
        Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH
    )
}

/// Loads `path` for a frame of `frame` size, cropping around `focus` (fractions
/// of the upright photo's width and height; the centre is (0.5, 0.5)).
pub fn load(world: &dyn World, path: &Path, frame: Size, focus: (f64, f64)) -> Result<Photo, String> {
    let bytes = world
        .read_bytes(path, Input::Image)
        .map_err(|e| format!("the file {}", crate::input::Unreadable::from_io(&e).reason))?;
    let reader = ImageReader::new(Cursor::new(&bytes))
        .with_guessed_format()
        .map_err(|_| "the file cannot be read".to_string())?;
    let is_jpeg = reader.format() == Some(ImageFormat::Jpeg);
    let head = if is_jpeg {
        jpeg_header(&bytes)
    } else {
        JpegHeader::default()
    };
    let mut notes = Vec::new();
    if is_jpeg && !head.complete {
        notes.push(
            "the file ends early, as if cut short when it was copied or downloaded: \
             part of the photo may print grey; copy or export it again"
                .to_string(),
        );
    }
    let (mut w, mut h) = reader
        .into_dimensions()
        .map_err(|e| format!("not an image this tool reads: {e}"))?;
    let upright = head.orientation.is_none_or(|o| o == Orientation::NoTransforms);
    if head.orientation.is_some_and(turns_sideways) {
        (w, h) = (h, w);
    }
    let inch = |mm: f64| mm / (72.0 * MM_PER_PT);
    let max_w = (inch(frame.w.0) * MAX_DPI).round() as u32;
    let max_h = (inch(frame.h.0) * MAX_DPI).round() as u32;
    let aspect = frame.w.0 / frame.h.0;
    let same_shape = ((w as f64 / h as f64) / aspect - 1.0).abs() < 0.01;
    let fits = w <= max_w.max(1) && h <= max_h.max(1);
    if is_jpeg && head.components == 3 && upright && head.complete && same_shape && fits {
        return Ok(Photo {
            picture: picture(bytes, w, h).into(),
            notes,
        });
    }
    let img = decode_upright(&bytes).map_err(|e| match notes.first() {
        Some(cut) => cut.clone(),
        None => format!("cannot decode: {e}"),
    })?;
    let rgb = crop_to_frame(&img, (max_w, max_h), aspect, focus);
    let mut out = Vec::new();
    ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&rgb)
        .map_err(|e| format!("cannot encode: {e}"))?;
    Ok(Photo {
        picture: picture(out, rgb.width(), rgb.height()).into(),
        notes,
    })
}

/// Decodes a photo in RGB (CMYK and grey converted) and turns it as its EXIF
/// orientation says, so that a phone photo stands upright.
fn decode_upright(bytes: &[u8]) -> Result<DynamicImage, ::image::ImageError> {
    let mut decoder = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()?
        .into_decoder()?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut img = DynamicImage::from_decoder(decoder)?;
    img.apply_orientation(orientation);
    Ok(img)
}

/// Crops `img` to the frame's proportions, as large as the photo allows,
/// around `focus`, resamples it to at most `max` pixels and flattens any
/// transparency onto white (paper has no alpha).
fn crop_to_frame(img: &DynamicImage, max: (u32, u32), aspect: f64, focus: (f64, f64)) -> ::image::RgbImage {
    let (w, h) = (img.width(), img.height());
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
    if cw > max.0 || ch > max.1 {
        cropped = cropped.resize_exact(max.0.max(1), max.1.max(1), FilterType::Lanczos3);
    }
    let rgba = cropped.to_rgba8();
    let mut rgb = ::image::RgbImage::new(rgba.width(), rgba.height());
    for (d, s) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = s.0[3] as u32;
        for k in 0..3 {
            d.0[k] = ((s.0[k] as u32 * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    rgb
}
