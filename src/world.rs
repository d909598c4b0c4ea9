//! The files a build reads, behind a small trait, so that resolving is a pure
//! function of what a [`World`] answers.

use std::path::{Path, PathBuf};

/// The files a build reads: layouts, data, photos, label tables and rule
/// texts. The command line uses [`Disk`]; tests may use a folder in memory.
pub trait World: Sync {
    /// A text file's contents.
    fn read_text(&self, path: &Path) -> std::io::Result<String>;
    /// A file's bytes.
    fn read_bytes(&self, path: &Path) -> std::io::Result<Vec<u8>>;
    /// The entries of a folder, unsorted.
    fn list(&self, dir: &Path) -> std::io::Result<Vec<PathBuf>>;
    /// Whether `path` is a folder.
    fn is_dir(&self, path: &Path) -> bool;
    /// Whether `path` is a file.
    fn is_file(&self, path: &Path) -> bool;
    /// Whether two paths name the same file (`a/../b.toml` and `b.toml`).
    fn same_file(&self, a: &Path, b: &Path) -> bool;
}

/// The real file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct Disk;

impl World for Disk {
    fn read_text(&self, path: &Path) -> std::io::Result<String> {
        std::fs::read_to_string(path)
    }
    fn read_bytes(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        std::fs::read(path)
    }
    fn list(&self, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
        std::fs::read_dir(dir)?.map(|e| e.map(|e| e.path())).collect()
    }
    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }
    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
            (Ok(a), Ok(b)) => a == b,
            _ => a == b,
        }
    }
}
