//! Mansindam and Pandemonium: the rules engine, the computer opponent, and the
//! web game built on them.
//!
//! Dependencies run one way: `engine` ← `ai` ← `worker` → `protocol` ← `web`
//! (`uci` is the native engine front end beside `worker`); `net`, the
//! protocol between two players' pages, uses `engine` alone, for `web`.

pub mod ai;
pub mod engine;
pub mod net;
pub mod protocol;
pub mod qr;
pub mod uci;
pub mod web;
pub mod worker;
