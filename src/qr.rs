//! QR codes for invitation links, drawn by the page for a phone camera to
//! read. The `qrcode` crate encodes (error-correction level M, so a code
//! stays readable with about 15% of it damaged; the smallest version that
//! holds the link; the mask the standard's penalty rules prefer); this
//! module keeps the page's small interface to it: [`encode`], the modules
//! ([`Qr::dark`]) and one SVG path that draws them ([`Qr::svg_path`]).

use std::fmt::{self, Write};

use qrcode::{Color, EcLevel, QrCode, Version};

/// A QR code: a square of `size() × size()` modules, dark or light.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    version: u8,
    size: usize,
    /// Row by row, `true` for dark.
    modules: Vec<bool>,
}

/// The bytes do not fit in the largest QR code (version 40, level M holds
/// 2331 bytes). Holds the number of bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLong(pub usize);

impl fmt::Display for TooLong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a link of {} bytes is too long for a QR code", self.0)
    }
}

impl std::error::Error for TooLong {}

/// The QR code of `data` at level M (the smallest version that holds it),
/// or [`TooLong`] for more than a version 40 code holds.
pub fn encode(data: &[u8]) -> Result<Qr, TooLong> {
    let code =
        QrCode::with_error_correction_level(data, EcLevel::M).map_err(|_| TooLong(data.len()))?;
    let version = match code.version() {
        Version::Normal(v) => v as u8,
        Version::Micro(_) => return Err(TooLong(data.len())),
    };
    Ok(Qr {
        version,
        size: code.width(),
        modules: code
            .into_colors()
            .into_iter()
            .map(|c| c == Color::Dark)
            .collect(),
    })
}

impl Qr {
    /// Modules per side (21 for version 1, 4 more per version), without the
    /// quiet zone.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The version, 1 to 40.
    pub fn version(&self) -> u8 {
        self.version
    }

    /// Whether the module in column `x`, row `y` (from the top left) is dark;
    /// outside the symbol (the quiet zone) everything is light.
    pub fn dark(&self, x: usize, y: usize) -> bool {
        x < self.size && y < self.size && self.modules[y * self.size + x]
    }

    /// SVG path data drawing every dark module as a unit square, each run of
    /// dark modules in a row as one rectangle (`M5 4h3v1h-3z`), shifted by a
    /// quiet zone of 4 modules: for `viewBox="0 0 {size+8} {size+8}"` on a
    /// light background.
    pub fn svg_path(&self) -> String {
        let mut path = String::new();
        for y in 0..self.size {
            let mut x = 0;
            while x < self.size {
                let start = x;
                while self.dark(x, y) {
                    x += 1;
                }
                let n = x - start;
                if n > 0 {
                    let _ = write!(path, "M{} {}h{n}v1h-{n}z", start + 4, y + 4);
                }
                x += 1;
            }
        }
        path
    }
}
