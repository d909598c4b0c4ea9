//! Colours, in sRGB, as layouts write them and exporters paint them.

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Color {
    /// Black.
    pub const BLACK: Color = Color::rgb(0, 0, 0);
    /// White.
    pub const WHITE: Color = Color::rgb(255, 255, 255);

    /// A colour from its three channels.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
        Color { r, g, b }
    }

    /// The colours a layout may write by name (in any case).
    pub const NAMES: &[(&str, Color)] = &[("black", Color::BLACK), ("white", Color::WHITE)];

    /// Parses `#rrggbb`, `#rgb`, or one of the [`NAMES`](Color::NAMES).
    pub fn parse(s: &str) -> Option<Color> {
        let s = s.trim();
        let lower = s.to_ascii_lowercase();
        if let Some((_, c)) = Color::NAMES.iter().find(|(name, _)| *name == lower) {
            return Some(*c);
        }
        let hex = s.strip_prefix('#')?;
        if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return None;
        }
        let v = |i: usize, n: usize| u8::from_str_radix(&hex[i..i + n], 16).ok();
        match hex.len() {
            6 => Some(Color::rgb(v(0, 2)?, v(2, 2)?, v(4, 2)?)),
            3 => {
                let d = |i| v(i, 1).map(|x| x * 17);
                Some(Color::rgb(d(0)?, d(1)?, d(2)?))
            }
            _ => None,
        }
    }

    /// `#rrggbb`, as SVG and the layouts write it.
    pub fn hex(&self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }

    /// The colour `t` of the way from `self` to `other` (0 is `self`, 1 is
    /// `other`), channel by channel: tints and shades of one ink.
    pub fn mix(self, other: Color, t: f64) -> Color {
        let m = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * t).round() as u8;
        Color::rgb(m(self.r, other.r), m(self.g, other.g), m(self.b, other.b))
    }

    /// Relative luminance (0 black, 1 white), used to keep guides light and text
    /// readable.
    pub fn luminance(&self) -> f64 {
        let lin = |c: u8| {
            let c = c as f64 / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.r) + 0.7152 * lin(self.g) + 0.0722 * lin(self.b)
    }
}
