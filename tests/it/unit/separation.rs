//! Unit tests of `src/print/separation.rs`.

use pitchprint::color::Color;
use pitchprint::print::separation::{Role, Separation, total};
use pitchprint::print::target::{FOGRA39, SWOP_TR003};

fn pct(v: u8) -> f64 {
    f64::from(v) * 100.0 / 255.0
}

#[test]
fn grey_text_and_thin_lines_are_black_ink_alone_and_black_is_solid_k() {
    let sep = Separation::new(&FOGRA39, 300.0).unwrap();
    for role in [Role::Text, Role::ThinLine] {
        assert_eq!(sep.solid(Color::BLACK, role), [0, 0, 0, 255]);
        assert_eq!(sep.solid(Color::WHITE, role), [0, 0, 0, 0]);
        let grey = sep.solid(Color::rgb(0x1b, 0x1b, 0x1b), role);
        assert_eq!(&grey[..3], &[0, 0, 0]);
        assert!(pct(grey[3]) > 85.0, "{grey:?}");
        let mid = sep.solid(Color::rgb(128, 128, 128), role);
        assert_eq!(&mid[..3], &[0, 0, 0]);
        assert!((35.0..75.0).contains(&pct(mid[3])), "{mid:?}");
    }
    // Greys get darker K as they darken.
    let ks: Vec<u8> = (0..=255u8)
        .step_by(15)
        .map(|g| sep.solid(Color::rgb(g, g, g), Role::Text)[3])
        .collect();
    assert!(ks.windows(2).all(|w| w[0] >= w[1]), "{ks:?}");
}

#[test]
fn a_black_area_is_rich_and_within_each_conditions_limit() {
    for (condition, limit) in [(&FOGRA39, 300.0), (&SWOP_TR003, 240.0)] {
        let sep = Separation::new(condition, limit).unwrap();
        let black = sep.solid(Color::BLACK, Role::Area);
        assert!(total(black) <= limit + 0.5, "{black:?} over {limit}");
        assert!(
            black[..3].iter().all(|&v| v > 0),
            "rich black has colour under it: {black:?}"
        );
        assert!(pct(black[3]) > 60.0, "{black:?}");
        // Every colour of a coarse sRGB cube stays within the limit.
        let mut rgb = Vec::new();
        for r in (0..=255u32).step_by(17) {
            for g in (0..=255u32).step_by(17) {
                for b in (0..=255u32).step_by(17) {
                    rgb.extend([r as u8, g as u8, b as u8]);
                }
            }
        }
        let cmyk = sep.pixels(&rgb, 0.0);
        let worst = cmyk
            .chunks_exact(4)
            .map(|p| total([p[0], p[1], p[2], p[3]]))
            .fold(0.0, f64::max);
        assert!(worst <= limit + 0.5, "{worst} over {limit}");
        assert!(worst > limit - 40.0, "the darkest colours use the room: {worst}");
    }
}

#[test]
fn a_lower_limit_is_kept_by_every_pixel() {
    let sep = Separation::new(&FOGRA39, 220.0).unwrap();
    let rgb: Vec<u8> = (0..=255u8).flat_map(|v| [v, v / 2, 255 - v, 0, 0, v]).collect();
    let cmyk = sep.pixels(&rgb, 0.0);
    for p in cmyk.chunks_exact(4) {
        assert!(total([p[0], p[1], p[2], p[3]]) <= 220.5, "{p:?}");
    }
    assert!(total(sep.solid(Color::BLACK, Role::Area)) <= 220.5);
}

#[test]
fn colours_keep_their_hue() {
    let sep = Separation::new(&FOGRA39, 300.0).unwrap();
    let red = sep.solid(Color::rgb(0xc0, 0x39, 0x2b), Role::Area);
    assert!(red[1] > 150 && red[2] > 150 && red[0] < 60, "{red:?}");
    let blue = sep.solid(Color::rgb(0x1f, 0x6f, 0xb2), Role::Area);
    assert!(blue[0] > 150 && blue[2] < 60, "{blue:?}");
    // Coloured text stays in colour (the checker warns when it is small).
    assert_eq!(sep.solid(Color::rgb(0xc0, 0x39, 0x2b), Role::Text), red);
}

#[test]
fn a_shops_rich_black_is_used_for_black_areas_and_kept_within_a_lower_limit() {
    let sep = Separation::with_black(&SWOP_TR003, 240.0, Some([60.0, 40.0, 40.0, 100.0])).unwrap();
    assert_eq!(sep.solid(Color::BLACK, Role::Area), [153, 102, 102, 255]);
    // Text stays black ink alone.
    assert_eq!(sep.solid(Color::BLACK, Role::Text), [0, 0, 0, 255]);
    let lower = Separation::with_black(&SWOP_TR003, 200.0, Some([60.0, 40.0, 40.0, 100.0])).unwrap();
    assert!(total(lower.solid(Color::BLACK, Role::Area)) <= 200.5);
}
