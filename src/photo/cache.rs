//! The photos made for frames, kept on disk between builds: the next build
//! (or a `--watch` started again, or another project printing the same
//! photos at the same size) reads the picture instead of decoding,
//! turning, cropping and resampling a 12-megapixel file again.
//!
//! The folder is `$PITCHPRINT_CACHE` when set (`off` turns the cache off),
//! else the user's cache folder: `$XDG_CACHE_HOME/pitchprint`, else
//! `~/.cache/pitchprint` (`~/Library/Caches/pitchprint` on macOS,
//! `%LOCALAPPDATA%\pitchprint` on Windows). The command line chooses it
//! ([`PhotoCache::from_env`], [`use_cache`]); the library alone keeps none.
//!
//! An entry is named by a hash of what the picture was made from (the
//! file's bytes, the frame, the crop) and of how it was made (a hash of
//! this program's own executable, and [`FORMAT`]), so an edited photo, a
//! new release or a program built again never reads an old picture. An entry is written whole under a temporary
//! name and renamed into place, so a reader (another build at the same
//! time) sees the whole file or none; one that does not read back exactly
//! (cut short, edited, another format) is ignored and made again. The
//! entry holds the picture's bytes as they are embedded, so a build prints
//! the same bytes with the cache, without it and with a broken one.
//! Past [`PhotoCache::limit`] bytes the entries read or written longest
//! ago are removed.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::scene::picture::{self, FileBytes, Picture, PictureData, Planes};

/// The version of an entry's layout and of the way photos are made: raised
/// when either changes, so that no entry made the old way is read.
/// 2: a PNG or WebP with an EXIF turn is measured upright, as a JPEG was.
pub const FORMAT: u32 = 2;
/// The bytes an entry starts with.
const MAGIC: &[u8; 16] = b"pitchprint-photo";
/// The most bytes kept in the folder by default (a 60-photo deck of phone
/// photos keeps about 5 MB).
pub const DEFAULT_LIMIT: u64 = 512 << 20;
/// The largest entry read back: a picture made for a frame at 300 dpi is
/// far smaller (an A4 page of RGB is 26 MB raw).
const MAX_ENTRY: u64 = 128 << 20;
/// The environment variable that names the folder, or turns it `off`.
pub const ENV: &str = "PITCHPRINT_CACHE";

/// A folder of made photos, bounded to `limit` bytes.
#[derive(Debug)]
pub struct PhotoCache {
    /// The folder the entries are in.
    pub folder: PathBuf,
    /// The most bytes the entries may take before the oldest are removed.
    pub limit: u64,
    /// The bytes the entries take, counted when the first is written
    /// (`u64::MAX`: not yet counted).
    held: AtomicU64,
    /// A number for this process's temporary files.
    next_temp: AtomicU64,
    /// Held while the oldest entries are removed, so that two threads do
    /// not both remove them.
    pruning: Mutex<()>,
}

/// What a picture was made from and how: the key of its entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EntryKey {
    /// The hash of the photo file's bytes.
    pub source: u128,
    /// The frame's width and height in mm, as bits.
    pub frame: [u64; 2],
    /// The crop's focus, as bits.
    pub focus: [u64; 2],
}

impl EntryKey {
    /// The key's bytes, the program's hash and [`FORMAT`] among them.
    fn bytes(&self, program: u128) -> Vec<u8> {
        let mut out = Vec::with_capacity(68);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.extend_from_slice(&program.to_le_bytes());
        out.extend_from_slice(&self.source.to_le_bytes());
        for bits in self.frame.iter().chain(&self.focus) {
            out.extend_from_slice(&bits.to_le_bytes());
        }
        out
    }

    /// The entry's file name.
    fn file_name(&self, program: u128) -> String {
        format!("{:032x}.photo", picture::hash128(&self.bytes(program)))
    }
}

impl PhotoCache {
    /// A cache in `folder` of at most `limit` bytes (the folder is made
    /// when the first entry is written).
    pub fn new(folder: PathBuf, limit: u64) -> PhotoCache {
        PhotoCache {
            folder,
            limit,
            held: AtomicU64::new(u64::MAX),
            next_temp: AtomicU64::new(0),
            pruning: Mutex::new(()),
        }
    }

    /// The cache the environment names (see the module's words), `None`
    /// when it is turned off or no folder can be found.
    pub fn from_env() -> Option<PhotoCache> {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
        let folder = match var(ENV) {
            Some(v) if v.as_os_str() == "off" => return None,
            Some(v) => v,
            None => user_cache_folder(var)?.join("pitchprint"),
        };
        Some(PhotoCache::new(folder.join("photos"), DEFAULT_LIMIT))
    }

    /// The picture kept for `key`, when there is one that reads back whole.
    pub fn load(&self, key: &EntryKey) -> Option<Picture> {
        use std::io::Read;
        let program = program()?;
        let mut file = std::fs::File::open(self.folder.join(key.file_name(program))).ok()?;
        let len = file.metadata().ok()?.len();
        if len > MAX_ENTRY {
            return None;
        }
        let mut bytes = Vec::with_capacity(len as usize);
        file.read_to_end(&mut bytes).ok()?;
        let picture = decode(&bytes, &key.bytes(program))?;
        // Read now: the last to be removed when the folder is too full. A
        // file that cannot be touched is still read.
        let _ = file.set_modified(std::time::SystemTime::now());
        Some(picture)
    }

    /// Keeps `picture`, made for `key`. A cache that cannot be written to
    /// (a read-only or full disk) is passed over: it only saves time.
    pub fn store(&self, key: &EntryKey, picture: &Picture) {
        let Some(program) = program() else {
            return;
        };
        let Some(bytes) = encode(picture, &key.bytes(program)) else {
            return;
        };
        if std::fs::create_dir_all(&self.folder).is_err() {
            return;
        }
        let n = self.next_temp.fetch_add(1, Ordering::Relaxed);
        let temp = self.folder.join(format!(".{}-{n}.part", std::process::id()));
        let target = self.folder.join(key.file_name(program));
        if std::fs::write(&temp, &bytes).is_err() || std::fs::rename(&temp, &target).is_err() {
            let _ = std::fs::remove_file(&temp);
            return;
        }
        self.count(bytes.len() as u64);
    }

    /// Counts `written` bytes against the limit, removing the entries used
    /// longest ago when they pass it.
    fn count(&self, written: u64) {
        let _ = self
            .held
            .compare_exchange(u64::MAX, self.measure(), Ordering::SeqCst, Ordering::SeqCst);
        let held = self.held.fetch_add(written, Ordering::SeqCst) + written;
        if held > self.limit {
            self.prune();
        }
    }

    /// The bytes of the files in the folder.
    fn measure(&self) -> u64 {
        entries(&self.folder).iter().map(|e| e.1).sum()
    }

    /// Removes the files used longest ago until the folder holds at most
    /// three quarters of the limit, so that it is not pruned at every write.
    fn prune(&self) {
        let Ok(_one) = self.pruning.lock() else {
            return;
        };
        let mut files = entries(&self.folder);
        let mut held: u64 = files.iter().map(|e| e.1).sum();
        if held <= self.limit {
            self.held.store(held, Ordering::SeqCst);
            return;
        }
        files.sort_by(|a, b| (a.2, &a.0).cmp(&(b.2, &b.0)));
        for (path, len, _) in files {
            if held <= self.limit / 4 * 3 {
                break;
            }
            if std::fs::remove_file(&path).is_ok() {
                held -= len;
            }
        }
        self.held.store(held, Ordering::SeqCst);
    }
}

/// The files in `folder`: path, bytes, last written.
fn entries(folder: &Path) -> Vec<(PathBuf, u64, std::time::SystemTime)> {
    let Ok(dir) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    dir.filter_map(Result::ok)
        .filter_map(|e| {
            let meta = e.metadata().ok()?;
            meta.is_file()
                .then(|| (e.path(), meta.len(), meta.modified().unwrap_or(std::time::UNIX_EPOCH)))
        })
        .collect()
}

/// The user's cache folder on this system, read through `var`.
fn user_cache_folder(var: impl Fn(&str) -> Option<PathBuf>) -> Option<PathBuf> {
    if cfg!(windows) {
        return var("LOCALAPPDATA");
    }
    if let Some(xdg) = var("XDG_CACHE_HOME").filter(|p| p.is_absolute()) {
        return Some(xdg);
    }
    let home = var("HOME")?;
    Some(if cfg!(target_os = "macos") {
        home.join("Library").join("Caches")
    } else {
        home.join(".cache")
    })
}

/// The checksum and length of this program's executable, read once: how
/// every entry it writes was made. `None` when it cannot be read (no entry
/// is read or written then). CRC-32 reads the 40 MB in a few ms, where a
/// hash of it would take tens.
fn program() -> Option<u128> {
    static PROGRAM: OnceLock<Option<u128>> = OnceLock::new();
    *PROGRAM.get_or_init(|| {
        let bytes = std::fs::read(std::env::current_exe().ok()?).ok()?;
        Some(u128::from(crc32fast::hash(&bytes)) << 64 | bytes.len() as u128)
    })
}

/// The cache the command line chose for this process.
fn chosen() -> &'static Mutex<Option<Arc<PhotoCache>>> {
    static CHOSEN: OnceLock<Mutex<Option<Arc<PhotoCache>>>> = OnceLock::new();
    CHOSEN.get_or_init(Default::default)
}

/// Makes `cache` the one every photo of this process is kept in (`None`:
/// none, the library's default).
pub fn use_cache(cache: Option<PhotoCache>) {
    *chosen().lock().unwrap_or_else(|e| e.into_inner()) = cache.map(Arc::new);
}

/// The cache in use, if any.
pub fn in_use() -> Option<Arc<PhotoCache>> {
    chosen().lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Photos made from their files by this process, and photos read from the
/// cache instead.
static MADE: AtomicU64 = AtomicU64::new(0);
/// Photos read from the cache by this process.
static READ: AtomicU64 = AtomicU64::new(0);

/// Counts a photo made from its file (`read` false) or read from the cache.
pub fn count_photo(read: bool) {
    (if read { &READ } else { &MADE }).fetch_add(1, Ordering::Relaxed);
}

/// What the photos of this process cost, in words: how many were made
/// from their files, how many read from the cache, and where it is. `None`
/// when no photo was made or read.
pub fn tally() -> Option<String> {
    let (made, read) = (MADE.load(Ordering::Relaxed), READ.load(Ordering::Relaxed));
    if made + read == 0 {
        return None;
    }
    let photos = |n: u64| {
        if n == 1 {
            "1 photo".to_string()
        } else {
            format!("{n} photos")
        }
    };
    Some(match in_use() {
        Some(cache) => format!(
            "{} made for their frames and kept in {}, {} read from there",
            photos(made),
            cache.folder.display(),
            photos(read)
        ),
        None => format!("{} made for their frames (no cache)", photos(made)),
    })
}

/// The kinds of picture an entry holds.
const JPEG: u8 = 0;
/// A lossless picture (PNG rows).
const PNG: u8 = 1;

/// An entry's bytes: [`MAGIC`], the key, the picture's kind, size and
/// colours, its file (and its planes when it has alpha), and a hash of all
/// that before it. `None` for a picture whose file is not held in memory
/// (one embedded as it is, which is never made).
fn encode(picture: &Picture, key: &[u8]) -> Option<Vec<u8>> {
    let (kind, file, colours, planes) = match &picture.data {
        PictureData::Jpeg(file) => (JPEG, file, 3, None),
        PictureData::Png(png) => (PNG, &png.file, png.colours, png.planes.as_deref()),
    };
    let file = file.read().ok()?;
    let mut out = Vec::with_capacity(file.len() + 128);
    out.extend_from_slice(MAGIC);
    put(&mut out, key);
    out.push(kind);
    out.extend_from_slice(&picture.width.to_le_bytes());
    out.extend_from_slice(&picture.height.to_le_bytes());
    out.push(colours);
    put(&mut out, &file);
    out.push(u8::from(planes.is_some()));
    if let Some(planes) = planes {
        put(&mut out, &planes.colour);
        put(&mut out, &planes.alpha);
    }
    let sum = picture::hash128(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    Some(out)
}

/// Appends `bytes` after their length.
fn put(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// The picture an entry holds for `key`: `None` when the entry is not
/// whole, not of this format, or made from something else.
fn decode(bytes: &[u8], key: &[u8]) -> Option<Picture> {
    let (body, sum) = bytes.split_at_checked(bytes.len().checked_sub(16)?)?;
    if picture::hash128(body).to_le_bytes() != sum {
        return None;
    }
    let mut r = Reader { bytes: body, at: 0 };
    if r.take(MAGIC.len())? != MAGIC || r.part()? != key {
        return None;
    }
    let kind = r.byte()?;
    let width = u32::from_le_bytes(r.take(4)?.try_into().ok()?);
    let height = u32::from_le_bytes(r.take(4)?.try_into().ok()?);
    let colours = r.byte()?;
    let file = r.part()?.to_vec();
    let planes = match r.byte()? {
        0 => None,
        1 => Some(Planes {
            colour: r.part()?.to_vec(),
            alpha: r.part()?.to_vec(),
        }),
        _ => return None,
    };
    if r.at != body.len() {
        return None;
    }
    match kind {
        JPEG if planes.is_none() => Some(Picture::jpeg(FileBytes::held(file), width, height)),
        PNG => {
            // The rows must be what the header says, as when the picture
            // was made.
            let layout = picture::png_layout(&file)?;
            let fits = (layout.width, layout.height, layout.colours, layout.alpha)
                == (width, height, colours, planes.is_some());
            fits.then(|| Picture::png(FileBytes::held(file), layout, planes))
        }
        _ => None,
    }
}

/// Reads an entry's parts in order.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// The next `n` bytes.
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let part = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(part)
    }

    /// The next byte.
    fn byte(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    /// The next bytes written by [`put`].
    fn part(&mut self) -> Option<&'a [u8]> {
        let n = u64::from_le_bytes(self.take(8)?.try_into().ok()?);
        self.take(usize::try_from(n).ok()?)
    }
}
