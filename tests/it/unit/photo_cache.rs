//! Unit tests of `src/photo/cache.rs`.

use std::path::PathBuf;
use std::sync::Arc;

use pitchprint::photo::cache::{EntryKey, PhotoCache};
use pitchprint::scene::picture::{self, FileBytes, Picture, PictureData};

/// A fresh, empty folder of its own for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pitchprint-photo-cache-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn key(n: u128) -> EntryKey {
    EntryKey {
        source: n,
        frame: [33f64.to_bits(), 44f64.to_bits()],
        focus: [0.5f64.to_bits(), 0.5f64.to_bits()],
    }
}

/// A JPEG picture of `w` x `h` pixels whose colours depend on `seed`.
fn jpeg(w: u32, h: u32, seed: u8) -> Picture {
    let img = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x as u8) ^ seed, (y as u8).wrapping_mul(3), seed])
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
        .encode_image(&img)
        .unwrap();
    Picture::jpeg(FileBytes::held(out), w, h)
}

/// A lossless RGBA picture whose alpha is not opaque everywhere.
fn png_with_alpha() -> Picture {
    let pixels: Vec<u8> = (0..20 * 10)
        .flat_map(|i| {
            [
                (i * 3) as u8,
                (i * 5) as u8,
                (i * 7) as u8,
                if i % 3 == 0 { 0 } else { 255 },
            ]
        })
        .collect();
    let p = picture::lossless(&pixels, 20, 10, 3, true).unwrap();
    assert!(p.has_alpha(), "the picture keeps its alpha");
    p
}

/// Every byte of what `p` embeds: kind, file, planes.
fn embedded(p: &Picture) -> (String, Vec<u8>, Vec<u8>) {
    match &p.data {
        PictureData::Jpeg(f) => (format!("jpeg {}", p.id), f.read().unwrap().to_vec(), Vec::new()),
        PictureData::Png(png) => (
            format!("png {} {}", p.id, png.colours),
            png.file.read().unwrap().to_vec(),
            png.planes
                .as_ref()
                .map(|pl| [pl.colour.clone(), pl.alpha.clone()].concat())
                .unwrap_or_default(),
        ),
    }
}

/// The entry files in `dir`.
fn entries(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn a_picture_kept_reads_back_byte_for_byte_and_only_for_its_key() {
    let dir = folder("round");
    let cache = PhotoCache::new(dir.clone(), 1 << 30);
    assert!(cache.load(&key(1)).is_none(), "nothing kept yet");
    let (a, b) = (jpeg(40, 30, 7), png_with_alpha());
    cache.store(&key(1), &a);
    cache.store(&key(2), &b);
    for (k, p) in [(1, &a), (2, &b)] {
        let back = cache.load(&key(k)).expect("kept");
        assert_eq!((back.width, back.height), (p.width, p.height));
        assert_eq!(embedded(&back), embedded(p), "the bytes embedded, the same");
    }
    // Another photo, another frame or another crop: not this entry.
    assert!(cache.load(&key(3)).is_none());
    let mut other_frame = key(1);
    other_frame.frame[0] = 22f64.to_bits();
    assert!(cache.load(&other_frame).is_none());
    let mut other_focus = key(1);
    other_focus.focus[1] = 0.25f64.to_bits();
    assert!(cache.load(&other_focus).is_none());
    let files = entries(&dir);
    assert_eq!(files.len(), 2, "one file an entry, no temporary left: {files:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_entry_cut_short_or_changed_is_ignored_and_written_again() {
    let dir = folder("corrupt");
    let cache = PhotoCache::new(dir.clone(), 1 << 30);
    let p = png_with_alpha();
    cache.store(&key(1), &p);
    let [file] = entries(&dir).try_into().unwrap();
    let whole = std::fs::read(&file).unwrap();
    // Cut at every length, and every byte changed: never a picture.
    for len in 0..whole.len() {
        std::fs::write(&file, &whole[..len]).unwrap();
        assert!(cache.load(&key(1)).is_none(), "cut to {len} of {} bytes", whole.len());
    }
    for at in 0..whole.len() {
        let mut bad = whole.clone();
        bad[at] ^= 0x20;
        std::fs::write(&file, &bad).unwrap();
        assert!(cache.load(&key(1)).is_none(), "byte {at} changed");
    }
    std::fs::write(&file, b"not an entry at all").unwrap();
    assert!(cache.load(&key(1)).is_none());
    // Written again, whole.
    cache.store(&key(1), &p);
    assert_eq!(std::fs::read(&file).unwrap(), whole);
    assert_eq!(embedded(&cache.load(&key(1)).unwrap()), embedded(&p));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn past_its_limit_the_entries_used_longest_ago_are_removed() {
    let dir = folder("limit");
    let pictures: Vec<Picture> = (0..8).map(|n| jpeg(64, 64, n * 30)).collect();
    // Measure one entry, then allow about four.
    let probe = PhotoCache::new(dir.clone(), 1 << 30);
    probe.store(&key(100), &pictures[0]);
    let one = std::fs::metadata(&entries(&dir)[0]).unwrap().len();
    std::fs::remove_dir_all(&dir).unwrap();
    let limit = one * 4 + one / 2;
    let cache = PhotoCache::new(dir.clone(), limit);
    for (n, p) in pictures.iter().enumerate().take(4) {
        cache.store(&key(n as u128), p);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // The first is read now: of the four it is the one used last, and the
    // fifth passes the limit.
    assert!(cache.load(&key(0)).is_some());
    std::thread::sleep(std::time::Duration::from_millis(20));
    cache.store(&key(4), &pictures[4]);
    let there: Vec<u128> = (0..5).filter(|&n| cache.load(&key(n)).is_some()).collect();
    assert!(there.contains(&4), "the last written is kept: {there:?}");
    assert!(
        there.contains(&0),
        "the one read is kept over those written after it: {there:?}"
    );
    assert!(!there.contains(&1), "the one used longest ago is removed: {there:?}");
    for (n, p) in pictures.iter().enumerate().skip(5) {
        cache.store(&key(n as u128), p);
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let held: u64 = entries(&dir).iter().map(|f| std::fs::metadata(f).unwrap().len()).sum();
    assert!(held <= limit, "{held} bytes kept of a limit of {limit}");
    assert!(cache.load(&key(7)).is_some(), "the last written is kept");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn threads_writing_and_reading_one_entry_at_once_see_it_whole_or_not_at_all() {
    let dir = folder("threads");
    // Two caches on one folder, as two builds at the same time.
    let caches = [
        Arc::new(PhotoCache::new(dir.clone(), 1 << 30)),
        Arc::new(PhotoCache::new(dir.clone(), 1 << 30)),
    ];
    let p = Arc::new(jpeg(300, 400, 9));
    let want = embedded(&p);
    let threads: Vec<_> = (0..8)
        .map(|t| {
            let (cache, p) = (caches[t % 2].clone(), p.clone());
            std::thread::spawn(move || {
                let mut seen = Vec::new();
                for _ in 0..20 {
                    cache.store(&key(5), &p);
                    if let Some(back) = cache.load(&key(5)) {
                        seen.push(embedded(&back));
                    }
                }
                seen
            })
        })
        .collect();
    for t in threads {
        for seen in t.join().unwrap() {
            assert!(
                seen == want,
                "a picture read while others wrote it is the whole picture"
            );
        }
    }
    assert_eq!(entries(&dir).len(), 1, "one entry, no temporary file left");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cache_that_cannot_be_written_only_costs_time() {
    let dir = folder("blocked");
    std::fs::create_dir_all(dir.parent().unwrap()).unwrap();
    // A file where the folder should be.
    std::fs::write(&dir, b"in the way").unwrap();
    let cache = PhotoCache::new(dir.clone(), 1 << 30);
    cache.store(&key(1), &jpeg(10, 10, 1));
    assert!(cache.load(&key(1)).is_none());
    assert_eq!(std::fs::read(&dir).unwrap(), b"in the way", "nothing written over");
    let _ = std::fs::remove_file(&dir);
}
