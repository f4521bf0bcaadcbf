//! Replays the StridedSliceGrad / TensorStridedSliceUpdate golden vectors recorded from
//! TensorFlow 2.21 (`tests/vectors/strided_slice_grad.jsonl`, made by
//! `tests/vectors/gen/strided_slice_grad_gen.py`).

use serde_json::Value;
use tensorbridge::ErrorKind;
use tensorbridge::strided_slice::{
    IndexTensor, IndexType, Masks, SliceArgs, strided_slice_grad, strided_slice_update,
};

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn to_hex(b: &[u8]) -> String {
    b.iter().map(|b| format!("{b:02x}")).collect()
}

fn ints(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

fn width(dtype: &str) -> usize {
    match dtype {
        "int8" | "uint8" | "bool" => 1,
        "half" | "bfloat16" => 2,
        "int32" | "float" => 4,
        "int64" | "double" | "complex64" => 8,
        other => panic!("unknown dtype {other}"),
    }
}

/// Elements as fixed-size byte arrays, so one generic path serves every POD dtype.
fn chunks<const W: usize>(b: &[u8]) -> Vec<[u8; W]> {
    b.chunks_exact(W).map(|c| c.try_into().unwrap()).collect()
}

fn run_pod<const W: usize>(
    case: &Value,
    args: &SliceArgs<'_>,
) -> tensorbridge::Result<(Vec<i64>, Value)>
where
    [u8; W]: Default,
{
    let value = chunks::<W>(&hex(case["value"].as_str().unwrap()));
    let value_shape = ints(&case["value_shape"]);
    let shape = ints(&case["shape"]);
    let (out_shape, out) = if case["op"] == "grad" {
        let shape_shape = case
            .get("shape_shape")
            .map(ints)
            .unwrap_or_else(|| vec![shape.len() as i64]);
        strided_slice_grad(
            &IndexTensor::with_shape(&shape_shape, &shape),
            args,
            &value,
            &value_shape,
        )?
    } else {
        let input = chunks::<W>(&hex(case["input"].as_str().unwrap()));
        (
            shape.clone(),
            strided_slice_update(&input, &shape, args, &value, &value_shape)?,
        )
    };
    Ok((out_shape, Value::from(to_hex(&out.concat()))))
}

fn run_strings(case: &Value, args: &SliceArgs<'_>) -> tensorbridge::Result<(Vec<i64>, Value)> {
    let value = strings(&case["value"]);
    let value_shape = ints(&case["value_shape"]);
    let shape = ints(&case["shape"]);
    let (out_shape, out) = if case["op"] == "grad" {
        strided_slice_grad(&IndexTensor::vector(&shape), args, &value, &value_shape)?
    } else {
        let input = strings(&case["input"]);
        (
            shape.clone(),
            strided_slice_update(&input, &shape, args, &value, &value_shape)?,
        )
    };
    Ok((out_shape, Value::from(out)))
}

fn check(case: &Value) -> Result<(), String> {
    let dtype = case["dtype"].as_str().unwrap();
    let (begin, end, strides) = (
        ints(&case["begin"]),
        ints(&case["end"]),
        ints(&case["strides"]),
    );
    let m = ints(&case["masks"]);
    let masks = Masks {
        begin: m[0] as i32,
        end: m[1] as i32,
        ellipsis: m[2] as i32,
        new_axis: m[3] as i32,
        shrink_axis: m[4] as i32,
    };
    let args = SliceArgs::new(
        &begin,
        &end,
        &strides,
        IndexType::from_name(case["index_type"].as_str().unwrap()),
        masks,
    );
    let got = match dtype {
        "string" => run_strings(case, &args),
        d => match width(d) {
            1 => run_pod::<1>(case, &args),
            2 => run_pod::<2>(case, &args),
            4 => run_pod::<4>(case, &args),
            8 => run_pod::<8>(case, &args),
            _ => unreachable!(),
        },
    };
    let expect = &case["expect"];
    match (got, expect.get("error")) {
        (Ok((shape, out)), None) => {
            if shape != ints(&expect["shape"]) || out != expect["output"] {
                return Err(format!("got {shape:?} {out}, expected {expect}"));
            }
            Ok(())
        }
        (Err(e), Some(class)) => {
            let kind = match class.as_str().unwrap() {
                "InvalidArgumentError" => ErrorKind::InvalidArgument,
                "UnimplementedError" => ErrorKind::Unimplemented,
                other => panic!("unexpected class {other}"),
            };
            if e.kind != kind || e.message != expect["message"].as_str().unwrap() {
                return Err(format!(
                    "error {:?} {:?}, expected {expect}",
                    e.kind, e.message
                ));
            }
            Ok(())
        }
        (Ok((shape, _)), Some(_)) => Err(format!("succeeded with {shape:?}, expected {expect}")),
        (Err(e), None) => Err(format!(
            "failed with {:?} {:?}, expected {expect}",
            e.kind, e.message
        )),
    }
}

#[test]
fn grad_and_update_vectors_from_tensorflow() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/strided_slice_grad.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, line) in text.lines().enumerate() {
        let case: Value = serde_json::from_str(line).unwrap();
        total += 1;
        if let Err(why) = check(&case) {
            failures.push(format!("line {} [{}]: {why}", i + 1, case["op"]));
        }
    }
    assert!(total >= 1000, "only {total} vectors");
    assert!(
        failures.is_empty(),
        "{} of {total} failed:\n{}",
        failures.len(),
        failures[..failures.len().min(20)].join("\n")
    );
}
