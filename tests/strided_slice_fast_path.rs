//! The validation fast path for plain slices (no ellipsis, new-axis or shrink bits) must produce
//! exactly what the general algorithm produces: the same `ValidatedSlice`, or the same error. Both
//! are run over every spec of the golden vectors (which check the general path against TensorFlow)
//! and over many random specs around the edges: empty and unit dimensions, out-of-range and extreme
//! indices, negative and zero strides, masks, fewer entries than dimensions, wrong index shapes and
//! an unsupported index type.

use serde_json::Value;
use tensorbridge::strided_slice::spec::{validate, validate_general};
use tensorbridge::strided_slice::{IndexTensor, IndexType, Masks};

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

struct Spec {
    shape: Vec<i64>,
    begin: Vec<i64>,
    end: Vec<i64>,
    strides: Vec<i64>,
    shapes: [Vec<i64>; 3],
    index_type: IndexType,
    masks: Masks,
}

impl Spec {
    /// Whether the spec meets the fast path's preconditions (so the random specs demonstrably
    /// exercise it, not only the fallback).
    fn is_plain(&self) -> bool {
        let n = self.strides.len();
        self.masks.ellipsis == 0
            && self.masks.new_axis == 0
            && self.masks.shrink_axis == 0
            && n <= self.shape.len()
            && self.shape.iter().all(|&d| d >= 0)
            && self.shapes.iter().all(|s| s == &[n as i64])
            && self.begin.len() == n
            && self.end.len() == n
            && !self.strides.contains(&0)
            && !matches!(self.index_type, IndexType::Unsupported)
    }

    /// Runs both paths; returns a description of any difference.
    fn compare(&self) -> Result<(), String> {
        let (b, e, s) = (
            IndexTensor::with_shape(&self.shapes[0], &self.begin),
            IndexTensor::with_shape(&self.shapes[1], &self.end),
            IndexTensor::with_shape(&self.shapes[2], &self.strides),
        );
        let fast = validate(&self.shape, &b, &e, &s, self.index_type, self.masks);
        let general = validate_general(&self.shape, &b, &e, &s, self.index_type, self.masks);
        let same = match (&fast, &general) {
            (Ok(f), Ok(g)) => f == g,
            (Err(f), Err(g)) => f.kind == g.kind && f.message == g.message,
            _ => false,
        };
        if same {
            Ok(())
        } else {
            Err(format!(
                "shape {:?} begin {:?} end {:?} strides {:?} shapes {:?} {:?} {:?}:\n fast    {:?}\n general {:?}",
                self.shape,
                self.begin,
                self.end,
                self.strides,
                self.shapes,
                self.index_type,
                self.masks,
                fast,
                general
            ))
        }
    }
}

#[test]
fn golden_vector_specs_agree() {
    let text = include_str!("vectors/strided_slice.jsonl");
    let mut plain = 0;
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).unwrap();
        let (begin, end, strides) = (
            ints(&case["begin"]),
            ints(&case["end"]),
            ints(&case["strides"]),
        );
        let shape_of =
            |key: &str, len: usize| case.get(key).map(ints).unwrap_or_else(|| vec![len as i64]);
        let m = ints(&case["masks"]);
        let spec = Spec {
            shape: ints(&case["shape"]),
            shapes: [
                shape_of("begin_shape", begin.len()),
                shape_of("end_shape", end.len()),
                shape_of("strides_shape", strides.len()),
            ],
            begin,
            end,
            strides,
            index_type: IndexType::from_name(case["index_type"].as_str().unwrap()),
            masks: Masks {
                begin: m[0] as i32,
                end: m[1] as i32,
                ellipsis: m[2] as i32,
                new_axis: m[3] as i32,
                shrink_axis: m[4] as i32,
            },
        };
        if let Err(d) = spec.compare() {
            panic!("{}: {d}", case["tag"]);
        }
        plain += usize::from(spec.is_plain());
        cases += 1;
    }
    assert!(cases > 1000, "only {cases} golden cases read");
    assert!(plain > 100, "only {plain} of {cases} golden cases are plain");
}

/// xorshift64*: a fixed-seed generator, so a failure is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    /// An index: mostly near the dimension sizes used here, sometimes an extreme.
    fn index(&mut self) -> i64 {
        match self.below(20) {
            0 => i64::MIN,
            1 => i64::MAX,
            2 => i64::MIN + 1,
            3 => i64::MAX - 1,
            _ => self.below(19) as i64 - 9,
        }
    }
    fn stride(&mut self) -> i64 {
        match self.below(20) {
            0 => 0,
            1 => i64::MIN,
            2 => i64::MAX,
            _ => [1, 1, 1, 2, 3, -1, -2, -3][self.below(8) as usize],
        }
    }
    fn mask(&mut self) -> i32 {
        match self.below(6) {
            0 => -1,
            1 => 1 << 31,
            _ => self.next() as i32 & 0x3f,
        }
    }
}

#[test]
fn random_specs_agree() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut plain = 0;
    const CASES: usize = 200_000;
    for _ in 0..CASES {
        let rank = rng.below(7) as usize;
        let shape: Vec<i64> = (0..rank)
            .map(|_| match rng.below(10) {
                0 => 0,
                1 => 1,
                _ => rng.below(7) as i64,
            })
            .collect();
        let n = rng.below(rank as u64 + 2) as usize;
        let begin: Vec<i64> = (0..n).map(|_| rng.index()).collect();
        let end: Vec<i64> = (0..n).map(|_| rng.index()).collect();
        let strides: Vec<i64> = (0..n).map(|_| rng.stride()).collect();
        let mut shapes = [vec![n as i64], vec![n as i64], vec![n as i64]];
        if rng.chance(3) {
            // A wrong index shape: 2-D, or a length that disagrees with the others.
            let which = rng.below(3) as usize;
            shapes[which] = if rng.chance(50) {
                vec![1, n as i64]
            } else {
                vec![n as i64 + 1]
            };
        }
        let index_type = match rng.below(40) {
            0 => IndexType::Unsupported,
            1..=13 => IndexType::Int64,
            14..=20 => IndexType::Int16,
            _ => IndexType::Int32,
        };
        let special = |rng: &mut Rng| if rng.chance(25) { rng.mask() } else { 0 };
        let masks = Masks {
            begin: if rng.chance(50) { rng.mask() } else { 0 },
            end: if rng.chance(50) { rng.mask() } else { 0 },
            ellipsis: special(&mut rng),
            new_axis: special(&mut rng),
            shrink_axis: special(&mut rng),
        };
        let spec = Spec {
            shape,
            begin,
            end,
            strides,
            shapes,
            index_type,
            masks,
        };
        if let Err(d) = spec.compare() {
            panic!("{d}");
        }
        plain += usize::from(spec.is_plain());
    }
    // The generator must reach the fast path often, not only its fallback.
    assert!(plain > CASES / 5, "only {plain} of {CASES} random specs are plain");
}
