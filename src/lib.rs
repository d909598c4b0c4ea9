//! pitchprint turns layout descriptions into print-ready PDF and SVG for
//! football board games, and checks the geometry before it writes anything.
//!
//! The stages, in the order data flows (`docs/ARCHITECTURE.md` is the map,
//! and lists the decisions each made in one place):
//! [`layout`] loads the TOML with the span of every key and resolves it to
//! validated values; each kind's folder under [`components`] composes its
//! pages into a [`scene::page::Document`], with the shared pieces of
//! [`compose`] and [`sheet`], and offers what the others may ask of it
//! through the contract of [`components::resolved`]; [`check`] and the
//! kind's own rules return every finding, with code, location and hint
//! ([`diag`]); [`export`] turns the scene into SVG, PDF and PNG, the same
//! scene into the same bytes (not pure: fonts, and with `--watch` the
//! pages drawn, are kept for the process; `docs/ARCHITECTURE.md`, "State
//! kept for the process"); [`output`] names every file and writes a
//! layout's files all together or not at all. [`pipeline`] runs one
//! [`pipeline::Job`] from load to check, [`build`] runs `build` and `check`
//! over many, [`cli`] only parses the command line, [`kit`] puts a game's
//! built documents into one print-and-play PDF and [`tts`] onto a virtual
//! table, and every file is read through an [`input::world::World`].
//! Stages any kind may use and that know no kind: [`spreadsheet`] reads
//! sheets (CSV, `.xlsx`, `.ods`, statistics sites' exports), [`photo`] reads
//! photos (decoded, turned upright by their EXIF, cropped, cached), [`play`]
//! plays the league's matches.
//!
//! Beside the stages: [`geom`] holds millimetre geometry, [`color`] the sRGB
//! colour, [`font`] the bundled fonts and their metrics, [`text`] lines and
//! justified paragraphs, [`markdown`] the rule texts' Markdown, [`i18n`] the
//! label tables and [`translate`] the `i18n` command's work, [`print`] the
//! print options, targets and colour separation, [`limits`] the ranges
//! accepted.

pub mod build;
pub mod check;
pub mod cli;
pub mod color;
pub mod components;
pub mod compose;
pub mod diag;
pub mod export;
pub mod font;
pub mod game;
pub mod geom;
pub mod i18n;
pub mod icons;
pub mod input;
pub mod kit;
pub mod layout;
pub mod limits;
pub mod markdown;
pub mod new_layout;
pub mod output;
pub mod parallel;
pub mod photo;
pub mod pipeline;
pub mod play;
pub mod print;
pub mod scene;
pub mod sheet;
pub mod spreadsheet;
pub mod target_files;
pub mod text;
pub mod translate;
pub mod tts;
pub mod watch;
