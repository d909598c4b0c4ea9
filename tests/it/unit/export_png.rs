//! Unit tests of `src/export/png.rs`.

use pitchprint::export::png::*;

#[test]
fn a_page_past_the_pixel_budget_is_refused_with_the_dpi_that_fits() {
    // A3 in CSS pixels.
    let (w, h) = (297.0 / 25.4 * 96.0, 420.0 / 25.4 * 96.0);
    let e = pixel_size(w, h, 1200.0).unwrap_err().0;
    assert!(e.contains("lower --dpi to 719 or less"), "{e}");
    assert!(pixel_size(w, h, 719.0).is_ok() && pixel_size(w, h, 720.0).is_err());
    let e = pixel_size(1e9, 1e9, 10.0).unwrap_err().0;
    assert!(e.contains("even at the lowest --dpi"), "{e}");
    assert!(pixel_size(f64::INFINITY, 10.0, 150.0).is_err());
}

#[test]
fn a_layer_drawn_over_a_band_is_the_bytes_tiny_skia_draws() {
    use resvg::tiny_skia::{Pixmap, PixmapPaint, PremultipliedColorU8, Transform};
    let mut rng = crate::common::Rng(7);
    // Premultiplied pixels: clear, opaque and every alpha between, of any
    // colour that alpha allows.
    let pixel = |rng: &mut crate::common::Rng| {
        let a = match rng.below(4) {
            0 => 0,
            1 => 255,
            _ => rng.below(256) as u8,
        };
        let mut c = || rng.below(usize::from(a) + 1) as u8;
        PremultipliedColorU8::from_rgba(c(), c(), c(), a).unwrap()
    };
    for case in 0..40 {
        let ((bw, bh), (lw, lh), (x, y)) = band_and_layer(&mut rng);
        let mut band = Pixmap::new(bw, bh).unwrap();
        for p in band.pixels_mut() {
            *p = pixel(&mut rng);
        }
        let mut layer = Pixmap::new(lw, lh).unwrap();
        for p in layer.pixels_mut() {
            *p = pixel(&mut rng);
        }
        let mut want = band.clone();
        want.draw_pixmap(
            x as i32,
            y as i32,
            layer.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        draw_over(&mut band.as_mut(), layer.as_ref(), (x, y));
        assert!(
            band.data() == want.data(),
            "case {case}: {lw}x{lh} at ({x}, {y}) on {bw}x{bh}"
        );
    }
}

#[test]
fn every_pixel_between_clear_and_opaque_is_drawn_over_as_tiny_skia_draws_it() {
    use resvg::tiny_skia::{Pixmap, PixmapPaint, PremultipliedColorU8, Transform};
    // Every alpha, every source value that alpha allows, over every value
    // of an opaque band (a page is drawn on white) and of a clear one's
    // alpha: the rounding of each is tiny-skia's.
    for a in 1..=254u8 {
        let (w, h) = (256u32, u32::from(a) + 1);
        let mut band = Pixmap::new(w, h).unwrap();
        for (i, p) in band.pixels_mut().iter_mut().enumerate() {
            let d = (i % 256) as u8;
            *p = PremultipliedColorU8::from_rgba(d, d / 2, d / 3, if i % 2 == 0 { 255 } else { d }).unwrap();
        }
        let mut layer = Pixmap::new(w, h).unwrap();
        for (i, p) in layer.pixels_mut().iter_mut().enumerate() {
            let s = (i / 256) as u8;
            *p = PremultipliedColorU8::from_rgba(s, a - s, s / 2, a).unwrap();
        }
        let mut want = band.clone();
        want.draw_pixmap(
            0,
            0,
            layer.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        draw_over(&mut band.as_mut(), layer.as_ref(), (0, 0));
        assert!(band.data() == want.data(), "alpha {a}");
    }
}

#[test]
fn a_layer_drawn_through_its_mask_is_the_bytes_of_tiny_skias_mask_then_draw() {
    use resvg::tiny_skia::{Mask, Pixmap, PixmapPaint, PremultipliedColorU8, Transform};
    let mut rng = crate::common::Rng(11);
    // Coverage as a clip's edge gives it: none, whole, and every value between.
    let byte = |rng: &mut crate::common::Rng| match rng.below(4) {
        0 => 0,
        1 => 255,
        _ => rng.below(256) as u8,
    };
    for case in 0..60 {
        let ((bw, bh), (lw, lh), (x, y)) = band_and_layer(&mut rng);
        let mut band = Pixmap::new(bw, bh).unwrap();
        for p in band.pixels_mut() {
            let a = byte(&mut rng);
            let mut c = || rng.below(usize::from(a) + 1) as u8;
            *p = PremultipliedColorU8::from_rgba(c(), c(), c(), a).unwrap();
        }
        let mut layer = Pixmap::new(lw, lh).unwrap();
        for p in layer.pixels_mut() {
            let a = byte(&mut rng);
            let mut c = || rng.below(usize::from(a) + 1) as u8;
            *p = PremultipliedColorU8::from_rgba(c(), c(), c(), a).unwrap();
        }
        let mut mask = Mask::new(lw, lh).unwrap();
        for m in mask.data_mut() {
            *m = byte(&mut rng);
        }
        let mut want = band.clone();
        let mut masked = layer.clone();
        masked.apply_mask(&mask);
        want.draw_pixmap(
            x as i32,
            y as i32,
            masked.as_ref(),
            &PixmapPaint::default(),
            Transform::identity(),
            None,
        );
        draw_masked_over(&mut band.as_mut(), layer.as_ref(), Some(&mask), (x, y));
        assert!(
            band.data() == want.data(),
            "case {case}: {lw}x{lh} at ({x}, {y}) on {bw}x{bh}"
        );
    }
}

/// A band of up to 40 x 30 pixels, a layer no larger, and where the layer
/// lies on it (wholly inside), drawn at random.
fn band_and_layer(rng: &mut crate::common::Rng) -> ((u32, u32), (u32, u32), (usize, usize)) {
    let (bw, bh) = (1 + rng.below(40) as u32, 1 + rng.below(30) as u32);
    let (lw, lh) = (1 + rng.below(bw as usize) as u32, 1 + rng.below(bh as usize) as u32);
    let (x, y) = (rng.below((bw - lw + 1) as usize), rng.below((bh - lh + 1) as usize));
    ((bw, bh), (lw, lh), (x, y))
}
