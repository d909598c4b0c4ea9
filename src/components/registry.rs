//! Finding a component kind by the name a layout's `kind` gives, and the
//! JSON Schemas of every kind's layouts.

use crate::components::COMPONENTS;
use crate::components::card_template;
use crate::components::component::Component;
use crate::layout::profile;

/// The component a layout's `kind` names.
pub fn find(kind: &str) -> Option<&'static dyn Component> {
    COMPONENTS.iter().copied().find(|c| c.kind() == kind)
}

/// The kinds, in the registry's order (for hints).
pub fn kinds() -> Vec<&'static str> {
    COMPONENTS.iter().map(|c| c.kind()).collect()
}

/// The name of the card template's schema in `schemas/` (without `.json`).
pub const CARD_TEMPLATE_SCHEMA: &str = "card-template";

/// Every schema `schemas/` holds, by file name without `.json`: one per
/// kind, named by it, the card template's, the printer profile's and the game file's.
pub fn schemas() -> Vec<(String, serde_json::Value)> {
    let mut all: Vec<_> = COMPONENTS.iter().map(|c| (c.kind().to_string(), c.schema())).collect();
    all.push((CARD_TEMPLATE_SCHEMA.to_string(), card_template::schema()));
    all.push((profile::SCHEMA.to_string(), profile::schema()));
    all.push((crate::game::SCHEMA.to_string(), crate::game::schema()));
    all
}
