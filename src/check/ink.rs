//! Text as it will be printed, measured by its ink: words broken by force
//! because no line held them (a warning: nothing is lost, but the author
//! should know).

use crate::check::measure::locate;
use crate::code::Code;
use crate::diag::Finding;
use crate::layout::source::Source;
use crate::scene::item::{Item, Shape};
use crate::scene::page::Page;
use crate::typeset::FORCED_BREAK;

/// A word broken by force: the block of Markdown it belongs to (for texts
/// set from a `.md` file), the item of its first piece, and the whole word.
#[derive(Clone, Debug)]
pub struct Forced<'a> {
    /// The Markdown block, from the run's tag, when the text has one.
    pub block: Option<u32>,
    /// The run where the word starts.
    pub item: &'a Item,
    /// The word, its pieces joined (without the marks).
    pub word: String,
}

/// Every word broken by force on `page`, in drawing order: a run ending in
/// [`FORCED_BREAK`] starts one, and the next runs of the same block carry
/// its rest (their first word, up to a run that does not end in the mark).
pub fn forced_words(page: &Page) -> Vec<Forced<'_>> {
    let mut runs: Vec<(&Item, &str)> = Vec::new();
    page.walk(&mut |item, _| {
        if let Shape::Text(run) = &item.shape {
            runs.push((item, run.text.as_str()));
        }
    });
    let mut out = Vec::new();
    let mut k = 0;
    while k < runs.len() {
        let (item, text) = runs[k];
        k += 1;
        let Some(head) = text.strip_suffix(FORCED_BREAK) else {
            continue;
        };
        let block = item.tag.block();
        let mut word = head.rsplit(' ').next().unwrap_or(head).to_string();
        // The rest of the word starts the next run of the same text.
        while let Some(&(next, text)) = runs.get(k) {
            if next.tag.block() != block || next.source != item.source {
                break;
            }
            let first = text.split(' ').next().unwrap_or(text);
            match first.strip_suffix(FORCED_BREAK) {
                Some(more) if !text.contains(' ') => {
                    word.push_str(more);
                    k += 1;
                }
                _ => {
                    word.push_str(first);
                    break;
                }
            }
        }
        out.push(Forced { block, item, word });
    }
    out
}

/// Words broken by force in texts that are not set from Markdown (labels,
/// notes): a warning at the layout key that sets the text.
pub fn forced_labels(source: &Source, page: &Page, page_label: &str) -> Vec<Finding> {
    let mut seen = std::collections::BTreeSet::new();
    forced_words(page)
        .into_iter()
        .filter(|f| f.block.is_none() && seen.insert((f.item.source, f.word.clone())))
        .map(|f| {
            Finding::warning(
                Code::TextForced,
                format!(
                    "{page_label}the word \"{}\" is wider than the box it is set in: it is broken by force, its line ending in {FORCED_BREAK}",
                    f.word
                ),
                locate(source, f.item.source),
            )
            .with_hint("shorten it, or write it with a space or a hyphen where it may break")
        })
        .collect()
}
