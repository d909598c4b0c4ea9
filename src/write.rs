//! Writing outputs atomically: each file goes to a temporary name beside its
//! target and is renamed into place, so a failed run never leaves a half-written
//! or truncated file behind.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Writes every file or none of the ones that were not yet in place: all
/// contents are staged first, then renamed one by one.
pub fn write_all(files: &[(PathBuf, Vec<u8>)]) -> io::Result<()> {
    let mut staged: Vec<(PathBuf, PathBuf)> = Vec::new();
    for (target, bytes) in files {
        match stage(target, bytes) {
            Ok(tmp) => staged.push((tmp, target.clone())),
            Err(e) => {
                for (tmp, _) in &staged {
                    let _ = fs::remove_file(tmp);
                }
                return Err(io::Error::new(e.kind(), format!("{}: {e}", target.display())));
            }
        }
    }
    for (tmp, target) in &staged {
        fs::rename(tmp, target).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", target.display())))?;
    }
    Ok(())
}

fn stage(target: &Path, bytes: &[u8]) -> io::Result<PathBuf> {
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    Ok(tmp)
}
