//! Phone photos stand upright, whole, on every card: a JPEG stored in any
//! of the eight EXIF orientations is measured and placed as it stands, on
//! a generic card's `[[image]]` box (kept whole, the box taking the
//! photo's upright shape) as on a player card's photo frame. Each photo is
//! a pattern of four coloured quadrants, so that the embedded picture, read
//! back from the SVG, says which way up it went in.

use crate::common::{TestDir, base64_decode, by_class, deck_project, expand_uses, raw_pages};

/// The quadrants' colours of the upright picture: top left, top right,
/// bottom left, bottom right.
const QUADRANTS: [[u8; 3]; 4] = [[220, 30, 30], [30, 170, 40], [30, 40, 210], [230, 210, 30]];

/// The upright picture: `w` x `h` pixels of the four quadrants.
fn upright(w: u32, h: u32) -> image::DynamicImage {
    image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb(QUADRANTS[usize::from(x >= w / 2) + 2 * usize::from(y >= h / 2)])
    }))
}

/// The turn that undoes EXIF orientation `o`: 6 and 8 undo each other,
/// every other one undoes itself.
fn undo(o: u8) -> image::metadata::Orientation {
    let back = match o {
        6 => 8,
        8 => 6,
        o => o,
    };
    image::metadata::Orientation::from_exif(back).unwrap()
}

/// A JPEG whose pixels are stored so that turning them as EXIF orientation
/// `o` says gives the upright `w` x `h` picture, with that orientation in
/// its EXIF block, as a phone writes it.
pub fn phone_photo(w: u32, h: u32, o: u8) -> Vec<u8> {
    let mut stored = upright(w, h);
    stored.apply_orientation(undo(o));
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95)
        .encode_image(&stored.to_rgb8())
        .unwrap();
    // A big-endian TIFF header, as phones write it.
    crate::common::with_exif_orientation(&jpeg, o, crate::common::ByteOrder::Big)
}

/// A picture placed in an SVG page: its box in mm and its pixels.
struct Shown {
    rect: [f64; 4],
    pixels: image::RgbImage,
}

/// Every picture of `class` in the deck's first SVG page.
fn shown(dir: &TestDir, class: &str) -> Vec<Shown> {
    let pages = raw_pages(dir, "output/deck");
    let svg = expand_uses(&pages[0]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    by_class(&doc, class)
        .into_iter()
        .map(|n| {
            let num = |a: &str| n.attribute(a).unwrap().parse::<f64>().unwrap();
            let href = n.attribute("href").expect("an href");
            let (_, data) = href.split_once(";base64,").expect("a base64 data URL");
            Shown {
                rect: [num("x"), num("y"), num("width"), num("height")],
                pixels: image::load_from_memory(&base64_decode(data)).unwrap().to_rgb8(),
            }
        })
        .collect()
}

/// The picture stands upright and whole: the upright shape (`aspect`,
/// width over height) and each quadrant's colour where it should be.
fn assert_upright(p: &image::RgbImage, aspect: f64, what: &str) {
    let (w, h) = p.dimensions();
    let got = f64::from(w) / f64::from(h);
    assert!(
        (got / aspect - 1.0).abs() < 0.02,
        "{what}: {w} x {h} px, not {aspect:.3} wide a pixel of height"
    );
    for (k, want) in QUADRANTS.iter().enumerate() {
        let fx = if k % 2 == 0 { 0.25 } else { 0.75 };
        let fy = if k < 2 { 0.25 } else { 0.75 };
        let got = p.get_pixel((f64::from(w) * fx) as u32, (f64::from(h) * fy) as u32).0;
        let off = got
            .iter()
            .zip(want)
            .map(|(g, w)| (i16::from(*g) - i16::from(*w)).abs())
            .max();
        assert!(
            off.unwrap_or(0) < 40,
            "{what}: the quadrant at ({fx}, {fy}) is {got:?}, the upright photo's is {want:?}"
        );
    }
}

/// A generic template with a title and a landscape image box.
const TEMPLATE: &str = r##"cards = "generic"
size = "poker"

[[field]]
column = "Nombre"
box = [6.0, 6.0, 51.0, 8.0]

[[image]]
column = "Foto"
box = [6.0, 20.0, 51.0, 40.0]
"##;

const DECK: &str = r#"kind = "card-deck"
template = "photo.toml"
data = "fotos.csv"
"#;

#[test]
fn a_phone_photo_in_any_exif_orientation_stands_whole_in_a_generic_cards_box() {
    // A portrait photo, 300 x 400 upright, in a landscape box of 51 x 40
    // mm: whole, it is 30 x 40 mm, centred. Stored lying down (6, 8 and
    // the transposes 5, 7), it was measured lying down and cut to 4:3.
    let dir = TestDir::new("upright-generic");
    dir.write("cards/photo.toml", TEMPLATE);
    dir.write("cards/deck.toml", DECK);
    let mut sheet = String::from("Nombre,Foto\n");
    for o in 1..=8u8 {
        std::fs::create_dir_all(dir.join("cards")).unwrap();
        std::fs::write(dir.join(format!("cards/o{o}.jpg")), phone_photo(300, 400, o)).unwrap();
        sheet.push_str(&format!("Orientación {o},o{o}.jpg\n"));
    }
    dir.write("cards/fotos.csv", &sheet);
    let run = dir.run(&["build", "cards/deck.toml", "--format", "svg"]);
    run.expect_code(0);
    assert!(!run.stderr.contains("warning["), "{}", run.stderr);
    let shown = shown(&dir, "card-image");
    assert_eq!(shown.len(), 8, "one picture a card");
    for (k, s) in shown.iter().enumerate() {
        let [x, y, w, h] = s.rect;
        let what = format!("card {}", k + 1);
        assert!(
            (h - 40.0).abs() < 1e-3 && (w - 30.0).abs() < 1e-3,
            "{what}: placed {w} x {h} mm"
        );
        assert!(
            (x - 16.5).abs() < 1e-3 && (y - 20.0).abs() < 1e-3,
            "{what}: centred, at {x}, {y}"
        );
        assert_upright(&s.pixels, 0.75, &what);
    }
}

#[test]
fn a_phone_photo_in_any_exif_orientation_stands_upright_on_a_player_card() {
    // The player card's frame is 3:4: a 300 x 400 upright photo fills it
    // whole, whichever way its file stores it.
    let header = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";
    let mut csv = format!("{header}\n");
    for o in 1..=8u8 {
        csv.push_str(&format!("Jugador {o},Club Uno,FW,10,2,30,0,0,5.5,o{o}.jpg,\n"));
    }
    let dir = deck_project("upright-player", &csv);
    for o in 1..=8u8 {
        std::fs::write(
            dir.join(format!("layouts/league/photos/o{o}.jpg")),
            phone_photo(300, 400, o),
        )
        .unwrap();
    }
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "svg"]);
    run.expect_code(0);
    let pages = raw_pages(&dir, "output/league/deck");
    let svg = expand_uses(&pages[0]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let photos = by_class(&doc, "photo");
    assert_eq!(photos.len(), 8, "one photo a card");
    for (k, n) in photos.iter().enumerate() {
        let (_, data) = n.attribute("href").unwrap().split_once(";base64,").unwrap();
        let pixels = image::load_from_memory(&base64_decode(data)).unwrap().to_rgb8();
        assert_eq!(
            pixels.dimensions(),
            (300, 400),
            "card {}: the whole photo, upright",
            k + 1
        );
        assert_upright(&pixels, 0.75, &format!("card {}", k + 1));
    }
}

/// A PNG of the upright `w` x `h` picture stored as EXIF orientation `o`
/// asks, with that orientation in an eXIf chunk after its header.
fn turned_png(w: u32, h: u32, o: u8) -> Vec<u8> {
    let mut stored = upright(w, h);
    stored.apply_orientation(undo(o));
    let mut png = std::io::Cursor::new(Vec::new());
    stored.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let png = png.into_inner();
    let mut data = b"MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0".to_vec();
    data.extend([o, 0, 0, 0, 0, 0, 0, 0]);
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    let mut body = b"eXIf".to_vec();
    body.extend(&data);
    chunk.extend(&body);
    chunk.extend(crc32fast::hash(&body).to_be_bytes());
    // The signature (8 bytes) and IHDR (25) come first.
    let mut out = png[..33].to_vec();
    out.extend(chunk);
    out.extend(&png[33..]);
    out
}

#[test]
fn a_png_with_an_exif_turn_is_measured_and_placed_upright_too() {
    let dir = TestDir::new("upright-png");
    dir.write("cards/photo.toml", TEMPLATE);
    dir.write("cards/deck.toml", DECK);
    let mut sheet = String::from("Nombre,Foto\n");
    for o in [1u8, 6, 8] {
        std::fs::create_dir_all(dir.join("cards")).unwrap();
        std::fs::write(dir.join(format!("cards/o{o}.png")), turned_png(300, 400, o)).unwrap();
        sheet.push_str(&format!("Orientación {o},o{o}.png\n"));
    }
    dir.write("cards/fotos.csv", &sheet);
    dir.run(&["build", "cards/deck.toml", "--format", "svg"]).expect_code(0);
    let shown = shown(&dir, "card-image");
    assert_eq!(shown.len(), 3);
    for (k, s) in shown.iter().enumerate() {
        let [_, _, w, h] = s.rect;
        assert!(
            (h - 40.0).abs() < 1e-3 && (w - 30.0).abs() < 1e-3,
            "png {k}: placed {w} x {h} mm"
        );
        assert_upright(&s.pixels, 0.75, &format!("png {k}"));
    }
}
