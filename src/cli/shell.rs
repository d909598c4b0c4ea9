//! What a shell needs to know the program: completion scripts
//! (`pitchprint completions bash`) and the manual page (`pitchprint man`),
//! both generated from the command line's own declaration, so they list
//! every command, option and value the parser takes.

use std::io;
use std::path::{Path, PathBuf};

pub use clap_complete::Shell;

/// `shell`'s completion script for `cmd`.
///
/// Made in memory: `clap_complete` unwraps its writes, so a full disk or a
/// closed pipe would panic if it wrote to stdout itself; the caller writes
/// the bytes and says what became of them ([`crate::output::stdout`]).
pub fn completions(mut cmd: clap::Command, shell: Shell) -> Vec<u8> {
    let name = cmd.get_name().to_string();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, name, &mut out);
    out
}

/// The manual page of `cmd` (its commands listed), made in memory for the
/// same reason as [`completions`].
pub fn man(cmd: clap::Command) -> io::Result<Vec<u8>> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd).render(&mut out)?;
    Ok(out)
}

/// Writes a manual page per command into `dir`: `pitchprint.1` and one
/// per subcommand (`pitchprint-build.1`), created if need be. Returns the
/// files written, in order.
///
/// An error names the folder: `--out` that names a file is told so.
pub fn man_pages(cmd: clap::Command, dir: &Path) -> io::Result<Vec<PathBuf>> {
    if dir.exists() && !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!(
                "{} is a file, not a folder; name a folder for --out (it is created if need be)",
                dir.display()
            ),
        ));
    }
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(named)?;
    let name = cmd.get_name().to_string();
    let mut written = vec![dir.join(format!("{name}.1"))];
    written.extend(
        cmd.get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| dir.join(format!("{name}-{}.1", s.get_name()))),
    );
    clap_mangen::generate_to(cmd, dir).map_err(named)?;
    Ok(written.into_iter().filter(|f| f.is_file()).collect())
}

/// Runs `pitchprint man [--out dir]` for the command line `cmd`: the main
/// page on stdout, or a page per command written into `out`; returns the
/// exit code.
pub fn man_command(cmd: clap::Command, out: Option<&Path>) -> i32 {
    let done = match out {
        None => match man(cmd) {
            Ok(page) => {
                return if crate::output::stdout::emit(&page) {
                    crate::output::outcome::exit::OK
                } else {
                    crate::output::outcome::exit::FAILURE
                };
            }
            Err(e) => Err(e),
        },
        Some(dir) => man_pages(cmd, dir).map(|files| {
            for f in files {
                eprintln!("wrote {}", f.display());
            }
        }),
    };
    match done {
        Ok(()) => crate::output::outcome::exit::OK,
        Err(e) => {
            eprintln!("error: cannot write the manual page: {e}");
            crate::output::outcome::exit::FAILURE
        }
    }
}
