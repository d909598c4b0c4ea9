//! Shell habits (issue 17, item 5): completion scripts and the manual page
//! generated from the command line.

mod common;

use common::TestDir;

/// Every command the program has, as the scripts and the page must name them.
const COMMANDS: [&str; 6] = ["build", "check", "i18n", "completions", "man", "help"];

#[test]
fn completions_name_every_command_and_kind() {
    let dir = TestDir::new("completions");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = dir.run(&["completions", shell]);
        run.expect_code(0);
        assert!(run.stdout.len() > 500, "{shell}: {}", run.stdout);
        for command in COMMANDS {
            assert!(run.stdout.contains(command), "{shell} completes {command}");
        }
        // The options complete too (fish writes an option `-l lang`).
        for word in ["lang", "paper", "format"] {
            assert!(run.stdout.contains(word), "{shell} completes {word}");
        }
    }
    // An unknown shell is a usage error.
    dir.run(&["completions", "cmd"]).expect_code(2);
}

#[test]
fn the_manual_page_lists_the_commands() {
    let dir = TestDir::new("man");
    let run = dir.run(&["man"]);
    run.expect_code(0);
    assert!(
        run.stdout.starts_with(".ie") || run.stdout.contains(".TH pitchprint"),
        "{}",
        run.stdout
    );
    for command in COMMANDS {
        assert!(run.stdout.contains(command), "the page names {command}");
    }
    let run = dir.run(&["man", "--out", "man"]);
    run.expect_code(0);
    for page in ["pitchprint.1", "pitchprint-build.1", "pitchprint-i18n.1"] {
        let text = dir.read_string(format!("man/{page}"));
        assert!(text.contains(".TH"), "{page} is a manual page");
    }
    let build = dir.read_string("man/pitchprint-build.1");
    assert!(build.contains("paper") && build.contains("lang"), "{build}");
}
