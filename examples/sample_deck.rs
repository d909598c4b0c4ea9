//! Writes a sample player deck: a CSV of fictional players and a generated
//! portrait for each (a JPEG of 390 x 520 px for the shipped sample, 300
//! pixels an inch in the card's frame; 300 x 400 for the benchmark's decks).
//! No real people's names or photos.
//!
//! `cargo run --release --example sample_deck -- DIR [COUNT] [png]`
//!
//! Without COUNT it writes the shipped sample (8 clubs x 20 players: 2
//! goalkeepers, 7 defenders, 6 midfielders, 5 forwards, 160 cards: six
//! coaches' hands and a market for a season, see layouts/league/deck.toml);
//! with COUNT it writes
//! that many players for the benchmark (benches/cards.sh), and with `png`
//! their photos as grainy PNG files of about 150 KB. The output is the
//! same on every run.

use std::fmt::Write as _;
use std::path::PathBuf;

use image::{Rgb, RgbImage};

const CLUBS: [(&str, [u8; 3]); 8] = [
    ("Atlético Ribera", [0xc0, 0x39, 0x2b]),
    ("Unión Serrana", [0x1f, 0x6f, 0xb2]),
    ("Deportivo Faro", [0x2e, 0x8b, 0x57]),
    ("Real Alcornoque", [0x8e, 0x44, 0xad]),
    ("Racing Marisma", [0xe6, 0x7e, 0x22]),
    ("Sporting Almendro", [0x16, 0xa0, 0x85]),
    ("Club Vendaval", [0x2c, 0x3e, 0x50]),
    ("Olímpic Cingle", [0xd4, 0xac, 0x0d]),
];
const FIRST: [&str; 20] = [
    "Adrián", "Bruno", "Carlos", "Dani", "Eloy", "Fermín", "Gael", "Hugo", "Iker", "Jordi", "Leo", "Marc", "Nico",
    "Óscar", "Pau", "Quique", "Raúl", "Sergi", "Toni", "Unai",
];
const LAST: [&str; 30] = [
    "Abril",
    "Bosque",
    "Cañada",
    "Duero",
    "Estela",
    "Fuentes",
    "Galindo",
    "Herranz",
    "Iturbe",
    "Jaraíz",
    "Lamas",
    "Miralles",
    "Navas",
    "Olmedo",
    "Peñalver",
    "Quintana",
    "Riba",
    "Solana",
    "Tejeda",
    "Urquiza",
    "Valcárcel",
    "Yagüe",
    "Zamora",
    "Arriola",
    "Beltrán",
    "Cifuentes",
    "Dorado",
    "Escrivà",
    "Ferrándiz",
    "Gallart",
];
const SKIN: [[u8; 3]; 5] = [
    [0xf1, 0xc2, 0x7d],
    [0xe0, 0xac, 0x69],
    [0xc6, 0x86, 0x42],
    [0x8d, 0x55, 0x24],
    [0xff, 0xdb, 0xac],
];
const HAIR: [[u8; 3]; 5] = [
    [0x2c, 0x22, 0x2b],
    [0x6a, 0x4e, 0x42],
    [0xb5, 0x8f, 0x5a],
    [0x1b, 0x1b, 0x1b],
    [0x8d, 0x4a, 0x2b],
];

/// A small deterministic generator (SplitMix64), so every run writes the same.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn range(&mut self, lo: u32, hi: u32) -> u32 {
        lo + (self.next() % (hi - lo + 1) as u64) as u32
    }
}

/// Fills an ellipse, only between the rows `above` and `below` (`rows`).
fn ellipse(
    img: &mut RgbImage,
    (cx, cy): (f64, f64),
    (rx, ry): (f64, f64),
    colour: [u8; 3],
    (above, below): (f64, f64),
) {
    let (w, h) = img.dimensions();
    for y in 0..h {
        for x in 0..w {
            let (fx, fy) = (x as f64 + 0.5, y as f64 + 0.5);
            if fy < above || fy > below {
                continue;
            }
            let d = ((fx - cx) / rx).powi(2) + ((fy - cy) / ry).powi(2);
            if d <= 1.0 {
                img.put_pixel(x, y, Rgb(colour));
            }
        }
    }
}

/// A portrait drawn at `scale` times 300 x 400 px: the shipped sample's
/// at 1.3 (390 x 520, 300 pixels an inch in the card's 33 x 44 mm frame, as
/// a print shop asks), the benchmark's at 1.
fn portrait(k: usize, shirt: [u8; 3], scale: f64) -> RgbImage {
    let mut rng = Rng(k as u64 * 7919 + 17);
    let (w, h) = ((300.0 * scale).round() as u32, (400.0 * scale).round() as u32);
    let mut img = RgbImage::new(w, h);
    let tint = |c: u8, t: f64| (c as f64 + (255.0 - c as f64) * t) as u8;
    for y in 0..h {
        let t = 0.75 + 0.2 * (y as f64 / h as f64);
        for x in 0..w {
            img.put_pixel(x, y, Rgb([tint(shirt[0], t), tint(shirt[1], t), tint(shirt[2], t)]));
        }
    }
    let skin = SKIN[rng.range(0, 4) as usize];
    let hair = HAIR[rng.range(0, 4) as usize];
    let head_rx = rng.range(56, 66) as f64;
    let head_ry = rng.range(72, 82) as f64;
    // Every length below is in the 300 x 400 drawing's pixels.
    let at = |x: f64, y: f64| (x * scale, y * scale);
    let rows = |a: f64, b: f64| (a * scale, b * scale);
    // Shoulders and shirt, neck, head, hair, eyes.
    ellipse(&mut img, at(150.0, 420.0), at(150.0, 125.0), shirt, rows(0.0, 400.0));
    ellipse(&mut img, at(150.0, 280.0), at(34.0, 40.0), skin, rows(240.0, 330.0));
    ellipse(&mut img, at(150.0, 190.0), at(head_rx, head_ry), skin, rows(0.0, 400.0));
    let hair_top = 190.0 - head_ry * rng.range(45, 70) as f64 / 100.0;
    ellipse(
        &mut img,
        at(150.0, 170.0),
        at(head_rx + 5.0, head_ry * 0.72),
        hair,
        rows(0.0, hair_top + 18.0),
    );
    for ex in [125.0, 175.0] {
        ellipse(
            &mut img,
            at(ex, 190.0),
            at(6.0, 5.0),
            [0x20, 0x20, 0x20],
            rows(0.0, 400.0),
        );
    }
    ellipse(
        &mut img,
        at(150.0, 235.0),
        at(18.0, 4.0),
        [0x9a, 0x4a, 0x3a],
        rows(0.0, 400.0),
    );
    img
}

/// The portrait as a PNG with a photograph's grain (a little noise on every
/// pixel), as an image editor exports it at 300 x 400 (about 150 KB): for
/// the benchmark of PNG photos.
fn grainy_png(mut img: RgbImage, k: usize) -> Vec<u8> {
    // Its own generator: the players' stats stay those of the JPEG sample.
    let mut rng = Rng(k as u64 * 104_729 + 3);
    for p in img.pixels_mut() {
        let n = rng.range(0, 4) as i16 - 2;
        p.0 = p.0.map(|c| (i16::from(c) + n).clamp(0, 255) as u8);
    }
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img)
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("a portrait encodes");
    out.into_inner()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "layouts/league".into()));
    let count: Option<usize> = args.next().and_then(|c| c.parse().ok());
    // PNG photos instead of JPEG (for the benchmark; the sample ships JPEG).
    let png = args.next().as_deref() == Some("png");
    let photos = dir.join("photos");
    std::fs::create_dir_all(&photos).expect("the output folder can be made");
    // The squad: 2 goalkeepers, 7 defenders, 6 midfielders, 5 forwards.
    let squad: Vec<&str> = [("GK", 2), ("DF", 7), ("MF", 6), ("FW", 5)]
        .iter()
        .flat_map(|(p, n)| std::iter::repeat_n(*p, *n))
        .collect();
    let total = count.unwrap_or(CLUBS.len() * squad.len());
    let mut csv = String::from(
        "name,team,position,good_passes,balls_won,shots_on_goal,goals_conceded,saves,price,photo,quantity\n",
    );
    for k in 0..total {
        let (club, colour) = CLUBS[(k / squad.len()) % CLUBS.len()];
        let position = squad[k % squad.len()];
        let mut rng = Rng(k as u64 + 1);
        let combo = k % (FIRST.len() * LAST.len());
        let mut name = format!(
            "{} {}",
            FIRST[(combo * 7) % FIRST.len()],
            LAST[(combo * 11 + combo / FIRST.len()) % LAST.len()]
        );
        if k >= FIRST.len() * LAST.len() {
            write!(name, " {}", k / (FIRST.len() * LAST.len()) + 1).unwrap();
        }
        // Per-match figures on the scale of a die: the game adds a stripe's
        // cards to rolls of 1-6, so real totals would drown the dice. The
        // ranges are what makes a ball end (the seed's shot rule: a die plus
        // the stripe's shots must beat its possession total), held by the
        // checker's simulation ([deal] rules = "league"): defenders win the
        // ball and seldom shoot, midfielders pass, forwards shoot, and no
        // line's passes or balls won grow far past the others' shots.
        let (passes, won, shots) = match position {
            "GK" => (rng.range(0, 1), rng.range(0, 1), 0),
            "DF" => (rng.range(1, 2), rng.range(0, 2), u32::from(rng.range(0, 3) == 0)),
            "MF" => (rng.range(1, 3), rng.range(0, 2), rng.range(1, 2)),
            _ => (rng.range(1, 2), rng.range(0, 1), rng.range(2, 5)),
        };
        let (conceded, saves) = if position == "GK" {
            (rng.range(2, 4), rng.range(1, 3))
        } else {
            (0, 0)
        };
        // Whole millions (the bank's smallest note is 1 M), dearer the more
        // a card adds to the rolls: from 4 M to about 40 M, so that a
        // coach's 100 M buys two or three good players in a round.
        let worth = match position {
            "GK" => i64::from(saves) - i64::from(conceded) + 2 + i64::from(passes),
            _ => i64::from(passes + won + shots) - 2,
        };
        let price = (4 + 6 * worth.max(0) + i64::from(rng.range(0, 5))).clamp(2, 60);
        // The shipped sample at a print shop's 300 pixels an inch; the
        // benchmark's decks as their figures were measured.
        let img = portrait(k, colour, if count.is_none() { 1.3 } else { 1.0 });
        let (file, bytes) = if png {
            (format!("{:04}.png", k + 1), grainy_png(img, k))
        } else {
            let mut jpeg = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 85)
                .encode_image(&img)
                .expect("a portrait encodes");
            (format!("{:04}.jpg", k + 1), jpeg)
        };
        std::fs::write(photos.join(&file), bytes).expect("the portrait is written");
        writeln!(
            csv,
            "{name},{club},{position},{passes},{won},{shots},{conceded},{saves},{price},{file},"
        )
        .unwrap();
    }
    std::fs::write(dir.join("players.csv"), csv).expect("the CSV is written");
    eprintln!("wrote {total} players to {}", dir.display());
}
