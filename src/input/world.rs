//! The files a build reads, behind a small trait, so that resolving is a pure
//! function of what a [`World`] answers.
//!
//! Every file the real [`Disk`] gives is read by [`read_file`]: only regular
//! files (a named pipe would block, `/dev/zero` would never end), and no more
//! than the size limit of its [`Input`] kind.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// What a file is read as. Each kind has a size limit, far above what a game
/// needs and far below what would hurt: a wrong path (a disk image, a video,
/// `/dev/zero`) is refused at once instead of filling memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// A layout or a card template (TOML): 1 MB. The shipped ones are under
    /// 10 KB; a megabyte of TOML is a hundred times the largest game.
    Layout,
    /// The printer profile (`pitchprint.toml`): 1 MB, as a layout.
    Profile,
    /// A table of labels (`templates/i18n/<lang>.toml`): 1 MB, a hundred
    /// times the shipped ones.
    Labels,
    /// A rule or card text (Markdown): 1 MB, some four hundred printed
    /// pages; the shipped rules are under 8 KB.
    Text,
    /// A spreadsheet of cards (CSV): 16 MB, a hundred thousand rows of a
    /// hundred and sixty bytes, far more players than any deck prints.
    Data,
    /// A photo (JPEG, PNG, WebP or GIF): 50 MB. A phone's photo is 3 to 12 MB; the card
    /// keeps at most a few hundred KB of it.
    Image,
    /// A font file (TTF or OTF): 32 MB. A Latin family's face is under 1 MB;
    /// a face with every Chinese, Japanese and Korean glyph is about 20 MB.
    Font,
    /// A language's hyphenation patterns (`templates/hyphenation/<lang>.bincode`):
    /// 1 MB; the largest of the hyphenation crate's is 300 KB.
    Patterns,
    /// A file a finding names, read again to quote its line: the largest
    /// limit of the text kinds, since it was read as one of them.
    Quoted,
}

impl Input {
    /// The most bytes a file of this kind may hold.
    pub const fn limit(self) -> u64 {
        const MB: u64 = 1 << 20;
        match self {
            Input::Layout | Input::Profile | Input::Labels | Input::Text | Input::Patterns => MB,
            Input::Data | Input::Quoted => 16 * MB,
            Input::Image => 50 * MB,
            Input::Font => 32 * MB,
        }
    }

    /// What the user should name instead of a file that is not one.
    fn expected(self) -> &'static str {
        match self {
            Input::Layout => "name the layout's .toml file",
            Input::Profile => "make pitchprint.toml a regular file, or remove it",
            Input::Labels => "make templates/i18n/<lang>.toml a text file of labels",
            Input::Text => "make the text a Markdown (.md) file",
            Input::Data => "name the spreadsheet's file (.csv, .xlsx or .ods)",
            Input::Image => "name the photo's file (.jpg, .png, .webp or .gif)",
            Input::Font => "name a font file (.ttf or .otf)",
            Input::Patterns => "make templates/hyphenation/<lang>.bincode a dictionary file of the hyphenation crate",
            Input::Quoted => "name a text file",
        }
    }

    /// What to do with a file over the limit.
    fn too_large(self) -> &'static str {
        match self {
            Input::Layout => "a layout is a short TOML text: check that the path names the layout",
            Input::Profile => "a printer profile is a few lines of TOML: check the file",
            Input::Labels => "a table of labels is a short TOML text: check the file",
            Input::Text => "a rule text is a few pages of Markdown: check the file, or split the rules",
            Input::Data => "export only the rows and columns the deck prints",
            Input::Image => "scale the photo down (a card prints it a few centimetres wide) or save it as JPEG",
            Input::Font => "name one face's file (Regular, Bold), not a collection of a whole family",
            Input::Patterns => "copy the language's .standard.bincode file from the hyphenation crate's dictionaries",
            Input::Quoted => "check the file",
        }
    }
}

/// Reads a regular file of `kind`, whole, if it is no larger than the kind's
/// limit: the one way the program reads what a user gives it.
///
/// The file's type is looked at before it is opened (opening a named pipe
/// waits for a writer), after following symbolic links; anything but a regular
/// file is refused with what it is. Opening does not wait either (a pipe put
/// in the file's place in between is refused too), and the reading stops one
/// byte past the limit, so a file that grows while it is read is refused as
/// well as one that was too large to begin with.
pub fn read_file(path: &Path, kind: Input) -> io::Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(plain)?;
    regular(&meta.file_type(), kind)?;
    let limit = kind.limit();
    if meta.len() > limit {
        return Err(over_limit(kind, Some(meta.len())));
    }
    let file = open_without_waiting(path).map_err(plain)?;
    // The file may have been replaced since it was looked at.
    regular(&file.metadata().map_err(plain)?.file_type(), kind)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(plain)?;
    if bytes.len() as u64 > limit {
        return Err(over_limit(kind, None));
    }
    Ok(bytes)
}

/// Reads a regular file of `kind` as UTF-8 text (see [`read_file`]).
pub fn read_text_file(path: &Path, kind: Input) -> io::Result<String> {
    utf8(read_file(path, kind)?)
}

/// The bytes as text, or an error that says where the first byte that is not
/// UTF-8 sits, and what to do.
fn utf8(bytes: Vec<u8>) -> io::Result<String> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is not UTF-8 text (line {line}, column {column}); save it as UTF-8"),
        )
    })
}

#[cfg(unix)]
fn open_without_waiting(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_waiting(path: &Path) -> io::Result<std::fs::File> {
    std::fs::File::open(path)
}

/// Refuses anything but a regular file, saying what it is.
fn regular(t: &std::fs::FileType, kind: Input) -> io::Result<()> {
    if t.is_file() {
        return Ok(());
    }
    let what = if t.is_dir() { "a folder" } else { special_kind(t) };
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {what}, not a regular file; {}", kind.expected()),
    ))
}

#[cfg(unix)]
fn special_kind(t: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_fifo() {
        "a named pipe (FIFO)"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn special_kind(_: &std::fs::FileType) -> &'static str {
    "a special file"
}

fn over_limit(kind: Input, size: Option<u64>) -> io::Error {
    let mb = |n: u64| n as f64 / (1u64 << 20) as f64;
    let size = match size {
        Some(n) => format!("{:.1} MB", mb(n)),
        None => "growing past the limit".to_string(),
    };
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!(
            "it is too large ({size}; at most {:.0} MB are read); {}",
            mb(kind.limit()),
            kind.too_large()
        ),
    )
}

/// An I/O error in the user's words: what happened to which file, without
/// the system's error number.
fn plain(e: io::Error) -> io::Error {
    let what = match e.kind() {
        io::ErrorKind::NotFound => "there is no such file".to_string(),
        io::ErrorKind::PermissionDenied => "it may not be read (permission denied)".to_string(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(at) => text[..at].to_string(),
                None => text,
            }
        }
    };
    io::Error::new(e.kind(), what)
}

/// `path` with each `.` left out and each `..` taking back the folder
/// before it, as written (no file is read): how a person names the file
/// (`templates/rules/league`, not `layouts/league/../../templates/rules/league`).
pub fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut parts: Vec<Component> = Vec::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir if matches!(parts.last(), Some(Component::Normal(_))) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.iter().collect()
}

/// The folders a file of `layout`'s project may sit in, nearest first: the
/// folder the layout really is in (links resolved), then each one above it
/// to the root. `tokens.toml` typed in its own folder finds what its full
/// path finds. A folder inside the current one is named relative to it
/// (`layouts/league`, `` for the current one), as the user would type it;
/// one above it is named in full.
pub fn folders_up(world: &dyn World, layout: &Path) -> Vec<PathBuf> {
    let typed = layout.parent().unwrap_or(Path::new(""));
    let here = world.real_folder(Path::new(""));
    let shown = |dir: &Path| match dir.strip_prefix(&here) {
        Ok(inside) if here.is_absolute() => inside.to_path_buf(),
        _ => dir.to_path_buf(),
    };
    let mut dir = Some(world.real_folder(typed));
    let mut up = Vec::new();
    while let Some(d) = dir {
        up.push(shown(&d));
        dir = d.parent().map(Path::to_path_buf);
    }
    up
}

/// The files a build reads: layouts, data, photos, label tables and rule
/// texts. The command line uses [`Disk`]; tests may use a folder in memory.
pub trait World: Sync {
    /// A text file's contents, if it is a regular file within `kind`'s limit.
    fn read_text(&self, path: &Path, kind: Input) -> io::Result<String>;
    /// A file's bytes, if it is a regular file within `kind`'s limit.
    fn read_bytes(&self, path: &Path, kind: Input) -> io::Result<Vec<u8>>;
    /// The entries of a folder, unsorted.
    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>>;
    /// Whether `path` is a folder.
    fn is_dir(&self, path: &Path) -> bool;
    /// Whether `path` is a file.
    fn is_file(&self, path: &Path) -> bool;
    /// Whether anything is at `path`: a file, a folder, a named pipe, a
    /// device or a link to one. A file looked for by name (the printer
    /// profile) is refused when it is not a regular one, never skipped.
    fn exists(&self, path: &Path) -> bool;
    /// The folder `dir` really is (links resolved, `..` and a relative
    /// start made absolute), for walking up from it; `dir` itself when it
    /// cannot be resolved.
    fn real_folder(&self, dir: &Path) -> PathBuf;
    /// Whether two paths name the same file (`a/../b.toml` and `b.toml`).
    fn same_file(&self, a: &Path, b: &Path) -> bool;
    /// A way to read `path` again when the outputs are written, so that its
    /// bytes (a large photo's) need not stay in memory meanwhile: the disk
    /// gives one, a file held in memory gives none (its bytes are kept).
    /// The exporters read pictures only through it, never around the world.
    fn reread(&self, path: &Path, kind: Input) -> Option<Arc<dyn Reread>>;
}

/// A file a [`World`] lets be read again later (see [`World::reread`]).
pub trait Reread: Send + Sync {
    /// The file, as the messages name it.
    fn path(&self) -> &Path;
    /// Its bytes now, within its kind's limit.
    fn read(&self) -> io::Result<Vec<u8>>;
}

/// A file on the disk, read again by [`read_file`] with its kind's limit.
struct DiskFile {
    path: PathBuf,
    kind: Input,
}

impl Reread for DiskFile {
    fn path(&self) -> &Path {
        &self.path
    }
    fn read(&self) -> io::Result<Vec<u8>> {
        read_file(&self.path, self.kind)
    }
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

impl World for Disk {
    fn read_text(&self, path: &Path, kind: Input) -> io::Result<String> {
        read_text_file(path, kind)
    }
    fn read_bytes(&self, path: &Path, kind: Input) -> io::Result<Vec<u8>> {
        read_file(path, kind)
    }
    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect()
    }
    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }
    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }
    fn exists(&self, path: &Path) -> bool {
        std::fs::symlink_metadata(path).is_ok()
    }
    fn real_folder(&self, dir: &Path) -> PathBuf {
        let dir = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        std::fs::canonicalize(dir)
            .or_else(|_| std::path::absolute(dir))
            .unwrap_or_else(|_| dir.to_path_buf())
    }
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        }
    }
    fn reread(&self, path: &Path, kind: Input) -> Option<Arc<dyn Reread>> {
        Some(Arc::new(DiskFile {
            path: path.to_path_buf(),
            kind,
        }))
    }
}

/// Files held in memory, laid over another world: a test (or a tool) edits a
/// copy of a layout without writing it anywhere. Paths are compared as given.
pub struct Overlay<'a> {
    base: &'a dyn World,
    files: std::collections::BTreeMap<PathBuf, Vec<u8>>,
}

impl<'a> Overlay<'a> {
    /// Nothing laid over `base` yet.
    pub fn new(base: &'a dyn World) -> Overlay<'a> {
        Overlay {
            base,
            files: std::collections::BTreeMap::new(),
        }
    }

    /// The same world with `path` holding `contents`.
    pub fn with(mut self, path: impl Into<PathBuf>, contents: impl Into<Vec<u8>>) -> Overlay<'a> {
        self.files.insert(path.into(), contents.into());
        self
    }
}

impl World for Overlay<'_> {
    fn read_text(&self, path: &Path, kind: Input) -> io::Result<String> {
        match self.files.get(path) {
            Some(_) => utf8(self.read_bytes(path, kind)?),
            None => self.base.read_text(path, kind),
        }
    }
    fn read_bytes(&self, path: &Path, kind: Input) -> io::Result<Vec<u8>> {
        match self.files.get(path) {
            // The limits hold for files in memory too, so that a test sees
            // what the disk would answer.
            Some(bytes) if bytes.len() as u64 > kind.limit() => Err(over_limit(kind, Some(bytes.len() as u64))),
            Some(bytes) => Ok(bytes.clone()),
            None => self.base.read_bytes(path, kind),
        }
    }
    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        let mut found = self.base.list(dir).unwrap_or_default();
        for p in self.files.keys() {
            if p.parent() == Some(dir) && !found.contains(p) {
                found.push(p.clone());
            }
        }
        Ok(found)
    }
    fn is_dir(&self, path: &Path) -> bool {
        self.base.is_dir(path) || self.files.keys().any(|p| p.starts_with(path) && p != path)
    }
    fn is_file(&self, path: &Path) -> bool {
        self.files.contains_key(path) || self.base.is_file(path)
    }
    fn exists(&self, path: &Path) -> bool {
        self.files.contains_key(path) || self.base.exists(path)
    }
    fn real_folder(&self, dir: &Path) -> PathBuf {
        // Paths in memory are compared as given: a folder that holds one
        // is its own real folder.
        if self.files.keys().any(|p| p.starts_with(dir)) {
            dir.to_path_buf()
        } else {
            self.base.real_folder(dir)
        }
    }
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        a == b || self.base.same_file(a, b)
    }
    fn reread(&self, path: &Path, kind: Input) -> Option<Arc<dyn Reread>> {
        if self.files.contains_key(path) {
            None
        } else {
            self.base.reread(path, kind)
        }
    }
}
