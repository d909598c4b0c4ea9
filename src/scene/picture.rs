//! Pictures ready to embed, in the form the exporters copy without loss: a
//! JPEG file (PDF's DCTDecode, SVG's `image/jpeg`) or a PNG file (SVG's
//! `image/png`, and PDF's FlateDecode with the PNG predictor, which reads
//! a PNG's compressed rows as they are).
//!
//! PDF keeps a picture's transparency apart from its colour (a soft mask), so
//! a PNG with alpha also carries its colour and its alpha compressed apart;
//! a PNG without alpha gives PDF its own compressed data, untouched.
//!
//! A photo embedded as it is stays in its file ([`FileBytes`]): it is read
//! when it is checked and read again when its page is written, through the
//! handle the [`World`](crate::input::world::World) gave for it (never around it),
//! so a deck of thousands of photos never holds them all at once.

use std::borrow::Cow;
use std::hash::Hasher;
use std::io;
use std::sync::Arc;

use siphasher::sip128::{Hasher128, SipHasher13};

use crate::input::world::Reread;

/// A picture ready to embed, named by a hash of its bytes so that one
/// picture used many times is embedded once, under the same name every run.
#[derive(Clone)]
pub struct Picture {
    /// A stable name from the bytes' hash.
    pub id: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The file and what PDF needs of it.
    pub data: PictureData,
}

/// The same picture: the same bytes (by their hash) at the same size.
impl PartialEq for Picture {
    fn eq(&self, other: &Picture) -> bool {
        self.id == other.id && self.width == other.width && self.height == other.height
    }
}

/// How a picture's pixels are held.
#[derive(Clone)]
pub enum PictureData {
    /// A JPEG file of three colour components (YCbCr or RGB).
    Jpeg(FileBytes),
    /// A PNG file, lossless.
    Png(Lossless),
}

/// A PNG file of 8 bits a sample, not interlaced, grey or RGB, with or
/// without alpha: the one kind of PNG whose compressed rows PDF reads as
/// they are.
#[derive(Clone)]
pub struct Lossless {
    /// The PNG file (what an SVG embeds).
    pub file: FileBytes,
    /// Colour components: 1 grey, 3 RGB.
    pub colours: u8,
    /// For a PNG with alpha: its colour and its alpha compressed apart, as
    /// PDF needs them. `None`: the PNG holds no alpha, and its own IDAT data
    /// is the colour.
    pub planes: Option<Arc<Planes>>,
}

/// A picture's colour and its alpha, each a zlib stream of PNG-filtered rows
/// (what FlateDecode with `/Predictor 15` reads).
#[derive(Clone, PartialEq)]
pub struct Planes {
    /// The colour rows (1 or 3 samples a pixel).
    pub colour: Vec<u8>,
    /// The alpha rows (1 sample a pixel; 0 clear, 255 opaque).
    pub alpha: Vec<u8>,
}

/// A file's bytes, named by their hash: held in memory, or left in the file
/// they were read from and read again when they are written (and refused
/// then if the file changed meanwhile).
#[derive(Clone)]
pub struct FileBytes {
    hash: u128,
    len: usize,
    /// The CRC-32 of the bytes, which a file read again must have: a
    /// change is caught at some 20 GB/s, where hashing again would take a
    /// tenth of a second a thousand photos.
    crc: u32,
    place: Place,
}

#[derive(Clone)]
enum Place {
    Held(Arc<[u8]>),
    OnDisk(Arc<dyn Reread>),
}

impl FileBytes {
    /// Bytes held in memory (made here, or read from a file that cannot be
    /// read again).
    pub fn held(bytes: Vec<u8>) -> FileBytes {
        FileBytes {
            hash: hash128(&bytes),
            len: bytes.len(),
            crc: crc32fast::hash(&bytes),
            place: Place::Held(bytes.into()),
        }
    }

    /// `bytes`, just read from `file`, left there: only their hash, length
    /// and checksum are kept, and the world's handle to read them again.
    pub fn on_disk(file: Arc<dyn Reread>, bytes: &[u8]) -> FileBytes {
        FileBytes {
            hash: hash128(bytes),
            len: bytes.len(),
            crc: crc32fast::hash(bytes),
            place: Place::OnDisk(file),
        }
    }

    /// The bytes' hash (SipHash 1-3, 128 bits, keys 0: fixed by its
    /// definition, the same on every machine and toolchain).
    pub fn hash(&self) -> u128 {
        self.hash
    }

    /// The number of bytes.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are no bytes.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The bytes: borrowed when held, read again from their file otherwise.
    /// A file that is no longer what was checked (edited, replaced, gone)
    /// is an error that names it, never other pixels in the output.
    pub fn read(&self) -> io::Result<Cow<'_, [u8]>> {
        match &self.place {
            Place::Held(bytes) => Ok(Cow::Borrowed(bytes)),
            Place::OnDisk(file) => {
                let changed = || {
                    io::Error::other(format!(
                        "the picture {} changed while the layout was being built; build again",
                        file.path().display()
                    ))
                };
                let bytes = file.read().map_err(|_| changed())?;
                if bytes.len() != self.len || crc32fast::hash(&bytes) != self.crc {
                    return Err(changed());
                }
                Ok(Cow::Owned(bytes))
            }
        }
    }
}

impl std::fmt::Debug for Picture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The bytes are named by their hash; printing them would say no more.
        let kind = match &self.data {
            PictureData::Jpeg(_) => "jpeg",
            PictureData::Png(p) if p.planes.is_some() => "png+alpha",
            PictureData::Png(_) => "png",
        };
        write!(f, "Picture({} {kind} {}x{})", self.id, self.width, self.height)
    }
}

/// 128 bits of SipHash 1-3 of `bytes`, keys 0.
pub fn hash128(bytes: &[u8]) -> u128 {
    let mut h = SipHasher13::new_with_keys(0, 0);
    h.write(bytes);
    h.finish128().as_u128()
}

/// A name for a picture's bytes: 64 bits of their hash, as hex.
fn hash_name(file: &FileBytes) -> String {
    format!("{:016x}", file.hash() as u64)
}

impl Picture {
    /// A JPEG file of `width` x `height` pixels, three colour components.
    pub fn jpeg(file: FileBytes, width: u32, height: u32) -> Picture {
        Picture {
            id: hash_name(&file),
            width,
            height,
            data: PictureData::Jpeg(file),
        }
    }

    /// A PNG file of the kind [`png_layout`] accepts, with its planes when it
    /// holds alpha.
    pub fn png(file: FileBytes, layout: PngLayout, planes: Option<Planes>) -> Picture {
        Picture {
            id: hash_name(&file),
            width: layout.width,
            height: layout.height,
            data: PictureData::Png(Lossless {
                file,
                colours: layout.colours,
                planes: planes.map(Arc::new),
            }),
        }
    }

    /// Whether some of the picture is see-through: what lies under it shows.
    pub fn has_alpha(&self) -> bool {
        matches!(&self.data, PictureData::Png(p) if p.planes.is_some())
    }
}

/// What a PNG file's header says, when its compressed rows can go into a
/// PDF as they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PngLayout {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Colour components: 1 grey, 3 RGB.
    pub colours: u8,
    /// Whether each pixel also holds an alpha sample.
    pub alpha: bool,
}

/// The PNG signature.
const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// A PNG's chunks in order, (type, data), up to the first that is cut short
/// or whose checksum is wrong.
fn chunks(file: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    let mut at = SIGNATURE.len();
    std::iter::from_fn(move || {
        let be = |i: usize| file.get(i..i + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
        let len = be(at)? as usize;
        let kind: [u8; 4] = file.get(at + 4..at + 8)?.try_into().ok()?;
        let data = file.get(at + 8..at + 8 + len)?;
        if be(at + 8 + len)? != crc32fast::hash(&file[at + 4..at + 8 + len]) {
            return None;
        }
        at += 12 + len;
        Some((kind, data))
    })
}

/// The layout of a PNG file whose compressed rows a PDF reads as they are:
/// whole (every chunk's checksum right, up to IEND), 8 bits a sample, not
/// interlaced, grey or RGB with or without alpha, no palette, no colour key
/// (`tRNS`) and no EXIF block (which may ask for a turn). `None` for any
/// other: it is decoded instead.
pub fn png_layout(file: &[u8]) -> Option<PngLayout> {
    if !file.starts_with(SIGNATURE) {
        return None;
    }
    let mut layout = None;
    let mut has_data = false;
    for (kind, data) in chunks(file) {
        match &kind {
            b"IHDR" if data.len() == 13 => {
                let be = |i: usize| u32::from_be_bytes([data[i], data[i + 1], data[i + 2], data[i + 3]]);
                let (depth, colour, interlace) = (data[8], data[9], data[12]);
                let (colours, alpha) = match colour {
                    0 => (1, false),
                    2 => (3, false),
                    4 => (1, true),
                    6 => (3, true),
                    _ => return None,
                };
                if depth != 8 || interlace != 0 {
                    return None;
                }
                layout = Some(PngLayout {
                    width: be(0),
                    height: be(4),
                    colours,
                    alpha,
                });
            }
            b"tRNS" | b"eXIf" => return None,
            b"IDAT" => has_data = true,
            b"IEND" => return layout.filter(|_| has_data),
            _ => {}
        }
    }
    None
}

/// Encodes pixels of `samples` bytes each (1 grey, 2 grey and alpha, 3 RGB,
/// 4 RGBA) as a PNG file, with the encoder's own choice of row filters.
pub fn encode(pixels: &[u8], width: u32, height: u32, samples: u8) -> Result<Vec<u8>, String> {
    let colour = match samples {
        1 => ::png::ColorType::Grayscale,
        2 => ::png::ColorType::GrayscaleAlpha,
        3 => ::png::ColorType::Rgb,
        _ => ::png::ColorType::Rgba,
    };
    let mut out = Vec::new();
    let mut encoder = ::png::Encoder::new(&mut out, width, height);
    encoder.set_color(colour);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_compression(::png::Compression::Balanced);
    let mut writer = encoder.write_header().map_err(|e| format!("cannot encode: {e}"))?;
    writer
        .write_image_data(pixels)
        .map_err(|e| format!("cannot encode: {e}"))?;
    writer.finish().map_err(|e| format!("cannot encode: {e}"))?;
    Ok(out)
}

/// A PNG file's IDAT chunks, in order: joined, they are one zlib stream of
/// filtered rows.
pub fn idat_chunks(file: &[u8]) -> impl Iterator<Item = &[u8]> {
    chunks(file).filter(|c| c.0 == *b"IDAT").map(|c| c.1)
}

/// A PNG file's IDAT chunks joined.
fn idat(file: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    for chunk in idat_chunks(file) {
        out.extend_from_slice(chunk);
    }
    out
}

/// The colour and the alpha of pixels of `colours` + 1 samples each, compressed
/// apart for PDF.
pub fn planes(pixels: &[u8], width: u32, height: u32, colours: u8) -> Result<Planes, String> {
    let n = usize::from(colours) + 1;
    let colour: Vec<u8> = pixels.chunks_exact(n).flat_map(|p| &p[..n - 1]).copied().collect();
    let alpha: Vec<u8> = pixels.chunks_exact(n).map(|p| p[n - 1]).collect();
    Ok(Planes {
        colour: idat(&encode(&colour, width, height, colours)?),
        alpha: idat(&encode(&alpha, width, height, 1)?),
    })
}

/// A lossless picture of decoded pixels: `colours` (1 grey, 3 RGB) samples
/// a pixel, then an alpha sample when `alpha`. Alpha that is opaque
/// everywhere is left out: nothing shows through it.
pub fn lossless(pixels: &[u8], width: u32, height: u32, colours: u8, alpha: bool) -> Result<Picture, String> {
    let n = usize::from(colours) + 1;
    if alpha && pixels.chunks_exact(n).all(|p| p[n - 1] == 255) {
        let opaque: Vec<u8> = pixels.chunks_exact(n).flat_map(|p| &p[..n - 1]).copied().collect();
        return lossless(&opaque, width, height, colours, false);
    }
    let layout = PngLayout {
        width,
        height,
        colours,
        alpha,
    };
    let file = FileBytes::held(encode(pixels, width, height, colours + u8::from(alpha))?);
    let planes = if alpha {
        Some(planes(pixels, width, height, colours)?)
    } else {
        None
    };
    Ok(Picture::png(file, layout, planes))
}
