//! Unit tests of `src/markdown/mod.rs`.

use pitchprint::diag::code::Code;

use pitchprint::markdown::*;

#[test]
fn blocks_and_emphasis() {
    let doc = parse(
        "# Reglas\n\n## Saque\nEl balón\nsale del **centro** y *rueda*.\n\n- uno\n2. dos\n\n{{diagram: kickoff}}\n",
    )
    .unwrap();
    let blocks: Vec<&Block> = doc.iter().map(|l| &l.block).collect();
    assert_eq!(blocks[0], &Block::Title("Reglas".into()));
    assert_eq!(blocks[1], &Block::Heading("Saque".into()));
    let Block::Paragraph(spans) = blocks[2] else { panic!() };
    assert_eq!(spans.len(), 5);
    assert!(spans[1].bold && spans[1].text == "centro");
    assert!(spans[3].italic && spans[3].text == "rueda");
    assert_eq!(doc[2].line, 4);
    assert_eq!(
        blocks[3],
        &Block::Item(
            None,
            vec![Span {
                text: "uno".into(),
                bold: false,
                italic: false
            }]
        )
    );
    assert!(matches!(blocks[4], Block::Item(Some(2), _)));
    assert_eq!(
        blocks[5],
        &Block::Diagram {
            name: "kickoff".into(),
            caption: Vec::new()
        }
    );
}

#[test]
fn a_diagram_carries_its_caption_and_an_aside_its_blocks() {
    let doc = parse(
        "# A\n\n{{diagram: shot | A *penalty* with a 3.}}\n\n> **Quick reference**\n> - one\n>\n> Two.\n\nAfter.\n",
    )
    .unwrap();
    let Block::Diagram { name, caption } = &doc[1].block else {
        panic!()
    };
    assert_eq!(
        (name.as_str(), plain(caption).as_str()),
        ("shot", "A penalty with a 3.")
    );
    assert!(caption[1].italic);
    let Block::Aside(inner) = &doc[2].block else {
        panic!("{:?}", doc[2])
    };
    assert_eq!(doc[2].line, 5);
    let kinds: Vec<(usize, bool)> = inner
        .iter()
        .map(|l| (l.line, matches!(l.block, Block::Item(..))))
        .collect();
    assert_eq!(kinds, [(5, false), (6, true), (8, false)]);
    assert_eq!(doc[3].line, 10);
    assert!(matches!(doc[3].block, Block::Paragraph(_)), "a blank line ends the box");
    assert_eq!(parse("> ## Not here\n").unwrap_err().line, 1);
}

#[test]
fn unknown_markup_is_an_error_with_its_line() {
    assert_eq!(parse("# A\n\n### deep\n").unwrap_err().line, 3);
    assert_eq!(parse("texto **abierto\n").unwrap_err().line, 1);
    assert_eq!(parse("| a | b |\n").unwrap_err().line, 1);
}

#[test]
fn a_control_character_is_refused_at_its_line_and_column_and_a_tab_is_a_space() {
    for (c, column) in [('\u{b}', 6), ('\u{1}', 6), ('\0', 6), ('\u{202e}', 6), ('\r', 6)] {
        let e = parse(&format!("# A\n\nUno d{c}os\n")).unwrap_err();
        assert_eq!(
            (e.code, e.line, e.column),
            (Code::TextControl, 3, Some(column)),
            "{c:?}"
        );
        assert!(e.message.contains(&format!("U+{:04X}", c as u32)), "{}", e.message);
    }
    let doc = parse("\u{feff}# A\n\nUno\tdos\n").unwrap();
    assert_eq!(doc[0].block, Block::Title("A".into()), "a byte-order mark is not text");
    let Block::Paragraph(spans) = &doc[1].block else {
        panic!()
    };
    assert_eq!(plain(spans), "Uno dos");
}

#[test]
fn markdown_outside_the_subset_is_refused_at_its_line_and_column() {
    // (the third line of a sheet, the column the refusal points at)
    let cases: &[(&str, usize)] = &[
        ("> quote\n> > nested", 3),
        ("---", 1),
        ("***", 1),
        ("===", 1),
        ("* item", 1),
        ("+ item", 1),
        ("1) item", 1),
        ("  - nested item", 3),
        ("    indented code", 5),
        ("\tindented code", 2),
        ("See [the rules](https://example.org).", 5),
        ("See ![a photo](x.jpg).", 5),
        ("A note[^1].", 7),
        ("Write `code` here.", 7),
        ("A <b>bold</b> word.", 3),
        ("Fish &amp; chips.", 6),
        ("Some ~~old~~ rule.", 6),
        ("An _italic_ word.", 4),
        ("Inline {{diagram: kickoff}} figure.", 8),
        ("A hard break\\", 13),
        ("## A *heading*", 6),
    ];
    for &(line, column) in cases {
        let text = format!("# A\n\n{line}\n");
        let e = parse(&text).expect_err(line);
        let at = if line.starts_with("> quote") { 4 } else { 3 };
        assert_eq!(e.line, at, "{line:?}: {e:?}");
        assert_eq!(e.column, Some(column), "{line:?}: {e:?}");
        assert_eq!(e.code, Code::RulesMarkdown);
        assert!(e.hint.is_some(), "{line:?}: a hint says what to write instead");
    }
    // A star that is not emphasis, three stars, bold and italic at once,
    // and a line right after a box: refused at their line.
    for line in [
        "5 * 3 = 15",
        "a ***very*** big",
        "**bold *and* italic**",
        "> box\nafter",
    ] {
        let e = parse(&format!("# A\n\n{line}\n")).expect_err(line);
        assert_eq!(e.line, if line.starts_with('>') { 4 } else { 3 }, "{line:?}: {e:?}");
    }
}

#[test]
fn what_markdown_means_is_what_the_sheet_prints() {
    let doc =
        parse("# A #\n\n- one item\n  that goes on\n- two\n\nA \\*star\\*, a_file_name and 3 < 4 & 5.\n").unwrap();
    assert_eq!(doc[0].block, Block::Title("A".into()), "a closing # is dropped");
    let Block::Item(None, one) = &doc[1].block else {
        panic!("{:?}", doc[1])
    };
    assert_eq!(plain(one), "one item that goes on", "a line under an item continues it");
    assert!(matches!(&doc[2].block, Block::Item(None, s) if plain(s) == "two"));
    let Block::Paragraph(spans) = &doc[3].block else {
        panic!()
    };
    assert_eq!(spans.len(), 1, "no emphasis: {spans:?}");
    assert_eq!(plain(spans), "A *star*, a_file_name and 3 < 4 & 5.");
}
