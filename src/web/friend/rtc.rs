//! The WebRTC data channel (being written).
