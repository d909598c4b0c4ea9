//! Unit tests of single modules of the library, one file per source file
//! (`card_deck_scale` tests `src/components/card_deck/scale.rs`). They
//! live here rather than in `#[cfg(test)]` modules so that the test
//! command compiles the library once, not a second time for its tests:
//! they reach only public items.

mod banknotes_compose;
mod card_deck;
mod card_deck_deal;
mod card_deck_scaffold;
mod card_deck_scale;
mod chars;
mod check_ink;
mod check_shapes;
mod check_target;
mod code;
mod color;
mod diag;
mod die_nets_compose;
mod duplex_calibration_compose;
mod export_pdf_file;
mod export_png;
mod export_svg;
mod font;
mod futbolchess_board_art;
mod game_money;
mod game_numbers;
mod geom;
mod i18n;
mod i18n_report;
mod input;
mod kit_assemble;
mod kit_cover;
mod kit_order;
mod kit_words;
mod layout_scaffold;
mod league_table_check;
mod league_table_fixture;
mod markdown;
mod names;
mod new_layout;
mod outcome;
mod path_fields_diagrams;
mod path_fields_play;
mod photo_cache;
mod play_simulate;
mod report;
mod rule_sheet_compose;
mod rule_sheet_hyphens;
mod scene_item;
mod scene_picture;
mod scene_tag;
mod separation;
mod sheet_nup;
mod sheet_tile;
mod source;
mod spreadsheet;
mod spreadsheet_workbook;
mod stdout;
mod target;
mod target_files;
mod text;
mod tts_deck;
mod tts_save;
mod typeset;
mod watch;
mod world;
mod write;
