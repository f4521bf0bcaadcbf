#![allow(clippy::too_many_arguments)]
//! Value, shape, kernel-path and error vectors recorded from TensorFlow 2.21
//! (docs/contracts/strided_slice.md#conformance-vectors), the rank-9 outcomes
//! (docs/contracts/strided_slice.md#rank-9-and-above) and the TF 1.15 usage example, through the
//! typed kernel steps (`tests/common/typed_slice.rs`).

use tensorbridge::ErrorKind;
#[path = "common/typed_slice.rs"]
mod typed_slice;
use tensorbridge::strided_slice::{
    DEFAULT_ALIGNMENT, IndexType, Masks, SliceArgs, TSTRING_ALIGNMENT_SIZE,
};
use typed_slice::{SliceOutput, strided_slice};

fn masks(b: i32, e: i32, el: i32, na: i32, sh: i32) -> Masks {
    Masks {
        begin: b,
        end: e,
        ellipsis: el,
        new_axis: na,
        shrink_axis: sh,
    }
}

fn range(a: i32, b: i32) -> Vec<f32> {
    (a..=b).map(|v| v as f32).collect()
}

fn cat(parts: &[Vec<f32>]) -> Vec<f32> {
    parts.concat()
}

/// Runs the kernel on an f32 input and returns (shape, values, output kind).
fn run_t<T: Clone>(
    x: &[T],
    shape: &[i64],
    b: &[i64],
    e: &[i64],
    s: &[i64],
    m: Masks,
    t: IndexType,
    size: usize,
) -> tensorbridge::Result<(Vec<i64>, Vec<T>, SliceOutput<T>)> {
    let out = strided_slice(
        x,
        shape,
        &SliceArgs::new(b, e, s, t, m),
        size,
        DEFAULT_ALIGNMENT,
    )?;
    Ok((out.shape().to_vec(), out.to_vec(x)?, out))
}

fn run_f(
    x: &[f32],
    shape: &[i64],
    b: &[i64],
    e: &[i64],
    s: &[i64],
    m: Masks,
) -> tensorbridge::Result<(Vec<i64>, Vec<f32>, SliceOutput<f32>)> {
    run_t(x, shape, b, e, s, m, IndexType::Int32, 4)
}

fn is_identity<T>(o: &SliceOutput<T>) -> bool {
    matches!(o, SliceOutput::ShareInput { .. })
}

fn error_of<T: std::fmt::Debug>(r: tensorbridge::Result<T>) -> (ErrorKind, String) {
    let e = r.unwrap_err();
    (e.kind, e.message)
}

fn invalid(m: &str) -> (ErrorKind, String) {
    (ErrorKind::InvalidArgument, m.to_string())
}

const REF_SHAPE: [i64; 3] = [3, 2, 3];

fn reference() -> Vec<f32> {
    range(1, 18)
}

#[test]
fn ref_vectors() {
    let x = reference();
    let r = |b: &[i64], e: &[i64], s: &[i64], m| run_f(&x, &REF_SHAPE, b, e, s, m);

    let (sh, v, o) = r(&[0, 0, 0], &[0, 0, 0], &[1, 1, 1], masks(7, 7, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![3, 2, 3], range(1, 18)));
    assert!(is_identity(&o));

    let (sh, v, _) = r(&[0, 0, 0], &[0, 0, 0], &[1, 5, 2], masks(7, 7, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![3, 1, 2], vec![1., 3., 7., 9., 13., 15.]));

    let (sh, v, _) = r(&[0, 0, 0], &[0, 0, 0], &[-1, 1, 1], masks(7, 7, 0, 0, 0)).unwrap();
    assert_eq!(
        (sh, v),
        (
            vec![3, 2, 3],
            cat(&[range(13, 18), range(7, 12), range(1, 6)])
        )
    );

    let (sh, v, _) = r(&[-2, 0, 0], &[0, 0, 0], &[-1, 1, 1], masks(6, 7, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![2, 2, 3], cat(&[range(7, 12), range(1, 6)])));

    let (sh, v, _) = r(&[-2, 0, 0], &[0, 0, 0], &[-1, 1, 2], masks(6, 7, 0, 0, 0)).unwrap();
    assert_eq!(
        (sh, v),
        (vec![2, 2, 2], vec![7., 9., 10., 12., 1., 3., 4., 6.])
    );

    let (sh, v, _) = r(&[0, 0, 0], &[-1, 0, 0], &[-1, 1, 1], masks(6, 6, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![0, 2, 3], vec![]));

    let (sh, v, _) = r(&[-1, 0, 0], &[0, 0, 0], &[1, 1, 1], masks(6, 6, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![0, 2, 3], vec![]));

    let (sh, v, _) = r(&[-1, 2, 2], &[0, 2, 3], &[1, 1, -1], Masks::default()).unwrap();
    assert_eq!((sh, v), (vec![0, 0, 0], vec![]));

    let (sh, v, _) = r(&[1], &[2], &[1], masks(0, 0, 0, 0, 1)).unwrap();
    assert_eq!((sh, v), (vec![2, 3], range(7, 12)));

    let (sh, v, _) = r(&[-1], &[0], &[1], masks(0, 0, 0, 0, 1)).unwrap();
    assert_eq!((sh, v), (vec![2, 3], range(13, 18)));

    assert_eq!(
        error_of(r(&[3], &[4], &[1], masks(0, 0, 0, 0, 1))),
        invalid("slice index 3 of dimension 0 out of bounds.")
    );
    assert_eq!(
        error_of(r(&[-4], &[-3], &[1], masks(0, 0, 0, 0, 1))),
        invalid("slice index -1 of dimension 0 out of bounds.")
    );

    let (sh, v, _) = r(&[0], &[0], &[1], masks(0, 0, 0, 1, 0)).unwrap();
    assert_eq!((sh, v), (vec![1, 3, 2, 3], range(1, 18)));

    let (sh, v, _) = r(&[0, 0], &[0, 0], &[1, 1], masks(0, 0, 1, 2, 0)).unwrap();
    assert_eq!((sh, v), (vec![3, 2, 3, 1], range(1, 18)));

    let (sh, v, _) = r(&[0, 0, 0], &[0, 0, 0], &[1, 1, 1], masks(0, 0, 2, 5, 0)).unwrap();
    assert_eq!((sh, v), (vec![1, 3, 2, 3, 1], range(1, 18)));

    let (sh, v, _) = r(&[0, 1], &[0, 2], &[1, 1], masks(0, 0, 1, 0, 2)).unwrap();
    assert_eq!((sh, v), (vec![3, 2], vec![2., 5., 8., 11., 14., 17.]));

    let (sh, v, _) = r(
        &[-2, 0, 0, 1],
        &[0, 0, 0, 2],
        &[-1, 1, 1, 1],
        masks(0, 1, 4, 2, 8),
    )
    .unwrap();
    assert_eq!((sh, v), (vec![2, 1, 2], vec![8., 11., 2., 5.]));

    let (sh, v, _) = r(&[2], &[3], &[1], masks(1, 1, 0, 0, 1)).unwrap();
    assert_eq!((sh, v), (vec![2, 3], range(13, 18)));

    let (sh, v, _) = r(&[0], &[0], &[1], masks(0, 0, 0, 1, 1)).unwrap();
    assert_eq!((sh, v), (vec![1, 3, 2, 3], range(1, 18)));

    let (sh, v, _) = r(&[0, 0], &[0, 0], &[1, 1], masks(0, 0, 1, 1, 0)).unwrap();
    assert_eq!((sh, v), (vec![3, 2, 0], vec![]));
}

#[test]
fn scalar_vectors() {
    let x = [5.0f32];
    let (sh, v, _) = run_f(&x, &[], &[0], &[0], &[1], masks(0, 0, 0, 1, 0)).unwrap();
    assert_eq!((sh, v), (vec![1], vec![5.]));
    let (sh, v, _) = run_f(&x, &[], &[0], &[0], &[1], masks(0, 0, 1, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![], vec![5.]));
    let (sh, v, o) = run_f(&x, &[], &[], &[], &[], Masks::default()).unwrap();
    assert_eq!((sh, v), (vec![], vec![5.]));
    assert!(is_identity(&o));
    assert_eq!(
        error_of(run_f(&x, &[], &[0], &[1], &[1], masks(0, 0, 0, 0, 1))),
        invalid("Attempting to slice scalar input.")
    );
}

fn raw5() -> Vec<f32> {
    vec![
        1., 2., 4., 5., 5., 6., 7., 8., 9., 10., 11., 12., 13., 14., 15., 16., 17., 18., 19., 20.,
        21., 22., 23., 24.,
    ]
}

#[test]
fn raw5_vectors() {
    let x = raw5();
    let shape = [1, 2, 1, 3, 4];
    let r = |b: &[i64], e: &[i64], s: &[i64], m| run_f(&x, &shape, b, e, s, m).unwrap();
    let col3 = vec![5., 8., 12., 16., 20., 24.];
    let (sh, v, _) = r(
        &[0, 0, 0, 0, 3],
        &[0, 0, 0, 0, 4],
        &[1; 5],
        masks(15, 15, 0, 0, 16),
    );
    assert_eq!((sh, v), (vec![1, 2, 1, 3], col3.clone()));
    let (sh, v, _) = r(&[0, 3], &[0, 4], &[1, 1], masks(0, 0, 1, 0, 2));
    assert_eq!((sh, v), (vec![1, 2, 1, 3], col3));
    let (sh, v, _) = r(&[0, 0], &[0, 1], &[1, 1], masks(1, 1, 0, 0, 2));
    assert_eq!((sh, v), (vec![1, 1, 3, 4], raw5()[..12].to_vec()));
    let (sh, v, _) = r(&[0, 0, 0], &[0, 0, 1], &[1, 1, 1], masks(3, 3, 0, 0, 4));
    assert_eq!((sh, v), (vec![1, 2, 3, 4], raw5()));
    let (sh, v, _) = r(&[0], &[0], &[1], masks(0, 0, 0, 1, 0));
    assert_eq!((sh, v), (vec![1, 1, 2, 1, 3, 4], raw5()));
    let (sh, v, _) = r(&[0, 0, 0], &[0, 0, 0], &[1, 1, 1], masks(4, 4, 1, 2, 0));
    assert_eq!((sh, v), (vec![1, 2, 1, 3, 1, 4], raw5()));
    let (sh, v, _) = r(&[0; 5], &[0; 5], &[1; 5], masks(25, 25, 2, 4, 0));
    assert_eq!((sh, v), (vec![1, 2, 1, 1, 3, 4], raw5()));
    let (sh, v, _) = r(
        &[0, 0, 0, 0, 2],
        &[0; 5],
        &[1, 1, 1, 1, -1],
        masks(11, 27, 0, 4, 0),
    );
    assert_eq!(sh, vec![1, 2, 1, 1, 3, 4]);
    assert_eq!(
        v,
        vec![
            9., 10., 11., 12., 5., 6., 7., 8., 1., 2., 4., 5., 21., 22., 23., 24., 17., 18., 19.,
            20., 13., 14., 15., 16.
        ]
    );
}

#[test]
fn rawe_vectors() {
    let x = range(1, 12);
    let shape = [1, 2, 1, 3, 2];
    let (sh, v, o) = run_f(&x, &shape, &[0], &[0], &[1], masks(0, 1, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![1, 2, 1, 3, 2], range(1, 12)));
    assert!(is_identity(&o));
    let odd = vec![1., 3., 5., 7., 9., 11.];
    let (sh, v, _) = run_f(&x, &shape, &[0, 0], &[0, 1], &[1, 1], masks(0, 0, 1, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![1, 2, 1, 3, 1], odd.clone()));
    let (sh, v, _) = run_f(
        &x,
        &shape,
        &[0, 0, 0],
        &[1, 0, 1],
        &[1, 1, 1],
        masks(0, 0, 2, 0, 0),
    )
    .unwrap();
    assert_eq!((sh, v), (vec![1, 2, 1, 3, 1], odd));
}

#[test]
fn aligned_vectors_share_the_input() {
    let x = range(1, 96);
    let shape = [3, 4, 8];
    let (sh, v, o) = run_f(&x, &shape, &[1], &[0], &[1], Masks::default()).unwrap();
    assert_eq!((sh, v), (vec![0, 4, 8], vec![]));
    // begin > end: the shared rows are [min(begin, end), end) = [0, 0).
    assert_eq!(
        o,
        SliceOutput::ShareView {
            offset: 0,
            len: 0,
            shape: vec![0, 4, 8]
        }
    );
    let (sh, v, o) = run_f(&x, &shape, &[1], &[0], &[1], masks(0, 1, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![2, 4, 8], range(33, 96)));
    assert_eq!(
        o,
        SliceOutput::ShareView {
            offset: 32,
            len: 64,
            shape: vec![2, 4, 8]
        }
    );
    let (sh, v, o) = run_f(&x, &shape, &[0, 1], &[0, 0], &[1, 1], masks(0, 2, 0, 1, 0)).unwrap();
    assert_eq!((sh, v), (vec![1, 2, 4, 8], range(33, 96)));
    assert!(matches!(
        o,
        SliceOutput::ShareView {
            offset: 32,
            len: 64,
            ..
        }
    ));
}

#[test]
fn small_matrix_vectors() {
    let ones = [1i16; 4];
    let (sh, v, _) = run_t(
        &ones,
        &[2, 2],
        &[0, 0, 0],
        &[0, 0, 1],
        &[1, 1, 1],
        masks(2, 2, 0, 1, 4),
        IndexType::Int32,
        2,
    )
    .unwrap();
    assert_eq!((sh, v), (vec![1, 2], vec![1, 1]));

    let m = [1i32, 2, 3, 4, 5, 6];
    let r = |b: &[i64], e: &[i64], s: &[i64], mk| {
        let (sh, v, _) = run_t(&m, &[2, 3], b, e, s, mk, IndexType::Int32, 4).unwrap();
        (sh, v)
    };
    assert_eq!(
        r(&[0, 0], &[0, 0], &[1, -2], masks(3, 3, 0, 0, 0)),
        (vec![2, 2], vec![3, 1, 6, 4])
    );
    assert_eq!(
        r(&[1, 1], &[2, 2], &[1, 1], masks(0, 0, 0, 0, 2)),
        (vec![1], vec![5])
    );
    assert_eq!(
        r(
            &[0, 0, 0, 0],
            &[0, 0, 1, 1],
            &[1, 1, 1, 1],
            masks(0, 0, 0, 3, 4)
        ),
        (vec![1, 1, 1], vec![1])
    );
    assert_eq!(
        r(&[8, 0], &[10, 1], &[1, 1], masks(0, 0, 0, 0, 2)),
        (vec![0], vec![])
    );

    let strings: Vec<String> = ["a", "b", "c", "d"].iter().map(|s| s.to_string()).collect();
    let (sh, v, _) = run_t(
        &strings,
        &[2, 2],
        &[1, 0],
        &[2, 0],
        &[1, -1],
        masks(2, 2, 0, 0, 0),
        IndexType::Int32,
        TSTRING_ALIGNMENT_SIZE,
    )
    .unwrap();
    assert_eq!(
        (sh, v),
        (vec![1, 2], vec!["d".to_string(), "c".to_string()])
    );

    let (sh, v, o) = run_f(
        &[1., 2., 3.],
        &[1, 3],
        &[0],
        &[1],
        &[1],
        masks(0, 0, 0, 0, 1),
    )
    .unwrap();
    assert_eq!((sh, v), (vec![3], vec![1., 2., 3.]));
    assert!(is_identity(&o));
}

#[test]
fn bool_reverse_and_complex_slices() {
    let b = [true, false, false];
    let (sh, v, _) = run_t(
        &b,
        &[3],
        &[0],
        &[0],
        &[-1],
        masks(1, 1, 0, 0, 0),
        IndexType::Int64,
        1,
    )
    .unwrap();
    assert_eq!((sh, v), (vec![3], vec![false, false, true]));
    let c = [[1.0f32, -1.0], [2.0, -2.0], [3.0, -3.0]];
    let (sh, v, _) = run_t(
        &c,
        &[3],
        &[1],
        &[0],
        &[1],
        masks(0, 1, 0, 0, 0),
        IndexType::Int32,
        8,
    )
    .unwrap();
    assert_eq!((sh, v), (vec![2], vec![[2.0, -2.0], [3.0, -3.0]]));
}

/// Bit patterns survive: NaN payloads and -0.0 are copied bitwise.
#[test]
fn copies_are_bitwise() {
    let x = [
        f32::from_bits(0x7fc0_1234),
        -0.0f32,
        1.0,
        f32::from_bits(0xffa0_0001),
    ];
    let (_, v, _) = run_f(&x, &[4], &[0], &[0], &[-1], masks(1, 1, 0, 0, 0)).unwrap();
    let bits: Vec<u32> = v.iter().map(|f| f.to_bits()).collect();
    assert_eq!(
        bits,
        vec![0xffa0_0001, 0x3f80_0000, 0x8000_0000, 0x7fc0_1234]
    );
}

fn x24() -> Vec<i32> {
    (0..24).collect()
}

fn rx(b: &[i64], e: &[i64], s: &[i64], m: Masks) -> tensorbridge::Result<(Vec<i64>, Vec<i32>)> {
    let x = x24();
    run_t(&x, &[2, 3, 4], b, e, s, m, IndexType::Int32, 4).map(|(sh, v, _)| (sh, v))
}

fn rx64(b: &[i64], e: &[i64], s: &[i64]) -> (Vec<i64>, Vec<i32>) {
    let x = x24();
    let (sh, v, _) = run_t(
        &x,
        &[2, 3, 4],
        b,
        e,
        s,
        Masks::default(),
        IndexType::Int64,
        4,
    )
    .unwrap();
    (sh, v)
}

fn ints(a: i32, b: i32) -> Vec<i32> {
    (a..=b).collect()
}

#[test]
fn edge_case_vectors() {
    let none = Masks::default();
    let sh1 = masks(0, 0, 0, 0, 1);
    assert_eq!(
        error_of(rx(&[0], &[1], &[0], none)),
        invalid("strides[0] must be non-zero")
    );
    assert_eq!(
        error_of(rx(&[0], &[1], &[0], sh1)),
        invalid("strides[0] must be non-zero")
    );
    assert_eq!(
        error_of(rx(&[1], &[0], &[-1], sh1)),
        invalid("only stride 1 allowed on non-range indexing.")
    );
    assert_eq!(
        rx(&[1], &[2], &[5], sh1).unwrap(),
        (vec![3, 4], ints(12, 23))
    );
    assert_eq!(
        rx(&[1], &[100], &[1], sh1).unwrap(),
        (vec![3, 4], ints(12, 23))
    );
    assert_eq!(
        error_of(rx(&[0, 0], &[1, 1], &[1, 1], masks(0, 0, 3, 0, 0))),
        invalid("Multiple ellipses in slice spec not allowed")
    );
    assert_eq!(
        rx(&[0], &[1], &[1], masks(0, 0, i32::MIN, 0, 0)).unwrap(),
        (vec![1, 3, 4], ints(0, 11))
    );
    assert_eq!(
        error_of(rx(&[0; 4], &[1; 4], &[1; 4], none)),
        invalid("Index out of range using input dim 3; input has only 3 dims")
    );
    assert_eq!(
        rx(&[0; 4], &[0, 1, 1, 1], &[1; 4], masks(0, 0, 1, 0, 0)).unwrap(),
        (vec![1, 1, 1], vec![0])
    );
    assert_eq!(
        error_of(rx(&[0; 5], &[0, 1, 1, 1, 1], &[1; 5], masks(0, 0, 1, 0, 0))),
        invalid("Index out of range using input dim 3; input has only 3 dims")
    );
    let small = [0i32, 1, 2];
    let r1 = |n: usize| {
        run_t(
            &small,
            &[3],
            &vec![0; n],
            &vec![1; n],
            &vec![1; n],
            none,
            IndexType::Int32,
            4,
        )
    };
    assert_eq!(
        error_of(r1(31)),
        invalid("Index out of range using input dim 1; input has only 1 dims")
    );
    assert_eq!(
        error_of(r1(32)),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [32], [32], and [32] instead."
        )
    );
    assert_eq!(
        error_of(run_t(
            &x24(),
            &[2, 3, 4],
            &[0, 0],
            &[1],
            &[1],
            none,
            IndexType::Int32,
            4
        )),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1], and [1] instead."
        )
    );
    let reference = reference();
    assert_eq!(
        error_of(run_f(
            &reference,
            &REF_SHAPE,
            &[0, 0],
            &[0, 1],
            &[1, 0],
            masks(0, 0, 0, 1, 0)
        )),
        invalid("strides[0] must be non-zero")
    );
    assert_eq!(
        error_of(run_f(
            &reference,
            &REF_SHAPE,
            &[0; 4],
            &[0, 1, 1, 1],
            &[1, 1, 1, 0],
            masks(0, 0, 1, 0, 0)
        )),
        invalid("strides[2] must be non-zero")
    );
    assert_eq!(
        error_of(rx(&[5, 0], &[6, 1], &[1, 0], sh1)),
        invalid("slice index 5 of dimension 0 out of bounds.")
    );
    let empty: [i32; 0] = [];
    assert_eq!(
        error_of(run_t(
            &empty,
            &[0, 3],
            &[0],
            &[1],
            &[1],
            sh1,
            IndexType::Int32,
            4
        )),
        invalid("slice index 0 of dimension 0 out of bounds.")
    );
    assert_eq!(
        rx(&[0; 3], &[0; 3], &[-1, -2, -3], masks(7, 7, 0, 0, 0)).unwrap(),
        (vec![2, 2, 2], vec![23, 20, 15, 12, 11, 8, 3, 0])
    );
    assert_eq!(
        rx(&[0, 2, 3], &[0; 3], &[1, -1, -2], masks(1, 1, 0, 0, 0)).unwrap(),
        (vec![2, 2, 2], vec![11, 9, 7, 5, 23, 21, 19, 17])
    );
    assert_eq!(
        rx(&[0; 3], &[0; 3], &[5; 3], masks(7, 7, 0, 0, 0)).unwrap(),
        (vec![1, 1, 1], vec![0])
    );
    assert_eq!(rx(&[1], &[1], &[1], none).unwrap(), (vec![0, 3, 4], vec![]));
    assert_eq!(
        rx(&[-100], &[100], &[1], none).unwrap(),
        (vec![2, 3, 4], ints(0, 23))
    );
    assert_eq!(
        rx(&[100], &[-100], &[-1], none).unwrap(),
        (vec![2, 3, 4], [ints(12, 23), ints(0, 11)].concat())
    );
    assert_eq!(
        rx64(&[i64::MIN], &[i64::MAX], &[1]),
        (vec![2, 3, 4], ints(0, 23))
    );
    assert_eq!(
        rx64(&[i64::MAX], &[i64::MIN], &[-1]),
        (vec![2, 3, 4], [ints(12, 23), ints(0, 11)].concat())
    );
    assert_eq!(
        rx(&[], &[], &[], none).unwrap(),
        (vec![2, 3, 4], ints(0, 23))
    );
    let x = x24();
    let (_, _, o) = run_t(&x, &[2, 3, 4], &[], &[], &[], none, IndexType::Int32, 4).unwrap();
    assert!(is_identity(&o));
}

/// A shrink index of i64::MAX must fail cleanly (begin + 1 would overflow).
#[test]
fn shrink_at_i64_max_fails_cleanly() {
    assert_eq!(
        error_of(run_t(
            &x24(),
            &[2, 3, 4],
            &[i64::MAX],
            &[0],
            &[1],
            masks(0, 0, 0, 0, 1),
            IndexType::Int64,
            4
        )),
        invalid(&format!(
            "slice index {} of dimension 0 out of bounds.",
            i64::MAX
        ))
    );
}

fn unhandled(rank: usize) -> (ErrorKind, String) {
    (
        ErrorKind::Unimplemented,
        format!("Unhandled input dimensions {rank}"),
    )
}

/// Rank ≥ 9 fails only on the general path.
#[test]
fn rank_above_8() {
    let all2 = |rank: usize| {
        (
            vec![2i64; rank],
            (0..1 << rank).map(|v| v as f32).collect::<Vec<f32>>(),
        )
    };
    let (s9, x9) = all2(9);
    assert_eq!(
        error_of(run_f(
            &x9,
            &s9,
            &[0; 9],
            &[0; 9],
            &[2; 9],
            masks(-1, -1, 0, 0, 0)
        )),
        unhandled(9)
    );
    assert_eq!(
        error_of(run_f(
            &x9,
            &s9,
            &[0, 0],
            &[0, 1],
            &[1, 1],
            masks(1, 1, 0, 0, 0)
        )),
        unhandled(9)
    );
    let (s8, x8) = all2(8);
    let (sh, v, _) = run_f(&x8, &s8, &[0; 8], &[0; 8], &[2; 8], masks(-1, -1, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![1; 8], vec![0.]));
    let (sh, v, _) = run_f(&x8, &s8, &[0, 0], &[0, 1], &[1, 1], masks(1, 1, 0, 0, 0)).unwrap();
    assert_eq!(sh, [2, 1, 2, 2, 2, 2, 2, 2]);
    assert_eq!(
        v,
        (0..64)
            .chain(128..192)
            .map(|v| v as f32)
            .collect::<Vec<_>>()
    );

    let (s10, x10) = all2(10);
    let (sh, v, _) = run_f(&x10, &s10, &[0, 1], &[0, 1], &[1, 1], masks(1, 1, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![2, 0, 2, 2, 2, 2, 2, 2, 2, 2], vec![]));
    let (sh, _, o) = run_f(&x10, &s10, &[], &[], &[], Masks::default()).unwrap();
    assert_eq!(sh, s10);
    assert!(is_identity(&o));
    let (sh, v, o) = run_f(&x10, &s10, &[0], &[1], &[1], masks(0, 0, 0, 0, 1)).unwrap();
    assert_eq!(
        (sh, v),
        (vec![2; 9], (0..512).map(|v| v as f32).collect::<Vec<_>>())
    );
    assert!(matches!(
        o,
        SliceOutput::ShareView {
            offset: 0,
            len: 512,
            ..
        }
    ));

    let tall = |inner: i64| vec![3, 1, 1, 1, 1, 1, 1, 1, inner];
    let x = range(1, 48);
    let (sh, v, _) = run_f(&x, &tall(16), &[1], &[0], &[1], masks(0, 1, 0, 0, 0)).unwrap();
    assert_eq!((sh, v), (vec![2, 1, 1, 1, 1, 1, 1, 1, 16], range(17, 48)));
    assert_eq!(
        error_of(run_f(
            &x[..24],
            &tall(8),
            &[1],
            &[0],
            &[1],
            masks(0, 1, 0, 0, 0)
        )),
        unhandled(9)
    );
    let bytes: Vec<i8> = (0..192).map(|v| v as i8).collect();
    let (sh, v, _) = run_t(
        &bytes,
        &tall(64),
        &[1],
        &[0],
        &[1],
        masks(0, 1, 0, 0, 0),
        IndexType::Int32,
        1,
    )
    .unwrap();
    assert_eq!(
        (sh, v),
        (vec![2, 1, 1, 1, 1, 1, 1, 1, 64], bytes[64..].to_vec())
    );
    assert_eq!(
        error_of(run_t(
            &bytes[..48],
            &tall(16),
            &[1],
            &[0],
            &[1],
            masks(0, 1, 0, 0, 0),
            IndexType::Int32,
            1
        )),
        unhandled(9)
    );
}

/// The TF 1.15 usage example: x = int32 0..11 shaped [3,4].
#[test]
fn java_api_vectors() {
    let x: Vec<i32> = (0..12).collect();
    let r = |b: &[i64], e: &[i64], s: &[i64], m| {
        run_t(&x, &[3, 4], b, e, s, m, IndexType::Int32, 4).map(|(sh, v, _)| (sh, v))
    };
    assert_eq!(
        r(&[1, 0], &[0, 0], &[1, -2], masks(2, 3, 0, 0, 0)).unwrap(),
        (vec![2, 2], vec![7, 5, 11, 9])
    );
    assert_eq!(
        r(&[-1], &[0], &[1], masks(0, 0, 0, 0, 1)).unwrap(),
        (vec![4], vec![8, 9, 10, 11])
    );
    assert_eq!(
        r(&[0, 0, 2], &[0, 0, 3], &[1, 1, 1], masks(1, 1, 0, 2, 4)).unwrap(),
        (vec![3, 1], vec![2, 6, 10])
    );
    assert_eq!(
        r(&[0, 1], &[0, 2], &[1, 1], masks(0, 0, 1, 0, 2)).unwrap(),
        (vec![3], vec![1, 5, 9])
    );
    assert_eq!(
        r(&[-1], &[0], &[1], masks(0, 1, 0, 0, 0)).unwrap(),
        (vec![1, 4], vec![8, 9, 10, 11])
    );
    assert_eq!(
        r(&[2], &[0], &[1], Masks::default()).unwrap(),
        (vec![0, 4], vec![])
    );
    assert_eq!(
        r(&[10], &[0], &[1], masks(0, 1, 0, 0, 0)).unwrap(),
        (vec![0, 4], vec![])
    );
    assert_eq!(
        error_of(r(&[5], &[6], &[1], masks(0, 0, 0, 0, 1))),
        invalid("slice index 5 of dimension 0 out of bounds.")
    );
    assert_eq!(
        error_of(r(&[-4], &[-3], &[1], masks(0, 0, 0, 0, 1))),
        invalid("slice index -1 of dimension 0 out of bounds.")
    );
    assert_eq!(
        error_of(r(&[0], &[1], &[0], Masks::default())),
        invalid("strides[0] must be non-zero")
    );
    assert_eq!(
        error_of(r(&[0], &[1], &[-1], masks(0, 0, 0, 0, 1))),
        invalid("only stride 1 allowed on non-range indexing.")
    );
    assert_eq!(
        error_of(r(&[0, 1, 2], &[1, 2, 3], &[1, 1, 1], masks(0, 0, 0, 0, 7))),
        invalid("Index out of range using input dim 2; input has only 2 dims")
    );
    assert_eq!(
        error_of(r(&[0, 0], &[1, 1], &[1, 1], masks(0, 0, 3, 0, 0))),
        invalid("Multiple ellipses in slice spec not allowed")
    );
    assert_eq!(
        error_of(r(&[0, 0], &[1], &[1, 1], Masks::default())),
        invalid(
            "Expected begin, end, and strides to be 1D equal size tensors, but got shapes [2], [1], and [2] instead."
        )
    );
}
