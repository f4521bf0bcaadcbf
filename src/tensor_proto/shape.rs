//! TensorShapeProto validation for decoding (spec §3.2, §3.4).
//!
//! LEAD: this duplicates the rules that `crate::tensor_shape` owns; switch to its checked
//! `TensorShape::from_proto` / `PartialTensorShape` builders once that module lands.

use super::messages::TensorShapeProto;

const MAX_DIMENSIONS: usize = 254;

/// `checked_mul` of §3.2 on non-negative operands; `None` = overflow (product ≥ 2^63).
fn checked_mul(acc: u64, size: u64) -> Option<u64> {
    if acc == 0 {
        return Some(0);
    }
    acc.checked_mul(size).filter(|p| *p < 1u64 << 63)
}

/// The element count of `dims` under the §3.1/§3.2 rules (rank ≤ 254, sizes ≥ 0, prefix
/// products < 2^63), or `None` when they are not a valid `TensorShape`.
pub(crate) fn element_count(dims: &[i64]) -> Option<u64> {
    if dims.len() > MAX_DIMENSIONS {
        return None;
    }
    dims.iter().try_fold(1u64, |acc, &d| checked_mul(acc, u64::try_from(d).ok()?))
}

/// §3.2/§3.4 debug string of a shape proto: `[2,?]`, `<unknown>` (dims follow if present).
fn debug_string(proto: &TensorShapeProto) -> String {
    let dims: Vec<String> =
        proto.dim.iter().map(|d| if d.size == -1 { "?".to_string() } else { d.size.to_string() }).collect();
    let list = format!("[{}]", dims.join(","));
    match (proto.unknown_rank, proto.dim.is_empty()) {
        (true, true) => "<unknown>".to_string(),
        (true, false) => format!("<unknown>{list}"),
        _ => list,
    }
}

/// Validates a `TensorShapeProto` as a fully defined `TensorShape` (`unknown_rank` is ignored)
/// and returns the dims and the element count. Errors carry the `IsValidShape` messages of §3.4.
pub(crate) fn tensor_shape(proto: &TensorShapeProto) -> Result<(Vec<i64>, u64), String> {
    if proto.dim.len() > MAX_DIMENSIONS {
        return Err(format!("Shape {} has too many dimensions", debug_string(proto)));
    }
    let mut count = 1u64;
    for d in &proto.dim {
        let size = u64::try_from(d.size)
            .map_err(|_| format!("Shape {} is not fully defined", debug_string(proto)))?;
        count = checked_mul(count, size).ok_or_else(|| {
            format!("Shape {} is too large (more than 2**63 - 1 entries)", debug_string(proto))
        })?;
    }
    Ok((proto.dim.iter().map(|d| d.size).collect(), count))
}

/// Builds the `PartialTensorShape` of a resource handle's `dtypes_and_shapes` entry the way
/// TensorFlow 2.21 does (observed through ParseTensor): `unknown_rank` wins over any dims; every
/// negative size becomes unknown (−1); more than 254 dims is `Too many dimensions in tensor`.
/// Two overflow checks run dimension by dimension: the element count over the known prefix
/// (§3.2, message with the wrapped product, or −1 when the unsigned product overflows), and,
/// unlike `TensorShape`, the product of all *positive* sizes, so that zero and unknown sizes do not
/// hide huge ones (`[0, 2^62, 4]` and `[-1, 2^62, 2]` are rejected, `[-1, 2^62, 1]` is not).
pub(crate) fn partial_shape(proto: &TensorShapeProto) -> Result<Option<Vec<i64>>, String> {
    if proto.unknown_rank {
        return Ok(None);
    }
    let mut dims = Vec::new();
    let mut count = Some(1u64); // the element count; None once a dimension is unknown
    let mut positive = 1u64; // product of the positive sizes
    for d in &proto.dim {
        if dims.len() >= MAX_DIMENSIONS {
            return Err("Too many dimensions in tensor".to_string());
        }
        if let (Some(acc), Ok(size)) = (count, u64::try_from(d.size)) {
            let product = if acc == 0 { Some(0) } else { acc.checked_mul(size) };
            match product {
                Some(p) if p < 1u64 << 63 => count = Some(p),
                _ => {
                    let shown = product.map_or(-1, |p| p as i64);
                    return Err(format!(
                        "Encountered overflow when multiplying {acc} with {size}, result: {shown}"
                    ));
                }
            }
        } else {
            count = None;
        }
        if d.size > 0 {
            positive = checked_mul(positive, d.size as u64)
                .ok_or_else(|| "Encountered overflow when multiplying shape dimensions".to_string())?;
        }
        dims.push(d.size.max(-1));
    }
    Ok(Some(dims))
}

#[cfg(test)]
mod tests {
    use super::super::messages::Dim;
    use super::*;

    fn shape(sizes: &[i64]) -> TensorShapeProto {
        TensorShapeProto {
            dim: sizes.iter().map(|&size| Dim { size, name: String::new() }).collect(),
            unknown_rank: false,
        }
    }

    #[test]
    fn prefix_overflow_rules_of_3_2() {
        let big = 1i64 << 62;
        assert_eq!(tensor_shape(&shape(&[0, big, 4])).map(|s| s.1), Ok(0));
        assert_eq!(tensor_shape(&shape(&[big, 1, 0])).map(|s| s.1), Ok(0));
        for bad in [[big, 4, 0], [big, 2, 0]] {
            assert_eq!(
                tensor_shape(&shape(&bad)),
                Err(format!("Shape [{big},{},0] is too large (more than 2**63 - 1 entries)", bad[1]))
            );
        }
        assert_eq!(tensor_shape(&shape(&[2, -1])), Err("Shape [2,?] is not fully defined".into()));
        assert_eq!(tensor_shape(&shape(&[1; 254])).map(|s| s.1), Ok(1));
        assert!(tensor_shape(&shape(&[1; 255])).unwrap_err().ends_with("has too many dimensions"));
        let mut unknown = shape(&[2]);
        unknown.unknown_rank = true;
        assert_eq!(tensor_shape(&unknown), Ok((vec![2], 2)));
        assert_eq!(element_count(&[big, 1, 0]), Some(0));
        assert_eq!(element_count(&[big, 2, 0]), None);
        assert_eq!(element_count(&[2, -1]), None);
        assert_eq!(element_count(&[1; 255]), None);
        assert_eq!(element_count(&[]), Some(1));
    }

    #[test]
    fn partial_shapes_of_resource_handles() {
        let big = 1i64 << 62;
        assert_eq!(partial_shape(&shape(&[-2, 3])), Ok(Some(vec![-1, 3])));
        // Messages as TensorFlow 2.21 logs them (observed).
        let hidden = Err("Encountered overflow when multiplying shape dimensions".to_string());
        assert_eq!(partial_shape(&shape(&[-1, big, 1])), Ok(Some(vec![-1, big, 1])));
        assert_eq!(partial_shape(&shape(&[-1, big, 2])), hidden);
        assert_eq!(partial_shape(&shape(&[0, big, 4])), hidden);
        assert_eq!(partial_shape(&shape(&[big, 1, 0])), Ok(Some(vec![big, 1, 0])));
        assert_eq!(
            partial_shape(&shape(&[big, 4, -1])),
            Err(format!("Encountered overflow when multiplying {big} with 4, result: -1"))
        );
        assert_eq!(
            partial_shape(&shape(&[3, big])),
            Err(format!("Encountered overflow when multiplying 3 with {big}, result: -{big}"))
        );
        assert_eq!(
            partial_shape(&shape(&[big, 2, 0])),
            Err(format!("Encountered overflow when multiplying {big} with 2, result: {}", i64::MIN))
        );
        assert_eq!(partial_shape(&shape(&[1; 255])), Err("Too many dimensions in tensor".into()));
        let mut unknown = shape(&[1; 300]);
        unknown.unknown_rank = true;
        assert_eq!(partial_shape(&unknown), Ok(None));
    }
}
