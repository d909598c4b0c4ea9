//! Play money for the league game (docs/GAMES.md), duplex, with guilloche and
//! unique serials.
//!
//! `kind = "banknotes"`. [`layout`] reads and validates the file, [`compose`]
//! draws it, [`check`] holds the game's facts against what is drawn.

pub mod check;
pub mod compose;
pub mod layout;

use crate::check::sheet;
use crate::components::component::ComponentKind;
use crate::components::placement::{Placement, Role, Stock};
use crate::components::resolved::{Bank, Resolved};
use crate::diag::Finding;
use crate::input::source::Source;
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::{Ask, Scaffold};
use crate::scene::page::Document;
use layout::Banknotes;

/// The `banknotes` component.
pub struct Kind;

impl ComponentKind for Kind {
    const NAME: &'static str = "banknotes";
    const PLACE: Placement = Placement::Kit(Role::Notes, Stock::Card);
    type Raw = layout::Raw;
    type Resolved = Banknotes;

    fn resolve(raw: Self::Raw, r: Resolver<'_>) -> Result<Banknotes, Vec<Finding>> {
        layout::resolve(raw, r)
    }

    fn scaffold(_: &Ask<'_>) -> Result<Scaffold, String> {
        layout::scaffold(Self::NAME)
    }
}

impl Resolved for Banknotes {
    fn compose(&self) -> Document {
        compose::compose(self)
    }

    fn check(&self, source: &Source, doc: &Document) -> Vec<Finding> {
        let count = self.denominations.iter().map(|d| d.count as usize).sum();
        let mut findings = sheet::check(source, doc, &self.print, count, self.size);
        findings.extend(check::check(source, doc));
        findings
    }

    fn as_bank(&self) -> Option<&dyn Bank> {
        Some(self)
    }
}

impl Bank for Banknotes {
    fn notes(&self) -> Vec<(u32, u32)> {
        self.denominations.iter().map(|d| (d.value, d.count)).collect()
    }

    fn currency(&self) -> &str {
        &self.currency
    }

    fn per_sheet(&self) -> usize {
        crate::sheet::nup::grid(self.size, &self.print).per_page()
    }
}
