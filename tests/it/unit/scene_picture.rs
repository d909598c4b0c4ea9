//! Unit tests of `src/scene/picture.rs`.

use pitchprint::input::world::World;
use pitchprint::scene::picture::*;

#[test]
fn bytes_left_on_disk_are_read_again_and_a_changed_file_is_refused() {
    let dir = std::env::temp_dir().join(format!("pitchprint-filebytes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("photo.jpg");
    std::fs::write(&path, b"first bytes").unwrap();
    let file = pitchprint::input::world::Disk
        .reread(&path, pitchprint::input::world::Input::Image)
        .unwrap();
    let kept = FileBytes::on_disk(file, b"first bytes");
    assert_eq!(kept.read().unwrap().as_ref(), b"first bytes");
    assert_eq!(kept.hash(), FileBytes::held(b"first bytes".to_vec()).hash());
    std::fs::write(&path, b"other bytes").unwrap();
    let e = kept.read().unwrap_err().to_string();
    assert!(e.contains("photo.jpg") && e.contains("changed"), "{e}");
    std::fs::remove_file(&path).unwrap();
    assert!(kept.read().is_err(), "a file gone is refused too");
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn a_written_png_is_read_back_as_passable_and_a_cut_one_is_not() {
    let pixels: Vec<u8> = (0..4 * 3 * 3).map(|i| (i * 7) as u8).collect();
    let file = encode(&pixels, 4, 3, 3).unwrap();
    let layout = png_layout(&file).unwrap();
    assert_eq!(
        (layout.width, layout.height, layout.colours, layout.alpha),
        (4, 3, 3, false)
    );
    assert_eq!(png_layout(&file[..file.len() - 4]), None, "no IEND, not whole");
    let mut broken = file.clone();
    let at = broken.len() - 20;
    broken[at] ^= 1;
    assert_eq!(png_layout(&broken), None, "a wrong checksum");
}

#[test]
fn opaque_alpha_is_left_out() {
    let rgba = [10, 20, 30, 255, 40, 50, 60, 255];
    let p = lossless(&rgba, 2, 1, 3, true).unwrap();
    assert!(!p.has_alpha());
    let clear = [10, 20, 30, 0, 40, 50, 60, 255];
    assert!(lossless(&clear, 2, 1, 3, true).unwrap().has_alpha());
}
