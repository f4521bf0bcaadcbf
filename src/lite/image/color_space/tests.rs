use super::*;

const RGB_INFO: &str = "The shape of a RGB image should be (h, w, c) or (1, h, w, c), and channels \
                        representing R, G, B in order. ";
const GRAY_INFO: &str = "The shape of a grayscale image should be (h, w) or (1, h, w, 1). ";
const YUV: [ColorSpace; 5] = [
    ColorSpace::Nv12,
    ColorSpace::Nv21,
    ColorSpace::Yv12,
    ColorSpace::Yv21,
    ColorSpace::Yuv420_888,
];

fn message(r: Result<impl std::fmt::Debug>) -> (ErrorKind, String) {
    let e = r.expect_err("an error");
    (e.kind, e.message)
}

#[test]
fn ordinals_and_names() {
    let names = [
        "RGB",
        "GRAYSCALE",
        "NV12",
        "NV21",
        "YV12",
        "YV21",
        "YUV_420_888",
    ];
    for (i, name) in names.iter().enumerate() {
        assert_eq!(ColorSpace::from_ordinal(i as i32).unwrap().name(), *name);
    }
    assert_eq!(
        message(ColorSpace::from_ordinal(7)).0,
        ErrorKind::InvalidArgument
    );
    assert_eq!(
        message(ColorSpace::from_ordinal(-1)).0,
        ErrorKind::InvalidArgument
    );
}

#[test]
fn channels_and_shape_info() {
    assert_eq!(ColorSpace::Rgb.channels().unwrap(), 3);
    assert_eq!(ColorSpace::Grayscale.channels().unwrap(), 1);
    assert_eq!(ColorSpace::Rgb.shape_info().unwrap(), RGB_INFO);
    assert_eq!(ColorSpace::Grayscale.shape_info().unwrap(), GRAY_INFO);
    for cs in YUV {
        let n = cs.name();
        assert_eq!(
            message(cs.channels()),
            (
                ErrorKind::Unimplemented,
                format!("getChannelValue() is unsupported for the color space type {n}")
            )
        );
        assert_eq!(
            message(cs.shape_info()),
            (
                ErrorKind::Unimplemented,
                format!("getShapeInfoMessage() is unsupported for the color space type {n}")
            )
        );
        assert_eq!(
            message(cs.require(RgbOnly::ToBitmapConfig)).1,
            format!("toBitmapConfig() is unsupported for the color space type {n}")
        );
        assert_eq!(
            message(cs.require(RgbOnly::ConvertTensorBufferToBitmap)).1,
            format!("convertTensorBufferToBitmap() is unsupported for the color space type {n}")
        );
    }
    assert!(ColorSpace::Rgb.require(RgbOnly::ToBitmapConfig).is_ok());
    assert!(
        ColorSpace::Grayscale
            .require(RgbOnly::ConvertTensorBufferToBitmap)
            .is_ok()
    );
    assert_eq!(
        RgbOnly::from_code(4).unwrap(),
        RgbOnly::ConvertTensorBufferToBitmap
    );
    assert_eq!(message(RgbOnly::from_code(5)).0, ErrorKind::InvalidArgument);
}

#[test]
fn normalized_shapes() {
    let n = ColorSpace::Rgb.normalized_shape(Some(&[4, 5, 3])).unwrap();
    assert_eq!(
        n,
        Normalized {
            shape: [1, 4, 5, 3],
            as_given: false
        }
    );
    // Three dimensions are taken as (h, w, c) whatever c is: the channel check is assertShape's.
    assert_eq!(
        ColorSpace::Rgb
            .normalized_shape(Some(&[4, 5, 7]))
            .unwrap()
            .shape,
        [1, 4, 5, 7]
    );
    let n = ColorSpace::Rgb
        .normalized_shape(Some(&[2, -1, 0, 9]))
        .unwrap();
    assert_eq!(
        n,
        Normalized {
            shape: [2, -1, 0, 9],
            as_given: true
        }
    );
    let n = ColorSpace::Grayscale
        .normalized_shape(Some(&[4, 5]))
        .unwrap();
    assert_eq!(
        n,
        Normalized {
            shape: [1, 4, 5, 1],
            as_given: false
        }
    );
    assert_eq!(
        message(ColorSpace::Grayscale.normalized_shape(Some(&[1, 4, 5]))),
        (
            ErrorKind::InvalidArgument,
            format!("{GRAY_INFO}The provided image shape is [1, 4, 5]")
        )
    );
    assert_eq!(
        message(ColorSpace::Rgb.normalized_shape(Some(&[4, 5]))).1,
        format!("{RGB_INFO}The provided image shape is [4, 5]")
    );
    assert_eq!(
        message(ColorSpace::Rgb.normalized_shape(Some(&[]))).1,
        format!("{RGB_INFO}The provided image shape is []")
    );
    assert_eq!(
        message(ColorSpace::Rgb.normalized_shape(None)).0,
        ErrorKind::NullPointer
    );
    for cs in YUV {
        // The layout is refused before the (null) shape is looked at.
        assert_eq!(
            message(cs.normalized_shape(None)),
            (
                ErrorKind::Unimplemented,
                format!(
                    "getNormalizedShape() is unsupported for the color space type {}",
                    cs.name()
                )
            )
        );
    }
}

#[test]
fn assert_shape_rules() {
    assert!(ColorSpace::Rgb.assert_shape(Some(&[2, 3, 3])).is_ok());
    assert!(ColorSpace::Rgb.assert_shape(Some(&[1, 2, 3, 3])).is_ok());
    assert!(ColorSpace::Grayscale.assert_shape(Some(&[2, 3])).is_ok());
    assert!(
        ColorSpace::Grayscale
            .assert_shape(Some(&[1, 2, 3, 1]))
            .is_ok()
    );
    let bad_rgb: [&[i32]; 7] = [
        &[2, 1, 3, 3],
        &[0, 3, 3],
        &[3, -1, 3],
        &[2, 3, 4],
        &[1, 2, 3, 1],
        &[2, 3],
        &[1, 1, 1, 1, 3],
    ];
    for shape in bad_rgb {
        let listed: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            message(ColorSpace::Rgb.assert_shape(Some(shape))),
            (
                ErrorKind::InvalidArgument,
                format!(
                    "{RGB_INFO}The provided image shape is [{}]",
                    listed.join(", ")
                )
            )
        );
    }
    assert_eq!(
        message(ColorSpace::Grayscale.assert_shape(Some(&[1, 2, 3, 3]))).1,
        format!("{GRAY_INFO}The provided image shape is [1, 2, 3, 3]")
    );
    assert_eq!(
        message(ColorSpace::Grayscale.assert_shape(Some(&[0, 5]))).1,
        format!("{GRAY_INFO}The provided image shape is [0, 5]")
    );
    assert_eq!(
        message(ColorSpace::Grayscale.assert_shape(None)).0,
        ErrorKind::NullPointer
    );
    for cs in YUV {
        assert_eq!(
            message(cs.assert_shape(None)),
            (
                ErrorKind::Unimplemented,
                format!(
                    "assertShape() only supports RGB and GRAYSCALE formats, but not {}",
                    cs.name()
                )
            )
        );
    }
}

#[test]
fn height_and_width() {
    assert_eq!(ColorSpace::Rgb.height(Some(&[1, 4, 5, 3])).unwrap(), 4);
    assert_eq!(ColorSpace::Rgb.width(Some(&[4, 5, 3])).unwrap(), 5);
    assert_eq!(ColorSpace::Grayscale.height(Some(&[4, 5])).unwrap(), 4);
    assert_eq!(ColorSpace::Grayscale.width(Some(&[1, 4, 5, 1])).unwrap(), 5);
    assert_eq!(
        message(ColorSpace::Rgb.width(Some(&[4, 5, 1]))).1,
        format!("{RGB_INFO}The provided image shape is [4, 5, 1]")
    );
    for cs in YUV {
        let n = cs.name();
        assert_eq!(
            message(cs.width(Some(&[4, 5]))),
            (
                ErrorKind::Unimplemented,
                format!("getWidth() only supports RGB and GRAYSCALE formats, but not {n}")
            )
        );
        assert_eq!(
            message(cs.height(None)).1,
            format!("getHeight() only supports RGB and GRAYSCALE formats, but not {n}")
        );
    }
}

#[test]
fn element_counts() {
    assert_eq!(ColorSpace::Rgb.num_elements(4, 5), 60);
    assert_eq!(ColorSpace::Grayscale.num_elements(4, 5), 20);
    // 30 × 20 luma and two 15 × 10 chroma planes.
    for cs in YUV {
        assert_eq!(cs.num_elements(30, 20), 900);
        assert_eq!(cs.num_elements(4, 5), 20 + 2 * 2 * 3);
        assert_eq!(cs.num_elements(1, 1), 3);
        assert_eq!(cs.num_elements(0, 0), 0);
    }
    // Java int arithmetic: 2^32 · 3 wraps to 0, 2^31 to -2^31.
    assert_eq!(ColorSpace::Rgb.num_elements(65536, 65536), 0);
    assert_eq!(ColorSpace::Grayscale.num_elements(32768, 65536), i32::MIN);
    // (MAX + 1) wraps to MIN, and MIN / 2 rounds toward zero: -2^30 per chroma side;
    // luma MAX·MAX = 1, chroma 2^60·2 = 0 (mod 2^32).
    assert_eq!(ColorSpace::Nv21.num_elements(i32::MAX, i32::MAX), 1);
    // -3 · 5 = -15; chroma (-2/2)·(6/2)·2 = -1·3·2 = -6 (Java division rounds toward zero).
    assert_eq!(ColorSpace::Yv12.num_elements(-3, 5), -21);
    assert_eq!(ColorSpace::Rgb.num_elements(-2, 5), -30);
}

#[test]
fn assert_num_elements_message() {
    assert!(ColorSpace::Nv12.assert_num_elements(32, 4, 5, '0').is_ok());
    assert!(ColorSpace::Rgb.assert_num_elements(61, 4, 5, '0').is_ok());
    assert_eq!(
        message(ColorSpace::Nv12.assert_num_elements(31, 4, 5, '0')),
        (
            ErrorKind::InvalidArgument,
            "The given number of elements (31) does not match the image (NV12) in 4 x 5. The \
             expected number of elements should be at least 32."
                .to_string()
        )
    );
    assert_eq!(
        message(ColorSpace::Grayscale.assert_num_elements(-7, -2, 3, '0')).1,
        "The given number of elements (-7) does not match the image (GRAYSCALE) in -2 x 3. The \
         expected number of elements should be at least -6."
    );
    // Arabic-Indic digits, as `%d` writes them in such a default locale.
    assert_eq!(
        message(ColorSpace::Rgb.assert_num_elements(5, 1, 2, '\u{0660}')).1,
        "The given number of elements (\u{0665}) does not match the image (RGB) in \u{0661} x \
         \u{0662}. The expected number of elements should be at least \u{0666}."
    );
}
