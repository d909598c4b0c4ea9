//! Writing a layout's outputs all together or not at all.
//!
//! Every file goes to a temporary name beside its target first
//! (`.pitch.pdf.<pid>.tmp`; for a name too long for that, its start and a
//! hash of the whole name, [`temp_name`]); only when all were written are they renamed into
//! place. If a rename fails, the targets already replaced get their earlier
//! contents back (kept as `.pitch.pdf.<pid>.old.tmp` hard links until the end),
//! and no temporary file stays. Temporary files that a killed run left behind
//! are removed by the next run that writes in their folder, and the pages an
//! earlier build wrote that this one no longer writes are removed once the new
//! ones are in place, if an earlier run of pitchprint wrote them: a
//! [`Record`] beside the files lists what each layout (or save) wrote, so
//! that a file of the user's that happens to bear such a name is never
//! removed.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The extensions of the files pitchprint writes: a temporary file is one of
/// ours only if the name it stands for has one of them.
const OURS: [&str; 5] = ["pdf", "svg", "png", "json", RECORD_EXT];

/// The longest file name most file systems take, in bytes (`NAME_MAX` on
/// Linux, macOS and Windows' NTFS counts alike for ASCII names).
pub const NAME_MAX: usize = 255;

/// The first of `targets` whose file name is longer than [`NAME_MAX`]: no
/// file system would take it, and it is better refused by its name before
/// anything is written than by the rename's "File name too long" after.
pub fn too_long(targets: &[PathBuf]) -> Option<(&PathBuf, usize)> {
    targets
        .iter()
        .map(|t| (t, t.file_name().map_or(0, |n| n.as_encoded_bytes().len())))
        .find(|(_, len)| *len > NAME_MAX)
}

/// A temporary file whose process cannot be told alive or dead is taken as
/// left behind once it is this old: writing a layout takes seconds.
const ABANDONED_AFTER: Duration = Duration::from_secs(3600);

/// A family of file names one layout writes in one folder, to find the files
/// an earlier build wrote and this one does not.
#[derive(Clone, Debug)]
pub enum Family {
    /// `stem.ext` and `stem-1.ext`, `stem-2.ext`, …: one file per page.
    Pages {
        /// The path without extension (`out/league/banknotes`).
        stem: PathBuf,
        /// The extension, without the dot.
        ext: &'static str,
    },
    /// `001-name.ext`, `002-name.ext`, …: the files of a folder the layout
    /// has to itself (a deck's `deck-cards/`).
    Numbered {
        /// The folder.
        dir: PathBuf,
        /// The extension, without the dot.
        ext: &'static str,
    },
    /// `front-001.png`, `back.png`, `back-001.png`, …: a print shop's faces,
    /// in a folder the layout has to itself.
    Faces {
        /// The folder.
        dir: PathBuf,
    },
}

impl Family {
    fn dir(&self) -> &Path {
        match self {
            Family::Pages { stem, .. } => stem.parent().unwrap_or(Path::new("")),
            Family::Numbered { dir, .. } | Family::Faces { dir } => dir,
        }
    }

    /// Whether `name` (a file name in [`Family::dir`]) is of the family.
    pub fn matches(&self, name: &str) -> bool {
        match self {
            Family::Pages { stem, ext } => {
                let base = stem.file_name().map(|b| b.to_string_lossy()).unwrap_or_default();
                let Some(rest) = name.strip_prefix(base.as_ref()) else {
                    return false;
                };
                let Some(page) = rest.strip_suffix(&format!(".{ext}")) else {
                    return false;
                };
                page.is_empty() || page.strip_prefix('-').is_some_and(is_page_number)
            }
            Family::Numbered { ext, .. } => name.strip_suffix(&format!(".{ext}")).is_some_and(|n| {
                let digits = n.chars().take_while(char::is_ascii_digit).count();
                digits >= 3 && n[digits..].starts_with('-')
            }),
            Family::Faces { .. } => is_face(name),
        }
    }
}

/// Whether `name` is a print shop's face file: `front-001.png`, `back.png`
/// or `back-001.png` (see `target_files::faces`).
fn is_face(name: &str) -> bool {
    let Some(stem) = name.strip_suffix(".png") else {
        return false;
    };
    let numbered = |rest: &str| rest.len() >= 3 && rest.chars().all(|c| c.is_ascii_digit());
    stem == "back"
        || stem.strip_prefix("front-").is_some_and(numbered)
        || stem.strip_prefix("back-").is_some_and(numbered)
}

/// `1`, `2`, … `20`: digits without a leading zero.
fn is_page_number(s: &str) -> bool {
    !s.is_empty() && !s.starts_with('0') && s.chars().all(|c| c.is_ascii_digit())
}

/// The regular files of `families` on disk that are not among `writing`:
/// what an earlier build wrote and this one will not.
pub fn leftovers(families: &[Family], writing: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for family in families {
        let dir = family.dir();
        let Ok(entries) = fs::read_dir(if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        }) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = dir.join(&name);
            let regular = entry.file_type().is_ok_and(|t| t.is_file());
            if regular && family.matches(&name) && !writing.contains(&path) && !out.contains(&path) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// The hidden folder, in each folder pitchprint writes into, that holds the
/// records of what it wrote there.
pub const RECORD_DIR: &str = ".pitchprint";

/// The extension of a record.
const RECORD_EXT: &str = "written";

/// The largest record read: a deck's per-card files are a few thousand
/// names; a record larger than this is not one of ours and is not read.
const RECORD_MAX_BYTES: u64 = 4 << 20;

/// What one writer (a layout in one language, a game's save in one
/// language) wrote into a folder and its subfolders, kept as
/// `<folder>/.pitchprint/<name>.written`: one path a line, relative to the
/// folder. A later run removes a file only if the record names it, so a
/// user's own `holiday.png` beside the outputs is never taken for an
/// earlier build's page. Without a record (the folder's first build, or a
/// record deleted by hand) nothing is removed.
#[derive(Clone, Debug)]
pub struct Record {
    /// The folder the recorded paths are relative to.
    dir: PathBuf,
    /// The record's own file.
    file: PathBuf,
}

impl Record {
    /// The record of the writer named `name` in `dir`. The name must tell
    /// writers apart: a layout's file stem and its language
    /// (`team-en.es`, not to be taken for `team.en`).
    pub fn new(dir: &Path, name: &str) -> Record {
        let mut file = format!("{name}.{RECORD_EXT}");
        // A layout whose name leaves no room for the language and the
        // extension: its start and a hash of the whole name, as
        // [`temp_name`] does, so that it is still a name of its own.
        if file.len() > NAME_MAX {
            let hash = format!("{:016x}", fnv1a(name.as_bytes()));
            let mut cut = NAME_MAX - 2 - hash.len() - RECORD_EXT.len();
            while !name.is_char_boundary(cut) {
                cut -= 1;
            }
            file = format!("{}~{hash}.{RECORD_EXT}", &name[..cut]);
        }
        Record {
            dir: dir.to_path_buf(),
            file: dir.join(RECORD_DIR).join(file),
        }
    }

    /// The record's own file.
    pub fn path(&self) -> &Path {
        &self.file
    }

    /// The files an earlier run recorded that are still there as regular
    /// files, reached from the folder without following a link: a record
    /// edited to name `../x`, an absolute path, or a file behind a linked
    /// folder names nothing.
    pub fn earlier(&self) -> Vec<PathBuf> {
        let Ok(meta) = fs::symlink_metadata(&self.file) else {
            return Vec::new();
        };
        if !meta.is_file() || meta.len() > RECORD_MAX_BYTES {
            return Vec::new();
        }
        let Ok(text) = fs::read_to_string(&self.file) else {
            return Vec::new();
        };
        let mut out: Vec<PathBuf> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| self.reachable(l))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// `line` as a path in the folder, if it is a plain relative path to a
    /// regular file with no link on the way.
    fn reachable(&self, line: &str) -> Option<PathBuf> {
        let rel = Path::new(line);
        let plain = rel.components().all(|c| matches!(c, std::path::Component::Normal(_)));
        if !plain || rel.as_os_str().is_empty() {
            return None;
        }
        let mut at = self.dir.clone();
        let parts: Vec<_> = rel.components().collect();
        for (i, part) in parts.iter().enumerate() {
            at.push(part);
            let meta = fs::symlink_metadata(&at).ok()?;
            let last = i + 1 == parts.len();
            if (last && !meta.is_file()) || (!last && !meta.is_dir()) {
                return None;
            }
        }
        Some(at)
    }

    /// Of `candidates`, those the record names: the only ones a clean-up
    /// may remove.
    pub fn ours(&self, candidates: Vec<PathBuf>) -> Vec<PathBuf> {
        let earlier = self.earlier();
        candidates.into_iter().filter(|c| earlier.contains(c)).collect()
    }

    /// The record to write with `writing`: what is written now, and what an
    /// earlier run wrote that stays (a page format not asked for this
    /// time), less `removing`.
    pub fn output<'a>(&self, writing: &[PathBuf], removing: &[PathBuf]) -> Output<'a> {
        let mut names: Vec<String> = self
            .earlier()
            .iter()
            .chain(writing)
            .filter(|p| !removing.contains(p) && p.as_path() != self.file)
            .filter_map(|p| p.strip_prefix(&self.dir).ok())
            .filter_map(|p| {
                let parts: Option<Vec<&str>> = p.components().map(|c| c.as_os_str().to_str()).collect();
                parts.map(|parts| parts.join("/"))
            })
            .filter(|n| !n.contains('\n'))
            .collect();
        names.sort();
        names.dedup();
        let mut text = String::from(
            "# The files pitchprint wrote here for one layout or save, one a line.\n\
             # A later run removes only those of them it no longer writes; delete\n\
             # this file and it removes none.\n",
        );
        for n in names {
            text.push_str(&n);
            text.push('\n');
        }
        Output::bytes(self.file.clone(), text.into_bytes())
    }
}

/// One file to write: where, and how its bytes are made.
pub struct Output<'a> {
    /// The file's path.
    pub path: PathBuf,
    /// Its contents.
    pub content: Content<'a>,
}

/// An output's contents: bytes already made, or a writer that makes them
/// straight into the file (so a PDF of a thousand photos is never held
/// whole in memory).
pub enum Content<'a> {
    /// The bytes.
    Bytes(Vec<u8>),
    /// Writes the bytes into what it is given.
    Writer(Box<WriteFn<'a>>),
}

/// What makes an output's bytes as it is written.
pub type WriteFn<'a> = dyn Fn(&mut dyn Write) -> io::Result<()> + 'a;

impl<'a> Output<'a> {
    /// An output of bytes already made.
    pub fn bytes(path: PathBuf, bytes: Vec<u8>) -> Output<'a> {
        Output {
            path,
            content: Content::Bytes(bytes),
        }
    }

    /// An output made by `write` as it is written.
    pub fn writer(path: PathBuf, write: impl Fn(&mut dyn Write) -> io::Result<()> + 'a) -> Output<'a> {
        Output {
            path,
            content: Content::Writer(Box::new(write)),
        }
    }
}

/// What [`write_all`] did besides writing.
#[derive(Debug, Default)]
pub struct Written {
    /// Each file's size in bytes, in the order given.
    pub sizes: Vec<u64>,
    /// The leftovers it removed.
    pub removed: Vec<PathBuf>,
}

/// Writes every file or none: all contents are staged to temporary files
/// first, then renamed into place; if one cannot be, the ones already renamed
/// get their earlier contents back. Then `leftovers` (files an earlier build
/// wrote that this one did not) are removed.
pub fn write_all(files: &[Output<'_>], leftovers: &[PathBuf]) -> io::Result<Written> {
    let mut dirs: Vec<&Path> = files.iter().map(|o| folder(&o.path)).collect();
    dirs.sort();
    dirs.dedup();
    for dir in dirs {
        remove_abandoned(dir);
    }
    // The folders made here go again if nothing is written in the end (a
    // writer may fail: a preview too large, a photo changed meanwhile).
    let mut made: Vec<PathBuf> = Vec::new();
    for o in files {
        for dir in folder(&o.path).ancestors() {
            if dir.as_os_str().is_empty() || dir.exists() || made.iter().any(|m| m == dir) {
                break;
            }
            made.push(dir.to_path_buf());
        }
    }
    // Deepest first, so that each is empty when its turn comes.
    made.sort_by_key(|d| std::cmp::Reverse(d.components().count()));
    let unmake = |made: &[PathBuf]| {
        for dir in made {
            let _ = fs::remove_dir(dir);
        }
    };
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    let mut sizes = Vec::new();
    for Output { path: target, content } in files {
        match stage(target, content) {
            Ok((tmp, size)) => {
                staged.push((tmp, target.clone()));
                sizes.push(size);
            }
            Err(e) => {
                for (tmp, _) in &staged {
                    let _ = fs::remove_file(tmp);
                }
                unmake(&made);
                return Err(io::Error::new(e.kind(), format!("{}: {}", target.display(), plain(&e))));
            }
        }
    }
    let mut done: Vec<Swap> = Vec::new();
    for (i, (tmp, target)) in staged.iter().enumerate() {
        match swap(tmp, target) {
            Ok(s) => done.push(s),
            Err(e) => {
                for (tmp, _) in &staged[i..] {
                    let _ = fs::remove_file(tmp);
                }
                let lost = roll_back(done);
                let mut msg = format!(
                    "{}: {}; nothing of this layout was replaced",
                    target.display(),
                    plain(&e)
                );
                if !lost.is_empty() {
                    let names: Vec<String> = lost.iter().map(|p| p.display().to_string()).collect();
                    msg = format!(
                        "{}: {}; these could not be put back as they were: {}",
                        target.display(),
                        plain(&e),
                        names.join(", ")
                    );
                }
                return Err(io::Error::new(e.kind(), msg));
            }
        }
    }
    for s in done {
        if let Some(old) = s.old {
            let _ = fs::remove_file(old);
        }
    }
    let mut written = Written {
        sizes,
        removed: Vec::new(),
    };
    for path in leftovers {
        if fs::remove_file(path).is_ok() {
            written.removed.push(path.clone());
        }
    }
    Ok(written)
}

/// One target renamed into place, and where its earlier contents are kept
/// until every target is in place.
struct Swap {
    target: PathBuf,
    old: Option<PathBuf>,
}

/// Keeps the target's earlier contents under a temporary name (a second hard
/// link, so the target itself never goes missing), then renames `tmp` onto it.
fn swap(tmp: &Path, target: &Path) -> io::Result<Swap> {
    let old = match fs::symlink_metadata(target) {
        Ok(m) if !m.is_dir() => {
            let old = temp_name(target, ".old");
            let _ = fs::remove_file(&old);
            if fs::hard_link(target, &old).is_err() {
                // A file system without hard links: a copy does as well.
                fs::copy(target, &old)?;
            }
            Some(old)
        }
        // A folder in the way: the rename fails and says so.
        Ok(_) => None,
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Err(e) = fs::rename(tmp, target) {
        if let Some(old) = old {
            let _ = fs::remove_file(old);
        }
        return Err(e);
    }
    Ok(Swap {
        target: target.to_path_buf(),
        old,
    })
}

/// Puts the earlier contents back, last replaced first, and removes the
/// targets that did not exist before; returns the targets it could not put
/// back.
fn roll_back(done: Vec<Swap>) -> Vec<PathBuf> {
    let mut lost = Vec::new();
    for s in done.into_iter().rev() {
        let ok = match &s.old {
            Some(old) => fs::rename(old, &s.target).is_ok(),
            None => fs::remove_file(&s.target).is_ok(),
        };
        if !ok {
            lost.push(s.target);
        }
    }
    lost
}

fn folder(target: &Path) -> &Path {
    target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `.NAME.PID.tmp` (or `.NAME.PID.old.tmp`) beside `target`.
///
/// A name as long as a file system takes (255 bytes) leaves no room for
/// the dot and the process id: then NAME is cut to fit and followed by a
/// hash of the whole name (`.START~HASH.EXT.PID.tmp`), so that two long
/// names that start alike still get temporary names of their own. The
/// extension stays, for [`temp_owner`] to know the file for ours.
pub fn temp_name(target: &Path, tag: &str) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let suffix = format!(".{}{tag}.tmp", std::process::id());
    let plain = format!(".{name}{suffix}");
    if plain.len() <= NAME_MAX {
        return folder(target).join(plain);
    }
    let ext = Path::new(&name)
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    let hash = format!("{:016x}", fnv1a(name.as_bytes()));
    // `.` START `~` HASH `.` EXT SUFFIX
    let room = NAME_MAX.saturating_sub(3 + hash.len() + ext.len() + suffix.len());
    let mut cut = room.min(name.len());
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    folder(target).join(format!(".{}~{hash}.{ext}{suffix}", &name[..cut]))
}

/// The 64-bit FNV-1a hash of `bytes`: the same on every run and machine,
/// unlike the standard library's hasher, which is free to change.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The process id in a temporary file name of ours, `.NAME.PID.tmp` or
/// `.NAME.PID.old.tmp`, where NAME ends in one of our extensions.
pub fn temp_owner(file_name: &str) -> Option<u32> {
    let inner = file_name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let inner = inner.strip_suffix(".old").unwrap_or(inner);
    let (name, pid) = inner.rsplit_once('.')?;
    let ext = name.rsplit_once('.')?.1;
    if !OURS.contains(&ext) || pid.is_empty() || !pid.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process runs with this id: `Some` where the system shows its
/// processes as `/proc/<pid>`, `None` where that cannot be told.
fn process_alive(pid: u32) -> Option<bool> {
    if !Path::new("/proc/self").exists() {
        return None;
    }
    Some(Path::new(&format!("/proc/{pid}")).exists())
}

/// Removes the temporary files of ours in `dir` that no running build will
/// rename: their process is gone (a `kill -9`, a power cut), or this process
/// now has its id, or they are older than any build takes. A concurrent
/// build's temporary files are left alone.
///
/// Once per folder and process, before this process writes there: the
/// threads of one build write beside each other, and a file of this
/// process's id found later is one of theirs, not one an earlier process of
/// the same id left. The lock is held while the folder is cleared, so that
/// no thread writes there before it is.
fn remove_abandoned(dir: &Path) {
    static CLEARED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());
    let mut cleared = CLEARED.lock().unwrap_or_else(|e| e.into_inner());
    if cleared.iter().any(|d| d == dir) {
        return;
    }
    cleared.push(dir.to_path_buf());
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let me = std::process::id();
    for entry in entries.flatten() {
        let Some(pid) = temp_owner(&entry.file_name().to_string_lossy()) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        let old = meta
            .modified()
            .is_ok_and(|t| t.elapsed().is_ok_and(|age| age > ABANDONED_AFTER));
        if pid == me || process_alive(pid) == Some(false) || old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Writes `content` to a temporary file beside `target`, and returns its
/// name and size. Nothing is left behind if it fails.
fn stage(target: &Path, content: &Content<'_>) -> io::Result<(PathBuf, u64)> {
    fs::create_dir_all(folder(target))?;
    let tmp = temp_name(target, "");
    let result = (|| {
        let f = fs::File::create(&tmp)?;
        let mut out = io::BufWriter::with_capacity(1 << 18, f);
        match content {
            Content::Bytes(bytes) => out.write_all(bytes)?,
            Content::Writer(write) => write(&mut out)?,
        }
        let f = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        f.sync_all()?;
        f.metadata().map(|m| m.len())
    })();
    match result {
        Ok(size) => Ok((tmp, size)),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// An I/O error without the system's error number.
fn plain(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(at) => text[..at].to_string(),
        None => text,
    }
}
