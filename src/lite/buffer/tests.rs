use super::*;

const F32: ElementType = ElementType::Float32;

fn fixed(shape: &[i32]) -> State<'_> {
    State { ty: F32, dynamic: false, shape, flat_size: flat_size(shape) }
}

fn dynamic(shape: &[i32]) -> State<'_> {
    State { ty: F32, dynamic: true, shape, flat_size: flat_size(shape) }
}

#[test]
fn flat_size_wraps_in_32_bits_and_the_empty_shape_is_one_element() {
    assert_eq!(flat_size(&[]), 1);
    assert_eq!(flat_size(&[2, 3, 4]), 24);
    assert_eq!(flat_size(&[0, -5]), 0);
    // 65536 * 65536 = 2^32, which wraps to 0; 46341^2 = 2147488281 wraps to -2147479015.
    assert_eq!(flat_size(&[65536, 65536]), 0);
    assert_eq!(flat_size(&[46341, 46341]), -2_147_479_015);
    assert_eq!(flat_size(&[-1, -2]), 2);
}

#[test]
fn negative_dimensions_are_rejected_with_upstreams_message() {
    let e = check_shape(&[1, -1]).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidArgument);
    assert_eq!(e.message, "Values in TensorBuffer shape should be non-negative.");
    assert!(check_shape(&[]).is_ok());
    assert!(check_shape(&[0, 3]).is_ok());
}

#[test]
fn allocation_keeps_storage_when_the_count_is_unchanged() {
    assert_eq!(plan_allocate(6, F32, &[3, 2]).unwrap(), Resize::Reshape { flat_size: 6 });
    assert_eq!(
        plan_allocate(6, ElementType::Int16, &[7]).unwrap(),
        Resize::Reallocate { flat_size: 7, bytes: 14 }
    );
    // The constructor starts from -1, so even an empty shape allocates.
    assert_eq!(plan_allocate(-1, F32, &[0]).unwrap(), Resize::Reallocate { flat_size: 0, bytes: 0 });
    // A byte count past i32 wraps (negative here): the JDK's allocation then refuses it.
    assert_eq!(
        plan_allocate(0, F32, &[1 << 30]).unwrap(),
        Resize::Reallocate { flat_size: 1 << 30, bytes: 0 }
    );
    assert_eq!(
        plan_allocate(0, ElementType::Int64, &[0x1000_0001]).unwrap(),
        Resize::Reallocate { flat_size: 0x1000_0001, bytes: i32::MIN + 8 }
    );
}

#[test]
fn fixed_buffers_take_only_their_own_shape_and_fail_without_a_message() {
    assert_eq!(plan_resize(fixed(&[2, 2]), &[2, 2]).unwrap(), Resize::Keep);
    let e = plan_resize(fixed(&[2, 2]), &[4]).unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ErrorKind::InvalidArgument, ""));
    assert_eq!(plan_resize(dynamic(&[2, 2]), &[4]).unwrap(), Resize::Reshape { flat_size: 4 });
    assert!(plan_resize(dynamic(&[2, 2]), &[-4]).is_err());
}

#[test]
fn loads_check_length_then_read_only_then_shape() {
    let e = plan_load(fixed(&[2]), 3, &[2], true).unwrap_err();
    assert_eq!(e.message, "The size of the array to be loaded does not match the specified shape.");
    // Read-only storage is copied before the shape is compared (upstream's order).
    assert_eq!(plan_load(fixed(&[2]), 4, &[4], true).unwrap(), Load::CopyReadOnly);
    assert!(plan_load(fixed(&[2]), 4, &[4], false).is_err());
    assert_eq!(plan_load(fixed(&[2]), 2, &[2], false).unwrap(), Load::Write(Resize::Keep));
    assert_eq!(
        plan_load(dynamic(&[0]), 3, &[3], false).unwrap(),
        Load::Write(Resize::Reallocate { flat_size: 3, bytes: 12 })
    );
    // {-1, -2} has two elements: the length check passes and the shape check fails.
    let e = plan_load(dynamic(&[0]), 2, &[-1, -2], false).unwrap_err();
    assert_eq!(e.message, "Values in TensorBuffer shape should be non-negative.");
}

#[test]
fn attach_checks_shape_then_limit_then_fixed_shape() {
    assert_eq!(plan_attach(fixed(&[2, 3]), &[2, 3], 24).unwrap(), 6);
    let e = plan_attach(fixed(&[2, 3]), &[2, 3], 20).unwrap_err();
    assert_eq!(e.message, "The size of byte buffer and the shape do not match. Expected: 24 Actual: 20");
    let e = plan_attach(fixed(&[2, 3]), &[6], 24).unwrap_err();
    assert_eq!(e.message, "");
    assert_eq!(plan_attach(dynamic(&[0]), &[6], 24).unwrap(), 6);
    assert!(plan_attach(dynamic(&[0]), &[-6], 24).unwrap_err().message.contains("non-negative"));
}

#[test]
fn consistency_message_formats_the_limit_with_the_locales_digits() {
    assert!(is_consistent(F32, &[2, 4], 32));
    assert!(!is_consistent(F32, &[2, 4], 24));
    let e = inconsistent(&[2, 4], 24, '0');
    assert_eq!(e.kind, ErrorKind::IllegalState);
    assert_eq!(
        e.message,
        "The size of underlying ByteBuffer (24) and the shape ([2, 4]) do not match. The ByteBuffer \
         may have been changed."
    );
    // Arabic-Indic digits start at U+0660.
    assert!(inconsistent(&[], 24, '\u{660}').message.contains("(\u{662}\u{664})"));
    assert!(inconsistent(&[], 1, '0').message.contains("shape ([])"));
}

#[test]
fn reads_and_writes_are_bounded_by_the_limit() {
    assert_eq!(check_readable(F32, -3, 0).unwrap_err().kind, ErrorKind::NegativeArraySize);
    assert_eq!(check_readable(F32, -3, 0).unwrap_err().message, "-3");
    assert_eq!(check_readable(F32, 3, 11).unwrap_err().kind, ErrorKind::BufferUnderflow);
    assert!(check_readable(F32, 3, 12).is_ok());
    assert_eq!(check_writable(ElementType::Int64, 2, 15).unwrap_err().kind, ErrorKind::BufferOverflow);
    assert!(check_writable(ElementType::Int64, 2, 16).is_ok());
    assert!(check_writable(ElementType::Int64, usize::MAX, i32::MAX).is_err());
}

#[test]
fn destination_length_must_equal_the_flat_size() {
    assert!(check_destination(4, 4).is_ok());
    assert_eq!(
        check_destination(3, 4).unwrap_err().message,
        "The destination array length (3) does not match the flat size of the buffer (4)."
    );
}

#[test]
fn only_uint8_moves_the_position() {
    assert_eq!(position_after_bulk(ElementType::Uint8, 7), 7);
    for ty in ElementType::ALL.into_iter().filter(|t| *t != ElementType::Uint8) {
        assert_eq!(position_after_bulk(ty, 7), 0);
    }
}

#[test]
fn element_types_come_from_java_ordinals() {
    // org.tensorflow.lite.DataType declaration order.
    let expected = [
        Ok(ElementType::Float32),
        Ok(ElementType::Int32),
        Ok(ElementType::Uint8),
        Ok(ElementType::Int64),
        Err("TensorBuffer does not support data type: STRING"),
        Err("TensorBuffer does not support data type: BOOL"),
        Ok(ElementType::Int16),
        Ok(ElementType::Int8),
    ];
    for (ordinal, want) in expected.iter().enumerate() {
        let got = element_type(ordinal as i32);
        match want {
            Ok(ty) => assert_eq!(got.unwrap(), *ty),
            Err(message) => {
                let e = got.unwrap_err();
                assert_eq!((e.kind, e.message.as_str()), (ErrorKind::UnsupportedDataType, *message));
            }
        }
    }
    assert_eq!(element_type(8).unwrap_err().kind, ErrorKind::InvalidArgument);
    assert_eq!(element_type(-1).unwrap_err().kind, ErrorKind::InvalidArgument);
}

#[test]
fn create_from_routes() {
    use ElementType::*;
    assert_eq!(create_from_route(Float32, Float32), Route::Floats);
    assert_eq!(create_from_route(Float32, Uint8), Route::Ints);
    assert_eq!(create_from_route(Uint8, Float32), Route::Ints);
    assert_eq!(create_from_route(Uint8, Uint8), Route::Ints);
    assert_eq!(create_from_route(Int64, Int64), Route::Exact);
    assert_eq!(create_from_route(Int64, Float32), Route::Floats);
    assert_eq!(create_from_route(Float32, Int8), Route::Floats);
    assert_eq!(create_from_route(Int16, Uint8), Route::Ints);
    assert_eq!(create_from_route(Uint8, Int32), Route::Ints);
}
