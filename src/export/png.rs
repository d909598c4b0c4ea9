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
    pixmap
        .encode_png()
        .map_err(|e| PngError(format!("cannot encode the png: {e}")))
}
