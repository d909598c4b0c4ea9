//! What a build leaves behind and says: every output's name ([`names`]),
//! files written all together or not at all ([`write`]), standard output
//! that may be closed ([`stdout`]), the findings rendered for people
//! ([`report`]) and the outcome of a command, its lines, summary, `--json`
//! document and exit code ([`outcome`]).

pub mod names;
pub mod outcome;
pub mod report;
pub mod stdout;
pub mod write;
