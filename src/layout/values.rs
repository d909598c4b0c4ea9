//! The value types layout keys hold, each validating itself: a colour, a
//! length, a line width, a text size, a count, a label that is literal or an
//! `@key` of the language tables, a choice among names. Sections
//! ([`crate::layout::section`]) declare their keys with these types.

use std::marker::PhantomData;

use schemars::{Schema, SchemaGenerator};

use crate::color::Color;
use crate::diag::Finding;
use crate::diag::code::Code;
use crate::geom::{Mm, Size};
use crate::layout::resolve::Resolver;
use crate::layout::scaffold::Shown;
use crate::layout::schema;
use crate::layout::section::Value;
use crate::limits::{
    MAX_ENTRIES, MAX_ITEM_MM, MAX_LABEL_CHARS, MAX_LENGTH_MM, MAX_LINE_WIDTH_MM, MAX_TEXT_PT, MAX_WORD_CHARS,
    MIN_LENGTH_MM, MIN_LINE_WIDTH_MM,
};

/// Declares a value type that is read as one TOML type and resolved by one
/// expression: text is written as a `&str` default, numbers and switches as
/// themselves. `$r`, `$key`, `$raw` and `$hint` name the resolver, the key,
/// the raw value and the hint in the expression; `schema` is what an editor
/// may write, the range the expression holds.
macro_rules! value_type {
    ($(#[$doc:meta])* $name:ident: text => $out:ty, schema $schema:expr, |$r:pat_param, $key:pat_param, $raw:ident, $hint:pat_param| $body:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl Value for $name {
            type Raw = String;
            type Default = &'static str;
            type Out = $out;
            fn raw_default(default: &'static str) -> String {
                default.to_string()
            }
            fn resolve($r: &mut Resolver<'_>, $key: &str, $raw: &String, $hint: &str) -> $out {
                $body
            }
            fn schema(_: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
    ($(#[$doc:meta])* $name:ident: $raw_ty:ty => $out:ty $(, unit $unit:literal)?, schema $schema:expr, |$r:pat_param, $key:pat_param, $raw:ident, $hint:pat_param| $body:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl Value for $name {
            $(const UNIT: &'static str = $unit;)?
            type Raw = $raw_ty;
            type Default = $raw_ty;
            type Out = $out;
            fn raw_default(default: $raw_ty) -> $raw_ty {
                default
            }
            fn resolve($r: &mut Resolver<'_>, $key: &str, $raw: &$raw_ty, $hint: &str) -> $out {
                $body
            }
            fn schema(_: &mut SchemaGenerator) -> Schema {
                $schema
            }
        }
    };
}

value_type! {
    /// A colour written `"#rrggbb"`, `"#rgb"`, `"black"` or `"white"`.
    Colour: text => Color, schema schema::colour(Color::NAMES.iter().map(|(n, _)| *n)),
    |r, key, raw, _| r.colour(key, raw)
}

value_type! {
    /// A colour, or `"none"` for no paint (the paper shows).
    ColourOrNone: text => Option<Color>,
    schema schema::colour(Color::NAMES.iter().map(|(n, _)| *n).chain([NO_COLOUR])),
    |r, key, raw, _| (!raw.trim().eq_ignore_ascii_case(NO_COLOUR)).then(|| r.colour(key, raw))
}

/// The word a [`ColourOrNone`] takes for no paint.
pub const NO_COLOUR: &str = "none";

/// Implements [`Value`] for a length type: millimetres, written as a
/// number, that must lie in `range` (which may use the type's const
/// parameter, its largest value).
macro_rules! length_value {
    ($name:ident $(<const $p:ident: u32>)?, $range:expr) => {
        impl$(<const $p: u32>)? Value for $name$(<$p>)? {
            const UNIT: &'static str = "mm";
            type Raw = f64;
            type Default = f64;
            type Out = Mm;
            fn raw_default(default: f64) -> f64 {
                default
            }
            fn resolve(r: &mut Resolver<'_>, key: &str, raw: &f64, hint: &str) -> Mm {
                Mm(r.length_in(key, *raw, $range, hint))
            }
            fn schema(_: &mut SchemaGenerator) -> Schema {
                let (min, max) = $range;
                schema::number(min, max)
            }
        }
    };
}

/// A length in millimetres, from [`MIN_LENGTH_MM`] (anything shorter is
/// not a size) to `MAX` mm (a pitch, a size, a line width).
pub struct Length<const MAX: u32 = { MAX_LENGTH_MM }>;

length_value!(Length<const MAX: u32>, (MIN_LENGTH_MM, f64::from(MAX)));

/// A line width in millimetres, from [`MIN_LINE_WIDTH_MM`] to
/// [`MAX_LINE_WIDTH_MM`]: the checker holds the printable minimum, so that a
/// line too thin to print is a `stroke-thin` finding with the width that
/// prints rather than a range.
pub struct LineWidth;

length_value!(LineWidth, (MIN_LINE_WIDTH_MM, f64::from(MAX_LINE_WIDTH_MM)));

/// A length in millimetres from 0 to `MAX` (a margin, a gap, a bleed).
pub struct LengthOrZero<const MAX: u32 = { MAX_LENGTH_MM }>;

length_value!(LengthOrZero<const MAX: u32>, (0.0, f64::from(MAX)));

value_type! {
    /// A text size in points, above 0 and at most [`MAX_TEXT_PT`](crate::limits::MAX_TEXT_PT)
    /// (the checker holds the readable minimum).
    TextSize: f64 => f64, unit "pt", schema schema::positive(MAX_TEXT_PT), |r, key, raw, _| r.text_size(key, *raw)
}

/// A whole number from `MIN` to `MAX`: each key states the most a game can
/// use, so that no count multiplies into more pages than a printer takes.
pub struct Count<const MIN: i64, const MAX: i64>;

impl<const MIN: i64, const MAX: i64> Value for Count<MIN, MAX> {
    type Raw = i64;
    type Default = i64;
    type Out = u32;
    fn raw_default(default: i64) -> i64 {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &i64, hint: &str) -> u32 {
        r.count_in(key, *raw, (MIN, MAX), hint)
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        schema::integer(MIN, MAX)
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
    const UNIT: &'static str = T::UNIT;
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
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::tuple(vec![T::schema(g), T::schema(g)])
    }
}

value_type! {
    /// Words for people: written as they are, or `"@section.key"` for the
    /// words of the language being built. Defaults are always `@` keys, so a
    /// layout that leaves a label out still speaks the build's language.
    Label: text => String, schema schema::string(MAX_LABEL_CHARS), |r, key, raw, _| r.text(key, raw)
}

value_type! {
    /// A switch, `true` or `false`.
    Flag: bool => bool, schema schema::boolean(), |_, _, raw, _| *raw
}

value_type! {
    /// A number the component validates itself, with the other values of its
    /// layout in view (a scale that is a fraction, an offset a printer can drift).
    Number: f64 => f64, schema schema::any_number(), |_, _, raw, _| *raw
}

value_type! {
    /// A string that is not for people (a file name, a prefix the component
    /// validates itself), at most [`MAX_WORD_CHARS`] characters.
    Word: text => String, schema schema::string(MAX_WORD_CHARS),
    |r, key, raw, _| r.at_most_chars(key, raw.clone(), MAX_WORD_CHARS, "a name")
}

/// A value written as one of a few names (`"portrait"`, `"long-edge"`).
pub trait Named: Sized + Clone + std::fmt::Debug + PartialEq + 'static {
    /// Every name there is, in lower case, and the value it stands for: the
    /// loader and the schema's list of names read this one table.
    const CHOICES: &'static [(&'static str, Self)];

    /// The value a name stands for (case is ignored).
    fn from_name(name: &str) -> Option<Self> {
        let name = name.to_ascii_lowercase();
        Self::CHOICES.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone())
    }
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
        T::from_name(raw).unwrap_or_else(|| {
            r.bad(
                key,
                Code::LayoutValue,
                format!("unknown {} \"{raw}\"", T::WHAT),
                T::NAMES,
            );
            T::FALLBACK
        })
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        schema::one_of(T::CHOICES.iter().map(|(name, _)| *name))
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
    const UNIT: &'static str = T::UNIT;
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
        // A value reading refused (a wrong type) is missing here for that
        // reason alone: said once, where it was refused.
        if r.valid(&[key]) {
            r.findings.push(
                Finding::error(
                    Code::LayoutMissingKey,
                    format!("missing key `{name}`"),
                    r.source.locate(table),
                )
                .with_hint("add it; the shipped layouts under layouts/ show every key with its default"),
            );
        }
        // The stand-in's own complaint would only repeat this one.
        T::resolve(&mut Resolver::new(r.source, r.cx), key, &T::Raw::default(), hint)
    }

    fn scaffold(raw: &Option<T::Raw>) -> Shown {
        // An example the scaffold gives stands in for the value to write.
        Shown::Required(raw.as_ref().and_then(|v| toml::Value::try_from(v).ok()))
    }

    fn schema(g: &mut SchemaGenerator) -> Schema {
        T::schema(g)
    }
    const REQUIRED: bool = true;
}

/// A value the layout may leave out, with no default: `None` when it does.
pub struct Optional<T>(PhantomData<T>);

impl<T: Value> Value for Optional<T> {
    const UNIT: &'static str = T::UNIT;
    type Raw = Option<T::Raw>;
    type Default = ();
    type Out = Option<T::Out>;
    fn raw_default(_: ()) -> Option<T::Raw> {
        None
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Option<T::Raw>, hint: &str) -> Option<T::Out> {
        raw.as_ref().map(|raw| T::resolve(r, key, raw, hint))
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        T::schema(g)
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
        entries(r, key, raw)
            .iter()
            .enumerate()
            .map(|(i, words)| Label::resolve(r, &format!("{key}[{i}]"), words, hint))
            .collect()
    }
    fn schema(g: &mut SchemaGenerator) -> Schema {
        schema::list(Label::schema(g), MAX_ENTRIES)
    }
}

/// The smallest paper item that can be cut out and handled, in mm.
const MIN_ITEM: (f64, f64) = (20.0, 15.0);

/// The at most [`MAX_ENTRIES`] first entries of a list or an array of
/// tables at `key`; a longer one is reported, so that a layout of a
/// thousand `[[die]]` tables is refused rather than laid out.
pub fn entries<'v, T>(r: &mut Resolver<'_>, key: &str, list: &'v [T]) -> &'v [T] {
    if list.len() > MAX_ENTRIES {
        r.bad(
            key,
            Code::LayoutValue,
            format!("lists {} entries; it holds at most {MAX_ENTRIES}", list.len()),
            "a game uses a few; remove the ones it does not",
        );
        return &list[..MAX_ENTRIES];
    }
    list
}

/// The size of a paper item cut from the sheet (a slip, a banknote), written
/// `[width, height]` in mm: from 20 x 15 mm to the long side of the largest
/// paper, [`MAX_ITEM_MM`], each side blamed on its own place.
pub struct ItemSize;

impl Value for ItemSize {
    const UNIT: &'static str = "mm";
    type Raw = [f64; 2];
    type Default = [f64; 2];
    type Out = Size;
    fn raw_default(default: [f64; 2]) -> [f64; 2] {
        default
    }
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &[f64; 2], hint: &str) -> Size {
        let max = f64::from(MAX_ITEM_MM);
        Size::new(
            r.length_in(&format!("{key}[0]"), raw[0], (MIN_ITEM.0, max), hint),
            r.length_in(&format!("{key}[1]"), raw[1], (MIN_ITEM.1, max), hint),
        )
    }
    fn schema(_: &mut SchemaGenerator) -> Schema {
        let max = f64::from(MAX_ITEM_MM);
        schema::tuple(vec![schema::number(MIN_ITEM.0, max), schema::number(MIN_ITEM.1, max)])
    }
}
