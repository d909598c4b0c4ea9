//! Unit tests of `src/layout/scaffold.rs`.

use pitchprint::layout::scaffold::*;

#[derive(serde::Deserialize)]
#[allow(dead_code)]
struct Two {
    a: u32,
    #[serde(rename = "move")]
    b: String,
}

#[test]
fn serde_says_which_fields_a_struct_reads() {
    assert_eq!(fields_of::<Two>(), vec!["a", "move"]);
    assert!(fields_of::<u32>().is_empty());
}

#[test]
fn docs_lose_their_links_and_lines() {
    assert_eq!(
        plain_doc(&[" The size, see [`Size`](pitchprint::geom::Size)", " in mm."]),
        "The size, see `Size` in mm."
    );
}

#[test]
fn long_comments_wrap() {
    let lines = wrap(&"word ".repeat(40), "# ");
    assert!(lines.len() > 1 && lines.iter().all(|l| l.len() <= 79 && l.starts_with("# ")));
}
