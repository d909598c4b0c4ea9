//! Finding a component kind by the name a layout's `kind` gives.

use crate::components::COMPONENTS;
use crate::components::component::Component;

/// The component a layout's `kind` names.
pub fn find(kind: &str) -> Option<&'static dyn Component> {
    COMPONENTS.iter().copied().find(|c| c.kind() == kind)
}

/// The kinds, in the registry's order (for hints).
pub fn kinds() -> Vec<&'static str> {
    COMPONENTS.iter().map(|c| c.kind()).collect()
}
