//! YUV 4:2:0 → RGB (`lite::image::yuv`): hand-computed pixels, then random frames of every layout
//! and stride against a straightforward per-pixel reference written here from the documented rule
//! (BT.601 limited range, 16-bit fixed point, half up, clamped), and against the real-valued
//! formula (within 1).

use tensorbridge::lite::image::yuv::{self, Layout, Planes};

/// The documented rule for one pixel, written independently of the crate's row loops.
fn reference_pixel(y: u8, u: u8, v: u8) -> [u8; 3] {
    let (c, d, e) = (i64::from(y) - 16, i64::from(u) - 128, i64::from(v) - 128);
    let f = |x: i64| (x + 32768).div_euclid(65536).clamp(0, 255) as u8;
    [
        f(76309 * c + 104597 * e),
        f(76309 * c - 25675 * d - 53279 * e),
        f(76309 * c + 132201 * d),
    ]
}

/// BT.601 limited range with real coefficients, for the "within 1" bound.
fn real_pixel(y: u8, u: u8, v: u8) -> [f64; 3] {
    let (c, d, e) = (
        f64::from(y) - 16.0,
        f64::from(u) - 128.0,
        f64::from(v) - 128.0,
    );
    let (k, s) = (255.0 / 219.0, 255.0 / 224.0);
    [
        k * c + 1.402 * s * e,
        k * c - 0.344136 * s * d - 0.714136 * s * e,
        k * c + 1.772 * s * d,
    ]
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

fn convert(planes: &Planes<'_>) -> Vec<u8> {
    let mut out = vec![0u8; planes.width * planes.height * 3];
    yuv::to_rgb(planes, &mut out).unwrap();
    out
}

#[test]
fn hand_computed_pixels() {
    // (Y, U, V) → (R, G, B), worked out from the rule: e.g. BT.601 red (81, 90, 240):
    // c = 65, d = -38, e = 112; R = (76309·65 + 104597·112 + 32768) >> 16 = 16707717 >> 16 = 254;
    // G = (4960085 + 975650 − 5967248 + 32768) >> 16 = 1255 >> 16 = 0;
    // B = (4960085 − 5023638 + 32768) >> 16 = −30785 >> 16 = −1 → 0.
    let cases: [([u8; 3], [u8; 3]); 9] = [
        ([16, 128, 128], [0, 0, 0]),
        ([235, 128, 128], [255, 255, 255]),
        ([126, 128, 128], [128, 128, 128]),
        ([81, 90, 240], [254, 0, 0]),
        ([145, 54, 34], [0, 255, 1]),
        ([41, 240, 110], [0, 0, 255]),
        ([210, 16, 146], [255, 255, 0]),
        ([0, 0, 0], [0, 136, 0]),
        ([255, 255, 255], [255, 125, 255]),
    ];
    for ([y, u, v], rgb) in cases {
        // A 1×1 frame in each layout.
        for layout in [Layout::Nv12, Layout::Nv21, Layout::Yv12, Layout::Yv21] {
            let data = match layout {
                Layout::Nv12 | Layout::Yv21 => [y, u, v],
                Layout::Nv21 | Layout::Yv12 => [y, v, u],
            };
            let planes = Planes::packed(&data, layout, 1, 1).unwrap();
            assert_eq!(convert(&planes), rgb, "{layout:?} {y} {u} {v}");
        }
    }
}

#[test]
fn chroma_is_shared_by_each_2x2_block() {
    // 3×3 NV21: chroma plane 2×2 (V, U pairs); pixel (x, y) uses sample (x/2, y/2).
    let y = [16, 235, 126, 81, 145, 41, 210, 16, 235];
    let vu = [128, 128, 240, 90, 34, 54, 146, 16];
    let mut data = y.to_vec();
    data.extend_from_slice(&vu);
    let planes = Planes::packed(&data, Layout::Nv21, 3, 3).unwrap();
    let out = convert(&planes);
    let chroma = |x: usize, r: usize| {
        let i = (r / 2) * 4 + (x / 2) * 2;
        (vu[i + 1], vu[i]) // (U, V)
    };
    for r in 0..3 {
        for x in 0..3 {
            let (u, v) = chroma(x, r);
            assert_eq!(
                &out[(r * 3 + x) * 3..][..3],
                reference_pixel(y[r * 3 + x], u, v)
            );
        }
    }
    // Spot check by hand: pixel (2, 0) has Y 126 and the block (1, 0): U 90, V 240.
    // c = 110, d = -38, e = 112: R = (8393990 + 11714864 + 32768) >> 16 = 307 → 255.
    assert_eq!(out[6], 255);
}

#[test]
fn random_packed_frames_match_the_reference() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(64), 1 + rng.below(64));
        let layout = [Layout::Nv12, Layout::Nv21, Layout::Yv12, Layout::Yv21][rng.below(4)];
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        let extra = rng.below(5);
        let data = rng.bytes(w * h + 2 * cw * ch + extra);
        let out = convert(&Planes::packed(&data, layout, w, h).unwrap());
        let luma = w * h;
        for r in 0..h {
            for x in 0..w {
                let (i, plane) = ((r / 2) * cw + x / 2, cw * ch);
                let (u, v) = match layout {
                    Layout::Nv12 => (data[luma + 2 * i], data[luma + 2 * i + 1]),
                    Layout::Nv21 => (data[luma + 2 * i + 1], data[luma + 2 * i]),
                    Layout::Yv12 => (data[luma + plane + i], data[luma + i]),
                    Layout::Yv21 => (data[luma + i], data[luma + plane + i]),
                };
                let y = data[r * w + x];
                let got = &out[(r * w + x) * 3..][..3];
                assert_eq!(
                    got,
                    reference_pixel(y, u, v),
                    "{layout:?} {w}x{h} at ({x}, {r})"
                );
                for (g, want) in got.iter().zip(real_pixel(y, u, v)) {
                    let want = want.round().clamp(0.0, 255.0);
                    assert!((f64::from(*g) - want).abs() <= 1.0, "{g} vs {want}");
                }
            }
        }
    }
}

#[test]
fn random_strided_planes_match_the_reference() {
    let mut rng = Rng(42);
    for _ in 0..300 {
        let (w, h) = (1 + rng.below(70), 1 + rng.below(70));
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        let ys = w + rng.below(9);
        let ps = 1 + rng.below(3);
        let uvs = (cw - 1) * ps + 1 + rng.below(9);
        let yp = rng.bytes((h - 1) * ys + w);
        let up = rng.bytes((ch - 1) * uvs + (cw - 1) * ps + 1);
        let vp = rng.bytes(up.len());
        let planes = Planes {
            y: &yp,
            u: &up,
            v: &vp,
            y_row_stride: ys,
            uv_row_stride: uvs,
            uv_pixel_stride: ps,
            width: w,
            height: h,
        };
        let out = convert(&planes);
        for r in 0..h {
            for x in 0..w {
                let c = (r / 2) * uvs + (x / 2) * ps;
                assert_eq!(
                    &out[(r * w + x) * 3..][..3],
                    reference_pixel(yp[r * ys + x], up[c], vp[c]),
                    "{w}x{h} strides {ys}/{uvs}/{ps} at ({x}, {r})"
                );
            }
        }
    }
}

#[test]
fn camera_frame_matches_the_reference() {
    let (w, h) = (1920, 1080);
    let mut rng = Rng(7);
    let data = rng.bytes(yuv::packed_len(w, h).unwrap());
    let out = convert(&Planes::packed(&data, Layout::Nv21, w, h).unwrap());
    for r in (0..h).step_by(7) {
        for x in 0..w {
            let i = w * h + (r / 2) * w + (x / 2) * 2;
            assert_eq!(
                &out[(r * w + x) * 3..][..3],
                reference_pixel(data[r * w + x], data[i + 1], data[i])
            );
        }
    }
}

#[test]
fn refuses_inconsistent_frames() {
    let data = [0u8; 10];
    let err = |r: tensorbridge::Result<()>| r.unwrap_err().to_string();
    assert!(Planes::packed(&data[..5], Layout::Nv21, 2, 2).is_err());
    let bad = |ys, uvs, ps, w, h| {
        let planes = Planes {
            y: &data,
            u: &data,
            v: &data,
            y_row_stride: ys,
            uv_row_stride: uvs,
            uv_pixel_stride: ps,
            width: w,
            height: h,
        };
        let mut out = vec![0u8; w * h * 3];
        err(yuv::to_rgb(&planes, &mut out))
    };
    assert!(bad(1, 2, 1, 2, 2).contains("Y row stride 1 is less than the width 2"));
    assert!(bad(2, 2, 0, 2, 2).contains("UV pixel stride must be positive"));
    assert!(bad(4, 1, 2, 4, 2).contains("UV row stride 1 is less than the 3 bytes"));
    assert!(bad(5, 3, 1, 5, 3).contains("the Y plane holds 10 bytes"));
    let planes = Planes::packed(&data, Layout::Nv21, 2, 2).unwrap();
    assert!(err(yuv::to_rgb(&planes, &mut [0u8; 11])).contains("the RGB output holds 11 bytes"));
    // Empty frames convert to nothing.
    assert!(yuv::to_rgb(&Planes::packed(&[], Layout::Nv12, 0, 5).unwrap(), &mut []).is_ok());
}

/// The default matrix keeps the coefficients written in the module's rule.
#[test]
fn the_default_matrix_is_the_documented_bt601_limited_one() {
    use tensorbridge::lite::image::yuv::Matrix;
    assert_eq!(Matrix::from_code(0).unwrap(), Matrix::BT601_LIMITED);
    assert!(Matrix::from_code(4).is_err() && Matrix::from_code(-1).is_err());
    // Y = 16 is black and Y = 235 white with neutral chroma, in the limited matrices only.
    let convert = |matrix: &Matrix, y: u8| {
        let frame = [y, y, y, y, 128, 128];
        let planes = Planes::packed(&frame, Layout::Nv12, 2, 2).unwrap();
        let mut out = [0u8; 12];
        yuv::to_rgb_with(&planes, matrix, &mut out).unwrap();
        out[0]
    };
    for m in [Matrix::BT601_LIMITED, Matrix::BT709_LIMITED] {
        assert_eq!((convert(&m, 16), convert(&m, 235)), (0, 255));
    }
    for m in [Matrix::BT601_FULL, Matrix::BT709_FULL] {
        assert_eq!((convert(&m, 16), convert(&m, 235), convert(&m, 255)), (16, 235, 255));
    }
}

/// Every matrix against tests/vectors/image/yuv_matrices.jsonl, made by tests/vectors/gen/yuv_gen.py
/// from the standards' definitions in exact rationals (not from this crate).
#[test]
fn every_matrix_gives_the_reference_bytes() {
    use tensorbridge::lite::image::yuv::Matrix;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/image/yuv_matrices.jsonl");
    let text = std::fs::read_to_string(path).unwrap();
    let hex = |s: &str| -> Vec<u8> {
        (0..s.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
            .collect()
    };
    let mut cases = 0;
    for line in text.lines() {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let matrix = Matrix::from_code(case["code"].as_i64().unwrap() as i32).unwrap();
        let layout = match case["layout"].as_str().unwrap() {
            "NV12" => Layout::Nv12,
            _ => Layout::Nv21,
        };
        let (w, h) = (
            case["width"].as_u64().unwrap() as usize,
            case["height"].as_u64().unwrap() as usize,
        );
        let frame = hex(case["frame"].as_str().unwrap());
        let planes = Planes::packed(&frame, layout, w, h).unwrap();
        let mut out = vec![0u8; w * h * 3];
        yuv::to_rgb_with(&planes, &matrix, &mut out).unwrap();
        assert_eq!(out, hex(case["rgb"].as_str().unwrap()), "{} {w}x{h}", case["matrix"]);
        cases += 1;
    }
    assert_eq!(cases, 32);
}
