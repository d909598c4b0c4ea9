//! Option (c): printpdf 0.12 without text_layout; the font subset here with
//! allsorts (as printpdf does with text_layout) and handed over whole.
use printpdf::*;
use std::collections::BTreeMap;

fn name(n: &str) -> DictItem {
    DictItem::Name(n.as_bytes().to_vec())
}

fn main() {
    let jpeg = std::fs::read(std::env::args().nth(1).expect("photo.jpg")).unwrap();
    let out = std::env::args().nth(2).expect("out.pdf");

    if let Ok(n) = std::env::var("SUBSET_BENCH") {
        // The glyphs of Latin-1's printable characters, subset n times (the
        // call printpdf makes), and the font parsed as printpdf parses it.
        let chars: String = (0x20u32..0x7f).chain(0xa0..0x100).filter_map(char::from_u32).collect();
        let n: u32 = n.parse().unwrap();
        let t = std::time::Instant::now();
        let mut bytes = 0;
        for _ in 0..n {
            bytes = subset(dejavu::sans::regular(), &chars).len();
        }
        println!(
            "allsorts: {} glyphs, {} bytes, {:.2} ms a subset",
            chars.chars().count(),
            bytes,
            t.elapsed().as_secs_f64() * 1000.0 / f64::from(n)
        );
        return;
    }
    let mut pdf = PdfDocument::new("eval");
    let mut warnings = Vec::new();
    let text = "Ação Coração 1–0 Çé";
    let parsed = ParsedFont::from_bytes(&subset(dejavu::sans::regular(), text), 0, &mut warnings).unwrap();
    let font = FontId("ABCDEF".to_string());
    pdf.resources.fonts.map.insert(font.clone(), PdfFont::new(parsed));
    let dict = BTreeMap::from([
        ("Type".to_string(), name("XObject")),
        ("Subtype".to_string(), name("Image")),
        ("Width".to_string(), DictItem::Int(390)),
        ("Height".to_string(), DictItem::Int(520)),
        ("ColorSpace".to_string(), name("DeviceRGB")),
        ("BitsPerComponent".to_string(), DictItem::Int(8)),
        ("Filter".to_string(), name("DCTDecode")),
    ]);
    let img = XObjectId("Im1".to_string());
    pdf.resources.xobjects.map.insert(
        img.clone(),
        XObject::External(ExternalXObject {
            stream: ExternalStream {
                dict,
                content: jpeg,
                compress: false,
            },
            width: None,
            height: None,
            dpi: None,
        }),
    );
    let p = |x: f32, y: f32| LinePoint {
        p: Point { x: Pt(x), y: Pt(y) },
        bezier: false,
    };
    let ops = vec![
        Op::SaveGraphicsState,
        Op::SetFillColor {
            col: Color::Cmyk(Cmyk {
                c: 1.0,
                m: 0.0,
                y: 0.6,
                k: 0.2,
                icc_profile: None,
            }),
        },
        Op::DrawPolygon {
            polygon: Polygon {
                rings: vec![PolygonRing {
                    points: vec![p(50.0, 600.0), p(300.0, 600.0), p(300.0, 700.0), p(50.0, 700.0)],
                }],
                mode: PaintMode::Fill,
                winding_order: WindingOrder::NonZero,
            },
        },
        Op::RestoreGraphicsState,
        Op::StartTextSection,
        Op::SetFont {
            font: PdfFontHandle::External(font.clone()),
            size: Pt(14.0),
        },
        Op::SetTextMatrix {
            matrix: TextMatrix::Raw([1.0, 0.0, 0.0, 1.0, 50.0, 750.0]),
        },
        Op::ShowText {
            items: vec![TextItem::Text(text.to_string())],
        },
        Op::EndTextSection,
        Op::SaveGraphicsState,
        Op::SetTransformationMatrix {
            matrix: CurTransMat::Raw([117.0, 0.0, 0.0, 156.0, 50.0, 400.0]),
        },
        Op::UseXobject {
            id: img,
            transform: XObjectTransform {
                no_auto_scale: true,
                ..Default::default()
            },
        },
        Op::RestoreGraphicsState,
    ];
    let page = PdfPage::new(Mm(210.0), Mm(297.0), ops);
    let mut lo = pdf
        .with_pages(vec![page])
        .to_lopdf_document(&PdfSaveOptions::default(), &mut Vec::new());
    // The PDF/X side as press.rs does it: boxes, output intent, keys.
    use lopdf::{Dictionary, Object, Stream};
    let pages: Vec<_> = lo.get_pages().into_values().collect();
    let rect = |v: [f32; 4]| Object::Array(v.iter().map(|x| Object::Real(*x)).collect());
    if let Ok(d) = lo.get_object_mut(pages[0]).and_then(|o| o.as_dict_mut()) {
        d.set("TrimBox", rect([8.5, 8.5, 586.8, 833.4]));
        d.set("BleedBox", rect([0.0, 0.0, 595.3, 841.9]));
    }
    let profile = lo.add_object(Object::Stream(Stream::new(
        Dictionary::from_iter(vec![("N", Object::Integer(4))]),
        b"icc".to_vec(),
    )));
    let mut intent = Dictionary::new();
    intent.set("Type", Object::Name(b"OutputIntent".to_vec()));
    intent.set("S", Object::Name(b"GTS_PDFX".to_vec()));
    intent.set("OutputConditionIdentifier", Object::string_literal("FOGRA39"));
    intent.set("DestOutputProfile", Object::Reference(profile));
    let meta = lo.add_object(Object::Stream(Stream::new(
        Dictionary::from_iter(vec![
            ("Type", Object::Name(b"Metadata".to_vec())),
            ("Subtype", Object::Name(b"XML".to_vec())),
        ]),
        b"<x:xmpmeta/>".to_vec(),
    )));
    let root = lo.trailer.get(b"Root").and_then(Object::as_reference).unwrap();
    let cat = lo.get_object_mut(root).and_then(|o| o.as_dict_mut()).unwrap();
    cat.set("OutputIntents", Object::Array(vec![Object::Dictionary(intent)]));
    cat.set("Metadata", Object::Reference(meta));
    let info = lo.trailer.get(b"Info").and_then(Object::as_reference).unwrap();
    let info = lo.get_object_mut(info).and_then(|o| o.as_dict_mut()).unwrap();
    info.set("GTS_PDFXVersion", Object::string_literal("PDF/X-4"));
    lo.compress();
    lo.save(out).unwrap();
}

/// The font cut to the glyphs of `text` (.notdef first), with a Unicode cmap
/// so that printpdf finds each character's glyph in it.
fn subset(data: &[u8], text: &str) -> Vec<u8> {
    use allsorts::binary::read::ReadScope;
    use allsorts::font_data::FontData;
    use allsorts::subset::{CmapTarget, SubsetProfile, subset};
    use allsorts::tables::cmap::Cmap;
    use allsorts::tag;
    let font = ReadScope::new(data).read::<FontData<'_>>().unwrap();
    let provider = font.table_provider(0).unwrap();
    let cmap_data = allsorts::tables::FontTableProvider::read_table_data(&provider, tag::CMAP).unwrap();
    let cmap = ReadScope::new(&cmap_data).read::<Cmap<'_>>().unwrap();
    let (_, sub) = allsorts::font::read_cmap_subtable(&cmap).unwrap().unwrap();
    let mut ids: Vec<u16> = text
        .chars()
        .filter_map(|c| sub.map_glyph(c as u32).ok().flatten())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.retain(|g| *g != 0);
    ids.insert(0, 0);
    subset(&provider, &ids, &SubsetProfile::Pdf, CmapTarget::Unicode).unwrap()
}
