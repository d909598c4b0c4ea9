//! Photos: read, turned upright, cropped to fill their frame and resampled
//! to at most 300 dpi at printed size, ready to embed. A stage any kind
//! uses (a deck's player photos and crests, a custom sheet's pictures); it
//! knows frames and files, never the kinds that ask for them.
//!
//! A file that is already what the page needs (the frame's proportions and
//! no more pixels than 300 dpi needs) is embedded as it is: a JPEG of three
//! colour components, complete and with no EXIF turn, as its own bytes; a
//! PNG of 8 bits a sample, not interlaced, grey or RGB, as its own
//! compressed rows (only its alpha, which PDF keeps apart, is decoded).
//! Anything else is decoded, cropped and resampled as the frame needs: a
//! JPEG is encoded again as RGB JPEG (a CMYK or greyscale JPEG passed
//! through would print inverted or flat grey, and a phone photo's EXIF turn
//! would be lost), and every other photo (a WebP, a GIF's first frame, a
//! PNG of another kind or shape) is kept lossless, as PNG rows. Other
//! formats are refused with the ones read named.
//!
//! A JPEG of far more pixels than its frame prints (a phone's 12
//! megapixels for a frame of 390 x 520) is decoded at 1/2, 1/4 or 1/8 of
//! its size as it is read, and the picture made for a frame is made once
//! per process, shared by every language of a build ([`made_once`]), and
//! kept on disk for the builds after it ([`cache`]).

pub mod cache;

use std::io::Cursor;
use std::path::Path;

use ::image::metadata::Orientation;
use ::image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, imageops::FilterType};

use self::cache::EntryKey;
use crate::geom::{MM_PER_PT, Size};
use crate::input::world::{Input, World};
use crate::scene::picture::{self, FileBytes, Picture, PictureData};

/// The most pixels per inch worth embedding for print.
pub const MAX_DPI: f64 = 300.0;
/// JPEG quality of re-encoded photos.
const QUALITY: u8 = 90;
/// The most pixels a photo may have to be decoded: 50 megapixels (a
/// 48-megapixel phone photo, 8000 x 6000, fits). A file's header may claim
/// any size (100000 x 100000 in 86 bytes); decoding what it claims would
/// take gigabytes, so a larger one is refused before a pixel is decoded.
pub const MAX_PHOTO_PIXELS: u64 = 50_000_000;
/// The most memory the decoder of one photo may take, its pixels included
/// (50 megapixels of 8-bit RGBA are 200 MB; 16-bit RGB of 48 are 288 MB).
pub const MAX_DECODE_BYTES: u64 = 320 * 1024 * 1024;

/// A photo ready for its frame, with what the user should know about its
/// file (it is cut short, say) even though it could be used.
pub struct Photo {
    /// The picture to embed.
    pub picture: std::sync::Arc<Picture>,
    /// Warnings about the file, in the user's words.
    pub notes: Vec<Trouble>,
}

/// What a JPEG's markers say before any pixel is decoded.
#[derive(Debug, Default, PartialEq)]
struct JpegHeader {
    /// Colour components of the frame: 1 grey, 3 YCbCr or RGB, 4 CMYK or YCCK.
    components: u8,
    /// Whether the frame is sequential (baseline or extended Huffman, SOF0
    /// and SOF1): its one scan ends where its data ends.
    sequential: bool,
    /// Whether the markers are whole and the data ends with its end marker: a
    /// file cut short when copied or downloaded has no end marker.
    complete: bool,
}

/// Walks a JPEG's markers up to its scan data. Only what deciding to pass the
/// file through needs is read; the decoder judges the rest.
fn jpeg_header(bytes: &[u8]) -> JpegHeader {
    let mut head = JpegHeader::default();
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return head;
    }
    let mut at = 2;
    while at + 4 <= bytes.len() {
        if bytes[at] != 0xFF {
            return head;
        }
        let marker = bytes[at + 1];
        if marker == 0xFF || marker == 0x01 || (0xD0..=0xD7).contains(&marker) {
            at += if marker == 0xFF { 1 } else { 2 };
            continue;
        }
        let len = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
        let Some(segment) = bytes.get(at + 4..at + 2 + len).filter(|_| len >= 2) else {
            return head;
        };
        match marker {
            // Start of frame (every coding but the DHT/JPG/DAC markers).
            0xC0..=0xCF if ![0xC4, 0xC8, 0xCC].contains(&marker) => {
                head.components = segment.get(5).copied().unwrap_or(0);
                head.sequential = matches!(marker, 0xC0 | 0xC1);
            }
            0xDA => {
                // Scan data follows: the file is whole when it ends with EOI
                // (some writers pad a few zero bytes after it).
                let end = bytes.iter().rposition(|&b| b != 0).unwrap_or(0);
                head.complete = end >= at && bytes[..=end].ends_with(&[0xFF, 0xD9]);
                return head;
            }
            _ => {}
        }
        at += 2 + len;
    }
    head
}

/// Whether an orientation swaps the photo's width and height.
fn turns_sideways(o: Orientation) -> bool {
    matches!(
        o,
        Orientation::Rotate90 | Orientation::Rotate270 | Orientation::Rotate90FlipH | Orientation::Rotate270FlipH
    )
}

/// A picture's size as it stands: what its file stores, and the turn its
/// EXIF orientation asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Upright {
    /// Width and height in pixels, upright: a phone photo stored 4000 x 3000
    /// with orientation 6 is 3000 x 4000.
    pub size: (u32, u32),
    /// The turn that makes the stored pixels upright.
    pub orientation: Orientation,
}

impl Upright {
    /// Whether the stored pixels already stand upright.
    pub fn as_stored(&self) -> bool {
        self.orientation == Orientation::NoTransforms
    }
}

/// The one place a picture's size is read: its upright size and turn, from
/// its header alone (no pixel is decoded), whatever its format (the EXIF
/// orientation of a JPEG, a PNG's eXIf chunk, a WebP's EXIF). Every box
/// sized to a picture, and every crop and resolution worked out for one,
/// takes its size from here, so that a phone photo held upright is never
/// measured lying down.
pub fn upright(bytes: &[u8]) -> Result<Upright, ::image::ImageError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    // Even reading the header makes a decoder, and some allocate as they
    // are made: within the limits too.
    reader.limits(limits());
    let mut decoder = reader.into_decoder()?;
    let (w, h) = decoder.dimensions();
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let size = if turns_sideways(orientation) { (h, w) } else { (w, h) };
    Ok(Upright { size, orientation })
}

/// The photo formats read, for the user.
pub const FORMATS: &str = "JPEG, PNG, WebP or GIF";

/// What is wrong with a photo (why it cannot be used, or what the user
/// should know though it can), and what the user can do about it.
#[derive(Debug)]
pub struct Trouble {
    /// What is wrong, in the user's words.
    pub why: String,
    /// What to do.
    pub hint: String,
}

/// Where a picture's file is named, for hints that say what to change: a
/// card's spreadsheet cell or a key of a layout (a custom sheet's
/// `[[image]]`, a card template's back).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// A cell of the deck's spreadsheet, relative to the photos folder; an
    /// empty cell prints the silhouette.
    Cell,
    /// A layout's key, relative to the layout's folder.
    Key,
}

/// What to do about a file a cell of the sheet names that cannot be read
/// (a photo, a crest): where the name is looked for.
pub const CELL_HINT: &str = "check the file name in the column: it is relative to the folder the deck layout's \
     `photos` key names (the spreadsheet's own folder when left out); or leave the cell empty";

impl Named {
    /// What to do about a file that cannot be read.
    fn missing(self) -> String {
        match self {
            Named::Cell => CELL_HINT,
            Named::Key => "check the file name (relative to the folder of the file that names it)",
        }
        .to_string()
    }
}

impl Trouble {
    /// A file that was read but is not a photo in a format read.
    fn format(why: String, named: Named) -> Trouble {
        Trouble {
            why,
            hint: match named {
                Named::Cell => format!("save the photo as {FORMATS} (the formats read), or leave the cell empty"),
                Named::Key => format!("save the picture as {FORMATS} (the formats read)"),
            },
        }
    }

    /// A photo whose data cannot be decoded or encoded.
    fn broken(why: String) -> Trouble {
        Trouble {
            why,
            hint: "open the photo in an image program and save it again as JPEG or PNG".to_string(),
        }
    }
}

/// What a file no decoder here reads most likely is, by its first bytes:
/// the photo formats phones and cameras write that are not read.
fn unread_kind(bytes: &[u8], format: Option<ImageFormat>) -> String {
    let brand = bytes.get(4..12).unwrap_or(&[]);
    match format {
        _ if [b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc"]
            .iter()
            .any(|b| brand == *b) =>
        {
            "it is a HEIC photo, as iPhones save them, which this tool does not read".to_string()
        }
        _ if brand == b"ftypavif" => "it is an AVIF image, which this tool does not read".to_string(),
        Some(f) => format!(
            "it is a {} image, which this tool does not read",
            f.extensions_str().first().unwrap_or(&"").to_uppercase()
        ),
        None => format!("it is not a photo this tool reads ({FORMATS})"),
    }
}

/// The least resolution a photo should print at: below it, a face on a card
/// looks blurred and its pixels show.
pub const MIN_DPI: f64 = 150.0;

/// A warning when a photo of `px` pixels (upright) prints below
/// [`MIN_DPI`] in `frame`, with the pixel sizes that would reach 150 and 300
/// dpi. It is cropped to fill the frame, so the side with fewer pixels for
/// its length sets the resolution.
fn too_few_pixels(px: (u32, u32), frame: Size) -> Option<Trouble> {
    let inch = |mm: f64| mm / (72.0 * MM_PER_PT);
    let dpi = (f64::from(px.0) / inch(frame.w.0)).min(f64::from(px.1) / inch(frame.h.0));
    if dpi >= MIN_DPI {
        return None;
    }
    let size = |dpi: f64| {
        format!(
            "{} x {} px",
            (inch(frame.w.0) * dpi).ceil(),
            (inch(frame.h.0) * dpi).ceil()
        )
    };
    let mm = |v: f64| (v * 10.0).round() / 10.0;
    Some(Trouble {
        why: format!(
            "it is {} x {} px, so it prints at {:.0} dpi in the {} x {} mm frame and will look blurred",
            px.0,
            px.1,
            dpi.floor(),
            mm(frame.w.0),
            mm(frame.h.0)
        ),
        hint: format!(
            "use a photo of at least {} ({MIN_DPI:.0} dpi); {} ({MAX_DPI:.0} dpi) is the most worth printing",
            size(MIN_DPI),
            size(MAX_DPI)
        ),
    })
}

/// Loads `path` for a frame of `frame` size, cropping around `focus` (fractions
/// of the upright photo's width and height; the centre is (0.5, 0.5)).
/// `named` says where the file is named, for the hints.
pub fn load(world: &dyn World, path: &Path, frame: Size, focus: (f64, f64), named: Named) -> Result<Photo, Trouble> {
    let bytes = world.read_bytes(path, Input::Image).map_err(|e| Trouble {
        why: format!("the file {}", crate::input::Unreadable::from_io(&e).reason),
        hint: named.missing(),
    })?;
    let mut reader = ImageReader::new(Cursor::new(&bytes))
        .with_guessed_format()
        .map_err(|e| Trouble::broken(format!("the file cannot be read: {e}")))?;
    // Even reading the header makes a decoder, and some allocate as they
    // are made: within the limits too.
    reader.limits(limits());
    let format = reader.format();
    if !matches!(
        format,
        Some(ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Gif)
    ) {
        return Err(Trouble::format(unread_kind(&bytes, format), named));
    }
    let is_jpeg = format == Some(ImageFormat::Jpeg);
    let head = if is_jpeg {
        jpeg_header(&bytes)
    } else {
        JpegHeader::default()
    };
    let mut notes = Vec::new();
    if is_jpeg && !head.complete {
        notes.push(Trouble {
            why: "the file ends early, as if cut short when it was copied or downloaded: \
                  part of the photo may print grey"
                .to_string(),
            hint: "copy or export the photo again".to_string(),
        });
    }
    let stands = upright(&bytes).map_err(|e| Trouble::broken(format!("cannot decode: {e}")))?;
    let (w, h) = stands.size;
    if u64::from(w) * u64::from(h) > MAX_PHOTO_PIXELS {
        return Err(Trouble {
            why: format!(
                "the file says it is {w} x {h} pixels, more than the {} megapixels a photo may have",
                MAX_PHOTO_PIXELS / 1_000_000
            ),
            hint: format!(
                "resize it in an image program: its {:.0} x {:.0} mm frame prints {} x {} pixels at {MAX_DPI:.0} dpi",
                frame.w.0,
                frame.h.0,
                (frame.w.0 / (72.0 * MM_PER_PT) * MAX_DPI).round(),
                (frame.h.0 / (72.0 * MM_PER_PT) * MAX_DPI).round()
            ),
        });
    }
    let inch = |mm: f64| mm / (72.0 * MM_PER_PT);
    notes.extend(too_few_pixels((w, h), frame));
    let max = (
        (inch(frame.w.0) * MAX_DPI).round() as u32,
        (inch(frame.h.0) * MAX_DPI).round() as u32,
    );
    let aspect = frame.w.0 / frame.h.0;
    let same_shape = ((w as f64 / h as f64) / aspect - 1.0).abs() < 0.01;
    let as_it_is = same_shape && w <= max.0.max(1) && h <= max.1.max(1);
    // A file embedded as it is stays in its file until it is written.
    let kept = |bytes: &[u8]| match world.reread(path, Input::Image) {
        Some(file) => FileBytes::on_disk(file, bytes),
        None => FileBytes::held(bytes.to_vec()),
    };
    if is_jpeg && head.components == 3 && stands.as_stored() && head.complete && as_it_is {
        // Embedded as it is, the file is decoded only by the printer's
        // viewer: it must decode there, so it is decoded here first, strictly.
        strict_jpeg(&bytes, head.sequential).map_err(Trouble::broken)?;
        return Ok(Photo {
            picture: Picture::jpeg(kept(&bytes), w, h).into(),
            notes,
        });
    }
    if format == Some(ImageFormat::Png)
        && as_it_is
        && stands.as_stored()
        && let Some(picture) = png_as_it_is(&bytes, kept).map_err(Trouble::broken)?
    {
        return Ok(Photo {
            picture: picture.into(),
            notes,
        });
    }
    // Made once per process for every language and every deck that prints
    // it in a frame of this size and crop: a deck built in three languages
    // decodes each photo once.
    let key = EntryKey {
        source: picture::hash128(&bytes),
        frame: [frame.w.0.to_bits(), frame.h.0.to_bits()],
        focus: [focus.0.to_bits(), focus.1.to_bits()],
    };
    let fit = Fit {
        upright: (w, h),
        turn: stands.orientation,
        max,
        aspect,
        focus,
    };
    let picture = made_once(key, (&bytes, &head, is_jpeg), fit)
        .map_err(|why| Trouble::broken(notes.first().map_or(why, |cut| cut.why.clone())))?;
    Ok(Photo { picture, notes })
}

/// The picture [`make`] makes of a file for a frame, made once for `key`:
/// the first thread to ask makes it, one that asks meanwhile (another
/// language of the build, on another thread) waits for it, and later ones
/// take it as it was kept.
fn made_once(
    key: EntryKey,
    (bytes, head, is_jpeg): (&[u8], &JpegHeader, bool),
    fit: Fit,
) -> Result<std::sync::Arc<Picture>, String> {
    let cell = memo_cell(key);
    let mut failure = None;
    let made = cell.get_or_init(|| {
        // Kept on disk by an earlier build: read, not made.
        let cache = cache::in_use();
        let kept = cache.as_ref().and_then(|c| c.load(&key));
        let picture = match kept {
            Some(picture) => {
                cache::count_photo(true);
                picture
            }
            None => match make(bytes, head, is_jpeg, fit) {
                Ok(picture) => {
                    cache::count_photo(false);
                    if let Some(cache) = &cache {
                        cache.store(&key, &picture);
                    }
                    picture
                }
                Err(why) => {
                    failure = Some(why);
                    return None;
                }
            },
        };
        let picture = std::sync::Arc::new(picture);
        count_kept(&picture);
        Some(picture)
    });
    match made {
        Some(picture) => Ok(picture.clone()),
        // Made and failed on another thread: the reason is made again here.
        None => Err(failure.unwrap_or_else(|| make(bytes, head, is_jpeg, fit).err().unwrap_or_default())),
    }
}

/// What a frame asks of a photo.
#[derive(Clone, Copy)]
struct Fit {
    /// The photo's pixels, upright.
    upright: (u32, u32),
    /// The turn that stands the stored pixels upright ([`upright`]).
    turn: Orientation,
    /// The most pixels the frame takes (300 dpi).
    max: (u32, u32),
    /// The frame's width over its height.
    aspect: f64,
    /// Where the crop centres, as shares of the photo's width and height.
    focus: (f64, f64),
}

/// The picture a photo's file (`bytes`, whose markers `head` read when it
/// is a JPEG) makes for a frame: upright, cropped to the frame's shape and
/// resampled to at most its pixels ([`Fit`]). A JPEG stays a JPEG, anything
/// else is kept lossless. The reason in words when it cannot be decoded or
/// encoded.
fn make(bytes: &[u8], head: &JpegHeader, is_jpeg: bool, fit: Fit) -> Result<Picture, String> {
    let Fit {
        upright: (w, h),
        turn,
        max,
        aspect,
        focus,
    } = fit;
    // A whole JPEG of more pixels than its frame prints is decoded at the
    // smallest scale that still fills the frame at 300 dpi; anything else
    // (a file cut short, CMYK, a scale of one) the usual way.
    let scale = frame_scale((w, h), max, aspect);
    let scaled = (is_jpeg && head.complete && matches!(head.components, 1 | 3) && scale < 1.0)
        .then(|| decode_jpeg_scaled(bytes, scale, turn))
        .flatten();
    let img = match scaled {
        Some(img) => img,
        None => decode_upright(bytes, turn).map_err(|e| format!("cannot decode: {e}"))?,
    };
    let cropped = crop_to_frame(&img, max, aspect, focus);
    let picture = if is_jpeg {
        // A JPEG stays a JPEG: its losses are already in it, and a lossless
        // copy of a photo would be several times its size.
        let rgb = flatten(&cropped);
        let mut out = Vec::new();
        ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
            .encode_image(&rgb)
            .map_err(|e| format!("cannot encode: {e}"))?;
        Picture::jpeg(FileBytes::held(out), rgb.width(), rgb.height())
    } else {
        lossless(&cropped)?
    };
    Ok(picture)
}

/// The most bytes of made photos kept for reuse: past it the memo starts
/// again (a 60-photo deck keeps about 5 MB; ten thousand cards would keep
/// several hundred).
const MEMO_BYTES: usize = 256 << 20;

/// Photos made from their files (decoded, turned, cropped, resampled), for
/// the life of the process: the other languages of a build and the
/// rebuilds of `--watch` reuse them. Only made pictures are kept: a file
/// embedded as it is costs nothing to take again, and stays tied to the
/// world it was read from.
fn memo() -> &'static std::sync::Mutex<Memo> {
    static MEMO: std::sync::OnceLock<std::sync::Mutex<Memo>> = std::sync::OnceLock::new();
    MEMO.get_or_init(Default::default)
}

/// A photo being made or made for one key: empty while the first thread
/// to ask makes it, `None` when it could not be made.
type MemoCell = std::sync::Arc<std::sync::OnceLock<Option<std::sync::Arc<Picture>>>>;

/// The photos kept, and their bytes.
#[derive(Default)]
struct Memo {
    /// Each photo by what it was made from.
    made: std::collections::HashMap<EntryKey, MemoCell>,
    /// The bytes they hold.
    bytes: usize,
}

/// The cell of the photo made for `key`: the one kept, or a new empty one.
fn memo_cell(key: EntryKey) -> MemoCell {
    let mut memo = memo().lock().unwrap_or_else(|e| e.into_inner());
    memo.made.entry(key).or_default().clone()
}

/// Counts `picture`, just made, against [`MEMO_BYTES`]: past it the photos
/// kept are let go (a thread making or holding one keeps its own).
fn count_kept(picture: &Picture) {
    let size = match &picture.data {
        picture::PictureData::Jpeg(file) => file.len(),
        picture::PictureData::Png(png) => {
            png.file.len() + png.planes.as_ref().map_or(0, |p| p.colour.len() + p.alpha.len())
        }
    };
    let mut memo = memo().lock().unwrap_or_else(|e| e.into_inner());
    memo.bytes += size;
    if memo.bytes > MEMO_BYTES {
        memo.made.clear();
        memo.bytes = 0;
    }
}

/// Whether a JPEG decodes without repairs: entropy data that is garbage,
/// a marker inside it or a scan cut short are errors here, where the
/// lenient decoder fills them with noise or grey (and a viewer says
/// "Corrupt JPEG data" when it prints).
///
/// At the end marker the decoder reads zeros for as long as it asks, so a
/// scan whose data runs out just before it would pass even in strict mode:
/// for a `sequential` file, whose one scan never asks past its own data,
/// the copy decoded ends where the end marker stood, and a scan that asks
/// for more than the file holds fails with "exhausted data". A progressive
/// file's last scan is read past its data by the decoder (it was measured:
/// valid files fail so), so it keeps its end marker and only the strict
/// checks of its codes and markers apply.
fn strict_jpeg(bytes: &[u8], sequential: bool) -> Result<(), String> {
    // The verdict is a function of the bytes alone, and a build asks it for
    // the same photo in every language and every deck that shows it (the
    // league's 160 photos six times in the main job: a fifth of its time
    // went to decoding them again). The hashes of files that passed are
    // remembered for the life of the process; a failure is decoded again,
    // so that its message is always the decoder's own.
    let hash = picture::hash128(bytes);
    if passed().lock().is_ok_and(|set| set.contains(&(hash, sequential))) {
        return Ok(());
    }
    decode_strictly(bytes, sequential)?;
    if let Ok(mut set) = passed().lock() {
        // Bounded: 16 bytes and a flag a photo, and forgotten all at once
        // when full (a --watch session that runs for days).
        if set.len() >= PASSED_MAX {
            set.clear();
        }
        set.insert((hash, sequential));
    }
    Ok(())
}

/// The most photo verdicts remembered at once (some 2 MB).
const PASSED_MAX: usize = 65_536;

/// The photos that passed the strict decoding, by the hash of their bytes.
fn passed() -> &'static std::sync::Mutex<std::collections::HashSet<(u128, bool)>> {
    static PASSED: std::sync::OnceLock<std::sync::Mutex<std::collections::HashSet<(u128, bool)>>> =
        std::sync::OnceLock::new();
    PASSED.get_or_init(Default::default)
}

/// [`strict_jpeg`]'s decoding, done every time.
fn decode_strictly(bytes: &[u8], sequential: bool) -> Result<(), String> {
    let end = match sequential {
        true => bytes.windows(2).rposition(|w| w == [0xFF, 0xD9]).unwrap_or(bytes.len()),
        false => bytes.len(),
    };
    let options = zune_core::options::DecoderOptions::default().set_strict_mode(true);
    zune_jpeg::JpegDecoder::new_with_options(Cursor::new(&bytes[..end]), options)
        .decode()
        .map(|_| ())
        .map_err(|e| format!("its picture data is damaged ({e}), so it would print as noise"))
}

/// `picture` as a JPEG, for a deck that asks for smaller files over
/// lossless photos (`photo_format = "jpeg"`): a JPEG is kept as it is;
/// anything else is decoded from its PNG, laid on white where it is clear,
/// and encoded at the quality photos are re-encoded at.
pub fn as_jpeg(picture: &Picture) -> Result<Picture, String> {
    let PictureData::Png(l) = &picture.data else {
        return Ok(picture.clone());
    };
    let file = l.file.read().map_err(|e| e.to_string())?;
    let img =
        ::image::load_from_memory_with_format(&file, ImageFormat::Png).map_err(|e| format!("cannot decode: {e}"))?;
    let rgb = flatten(&img);
    let mut out = Vec::new();
    ::image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, QUALITY)
        .encode_image(&rgb)
        .map_err(|e| format!("cannot encode: {e}"))?;
    Ok(Picture::jpeg(FileBytes::held(out), rgb.width(), rgb.height()))
}

/// A PNG file of the frame's shape and resolution, embedded as it is when a
/// PDF can read its compressed rows (`None` when it must be decoded). Its
/// alpha, which PDF keeps apart, is the one thing decoded; alpha opaque
/// everywhere is no alpha, and the PNG is written again without it.
fn png_as_it_is(bytes: &[u8], kept: impl Fn(&[u8]) -> FileBytes) -> Result<Option<Picture>, String> {
    let Some(layout) = picture::png_layout(bytes) else {
        return Ok(None);
    };
    if !layout.alpha {
        return Ok(Some(Picture::png(kept(bytes), layout, None)));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), ImageFormat::Png);
    reader.limits(limits());
    let img = reader.decode().map_err(|e| format!("cannot decode: {e}"))?;
    let pixels = if layout.colours == 1 {
        img.to_luma_alpha8().into_raw()
    } else {
        img.to_rgba8().into_raw()
    };
    let n = usize::from(layout.colours) + 1;
    if pixels.chunks_exact(n).all(|p| p[n - 1] == 255) {
        return Ok(None);
    }
    let planes = picture::planes(&pixels, layout.width, layout.height, layout.colours)?;
    Ok(Some(Picture::png(kept(bytes), layout, Some(planes))))
}

/// A decoded photo kept without loss: grey stays grey, and alpha stays as
/// the PDF's soft mask and the SVG's PNG alpha (8 bits a sample: what print
/// and screens use).
fn lossless(img: &DynamicImage) -> Result<Picture, String> {
    use ::image::ColorType as C;
    let grey = matches!(img.color(), C::L8 | C::La8 | C::L16 | C::La16);
    let alpha = img.color().has_alpha();
    let pixels = match (grey, alpha) {
        (true, false) => img.to_luma8().into_raw(),
        (true, true) => img.to_luma_alpha8().into_raw(),
        (false, false) => img.to_rgb8().into_raw(),
        (false, true) => img.to_rgba8().into_raw(),
    };
    picture::lossless(&pixels, img.width(), img.height(), if grey { 1 } else { 3 }, alpha)
}

/// The limits every photo is decoded within: its pixels and what the
/// decoder may allocate ([`MAX_PHOTO_PIXELS`], [`MAX_DECODE_BYTES`]).
pub fn limits() -> ::image::Limits {
    let mut limits = ::image::Limits::default();
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    let side = u32::try_from(MAX_PHOTO_PIXELS).unwrap_or(u32::MAX);
    limits.max_image_width = Some(side);
    limits.max_image_height = Some(side);
    limits
}

/// Decodes a photo (CMYK and grey JPEGs converted to RGB) and turns it by
/// `turn`, its EXIF orientation as [`upright`] read it, so that a phone
/// photo stands upright. The
/// decoder works within [`limits`]: the pixels it will make are reserved
/// against them before any is decoded.
fn decode_upright(bytes: &[u8], turn: Orientation) -> Result<DynamicImage, ::image::ImageError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format()?;
    reader.limits(limits());
    let mut decoder = reader.into_decoder()?;
    let mut limits = limits();
    limits.reserve(decoder.total_bytes())?;
    decoder.set_limits(limits)?;
    let mut img = DynamicImage::from_decoder(decoder)?;
    img.apply_orientation(turn);
    Ok(img)
}

/// How much of an upright photo of `w` x `h` pixels a frame of `aspect`
/// (width over height) shows: the largest box of its proportions.
fn crop_size((w, h): (u32, u32), aspect: f64) -> (u32, u32) {
    let (cw, ch) = if (w as f64 / h as f64) > aspect {
        (((h as f64) * aspect).round() as u32, h)
    } else {
        (w, ((w as f64) / aspect).round() as u32)
    };
    (cw.clamp(1, w.max(1)), ch.clamp(1, h.max(1)))
}

/// The share of an upright photo's pixels (`w` x `h`) its frame needs: the
/// part it shows resampled to `max` pixels (300 dpi), 1 or more when the
/// photo has no more than that.
fn frame_scale((w, h): (u32, u32), max: (u32, u32), aspect: f64) -> f64 {
    let (cw, ch) = crop_size((w, h), aspect);
    (max.0 as f64 / cw as f64).max(max.1 as f64 / ch as f64)
}

/// A JPEG (grey or colour, not CMYK) decoded at the smallest of 1/2, 1/4
/// and 1/8 of its size that keeps at least `scale` of its pixels each way
/// (the decoder reduces each 8 x 8 block as it is transformed, reading the
/// file's data once, as libjpeg's scaled decoding does), then turned upright
/// as `orientation` says. `None` when no reduction serves or this decoder
/// cannot read the file: it is then decoded whole ([`decode_upright`]), so
/// a file only the usual decoder reads still prints.
fn decode_jpeg_scaled(bytes: &[u8], scale: f64, orientation: Orientation) -> Option<DynamicImage> {
    let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    decoder.set_max_decoding_buffer_size(usize::try_from(MAX_DECODE_BYTES).unwrap_or(usize::MAX));
    decoder.read_info().ok()?;
    let info = decoder.info()?;
    // A pixel more each way than the scale asks, so that rounding never
    // leaves the frame a pixel short of 300 dpi.
    let ask = |side: u16| ((f64::from(side) * scale).ceil() + 1.0).min(f64::from(side)) as u16;
    let (w, h) = decoder.scale(ask(info.width), ask(info.height)).ok()?;
    if (w, h) == (info.width, info.height) {
        return None;
    }
    let pixels = decoder.decode().ok()?;
    let (w, h) = (u32::from(w), u32::from(h));
    let mut img = match info.pixel_format {
        jpeg_decoder::PixelFormat::L8 => DynamicImage::ImageLuma8(::image::GrayImage::from_raw(w, h, pixels)?),
        jpeg_decoder::PixelFormat::RGB24 => DynamicImage::ImageRgb8(::image::RgbImage::from_raw(w, h, pixels)?),
        _ => return None,
    };
    img.apply_orientation(orientation);
    Some(img)
}

/// Crops `img` to the frame's proportions, as large as the photo allows,
/// around `focus`, and resamples it to at most `max` pixels.
fn crop_to_frame(img: &DynamicImage, max: (u32, u32), aspect: f64, focus: (f64, f64)) -> DynamicImage {
    let (w, h) = (img.width(), img.height());
    let (cw, ch) = crop_size((w, h), aspect);
    let fx = focus.0.clamp(0.0, 1.0) * w as f64 - cw as f64 / 2.0;
    let fy = focus.1.clamp(0.0, 1.0) * h as f64 - ch as f64 / 2.0;
    let x = fx.round().clamp(0.0, (w - cw) as f64) as u32;
    let y = fy.round().clamp(0.0, (h - ch) as f64) as u32;
    if cw > max.0 || ch > max.1 {
        resample(img, (x, y, cw, ch), (max.0.max(1), max.1.max(1)))
    } else {
        img.crop_imm(x, y, cw, ch)
    }
}

/// The part `(x, y, w, h)` of `img` resampled to `size` pixels (Lanczos,
/// three lobes), read straight from the photo without a cropped copy. The
/// resampler mixes neighbouring pixels, which is right only for colour
/// weighted by its alpha: a PNG's colour is not (the colour of its clear
/// pixels, often black, would bleed into a cut-out's edge), so colour is
/// weighted by alpha first and divided by it after, and a clear pixel
/// keeps no colour.
fn resample(img: &DynamicImage, (x, y, w, h): (u32, u32, u32, u32), size: (u32, u32)) -> DynamicImage {
    use fast_image_resize::{FilterType as Filter, ResizeAlg, ResizeOptions, Resizer};
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(Filter::Lanczos3))
        .crop(f64::from(x), f64::from(y), f64::from(w), f64::from(h))
        .use_alpha(true);
    let mut out = DynamicImage::new(size.0, size.1, img.color());
    match Resizer::new().resize(img, &mut out, &options) {
        Ok(()) => out,
        // A pixel layout this resampler does not take (none that a decoder
        // here makes): the image crate's own.
        Err(_) => img
            .crop_imm(x, y, w, h)
            .resize_exact(size.0, size.1, FilterType::Lanczos3),
    }
}

/// The photo in RGB, any transparency flattened onto white (a JPEG has no
/// alpha).
fn flatten(img: &DynamicImage) -> ::image::RgbImage {
    let rgba = img.to_rgba8();
    let mut rgb = ::image::RgbImage::new(rgba.width(), rgba.height());
    for (d, s) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = s.0[3] as u32;
        for k in 0..3 {
            d.0[k] = ((s.0[k] as u32 * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    rgb
}
