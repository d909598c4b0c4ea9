//! `pitchprint build --watch`: build, then rebuild a layout whenever a file
//! it read changes.
//!
//! Which files those are is not guessed: each layout is built through a
//! [`Recorder`], a world that remembers every path the build asked about
//! (the layout, the layouts it names, the labels, the texts, the card
//! template, the spreadsheet, each photo, and the folders it listed to find
//! languages). The folders holding them are watched (`notify`); a burst of
//! events (an editor's save is several) is taken as one change once it has
//! been quiet for [`QUIET`], and only the layouts that read a changed path
//! are rebuilt, each reported on one line. Ctrl-C ends the program: every
//! file is written whole or not at all, so stopping mid-build leaves no
//! half-written file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use notify::{EventKind, RecursiveMode, Watcher};

use crate::input::world::{Disk, Input, World};

/// How long the files must be left alone before a burst of changes is
/// rebuilt: long enough to take an editor's save (write, rename, set
/// times) as one, short enough to feel immediate.
pub const QUIET: Duration = Duration::from_millis(200);

/// What one build did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Built {
    /// The exit code it asks for.
    pub code: i32,
    /// Layout-language pairs written.
    pub written: usize,
    /// Layout-language pairs built.
    pub jobs: usize,
    /// Files written.
    pub files: usize,
    /// Layouts built.
    pub layouts: usize,
    /// Of those, the ones written in every language.
    pub layouts_written: usize,
}

/// The paths a build asked about, as the watcher names them.
#[derive(Clone, Debug, Default)]
pub struct Reads {
    /// Files read or looked for.
    pub files: BTreeSet<PathBuf>,
    /// Folders listed: a file added to or removed from one matters.
    pub folders: BTreeSet<PathBuf>,
}

impl Reads {
    /// Whether a change to `path` touches what was read.
    pub fn touched_by(&self, path: &Path) -> bool {
        self.files.contains(path) || path.parent().is_some_and(|d| self.folders.contains(d))
    }

    /// The folders to watch: each file's and each listed one.
    fn folders_to_watch(&self) -> BTreeSet<PathBuf> {
        self.files
            .iter()
            .filter_map(|f| f.parent().map(Path::to_path_buf))
            .chain(self.folders.iter().cloned())
            .filter(|d| d.is_dir())
            .collect()
    }
}

/// `path` as the watcher reports it: absolute, its folder with links
/// followed; `None` when its folder is not there (nothing to watch).
pub fn watched_name(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    let name = absolute.file_name()?;
    let folder = std::fs::canonicalize(absolute.parent()?).ok()?;
    Some(folder.join(name))
}

/// A world that remembers every path asked of it, over another.
pub struct Recorder<'a> {
    base: &'a dyn World,
    seen: Mutex<Reads>,
}

impl<'a> Recorder<'a> {
    /// Nothing asked yet.
    pub fn new(base: &'a dyn World) -> Recorder<'a> {
        Recorder {
            base,
            seen: Mutex::new(Reads::default()),
        }
    }

    /// What was asked.
    pub fn reads(self) -> Reads {
        self.seen.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    fn file(&self, path: &Path) {
        if let Some(name) = watched_name(path) {
            self.seen.lock().unwrap_or_else(|e| e.into_inner()).files.insert(name);
        }
    }

    fn folder(&self, path: &Path) {
        if let Ok(name) = std::fs::canonicalize(path) {
            self.seen.lock().unwrap_or_else(|e| e.into_inner()).folders.insert(name);
        }
    }
}

impl World for Recorder<'_> {
    fn read_text(&self, path: &Path, kind: Input) -> std::io::Result<String> {
        self.file(path);
        self.base.read_text(path, kind)
    }
    fn read_bytes(&self, path: &Path, kind: Input) -> std::io::Result<Vec<u8>> {
        self.file(path);
        self.base.read_bytes(path, kind)
    }
    fn list(&self, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
        self.folder(dir);
        self.base.list(dir)
    }
    fn is_dir(&self, path: &Path) -> bool {
        // A folder looked for and not there yet (a project's own labels)
        // is a file of its parent's to the watcher.
        self.file(path);
        self.base.is_dir(path)
    }
    fn is_file(&self, path: &Path) -> bool {
        self.file(path);
        self.base.is_file(path)
    }
    fn exists(&self, path: &Path) -> bool {
        self.file(path);
        self.base.exists(path)
    }
    fn real_folder(&self, dir: &Path) -> PathBuf {
        self.base.real_folder(dir)
    }
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        self.base.same_file(a, b)
    }
    fn reread(&self, path: &Path, kind: Input) -> Option<std::sync::Arc<dyn crate::input::world::Reread>> {
        self.base.reread(path, kind)
    }
}

/// Builds one or more layouts through a world, printing their findings
/// (and their files unless told to be quiet).
pub type Build<'b> = dyn FnMut(&[PathBuf], &dyn World, bool) -> Built + 'b;

/// Builds each of `layouts`, then rebuilds the ones whose files change,
/// until the program is stopped. Returns only when watching cannot start
/// or goes on no longer, saying why.
pub fn run(layouts: &[PathBuf], build: &mut Build<'_>) -> String {
    // A rebuild draws again only the preview pages the edit changed.
    crate::export::png::keep_renders();
    let mut reads = Vec::with_capacity(layouts.len());
    let mut total = Built::default();
    for layout in layouts {
        let recorder = Recorder::new(&Disk);
        let built = build(std::slice::from_ref(layout), &recorder, false);
        reads.push(recorder.reads());
        total.layouts += built.layouts;
        total.layouts_written += built.layouts_written;
    }
    let counted = crate::output::outcome::count(total.layouts, "layout");
    if total.layouts_written == total.layouts {
        eprintln!("built {counted}");
    } else {
        eprintln!("built {} of {counted}", total.layouts_written);
    }
    let (tx, rx) = mpsc::channel();
    let mut watcher = match notify::recommended_watcher(tx) {
        Ok(w) => w,
        Err(e) => return format!("cannot watch the files: {e}"),
    };
    let mut watched = BTreeSet::new();
    watch(&mut watcher, &reads, &mut watched);
    let files: BTreeSet<&PathBuf> = reads.iter().flat_map(|r| &r.files).filter(|f| f.exists()).collect();
    eprintln!(
        "watching {} file(s) of {} layout(s) for changes; Ctrl-C to stop",
        files.len(),
        layouts.len()
    );
    loop {
        let Some(changed) = next_change(&rx, |p| reads.iter().any(|r| r.touched_by(p))) else {
            return "the watcher stopped".to_string();
        };
        for (layout, read) in layouts.iter().zip(reads.iter_mut()) {
            let Some(cause) = changed.iter().find(|p| read.touched_by(p)) else {
                continue;
            };
            let start = Instant::now();
            let recorder = Recorder::new(&Disk);
            crate::export::png::take_drawn();
            let built = build(std::slice::from_ref(layout), &recorder, true);
            *read = recorder.reads();
            let drawn = crate::export::png::take_drawn();
            eprintln!("{}", rebuilt_line(layout, cause, (&built, drawn), start.elapsed()));
        }
        watch(&mut watcher, &reads, &mut watched);
    }
}

/// The one line a rebuild prints: what `built` did, and how many preview
/// pages were `drawn` again (the others were as before and came from memory).
fn rebuilt_line(layout: &Path, cause: &Path, (built, drawn): (&Built, usize), took: Duration) -> String {
    let shown = |p: &Path| {
        let here = std::env::current_dir().ok().and_then(|d| std::fs::canonicalize(d).ok());
        here.and_then(|h| p.strip_prefix(h).ok().map(Path::to_path_buf))
            .unwrap_or_else(|| p.to_path_buf())
            .display()
            .to_string()
    };
    let what = if built.written == built.jobs {
        format!("{} file(s) written, {drawn} preview page(s) drawn again", built.files)
    } else {
        format!(
            "{} of {} language(s) written, the others have errors (above)",
            built.written, built.jobs
        )
    };
    format!(
        "{} changed: rebuilt {} in {:.1} s, {what}",
        shown(cause),
        layout.display(),
        took.as_secs_f64()
    )
}

/// Watches the folders of `reads` not watched yet.
fn watch(watcher: &mut impl Watcher, reads: &[Reads], watched: &mut BTreeSet<PathBuf>) {
    for folder in reads.iter().flat_map(Reads::folders_to_watch) {
        if !watched.contains(&folder) && watcher.watch(&folder, RecursiveMode::NonRecursive).is_ok() {
            watched.insert(folder);
        }
    }
}

/// The paths changed in the next burst of changes that matter: waits for
/// a change to a path `matters` takes (one a build read), then until
/// [`QUIET`] has passed without another. Any other event (a file read, a
/// log written beside the layouts, a folder nobody reads) is let go and
/// does not put the rebuild off: a program reading the folder every few
/// milliseconds would otherwise keep the watch from ever rebuilding.
/// `None` when the watcher is gone.
pub fn next_change(
    rx: &mpsc::Receiver<notify::Result<notify::Event>>,
    matters: impl Fn(&Path) -> bool,
) -> Option<BTreeSet<PathBuf>> {
    let mut changed = BTreeSet::new();
    let mut last: Option<Instant> = None;
    loop {
        let event = match last {
            None => rx.recv().ok()?,
            Some(at) => match rx.recv_timeout(QUIET.saturating_sub(at.elapsed())) {
                Ok(event) => event,
                Err(mpsc::RecvTimeoutError::Timeout) => return Some(changed),
                Err(mpsc::RecvTimeoutError::Disconnected) => return None,
            },
        };
        let Ok(event) = event else { continue };
        if !changes_content(&event.kind) {
            continue;
        }
        let paths = event.paths.iter().map(|p| watched_name(p).unwrap_or_else(|| p.clone()));
        let touched: Vec<PathBuf> = paths.filter(|p| matters(p)).collect();
        if !touched.is_empty() {
            changed.extend(touched);
            last = Some(Instant::now());
        }
    }
}

/// Whether an event may change what a build reads. Reading a file (the
/// build's own reads among them) and its times changing are not changes.
pub fn changes_content(kind: &EventKind) -> bool {
    use notify::event::ModifyKind;
    match kind {
        EventKind::Create(_) | EventKind::Remove(_) => true,
        EventKind::Modify(ModifyKind::Metadata(_)) => false,
        EventKind::Modify(_) => true,
        EventKind::Access(_) | EventKind::Any | EventKind::Other => false,
    }
}
