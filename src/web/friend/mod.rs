//! Play a friend on another device: the page's side (the study bundle).

pub mod rtc;
