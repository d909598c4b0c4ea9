//! Auction bid slips for the league game (`kind = "bid-slips"`): a slip per
//! coach per round, holding a bid for every player the round puts up.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::components::card_deck::deal::MARKET;
use crate::components::load::References;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::font::Fonts;
use crate::layout::page::RawPage;
use crate::layout::print::RawPrint;
use crate::layout::resolve::Resolver;
use crate::layout::values::{Colour, Count, ItemSize, Label, LabelList, Word};
use crate::print::NupOptions;
use crate::print::PageSpec;
use crate::section;

/// The layout as written (every key but `kind`).
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSlips {
    #[serde(default)]
    page: RawPage,
    #[serde(default = "RawPrint::plain")]
    print: RawPrint,
    #[serde(default)]
    slip: RawSlip,
}

/// The JSON Schema of a layout of this kind, named `kind`, for editors.
pub fn schema(kind: &str) -> serde_json::Value {
    // Its [print] defaults are its own, not the table's.
    crate::layout::schema::with_defaults(
        crate::layout::schema::layout::<RawSlips>(kind),
        "print",
        &RawPrint::plain(),
    )
}

section! {
    /// One slip, validated.
    pub struct Slip / RawSlip / SlipKeys in "slip" {
        /// How many slips.
        count: Count<1, 200> = 6 => "how many slips: one for each coach of a round",
        /// A slip's width and height.
        size: ItemSize = [186.0, 82.0] => "[width, height] in mm",
        /// The slip's heading.
        title: Label = "@slips.title",
        /// The lines to fill in at the head of the slip, side by side (the
        /// first one twice as long as each other).
        fields: LabelList = &["@slips.coach", "@slips.round"],
        /// How many bids a slip holds: a line for a player and the bid each.
        bids: Count<1, 40> = 12 => "how many bids one slip holds",
        /// The bid lines in how many columns.
        columns: Count<1, 4> = 2 => "1 to 4 columns of bid lines",
        /// The label of a bid line's player.
        player: Label = "@slips.player",
        /// The label of a bid line's amount.
        bid: Label = "@slips.bid",
        /// Printed after each amount (the bid's unit).
        unit: Label = "@slips.unit",
        /// The line the bids are added up on, last; "" for none.
        total: Label = "@slips.total",
        /// The league table whose coaches bid on these slips: a slip for
        /// each of its coaches, and a bid for each player the market draws.
        table: Word = "" => "the league table layout, relative to this file (\"table.toml\"), or \"\" for none",
        /// Text and lines.
        ink: Colour = "#1b2a41",
        /// The heading band.
        accent: Colour = "#c0392b",
    }
}

/// Resolved bid slips.
#[derive(Clone, Debug, PartialEq)]
pub struct Slips {
    /// The faces its texts are set in: the game's or the profile's own, or DejaVu.
    pub fonts: Fonts,
    /// Paper and margin.
    pub page: PageSpec,
    /// Imposition.
    pub print: NupOptions,
    /// The slip.
    pub slip: Slip,
}

/// Reads and validates a `bid-slips` layout.
pub fn resolve_slips(raw: RawSlips, mut r: Resolver<'_>) -> Result<Slips, Vec<Finding>> {
    let page = r.page(&raw.page);
    let print = raw.print.options(&mut r, &page);
    let slip = raw.slip.resolve(&mut r);
    if slip.fields.is_empty() {
        r.bad(
            Slip::KEY.fields,
            Code::LayoutValue,
            "a slip needs lines to fill in".into(),
            "list them, such as [\"Entrenador\", \"Jornada\"]",
        );
    }
    if !slip.table.is_empty() {
        enough_for_a_round(&mut r, &slip);
    }
    let fonts = r.cx.fonts;
    r.finish(Slips {
        fonts,
        page,
        print,
        slip,
    })
}

/// The players a round puts up for bids from the market: three defenders,
/// three midfielders and three forwards.
pub fn market_draws() -> u32 {
    MARKET.iter().sum()
}

/// Slips for a round of the table `slip.table` names: one for each of its
/// coaches, each with a line for every player the market draws.
fn enough_for_a_round(r: &mut Resolver<'_>, slip: &Slip) {
    let Some(loaded) = r.reference(Slip::KEY.table, &slip.table) else {
        return;
    };
    let Some(coaches) = loaded.layout.as_teams().map(|t| t.teams()) else {
        r.bad(
            Slip::KEY.table,
            Code::LayoutBoard,
            format!(
                "cannot use the layout {}: a \"{}\" layout is not a league table",
                slip.table, loaded.kind
            ),
            "name the league table layout, relative to this file",
        );
        return;
    };
    if slip.count < coaches {
        r.bad(
            Slip::KEY.count,
            Code::SlipCount,
            format!(
                "{} slips, but each of the {coaches} coaches of {} fills one every round",
                slip.count, slip.table
            ),
            format!(
                "set {} = {coaches} (a round's slips), or a multiple of it for more rounds",
                Slip::KEY.count
            ),
        );
    }
    let draws = market_draws();
    if slip.bids < draws {
        r.bad(
            Slip::KEY.bids,
            Code::SlipCount,
            format!(
                "a slip holds {} bids, but every round the market puts up {draws} players",
                slip.bids
            ),
            format!(
                "set {} to at least {draws}, with room for players the coaches put up for sale",
                Slip::KEY.bids
            ),
        );
    }
}

/// The layout `pitchprint new` writes: every key at the default the
/// loader gives it.
pub fn scaffold(kind: &str) -> Result<crate::layout::scaffold::Scaffold, String> {
    let s = crate::layout::scaffold::Scaffold::new::<RawSlips>(
        kind,
        "Bid slips for the league's market: a sheet a coach writes every secret bid of a round on.",
    );
    let raw: RawSlips = s.defaults()?;
    Ok(s.section(&raw.page).section(&raw.print).section(&raw.slip))
}
