//! Colour separation: the layouts' sRGB colours and photos as the four inks
//! of a press (cyan, magenta, yellow, black), through the printing
//! condition's ICC profile (moxcms), for the PDF/X targets.
//!
//! What a print shop's preflight checks, done here so that it always holds:
//! - **Text and thin lines in black ink alone.** A grey or black text, or a
//!   grey line no wider than [`THIN_LINE`], is printed in K only, at the K
//!   that gives its lightness: four inks on a 6 pt letter blur by any
//!   misregistration of the plates. Coloured text keeps its colour (the
//!   checker warns when it is small).
//! - **Large blacks rich.** A grey or black area (a card's back, a board's
//!   ground) goes through the profile, whose black is its richest within the
//!   ink limit.
//! - **Total ink.** The profiles were made at their condition's limit
//!   (templates/icc); a lower limit (`--ink-limit`) is kept by replacing the
//!   grey component with black and then lightening the colours, never by
//!   leaving a pixel over it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use moxcms::{ColorProfile, Layout, RenderingIntent, Transform8BitExecutor, TransformOptions};

use crate::color::Color;
use crate::geom::Mm;
use crate::print::target::Condition;

/// The widest line printed in black alone when it is grey: 1 pt.
pub const THIN_LINE: Mm = Mm(25.4 / 72.0);

/// How far apart a colour's channels may be and it still be grey (out of
/// 255): the layouts' near-blacks (`#1b1b1b`) are exact, and a designer's
/// `#202122` is meant as grey too.
const GREY_SPREAD: u8 = 3;

/// Ink values, each 0 (none) to 255 (solid), in the order C, M, Y, K.
pub type Inks = [u8; 4];

/// The total ink of `inks`, in percent (400 at most).
pub fn total(inks: Inks) -> f64 {
    inks.iter().map(|&v| f64::from(v)).sum::<f64>() * 100.0 / 255.0
}

/// Text smaller than this (in points) is [`Role::SmallText`].
pub const SMALL_TEXT_PT: f64 = 8.0;

/// How far apart a small text's colour channels may be and it still be
/// printed in black alone (out of 255): the muted blue-grey of a card's
/// labels (`#5f6b73`) is meant as grey ink, a team's red is not.
const SMALL_TEXT_SPREAD: u8 = 32;

/// Below this relative luminance a small text's colour reads as black at its
/// size (the banknotes' navy `#1b2a41` is 0.02): it is printed in black ink.
const SMALL_TEXT_DARK: f64 = 0.05;

/// What a colour paints, which decides how it is separated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Letters of [`SMALL_TEXT_PT`] or more.
    Text,
    /// Letters under [`SMALL_TEXT_PT`]: greyish ones go to black ink too.
    SmallText,
    /// A line no wider than [`THIN_LINE`].
    ThinLine,
    /// Anything else: fills, wide lines, photos.
    Area,
}

/// A separation for one printing condition and ink limit.
pub struct Separation {
    to_cmyk: Arc<Transform8BitExecutor>,
    /// For each sRGB grey level, the K alone that prints as light.
    k_for_grey: [u8; 256],
    /// The most ink anywhere, as a sum of the four 0-255 values.
    limit: u32,
    /// The shop's rich black, for black areas.
    rich_black: Option<Inks>,
    /// Solid colours already separated (a deck repeats a handful).
    solids: Mutex<HashMap<(Color, Role), Inks>>,
}

impl Separation {
    /// The separation for `condition`, at most `ink_limit` percent of ink.
    /// Fails only when the shipped profile cannot be read (a broken build).
    pub fn new(condition: &Condition, ink_limit: f64) -> Result<Separation, String> {
        Separation::with_black(condition, ink_limit, None)
    }

    /// [`Separation::new`], black areas printed in `rich_black` (C, M, Y, K
    /// in percent) when given, within the limit all the same.
    pub fn with_black(
        condition: &Condition,
        ink_limit: f64,
        rich_black: Option<[f64; 4]>,
    ) -> Result<Separation, String> {
        let press = ColorProfile::new_from_slice(condition.profile)
            .map_err(|e| format!("the profile {} cannot be read: {e}", condition.file))?;
        let srgb = ColorProfile::new_srgb();
        let options = |intent| TransformOptions {
            rendering_intent: intent,
            ..TransformOptions::default()
        };
        // Perceptual: the profiles' perceptual tables map sRGB's whole gamut
        // into the press's, so saturated team colours keep their order.
        let to_cmyk = srgb
            .create_transform_8bit(Layout::Rgb, &press, Layout::Rgba, options(RenderingIntent::Perceptual))
            .map_err(|e| format!("no separation through {}: {e}", condition.file))?;
        let from_cmyk = press
            .create_transform_8bit(
                Layout::Rgba,
                &srgb,
                Layout::Rgb,
                options(RenderingIntent::RelativeColorimetric),
            )
            .map_err(|e| format!("no proof through {}: {e}", condition.file))?;
        let k_for_grey = k_ramp(from_cmyk.as_ref())?;
        let limit = (ink_limit.clamp(0.0, 400.0) * 255.0 / 100.0).floor() as u32;
        Ok(Separation {
            to_cmyk,
            k_for_grey,
            limit,
            rich_black: rich_black.map(|inks| limited(inks.map(|v| (v.clamp(0.0, 100.0) * 2.55).round() as u8), limit)),
            solids: Mutex::new(HashMap::new()),
        })
    }

    /// The inks of a solid colour painting as `role` says.
    pub fn solid(&self, colour: Color, role: Role) -> Inks {
        let key = (colour, role);
        if let Some(inks) = self.solids.lock().ok().and_then(|m| m.get(&key).copied()) {
            return inks;
        }
        let inks = if k_only(colour, role) {
            [0, 0, 0, self.k_for_grey[usize::from(grey_level(colour))]]
        } else if let Some(black) = self.rich_black.filter(|_| colour == Color::BLACK) {
            black
        } else {
            let mut out = [0u8; 4];
            let _ = self.to_cmyk.transform(&[colour.r, colour.g, colour.b], &mut out);
            limited(out, self.limit)
        };
        if let Ok(mut m) = self.solids.lock() {
            m.insert(key, inks);
        }
        inks
    }

    /// Separates sRGB pixels (three bytes each) into CMYK (four bytes each),
    /// every pixel within the ink limit less `headroom` percent (room for a
    /// lossy encoding's rounding, which must not take a pixel over it).
    pub fn pixels(&self, rgb: &[u8], headroom: f64) -> Vec<u8> {
        let limit = self
            .limit
            .saturating_sub((headroom.max(0.0) * 255.0 / 100.0).ceil() as u32);
        let n = rgb.len() / 3;
        let mut out = vec![0u8; n * 4];
        // A row at a time keeps the executor's buffers small.
        const CHUNK: usize = 4096;
        for (src, dst) in rgb[..n * 3].chunks(CHUNK * 3).zip(out.chunks_mut(CHUNK * 4)) {
            let _ = self.to_cmyk.transform(src, dst);
        }
        for px in out.chunks_exact_mut(4) {
            let limited = limited([px[0], px[1], px[2], px[3]], limit);
            px.copy_from_slice(&limited);
        }
        out
    }
}

/// `inks` brought within `limit` (a sum of 0-255 values): the grey
/// component under the black replaced by black first (the colour barely
/// moves), then cyan, magenta and yellow lightened together.
fn limited(inks: Inks, limit: u32) -> Inks {
    {
        let [c, m, y, k] = inks.map(u32::from);
        let over = (c + m + y + k).saturating_sub(limit);
        if over == 0 {
            return inks;
        }
        // Each unit of grey moved into black takes three units of colour and
        // adds one of black.
        let grey = c.min(m).min(y).min(255 - k);
        let moved = grey.min(over.div_ceil(2));
        let (c, m, y, k) = (c - moved, m - moved, y - moved, k + moved);
        let total = c + m + y + k;
        if total <= limit {
            return [c, m, y, k].map(|v| v as u8);
        }
        let room = limit.saturating_sub(k);
        let cmy = c + m + y;
        let scale = |v: u32| (v * room / cmy.max(1)) as u8;
        let k = k.min(limit);
        [scale(c), scale(m), scale(y), k as u8]
    }
}

/// Whether a colour painting as `role` is printed in black ink alone:
/// grey text and thin lines, and greyish or dark small text.
pub fn k_only(c: Color, role: Role) -> bool {
    match role {
        Role::Area => false,
        Role::Text | Role::ThinLine => spread(c) <= GREY_SPREAD,
        Role::SmallText => spread(c) <= SMALL_TEXT_SPREAD || c.luminance() < SMALL_TEXT_DARK,
    }
}

/// How far apart a colour's channels are: 0 for a true grey.
fn spread(c: Color) -> u8 {
    c.r.max(c.g).max(c.b) - c.r.min(c.g).min(c.b)
}

/// A grey colour's level: its channels' mean.
fn grey_level(c: Color) -> u8 {
    ((u16::from(c.r) + u16::from(c.g) + u16::from(c.b) + 1) / 3) as u8
}

/// For each sRGB grey level, the black ink alone that the profile prints
/// as light (or the solid black, for greys darker than the black ink).
fn k_ramp(from_cmyk: &Transform8BitExecutor) -> Result<[u8; 256], String> {
    let steps: Vec<u8> = (0..=255u8).flat_map(|k| [0, 0, 0, k]).collect();
    let mut proof = vec![0u8; 256 * 3];
    from_cmyk
        .transform(&steps, &mut proof)
        .map_err(|e| format!("the profile cannot proof black ink: {e}"))?;
    // The lightness (as the sRGB grey's own level) each K prints at; a
    // profile's ramp falls as K grows, made strictly monotone here.
    let mut level = [0f64; 256];
    let mut lowest = f64::MAX;
    for (k, px) in proof.chunks_exact(3).enumerate() {
        let v = (f64::from(px[0]) + f64::from(px[1]) + f64::from(px[2])) / 3.0;
        lowest = lowest.min(v);
        level[k] = lowest;
    }
    let mut ramp = [0u8; 256];
    for (g, out) in ramp.iter_mut().enumerate() {
        let g = g as f64;
        // The least K that prints as dark as the grey.
        *out = level.iter().position(|&v| v <= g).unwrap_or(255) as u8;
    }
    // White is no ink at all, whatever the paper's own shade.
    ramp[255] = 0;
    Ok(ramp)
}
