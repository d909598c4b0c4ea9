//! Joining a second export to the deck's sheet by player name (`join =
//! ["passing.csv"]`): a statistics site splits a league's figures over
//! several tables (FBref's standard table has no passes, its passing table
//! has them; Transfermarkt has market values and no stats), so the deck
//! reads each player's row of every joined file as more cells of its own.
//!
//! Names are compared without case, accents or punctuation (`Álex
//! Albar` is `alex albar`). A name a joined file holds twice (a player who
//! changed clubs during the season, once per club) is told apart by the
//! team when both files have one.

use std::collections::BTreeMap;
use std::path::Path;

use crate::diag::code::Code;
use crate::diag::{Finding, Location};
use crate::spreadsheet::sites::Site;
use crate::spreadsheet::{Joined, Sheet};

/// The columns that name the player and the team in a sheet: the site's it
/// is recognised as, else the deck's own (`name`, `team`).
fn who(sheet: &Sheet, names: (&str, &str)) -> (Option<usize>, Option<usize>) {
    let find = |c: &str| sheet.headers.iter().position(|h| h == c);
    let site = Site::recognise(&sheet.headers);
    let by = |field: &str, own: &str| {
        site.and_then(|s| s.column(field, &sheet.headers))
            .and_then(find)
            .or_else(|| find(own))
    };
    (by("name", names.0), by("team", names.1))
}

/// Adds `other`'s columns (those `main` does not hold already) to each row
/// of `main`, from the row of `other` with the same player; `names` are the
/// deck's name and team columns. A file with no column of names is refused.
pub fn join(main: &mut Sheet, mut other: Sheet, names: (&str, &str)) -> Result<(), Box<Finding>> {
    let (Some(main_name), main_team) = who(main, names) else {
        // The deck's own reading says that its name column is missing.
        return Ok(());
    };
    let (Some(other_name), other_team) = who(&other, names) else {
        return Err(Box::new(Finding::error(
            Code::CardColumn,
            format!(
                "the joined file has no column of players' names (\"{}\", or a statistics site's: \"Player\", \"short_name\", \"name\")",
                names.0
            ),
            Location::file(&other.path),
        )
        .with_hint("each joined file needs the players' names, written as the deck's sheet writes them; check that this is the export you meant")));
    };
    let mut by_name: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (k, row) in other.rows.iter().enumerate() {
        if let Ok(row) = row {
            by_name.entry(key(&row.get(other_name))).or_default().push(k);
        }
    }
    let columns: Vec<usize> = (0..other.headers.len())
        .filter(|&c| !main.headers.contains(&other.headers[c]))
        .collect();
    let first = main.headers.len();
    main.headers.extend(columns.iter().map(|&c| other.headers[c].clone()));
    main.marks.extend(columns.iter().map(|&c| other.marks[c]));
    let mut lines = BTreeMap::new();
    for row in main.rows.iter_mut().flatten() {
        let found = by_name.get(&key(&row.get(main_name))).and_then(|ks| {
            let same_team = |&&k: &&usize| match (main_team, other_team, &other.rows[k]) {
                (Some(a), Some(b), Ok(o)) => key(&row.get(a)) == key(&o.get(b)),
                _ => false,
            };
            ks.iter().find(same_team).or(ks.first()).copied()
        });
        let there = found.and_then(|k| other.rows[k].as_ref().ok());
        if let Some(o) = there {
            lines.insert(row.line, o.line);
        }
        row.cells.resize(first, String::new());
        row.cells
            .extend(columns.iter().map(|&c| there.map(|o| o.get(c)).unwrap_or_default()));
    }
    other.rows = Vec::new();
    main.joined.push(Joined {
        sheet: other,
        columns,
        first,
        lines,
    });
    Ok(())
}

/// A name as the join compares it: lower case, accents off, any run of
/// other characters one space.
fn key(name: &str) -> String {
    const FROM: &str = "áàäâãåéèëêíìïîóòöôõøúùüûñçý";
    const TO: &str = "aaaaaaeeeeiiiioooooouuuuncy";
    let mut out = String::new();
    for c in name.to_lowercase().chars() {
        let c = FROM
            .chars()
            .position(|f| f == c)
            .and_then(|i| TO.chars().nth(i))
            .unwrap_or(c);
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// The message and hint for an empty cell of a joined column, when the
/// player has no row in the joined file: the names differ.
pub fn unjoined(name: &str, column: &str, file: &Path) -> (String, String) {
    (
        format!(
            "\"{}\" has no row in {}, the joined file that holds \"{column}\"",
            crate::font::chars::excerpt(name),
            file.display()
        ),
        format!(
            "the files are joined by the player's name: write it alike in both (case and accents aside), or add the player to {}",
            file.display()
        ),
    )
}
