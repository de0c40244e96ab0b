//! `pantheon::qr`, the page's QR codes, read back by another program, the
//! `rqrr` decoder: every length a link may have, a damaged code, a picture
//! of one; level M's capacities; the SVG path draws exactly the modules.

use pantheon::qr::{encode, Qr, TooLong};

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

/// Level M's capacity in bytes (byte mode) of versions 1 to 10, and of 40.
const CAPACITY: [(u8, usize); 11] = [
    (1, 14),
    (2, 26),
    (3, 42),
    (4, 62),
    (5, 84),
    (6, 106),
    (7, 122),
    (8, 152),
    (9, 180),
    (10, 213),
    (40, 2331),
];

#[test]
fn each_version_holds_what_level_m_holds() {
    // Lower-case letters are written in byte mode.
    for (version, bytes) in CAPACITY {
        let qr = encode(&vec![b'q'; bytes]).unwrap();
        assert_eq!(qr.version(), version, "{bytes} bytes");
        assert_eq!(qr.size(), 17 + 4 * usize::from(version));
        if version < 40 {
            assert_eq!(
                encode(&vec![b'q'; bytes + 1]).unwrap().version(),
                version + 1
            );
        }
    }
    assert_eq!(encode(&[b'q'; 2332]).unwrap_err(), TooLong(2332));
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
    let dark = (0..n * n).filter(|i| qr.dark(i % n, i / n)).count();
    assert!(path.matches('M').count() * 2 < dark);
}
