//! Benchmark (not a test): the colour separation the PDF/X targets use,
//! moxcms through the shipped FOGRA39 profile, against lcms2 (Pillow's
//! ImageCms) through the same profile: `bash benches/separation.sh` runs
//! both and compares them.
//!
//! `cargo bench --bench separation -- GRID_FILE` writes the CMYK of a
//! 16 x 16 x 16 grid of sRGB colours (0, 17, ... 255), one line each, to
//! GRID_FILE (perceptual, no ink limiting past the profile's own 300 %),
//! and prints the median time of 5 separations of a 12-megapixel image.

use pitchprint::print::separation::Separation;
use pitchprint::print::target::FOGRA39;

fn main() {
    let grid_file = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "separation-grid.txt".into());
    let sep = Separation::new(&FOGRA39, 300.0).expect("the shipped profile reads");
    let vals: Vec<u8> = (0..=255u32).step_by(17).map(|v| v as u8).collect();
    let mut rgb = Vec::new();
    for &r in &vals {
        for &g in &vals {
            for &b in &vals {
                rgb.extend([r, g, b]);
            }
        }
    }
    let lines: Vec<String> = sep
        .pixels(&rgb, 0.0)
        .chunks_exact(4)
        .map(|p| format!("{} {} {} {}", p[0], p[1], p[2], p[3]))
        .collect();
    std::fs::write(&grid_file, lines.join("\n") + "\n").expect("the grid file is written");
    // The same pixels as the Pillow side makes: (i * 7) mod 251.
    let big: Vec<u8> = (0..4000 * 3000 * 3).map(|i: usize| (i * 7 % 251) as u8).collect();
    let mut times: Vec<f64> = (0..5)
        .map(|_| {
            let t = std::time::Instant::now();
            let out = sep.pixels(&big, 0.0);
            std::hint::black_box(out);
            t.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    // On stderr, as every program of the project prints what it says (the
    // script shows it).
    eprintln!("moxcms: 12 megapixels separated in {:.3} s (median of 5)", times[2]);
}
