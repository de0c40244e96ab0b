//! QR codes for invitation links, drawn by the page for a phone camera to read.
//!
//! [`encode`] turns bytes (a link of a few hundred ASCII characters) into a QR
//! code as ISO/IEC 18004 defines it: byte mode, error-correction level M (a
//! code stays readable with about 15% of it damaged), the smallest of the 40
//! versions (sizes) that holds the bytes, and the mask (0 to 7) with the
//! lowest penalty score of §7.8.3. [`Qr::svg_path`] draws it for an `<svg>`.
//!
//! What it does not do: the numeric, alphanumeric and kanji modes (which
//! would pack digits or capitals more tightly), ECI, structured append, the
//! other error-correction levels, and Micro QR. The bytes are written as they
//! are; readers take them as UTF-8 or Latin-1, which agree on ASCII.
//!
//! The standard leaves two details of the penalty for finder-like patterns
//! (§7.8.3, N3) open, and this follows ZXing's reading: the four light modules
//! that must come before or after a dark-light-dark-dark-dark-light-dark
//! pattern may lie in the quiet zone outside the symbol, and a pattern counts
//! once even with light on both sides. Any mask gives a valid code; the rules
//! only pick the one that scanners read most easily.
//!
//! The code is small rather than fast: no logarithm tables for the Galois
//! field, and the only table is the error-correction blocks of level M.

use std::fmt::{self, Write};

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

/// The QR code of `data` (byte mode, level M, the smallest version that holds
/// it), or [`TooLong`] for more than 2331 bytes.
pub fn encode(data: &[u8]) -> Result<Qr, TooLong> {
    let version = (1..=40)
        .find(|&v| data.len() <= byte_capacity(v))
        .ok_or(TooLong(data.len()))?;
    let mut canvas = Canvas::new(version);
    canvas.draw_codewords(&codewords(data, version));
    let mask = (0..8)
        .min_by_key(|&mask| {
            canvas.apply_mask(mask);
            let score = penalty(canvas.size, &canvas.dark);
            canvas.apply_mask(mask); // a mask is its own inverse
            score
        })
        .unwrap_or(0);
    canvas.apply_mask(mask);
    Ok(Qr {
        version,
        size: canvas.size,
        modules: canvas.dark,
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

/// Error-correction codewords per block at level M, for versions 1 to 40
/// (index `version - 1`); table 9 of the standard.
const EC_PER_BLOCK: [u8; 40] = [
    10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, //
    26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
];

/// Blocks at level M, for versions 1 to 40. The codewords split as evenly as
/// they can: the last blocks get one data codeword more than the first.
const BLOCKS: [u8; 40] = [
    1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, //
    17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

/// Codewords (data and error correction) in a version: its modules less the
/// function patterns and format and version information, over 8 (the few
/// modules left over are remainder bits, left light before masking).
fn total_codewords(version: u8) -> usize {
    let v = usize::from(version);
    let mut modules = (16 * v + 128) * v + 64;
    if v >= 2 {
        let align = v / 7 + 2;
        modules -= (25 * align - 10) * align - 55;
        if v >= 7 {
            modules -= 36;
        }
    }
    modules / 8
}

/// Data codewords in a version at level M.
fn data_codewords(version: u8) -> usize {
    let i = usize::from(version - 1);
    total_codewords(version) - usize::from(EC_PER_BLOCK[i]) * usize::from(BLOCKS[i])
}

/// Bits of the byte count in byte mode: 8 up to version 9, 16 from 10.
fn count_bits(version: u8) -> u32 {
    if version < 10 {
        8
    } else {
        16
    }
}

/// How many bytes a version holds at level M in byte mode, after the 4-bit
/// mode indicator and the byte count.
fn byte_capacity(version: u8) -> usize {
    (data_codewords(version) * 8 - 4 - count_bits(version) as usize) / 8
}

/// The codewords in the order they are placed: the data (mode, count, bytes,
/// terminator, padding) split into blocks, each block's error correction
/// added, and the blocks interleaved codeword by codeword.
fn codewords(data: &[u8], version: u8) -> Vec<u8> {
    let mut bits = Bits::default();
    bits.push(0b0100, 4); // byte mode
    bits.push(data.len() as u32, count_bits(version));
    for &b in data {
        bits.push(b.into(), 8);
    }
    // Byte mode leaves 4 bits free in the last byte (12 or 20 bits of header):
    // exactly the zeros of the terminator, so the data stays byte-aligned.
    let mut bytes = bits.bytes;
    let capacity = data_codewords(version);
    for pad in [0xec, 0x11].into_iter().cycle() {
        if bytes.len() >= capacity {
            break;
        }
        bytes.push(pad);
    }

    let i = usize::from(version - 1);
    let (blocks, ec_len) = (usize::from(BLOCKS[i]), usize::from(EC_PER_BLOCK[i]));
    let total = total_codewords(version);
    let short_blocks = blocks - total % blocks;
    let short_len = total / blocks - ec_len; // data codewords of a short block
    let generator = rs_generator(ec_len);
    let mut split = Vec::with_capacity(blocks);
    let mut rest = &bytes[..];
    for b in 0..blocks {
        let (block, tail) = rest.split_at(short_len + usize::from(b >= short_blocks));
        split.push((block, rs_remainder(block, &generator)));
        rest = tail;
    }
    let mut out = Vec::with_capacity(total);
    for i in 0..=short_len {
        out.extend(split.iter().filter_map(|(data, _)| data.get(i)));
    }
    for i in 0..ec_len {
        out.extend(split.iter().map(|(_, ec)| ec[i]));
    }
    out
}

/// A bit string, most significant bit first.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    len: usize,
}

impl Bits {
    /// Appends the low `n` bits of `value`.
    fn push(&mut self, value: u32, n: u32) {
        for i in (0..n).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if value >> i & 1 == 1 {
                if let Some(last) = self.bytes.last_mut() {
                    *last |= 0x80 >> (self.len % 8);
                }
            }
            self.len += 1;
        }
    }
}

/// Product in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11d), the field of the
/// QR code's Reed–Solomon codes.
fn gf_mul(mut a: u8, mut b: u8) -> u8 {
    let mut product = 0;
    while b != 0 {
        if b & 1 == 1 {
            product ^= a;
        }
        a = (a << 1) ^ if a & 0x80 != 0 { 0x1d } else { 0 };
        b >>= 1;
    }
    product
}

/// The Reed–Solomon generator polynomial (x − α⁰)(x − α¹)…(x − α^(degree−1)),
/// α = 2, as its coefficients from x^(degree−1) down to x⁰ (the leading 1 of
/// x^degree left out).
fn rs_generator(degree: usize) -> Vec<u8> {
    let mut poly = vec![0; degree];
    if let Some(last) = poly.last_mut() {
        *last = 1; // the polynomial 1
    }
    let mut root = 1;
    for _ in 0..degree {
        // Multiply by (x − root), which is (x + root) in this field.
        for j in 0..degree {
            poly[j] = gf_mul(poly[j], root);
            if j + 1 < degree {
                poly[j] ^= poly[j + 1];
            }
        }
        root = gf_mul(root, 2);
    }
    poly
}

/// The error-correction codewords of `data`: the remainder of data × x^degree
/// divided by the generator.
fn rs_remainder(data: &[u8], generator: &[u8]) -> Vec<u8> {
    let mut rem = vec![0; generator.len()];
    for &b in data {
        let factor = b ^ rem[0];
        rem.remove(0);
        rem.push(0);
        for (r, &g) in rem.iter_mut().zip(generator) {
            *r ^= gf_mul(g, factor);
        }
    }
    rem
}

/// The symbol being built: its modules and which of them are function
/// patterns (finders, timing, alignment, format and version information),
/// which data and masks leave alone.
struct Canvas {
    size: usize,
    dark: Vec<bool>,
    function: Vec<bool>,
}

impl Canvas {
    /// A symbol with its function patterns drawn (the format information
    /// reserved, as for mask 0) and no data.
    fn new(version: u8) -> Canvas {
        let size = 17 + 4 * usize::from(version);
        let mut c = Canvas {
            size,
            dark: vec![false; size * size],
            function: vec![false; size * size],
        };
        for i in 0..size {
            c.set(6, i, i % 2 == 0);
            c.set(i, 6, i % 2 == 0);
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            // The finder with its light separator, clipped at the edges.
            for dy in -4..=4_isize {
                for dx in -4..=4_isize {
                    let (Some(px), Some(py)) = (x.checked_add_signed(dx), y.checked_add_signed(dy))
                    else {
                        continue;
                    };
                    let ring = dx.abs().max(dy.abs());
                    if px < size && py < size {
                        c.set(px, py, ring != 2 && ring != 4);
                    }
                }
            }
        }
        let centres = alignment_centres(version);
        let last = centres.len().wrapping_sub(1);
        for (i, &x) in centres.iter().enumerate() {
            for (j, &y) in centres.iter().enumerate() {
                if (i, j) == (0, 0) || (i, j) == (0, last) || (i, j) == (last, 0) {
                    continue; // where the finders are
                }
                for dy in 0..5_usize {
                    for dx in 0..5_usize {
                        let ring = dx.abs_diff(2).max(dy.abs_diff(2));
                        c.set(x + dx - 2, y + dy - 2, ring != 1);
                    }
                }
            }
        }
        c.draw_format(0);
        if version >= 7 {
            let bits = version_bits(version);
            for i in 0..18 {
                let (a, b) = (size - 11 + i % 3, i / 3);
                c.set(a, b, bits >> i & 1 == 1);
                c.set(b, a, bits >> i & 1 == 1);
            }
        }
        c
    }

    /// Sets a function module.
    fn set(&mut self, x: usize, y: usize, dark: bool) {
        let i = y * self.size + x;
        self.dark[i] = dark;
        self.function[i] = true;
    }

    /// Draws the format information (level M and `mask`) in both copies, and
    /// the dark module beside the bottom-left finder.
    fn draw_format(&mut self, mask: u8) {
        let bits = format_bits(mask);
        let bit = |i: usize| bits >> i & 1 == 1;
        let size = self.size;
        for i in 0..6 {
            self.set(8, i, bit(i));
        }
        self.set(8, 7, bit(6));
        self.set(8, 8, bit(7));
        self.set(7, 8, bit(8));
        for i in 9..15 {
            self.set(14 - i, 8, bit(i));
        }
        for i in 0..8 {
            self.set(size - 1 - i, 8, bit(i));
        }
        for i in 8..15 {
            self.set(8, size - 15 + i, bit(i));
        }
        self.set(8, size - 8, true);
    }

    /// Places the codewords' bits, most significant first, in the zigzag of
    /// the standard: two columns at a time from the right, up then down,
    /// skipping the vertical timing pattern and the function modules.
    fn draw_codewords(&mut self, codewords: &[u8]) {
        let size = self.size;
        let mut i = 0;
        let mut right = size - 1;
        loop {
            let upward = (right + 1) & 2 == 0;
            for step in 0..size {
                let y = if upward { size - 1 - step } else { step };
                for x in [right, right - 1] {
                    let m = y * size + x;
                    if !self.function[m] && i < codewords.len() * 8 {
                        self.dark[m] = codewords[i / 8] >> (7 - i % 8) & 1 == 1;
                        i += 1;
                    }
                }
            }
            if right < 3 {
                break;
            }
            right -= if right == 8 { 3 } else { 2 }; // column 6 is timing
        }
    }

    /// Flips the data modules where `mask` says so and draws the format
    /// information for it. Applying the same mask again undoes the flips.
    fn apply_mask(&mut self, mask: u8) {
        for y in 0..self.size {
            for x in 0..self.size {
                let flip = match mask {
                    0 => (x + y) % 2 == 0,
                    1 => y % 2 == 0,
                    2 => x % 3 == 0,
                    3 => (x + y) % 3 == 0,
                    4 => (x / 3 + y / 2) % 2 == 0,
                    5 => x * y % 2 + x * y % 3 == 0,
                    6 => (x * y % 2 + x * y % 3) % 2 == 0,
                    _ => ((x + y) % 2 + x * y % 3) % 2 == 0,
                };
                let i = y * self.size + x;
                self.dark[i] ^= flip && !self.function[i];
            }
        }
        self.draw_format(mask);
    }
}

/// Rows (and columns) of the alignment patterns' centres: none for version
/// 1, else 6, the last at size − 7, and evenly spaced (an even step) between.
fn alignment_centres(version: u8) -> Vec<usize> {
    if version == 1 {
        return Vec::new();
    }
    let v = usize::from(version);
    let count = v / 7 + 2;
    let step = (v * 8 + count * 3 + 5) / (count * 4 - 4) * 2;
    let last = 4 * v + 10;
    let mut centres: Vec<usize> = (0..count - 1).map(|i| last - i * step).collect();
    centres.push(6);
    centres.reverse();
    centres
}

/// The 15 format bits for level M and `mask`: 5 data bits (level M is 00),
/// 10 of BCH code, XORed with 0x5412.
fn format_bits(mask: u8) -> u32 {
    let data = u32::from(mask);
    let mut rem = data;
    for _ in 0..10 {
        rem = (rem << 1) ^ ((rem >> 9) * 0x537);
    }
    (data << 10 | rem) ^ 0x5412
}

/// The 18 version bits (from version 7 on): 6 data bits, 12 of BCH code.
fn version_bits(version: u8) -> u32 {
    let data = u32::from(version);
    let mut rem = data;
    for _ in 0..12 {
        rem = (rem << 1) ^ ((rem >> 11) * 0x1f25);
    }
    data << 12 | rem
}

/// The penalty of a masked symbol (§7.8.3): runs (N1), 2×2 blocks (N2),
/// finder-like patterns (N3) and the balance of dark and light (N4). The
/// mask with the lowest wins.
fn penalty(size: usize, dark: &[bool]) -> u32 {
    let mut score = 0;
    for i in 0..size {
        let row = |j: usize| dark[i * size + j];
        let column = |j: usize| dark[j * size + i];
        score += run_penalty(size, row) + run_penalty(size, column);
        score += finder_penalty(size, row) + finder_penalty(size, column);
    }
    score + block_penalty(size, dark) + balance_penalty(dark)
}

/// N1: 3 for each run of 5 modules of one colour in a line, and 1 more for
/// each module beyond 5.
fn run_penalty(size: usize, dark: impl Fn(usize) -> bool) -> u32 {
    let mut score = 0;
    let mut run = 0;
    for j in 0..size {
        run = if j > 0 && dark(j) == dark(j - 1) {
            run + 1
        } else {
            1
        };
        if run == 5 {
            score += 3;
        } else if run > 5 {
            score += 1;
        }
    }
    score
}

/// N3: 40 for each dark-light-dark-dark-dark-light-dark in a line with 4
/// light modules before or after it, counting the quiet zone as light.
fn finder_penalty(size: usize, dark: impl Fn(usize) -> bool) -> u32 {
    let mut score = 0;
    // The last 15 modules up to j, the newest in bit 0: 4 before, 7 of the
    // pattern, 4 after. Outside the symbol is light (0).
    let mut window: u16 = 0;
    for j in 0..size + 4 {
        window = (window << 1 | u16::from(j < size && dark(j))) & 0x7fff;
        if j >= 10 && window >> 4 & 0x7f == 0b101_1101 && (window & 0xf == 0 || window >> 11 == 0) {
            score += 40;
        }
    }
    score
}

/// N2: 3 for each 2×2 block of one colour (overlapping blocks all count).
fn block_penalty(size: usize, dark: &[bool]) -> u32 {
    let mut score = 0;
    for y in 0..size - 1 {
        for x in 0..size - 1 {
            let i = y * size + x;
            let c = dark[i];
            if dark[i + 1] == c && dark[i + size] == c && dark[i + size + 1] == c {
                score += 3;
            }
        }
    }
    score
}

/// N4: 10 for each full 5% by which the share of dark modules is away from
/// 50%.
fn balance_penalty(dark: &[bool]) -> u32 {
    let total = dark.len();
    let dark = dark.iter().filter(|&&d| d).count();
    (10 * ((dark * 20).abs_diff(total * 10) / total)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    /// α^e in GF(256).
    fn alpha(e: u32) -> u8 {
        (0..e).fold(1, |a, _| gf_mul(a, 2))
    }

    #[test]
    fn generator_of_degree_10_is_the_standards() {
        // Annex A: x¹⁰ + α²⁵¹x⁹ + α⁶⁷x⁸ + α⁴⁶x⁷ + α⁶¹x⁶ + α¹¹⁸x⁵ + α⁷⁰x⁴ +
        // α⁶⁴x³ + α⁹⁴x² + α³²x + α⁴⁵.
        let exponents = [251, 67, 46, 61, 118, 70, 64, 94, 32, 45];
        let expected: Vec<u8> = exponents.iter().map(|&e| alpha(e)).collect();
        assert_eq!(rs_generator(10), expected);
        assert_eq!(rs_generator(1), [1]);
        assert_eq!(alpha(255), 1);
        assert_eq!(alpha(8), 0x1d);
    }

    #[test]
    fn error_correction_of_known_1_m_codewords() {
        // "HELLO WORLD" in alphanumeric mode, version 1-M.
        let hello = [
            32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17,
        ];
        assert_eq!(
            rs_remainder(&hello, &rs_generator(10)),
            [196, 35, 39, 119, 235, 215, 231, 226, 93, 23]
        );
        // Annex I of the standard: "01234567" in numeric mode, version 1-M.
        let annex = [
            16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17,
        ];
        assert_eq!(
            rs_remainder(&annex, &rs_generator(10)),
            [165, 36, 212, 193, 237, 54, 199, 135, 44, 85]
        );
    }

    #[test]
    fn codewords_of_a_one_block_version() {
        let c = codewords(b"ab", 1);
        assert_eq!(c.len(), 26);
        // 0100 00000010 01100001 01100010 0000, then padding.
        assert_eq!(c[..5], [0x40, 0x26, 0x16, 0x20, 0xec]);
        assert_eq!(c[15], 0x11);
        assert_eq!(c[16..], rs_remainder(&c[..16], &rs_generator(10)));
    }

    #[test]
    fn capacities_at_level_m() {
        // Table 7 of the standard, byte mode, level M.
        assert_eq!(byte_capacity(1), 14);
        assert_eq!(byte_capacity(10), 213);
        assert_eq!(byte_capacity(21), 711); // the longest link, 700 bytes
        assert_eq!(byte_capacity(25), 997);
        assert_eq!(byte_capacity(40), 2331);
        assert_eq!(total_codewords(1), 26);
        assert_eq!(total_codewords(7), 196);
        assert_eq!(total_codewords(40), 3706);
        assert_eq!(data_codewords(40), 2334);
    }

    #[test]
    fn the_smallest_version_is_chosen() {
        let version = |n: usize| encode(&vec![b'a'; n]).map(|q| q.version());
        assert_eq!(version(0), Ok(1));
        for (v, n) in [(1, 14), (10, 213), (25, 997), (40, 2331)] {
            assert_eq!(version(n), Ok(v), "{n} bytes");
            if v < 40 {
                assert_eq!(version(n + 1), Ok(v + 1), "{} bytes", n + 1);
            }
        }
        assert_eq!(version(2332), Err(TooLong(2332)));
        assert_eq!(
            TooLong(2332).to_string(),
            "a link of 2332 bytes is too long for a QR code"
        );
    }

    #[test]
    fn format_and_version_bits() {
        // Annex C: level M, masks 0 to 7.
        let m = [
            0x5412, 0x5125, 0x5e7c, 0x5b4b, 0x45f9, 0x40ce, 0x4f97, 0x4aa0,
        ];
        assert_eq!((0..8).map(format_bits).collect::<Vec<_>>(), m);
        // Annex D.
        assert_eq!(version_bits(7), 0x07c94);
        assert_eq!(version_bits(21), 0x15683);
        assert_eq!(version_bits(40), 0x28c69);
    }

    #[test]
    fn alignment_centres_of_some_versions() {
        // Annex E.
        assert_eq!(alignment_centres(1), []);
        assert_eq!(alignment_centres(2), [6, 18]);
        assert_eq!(alignment_centres(7), [6, 22, 38]);
        assert_eq!(alignment_centres(15), [6, 26, 48, 70]);
        assert_eq!(alignment_centres(32), [6, 34, 60, 86, 112, 138]);
        assert_eq!(alignment_centres(40), [6, 30, 58, 86, 114, 142, 170]);
    }

    /// A symbol drawn with `#` for dark, `.` for light.
    fn parse(picture: &str) -> (usize, Vec<bool>) {
        let rows: Vec<&str> = picture.split_whitespace().collect();
        let dark = rows
            .iter()
            .flat_map(|r| r.bytes().map(|b| b == b'#'))
            .collect();
        (rows.len(), dark)
    }

    #[test]
    fn penalties_of_a_known_symbol() {
        // A 1-Q symbol with mask 0 whose run and block penalties the qrcode
        // crate's tests give (N1: 88 in rows, 92 in columns; N2: 90).
        let (size, dark) = parse(
            "#######.##....####### #.....#.#..#..#.....# #.###.#.#..##.#.###.#
             #.###.#.#.....#.###.# #.###.#.#.#...#.###.# #.....#...#...#.....#
             #######.#.#.#.####### ........#............ .##.#.##....#.#.#####
             .#......####....#...# ..##.###.##...#.##... .##.##.#..##.#.#.###.
             #...#.#.#.###.###.#.# ........##.#..#...#.# #######.#.#....#.##..
             #.....#..#.##.##.#... #.###.#.#.#...####### #.###.#..#.#.#.#...#.
             #.###.#.#...####.#..# #.....#.#.##.#...#.## #######.....####....#",
        );
        assert_eq!(size, 21);
        let rows: u32 = (0..size)
            .map(|y| run_penalty(size, |x| dark[y * size + x]))
            .sum();
        let columns: u32 = (0..size)
            .map(|x| run_penalty(size, |y| dark[y * size + x]))
            .sum();
        assert_eq!((rows, columns), (88, 92));
        assert_eq!(block_penalty(size, &dark), 90);
        let dark_count = dark.iter().filter(|&&d| d).count();
        // 217 of 441 dark: 49.2%, within 5% of half.
        assert_eq!((dark_count, balance_penalty(&dark)), (217, 0));
    }

    #[test]
    fn finder_like_patterns() {
        let line = |s: &str| {
            let b: Vec<bool> = s.bytes().map(|c| c == b'#').collect();
            finder_penalty(b.len(), |i| b[i])
        };
        // At the edge, the quiet zone is the light before or after.
        assert_eq!(line("#.###.#"), 40);
        assert_eq!(line("#.###.#..........."), 40);
        assert_eq!(line("#...#.###.#"), 40);
        assert_eq!(line("#.###.#.#"), 40); // light before only
        assert_eq!(line("#...#.###.#....#"), 40); // light after only
        assert_eq!(line("....#.###.#...."), 40); // once, with light on both sides
        assert_eq!(line("#...#.###.#...#"), 0);
        assert_eq!(line("#...#.###.#.#...#.###.#...#"), 0);
        assert_eq!(line("#....#.###.#....#.###.#"), 80);
        assert_eq!(line("#.##..#.#"), 0);
    }

    #[test]
    fn runs_and_balance() {
        let line = |s: &str| {
            let b: Vec<bool> = s.bytes().map(|c| c == b'#').collect();
            run_penalty(b.len(), |i| b[i])
        };
        assert_eq!(line("####"), 0);
        assert_eq!(line("#####"), 3);
        assert_eq!(line("......."), 5);
        assert_eq!(line("#####.#####......"), 3 + 3 + 4);
        // 5 of 25 dark: 20%, six full steps of 5% from half.
        let mut dark = [false; 25];
        dark[..5].fill(true);
        assert_eq!(balance_penalty(&dark), 60);
        dark[5] = true; // 24%
        assert_eq!(balance_penalty(&dark), 50);
    }

    #[test]
    fn the_svg_path_draws_every_dark_module_once() {
        let qr = encode(b"https://example.org/").unwrap();
        assert_eq!((qr.version(), qr.size()), (2, 25));
        let qr = encode(b"pantheon").unwrap();
        assert_eq!((qr.version(), qr.size()), (1, 21));
        let path = qr.svg_path();
        let mut drawn = vec![false; 29 * 29];
        let mut squares = 0;
        for rect in path.split_terminator('z') {
            // M{x} {y}h{n}v1h-{n}
            let rest = rect.strip_prefix('M').unwrap();
            let (xy, rest) = rest.split_once('h').unwrap();
            let (x, y) = xy.split_once(' ').unwrap();
            let (n, back) = rest.split_once("v1h-").unwrap();
            assert_eq!(n, back);
            let (x, y, n): (usize, usize, usize) =
                (x.parse().unwrap(), y.parse().unwrap(), n.parse().unwrap());
            assert!(x >= 4 && y >= 4 && x + n <= 25 && y < 25, "{rect}");
            for i in x..x + n {
                assert!(!drawn[y * 29 + i], "drawn twice at {i},{y}");
                drawn[y * 29 + i] = true;
            }
            squares += n;
            // Runs are merged: the module after a run is light.
            assert!(!qr.dark(x + n - 4, y - 4));
        }
        let dark = (0..21 * 21).filter(|i| qr.dark(i % 21, i / 21)).count();
        assert_eq!(squares, dark);
        for y in 0..29 {
            for x in 0..29 {
                let inside = (4..25).contains(&x) && (4..25).contains(&y);
                assert_eq!(drawn[y * 29 + x], inside && qr.dark(x - 4, y - 4));
            }
        }
    }
}
