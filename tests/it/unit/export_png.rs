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
