//! Differential fuzzing of the image kernels (`tensorbridge::lite::image`) on small images of
//! every element type, channel count and byte order:
//!
//! - a fused program (any geometry steps, then elementwise steps) against the same steps run one
//!   at a time, the image stored back in its type after each geometry step: same output bytes,
//!   same geometry result (NaN compares equal to NaN, whatever its bits); and the same steps
//!   placed channels first against the permutation of that result;
//! - YUV 4:2:0 frames with arbitrary strides against the documented BT.601 rule computed per
//!   pixel in this file;
//! - the colour-space and bounding-box rules never panic, whatever ordinals and sizes come in;
//!   image sizes that overflow are refused; the ops' input/output overlap rule matches its
//!   definition.
//!
//! Under AddressSanitizer every load of the vector paths (the resize's 4-byte pixel loads, the YUV
//! kernel's 16-byte rows) is also checked against its buffer.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::lite::image::yuv::{self, Planes};
use tensorbridge::lite::image::{Geometry, ImageShape, ResizeMethod, output_shape, pipeline};
use tensorbridge::lite::ops::{self, Layout, Step};
use tensorbridge::lite::{ByteOrder, ElementType};

#[path = "../common/input.rs"]
mod input;
use input::Input;

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    match input.byte() % 3 {
        0 => pipeline_case(&mut input),
        1 => yuv_case(&mut input),
        _ => rules_case(&mut input),
    }
});

const TYPES: [ElementType; 6] = [
    ElementType::Uint8,
    ElementType::Int8,
    ElementType::Int16,
    ElementType::Int32,
    ElementType::Int64,
    ElementType::Float32,
];

fn geometry(input: &mut Input<'_>) -> Geometry {
    let size = |input: &mut Input<'_>| 1 + input.below(40);
    match input.below(5) {
        0 | 1 => Geometry::Resize {
            height: size(input),
            width: size(input),
            method: if input.byte() & 1 == 0 {
                ResizeMethod::Bilinear
            } else {
                ResizeMethod::NearestNeighbor
            },
        },
        2 => Geometry::CropOrPad {
            height: size(input),
            width: size(input),
        },
        3 => Geometry::Rot90 {
            k: i32::from(input.byte() as i8),
        },
        _ => Geometry::Grayscale,
    }
}

fn pipeline_case(input: &mut Input<'_>) {
    let ty = TYPES[input.below(TYPES.len())];
    let order = if input.byte() & 1 == 0 {
        ByteOrder::NATIVE
    } else if ByteOrder::NATIVE == ByteOrder::Little {
        ByteOrder::Big
    } else {
        ByteOrder::Little
    };
    let channels = 1 + input.below(4);
    let Ok(shape) = ImageShape::new(1 + input.below(40), 1 + input.below(40), channels) else {
        return;
    };
    let program: Vec<Geometry> = (0..input.below(5)).map(|_| geometry(input)).collect();
    let Ok(out) = output_shape(shape, &program) else {
        return;
    };
    let mean = [127.5f32, -3.0, 0.25, 9.0];
    let stddev = [127.5f32, 0.5, 2.0, -4.0];
    let per_channel = out.channels > 1 && input.byte() & 1 == 1;
    let params = if per_channel { out.channels } else { 1 };
    let normalize = Step::Normalize {
        mean: &mean[..params],
        stddev: &stddev[..params],
    };
    let steps: Vec<Step<'_>> = match input.below(4) {
        0 => vec![],
        1 => vec![normalize],
        2 => vec![normalize, Step::ToUint8],
        _ => vec![Step::ToUint8, normalize],
    };
    let dst_ty = match steps.last() {
        None => ty,
        Some(Step::ToUint8) => ElementType::Uint8,
        Some(_) => ElementType::Float32,
    };
    let src = input.take(shape.len() * ty.size());

    let mut fused = vec![0u8; out.len() * dst_ty.size()];
    let mut kept = vec![0u8; out.len() * ty.size()];
    let result = pipeline::run_keeping(
        &src,
        ty,
        order,
        shape,
        &program,
        &steps,
        &mut fused,
        dst_ty,
        Some(&mut kept),
    );
    // Grayscale refuses some types: then the one-at-a-time path must refuse too.
    let Some((want, want_image)) = one_at_a_time(&src, ty, order, shape, &program, &steps, dst_ty)
    else {
        assert!(result.is_err(), "fused accepted {ty:?} {program:?}");
        return;
    };
    result.expect("the steps one at a time succeeded");
    assert!(same(&fused, &want, dst_ty), "{ty:?} {shape:?} {program:?} {steps:?}");
    assert!(same(&kept, &want_image, ty), "geometry of {ty:?} {shape:?} {program:?}");

    // The same steps placed channels first (ToChannelsFirstOp fused after them): the fused
    // result's elements, permuted by the definition (pixel p, channel c to c * P + p).
    let mut planes = vec![0u8; fused.len()];
    let layout = Layout::ChannelsFirst {
        channels: out.channels,
    };
    ops::run_with_layout(&kept, ty, ByteOrder::NATIVE, &steps, layout, &mut planes, dst_ty)
        .expect("channels first of a chain that ran");
    let size = dst_ty.size();
    let pixels = out.len() / out.channels;
    let mut permuted = vec![0u8; fused.len()];
    for (i, element) in fused.chunks_exact(size).enumerate() {
        let (p, c) = (i / out.channels, i % out.channels);
        permuted[(c * pixels + p) * size..][..size].copy_from_slice(element);
    }
    assert!(same(&planes, &permuted, dst_ty), "channels first of {ty:?} {out:?} {steps:?}");
}

/// The program's geometry steps one at a time (each result stored in the image's type, native
/// order), then the elementwise steps; `None` when a step is refused.
fn one_at_a_time(
    src: &[u8],
    ty: ElementType,
    order: ByteOrder,
    shape: ImageShape,
    program: &[Geometry],
    steps: &[Step<'_>],
    dst_ty: ElementType,
) -> Option<(Vec<u8>, Vec<u8>)> {
    let (mut image, mut image_order, mut shape) = (src.to_vec(), order, shape);
    for g in program {
        let next = output_shape(shape, std::slice::from_ref(g)).ok()?;
        let mut out = vec![0u8; next.len() * ty.size()];
        pipeline::run(&image, ty, image_order, shape, std::slice::from_ref(g), &[], &mut out, ty)
            .ok()?;
        (image, image_order, shape) = (out, ByteOrder::NATIVE, next);
    }
    if image_order != ByteOrder::NATIVE {
        // No geometry step: the fused path's geometry result is the image in native order (a
        // byte swap per element; going through floats would round wide integers).
        for element in image.chunks_exact_mut(ty.size()) {
            element.reverse();
        }
        image_order = ByteOrder::NATIVE;
    }
    if steps.is_empty() && dst_ty == ty {
        return Some((image.clone(), image));
    }
    let mut dst = vec![0u8; shape.len() * dst_ty.size()];
    ops::run(&image, ty, image_order, steps, &mut dst, dst_ty).ok()?;
    Some((dst, image))
}

/// Equal bytes, except that two FLOAT32 NaNs are equal whatever their sign and payload (vector
/// and scalar code may propagate different NaN bits).
fn same(a: &[u8], b: &[u8], ty: ElementType) -> bool {
    if ty != ElementType::Float32 {
        return a == b;
    }
    a.len() == b.len()
        && a.chunks_exact(4).zip(b.chunks_exact(4)).all(|(x, y)| {
            let f = |c: &[u8]| f32::from_ne_bytes([c[0], c[1], c[2], c[3]]);
            x == y || (f(x).is_nan() && f(y).is_nan())
        })
}

/// The documented rule for one pixel, written out here independently of the kernels.
fn bt601(y: u8, u: u8, v: u8) -> [u8; 3] {
    let c = i64::from(y) - 16;
    let d = i64::from(u) - 128;
    let e = i64::from(v) - 128;
    let clamp = |x: i64| (x >> 16).clamp(0, 255) as u8;
    [
        clamp(76309 * c + 104597 * e + 32768),
        clamp(76309 * c - 25675 * d - 53279 * e + 32768),
        clamp(76309 * c + 132201 * d + 32768),
    ]
}

fn yuv_case(input: &mut Input<'_>) {
    let (w, h) = (1 + input.below(48), 1 + input.below(12));
    let (cw, ch) = (yuv::chroma_len(w), yuv::chroma_len(h));
    let y_row_stride = w + input.below(8);
    let uv_pixel_stride = 1 + input.below(3);
    let uv_row_stride = (cw - 1) * uv_pixel_stride + 1 + input.below(8);
    // Sometimes a plane one byte short: the conversion must refuse it.
    let short = input.below(8) == 0;
    let y_len = (h - 1) * y_row_stride + w - usize::from(short);
    let uv_len = (ch - 1) * uv_row_stride + (cw - 1) * uv_pixel_stride + 1;
    let (y, u, v) = (input.take(y_len), input.take(uv_len), input.take(uv_len));
    let planes = Planes {
        y: &y,
        u: &u,
        v: &v,
        y_row_stride,
        uv_row_stride,
        uv_pixel_stride,
        width: w,
        height: h,
    };
    let mut rgb = vec![0u8; w * h * 3];
    let result = yuv::to_rgb(&planes, &mut rgb);
    if short {
        assert!(result.is_err(), "a short Y plane was accepted");
        return;
    }
    result.expect("consistent planes");
    for r in 0..h {
        for x in 0..w {
            let ci = (r / 2) * uv_row_stride + (x / 2) * uv_pixel_stride;
            let want = bt601(y[r * y_row_stride + x], u[ci], v[ci]);
            assert_eq!(rgb[(r * w + x) * 3..][..3], want, "{w}x{h} at ({x}, {r})");
        }
    }
}

fn rules_case(input: &mut Input<'_>) {
    use tensorbridge::lite::image::boxes::{self, BoxType, CoordinateType, Request};
    use tensorbridge::dtype::LiteDataType;
    use tensorbridge::lite::image::color_space::ColorSpace;

    let int = |input: &mut Input<'_>| {
        i32::from_le_bytes([input.byte(), input.byte(), input.byte(), input.byte()])
    };
    if let Ok(space) = ColorSpace::from_ordinal(i32::from(input.byte() % 9) - 1) {
        let shape: Vec<i32> = (0..input.below(6)).map(|_| int(input)).collect();
        let _ = space.assert_shape(Some(&shape));
        let _ = space.normalized_shape(Some(&shape));
        let _ = space.width(Some(&shape));
        let _ = space.height(Some(&shape));
        let (height, width) = (int(input), int(input));
        let _ = space.num_elements(height, width);
        let _ = space.assert_num_elements(int(input), height, width, '0');
        let _ = space.shape_info();
        let _ = space.channels();
    }
    // Image sizes whose element or byte counts overflow: refused, never wrapped or panicking.
    let huge = |input: &mut Input<'_>| {
        u32::from_le_bytes([input.byte(), input.byte(), input.byte(), input.byte()]) as usize
    };
    if let Ok(shape) = ImageShape::new(huge(input), huge(input), 1 + input.below(4)) {
        let program: Vec<Geometry> = (0..input.below(3)).map(|_| geometry(input)).collect();
        if let Ok(out) = output_shape(shape, &program) {
            assert!(out.len() <= i32::MAX as usize);
        }
    }
    // The allocation-free forms' overlap rule against its definition: a byte in both storages.
    let span = |input: &mut Input<'_>| (usize::from(input.byte()), usize::from(input.byte() % 24));
    let (a, b) = (span(input), span(input));
    let shared = (a.0..a.0 + a.1).any(|byte| (b.0..b.0 + b.1).contains(&byte));
    assert_eq!(ops::check_disjoint(a, b).is_err(), shared, "{a:?} {b:?}");

    let shape: Vec<i32> = (0..input.below(5)).map(|_| i32::from(input.byte() as i8)).collect();
    let value_index: Vec<i32> = (0..input.below(6)).map(|_| i32::from(input.byte() as i8)).collect();
    let box_type = BoxType::from_ordinal(i32::from(input.byte() % 5) - 1);
    let coordinates = CoordinateType::from_ordinal(i32::from(input.byte() % 4) - 1);
    let (Ok(box_type), Ok(coordinate_type)) = (box_type, coordinates) else {
        return;
    };
    let request = Request {
        shape: &shape,
        data_type: if input.byte() & 1 == 0 {
            LiteDataType::Float32
        } else {
            LiteDataType::UInt8
        },
        value_index: (input.byte() & 7 != 0).then_some(&value_index[..]),
        axis: i32::from(input.byte() as i8),
        box_type,
        coordinate_type,
        height: int(input),
        width: int(input),
        // Arabic-Indic digits now and then, as a default locale may give.
        zero_digit: if input.byte() & 3 == 0 { '\u{660}' } else { '0' },
    };
    if let Ok(plan) = boxes::plan(&request) {
        let values = input.take(plan.bytes().min(1 << 16));
        let _ = boxes::convert(&request, plan, &values, ByteOrder::Little);
    }
}
