//! Unit tests of `src/text/mod.rs`.

use pitchprint::font::FontFace;
use pitchprint::geom::{Mm, Point};

use pitchprint::text::*;

#[test]
fn wrapped_lines_fit_their_width() {
    let text = "el balón se mueve en horizontal o en vertical, nunca en diagonal";
    let lines = wrap(text, FontFace::Sans, 9.0, Mm(40.0));
    assert!(lines.len() > 1);
    assert!(lines.iter().all(|l| FontFace::Sans.measure(l, 9.0).0 <= 40.0));
    assert_eq!(lines.join(" "), text);
}

#[test]
fn a_word_wider_than_the_width_is_broken_by_force_with_its_mark() {
    let word = "Fußballweltmeisterschaftsqualifikationsspiel";
    let lines = wrap(&format!("ein {word} heute"), FontFace::Sans, 9.0, Mm(30.0));
    assert!(lines.len() > 2, "{lines:?}");
    assert!(
        lines.iter().all(|l| FontFace::Sans.measure(l, 9.0).0 <= 30.0),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| pitchprint::text::typeset::unforced(l).is_some()),
        "{lines:?}"
    );
    let joined: String = lines
        .iter()
        .map(|l| pitchprint::text::typeset::unforced(l).unwrap_or_else(|| format!("{l} ")))
        .collect();
    assert_eq!(joined.trim_end(), format!("ein {word} heute"), "nothing is lost");
}

#[test]
fn centred_lines_straddle_their_anchor() {
    let run = line("Fútbol", FontFace::Sans, 12.0, Point::new(100.0, 50.0), Align::Centre);
    assert!((run.origin.x.0 + run.width.0 / 2.0 - 100.0).abs() < 1e-9);
}
