use super::*;

/// A reference ring kept as a plain history: the newest `cap` samples ever stored, oldest first.
fn reference(history: &[f32], cap: usize) -> Vec<f32> {
    let mut out = vec![0.0; cap];
    let keep = history.len().min(cap);
    out[cap - keep..].copy_from_slice(&history[history.len() - keep..]);
    out
}

fn unrolled(ring: &[f32], next: i32) -> Vec<f32> {
    let mut out = vec![0.0; ring.len()];
    unroll(ring, next, &mut out).unwrap();
    out
}

#[test]
fn ring_keeps_the_newest_samples_across_wraps() {
    for cap in 1..9usize {
        let mut ring = vec![0.0f32; cap];
        let mut next = 0;
        let mut history = Vec::new();
        let mut counter = 1.0f32;
        // Sizes below, at and above the capacity, so every branch and wrap point is taken.
        for size in [1usize, 3, cap, cap + 2, 0, 2 * cap + 1, cap - 1, 5] {
            let src: Vec<f32> = (0..size + 2).map(|i| counter + i as f32).collect();
            counter += 100.0;
            next = load_f32(&mut ring, next, 1, &src, 1, size as i32).unwrap();
            history.extend_from_slice(&src[1..1 + size]);
            assert_eq!(unrolled(&ring, next), reference(&history, cap), "cap {cap} size {size}");
        }
    }
}

#[test]
fn pcm16_uses_float_division_by_short_max() {
    let src = [i16::MAX, i16::MIN, 0, 1, -1, 12345];
    let mut ring = vec![0.0f32; src.len()];
    let next = load_pcm16(&mut ring, 0, 2, &src, 0, 6).unwrap();
    assert_eq!(next, 0);
    for (r, &s) in ring.iter().zip(&src) {
        assert_eq!(r.to_bits(), (s as f32 / 32767.0f32).to_bits());
    }
    assert_eq!(ring[0], 1.0);
    assert!(ring[1] < -1.0, "MIN scales below -1 as upstream's does");
}

#[test]
fn every_pcm16_value_converts_as_the_portable_loop_does() {
    let src: Vec<i16> = (i16::MIN..=i16::MAX).collect();
    let mut fast = vec![0.0f32; src.len()];
    let mut slow = vec![0.0f32; src.len()];
    convert_pcm16(&src, &mut fast);
    convert_pcm16_portable(&src, &mut slow);
    assert!(fast.iter().zip(&slow).all(|(a, b)| a.to_bits() == b.to_bits()));
}

#[test]
fn upstream_messages() {
    let mut ring = vec![0.0f32; 4];
    let err = load_f32(&mut ring, 0, 3, &[0.0; 2], 0, 2).unwrap_err();
    assert_eq!(err.kind, ErrorKind::InvalidArgument);
    assert_eq!(err.message, "Size (2) needs to be a multiplier of the number of channels (3)");
    let err = load_f32(&mut ring, 0, 1, &[0.0; 100], 99, 2).unwrap_err();
    assert_eq!(err.message, "Index out of range. offset (99) + size (2) should <= newData.length (100)");
    let err = load_pcm16(&mut ring, 0, 1, &[0; 5], 2, 4).unwrap_err();
    assert_eq!(err.message, "Index out of range. offset (2) + size (4) should <= newData.length (5)");
    // The short path checks the index before the channels; the float path the reverse.
    let err = load_pcm16(&mut ring, 0, 3, &[0; 5], 2, 4).unwrap_err();
    assert!(err.message.starts_with("Index out of range"));
    let err = load_f32(&mut ring, 0, 3, &[0.0; 5], 2, 4).unwrap_err();
    assert!(err.message.starts_with("Size (4)"));
}

#[test]
fn java_failures_of_the_arrays() {
    let mut ring = vec![0.0f32; 4];
    let e = load_f32(&mut ring, 0, 1, &[0.0; 5], -1, 2).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::ArrayIndexOutOfBounds, "arraycopy: source index -1 out of bounds for float[5]"));
    let e = load_f32(&mut ring, 0, 1, &[0.0; 5], 0, -2).unwrap_err();
    assert_eq!(e.message, "arraycopy: length -2 is negative");
    let e = load_pcm16(&mut ring, 0, 1, &[0; 5], 0, -2).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::NegativeArraySize, "-2"));
    let e = load_pcm16(&mut ring, 0, 1, &[0; 5], -1, 2).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::ArrayIndexOutOfBounds, "Index -1 out of bounds for length 5"));
    let e = load_pcm16(&mut ring, 0, 1, &[0; 5], 3, i32::MAX).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::OutOfMemory, "Requested array size exceeds VM limit"));
    let e = load_pcm16(&mut ring, 0, 1, &[0; 5], 3, i32::MAX - 2).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::OutOfMemory, "Java heap space"));
    let e = load_pcm16(&mut ring, 0, 1, &[0; 4], i32::MAX, 5).unwrap_err();
    assert_eq!(e.message, "Index 2147483647 out of bounds for length 4");
    // A ring of no samples divides by its length, after copying nothing.
    let e = load_f32(&mut [], 0, 1, &[1.0], 0, 1).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::Arithmetic, "/ by zero"));
    let e = load_f32(&mut ring, 0, 0, &[1.0], 0, 1).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Arithmetic);
    assert!(ring.iter().all(|&x| x == 0.0));
}

#[test]
fn a_forged_ring_index_is_refused() {
    let mut ring = vec![0.0f32; 4];
    for next in [-1, 4, i32::MAX] {
        assert_eq!(load_f32(&mut ring, next, 1, &[1.0], 0, 1).unwrap_err().kind, ErrorKind::IllegalState);
    }
    assert_eq!(unroll(&ring, 4, &mut [0.0; 4]).unwrap_err().kind, ErrorKind::IllegalState);
}

#[test]
fn byte_loads_decode_both_orders_and_check_sizes() {
    let mut ring = vec![0.0f32; 3];
    let mut bytes = Vec::new();
    for s in [1000i16, -2000, 3000] {
        bytes.extend_from_slice(&s.to_be_bytes());
    }
    let next = load_bytes(&mut ring, 0, 1, &bytes, ENCODING_PCM_16BIT, ByteOrder::Big).unwrap();
    assert_eq!((next, ring[1]), (0, -2000.0 / 32767.0));
    let floats: Vec<u8> = [0.5f32, -0.25].iter().flat_map(|f| f.to_le_bytes()).collect();
    let next = load_bytes(&mut ring, 0, 1, &floats, ENCODING_PCM_FLOAT, ByteOrder::Little).unwrap();
    assert_eq!(unrolled(&ring, next), vec![3000.0 / 32767.0, 0.5, -0.25]);
    let e = load_bytes(&mut ring, 0, 1, &[0; 3], ENCODING_PCM_16BIT, ByteOrder::Little).unwrap_err();
    assert_eq!(e.message, "Size (3 bytes) is not a whole number of 2-byte samples");
    let e = load_bytes(&mut ring, 0, 2, &[0; 12], ENCODING_PCM_FLOAT, ByteOrder::Little).unwrap_err();
    assert_eq!(e.message, "Size (3) needs to be a multiplier of the number of channels (2)");
    let e = load_bytes(&mut ring, 0, 1, &[0; 4], 3, ByteOrder::Little).unwrap_err();
    assert_eq!(e.message, "Unsupported encoding. Requires ENCODING_PCM_16BIT or ENCODING_PCM_FLOAT.");
}
