//! Time management: when the search must stop (the hard deadline, the
//! node limit, the stop flag) and when it should start no new iteration
//! (the soft limit).

use std::sync::atomic::{AtomicBool, Ordering};

use crate::ai::Limits;

/// The clock and limits of one search.
pub(super) struct TimeManager<'a> {
    now: &'a dyn Fn() -> f64,
    stop: &'a AtomicBool,
    start_ms: f64,
    /// The deadline: the search stops there, in the middle of an iteration.
    hard_ms: f64,
    /// No iteration starts after this many milliseconds from the start.
    soft_ms: f64,
    node_limit: u64,
    /// The node limit applies only once a first iteration is complete.
    node_limit_armed: bool,
}

impl<'a> TimeManager<'a> {
    /// Starts the clock: `now` reads it in milliseconds; `stop`, when set
    /// by another thread, stops the search.
    pub fn new(limits: &Limits, now: &'a dyn Fn() -> f64, stop: &'a AtomicBool) -> Self {
        let start_ms = now();
        TimeManager {
            now,
            stop,
            start_ms,
            hard_ms: limits
                .movetime_ms
                .map_or(f64::INFINITY, |t| start_ms + t.max(1.0)),
            soft_ms: limits
                .soft_ms
                .or(limits.movetime_ms)
                .unwrap_or(f64::INFINITY),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            node_limit_armed: false,
        }
    }

    /// Milliseconds since the start.
    pub fn elapsed(&self) -> f64 {
        (self.now)() - self.start_ms
    }

    /// Whether `nodes` reach the node limit (once it is armed).
    #[inline]
    pub fn out_of_nodes(&self, nodes: u64) -> bool {
        self.node_limit_armed && nodes >= self.node_limit
    }

    /// Whether the search must stop now, the stop flag set or the deadline
    /// passed (asked every 1,024 nodes: the clock is slow to read).
    #[inline]
    pub fn must_stop(&self, nodes: u64) -> bool {
        nodes & 1023 == 0 && (self.stop.load(Ordering::Relaxed) || (self.now)() >= self.hard_ms)
    }

    /// An iteration is complete after `nodes`: from now on the node limit
    /// applies; whether it is reached.
    pub fn iteration_done(&mut self, nodes: u64) -> bool {
        self.node_limit_armed = true;
        nodes >= self.node_limit
    }

    /// Whether the soft limit has passed: no new iteration.
    pub fn past_soft(&self) -> bool {
        self.elapsed() >= self.soft_ms
    }
}
