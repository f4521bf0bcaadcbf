use super::*;

fn request<'a>(shape: &'a [i32], index: &'a [i32], axis: i32) -> Request<'a> {
    Request {
        shape,
        data_type: LiteDataType::Float32,
        value_index: Some(index),
        axis,
        box_type: Some(BoxType::Boundaries),
        coordinate_type: Some(CoordinateType::Pixel),
        height: 1,
        width: 1,
        zero_digit: '0',
    }
}

fn bytes(values: &[f32], order: ByteOrder) -> Vec<u8> {
    values
        .iter()
        .flat_map(|v| match order {
            ByteOrder::Little => v.to_le_bytes(),
            ByteOrder::Big => v.to_be_bytes(),
        })
        .collect()
}

fn run(req: &Request<'_>, values: &[f32]) -> Result<Vec<f32>> {
    let plan = plan(req)?;
    convert(
        req,
        plan,
        &bytes(values, ByteOrder::Little),
        ByteOrder::Little,
    )
}

fn err(r: Result<impl std::fmt::Debug>) -> (ErrorKind, String) {
    let e = r.expect_err("an error");
    (e.kind, e.message)
}

const IDENTITY: [i32; 4] = [0, 1, 2, 3];

#[test]
fn argument_checks_in_order_with_messages() {
    let shape = [2, 4];
    assert_eq!(
        err(plan(&request(&shape, &IDENTITY, 2))),
        (
            ErrorKind::InvalidArgument,
            "Axis 2 is not in range (-(D+1), D), where D is the number of dimensions of input \
             tensor (shape=[2, 4])"
                .to_string()
        )
    );
    assert_eq!(
        err(plan(&request(&shape, &IDENTITY, -3))).1,
        "Axis -3 is not in range (-(D+1), D), where D is the number of dimensions of input tensor \
         (shape=[2, 4])"
    );
    // A scalar has no axis at all.
    assert_eq!(
        err(plan(&request(&[], &IDENTITY, 0))).1,
        "Axis 0 is not in range (-(D+1), D), where D is the number of dimensions of input tensor \
         (shape=[])"
    );
    // A negative axis is reported after it is made positive.
    assert_eq!(
        err(plan(&request(&shape, &IDENTITY, -2))).1,
        "Size of bounding box dimension 0 is not 4. Got 2 in shape [2, 4]"
    );
    // The axis size comes before the index array, which comes before the data type.
    let mut req = request(&shape, &[0, 1, 2], 0);
    req.data_type = LiteDataType::UInt8;
    assert_eq!(
        err(plan(&req)).1,
        "Size of bounding box dimension 0 is not 4. Got 2 in shape [2, 4]"
    );
    req.axis = 1;
    assert_eq!(
        err(plan(&req)),
        (
            ErrorKind::InvalidArgument,
            "Bounding box index array length 3 is not 4. Got index array [0, 1, 2]".to_string()
        )
    );
    req.value_index = None;
    assert_eq!(err(plan(&req)).0, ErrorKind::NullPointer);
    req.value_index = Some(&[9, 9, 9, 9]);
    assert_eq!(
        err(plan(&req)).1,
        "Bounding Boxes only create from FLOAT32 buffers. Got: UINT8"
    );
    req.data_type = LiteDataType::Int32;
    assert_eq!(
        err(plan(&req)).1,
        "Bounding Boxes only create from FLOAT32 buffers. Got: INT32"
    );
    req.zero_digit = '\u{0660}';
    req.axis = 7;
    assert_eq!(
        err(plan(&req)).1,
        "Axis \u{0667} is not in range (-(D+1), D), where D is the number of dimensions of input \
         tensor (shape=[2, 4])"
    );
}

#[test]
fn hostile_shapes_are_refused() {
    assert_eq!(
        err(plan(&request(&[-1, 4], &IDENTITY, 1))).0,
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        err(plan(&request(&[65536, 4, 65536], &IDENTITY, 1))).1,
        "shape [65536, 4, 65536] is too large"
    );
    // 2^27 boxes are 2^31 bytes: one more than a Java buffer holds.
    assert!(plan(&request(&[1 << 27, 4], &IDENTITY, 1)).is_err());
    assert_eq!(
        plan(&request(&[(1 << 27) - 1, 4], &IDENTITY, 1))
            .unwrap()
            .boxes(),
        (1 << 27) - 1
    );
    // Products that overflow any integer type.
    assert!(plan(&request(&[i32::MAX, i32::MAX, i32::MAX, 4], &IDENTITY, 3)).is_err());
    // A zero dimension makes no boxes, however large the others.
    let p = plan(&request(&[0, 4, i32::MAX, i32::MAX], &IDENTITY, 1)).unwrap();
    assert_eq!(p.boxes(), 0);
}

#[test]
fn gathers_along_any_axis() {
    // Shape (2, 4, 3), axis 1: box (i, j) takes values (i, k, j) for k = 0..4.
    let values: Vec<f32> = (0..24).map(|v| v as f32).collect();
    let out = run(&request(&[2, 4, 3], &IDENTITY, 1), &values).unwrap();
    let expected: Vec<f32> = [
        [0, 3, 6, 9],
        [1, 4, 7, 10],
        [2, 5, 8, 11],
        [12, 15, 18, 21],
        [13, 16, 19, 22],
        [14, 17, 20, 23],
    ]
    .iter()
    .flatten()
    .map(|&v| v as f32)
    .collect();
    assert_eq!(out, expected);
    // Axis -1 of (3, 4): three boxes of consecutive values.
    let out = run(&request(&[3, 4], &IDENTITY, -1), &values[..12]).unwrap();
    assert_eq!(out, values[..12].to_vec());
    // Axis 0 of (4, 2): two boxes of stride-2 values.
    let out = run(&request(&[4, 2], &IDENTITY, 0), &values[..8]).unwrap();
    assert_eq!(out, vec![0.0, 2.0, 4.0, 6.0, 1.0, 3.0, 5.0, 7.0]);
}

#[test]
fn big_endian_storage() {
    let values = [1.5f32, -2.25, 3.0, 1e-3];
    let req = request(&[4], &IDENTITY, 0);
    let p = plan(&req).unwrap();
    let out = convert(&req, p, &bytes(&values, ByteOrder::Big), ByteOrder::Big).unwrap();
    assert_eq!(out, values.to_vec());
}

#[test]
fn value_index_reorders_and_is_checked() {
    // Stored as (top, left, bottom, right): index {1, 0, 3, 2} gives left, top, right, bottom.
    let out = run(&request(&[4], &[1, 0, 3, 2], 0), &[10.0, 20.0, 30.0, 40.0]).unwrap();
    assert_eq!(out, vec![20.0, 10.0, 40.0, 30.0]);
    // Repeated entries are allowed.
    let out = run(&request(&[4], &[3, 3, 0, 0], 0), &[10.0, 20.0, 30.0, 40.0]).unwrap();
    assert_eq!(out, vec![40.0, 40.0, 10.0, 10.0]);
    assert_eq!(
        err(run(&request(&[4], &[0, 4, -1, 2], 0), &[0.0; 4])),
        (
            ErrorKind::ArrayIndexOutOfBounds,
            "Index 4 out of bounds for length 4".to_string()
        )
    );
    assert_eq!(
        err(run(&request(&[4], &[0, 1, -1, 9], 0), &[0.0; 4])).1,
        "Index -1 out of bounds for length 4"
    );
    assert_eq!(
        err(run(&request(&[4], &[0, 1, 2, i32::MIN], 0), &[0.0; 4])).1,
        "Index -2147483648 out of bounds for length 4"
    );
    // No box: the entries are never used, so nothing is thrown.
    assert_eq!(
        run(&request(&[0, 4], &[7, 7, 7, 7], 1), &[]).unwrap(),
        Vec::<f32>::new()
    );
}

#[test]
fn null_type_and_coordinate_type() {
    let mut req = request(&[4], &[0, 1, 2, 5], 0);
    req.box_type = None;
    req.coordinate_type = None;
    // The index entry is looked at first, then the type, then the coordinate type.
    assert_eq!(
        err(run(&req, &[0.0; 4])).0,
        ErrorKind::ArrayIndexOutOfBounds
    );
    req.value_index = Some(&IDENTITY);
    assert_eq!(err(run(&req, &[0.0; 4])).0, ErrorKind::NullPointer);
    req.box_type = Some(BoxType::Center);
    assert_eq!(
        err(run(&req, &[0.0; 4])),
        (
            ErrorKind::InvalidArgument,
            "Cannot convert coordinate type null".to_string()
        )
    );
    assert!(BoxType::from_ordinal(3).is_err());
    assert!(CoordinateType::from_ordinal(2).is_err());
    assert_eq!(BoxType::from_ordinal(-1).unwrap(), None);
    assert_eq!(
        CoordinateType::from_ordinal(1).unwrap(),
        Some(CoordinateType::Pixel)
    );
}

#[test]
fn storage_shorter_than_the_shape_is_refused() {
    let req = request(&[2, 4], &IDENTITY, 1);
    let p = plan(&req).unwrap();
    let short = bytes(&[0.0; 7], ByteOrder::Little);
    assert_eq!(
        err(convert(&req, p, &short, ByteOrder::Little)).0,
        ErrorKind::IndexOutOfBounds
    );
}

#[test]
fn box_types_and_coordinates() {
    let v = [0.25f32, 0.5, 0.75, 1.0];
    assert_eq!(
        to_edges(v, BoxType::Boundaries, CoordinateType::Pixel, 9, 9),
        v
    );
    assert_eq!(
        to_edges(v, BoxType::UpperLeft, CoordinateType::Pixel, 9, 9),
        [0.25, 0.5, 1.0, 1.5]
    );
    assert_eq!(
        to_edges(v, BoxType::Center, CoordinateType::Pixel, 9, 9),
        [-0.125, 0.0, 0.625, 1.0]
    );
    // RATIO: x times the width, y times the height.
    assert_eq!(
        to_edges(v, BoxType::Boundaries, CoordinateType::Ratio, 200, 100),
        [25.0, 100.0, 75.0, 200.0]
    );
    assert_eq!(
        to_edges(v, BoxType::Center, CoordinateType::Ratio, 8, 4),
        [-0.5, 0.0, 2.5, 8.0]
    );
}

#[test]
fn float_arithmetic_order() {
    // w / 2 = 2^-25 is half the float spacing below 1: 1 - 2^-25 is a tie, rounded to even (1.0).
    let w = f32::from_bits(0x3380_0000); // 2^-24
    let edges = to_edges(
        [1.0, 0.0, w, 0.0],
        BoxType::Center,
        CoordinateType::Pixel,
        1,
        1,
    );
    assert_eq!(edges[0].to_bits(), 1.0f32.to_bits());
    assert_eq!(edges[2].to_bits(), 1.0f32.to_bits());
    // 2^24 + 1 is not a float: the int width rounds to 2^24 (ties to even) before the multiply.
    let edges = to_edges(
        [1.0, 1.0, 1.0, 1.0],
        BoxType::Boundaries,
        CoordinateType::Ratio,
        16_777_219,
        16_777_217,
    );
    assert_eq!(edges[0], 16_777_216.0);
    assert_eq!(edges[1], 16_777_220.0);
    // UPPER_LEFT sums in float: 1e8 + 3 rounds to 1e8 (the spacing there is 8).
    let edges = to_edges(
        [1e8, 0.0, 3.0, 0.0],
        BoxType::UpperLeft,
        CoordinateType::Pixel,
        1,
        1,
    );
    assert_eq!(edges[2], 1e8);
    // Infinities and NaN pass through the arithmetic as IEEE 754 says.
    let edges = to_edges(
        [f32::INFINITY, 0.0, f32::INFINITY, 0.0],
        BoxType::Center,
        CoordinateType::Pixel,
        1,
        1,
    );
    assert!(edges[0].is_nan());
    assert_eq!(edges[2], f32::INFINITY);
}
