//! Unit tests of `src/output/report.rs`.

use pitchprint::diag::{Finding, Location};
use pitchprint::input::world::{Input, World};
use std::path::PathBuf;

use pitchprint::diag::code::Code;
use pitchprint::output::report::*;
use std::path::Path;

/// A world of one file, in memory.
struct OneFile(&'static str);

impl World for OneFile {
    fn read_text(&self, _: &Path, _: Input) -> std::io::Result<String> {
        Ok(self.0.to_string())
    }
    fn read_bytes(&self, _: &Path, _: Input) -> std::io::Result<Vec<u8>> {
        Ok(self.0.as_bytes().to_vec())
    }
    fn list(&self, _: &Path) -> std::io::Result<Vec<PathBuf>> {
        Ok(Vec::new())
    }
    fn is_dir(&self, _: &Path) -> bool {
        false
    }
    fn is_file(&self, _: &Path) -> bool {
        true
    }
    fn exists(&self, _: &Path) -> bool {
        true
    }
    fn real_folder(&self, dir: &Path) -> PathBuf {
        dir.to_path_buf()
    }
    fn same_file(&self, a: &Path, b: &Path) -> bool {
        a == b
    }
    fn reread(
        &self,
        _: &Path,
        _: pitchprint::input::world::Input,
    ) -> Option<std::sync::Arc<dyn pitchprint::input::world::Reread>> {
        None
    }
}

#[test]
fn the_value_is_underlined_on_its_line() {
    let text = "kind = \"dice-pitch\"\n[board]\npitch = -20\n";
    let start = text.find("-20").unwrap();
    let loc = Location {
        file: PathBuf::from("x.toml"),
        line: Some(3),
        column: Some(9),
        key: Some("board.pitch".into()),
        span: Some(start..start + 3),
        cell: None,
    };
    let f = Finding::error(Code::LayoutValue, "must be greater than 0 mm", loc).with_hint("try 20");
    let shown = Reporter::new(&OneFile(text)).render(&f);
    let lines: Vec<&str> = shown.lines().collect();
    assert!(
        lines[0].starts_with("error[layout-value]: x.toml:3:9: `board.pitch`"),
        "{shown}"
    );
    let source = lines
        .iter()
        .position(|l| l.contains("pitch = -20"))
        .expect("the line is shown");
    let caret = lines[source + 1];
    assert_eq!(caret.find('^'), lines[source].find("-20"), "{shown}");
    assert_eq!(caret.matches('^').count(), 3, "{shown}");
    assert!(shown.ends_with("  hint: try 20"), "{shown}");
}

#[test]
fn a_place_without_bytes_is_underlined_from_its_column() {
    let text = "name,team\nAna,Rayo\nLuis;Betis\n";
    // Line 3 starts at byte 19; its first cell ends at the semicolon.
    assert_eq!(point_span(text, 3, 1), Some(19..23));
    assert_eq!(point_span(text, 2, 5), Some(14..18));
}

#[test]
fn a_large_file_is_quoted_by_its_place_alone_with_its_line_number() {
    // A 10 MB cell on line 3 of a sheet, then a short row: the renderer is
    // given an excerpt, so the quote is short and says the right line.
    let text: &'static str =
        Box::leak(format!("name,team\nAna,Rayo\n{},Club\nBea,Rayo\n", "A".repeat(10_000_000)).into_boxed_str());
    let start = text.find("AAA").unwrap();
    let loc = Location {
        file: PathBuf::from("players.csv"),
        line: Some(3),
        column: Some(1),
        key: Some("name".into()),
        span: Some(start..start + 10_000_000),
        cell: None,
    };
    let f = Finding::error(Code::CardData, "too long", loc);
    let shown = Reporter::new(&OneFile(text)).render(&f);
    assert!(shown.len() < 2000, "{} bytes", shown.len());
    let lines: Vec<&str> = shown.lines().collect();
    let source = lines.iter().position(|l| l.starts_with("3 | AAA")).expect(&shown);
    assert!(
        lines[source + 1].trim_start_matches(' ').starts_with("| ^^^"),
        "{shown}"
    );
    // A place far down a large file keeps its own line number.
    let many: &'static str = Box::leak(
        (0..20_000)
            .map(|i| format!("row{i},x\n"))
            .collect::<String>()
            .into_boxed_str(),
    );
    let at = many.find("row15000,").unwrap();
    let loc = Location {
        file: PathBuf::from("players.csv"),
        line: Some(15_001),
        column: Some(1),
        key: None,
        span: Some(at..at + 8),
        cell: None,
    };
    let shown = Reporter::new(&OneFile(many)).render(&Finding::error(Code::CardData, "bad", loc));
    assert!(shown.contains("15001 | row15000,x"), "{shown}");
}
