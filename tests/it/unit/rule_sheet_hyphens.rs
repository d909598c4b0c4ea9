//! Unit tests of `src/components/rule_sheet/hyphens.rs`.

use pitchprint::diag::code::Code;
use pitchprint::diag::{Finding, Location};
use pitchprint::geom::Rect;
use pitchprint::scene::item::Shape;
use pitchprint::scene::page::Document;
use pitchprint::scene::tag::Tag;

use pitchprint::components::rule_sheet::hyphens::*;
use pitchprint::font::FontFace;
use pitchprint::geom::{Point, Size};
use pitchprint::scene::item::Item;
use pitchprint::scene::page::Page;
use pitchprint::scene::style::Style;
use pitchprint::text;

/// A page of one column holding `lines` of paragraph `block`, one after
/// another, and a second column holding `second`.
fn doc(first: &[&str], second: &[&str]) -> Document {
    let mut items = vec![
        Item::new(
            Shape::Rect(Rect::new(10.0, 10.0, 90.0, 270.0)),
            Style::default(),
            Tag::Column { index: 0 },
        ),
        Item::new(
            Shape::Rect(Rect::new(110.0, 10.0, 90.0, 270.0)),
            Style::default(),
            Tag::Column { index: 1 },
        ),
    ];
    for (col, lines) in [(10.0, first), (110.0, second)] {
        for (k, l) in lines.iter().enumerate() {
            let at = Point::new(col, 20.0 + 5.0 * k as f64);
            let run = text::line(l, FontFace::Sans, 9.0, at, text::Align::Left);
            items.push(Item::new(
                Shape::Text(run),
                Style::default(),
                Tag::BodyText { block: 1 },
            ));
        }
    }
    let size = Size::new(210.0, 297.0);
    Document::new("t", vec![Page::new(size, Rect::new(0.0, 0.0, 210.0, 297.0), items)])
}

/// The findings of `d`, the long words' at line 7 of the Markdown.
fn findings(d: &Document) -> Vec<Finding> {
    let file = std::path::Path::new("rules.toml");
    check(d, &Location::file(file), &|_, _| {
        Location::at_line(std::path::Path::new("rules.md"), 7, None)
    })
}

/// How many errors `d` has: the typesetter's mistakes.
fn found(d: &Document) -> usize {
    findings(d).iter().filter(|f| f.is_error()).count()
}

#[test]
fn clean_breaks_pass_and_each_limit_is_caught() {
    assert_eq!(found(&doc(&["un texto que se reco-", "noce bien y sigue"], &[])), 0);
    // Two letters carried over.
    assert_eq!(found(&doc(&["un texto que se parti-", "do y sigue"], &[])), 1);
    // Three hyphenated lines in a row.
    let three = [
        "uno dos tres cua-",
        "tro cinco seis cin-",
        "cuenta ocho nueve dieci-",
        "séis y fin del todo",
    ];
    assert_eq!(found(&doc(&three, &[])), 1);
    // A hyphen at the foot of a column.
    assert_eq!(found(&doc(&["un texto que se reco-"], &["noce bien y sigue"])), 1);
    // A paragraph ending on a short tail.
    assert_eq!(found(&doc(&["una frase larga que termina en contes-", "tar."], &[])), 1);
    // A word longer than a line breaks as often as it must, wherever
    // the column ends: no error, but past two hyphenated lines in a
    // row, a warning at the word's line for its author.
    let long = [
        "un Donaudampfschiff-",
        "fahrtsgesellschafts-",
        "kapitänswitwen-",
        "mütze y fin",
    ];
    for d in [doc(&long, &[]), doc(&long[..2], &long[2..])] {
        let f = findings(&d);
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(!f[0].is_error() && f[0].code == Code::TextHyphen, "{}", f[0]);
        assert_eq!(f[0].location.line, Some(7), "{}", f[0]);
        assert!(
            f[0].message
                .contains("\"Donaudampfschifffahrtsgesellschaftskapitänswitwenmütze\""),
            "{}",
            f[0]
        );
        assert!(f[0].message.contains("3 lines in a row"), "{}", f[0]);
    }
    // Two are allowed, a long word or not.
    assert!(
        findings(&doc(
            &["un Donaudampfschiff-", "fahrtsgesellschafts-", "kapitän y fin"],
            &[]
        ))
        .is_empty()
    );
    // The word is told from the run of its parts, a break after it in
    // the same run or not.
    let tail = [
        "Donaudampfschiff-",
        "fahrtsgesellschafts-",
        "kapitän y reco-",
        "noce bien",
    ];
    let f = findings(&doc(&tail, &[]));
    assert_eq!(f.len(), 1, "{f:?}");
    assert!(
        f[0].message.contains("\"Donaudampfschifffahrtsgesellschaftskapitän\""),
        "{}",
        f[0]
    );
}
