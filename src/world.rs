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
    fn read_text(&self, path: &Path) -> std::io::Result<String> {
        match self.files.get(path) {
            Some(bytes) => {
                String::from_utf8(bytes.clone()).map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
            }
            None => self.base.read_text(path),
        }
    }
    fn read_bytes(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        match self.files.get(path) {
            Some(bytes) => Ok(bytes.clone()),
            None => self.base.read_bytes(path),
        }
    }
    fn list(&self, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
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
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        a == b || self.base.same_file(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_overlay_shows_its_files_and_lets_the_rest_through() {
        let w = Overlay::new(&Disk).with("nowhere/pitch.toml", "kind = \"dice-pitch\"");
        assert_eq!(
            w.read_text(Path::new("nowhere/pitch.toml")).unwrap(),
            "kind = \"dice-pitch\""
        );
        assert!(w.is_file(Path::new("nowhere/pitch.toml")) && w.is_dir(Path::new("nowhere")));
        assert_eq!(
            w.list(Path::new("nowhere")).unwrap(),
            vec![PathBuf::from("nowhere/pitch.toml")]
        );
        // The crate's own manifest comes from the disk below.
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
        assert!(w.read_text(&manifest).unwrap().contains("pitchprint"));
        assert!(w.read_text(Path::new("nowhere/else.toml")).is_err());
    }
}
