//! One page with krilla (no shaping feature: glyphs placed as pitchprint
//! lays them out). krilla has no PDF/X validator: the output intent, the
//! GTS keys and our ICC profile cannot be written through it.
use krilla::Document;
use krilla::color::cmyk;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::page::PageSettings;
use krilla::paint::Fill;
use krilla::text::{Font, GlyphId, KrillaGlyph};

fn main() {
    let jpeg = std::fs::read(std::env::args().nth(1).expect("photo.jpg")).unwrap();
    let out = std::env::args().nth(2).expect("out.pdf");
    let data: &'static [u8] = dejavu::sans::regular();
    let face = ttf_parser::Face::parse(data, 0).unwrap();
    let upem = f32::from(face.units_per_em());
    let text = "Ação Coração 1–0 Çé";
    let glyphs: Vec<KrillaGlyph> = text
        .char_indices()
        .map(|(i, c)| {
            let g = face.glyph_index(c).unwrap_or(ttf_parser::GlyphId(0));
            let adv = f32::from(face.glyph_hor_advance(g).unwrap_or(0)) / upem;
            KrillaGlyph::new(
                GlyphId::new(u32::from(g.0)),
                adv,
                0.0,
                0.0,
                0.0,
                i..i + c.len_utf8(),
                None,
            )
        })
        .collect();
    let font = Font::new(data.into(), 0).unwrap();
    let mut document = Document::new();
    let settings = PageSettings::from_wh(595.3, 841.9)
        .unwrap()
        .with_trim_box(Rect::from_xywh(8.5, 8.5, 578.3, 824.9))
        .with_bleed_box(Rect::from_xywh(0.0, 0.0, 595.3, 841.9));
    let mut page = document.start_page_with(settings);
    let mut surface = page.surface();
    surface.set_fill(Some(Fill {
        paint: cmyk::Color::new(255, 0, 153, 51).into(),
        ..Default::default()
    }));
    let mut pb = PathBuilder::new();
    pb.push_rect(Rect::from_xywh(50.0, 141.9, 250.0, 100.0).unwrap());
    surface.draw_path(&pb.finish().unwrap());
    surface.set_fill(Some(Fill::default()));
    surface.draw_glyphs(Point::from_xy(50.0, 91.9), &glyphs, font, text, 14.0, false);
    let image = Image::from_jpeg(jpeg.into(), true).unwrap();
    surface.push_transform(&Transform::from_translate(50.0, 285.9));
    surface.draw_image(image, Size::from_wh(117.0, 156.0).unwrap());
    surface.pop();
    surface.finish();
    page.finish();
    std::fs::write(out, document.finish().unwrap()).unwrap();
}
