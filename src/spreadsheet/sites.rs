//! The exports people download real football statistics as, read as they
//! come: FBref's tables, EA FC (sofifa) player files and Transfermarkt's
//! players file. Each is a [`Site`]: the columns its export names each card
//! field by, and, for a field its export lacks, the export that has it. A
//! deck names its site (`columns = "fbref"`), or its sheet's header is
//! recognised as one; the `[columns]` a layout writes still win.
//!
//! A site's numbers are its own (a season's completed passes, a rating of
//! 0 to 99, a market value in euros): `[scale]` makes them the game's.

/// A statistics site's export.
pub struct Site {
    /// The name a layout gives it (`columns = "fbref"`).
    pub id: &'static str,
    /// Its name for people (`FBref`).
    pub name: &'static str,
    /// Columns every one of its exports holds, all of them.
    all_of: &'static [&'static str],
    /// Columns of which its exports hold at least one (empty: none asked).
    any_of: &'static [&'static str],
    /// Per card field (a `[columns]` key), its columns in order of
    /// preference, and where the figure is when its export lacks them.
    fields: &'static [(&'static str, &'static [&'static str], &'static str)],
}

/// FBref's passing, defensive actions, shooting and goalkeeping tables:
/// what a deck reads from each, joined to the one `data` names.
const FBREF_PASSES: &str = "FBref's Passing table (its \"Cmp\" column: passes completed)";
const FBREF_WON: &str = "FBref's Defensive Actions table (its \"Tkl+Int\" column: tackles plus interceptions)";
const FBREF_SHOTS: &str = "FBref's Shooting table (its \"Sh/90\" column: shots per 90 minutes)";
const FBREF_CONCEDED: &str = "FBref's Goalkeeping table (its \"GA90\" column: goals against per 90 minutes)";
const FBREF_SAVES: &str = "FBref's Goalkeeping table (its \"Save%\" column: the share of shots on target saved)";
const MARKET_VALUE: &str = "Transfermarkt's players file (its \"market_value_in_eur\" column)";

/// The columns FBref's tables give each stat, shared by the sites that lack
/// them (a Transfermarkt file is joined to FBref's tables for its stats).
const PASSES: &[&str] = &["Total/Cmp", "Cmp"];
const WON: &[&str] = &["Tkl+Int"];
const SHOTS: &[&str] = &["Standard/Sh/90", "Sh/90", "Standard/Sh", "Sh"];
const CONCEDED: &[&str] = &["Performance/GA90", "GA90"];
const SAVES: &[&str] = &["Performance/Save%", "Save%"];

/// The sites a deck reads.
pub const SITES: [Site; 3] = [
    Site {
        id: "fbref",
        name: "FBref",
        all_of: &["Player", "Squad", "Pos"],
        any_of: &["Nation", "Born", "90s", "Rk"],
        fields: &[
            ("name", &["Player"], ""),
            ("team", &["Squad"], ""),
            ("position", &["Pos"], ""),
            ("passes", PASSES, FBREF_PASSES),
            ("won", WON, FBREF_WON),
            ("shots", SHOTS, FBREF_SHOTS),
            ("conceded", CONCEDED, FBREF_CONCEDED),
            ("saves", SAVES, FBREF_SAVES),
            ("price", &["market_value_in_eur", "value_eur"], MARKET_VALUE),
        ],
    },
    Site {
        id: "eafc",
        name: "EA FC (sofifa)",
        all_of: &["short_name", "player_positions"],
        any_of: &[],
        fields: &[
            ("name", &["short_name", "long_name"], ""),
            ("team", &["club_name"], ""),
            ("position", &["player_positions"], ""),
            // The detailed attributes: the summary ones (passing,
            // defending, shooting) are empty for goalkeepers.
            ("passes", &["attacking_short_passing"], ""),
            ("won", &["defending_standing_tackle"], ""),
            ("shots", &["attacking_finishing"], ""),
            ("conceded", &["goalkeeping_positioning"], ""),
            ("saves", &["goalkeeping_reflexes"], ""),
            ("price", &["value_eur"], ""),
        ],
    },
    Site {
        id: "transfermarkt",
        name: "Transfermarkt",
        all_of: &["name", "market_value_in_eur"],
        any_of: &[],
        fields: &[
            ("name", &["name"], ""),
            ("team", &["current_club_name"], ""),
            ("position", &["position", "sub_position"], ""),
            ("passes", PASSES, FBREF_PASSES),
            ("won", WON, FBREF_WON),
            ("shots", SHOTS, FBREF_SHOTS),
            ("conceded", CONCEDED, FBREF_CONCEDED),
            ("saves", SAVES, FBREF_SAVES),
            ("price", &["market_value_in_eur"], ""),
        ],
    },
];

impl Site {
    /// The site a layout names, by its id (any case; `sofifa` and `fc` are EA FC).
    pub fn named(id: &str) -> Option<&'static Site> {
        let id = id.trim().to_ascii_lowercase();
        let id = match id.as_str() {
            "sofifa" | "fc" | "fifa" | "ea" => "eafc",
            other => other,
        };
        SITES.iter().find(|s| s.id == id)
    }

    /// The site whose export a sheet's header is, if any.
    pub fn recognise(headers: &[String]) -> Option<&'static Site> {
        let has = |c: &&str| headers.iter().any(|h| h == c);
        SITES
            .iter()
            .find(|s| s.all_of.iter().all(has) && (s.any_of.is_empty() || s.any_of.iter().any(has)))
    }

    /// The ids a layout may name, for a hint.
    pub fn ids() -> String {
        SITES
            .iter()
            .map(|s| format!("\"{}\"", s.id))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The field's column among `headers`: the first of its columns there.
    pub fn column(&self, field: &str, headers: &[String]) -> Option<&'static str> {
        let (_, columns, _) = self.fields.iter().find(|(f, _, _)| *f == field)?;
        columns.iter().copied().find(|c| headers.iter().any(|h| h == c))
    }

    /// Where a field's figure is when this site's export lacks it, as a
    /// hint: the export to download and join (`join = [...]`).
    pub fn lacks(&self, field: &str) -> Option<String> {
        let (_, columns, elsewhere) = self.fields.iter().find(|(f, _, _)| *f == field)?;
        let own = format!(
            "{}'s export names it {}",
            self.name,
            columns
                .iter()
                .map(|c| format!("\"{c}\""))
                .collect::<Vec<_>>()
                .join(" or ")
        );
        Some(if elsewhere.is_empty() {
            format!("{own}: check that the file is the whole export")
        } else {
            format!(
                "{}'s export has no {field}: they are in {elsewhere}; save that table as CSV beside the deck and name it in `join = [\"...\"]`, which adds its columns to each player by name",
                self.name
            )
        })
    }

    /// The columns of this site's that `headers` holds, for each card field
    /// the layout does not write (`written` says which it does).
    pub fn taken(&self, written: impl Fn(&str) -> bool, headers: &[String]) -> Vec<(&'static str, &'static str)> {
        self.fields
            .iter()
            .filter(|(field, _, _)| !written(field))
            .filter_map(|(field, _, _)| Some((*field, self.column(field, headers)?)))
            .collect()
    }
}
