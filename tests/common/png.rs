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
