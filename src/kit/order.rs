//! The print order of a kit: where a layout of a kind goes, by the
//! [`Placement`] its kind declares, with the one exception a kit makes (a
//! rule sheet named `cover.toml` is the game's cover).

use crate::components::component::ComponentKind;
use crate::components::placement::Placement;
pub use crate::components::placement::{Role, Stock};
use crate::components::{registry, rule_sheet};

/// The file name that makes a rule sheet its game's cover.
pub const COVER_FILE: &str = "cover.toml";

/// The role and stock of a layout of `kind` in a kit, named `file_name`;
/// `None` for a kind no kit prints (a calibration sheet).
pub fn place(kind: &str, file_name: &str) -> Option<(Role, Stock)> {
    let Placement::Kit(role, stock) = registry::find(kind)?.placement() else {
        return None;
    };
    let cover = kind == rule_sheet::Kind::NAME && file_name == COVER_FILE;
    Some((if cover { Role::Cover } else { role }, stock))
}

/// Whether `kind` is a calibration sheet, which belongs to the printer and
/// to no game's kit.
pub fn is_calibration(kind: &str) -> bool {
    registry::find(kind).is_some_and(|c| c.placement() == Placement::Calibration)
}
