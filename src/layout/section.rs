//! Layout sections declared once. A table such as `[style]` is written as one
//! [`section!`](crate::section) with a line per key: its name (which is the
//! TOML key), its value type, its default and the hint a bad value gets. The
//! macro writes the raw struct serde reads, its defaults, the validated struct,
//! the resolver that turns one into the other, and the keys as constants, so
//! no key is ever typed twice and a typo in one is a compile error.
//!
//! ```ignore
//! section! {
//!     /// Colours and line widths.
//!     pub struct Style in "style" {
//!         /// The lines between squares.
//!         grid_colour: Colour = "#3d7a45",
//!         /// Width of the lines between squares.
//!         grid_width: LineWidth = 0.35 => "0.3 to 1.5 mm prints well",
//!     }
//! }
//! ```
//!
//! gives `RawStyle` (serde, `deny_unknown_fields`, every key optional),
//! `Style { grid_colour: Color, grid_width: Mm }`, `RawStyle::resolve`,
//! `Style::KEY.grid_width == "style.grid_width"`, and the table's JSON
//! Schema for editors ([`crate::layout::schema`]): each key with its value
//! type's schema, its doc comment and hint as its description, its default.

use schemars::{Schema, SchemaGenerator};

use crate::layout::resolve::Resolver;
use crate::layout::scaffold::Shown;

/// A type a layout key may hold: what TOML gives, what the resolved layout
/// holds, and how one becomes the other, blaming a bad value on its key.
pub trait Value {
    /// What serde reads, and writes (the defaults `pitchprint new` and a
    /// schema show).
    type Raw: serde::de::DeserializeOwned + serde::Serialize + Clone + std::fmt::Debug;
    /// How a default is written in a section declaration.
    type Default;
    /// What the resolved layout holds.
    type Out: Clone + std::fmt::Debug + PartialEq;

    /// The raw value of a declared default.
    fn raw_default(default: Self::Default) -> Self::Raw;

    /// Validates `raw`, the value of `key`; a bad value is a finding on `r`
    /// with `hint`, and a usable stand-in is returned so that resolving goes
    /// on to find every other mistake.
    fn resolve(r: &mut Resolver<'_>, key: &str, raw: &Self::Raw, hint: &str) -> Self::Out;

    /// The unit its numbers are in (`mm`, `pt`), for `pitchprint new`'s
    /// comments; empty for none.
    const UNIT: &'static str = "";

    /// How `pitchprint new` writes `raw` (the default): as TOML.
    fn scaffold(raw: &Self::Raw) -> Shown {
        Shown::of(raw)
    }

    /// What an editor may write for it: its JSON Schema, with the range
    /// [`resolve`](Value::resolve) holds it to.
    fn schema(g: &mut SchemaGenerator) -> Schema;

    /// Whether a layout must write it (it has no default).
    const REQUIRED: bool = false;
}

/// `prefix.name`, or `name` at the root of the file.
pub fn join_key(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_string()
    } else {
        format!("{prefix}.{name}")
    }
}

/// Declares a layout section: see the [module documentation](crate::layout::section).
///
/// `in "table"` names the TOML table; `in root` declares keys at the top of
/// the file; `in dynamic` declares a section whose place is only known when
/// resolving (an element of an array of tables, `set[2]`), with no key
/// constants.
#[macro_export]
macro_rules! section {
    // A hint is optional: an empty one lets the value type speak alone.
    (@hint) => { "" };
    (@hint $hint:expr) => { $hint };
    (@key root, $field:ident) => { stringify!($field) };
    (@key $table:literal, $field:ident) => { concat!($table, ".", stringify!($field)) };
    (@keys dynamic, $keys:ident, $name:ident { $($field:ident),* }) => {};
    (@keys $place:tt, $keys:ident, $name:ident { $($field:ident),* }) => {
        #[doc = concat!("The layout keys of [`", stringify!($name), "`], one per field.")]
        #[derive(Clone, Copy, Debug)]
        #[allow(missing_docs)]
        pub struct $keys { $(pub $field: &'static str,)* }

        impl $name {
            /// The dotted layout key of each field, for findings.
            pub const KEY: $keys = $keys { $($field: $crate::section!(@key $place, $field),)* };
        }
    };
    (@prefix dynamic) => { "" };
    (@prefix root) => { "" };
    (@prefix $table:literal) => { $table };
    (
        $(#[doc = $doc:expr])*
        pub struct $name:ident / $raw:ident / $keys:ident in $place:tt {
            $(
                $(#[doc = $fdoc:expr])*
                $field:ident : $ty:ty = $default:expr $(=> $hint:expr)?
            ),* $(,)?
        }
    ) => {
        #[doc = concat!("The section of [`", stringify!($name), "`] as written in the layout.")]
        #[derive(Clone, Debug, serde::Deserialize, serde::Serialize)]
        #[serde(deny_unknown_fields, default)]
        pub struct $raw {
            $($(#[doc = $fdoc])* pub $field: <$ty as $crate::layout::section::Value>::Raw,)*
        }

        impl Default for $raw {
            fn default() -> Self {
                $raw {
                    $($field: <$ty as $crate::layout::section::Value>::raw_default($default),)*
                }
            }
        }

        $(#[doc = $doc])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            $($(#[doc = $fdoc])* pub $field: <$ty as $crate::layout::section::Value>::Out,)*
        }

        $crate::section!(@keys $place, $keys, $name { $($field),* });

        impl $crate::layout::scaffold::Documented for $raw {
            const TABLE: &'static str = $crate::section!(@prefix $place);
            fn scaffold_keys(&self) -> Vec<$crate::layout::scaffold::Key> {
                vec![$($crate::layout::scaffold::Key::new(
                    stringify!($field),
                    &[$($fdoc),*],
                    $crate::section!(@hint $($hint)?),
                    <$ty as $crate::layout::section::Value>::scaffold(&self.$field),
                ).in_unit(<$ty as $crate::layout::section::Value>::UNIT),)*]
            }
        }

        impl $crate::layout::schema::schemars::JsonSchema for $raw {
            fn schema_name() -> std::borrow::Cow<'static, str> {
                stringify!($raw).into()
            }

            fn schema_id() -> std::borrow::Cow<'static, str> {
                concat!(module_path!(), "::", stringify!($raw)).into()
            }

            fn json_schema(
                g: &mut $crate::layout::schema::schemars::SchemaGenerator,
            ) -> $crate::layout::schema::schemars::Schema {
                $crate::layout::schema::table(&[$($doc),*], vec![$((
                    stringify!($field),
                    <$ty as $crate::layout::section::Value>::REQUIRED,
                    $crate::layout::schema::key::<$ty>(
                        g,
                        &[$($fdoc),*],
                        $crate::section!(@hint $($hint)?),
                        <$ty as $crate::layout::section::Value>::raw_default($default),
                    ),
                )),*])
            }
        }

        impl $raw {
            /// Validates the section where the layout declares it.
            #[allow(dead_code)]
            pub fn resolve(&self, r: &mut $crate::layout::resolve::Resolver<'_>) -> $name {
                self.resolve_at(r, $crate::section!(@prefix $place))
            }

            /// Validates the section found under `prefix` (`set[2]`, or empty
            /// at the root of the file).
            pub fn resolve_at(&self, r: &mut $crate::layout::resolve::Resolver<'_>, prefix: &str) -> $name {
                $name {
                    $($field: <$ty as $crate::layout::section::Value>::resolve(
                        r,
                        &$crate::layout::section::join_key(prefix, stringify!($field)),
                        &self.$field,
                        $crate::section!(@hint $($hint)?),
                    ),)*
                }
            }
        }
    };
}
