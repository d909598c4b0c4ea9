//! The work of `pitchprint i18n`: what each language still lacks of a
//! project's or a game's words ([`report`]), and a new language started as
//! a copy of another's ([`add`]). The label tables themselves, which every
//! build reads, are [`crate::i18n`].

pub mod add;
pub mod report;
