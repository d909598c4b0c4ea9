//! The value types layout keys hold, each validating itself: a colour, a
//! length, a line width, a text size, a count, a label that is literal or an
//! `@key` of the language tables, a choice among names. Sections
//! ([`crate::layout::section`]) declare their keys with these types.

use std::marker::PhantomData;

use crate::code::Code;
use crate::diag::Finding;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Resolver;
use crate::layout::section::Value;
use crate::scene::color::Color;

/// A colour written `"#rrggbb"`, `"#rgb"`, `"black"` or `"white"`.
pub struct Colour;

impl Value for Colour {
    type Raw = String;
    type Default = &'static str;
    type Out = Color;
    fn raw_default(default: &'static str) -> String {
        default.to_string()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &String, _hint: &str) -> Color {
        r.colour(key, raw)
    }
}

/// A colour, or `"none"` for no paint (the paper shows).
pub struct ColourOrNone;

impl Value for ColourOrNone {
    type Raw = String;
    type Default = &'static str;
    type Out = Option<Color>;
    fn raw_default(default: &'static str) -> String {
        default.to_string()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &String, _hint: &str) -> Option<Color> {
        r.colour_or_none(key, raw)
    }
}

/// A length in millimetres greater than zero (a pitch, a size, a line width).
pub struct Length;

impl Value for Length {
    type Raw = f64;
    type Default = f64;
    type Out = Mm;
    fn raw_default(default: f64) -> f64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &f64, hint: &str) -> Mm {
        Mm(r.length_above(key, *raw, 0.0, hint))
    }
}

/// A line width in millimetres, greater than zero (the checker holds the
/// printable minimum).
pub type LineWidth = Length;

/// A length in millimetres of zero or more (a margin, a gap, a bleed).
pub struct LengthOrZero;

impl Value for LengthOrZero {
    type Raw = f64;
    type Default = f64;
    type Out = Mm;
    fn raw_default(default: f64) -> f64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &f64, hint: &str) -> Mm {
        Mm(r.length_non_negative(key, *raw, hint))
    }
}

/// A text size in points, greater than zero (the checker holds the readable
/// minimum).
pub struct TextSize;

impl Value for TextSize {
    type Raw = f64;
    type Default = f64;
    type Out = f64;
    fn raw_default(default: f64) -> f64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &f64, _hint: &str) -> f64 {
        r.text_size(key, *raw)
    }
}

/// A whole number of at least `MIN` (and at most 10000).
pub struct Count<const MIN: i64>;

impl<const MIN: i64> Value for Count<MIN> {
    type Raw = i64;
    type Default = i64;
    type Out = u32;
    fn raw_default(default: i64) -> i64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &i64, hint: &str) -> u32 {
        r.count_at_least(key, *raw, MIN, hint)
    }
}

/// Two values written `[a, b]` (width and depth, x and y); each is blamed on
/// its own place, `key[0]` or `key[1]`.
pub struct Pair<T>(PhantomData<T>);

impl<T: Value> Value for Pair<T>
where
    T::Raw: Copy + serde::de::DeserializeOwned,
    [T::Raw; 2]: serde::de::DeserializeOwned,
{
    type Raw = [T::Raw; 2];
    type Default = [T::Default; 2];
    type Out = (T::Out, T::Out);
    fn raw_default(default: [T::Default; 2]) -> [T::Raw; 2] {
        default.map(T::raw_default)
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &[T::Raw; 2], hint: &str) -> (T::Out, T::Out) {
        (
            T::resolve(r, &format!("{key}[0]"), &raw[0], hint),
            T::resolve(r, &format!("{key}[1]"), &raw[1], hint),
        )
    }
}

/// Words for people: written as they are, or `"@section.key"` for the words
/// of the language being built. Defaults are always `@` keys, so a layout
/// that leaves a label out still speaks the build's language.
pub struct Label;

impl Value for Label {
    type Raw = String;
    type Default = &'static str;
    type Out = String;
    fn raw_default(default: &'static str) -> String {
        default.to_string()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &String, _hint: &str) -> String {
        r.text(key, raw)
    }
}

/// A switch, `true` or `false`.
pub struct Flag;

impl Value for Flag {
    type Raw = bool;
    type Default = bool;
    type Out = bool;
    fn raw_default(default: bool) -> bool {
        default
    }
    fn resolve(_: &mut Resolver<'_>, _: &str, raw: &bool, _: &str) -> bool {
        *raw
    }
}

/// A number the component validates itself, with the other values of its
/// layout in view (a scale that is a fraction, an offset a printer can drift).
pub struct Number;

impl Value for Number {
    type Raw = f64;
    type Default = f64;
    type Out = f64;
    fn raw_default(default: f64) -> f64 {
        default
    }
    fn resolve(_: &mut Resolver<'_>, _: &str, raw: &f64, _: &str) -> f64 {
        *raw
    }
}

/// A string that is not for people (a file name, a prefix the component
/// validates itself).
pub struct Word;

impl Value for Word {
    type Raw = String;
    type Default = &'static str;
    type Out = String;
    fn raw_default(default: &'static str) -> String {
        default.to_string()
    }
    fn resolve(_: &mut Resolver<'_>, _: &str, raw: &String, _: &str) -> String {
        raw.clone()
    }
}

/// A value written as one of a few names (`"portrait"`, `"long-edge"`).
pub trait Named: Sized + Clone + std::fmt::Debug + PartialEq {
    /// The value a name stands for (case is ignored).
    fn from_name(name: &str) -> Option<Self>;
    /// What to use when the name is unknown (its finding is reported).
    const FALLBACK: Self;
    /// What the finding calls an unknown name (`orientation`).
    const WHAT: &'static str;
    /// The hint for an unknown name: the names there are.
    const NAMES: &'static str;
}

/// One of the names a [`Named`] type knows.
pub struct Choice<T>(PhantomData<T>);

impl<T: Named> Value for Choice<T> {
    type Raw = String;
    type Default = &'static str;
    type Out = T;
    fn raw_default(default: &'static str) -> String {
        default.to_string()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &String, _: &str) -> T {
        T::from_name(&raw.to_ascii_lowercase()).unwrap_or_else(|| {
            r.bad(
                key,
                Code::LayoutValue,
                format!("unknown {} \"{raw}\"", T::WHAT),
                T::NAMES,
            );
            T::FALLBACK
        })
    }
}

/// A value the layout must write itself: it has no default. A missing one
/// is reported on the table that lacks it, and a stand-in lets resolving go
/// on to find every other mistake.
pub struct Required<T>(PhantomData<T>);

impl<T: Value> Value for Required<T>
where
    T::Raw: Default,
{
    type Raw = Option<T::Raw>;
    type Default = ();
    type Out = T::Out;
    fn raw_default(_: ()) -> Option<T::Raw> {
        None
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Option<T::Raw>, hint: &str) -> T::Out {
        if let Some(raw) = raw {
            return T::resolve(r, key, raw, hint);
        }
        let (table, name) = key.rsplit_once('.').unwrap_or(("", key));
        r.findings.push(
            Finding::error(
                Code::LayoutMissingKey,
                format!("missing key `{name}`"),
                r.source.locate(table),
            )
            .with_hint("add it; the shipped layouts under layouts/ show every key with its default"),
        );
        // The stand-in's own complaint would only repeat this one.
        T::resolve(&mut Resolver::new(r.source, r.cx), key, &T::Raw::default(), hint)
    }
}

/// A value the layout may leave out, with no default: `None` when it does.
pub struct Optional<T>(PhantomData<T>);

impl<T: Value> Value for Optional<T> {
    type Raw = Option<T::Raw>;
    type Default = ();
    type Out = Option<T::Out>;
    fn raw_default(_: ()) -> Option<T::Raw> {
        None
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Option<T::Raw>, hint: &str) -> Option<T::Out> {
        raw.as_ref().map(|raw| T::resolve(r, key, raw, hint))
    }
}

/// Several labels written as a list (`["@slips.coach", "Puja"]`), each one a
/// [`Label`] blamed on its own place, `key[i]`.
pub struct LabelList;

impl Value for LabelList {
    type Raw = Vec<String>;
    type Default = &'static [&'static str];
    type Out = Vec<String>;
    fn raw_default(default: &'static [&'static str]) -> Vec<String> {
        default.iter().map(|s| s.to_string()).collect()
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Vec<String>, hint: &str) -> Vec<String> {
        raw.iter()
            .enumerate()
            .map(|(i, words)| Label::resolve(r, &format!("{key}[{i}]"), words, hint))
            .collect()
    }
}

/// The smallest paper item that can be cut out and handled, in mm.
const MIN_ITEM: (f64, f64) = (20.0, 15.0);

/// The size of a paper item cut from the sheet (a slip, a banknote), written
/// `[width, height]` in mm: at least 20 x 15 mm, each side blamed on its own
/// place.
pub struct ItemSize;

impl Value for ItemSize {
    type Raw = [f64; 2];
    type Default = [f64; 2];
    type Out = Size;
    fn raw_default(default: [f64; 2]) -> [f64; 2] {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &[f64; 2], hint: &str) -> Size {
        Size::new(
            r.length_above(&format!("{key}[0]"), raw[0], MIN_ITEM.0, hint),
            r.length_above(&format!("{key}[1]"), raw[1], MIN_ITEM.1, hint),
        )
    }
}
