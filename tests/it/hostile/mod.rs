//! Hostile input: values, files, text and places no careful user would give,
//! each refused with a finding at its place or built, never a crash, a hang
//! or a runaway. Two property tests (`layouts`, `inputs`) generate such
//! inputs from a seed; the other modules hold the cases found.

pub mod file_bombs;
mod file_system;
mod inputs;
mod layouts;
mod messages;
mod output;
mod text;
mod value_ranges;
mod words;
