//! `pantheon::qr` against two other programs: the `qrcode` crate, which must
//! draw the same symbol module for module (same version, level M, byte mode,
//! the mask forced to ours), and the `rqrr` decoder, which must read the bytes
//! back. Our choice of mask is checked against penalty scores computed here
//! from the standard's rules, on the crate's eight masked symbols.

use pantheon::qr::{encode, Qr, TooLong};
use qrcode::bits::Bits;
use qrcode::canvas::{Canvas, MaskPattern};
use qrcode::{Color, EcLevel, Version};

/// Bytes from a xorshift generator.
fn random_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// An invitation link of `len` bytes: a base and URL-safe base64.
fn link(seed: u64, len: usize) -> Vec<u8> {
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut url = b"https://example.org/pantheon/#rtc=AgAB".to_vec();
    let tail = random_bytes(seed, len.saturating_sub(url.len()));
    url.extend(tail.iter().map(|b| B64[usize::from(b & 63)]));
    url.truncate(len);
    url
}

const MASKS: [MaskPattern; 8] = [
    MaskPattern::Checkerboard,
    MaskPattern::HorizontalLines,
    MaskPattern::VerticalLines,
    MaskPattern::DiagonalLines,
    MaskPattern::LargeCheckerboard,
    MaskPattern::Fields,
    MaskPattern::Diamonds,
    MaskPattern::Meadow,
];

/// The crate's byte-mode bits for `data` at `version`, level M, or None if
/// they do not fit.
fn crate_bits(data: &[u8], version: u8) -> Option<Bits> {
    let mut bits = Bits::new(Version::Normal(version.into()));
    bits.push_byte_data(data).ok()?;
    bits.push_terminator(EcLevel::M).ok()?;
    Some(bits)
}

/// The crate's eight symbols for `data` (byte mode, level M, `version`), one
/// for each mask, row by row.
fn crate_symbols(data: &[u8], version: u8) -> Vec<Vec<bool>> {
    let bits = crate_bits(data, version).expect("fits");
    let v = Version::Normal(version.into());
    let (data, ec) = qrcode::ec::construct_codewords(&bits.into_bytes(), v, EcLevel::M).unwrap();
    let mut canvas = Canvas::new(v, EcLevel::M);
    canvas.draw_all_functional_patterns();
    canvas.draw_data(&data, &ec);
    MASKS
        .iter()
        .map(|&mask| {
            let mut c = canvas.clone();
            c.apply_mask(mask);
            c.into_colors()
                .into_iter()
                .map(|c| c == Color::Dark)
                .collect()
        })
        .collect()
}

/// The smallest version whose level M holds `data` in byte mode, by the crate.
fn crate_version(data: &[u8]) -> Option<u8> {
    (1..=40).find(|&v| crate_bits(data, v).is_some())
}

fn modules(qr: &Qr) -> Vec<bool> {
    let n = qr.size();
    (0..n * n).map(|i| qr.dark(i % n, i / n)).collect()
}

/// The penalty of §7.8.3, written out plainly and separately from the
/// encoder's: N1 = 3, N2 = 3, N3 = 40, N4 = 10. A finder-like pattern needs 4
/// light modules before or after it, may use the quiet zone for them, and
/// counts once.
fn reference_penalty(size: usize, dark: &[bool]) -> u32 {
    let at = |x: isize, y: isize| {
        let inside = (0..size as isize).contains(&x) && (0..size as isize).contains(&y);
        inside && dark[y as usize * size + x as usize]
    };
    let mut score = 0;
    for horizontal in [true, false] {
        for line in 0..size as isize {
            let get = |i: isize| if horizontal { at(i, line) } else { at(line, i) };
            // N1: each maximal run of five or more.
            let mut start = 0;
            while start < size as isize {
                let mut end = start;
                while end < size as isize && get(end) == get(start) {
                    end += 1;
                }
                let len = (end - start) as u32;
                if len >= 5 {
                    score += 3 + (len - 5);
                }
                start = end;
            }
            // N3: 1011101 with 0000 before or after.
            const CORE: [bool; 7] = [true, false, true, true, true, false, true];
            for s in 0..=size as isize - 7 {
                if (0..7).all(|k| get(s + k) == CORE[k as usize]) {
                    let before = (s - 4..s).all(|i| !get(i));
                    let after = (s + 7..s + 11).all(|i| !get(i));
                    if before || after {
                        score += 40;
                    }
                }
            }
        }
    }
    // N2: every 2×2 block of one colour.
    for y in 0..size as isize - 1 {
        for x in 0..size as isize - 1 {
            let c = at(x, y);
            if at(x + 1, y) == c && at(x, y + 1) == c && at(x + 1, y + 1) == c {
                score += 3;
            }
        }
    }
    // N4: 10 for each whole 5% step of the dark share away from 50%.
    let total = (size * size) as u64;
    let dark_count = dark.iter().filter(|&&d| d).count() as u64;
    let deviation = (100 * dark_count).abs_diff(50 * total); // in % × total
    let mut k = 0;
    while deviation >= 5 * (k + 1) * total {
        k += 1;
    }
    score + 10 * k as u32
}

/// Checks `data` against the crate, and returns our mask.
fn check(data: &[u8]) -> usize {
    let qr = encode(data).unwrap_or_else(|e| panic!("{e}"));
    let version = crate_version(data).expect("the crate fits it");
    assert_eq!(qr.version(), version, "{} bytes", data.len());
    assert_eq!(qr.size(), 17 + 4 * usize::from(version));
    let ours = modules(&qr);
    let symbols = crate_symbols(data, version);
    let mask = symbols
        .iter()
        .position(|s| *s == ours)
        .unwrap_or_else(|| panic!("{} bytes: matches none of the crate's 8 masks", data.len()));
    let scores: Vec<u32> = symbols
        .iter()
        .map(|s| reference_penalty(qr.size(), s))
        .collect();
    let best = (0..8).min_by_key(|&m| scores[m]).unwrap();
    assert_eq!(
        mask,
        best,
        "{} bytes: mask {mask} chosen, penalties {scores:?}",
        data.len()
    );
    mask
}

#[test]
fn random_bytes_of_every_length_to_800_match_the_qrcode_crate() {
    let mut masks = [0; 8];
    for len in 0..=800 {
        masks[check(&random_bytes(len as u64, len))] += 1;
    }
    // All eight masks come up, so the comparison covers each of them.
    assert!(masks.iter().all(|&n| n > 0), "masks chosen: {masks:?}");
}

#[test]
fn links_match_the_qrcode_crate() {
    for (seed, len) in (150..=700).step_by(7).enumerate() {
        check(&link(seed as u64, len));
    }
    check(b"https://example.org/pantheon/#rtc=AgABCdEf");
    check(b"HELLO WORLD");
    check(b"01234567");
}

#[test]
fn every_version_boundary_matches_the_qrcode_crate() {
    // The most bytes each version holds, by the crate; one more needs the
    // next version. Both codes are compared, so every version's layout
    // (alignment patterns, version information, blocks) is covered.
    for version in 1..=40u8 {
        let fits = |n: usize| crate_bits(&random_bytes(7, n), version).is_some();
        let (mut lo, mut hi) = (0, 3000); // fits(lo), !fits(hi)
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if fits(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let data = random_bytes(u64::from(version), lo + 1);
        assert_eq!(encode(&data[..lo]).unwrap().version(), version);
        check(&data[..lo]);
        if version < 40 {
            assert_eq!(encode(&data).unwrap().version(), version + 1);
            check(&data);
        } else {
            assert_eq!(lo, 2331);
            assert_eq!(encode(&data), Err(TooLong(2332)));
        }
    }
    for n in [8, 9, 99, 100, 255, 256, 1000, 2000] {
        check(&random_bytes(n as u64, n));
    }
}

#[test]
fn too_long_is_an_error() {
    let e = encode(&[b'a'; 5000]).unwrap_err();
    assert_eq!(e, TooLong(5000));
    let e: Box<dyn std::error::Error> = Box::new(e);
    assert_eq!(
        e.to_string(),
        "a link of 5000 bytes is too long for a QR code"
    );
}

struct Grid<'a>(&'a Qr);

impl rqrr::BitGrid for Grid<'_> {
    fn size(&self) -> usize {
        self.0.size()
    }
    fn bit(&self, y: usize, x: usize) -> bool {
        self.0.dark(x, y)
    }
}

#[test]
fn the_rqrr_decoder_reads_the_bytes_back() {
    let mut inputs: Vec<Vec<u8>> = (150..=700).step_by(50).map(|n| link(n as u64, n)).collect();
    inputs.extend(
        (0..300)
            .step_by(37)
            .map(|n| random_bytes(n as u64 + 1000, n)),
    );
    inputs.push(random_bytes(1, 2331));
    for data in inputs {
        let qr = encode(&data).unwrap();
        let mut out = Vec::new();
        let meta = rqrr::Grid::new(Grid(&qr)).decode_to(&mut out).unwrap();
        assert_eq!(out, data);
        assert_eq!(meta.version.0, usize::from(qr.version()));
        assert_eq!(meta.ecc_level, 0, "level M"); // the format field: M is 00
    }
}

/// The grid with `flips` modules flipped.
struct Damaged<'a>(&'a Qr, &'a [(usize, usize)]);

impl rqrr::BitGrid for Damaged<'_> {
    fn size(&self) -> usize {
        self.0.size()
    }
    fn bit(&self, y: usize, x: usize) -> bool {
        self.0.dark(x, y) ^ self.1.contains(&(x, y))
    }
}

#[test]
fn a_damaged_code_is_corrected() {
    let data = link(3, 400);
    let qr = encode(&data).unwrap();
    let n = qr.size();
    // Modules of the two right-most columns, away from every function
    // pattern: data, in a few codewords.
    let flips: Vec<(usize, usize)> = (20..26).map(|y| (n - 1 - y % 2, y)).collect();
    let mut out = Vec::new();
    rqrr::Grid::new(Damaged(&qr, &flips))
        .decode_to(&mut out)
        .unwrap();
    assert_eq!(out, data);
}

#[test]
fn a_picture_of_a_link_is_found_and_read() {
    // Rendered as the page draws it: 3 pixels a module, a 4-module quiet
    // zone, then searched for as a camera's picture would be.
    for (seed, len) in [(1, 150), (2, 420), (3, 700)] {
        let data = link(seed, len);
        let qr = encode(&data).unwrap();
        let side = (qr.size() + 8) * 3;
        let mut image = rqrr::PreparedImage::prepare_from_bitmap(side, side, |x, y| {
            let (x, y) = (x / 3, y / 3);
            x >= 4 && y >= 4 && qr.dark(x - 4, y - 4)
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "{len} bytes");
        let mut out = Vec::new();
        grids[0].decode_to(&mut out).unwrap();
        assert_eq!(out, data);
    }
}

#[test]
fn the_svg_path_of_a_link_draws_the_code() {
    let qr = encode(&link(9, 300)).unwrap();
    let n = qr.size();
    let path = qr.svg_path();
    let mut drawn = vec![false; (n + 8) * (n + 8)];
    for rect in path.split_terminator('z') {
        let nums: Vec<usize> = rect
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let [x, y, w, one, w2] = nums[..] else {
            panic!("{rect}")
        };
        assert_eq!((one, w2), (1, w));
        assert_eq!(rect, format!("M{x} {y}h{w}v1h-{w}"));
        for i in x..x + w {
            drawn[y * (n + 8) + i] = true;
        }
    }
    for y in 0..n + 8 {
        for x in 0..n + 8 {
            let module = x >= 4 && y >= 4 && qr.dark(x - 4, y - 4);
            assert_eq!(drawn[y * (n + 8) + x], module, "at {x},{y}");
        }
    }
    // One rectangle per run: far fewer than one per dark module.
    let dark = modules(&qr).iter().filter(|&&d| d).count();
    assert!(path.matches('M').count() * 2 < dark);
}
