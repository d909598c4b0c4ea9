//! The `pitchprint` binary: a thin shell over [`pitchprint::cli`].

fn main() {
    std::process::exit(pitchprint::cli::run(std::env::args_os()));
}
