//! `DebugString`, `DeviceSafeDebugString` and stream output texts
//! (docs/contracts/tensor.md#summaries-and-debug-strings), assembled from the dtype
//! name (`DataTypeString`), the shape's `DebugString` and a v1 summary, so they do not depend on the tensor
//! type.

/// Entries `DebugString()` shows by default.
pub const DEBUG_STRING_ENTRIES: i64 = 3;
/// Entries the stream operator (`operator<<`) shows: it prints `DebugString(100)`.
pub const STREAM_ENTRIES: i64 = 100;

/// `Tensor<type: <dtype> shape: <shape> values: <summary>>`, where `summary` is
/// `SummarizeValue(num_values, print_v2 = false)`.
pub fn debug_string(dtype_name: &str, shape_debug: &str, summary: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(40 + dtype_name.len() + shape_debug.len() + summary.len());
    out.extend_from_slice(b"Tensor<type: ");
    out.extend_from_slice(dtype_name.as_bytes());
    out.extend_from_slice(b" shape: ");
    out.extend_from_slice(shape_debug.as_bytes());
    out.extend_from_slice(b" values: ");
    out.extend_from_slice(summary);
    out.push(b'>');
    out
}

/// `Tensor<type: <dtype> shape: <shape>>`: no values, so safe for tensors whose memory the host cannot read.
pub fn device_safe_debug_string(dtype_name: &str, shape_debug: &str) -> String {
    format!("Tensor<type: {dtype_name} shape: {shape_debug}>")
}
