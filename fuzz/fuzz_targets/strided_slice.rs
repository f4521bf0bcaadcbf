//! StridedSlice, differentially: random small shapes, begin/end/strides, masks and index types
//! go through `spec::validate` + `choose_path` + the byte kernel (`copy_processing_order_bytes_uninit`)
//! + the typed copy (`copy_processing_order`) + the tensor op (`strided_slice_tensor`) and
//! through a naive reference written here from the slicing semantics of docs/contracts/strided_slice.md#value-rule
//! (Python slice rules per dimension, then every selected index vector in row-major order).
//! They must agree on accept/reject, output shape and every element. Shape inference must give
//! the concrete output shape when everything is known, and a compatible shape when `begin`/`end`
//! or some input dimensions are unknown.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::mem::MaybeUninit;

use tensorbridge::strided_slice::{
    IndexTensor, IndexType, KernelPath, Masks, choose_path, copy_processing_order,
    copy_processing_order_bytes_uninit, infer_shape, strided_slice_tensor, validate,
};
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_shape::TensorShape;

#[path = "../common/input.rs"]
mod input;
use input::Input;

impl Input<'_> {
    /// An index value: mostly small (−6..=6 around the dimension sizes), sometimes the extremes
    /// of the index type.
    fn index(&mut self, ty: IndexType) -> i64 {
        let (min, max) = match ty {
            IndexType::Int16 => (i64::from(i16::MIN), i64::from(i16::MAX)),
            IndexType::Int32 => (i64::from(i32::MIN), i64::from(i32::MAX)),
            _ => (i64::MIN, i64::MAX),
        };
        match self.byte() {
            b @ 0..=239 => i64::from(b % 13) - 6,
            240..=243 => min,
            244..=247 => max,
            248..=251 => min + 1,
            _ => max - 1,
        }
    }

    /// A 32-bit mask with bits only among the first `width` positions, occasionally bit 31.
    fn mask(&mut self, width: usize) -> i32 {
        let b = self.byte();
        let low = if width >= 8 { u32::from(b) } else { u32::from(b) & ((1 << width) - 1) };
        let high = if self.byte() == 0xff { 1u32 << 31 } else { 0 };
        (low | high) as i32
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Entry {
    Ellipsis,
    NewAxis,
    Shrink,
    Range,
}

fn bit(mask: i32, i: usize) -> bool {
    i < 32 && (mask as u32 >> i) & 1 == 1
}

/// Python's `range(start, stop, step)` after `slice.indices(n)`: the selected indices of one
/// dimension, computed in i128 so that extreme values cannot overflow.
fn python_range(n: i64, begin: Option<i64>, end: Option<i64>, step: i64) -> Vec<i64> {
    let (n, s) = (i128::from(n), i128::from(step));
    let (lo, hi) = if s > 0 { (0, n) } else { (-1, n - 1) };
    let fix = |x: i64| {
        let x = i128::from(x);
        let x = if x < 0 { x + n } else { x };
        x.clamp(lo, hi)
    };
    let start = begin.map_or(if s > 0 { 0 } else { n - 1 }, fix);
    let stop = end.map_or(if s > 0 { n } else { -1 }, fix);
    let mut out = Vec::new();
    let mut i = start;
    while (s > 0 && i < stop) || (s < 0 && i > stop) {
        out.push(i as i64);
        i += s;
    }
    out
}

/// The reference: `None` when the slice is invalid, else the output shape and, per output
/// element in order, the flat input index it reads.
fn reference(
    shape: &[i64],
    begin: &[i64],
    end: &[i64],
    strides: &[i64],
    ty: IndexType,
    m: Masks,
) -> Option<(Vec<i64>, Vec<usize>)> {
    let n = strides.len();
    if ty == IndexType::Unsupported || begin.len() != n || end.len() != n || n >= 32 {
        return None;
    }
    if (m.ellipsis as u32).count_ones() > 1 {
        return None;
    }
    // Precedence: ellipsis > new axis > shrink > range; no ellipsis means one at the end.
    let mut entries: Vec<Entry> = (0..n)
        .map(|i| {
            if bit(m.ellipsis, i) {
                Entry::Ellipsis
            } else if bit(m.new_axis, i) {
                Entry::NewAxis
            } else if bit(m.shrink_axis, i) {
                Entry::Shrink
            } else {
                Entry::Range
            }
        })
        .collect();
    if !entries.contains(&Entry::Ellipsis) {
        entries.push(Entry::Ellipsis);
    }
    let real = entries.iter().filter(|e| matches!(e, Entry::Shrink | Entry::Range)).count();
    if real > shape.len() {
        return None; // more indexed dimensions than the input has (or a scalar indexed)
    }
    let mut selected: Vec<Vec<i64>> = Vec::new(); // per input dimension
    let mut out_shape = Vec::new();
    for (i, e) in entries.iter().enumerate() {
        match e {
            Entry::Ellipsis => {
                for _ in 0..shape.len() - real {
                    let d = shape[selected.len()];
                    out_shape.push(d);
                    selected.push((0..d).collect());
                }
            }
            Entry::NewAxis => out_shape.push(1),
            Entry::Shrink | Entry::Range => {
                let d = shape[selected.len()];
                let s = strides[i];
                if s == 0 {
                    return None;
                }
                if *e == Entry::Shrink {
                    if s < 0 {
                        return None;
                    }
                    let idx = if begin[i] < 0 {
                        i128::from(begin[i]) + i128::from(d)
                    } else {
                        i128::from(begin[i])
                    };
                    if idx < 0 || idx >= i128::from(d) {
                        return None;
                    }
                    selected.push(vec![idx as i64]);
                } else {
                    let b = (!bit(m.begin, i)).then_some(begin[i]);
                    let en = (!bit(m.end, i)).then_some(end[i]);
                    let picked = python_range(d, b, en, s);
                    out_shape.push(picked.len() as i64);
                    selected.push(picked);
                }
            }
        }
    }
    assert_eq!(selected.len(), shape.len());
    // Every index vector in row-major order.
    let mut row_strides = vec![1i64; shape.len()];
    for d in (0..shape.len().saturating_sub(1)).rev() {
        row_strides[d] = row_strides[d + 1] * shape[d + 1];
    }
    let mut flat = vec![0i64];
    for (d, picks) in selected.iter().enumerate() {
        let step = row_strides[d];
        flat = flat.iter().flat_map(|&base| picks.iter().map(move |&p| base + p * step)).collect();
    }
    Some((out_shape, flat.into_iter().map(|x| x as usize).collect()))
}

fn compatible(partial: &[i64], full: &[i64]) -> bool {
    partial.len() == full.len() && partial.iter().zip(full).all(|(&p, &f)| p == -1 || p == f)
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let ty = match input.byte() % 16 {
        0..=4 => IndexType::Int16,
        5..=9 => IndexType::Int32,
        10..=14 => IndexType::Int64,
        _ => IndexType::Unsupported,
    };
    // Ranks 0..=6 with sizes 0..=4, sometimes rank 9 with sizes 0..=2 (beyond the general copy).
    let big_rank = input.byte() == 0xfe;
    let rank = if big_rank { 9 } else { usize::from(input.byte() % 7) };
    let shape: Vec<i64> = (0..rank).map(|_| i64::from(input.byte() % if big_rank { 3 } else { 5 })).collect();
    let count: i64 = shape.iter().product();
    let n = match input.byte() {
        0xff => 32,
        b => usize::from(b) % (rank + 4),
    };
    let begin: Vec<i64> = (0..n).map(|_| input.index(ty)).collect();
    let mut end: Vec<i64> = (0..n).map(|_| input.index(ty)).collect();
    let strides: Vec<i64> = (0..n)
        .map(|_| match input.byte() {
            0..=199 => [1, 1, 1, -1, 2, -2, 3, -1, 0, 1][usize::from(input.byte() % 10)],
            200..=219 => input.index(ty),
            _ => 1,
        })
        .collect();
    if input.byte() == 0xfd {
        end.push(0); // length mismatch
    }
    let width = n + 2;
    let ellipsis = match input.byte() % 4 {
        0 | 1 => 0,
        2 => 1 << (input.byte() as usize % width.min(31)),
        _ => input.mask(width),
    };
    let masks = Masks {
        begin: input.mask(width),
        end: input.mask(width),
        ellipsis,
        new_axis: input.mask(width) & if input.byte() % 2 == 0 { 0 } else { -1 },
        shrink_axis: input.mask(width),
    };
    let (elem_size, alignment) = {
        let b = input.byte();
        ([1usize, 2, 4, 8, 16, 24][usize::from(b % 6)], [0usize, 64, 8, 4][usize::from((b / 6) % 4)])
    };
    let unknown_dims = input.byte();

    let expected = reference(&shape, &begin, &end, &strides, ty, masks);
    let (b, e, s) = (IndexTensor::vector(&begin), IndexTensor::vector(&end), IndexTensor::vector(&strides));
    let validated = validate(&shape, &b, &e, &s, ty, masks);
    let Some((out_shape, picks)) = expected else {
        assert!(
            validated.is_err(),
            "accepted an invalid slice: {shape:?} {begin:?} {end:?} {strides:?} {masks:?} {ty:?}: {validated:?}"
        );
        assert!(infer_shape(Some(&shape), Some(&b), Some(&e), Some(&s), ty, masks).is_err());
        return;
    };
    let v = validated.unwrap_or_else(|err| {
        panic!("rejected a valid slice: {shape:?} {begin:?} {end:?} {strides:?} {masks:?} {ty:?}: {err}")
    });
    assert_eq!(v.final_shape[..], out_shape, "final shape");
    assert_eq!(
        infer_shape(Some(&shape), Some(&b), Some(&e), Some(&s), ty, masks).expect("inference accepts"),
        Some(out_shape.clone()),
        "inferred shape"
    );
    let unknown_values = infer_shape(Some(&shape), None, None, Some(&s), ty, masks)
        .expect("inference without begin/end accepts")
        .expect("known rank");
    assert!(compatible(&unknown_values, &out_shape), "{unknown_values:?} vs {out_shape:?}");
    let partial: Vec<i64> = shape
        .iter()
        .enumerate()
        .map(|(d, &x)| if d < 8 && bit(i32::from(unknown_dims), d) { -1 } else { x })
        .collect();
    let partial_out = infer_shape(Some(&partial), Some(&b), Some(&e), Some(&s), ty, masks)
        .expect("inference with unknown dims accepts")
        .expect("known rank");
    assert!(compatible(&partial_out, &out_shape), "{partial_out:?} vs {out_shape:?}");

    // Values: distinct elements, so every misplaced read shows.
    let values: Vec<u32> = (0..count as u32).collect();
    let want: Vec<u32> = picks.iter().map(|&i| values[i]).collect();
    match choose_path(&v, &shape, elem_size, alignment) {
        Ok(KernelPath::ShareInput) => assert_eq!(values, want, "shared input"),
        Ok(KernelPath::ShareDim0 { offset, len }) => {
            assert_eq!(values[offset..offset + len], want[..], "shared dim-0 view")
        }
        Ok(KernelPath::Empty) => assert!(want.is_empty(), "empty path"),
        Ok(KernelPath::Copy) => {
            let mut got = vec![u32::MAX; want.len()];
            copy_processing_order(&values, &shape, &v, &mut got).expect("typed copy");
            assert_eq!(got, want, "values");
        }
        Err(err) => {
            assert!(rank > 8 && err.message.starts_with("Unhandled input dimensions"), "{err}");
            return;
        }
    }
    if choose_path(&v, &shape, elem_size, alignment) == Ok(KernelPath::Copy) {
        // The byte copier at every specialised width and odd ones: byte j of element k is
        // k * 31 + j, so misplaced elements and bytes swapped inside an element both show.
        let element = |k: u32, w: usize| (0..w).map(move |j| (k as usize * 31 + j) as u8);
        for w in [1usize, 2, 3, 4, 8, 12, 16, 24] {
            let bytes: Vec<u8> = values.iter().flat_map(|&k| element(k, w)).collect();
            let mut out = vec![MaybeUninit::new(0u8); want.len() * w];
            copy_processing_order_bytes_uninit(&bytes, w, &shape, &v, &mut out).expect("byte copy");
            // SAFETY: every byte was initialised by `MaybeUninit::new` above.
            let out: Vec<u8> = out.iter().map(|b| unsafe { b.assume_init() }).collect();
            let expect: Vec<u8> = want.iter().flat_map(|&k| element(k, w)).collect();
            assert_eq!(out, expect, "byte copy width {w}");
        }
    }
    // The tensor op (uninitialised output buffer on the copy path) gives the same elements.
    let index = |xs: &[i64]| match ty {
        IndexType::Int16 => Tensor::from_vec1(&xs.iter().map(|&x| x as i16).collect::<Vec<_>>()),
        IndexType::Int32 => Tensor::from_vec1(&xs.iter().map(|&x| x as i32).collect::<Vec<_>>()),
        _ => Tensor::from_vec1(xs),
    };
    if ty != IndexType::Unsupported && rank <= 8 {
        let dims = TensorShape::from_dims(&shape).expect("input shape");
        let input = Tensor::from_slice(dims, &values).expect("input tensor");
        let (bt, et, st) = (
            index(&begin).expect("begin"),
            index(&end).expect("end"),
            index(&strides).expect("strides"),
        );
        let out = strided_slice_tensor(&input, &bt, &et, &st, masks).expect("tensor op");
        assert_eq!(out.shape().dim_sizes(), &out_shape[..], "tensor op shape");
        if !want.is_empty() {
            let got = out.tensor_data().expect("tensor data");
            let expect: Vec<u8> = want.iter().flat_map(|k| k.to_ne_bytes()).collect();
            assert_eq!(got, &expect[..], "tensor op values");
        }
    }
});
