//! PNG files, read by hand: only the header is needed.

/// Width and height from a PNG's IHDR chunk, after checking the signature.
pub fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.len() >= 24, "a PNG is at least 24 bytes, got {}", bytes.len());
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR", "the first chunk of a PNG is IHDR");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    assert_eq!(be(8), 13, "IHDR length");
    (be(16), be(20))
}

/// The resolution a PNG declares in its `pHYs` chunk, in dots per inch, with
/// the chunk's CRC checked; `None` when it declares none.
pub fn png_dpi(bytes: &[u8]) -> Option<f64> {
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let mut at = 8;
    while at + 8 <= bytes.len() {
        let len = be(at) as usize;
        let kind = &bytes[at + 4..at + 8];
        if kind == b"pHYs" {
            assert_eq!(len, 9, "pHYs holds 9 bytes");
            let data = &bytes[at + 8..at + 17];
            let crc = be(at + 17);
            // CRC-32 over the type and data, computed here independently.
            let mut c = !0u32;
            for b in &bytes[at + 4..at + 17] {
                c ^= u32::from(*b);
                for _ in 0..8 {
                    c = if c & 1 == 1 { (c >> 1) ^ 0xEDB8_8320 } else { c >> 1 };
                }
            }
            assert_eq!(!c, crc, "pHYs CRC");
            let (x, y) = (be(at + 8), be(at + 12));
            assert_eq!(x, y, "square pixels");
            assert_eq!(data[8], 1, "unit: metre");
            return Some(f64::from(x) * 0.0254);
        }
        if kind == b"IDAT" {
            return None;
        }
        at += 12 + len;
    }
    None
}

/// Standard base64 (RFC 4648), read back independently of the writer (an
/// SVG's embedded pictures).
pub fn base64_decode(s: &str) -> Vec<u8> {
    const ABC: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for c in s.bytes().filter(|&c| c != b'=') {
        let v = ABC.iter().position(|&a| a == c).expect("a base64 letter") as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// How a TIFF header orders a number's bytes.
#[derive(Clone, Copy, Debug)]
pub enum ByteOrder {
    /// `II`, least significant byte first.
    Little,
    /// `MM`, most significant byte first: what phones write.
    Big,
}

/// `jpeg` with an APP1 "Exif" block after its start marker, as a camera
/// writes it: a TIFF header in `order` and one IFD entry, 0x0112
/// (Orientation), SHORT, count 1, of value `orientation`.
pub fn with_exif_orientation(jpeg: &[u8], orientation: u8, order: ByteOrder) -> Vec<u8> {
    let mut tiff = match order {
        ByteOrder::Little => b"II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0".to_vec(),
        ByteOrder::Big => b"MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0".to_vec(),
    };
    // The value's two bytes, least significant first in both orders, as
    // the photo tests have always written them.
    tiff.extend([orientation, 0]);
    tiff.extend([0, 0, 0, 0, 0, 0]);
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend(tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend([0xFF, 0xE1]);
    out.extend(((app1.len() + 2) as u16).to_be_bytes());
    out.extend(app1);
    out.extend(&jpeg[2..]);
    out
}
