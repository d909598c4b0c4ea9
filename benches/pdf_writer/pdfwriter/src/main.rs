//! One page the way typst wrote PDF before krilla: pdf-writer for the
//! syntax, subsetter for the font, ttf-parser for the cmap and widths
//! (the font objects in font.rs, the prototype of the port's).
use pdf_writer::types::OutputIntentSubtype;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref, Str, TextStr};

mod font;

fn main() {
    let jpeg = std::fs::read(std::env::args().nth(1).expect("photo.jpg")).unwrap();
    let out = std::env::args().nth(2).expect("out.pdf");
    let data = dejavu::sans::regular();
    let face = ttf_parser::Face::parse(data, 0).unwrap();
    let text = "Ação Coração 1–0 Çé";

    if let Ok(n) = std::env::var("SUBSET_BENCH") {
        // The glyphs of Latin-1's printable characters, subset n times.
        let chars: Vec<char> = (0x20u32..0x7f).chain(0xa0..0x100).filter_map(char::from_u32).collect();
        let n: u32 = n.parse().unwrap();
        let t = std::time::Instant::now();
        let mut bytes = 0;
        for _ in 0..n {
            let mut remap = subsetter::GlyphRemapper::new();
            for c in &chars {
                remap.remap(face.glyph_index(*c).map_or(0, |g| g.0));
            }
            bytes = subsetter::subset(data, 0, &remap).unwrap().len();
        }
        println!(
            "subsetter: {} glyphs, {} bytes, {:.2} ms a subset",
            chars.len(),
            bytes,
            t.elapsed().as_secs_f64() * 1000.0 / f64::from(n)
        );
        return;
    }
    let mut pdf = Pdf::new();
    let (catalog, tree, page, content, font, image, profile, meta, info) = (
        Ref::new(1),
        Ref::new(2),
        Ref::new(3),
        Ref::new(4),
        Ref::new(5),
        Ref::new(10),
        Ref::new(11),
        Ref::new(12),
        Ref::new(13),
    );
    let mut cat = pdf.catalog(catalog);
    cat.pages(tree);
    cat.metadata(meta);
    cat.output_intents()
        .push()
        .subtype(OutputIntentSubtype::PDFX)
        .output_condition_identifier(TextStr("FOGRA39"))
        .dest_output_profile(profile);
    cat.finish();
    pdf.document_info(info)
        .title(TextStr("eval"))
        .producer(TextStr("pitchprint"))
        .pair(Name(b"GTS_PDFXVersion"), TextStr("PDF/X-4"));
    pdf.pages(tree).kids([page]).count(1);
    let mut p = pdf.page(page);
    p.media_box(Rect::new(0.0, 0.0, 595.3, 841.9))
        .trim_box(Rect::new(8.5, 8.5, 586.8, 833.4))
        .bleed_box(Rect::new(0.0, 0.0, 595.3, 841.9))
        .parent(tree)
        .contents(content);
    let mut res = p.resources();
    res.fonts().pair(Name(b"F1"), font);
    res.x_objects().pair(Name(b"Im1"), image);
    res.finish();
    p.finish();

    // The font objects, from Ref 20 on (font.rs: the port's step 2).
    let mut n = 19;
    let mut next = || {
        n += 1;
        Ref::new(n)
    };
    let mut chars: Vec<char> = text.chars().collect();
    chars.sort_unstable();
    chars.dedup();
    let embedded = font::embed(&mut pdf, font, &mut next, data, 0, &chars, "ABCDEF").unwrap();

    let mut c = Content::new();
    c.save_state();
    c.set_fill_cmyk(1.0, 0.0, 0.6, 0.2);
    c.rect(50.0, 600.0, 250.0, 100.0);
    c.fill_nonzero();
    c.restore_state();
    c.begin_text();
    c.set_font(Name(b"F1"), 14.0);
    c.set_text_matrix([1.0, 0.0, 0.0, 1.0, 50.0, 750.0]);
    c.show(Str(&embedded.encode(text)));
    c.end_text();
    c.save_state();
    c.transform([117.0, 0.0, 0.0, 156.0, 50.0, 400.0]);
    c.x_object(Name(b"Im1"));
    c.restore_state();
    let stream = miniz_oxide::deflate::compress_to_vec_zlib(&c.finish(), 6);
    pdf.stream(content, &stream).filter(Filter::FlateDecode);

    let mut im = pdf.image_xobject(image, &jpeg);
    im.filter(Filter::DctDecode);
    im.width(390).height(520).bits_per_component(8);
    im.color_space().device_rgb();
    im.finish();
    pdf.stream(profile, b"icc").pair(Name(b"N"), 4);
    pdf.metadata(meta, b"<x:xmpmeta/>");
    std::fs::write(out, pdf.finish()).unwrap();
}
