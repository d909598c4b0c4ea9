//! The integration tests: one test binary, a module per feature.
//!
//! One binary links the library and its dependencies once, where a file per
//! binary linked them once per file. `cargo test --release NAME` runs the
//! tests whose path holds NAME (`cargo test --release hostile::`,
//! `cargo test --release deck::`).
//!
//! Most tests run the built program (`CARGO_BIN_EXE_pitchprint`) in a fresh
//! folder and read its outputs back with Rust crates (lopdf, roxmltree);
//! the others load layouts in process through the library's pipeline.
//! `common` holds the helpers they share.

mod common;

// The shape of the code.
mod architecture;

// The components, each built and measured back from its outputs.
mod boards;
mod card_template;
mod counters;
mod covers;
mod custom_sheet;
mod deck;
mod dice_pitch;
mod downloads;
mod extras;
mod generic_cards;
mod path_field;
mod photos;
mod reference;
mod rules;
mod spreadsheets;
mod streamed;
mod upright;

// The games' texts and their languages.
mod answers;
mod game_file;
mod game_fonts;
mod game_words;
mod i18n;
mod languages;
mod league_play;
mod new_language;
mod parity;
mod your_game;

// Printing: imposition, tiling, the kit, the printer profile, portable SVG.
mod board_kit;
mod cutting_machines;
mod gutter_fold;
mod imposition;
mod kit;
mod printing;
mod profile;
mod svg_fonts;
mod targets;
mod tiling;
mod tts;

// Findings: where they point and what they say.
mod blame;
mod in_process;
mod messages;
mod refusals;

// The command line: errors, output, the shell, the README's and the book's
// examples and pictures, the schemas for editors.
mod cli_errors;
mod output;
mod parallel;
mod pictures;
mod readme;
mod schemas;
mod shell;

// Single modules of the library, tested on their own.
mod unit;

// Hostile input: broken values, files and text, never a crash.
mod hostile;

// The PDF reader the tests measure with.
mod pdf_reader;

// The PDF writer's own decisions, each read back.
mod pdf_writer;
