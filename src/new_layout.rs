//! `pitchprint new <kind> [path] [--from sheet]`: writes a layout of a kind
//! with every key at its default and what it is for, to start from. The
//! file is the kind's [`Scaffold`](crate::layout::scaffold::Scaffold); a file
//! already there is never overwritten. `pitchprint new game <folder>` writes
//! a small whole game ([`write_game`]).

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::components::component::ComponentKind;
use crate::components::registry;
use crate::input::world::World;
use crate::layout::scaffold::Ask;

/// Why no layout was written.
#[derive(Debug)]
pub enum NewError {
    /// The file is there already.
    Exists(PathBuf),
    /// What the layout is made from cannot be used (a spreadsheet that
    /// cannot be read, `--from` for a kind that reads none).
    Input(String),
    /// The file cannot be written.
    Io(String),
}

impl std::fmt::Display for NewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NewError::Exists(p) => write!(
                f,
                "{} already exists; pitchprint new never overwrites a file: name another path, or move the file away",
                p.display()
            ),
            NewError::Input(why) | NewError::Io(why) => f.write_str(why),
        }
    }
}

/// What was written.
#[derive(Debug)]
pub struct Written {
    /// The layout.
    pub layout: PathBuf,
    /// Files written beside it, which it names (a card template).
    pub companions: Vec<PathBuf>,
    /// What was read from the spreadsheet, in a line.
    pub from: Option<String>,
}

/// Where a new layout of `kind` goes: `path` as given (`.toml` added when
/// it has no extension), `<kind>.toml` inside it when it is a folder (one
/// there, or one to make: written with a trailing `/`), or `<kind>.toml`
/// here when there is none.
pub fn target(kind: &str, path: Option<&Path>) -> PathBuf {
    let file = format!("{kind}.toml");
    let folder = |p: &Path| {
        let text = p.as_os_str().to_string_lossy();
        p.is_dir() || text.ends_with('/') || text.ends_with(std::path::MAIN_SEPARATOR)
    };
    match path {
        None => PathBuf::from(file),
        Some(p) if folder(p) => p.join(file),
        Some(p) if p.extension().is_none() => p.with_extension("toml"),
        Some(p) => p.to_path_buf(),
    }
}

/// Writes the layout of `kind` at `layout`, and the files it names beside
/// it that are not there yet.
pub fn write(world: &dyn World, kind: &str, layout: &Path, from: Option<&Path>) -> Result<Written, NewError> {
    let Some(component) = registry::find(kind) else {
        return Err(NewError::Input(format!(
            "there is no kind \"{kind}\"; use one of: {}",
            registry::kinds().join(", ")
        )));
    };
    if layout.exists() {
        return Err(NewError::Exists(layout.to_path_buf()));
    }
    let ask = Ask { layout, from, world };
    let mut scaffold = component.scaffold(&ask).map_err(NewError::Input)?;
    // The printer profile's keys are left to it, as the shipped layouts
    // leave them: a live `paper = "a4"` would keep a new layout on A4 under
    // a Letter profile. The duplex key stays: its default either asks the
    // profile for its edge ("two-sided") or prints no backs.
    scaffold.lent = crate::layout::profile::LENT
        .iter()
        .filter(|k| **k != crate::layout::print::Print::KEY.duplex)
        .map(|k| k.to_string())
        .collect();
    if from.is_some() && scaffold.from.is_none() {
        return Err(NewError::Input(format!(
            "--from reads a spreadsheet for a card deck; a {kind} layout reads none"
        )));
    }
    let dir = layout.parent().unwrap_or(Path::new(""));
    if !dir.as_os_str().is_empty() {
        std::fs::create_dir_all(dir).map_err(|e| NewError::Io(format!("cannot make {}: {e}", dir.display())))?;
    }
    // The editor's schema, when the project has one (`schemas/<kind>.json`
    // in a folder above): Taplo (Even Better TOML) then completes every key.
    let text = match schema_line(dir, kind) {
        Some(line) => format!("{line}\n{}", scaffold.render()),
        None => scaffold.render(),
    };
    create(layout, &text)?;
    let mut companions = Vec::new();
    for (name, text) in &scaffold.companions {
        let path = dir.join(name);
        // One there already (from an earlier `new`) is the one to name.
        if !path.exists() {
            create(&path, text)?;
            companions.push(path);
        }
    }
    Ok(Written {
        layout: layout.to_path_buf(),
        companions,
        from: scaffold.from,
    })
}

/// The `#:schema` line naming `schemas/<kind>.json` relative to `dir`, from
/// the nearest folder above `dir` (or `dir` itself) that has it.
fn schema_line(dir: &Path, kind: &str) -> Option<String> {
    let name = format!("{kind}.json");
    let mut level = dir.to_path_buf();
    let mut up = 0;
    loop {
        let base = if level.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            level.clone()
        };
        if base.join("schemas").join(&name).is_file() {
            return Some(format!("#:schema {}schemas/{name}", "../".repeat(up)));
        }
        if level.as_os_str().is_empty() {
            return None;
        }
        // `..` (or the root) cannot be climbed by name: stop there.
        level.file_name()?;
        level = level.parent().map(Path::to_path_buf).unwrap_or_default();
        up += 1;
    }
}

/// Writes a file that must not exist yet: made with `create_new`, so that a
/// file that appears meanwhile is not overwritten either.
fn create(path: &Path, text: &str) -> Result<(), NewError> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => NewError::Exists(path.to_path_buf()),
            _ => NewError::Io(format!("cannot write {}: {e}", path.display())),
        })?;
    file.write_all(text.as_bytes())
        .map_err(|e| NewError::Io(format!("cannot write {}: {e}", path.display())))
}

/// What `pitchprint new` takes besides the layout kinds: a whole game.
pub const GAME: &str = "game";

/// The files of a new game, relative to its folder, and their text: a
/// penalty shoot-out that plays as printed. Its game file holds the
/// numbers its texts print; its board is a custom sheet (a goal of six
/// numbered squares) the rule sheet and the cover draw their figure from;
/// the rules and the cover are in every shipped language, each a file.
const GAME_FILES: [(&str, &str); 10] = [
    ("game.toml", include_str!("new_game/game.toml")),
    ("board.toml", include_str!("new_game/board.toml")),
    ("rules.toml", include_str!("new_game/rules.toml")),
    ("cover.toml", include_str!("new_game/cover.toml")),
    ("rules/es.md", include_str!("new_game/rules/es.md")),
    ("rules/en.md", include_str!("new_game/rules/en.md")),
    ("rules/ca.md", include_str!("new_game/rules/ca.md")),
    ("cover/es.md", include_str!("new_game/cover/es.md")),
    ("cover/en.md", include_str!("new_game/cover/en.md")),
    ("cover/ca.md", include_str!("new_game/cover/ca.md")),
];

/// The schema each of a new game's TOML files names, by file.
fn game_schema(file: &str) -> Option<&'static str> {
    match file {
        "game.toml" => Some(crate::game::SCHEMA),
        "board.toml" => Some(crate::components::custom_sheet::layout::KIND),
        "rules.toml" | "cover.toml" => Some(<crate::components::rule_sheet::Kind as ComponentKind>::NAME),
        _ => None,
    }
}

/// Writes a new game into `folder` (`layouts/my-game`): every file of
/// [`GAME_FILES`], none of which may be there yet (nothing is written when
/// one is). `pitchprint kit <folder>` builds it as written.
pub fn write_game(folder: &Path) -> Result<Vec<PathBuf>, NewError> {
    if let Some((name, _)) = GAME_FILES.iter().find(|(name, _)| folder.join(name).exists()) {
        return Err(NewError::Exists(folder.join(name)));
    }
    let mut written = Vec::new();
    for (name, text) in GAME_FILES {
        let path = folder.join(name);
        let dir = path.parent().unwrap_or(Path::new(""));
        std::fs::create_dir_all(dir).map_err(|e| NewError::Io(format!("cannot make {}: {e}", dir.display())))?;
        let text = match game_schema(name).and_then(|kind| schema_line(folder, kind)) {
            Some(line) => format!("{line}\n{text}"),
            None => text.to_string(),
        };
        create(&path, &text)?;
        written.push(path);
    }
    Ok(written)
}

/// Runs `pitchprint new <kind> [path] [--from sheet]` and returns the exit
/// code: what was written is said on stdout, a failure on stderr.
pub fn run(kind: &str, path: Option<&Path>, from: Option<&Path>) -> i32 {
    if kind == GAME {
        return new_game(path, from);
    }
    let layout = target(kind, path);
    match write(&crate::input::world::Disk, kind, &layout, from) {
        Ok(done) => {
            // What was made is the command's output: stdout, as `i18n`'s
            // report; stderr keeps the errors.
            let from = done.from.map(|f| format!("; {f}")).unwrap_or_default();
            let mut said = format!("wrote {} (a {} layout{from})\n", done.layout.display(), kind);
            for c in &done.companions {
                said.push_str(&format!("wrote {} (the card template it names)\n", c.display()));
            }
            said.push_str(&format!("build it with: pitchprint build {}\n", done.layout.display()));
            emitted(&said)
        }
        Err(e) => new_failed(&e),
    }
}

/// `said` on standard output; the exit code: success, or a failure when
/// standard output cannot take it.
fn emitted(said: &str) -> i32 {
    if crate::output::stdout::emit(said.as_bytes()) {
        crate::output::outcome::exit::OK
    } else {
        crate::output::outcome::exit::FAILURE
    }
}

/// Says why `pitchprint new` wrote nothing; the exit code: a mistake in
/// what was asked is a finding, a file in the way or a failed write a failure.
fn new_failed(e: &NewError) -> i32 {
    eprintln!("error: {e}");
    match e {
        NewError::Input(_) => crate::output::outcome::exit::FINDINGS,
        NewError::Exists(_) | NewError::Io(_) => crate::output::outcome::exit::FAILURE,
    }
}

/// `pitchprint new game [folder]`.
fn new_game(path: Option<&Path>, from: Option<&Path>) -> i32 {
    if from.is_some() {
        eprintln!("error: --from reads a spreadsheet for a card deck; a new game reads none");
        return crate::output::outcome::exit::FINDINGS;
    }
    let folder = path.map_or_else(|| PathBuf::from("my-game"), Path::to_path_buf);
    match write_game(&folder) {
        Ok(files) => {
            let mut said: String = files.iter().map(|f| format!("wrote {}\n", f.display())).collect();
            said.push_str(&format!("make its kit with: pitchprint kit {}\n", folder.display()));
            emitted(&said)
        }
        Err(e) => new_failed(&e),
    }
}
