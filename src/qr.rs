//! QR codes (being written).
