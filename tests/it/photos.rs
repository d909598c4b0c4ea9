//! Photos as people have them: PNG photos come out of the PDF and
//! the SVG pixel for pixel, their alpha as the PDF's soft mask; WebP and GIF
//! photos are read; a photo too small for its frame is a warning at its
//! cell; a name the font cannot draw is refused at its cell.
//!
//! The PDF's image streams are read back by hand: inflated, and the PNG
//! predictor undone row by row as PDF readers do it, then compared with the
//! pixels the test wrote.

use std::io::Read;

use crate::common::{TestDir, base64_decode, deck_project, replace_line};

const HEADER: &str = "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity";

/// One row of the sheet, for a forward with a photo.
/// Builds the deck's PDF and SVG and a 100 dpi preview of each card, which
/// must succeed.
fn build_with_previews(dir: &TestDir) {
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--format",
        "pdf,svg",
        "--per-card",
        "--dpi",
        "100",
    ])
    .expect_code(0);
}

fn row(name: &str, photo: &str) -> String {
    format!("{name},Club Uno,FW,10,2,30,0,0,5.5,{photo},")
}

/// A picture whose every pixel differs from its neighbours (so that a
/// resampled or shifted copy cannot pass for it), over four quadrants of
/// clearly different colours (so that a preview can be checked at a glance).
fn distinct(w: u32, h: u32) -> image::RgbImage {
    let base = [[200u8, 40, 40], [40, 160, 40], [40, 40, 200], [220, 200, 40]];
    image::RgbImage::from_fn(w, h, |x, y| {
        let q = usize::from(x >= w / 2) + 2 * usize::from(y >= h / 2);
        let noise = ((x * 7 + y * 13) % 11) as u8;
        image::Rgb(base[q].map(|c| c + noise))
    })
}

fn png_bytes(img: &image::DynamicImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn put(dir: &TestDir, file: &str, bytes: &[u8]) {
    std::fs::write(dir.join(format!("layouts/league/photos/{file}")), bytes).unwrap();
}

/// A PNG file's IDAT chunks joined (its compressed rows), read by hand.
fn png_idat(file: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut at = 8;
    while at + 8 <= file.len() {
        let len = u32::from_be_bytes(file[at..at + 4].try_into().unwrap()) as usize;
        if &file[at + 4..at + 8] == b"IDAT" {
            out.extend(&file[at + 8..at + 8 + len]);
        }
        at += 12 + len;
    }
    out
}

/// An image XObject of the PDF, its stream and what it says about it.
struct PdfImage {
    width: u32,
    height: u32,
    filter: String,
    space: String,
    parms: Option<lopdf::Dictionary>,
    data: Vec<u8>,
    smask: Option<Box<PdfImage>>,
}

fn pdf_image(doc: &lopdf::Document, s: &lopdf::Stream) -> PdfImage {
    let int = |k: &[u8]| s.dict.get(k).unwrap().as_i64().unwrap() as u32;
    let name = |k: &[u8]| {
        s.dict
            .get(k)
            .ok()
            .and_then(|v| v.as_name().ok())
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_default()
    };
    let smask = s.dict.get(b"SMask").ok().map(|r| {
        let id = r.as_reference().expect("a soft mask is an indirect stream");
        let mask = doc.get_object(id).unwrap().as_stream().unwrap();
        Box::new(pdf_image(doc, mask))
    });
    PdfImage {
        width: int(b"Width"),
        height: int(b"Height"),
        filter: name(b"Filter"),
        space: name(b"ColorSpace"),
        parms: s.dict.get(b"DecodeParms").ok().and_then(|p| p.as_dict().ok()).cloned(),
        data: s.content.clone(),
        smask,
    }
}

/// The images a page draws (the soft masks are read through them).
fn images(pdf: &[u8]) -> Vec<PdfImage> {
    let doc = crate::common::load_pdf(pdf);
    let masks: Vec<lopdf::ObjectId> = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter_map(|s| s.dict.get(b"SMask").ok()?.as_reference().ok())
        .collect();
    doc.objects
        .iter()
        .filter(|(id, _)| !masks.contains(id))
        .filter_map(|(_, o)| o.as_stream().ok())
        .filter(|s| s.dict.get(b"Subtype").ok().and_then(|v| v.as_name().ok()) == Some(b"Image"))
        .map(|s| pdf_image(&doc, s))
        .collect()
}

impl PdfImage {
    /// The samples, as a PDF reader gets them from a FlateDecode stream: the
    /// data inflated, then each row's PNG filter undone (`/Predictor` 10 to 15
    /// puts the filter's number before every row).
    fn samples(&self) -> Vec<u8> {
        assert_eq!(self.filter, "FlateDecode", "a lossless picture is Flate-compressed");
        let parms = self.parms.as_ref().expect("/DecodeParms for the PNG predictor");
        let get = |k: &[u8]| parms.get(k).unwrap().as_i64().unwrap() as usize;
        assert_eq!(get(b"Predictor"), 15, "the PNG predictor, each row naming its filter");
        assert_eq!(get(b"BitsPerComponent"), 8);
        let colours = get(b"Colors");
        let expected = if self.space == "DeviceGray" { 1 } else { 3 };
        assert_eq!(colours, expected, "/Colors agrees with {}", self.space);
        assert_eq!(get(b"Columns"), self.width as usize);
        let mut raw = Vec::new();
        flate2::read::ZlibDecoder::new(&self.data[..])
            .read_to_end(&mut raw)
            .expect("a zlib stream");
        unpredict(&raw, colours, self.width as usize, self.height as usize)
    }
}

/// Undoes PNG row filters (None, Sub, Up, Average, Paeth), 8 bits a sample.
fn unpredict(raw: &[u8], bpp: usize, width: usize, height: usize) -> Vec<u8> {
    let stride = bpp * width;
    assert_eq!(
        raw.len(),
        (stride + 1) * height,
        "one filter byte and {stride} bytes a row"
    );
    let mut out: Vec<u8> = Vec::with_capacity(stride * height);
    for (y, row) in raw.chunks(stride + 1).enumerate() {
        let (filter, row) = (row[0], &row[1..]);
        let start = out.len();
        for (i, &v) in row.iter().enumerate() {
            let a = if i >= bpp { out[start + i - bpp] } else { 0 };
            let b = if y > 0 { out[start + i - stride] } else { 0 };
            let c = if y > 0 && i >= bpp {
                out[start + i - stride - bpp]
            } else {
                0
            };
            let predicted = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => ((u16::from(a) + u16::from(b)) / 2) as u8,
                4 => {
                    let p = i16::from(a) + i16::from(b) - i16::from(c);
                    let (pa, pb, pc) = (
                        (p - i16::from(a)).abs(),
                        (p - i16::from(b)).abs(),
                        (p - i16::from(c)).abs(),
                    );
                    if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    }
                }
                f => panic!("row {y} names filter {f}, which PNG does not have"),
            };
            out.push(v.wrapping_add(predicted));
        }
    }
    out
}

/// The bytes of every photo's data URL in an SVG page, with its media type.
fn svg_photos(svg: &str) -> Vec<(String, Vec<u8>)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    crate::common::by_class(&doc, "photo")
        .into_iter()
        .map(|n| {
            let href = n.attribute("href").expect("an href");
            let (head, data) = href.split_once(";base64,").expect("a base64 data URL");
            (head.trim_start_matches("data:").to_string(), base64_decode(data))
        })
        .collect()
}

/// The colour of a per-card preview at `(x, y)` mm from the card's top left.
fn preview_at(png: &[u8], dpi: f64, (x, y): (f64, f64)) -> [u8; 3] {
    let img = image::load_from_memory(png).unwrap().to_rgb8();
    let px = |mm: f64| (mm / 25.4 * dpi).round() as u32;
    img.get_pixel(px(x), px(y)).0
}

fn near(got: [u8; 3], want: [u8; 3], tol: i16, what: &str) {
    assert!(
        got.iter()
            .zip(want)
            .all(|(g, w)| (i16::from(*g) - i16::from(w)).abs() <= tol),
        "{what}: {got:?}, expected about {want:?}"
    );
}

/// The shipped template's photo frame, `[x, y, w, h]` mm on the card.
const FRAME: [f64; 4] = [5.0, 19.0, 33.0, 44.0];

/// The point of the frame at fractions `(fx, fy)` of its width and height.
fn in_frame(fx: f64, fy: f64) -> (f64, f64) {
    (FRAME[0] + FRAME[2] * fx, FRAME[1] + FRAME[3] * fy)
}

#[test]
fn a_png_photo_goes_into_the_pdf_and_the_svg_pixel_for_pixel() {
    // 300 x 400 px, the 33 x 44 mm frame's shape at 231 dpi: no crop, no
    // resampling, so the PNG's own compressed rows go in as they are.
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "ana.png"));
    let dir = deck_project("photos-png", &csv);
    let original = distinct(300, 400);
    let file = png_bytes(&image::DynamicImage::ImageRgb8(original.clone()));
    put(&dir, "ana.png", &file);
    build_with_previews(&dir);

    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1, "one photo, one image");
    let img = &imgs[0];
    assert_eq!((img.width, img.height), (300, 400));
    assert_eq!(img.space, "DeviceRGB");
    assert!(img.smask.is_none(), "an opaque photo has no soft mask");
    assert!(
        img.samples() == original.as_raw().as_slice(),
        "the PDF's pixels are the photo's"
    );
    // Passed through: the stream is the PNG's compressed data, untouched.
    assert!(img.data == png_idat(&file), "the stream is the PNG's own IDAT data");

    let svg = String::from_utf8(dir.read("output/league/deck-1.svg")).unwrap();
    let photos = svg_photos(&svg);
    assert_eq!(photos.len(), 1);
    assert_eq!(photos[0].0, "image/png");
    assert!(photos[0].1 == file, "the SVG holds the PNG file itself");

    // The preview (drawn from the SVG) shows the photo: each quadrant's colour.
    let card = dir.read("output/league/deck-cards/001-ana-roble.png");
    near(
        preview_at(&card, 100.0, in_frame(0.25, 0.25)),
        [205, 45, 45],
        12,
        "top left",
    );
    near(
        preview_at(&card, 100.0, in_frame(0.75, 0.75)),
        [225, 205, 45],
        12,
        "bottom right",
    );
}

#[test]
fn a_png_with_transparency_keeps_its_alpha_as_a_soft_mask() {
    // A cut-out portrait: opaque in the middle, see-through round it, and a
    // ramp of partial alpha in the bottom rows.
    let (w, h) = (150, 200);
    let colour = distinct(w, h);
    let rgba = image::RgbaImage::from_fn(w, h, |x, y| {
        let [r, g, b] = colour.get_pixel(x, y).0;
        let a = if y >= h - 20 {
            ((x * 255) / (w - 1)) as u8
        } else if (40..110).contains(&x) && (30..170).contains(&y) {
            255
        } else {
            0
        };
        image::Rgba([r, g, b, a])
    });
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "cut.png"));
    let dir = deck_project("photos-alpha", &csv);
    let file = png_bytes(&image::DynamicImage::ImageRgba8(rgba.clone()));
    put(&dir, "cut.png", &file);
    build_with_previews(&dir);

    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1);
    let img = &imgs[0];
    let rgb: Vec<u8> = rgba.pixels().flat_map(|p| [p.0[0], p.0[1], p.0[2]]).collect();
    let alpha: Vec<u8> = rgba.pixels().map(|p| p.0[3]).collect();
    assert!(img.samples() == rgb, "the colour is the photo's");
    let mask = img.smask.as_ref().expect("the alpha is a soft mask");
    assert_eq!((mask.width, mask.height, mask.space.as_str()), (w, h, "DeviceGray"));
    assert!(mask.samples() == alpha, "the soft mask is the photo's alpha");

    let svg = String::from_utf8(dir.read("output/league/deck-1.svg")).unwrap();
    let photos = svg_photos(&svg);
    assert_eq!(photos[0].0, "image/png");
    assert!(photos[0].1 == file, "the SVG holds the PNG file itself, alpha and all");

    // Where the photo is clear, the frame's pale backdrop shows, not the
    // card's ground; where it is opaque, the photo.
    let card = dir.read("output/league/deck-cards/001-ana-roble.png");
    near(
        preview_at(&card, 100.0, in_frame(0.1, 0.1)),
        [0xe4, 0xe8, 0xec],
        6,
        "a clear corner",
    );
    near(
        preview_at(&card, 100.0, in_frame(0.4, 0.3)),
        [205, 45, 45],
        12,
        "the opaque middle",
    );
}

#[test]
fn a_png_of_another_shape_is_cropped_without_loss() {
    // 600 x 400 px in a 3:4 frame: the middle 300 x 400 px are kept, and at
    // 231 dpi nothing is resampled, so they come out exactly.
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "wide.png"));
    let dir = deck_project("photos-crop", &csv);
    let original = distinct(600, 400);
    put(
        &dir,
        "wide.png",
        &png_bytes(&image::DynamicImage::ImageRgb8(original.clone())),
    );
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1);
    assert_eq!((imgs[0].width, imgs[0].height), (300, 400));
    let middle = image::imageops::crop_imm(&original, 150, 0, 300, 400).to_image();
    assert!(
        imgs[0].samples() == middle.as_raw().as_slice(),
        "the middle of the photo, exactly"
    );
}

#[test]
fn a_grey_png_stays_grey_and_a_large_one_is_resampled_losslessly() {
    // 1200 x 1600 px is 923 dpi in the frame: resampled to 300 dpi (390 x
    // 520 px), kept grey, and Flate-compressed rather than made a JPEG.
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "big.png"));
    let dir = deck_project("photos-grey", &csv);
    let grey = image::GrayImage::from_fn(1200, 1600, |x, y| image::Luma([((x / 8 + y / 8) % 256) as u8]));
    put(&dir, "big.png", &png_bytes(&image::DynamicImage::ImageLuma8(grey)));
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1);
    assert_eq!((imgs[0].width, imgs[0].height), (390, 520));
    assert_eq!(imgs[0].space, "DeviceGray");
    assert_eq!(imgs[0].samples().len(), 390 * 520, "one grey sample a pixel");
}

/// A cut-out picture in few colours (as a GIF holds them): a disc of
/// stripes on a clear ground.
fn few_colours(w: u32, h: u32) -> image::RgbaImage {
    let stripes = [[200u8, 30, 30, 255], [30, 30, 200, 255], [240, 240, 240, 255]];
    image::RgbaImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as i64 - w as i64 / 2, y as i64 - h as i64 / 2);
        if dx * dx + dy * dy < (w as i64 / 3).pow(2) {
            image::Rgba(stripes[(y / 4 % 3) as usize])
        } else {
            image::Rgba([0, 0, 0, 0])
        }
    })
}

#[test]
fn webp_and_gif_photos_are_read_and_kept_without_loss() {
    let csv = format!(
        "{HEADER}\n{}\n{}\n",
        row("Ana Roble", "ana.webp"),
        row("Bea Roble", "bea.gif")
    );
    let dir = deck_project("photos-webp-gif", &csv);
    let webp_source = distinct(240, 320);
    let mut webp = Vec::new();
    image::codecs::webp::WebPEncoder::new_lossless(&mut webp)
        .encode(webp_source.as_raw(), 240, 320, image::ExtendedColorType::Rgb8)
        .unwrap();
    put(&dir, "ana.webp", &webp);
    let mut gif = Vec::new();
    image::codecs::gif::GifEncoder::new(&mut gif)
        .encode(
            few_colours(240, 320).as_raw(),
            240,
            320,
            image::ExtendedColorType::Rgba8,
        )
        .unwrap();
    put(&dir, "bea.gif", &gif);
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf,svg"]);
    run.expect_code(0);
    assert!(
        !run.stderr.contains("card-photo"),
        "both photos are read:\n{}",
        run.stderr
    );

    // What any viewer shows of the files the test wrote.
    let shown = |bytes: &[u8]| image::load_from_memory(bytes).unwrap().to_rgba8();
    let (webp_px, gif_px) = (shown(&webp), shown(&gif));
    let rgb = |img: &image::RgbaImage| -> Vec<u8> { img.pixels().flat_map(|p| [p.0[0], p.0[1], p.0[2]]).collect() };
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 2, "two photos, two images");
    let opaque = imgs.iter().find(|i| i.smask.is_none()).expect("the WebP photo, opaque");
    let cut = imgs
        .iter()
        .find(|i| i.smask.is_some())
        .expect("the GIF photo, with its clear ground");
    assert!(opaque.samples() == rgb(&webp_px), "the WebP's pixels, exactly");
    assert!(cut.samples() == rgb(&gif_px), "the GIF's colours, exactly");
    let alpha: Vec<u8> = gif_px.pixels().map(|p| p.0[3]).collect();
    assert!(cut.smask.as_ref().unwrap().samples() == alpha, "the GIF's transparency");

    let svg = String::from_utf8(dir.read("output/league/deck-1.svg")).unwrap();
    let photos = svg_photos(&svg);
    assert_eq!(photos.len(), 2);
    for (kind, bytes) in &photos {
        assert_eq!(kind, "image/png", "decoded photos are kept as PNG, not made JPEG");
        let px = shown(bytes);
        assert!(
            px == webp_px || px == gif_px,
            "the SVG shows one of the photos, exactly"
        );
    }
}

#[test]
fn a_photo_in_a_format_not_read_names_the_formats_read() {
    // What an iPhone saves (HEIC: an ISO box with its brand), and a BMP.
    let csv = format!(
        "{HEADER}\n{}\n{}\n",
        row("Ana Roble", "ana.heic"),
        row("Bea Roble", "bea.bmp")
    );
    let dir = deck_project("photos-unread", &csv);
    put(&dir, "ana.heic", b"\0\0\0\x18ftypheic\0\0\0\0mif1heic");
    // A BMP's file header: its signature, sizes and where its pixels start.
    put(&dir, "bea.bmp", b"BM\x3e\0\0\0\0\0\0\0\x36\0\0\0\x28\0\0\0");
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(0);
    let err = &run.stderr;
    let at = |line: usize| format!("players.csv:{line}:{}", crate::common::csv_column(&csv, line, 10));
    assert!(err.contains(&at(2)) && err.contains("HEIC"), "{err}");
    assert!(err.contains(&at(3)) && err.contains("BMP"), "{err}");
    assert!(
        err.contains("JPEG, PNG, WebP or GIF"),
        "the formats read are named:\n{err}"
    );
    assert!(
        !err.contains("check the file name"),
        "the file name is right; its format is not:\n{err}"
    );
}

#[test]
fn a_photo_too_small_for_its_frame_is_a_warning_at_its_cell() {
    // 80 x 100 px in the 33 x 44 mm frame: 80 px over 1.3 in is 61 dpi
    // across, 100 px over 1.73 in is 57 dpi down; cropped to fill the
    // frame, the lower one is what prints.
    let csv = format!(
        "{HEADER}\n{}\n{}\n",
        row("Ana Roble", "small.png"),
        row("Bea Roble", "fine.png")
    );
    let dir = deck_project("photos-small", &csv);
    put(
        &dir,
        "small.png",
        &png_bytes(&image::DynamicImage::ImageRgb8(distinct(80, 100))),
    );
    // 195 x 260 px is 150 dpi to the pixel: no warning.
    put(
        &dir,
        "fine.png",
        &png_bytes(&image::DynamicImage::ImageRgb8(distinct(195, 260))),
    );
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(0);
    let err = &run.stderr;
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning[card-photo]")).collect();
    assert_eq!(warnings.len(), 1, "one photo too small:\n{err}");
    assert!(
        warnings[0].contains(&format!("players.csv:2:{}", crate::common::csv_column(&csv, 2, 10)))
            && warnings[0].contains("small.png"),
        "at the small photo's cell:\n{err}"
    );
    assert!(
        warnings[0].contains("80 x 100 px") && warnings[0].contains("57 dpi"),
        "{err}"
    );
    assert!(
        err.contains("195 x 260 px (150 dpi)") && err.contains("390 x 520 px (300 dpi)"),
        "the pixel sizes that reach 150 and 300 dpi:\n{err}"
    );
    // A warning, not a refusal: the card still shows the photo.
    assert_eq!(images(&dir.read("output/league/deck.pdf")).len(), 2);
}

#[test]
fn a_name_the_font_cannot_draw_is_refused_at_its_cell() {
    // A real league's player written in kanji, and a team with a character
    // DejaVu lacks: each at its own cell (line, column and the column's
    // name), not at a page of the deck.
    let csv = format!(
        "{HEADER}\n{}\n{}\nCris Roble,FC 서울,DF,400,90,1,0,0,3,,\n",
        row("Ana Roble", ""),
        row("久保建英", "")
    );
    let dir = deck_project("photos-glyph", &csv);
    let run = dir.run(&["check", "layouts/league/deck.toml"]);
    run.expect_code(1);
    let err = &run.stderr;
    let glyphs: Vec<&str> = err.lines().filter(|l| l.starts_with("error[text-glyph]")).collect();
    assert_eq!(glyphs.len(), 2, "one finding per bad cell:\n{err}");
    assert!(
        glyphs[0].contains(&format!("players.csv:3:{}:", crate::common::csv_column(&csv, 3, 1)))
            && glyphs[0].contains("`name`")
            && glyphs[0].contains("U+4E45"),
        "the name at line 3, column 1:\n{err}"
    );
    assert!(
        glyphs[1].contains(&format!("players.csv:4:{}:", crate::common::csv_column(&csv, 4, 2)))
            && glyphs[1].contains("`team`")
            && glyphs[1].contains("U+C11C"),
        "the team at line 4, column 2:\n{err}"
    );
    assert!(!err.contains("page 1"), "not at a page:\n{err}");
    dir.run(&["build", "layouts/league/deck.toml"]).expect_code(1);
}

#[test]
fn a_cut_out_resampled_keeps_its_edge_clean() {
    // 780 x 1040 px is twice the 300 dpi the frame needs: resampled by half.
    // Its clear pixels are green (a PNG may hold any colour where it is
    // clear); none of that green may bleed into the red figure's edge.
    let (w, h) = (780, 1040);
    let rgba = image::RgbaImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as i64 - 390, y as i64 - 520);
        if dx * dx + dy * dy < 300 * 300 {
            image::Rgba([220, 20, 20, 255])
        } else {
            image::Rgba([0, 255, 0, 0])
        }
    });
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "big-cut.png"));
    let dir = deck_project("photos-edge", &csv);
    put(&dir, "big-cut.png", &png_bytes(&image::DynamicImage::ImageRgba8(rgba)));
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!((imgs[0].width, imgs[0].height), (390, 520));
    let colour = imgs[0].samples();
    let alpha = imgs[0]
        .smask
        .as_ref()
        .expect("still see-through round the figure")
        .samples();
    let edge: Vec<(u8, &[u8])> = alpha
        .iter()
        .zip(colour.chunks(3))
        .filter(|(a, _)| (16..240).contains(*a))
        .map(|(a, c)| (*a, c))
        .collect();
    assert!(!edge.is_empty(), "the resampled edge is partly clear");
    for (a, c) in &edge {
        assert!(
            c[1] < 40 && c[0] > 180,
            "an edge pixel (alpha {a}) is {c:?}, not the figure's red"
        );
    }
}

#[test]
fn a_deck_that_asks_for_jpeg_gets_every_photo_as_a_jpeg() {
    // The same PNG twice (two cards) and one already a JPEG: with
    // photo_format = "jpeg" all print as JPEG, the PNG encoded once.
    let csv = format!(
        "{HEADER}\n{}\n{}\n",
        row("Ana Roble", "ana.png"),
        row("Eva Pino", "ana.png")
    );
    let dir = deck_project("photos-as-jpeg", &csv);
    let original = distinct(300, 400);
    put(
        &dir,
        "ana.png",
        &png_bytes(&image::DynamicImage::ImageRgb8(original.clone())),
    );
    let deck = dir.read_string("layouts/league/deck.toml");
    dir.write(
        "layouts/league/deck.toml",
        &replace_line(&deck, "photos =", "photos = \"photos\"\nphoto_format = \"jpeg\""),
    );
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"])
        .expect_code(0);
    let imgs = images(&dir.read("output/league/deck.pdf"));
    assert_eq!(imgs.len(), 1, "one picture for the two cards");
    assert_eq!(imgs[0].filter, "DCTDecode", "a JPEG, as asked");
    // The JPEG is close to the photo: each quadrant keeps its colour.
    let decoded = image::load_from_memory_with_format(&imgs[0].data, image::ImageFormat::Jpeg)
        .unwrap()
        .to_rgb8();
    for (x, y) in [(75, 100), (225, 100), (75, 300), (225, 300)] {
        let (a, b) = (decoded.get_pixel(x, y).0, original.get_pixel(x, y).0);
        assert!(
            a.iter().zip(b).all(|(p, q)| (i16::from(*p) - i16::from(q)).abs() < 12),
            "{a:?} vs {b:?}"
        );
    }

    // A format it does not know is refused at its key.
    dir.write(
        "layouts/league/deck.toml",
        &replace_line(&deck, "photos =", "photos = \"photos\"\nphoto_format = \"webp\""),
    );
    let run = dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf"]);
    run.expect_code(1);
    assert!(
        run.stderr.contains("`photo_format`") && run.stderr.contains("\"webp\" is not a photo format"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_photo_changed_after_its_check_is_refused_when_written_never_swapped_in() {
    // A photo embedded as it is stays in its file until the PDF is written
    // (a deck of thousands of photos is never held in memory), so the file
    // is read twice: a photo edited in between must not reach the PDF
    // unchecked.
    use pitchprint::layout::resolve::Overrides;
    use pitchprint::pipeline::{self, Pipeline};
    let csv = format!("{HEADER}\n{}\n", row("Ana Roble", "ana.png"));
    let dir = deck_project("photos-changed", &csv);
    let first = png_bytes(&image::DynamicImage::ImageRgb8(distinct(300, 400)));
    put(&dir, "ana.png", &first);
    let world = pitchprint::input::world::Disk;
    let pipeline = Pipeline::new(&world);
    let loaded = pipeline
        .load(&dir.join("layouts/league/deck.toml"), &Overrides::default())
        .unwrap_or_else(|f| panic!("{f:?}"));
    let doc = pipeline::compose(&loaded);

    let mut pdf = Vec::new();
    let n = pitchprint::export::pdf::write(&doc, &mut pdf).unwrap();
    assert_eq!(n, pdf.len() as u64);
    let imgs = images(&pdf);
    assert_eq!(imgs.len(), 1);
    assert!(imgs[0].data == png_idat(&first), "read from the file as it was checked");

    let mut other = distinct(300, 400);
    other.put_pixel(10, 10, image::Rgb([0, 0, 0]));
    put(&dir, "ana.png", &png_bytes(&image::DynamicImage::ImageRgb8(other)));
    let e = pitchprint::export::pdf::write(&doc, &mut Vec::new()).unwrap_err();
    let message = e.to_string();
    assert!(
        message.contains("ana.png") && message.contains("changed") && message.contains("build again"),
        "{message}"
    );
    let e = pitchprint::export::svg::export(&doc).unwrap_err();
    assert!(e.to_string().contains("ana.png"), "{e}");
}

#[test]
fn a_build_whose_photo_cannot_be_read_again_writes_nothing() {
    // Outputs are written as they are made, so a writer may fail half way
    // (as the PDF's does when a photo changed since its check): then no file
    // is left, not even the folders made for them.
    use pitchprint::output::write::{Output, write_all};
    let dir = TestDir::new("write-fails");
    let target = dir.join("output/league/deck.pdf");
    let files = vec![
        Output::bytes(dir.join("output/league/other.svg"), b"<svg/>".to_vec()),
        Output::writer(target.clone(), |out| {
            out.write_all(b"%PDF-1.7\n")?;
            Err(std::io::Error::other("the picture photos/ana.png changed"))
        }),
    ];
    let e = write_all(&files, &[]).unwrap_err();
    assert!(
        e.to_string().contains("deck.pdf") && e.to_string().contains("ana.png"),
        "{e}"
    );
    assert!(
        !dir.join("output").exists(),
        "the folders made for the outputs are gone"
    );
}

#[test]
fn a_long_deck_is_written_in_batches_that_share_fonts_photos_and_backs() {
    // The PDF is made a few dozen pages at a time and the batches joined
    // into one file: a deck of 400 cards (100 pages) crosses several joins.
    // Every page must draw, each font and each photo must be embedded once
    // (not once a batch), and the art every card shares must be one form.
    let mut csv = format!("{HEADER}\n");
    for k in 0..400 {
        let photo = ["ana.png", "bea.png", "cai.png"][k % 3];
        csv.push_str(&row(&format!("Player {k:03}"), photo));
        csv.push('\n');
    }
    let dir = deck_project("photos-batches", &csv);
    for (i, name) in ["ana.png", "bea.png", "cai.png"].iter().enumerate() {
        let mut img = distinct(300, 400);
        img.put_pixel(0, 0, image::Rgb([i as u8, 0, 0]));
        put(&dir, name, &png_bytes(&image::DynamicImage::ImageRgb8(img)));
    }
    dir.run(&["build", "layouts/league/deck.toml", "--format", "pdf", "--lang", "en"])
        .expect_code(0);
    let bytes = dir.read("output/league/deck-en.pdf");
    let doc = crate::common::load_pdf(&bytes);
    let pages = doc.get_pages();
    // Eight poker cards a sheet, each sheet a front page and a back page.
    assert_eq!(pages.len(), 2 * 400 / 8, "fronts and backs");
    let count = |subtype: &[u8]| {
        doc.objects
            .values()
            .filter(|o| {
                o.as_stream().is_ok_and(|s| {
                    s.dict
                        .get(b"Subtype")
                        .and_then(|t| t.as_name())
                        .is_ok_and(|t| t == subtype)
                })
            })
            .count()
    };
    assert_eq!(count(b"Image"), 3, "each photo once");
    let font_files = doc
        .objects
        .values()
        .filter(|o| o.as_dict().is_ok_and(|d| d.has(b"FontFile2")))
        .count();
    let faces: std::collections::BTreeSet<String> = crate::common::pdf_fonts(&bytes)
        .into_iter()
        .map(|f| f.base_font)
        .collect();
    assert_eq!(font_files, faces.len(), "each face once: {faces:?}");
    // Forms: the one back, and the one face of a forward's card (its
    // ground, badge, stat labels and price band), each drawn once.
    assert_eq!(count(b"Form"), 2, "the back and the forwards' face, drawn once each");
    // Every page's fonts and pictures resolve, and every card reads back.
    let text = crate::common::pdf_text(&bytes);
    // The first card, the last of the first batch (32 pages, 16 sheets of
    // 8), the first of the second, and the last.
    for k in [0, 127, 128, 399] {
        assert!(text.contains(&format!("Player {k:03}")), "card {k} is in the PDF");
    }
    for page in crate::common::read_pdf(&bytes) {
        assert!(!page.paths.is_empty(), "every page draws");
    }
    let imgs = images(&bytes);
    assert_eq!(imgs.len(), 3);
}

#[test]
fn a_jpeg_that_passed_its_check_is_checked_again_when_its_bytes_change() {
    // The strict decoding of a JPEG embedded as it is is remembered by the
    // hash of its bytes (a build checks each photo once, not once per
    // language): the same file damaged afterwards, in the same process (a
    // --watch session), must be judged afresh and refused.
    use pitchprint::geom::Size;
    use pitchprint::input::world::{Disk, Overlay};
    use pitchprint::photo::{Named, load};
    let path = crate::common::shipped("layouts/league/photos/x-changes.jpg");
    // A 390 x 520 photo in a 36 x 48 mm frame (426 x 567 pixels at 300
    // dpi): of the frame's shape and no larger, so embedded as it is.
    let frame = Size::new(36.0, 48.0);
    let good = std::fs::read(crate::common::shipped("layouts/league/photos/0001.jpg")).unwrap();
    let judge = |bytes: Vec<u8>| {
        let world = Overlay::new(&Disk).with(&path, bytes);
        load(&world, &path, frame, (0.5, 0.5), Named::Cell).map(|p| p.notes.len())
    };
    for round in 0..2 {
        assert_eq!(
            judge(good.clone()).ok(),
            Some(0),
            "round {round}: the good photo passes"
        );
        let refused = judge(crate::hostile::file_bombs::jpeg_of_noise()).expect_err("the damaged bytes are refused");
        assert!(refused.why.contains("picture data is damaged"), "{}", refused.why);
    }
}
