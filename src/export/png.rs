//! PNG previews: the SVG export rasterised with resvg at a chosen resolution,
//! with the bundled fonts (never the machine's), so a preview looks the same
//! everywhere.

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
    let tree = usvg::Tree::from_str(svg, &opt).map_err(|e| PngError(format!("cannot read the svg: {e}")))?;
    // The SVG is sized in mm; usvg reports that size in CSS pixels (96 per inch).
    let scale = (dpi / 96.0) as f32;
    let size = tree.size();
    let w = (size.width() * scale).round().max(1.0) as u32;
    let h = (size.height() * scale).round().max(1.0) as u32;
    let mut pixmap = tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| PngError(format!("a {w} x {h} px preview is too large; lower --dpi")))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    let png = pixmap
        .encode_png()
        .map_err(|e| PngError(format!("cannot encode the png: {e}")))?;
    Ok(with_resolution(png, dpi))
}

/// The PNG with a `pHYs` chunk saying its resolution, so that an image viewer
/// prints it at its true size. It goes right after `IHDR`, as the format asks
/// (before the image data).
fn with_resolution(png: Vec<u8>, dpi: f64) -> Vec<u8> {
    // Signature (8 bytes), then IHDR: length, type, 13 bytes of data, CRC.
    const IHDR_END: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < IHDR_END || &png[12..16] != b"IHDR" {
        return png;
    }
    let per_metre = (dpi / 0.0254).round() as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    // Unit 1: the numbers are pixels per metre.
    chunk.push(1);
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..IHDR_END]);
    out.extend_from_slice(&chunk);
    out.extend_from_slice(&png[IHDR_END..]);
    out
}

/// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for b in bytes {
        crc ^= u32::from(*b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chunk_crc_is_iso_3309() {
        // The check value of CRC-32 and the CRC of a PNG's empty IEND chunk.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }
}
