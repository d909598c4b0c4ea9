//! The pictures of the README and the book (`docs/book/src/pictures/`) are
//! pitchprint's own output: pages of each game's kit drawn as PNG at 24 dpi
//! and laid side by side, a print shop's card faces and a Tabletop Simulator
//! card sheet, shrunk. Each test draws its pictures again from the shipped
//! layouts and compares the bytes (same inputs, same bytes), so a change that
//! moves what is printed leaves no stale picture behind.
//! `scripts/pictures.sh` (`UPDATE_PICTURES=1`) writes them again.

use std::path::{Path, PathBuf};

use image::codecs::png::{CompressionType, FilterType as PngFilter, PngEncoder};
use image::imageops::FilterType;
use image::{ExtendedColorType, ImageEncoder, Rgb, RgbImage};

use crate::common::{TestDir, copy_project, files_with_extension, project_root, user_docs};

/// The resolution the kits' pages are drawn at: a page still reads as itself.
const KIT_DPI: &str = "24";
/// A row of pages is wrapped before it grows wider than this, in pixels.
const ROW_WIDTH: u32 = 1000;
/// Between pages, and around them.
const GAP: u32 = 8;
/// The ground the pages lie on.
const GROUND: Rgb<u8> = Rgb([220, 220, 220]);
/// All the pictures together stay well under this many bytes.
const BUDGET: u64 = 1_500_000;

/// Each game's kit picture: the pages shown, in kit order, as the stems of
/// the PNG pages `build --format png --lang en` writes in `output/<game>/`.
const KITS: [(&str, &[&str]); 4] = [
    (
        "dice-football",
        &[
            "cover-en",
            "rules-en-1",
            "pitch-en",
            "counters-en",
            "dice-en",
            "score-en",
            "reference-en-1",
        ],
    ),
    (
        "futbolchess",
        &[
            "cover-en",
            "rules-en-1",
            "board-en",
            "counters-en-1",
            "roles-en",
            "dice-en",
            "reference-en-1",
        ],
    ),
    (
        "league",
        &[
            "cover-en",
            "rules-en-1",
            "board-en",
            "deck-en-1",
            "deck-en-2",
            "banknotes-en-1",
            "bid-slips-en-1",
            "table-en",
        ],
    ),
    (
        "path-football",
        &["cover-en", "rules-en-1", "fields-en-1", "fields-en-2", "reference-en-1"],
    ),
];

/// The shop picture: the first two fronts and the back `--target mpc` writes
/// for the event cards, shrunk to a third.
const SHOP: &str = "shop-mpc.png";
/// The table picture: the league deck's first card sheet of its TTS save,
/// shrunk to a sixth.
const TTS: &str = "tts-deck-sheet.png";

/// Every picture the tests make, by file name.
fn names() -> Vec<String> {
    let mut names: Vec<String> = KITS.iter().map(|(game, _)| format!("kit-{game}.png")).collect();
    names.extend([SHOP.to_string(), TTS.to_string()]);
    names
}

fn pictures_dir() -> PathBuf {
    project_root().join("docs/book/src/pictures")
}

/// Compares a picture made now with the one in the repository, or writes
/// it when `UPDATE_PICTURES` is set.
fn same_as_shipped(name: &str, made: &[u8]) {
    let path = pictures_dir().join(name);
    if std::env::var_os("UPDATE_PICTURES").is_some() {
        std::fs::create_dir_all(pictures_dir()).unwrap();
        std::fs::write(&path, made).unwrap();
        return;
    }
    let shipped = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}; run scripts/pictures.sh", path.display()));
    assert!(
        shipped == made,
        "docs/book/src/pictures/{name} is not what pitchprint draws today ({} bytes shipped, {} made); \
         run scripts/pictures.sh and look at it",
        shipped.len(),
        made.len()
    );
}

/// A PNG of `image`, compressed as tightly as the encoder goes: the same
/// pixels give the same bytes.
fn png(image: &RgbImage) -> Vec<u8> {
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Best, PngFilter::Adaptive)
        .write_image(image.as_raw(), image.width(), image.height(), ExtendedColorType::Rgb8)
        .unwrap();
    out
}

fn read_rgb(path: &Path) -> RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgb8()
}

/// Pages laid left to right on the ground, standing on a common line, in
/// rows no wider than [`ROW_WIDTH`] (a page wider than that has a row of its
/// own).
fn lay_out(pages: &[RgbImage]) -> RgbImage {
    let mut rows: Vec<Vec<&RgbImage>> = vec![Vec::new()];
    let mut width = GAP;
    for page in pages {
        let row = rows.last_mut().unwrap();
        if !row.is_empty() && width + page.width() + GAP > ROW_WIDTH {
            rows.push(Vec::new());
            width = GAP;
        }
        rows.last_mut().unwrap().push(page);
        width += page.width() + GAP;
    }
    let row_width = |row: &Vec<&RgbImage>| GAP + row.iter().map(|p| p.width() + GAP).sum::<u32>();
    let row_height = |row: &Vec<&RgbImage>| row.iter().map(|p| p.height()).max().unwrap_or(0);
    let total_width = rows.iter().map(row_width).max().unwrap();
    let total_height = GAP + rows.iter().map(|r| row_height(r) + GAP).sum::<u32>();
    let mut canvas = RgbImage::from_pixel(total_width, total_height, GROUND);
    let mut y = GAP;
    for row in &rows {
        let height = row_height(row);
        let mut x = GAP;
        for page in row {
            image::imageops::replace(&mut canvas, *page, x.into(), (y + height - page.height()).into());
            x += page.width() + GAP;
        }
        y += height + GAP;
    }
    canvas
}

/// A face or sheet shrunk to 1/`by` of its size.
fn shrunk(image: &RgbImage, by: u32) -> RgbImage {
    image::imageops::resize(image, image.width() / by, image.height() / by, FilterType::Triangle)
}

/// Every file under `dir` whose path ends with `tail`, sorted.
fn found(dir: &Path, tail: &str) -> Vec<PathBuf> {
    files_with_extension(dir, "png")
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(tail))
        .collect()
}

#[test]
fn the_kit_pictures_are_the_pages_pitchprint_draws_today() {
    let dir = TestDir::new("pictures-kits");
    copy_project(&dir);
    let layouts: Vec<String> = KITS
        .iter()
        .flat_map(|(game, _)| {
            let mut files: Vec<String> = std::fs::read_dir(dir.join(format!("layouts/{game}")))
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
                .filter(|n| n.ends_with(".toml") && n != "game.toml")
                .map(|n| format!("layouts/{game}/{n}"))
                .collect();
            files.sort();
            files
        })
        .collect();
    let mut args = vec!["build", "--format", "png", "--dpi", KIT_DPI, "--lang", "en", "-q"];
    args.extend(layouts.iter().map(String::as_str));
    dir.run(&args).expect_code(0);
    for (game, stems) in KITS {
        let pages: Vec<RgbImage> = stems
            .iter()
            .map(|stem| read_rgb(&dir.join(format!("output/{game}/{stem}.png"))))
            .collect();
        // A page at 24 dpi: A4 is 198 pixels across, A3 281.
        assert!(
            pages.iter().all(|p| p.width() >= 190 && p.height() >= 190),
            "{game}: pages at {KIT_DPI} dpi"
        );
        let picture = lay_out(&pages);
        assert!(picture.width() <= ROW_WIDTH.max(pages.iter().map(|p| p.width()).max().unwrap() + 2 * GAP));
        same_as_shipped(&format!("kit-{game}.png"), &png(&picture));
    }
}

#[test]
fn the_shop_picture_is_the_faces_pitchprint_writes_for_the_card_shop_today() {
    let dir = TestDir::new("pictures-shop");
    copy_project(&dir);
    let run = dir.run(&[
        "build",
        "layouts/card-examples/events.toml",
        "--target",
        "mpc",
        "--lang",
        "en",
        "-q",
    ]);
    run.expect_code(0);
    let shop = dir.join("output/mpc");
    let faces: Vec<RgbImage> = ["/front-001.png", "/front-002.png", "/back.png"]
        .iter()
        .map(|tail| {
            let files = found(&shop, tail);
            assert_eq!(files.len(), 1, "one {tail} under output/mpc: {files:?}");
            let face = read_rgb(&files[0]);
            // A poker card with 36 pixels of bleed a side, at 300 dpi.
            assert_eq!(face.dimensions(), (822, 1122), "{tail}");
            shrunk(&face, 3)
        })
        .collect();
    same_as_shipped(SHOP, &png(&lay_out(&faces)));
}

#[test]
fn the_table_picture_is_the_card_sheet_of_the_leagues_tts_save_today() {
    let dir = TestDir::new("pictures-tts");
    copy_project(&dir);
    dir.run(&[
        "build",
        "layouts/league/deck.toml",
        "--format",
        "tts",
        "--lang",
        "en",
        "-q",
    ])
    .expect_code(0);
    let sheets: Vec<PathBuf> = found(&dir.join("output/league"), "-1.png")
        .into_iter()
        .filter(|p| p.components().any(|c| c.as_os_str() == "images"))
        .collect();
    assert_eq!(sheets.len(), 1, "the save's first card sheet: {sheets:?}");
    let sheet = read_rgb(&sheets[0]);
    // Ten places across, each a whole number of pixels.
    assert!(
        sheet.width() > 3000 && sheet.width().is_multiple_of(10),
        "{:?}",
        sheet.dimensions()
    );
    same_as_shipped(TTS, &png(&shrunk(&sheet, 6)));
}

#[test]
fn no_picture_is_left_over_unshown_or_large() {
    let dir = pictures_dir();
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    on_disk.sort();
    let mut made = names();
    made.sort();
    assert_eq!(
        on_disk, made,
        "docs/book/src/pictures holds the pictures the tests make, and only those"
    );
    let total: u64 = made.iter().map(|n| std::fs::metadata(dir.join(n)).unwrap().len()).sum();
    assert!(total < BUDGET, "the pictures take {total} bytes, over {BUDGET}");
    let docs = user_docs();
    for name in &made {
        assert!(
            docs.contains(&format!("pictures/{name})")),
            "no page of the README or the book shows {name}"
        );
    }
}
