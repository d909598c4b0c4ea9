//! Standard output, the one way the program writes to it: the `--json`
//! document, the `i18n` report, completion scripts, the manual page, `--help`
//! and `--version`.
//!
//! Rust's runtime ignores SIGPIPE, so a reader that went away (`pitchprint
//! completions bash | head -1`) shows up as a `BrokenPipe` error, and
//! `println!` would panic on it; a full disk (`> /dev/full`) shows up as an
//! error a bare `write!` would drop, the document lost and the exit code 0.
//! Here both are decided once: a closed pipe ends quietly (the reader took what
//! it wanted: the command's own exit code stands, as for a Unix tool that stops
//! early), any other failure is said on stderr and the exit code is 2.

use std::io::{self, Write};

/// Why standard output could not take what was written.
#[derive(Debug)]
pub enum Failure {
    /// The reading end of a pipe was closed: nobody is reading any more.
    Closed,
    /// Any other error (a full disk, a device that refuses writes).
    Other(io::Error),
}

/// Writes `bytes` to standard output and flushes them, so that an error is
/// seen here and not lost when the program ends.
pub fn write(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Err(Failure::Closed),
        Err(e) => Err(Failure::Other(e)),
    }
}

/// Writes `bytes` to standard output as a command's output, and says
/// whether the command's own exit code stands: it does when they were
/// written or when the reader went away; when they could not be, the reason
/// is said on stderr and the command ends with exit code 2 (`false`).
pub fn emit(bytes: &[u8]) -> bool {
    match write(bytes) {
        Ok(()) | Err(Failure::Closed) => true,
        Err(Failure::Other(e)) => {
            // Stderr may be gone as well: there is no one left to tell then.
            let _ = writeln!(
                io::stderr(),
                "pitchprint: cannot write to standard output: {}",
                reason(&e)
            );
            false
        }
    }
}

/// An error in people's words: the system's sentence without its number,
/// and what it most likely means.
pub fn reason(e: &io::Error) -> String {
    let said = e.to_string();
    let said = match said.find(" (os error") {
        Some(cut) => &said[..cut],
        None => &said,
    };
    let hint = match e.kind() {
        io::ErrorKind::StorageFull => " (the disk may be full)",
        io::ErrorKind::QuotaExceeded => " (your disk quota may be used up)",
        io::ErrorKind::PermissionDenied => " (the file it is sent to is not writable)",
        _ => "",
    };
    format!("{said}{hint}")
}
