//! Replays the golden vectors recorded from TensorFlow 2.21 (`tests/vectors/strided_slice.jsonl`,
//! made by `tests/vectors/gen/strided_slice_gen.py`): output shape, output bytes (or strings), or
//! the exact error kind and message.

#[path = "common/slice_vectors.rs"]
mod slice_vectors;
use serde_json::Value;
use slice_vectors::{compare, hex, ints};
#[path = "common/typed_slice.rs"]
mod typed_slice;
use tensorbridge::strided_slice::{
    DEFAULT_ALIGNMENT, IndexTensor, IndexType, KernelPath, Masks, SliceArgs, choose_path,
    element::alignment_size, spec,
};
use typed_slice::{SliceOutput, copy_processing_order_bytes, strided_slice};

fn width(dtype: &str) -> usize {
    match dtype {
        "int8" | "uint8" | "bool" | "qint8" | "quint8" | "float8_e5m2" | "float8_e4m3fn" => 1,
        "int16" | "uint16" | "half" | "bfloat16" => 2,
        "int32" | "uint32" | "float" | "qint32" => 4,
        "int64" | "uint64" | "double" | "complex64" => 8,
        "complex128" => 16,
        other => panic!("unknown dtype {other}"),
    }
}

/// Runs one case; returns a description of the mismatch, if any.
fn check(case: &Value) -> Result<(), String> {
    let dtype = case["dtype"].as_str().unwrap();
    let shape = ints(&case["shape"]);
    let (begin, end, strides) = (
        ints(&case["begin"]),
        ints(&case["end"]),
        ints(&case["strides"]),
    );
    let shape_of =
        |key: &str, len: usize| case.get(key).map(ints).unwrap_or_else(|| vec![len as i64]);
    let (bs, es, ss) = (
        shape_of("begin_shape", begin.len()),
        shape_of("end_shape", end.len()),
        shape_of("strides_shape", strides.len()),
    );
    let m = ints(&case["masks"]);
    let masks = Masks {
        begin: m[0] as i32,
        end: m[1] as i32,
        ellipsis: m[2] as i32,
        new_axis: m[3] as i32,
        shrink_axis: m[4] as i32,
    };
    let args = SliceArgs {
        begin: IndexTensor::with_shape(&bs, &begin),
        end: IndexTensor::with_shape(&es, &end),
        strides: IndexTensor::with_shape(&ss, &strides),
        index_type: IndexType::from_name(case["index_type"].as_str().unwrap()),
        masks,
    };
    let expect = &case["expect"];

    let outcome: Result<(Vec<i64>, Value), tensorbridge::Error> = if dtype == "string" {
        let input: Vec<String> = case["input"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        strided_slice(
            &input,
            &shape,
            &args,
            alignment_size(dtype).unwrap().unwrap(),
            DEFAULT_ALIGNMENT,
        )
        .map(|out| {
            (
                out.shape().to_vec(),
                Value::from(out.to_vec(&input).unwrap()),
            )
        })
    } else {
        let w = width(dtype);
        // The alignment rule uses TensorFlow's element size, which for POD types is the width.
        assert_eq!(alignment_size(dtype).unwrap(), Some(w));
        let input = hex(case["input"].as_str().unwrap());
        run_bytes(&input, w, &shape, &args).map(|(s, bytes)| {
            (
                s,
                Value::from(bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()),
            )
        })
    };
    compare(outcome, expect)
}

/// The byte-level route a Java direct buffer would take: validate, choose the path, then share or
/// copy. On every successful path the processing-order copy must give the same bytes too.
fn run_bytes(
    input: &[u8],
    w: usize,
    shape: &[i64],
    a: &SliceArgs<'_>,
) -> tensorbridge::Result<(Vec<i64>, Vec<u8>)> {
    let v = spec::validate(shape, &a.begin, &a.end, &a.strides, a.index_type, a.masks)?;
    let path = choose_path(&v, shape, w, DEFAULT_ALIGNMENT)?;
    let count = v.processing_shape.iter().product::<i64>() as usize;
    let mut copied = vec![0u8; count * w];
    copy_processing_order_bytes(input, w, shape, &v, &mut copied)?;
    let out = match path {
        KernelPath::ShareInput => input.to_vec(),
        KernelPath::ShareDim0 { offset, len } => input[offset * w..(offset + len) * w].to_vec(),
        KernelPath::Empty => Vec::new(),
        KernelPath::Copy => copied.clone(),
    };
    assert_eq!(out, copied, "fast path and processing-order copy disagree");
    // The typed generic entry point agrees as well.
    let typed = strided_slice(
        input.chunks_exact(w).collect::<Vec<_>>().as_slice(),
        shape,
        a,
        w,
        DEFAULT_ALIGNMENT,
    )?;
    let typed_bytes: Vec<u8> = typed
        .to_vec(&input.chunks_exact(w).collect::<Vec<_>>())?
        .concat();
    assert_eq!(typed_bytes, out);
    assert!(matches!(
        typed,
        SliceOutput::ShareInput { .. } | SliceOutput::ShareView { .. } | SliceOutput::Owned { .. }
    ));
    Ok((v.final_shape.into_vec(), out))
}

#[test]
fn golden_vectors_from_tensorflow() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/strided_slice.jsonl"
    ))
    .unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (line_no, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        if let Err(why) = check(&case) {
            failures.push(format!("line {}: [{}] {}", line_no + 1, case["tag"], why));
        }
    }
    assert!(total >= 3000, "only {total} vectors");
    assert!(
        failures.is_empty(),
        "{} of {total} vectors failed:\n{}",
        failures.len(),
        failures[..failures.len().min(30)].join("\n")
    );
}
