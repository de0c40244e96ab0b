//! Mansindam and Pandemonium: the rules engine, the computer opponent, and the
//! web game built on them.

pub mod ai;
pub mod engine;
pub mod protocol;
pub mod uci;
pub mod web;
