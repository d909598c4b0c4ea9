//! pitchprint turns layout descriptions into print-ready PDF and SVG for
//! football board games, and checks the geometry before it writes anything.
//!
//! The stages, one module each, in the order data flows:
//! [`layout`] (load TOML with spans, resolve to validated values) →
//! [`compose`] (one pure builder per component, producing a [`scene::page::Document`]) →
//! [`check`] (every finding, with code, location and hint) →
//! [`export`] (SVG, PDF, PNG as pure functions) → [`write`] (atomic).
//! [`geom`] holds millimetre geometry, [`color`] the sRGB colour, [`text`]
//! the bundled fonts and their metrics, [`diag`] the findings, [`cli`] the
//! command line.

pub mod chars;
pub mod check;
pub mod cli;
pub mod code;
pub mod color;
pub mod components;
pub mod compose;
pub mod diag;
pub mod export;
pub mod font;
pub mod geom;
pub mod i18n;
pub mod i18n_report;
pub mod input;
pub mod kit;
pub mod layout;
pub mod limits;
pub mod markdown;
pub mod new_layout;
pub mod outcome;
pub mod pipeline;
pub mod play;
pub mod print;
pub mod report;
pub mod scene;
pub mod sheet;
pub mod shell;
pub mod stdout;
pub mod text;
pub mod typeset;
pub mod watch;
pub mod world;
pub mod write;
