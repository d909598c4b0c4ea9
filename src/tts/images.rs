//! The images (and documents) a save names, held until they are written
//! with it, each named once however many objects show it, and the address
//! a save gives each: a `file:///` path of the written file, or the file
//! under the address where its owner hosts the folder.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A file a save names: its path under the save's folder, and its bytes.
pub type File = (String, Vec<u8>);

/// How a save names its files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Urls {
    /// `file:///` paths: the absolute path of the save's folder. Only this
    /// computer sees them (TTS: "for local games only").
    Files(PathBuf),
    /// Under an address the user hosts the folder at (Steam Cloud, the
    /// web), for a game played with others: `https://host/dir`.
    Base(String),
}

impl Urls {
    /// The address of `relative` (a path under the save's folder, with `/`).
    pub fn of(&self, relative: &str) -> String {
        match self {
            Urls::Files(dir) => file_url(&dir.join(relative)),
            Urls::Base(base) => format!("{}/{}", base.trim_end_matches('/'), encode(relative)),
        }
    }
}

/// `path` as a `file:///` URL: forward slashes (a Windows path's drive
/// letter after the third slash), and otherwise the path as it is: TTS
/// takes a local path as the file's name (its Knowledge Base shows one with
/// a space, and savers that load in it write spaces as they are), so
/// nothing is percent-encoded.
pub fn file_url(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    format!("file:///{}", text.trim_start_matches('/'))
}

/// Percent-encodes what a URL's path may not hold as it is.
fn encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/:".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The files of a save, by their path under its folder.
#[derive(Debug)]
pub struct Files {
    urls: Urls,
    files: Vec<File>,
    by_content: HashMap<u128, usize>,
    /// The images of the other languages, and this one's.
    likes: Option<(std::sync::Arc<super::art::Likes>, String)>,
}

impl Files {
    /// No files yet, named by `urls`.
    pub fn new(urls: Urls) -> Files {
        Files {
            urls,
            files: Vec::new(),
            by_content: HashMap::new(),
            likes: None,
        }
    }

    /// No files yet, named by `urls`, in `lang`, their images drawn where
    /// they differ from `likes`'s in another language.
    pub fn with_likes(urls: Urls, likes: std::sync::Arc<super::art::Likes>, lang: &str) -> Files {
        Files {
            likes: Some((likes, lang.to_string())),
            ..Files::new(urls)
        }
    }

    /// The image to be added at `relative` (`images/deck-en.png`) among the
    /// images of every language: by its name in the default language.
    pub fn like(&self, relative: &str) -> super::art::Like<'_> {
        let (likes, lang) = self.likes.as_ref()?;
        let suffix = format!("-{lang}.png");
        let name = match relative.strip_suffix(&suffix) {
            Some(stem) => format!("{stem}.png"),
            None => relative.to_string(),
        };
        Some((likes, name))
    }

    /// Adds a file at `relative` and returns its address; a file of the
    /// same bytes added before is named instead (one image for every
    /// counter of a team that prints alike).
    pub fn add(&mut self, relative: &str, bytes: Vec<u8>) -> String {
        let hash = crate::scene::picture::hash128(&bytes);
        if let Some(&k) = self.by_content.get(&hash) {
            return self.urls.of(&self.files[k].0);
        }
        let mut name = relative.to_string();
        let mut n = 2;
        while self.files.iter().any(|(f, _)| *f == name) {
            name = numbered(relative, n);
            n += 1;
        }
        self.by_content.insert(hash, self.files.len());
        self.files.push((name.clone(), bytes));
        self.urls.of(&name)
    }

    /// The files, by path under the save's folder.
    pub fn into_files(self) -> Vec<File> {
        self.files
    }

    /// How the save names them.
    pub fn urls(&self) -> &Urls {
        &self.urls
    }
}

/// `images/x.png` as `images/x-2.png`.
fn numbered(relative: &str, n: u32) -> String {
    match relative.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-{n}.{ext}"),
        None => format!("{relative}-{n}"),
    }
}
