//! Unit tests of `src/cli.rs`.

use std::path::{Path, PathBuf};

use pitchprint::cli::*;

#[test]
fn outputs_keep_the_game_folder() {
    assert_eq!(
        output_stem(Path::new("layouts/dice-football/pitch.toml"), Path::new("output")),
        PathBuf::from("output/dice-football/pitch")
    );
    assert_eq!(
        output_stem(Path::new("/tmp/x/my-pitch.toml"), Path::new("out")),
        PathBuf::from("out/my-pitch")
    );
    // A path that climbs out of layouts/ keeps only the file's name.
    assert_eq!(
        output_stem(Path::new("layouts/../x.toml"), Path::new("out")),
        PathBuf::from("out/x")
    );
    assert_eq!(
        output_stem(Path::new("layouts/league/../../../x.toml"), Path::new("out")),
        PathBuf::from("out/x")
    );
}
