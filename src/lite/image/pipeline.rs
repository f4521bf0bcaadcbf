//! An image program (geometry steps, then elementwise steps) run in as few passes as possible.
//!
//! Planning: index maps (crop/pad, rot90, nearest resizing) compose into the map in front of a
//! pass's bilinear resize, or into the one behind it; grayscale is per pixel and sends zero to
//! zero, so it commutes with every index map and runs last in a pass. A pass ends where a second
//! bilinear resize comes, or a bilinear resize after grayscale: each must read the previous
//! result as stored in the image's type, so those intermediate images are materialized. The
//! common programs (any maps, one bilinear resize, any maps, grayscale, then elementwise steps)
//! are one pass that writes the output directly.
//!
//! Exactness: every output value is computed with the arithmetic of the one-op-at-a-time path,
//! including the rounding of an integer image after a computing op, so the result is bit for bit
//! the same (`tests.rs` checks this on random chains).

use super::grayscale;
use super::index_map::IndexMap;
use super::pixel::Pixel;
use super::resize::{self, Lerp, lerp};
use super::{Geometry, ImageShape, ResizeMethod, crop_pad, output_shape, rot90};
use crate::lite::ops::{Prepared, Step, check_steps};
use crate::lite::{ByteOrder, ElementType, store_f32};
use crate::{Error, ErrorKind, Result};

/// One pass over the pixels: `pre` maps the pass's input to V1; an optional bilinear resize
/// takes V1 to V2 (else V2 is V1); `post` maps V2 to the pass's output; then grayscale.
#[derive(Clone, Debug)]
pub struct Pass {
    input: ImageShape,
    pre: IndexMap,
    resize: Option<(usize, usize)>,
    post: Option<IndexMap>,
    gray: bool,
    output: ImageShape,
}

impl Pass {
    fn start(input: ImageShape) -> Pass {
        Pass {
            input,
            pre: IndexMap::identity(input.height, input.width),
            resize: None,
            post: None,
            gray: false,
            output: input,
        }
    }

    fn map(&mut self, m: IndexMap) {
        match &mut self.post {
            Some(post) => *post = post.then(&m),
            None => self.pre = self.pre.then(&m),
        }
    }

    /// Whether the pass only moves pixels (no value is computed).
    fn moves_only(&self) -> bool {
        self.resize.is_none() && !self.gray
    }
}

/// The passes of `program` over an image of shape `input` and type `ty`.
pub fn plan(input: ImageShape, ty: ElementType, program: &[Geometry]) -> Result<Vec<Pass>> {
    let mut shape = input;
    let mut passes = Vec::new();
    let mut pass = Pass::start(input);
    for step in program {
        let next = step.output_shape(shape)?;
        match *step {
            Geometry::Resize {
                method: ResizeMethod::Bilinear,
                height,
                width,
            } => {
                // TensorFlow returns the input itself for a resize to the same size.
                if (height, width) != (shape.height, shape.width) {
                    if pass.resize.is_some() || pass.gray {
                        pass.output = shape;
                        passes.push(pass);
                        pass = Pass::start(shape);
                    }
                    pass.resize = Some((height, width));
                    pass.post = Some(IndexMap::identity(height, width));
                }
            }
            Geometry::Resize {
                method: ResizeMethod::NearestNeighbor,
                height,
                width,
            } => pass.map(resize::nearest_map(
                shape.height,
                shape.width,
                height,
                width,
            )),
            Geometry::CropOrPad { height, width } => {
                pass.map(crop_pad::map(shape.height, shape.width, height, width))
            }
            Geometry::Rot90 { k } => pass.map(rot90::map(shape.height, shape.width, k)),
            Geometry::Grayscale => {
                if shape.channels == 3 {
                    if !grayscale::supports(ty) {
                        return Err(Error::new(
                            ErrorKind::Unimplemented,
                            format!(
                                "grayscale conversion supports UINT8 and FLOAT32 images, not {ty:?}"
                            ),
                        ));
                    }
                    pass.gray = true;
                }
            }
        }
        shape = next;
    }
    pass.output = shape;
    passes.push(pass);
    Ok(passes)
}

/// Runs `program` and then `steps` over the image `src` (elements of `src_ty` in `src_order`,
/// shape `shape`), writing the result as `dst_ty` in native order to `dst`, which must hold
/// exactly the output's element count. Returns the output shape.
#[allow(clippy::too_many_arguments)]
pub fn run(
    src: &[u8],
    src_ty: ElementType,
    src_order: ByteOrder,
    shape: ImageShape,
    program: &[Geometry],
    steps: &[Step<'_>],
    dst: &mut [u8],
    dst_ty: ElementType,
) -> Result<ImageShape> {
    run_keeping(
        src, src_ty, src_order, shape, program, steps, dst, dst_ty, None,
    )
}

/// [`run`], also writing the image after the geometry steps (elements of `src_ty`, native order)
/// to `geometry_dst` in the same pass when it is given: what the one-op-at-a-time path leaves in
/// the image before the elementwise steps.
#[allow(clippy::too_many_arguments)]
pub fn run_keeping(
    src: &[u8],
    src_ty: ElementType,
    src_order: ByteOrder,
    shape: ImageShape,
    program: &[Geometry],
    steps: &[Step<'_>],
    dst: &mut [u8],
    dst_ty: ElementType,
    geometry_dst: Option<&mut [u8]>,
) -> Result<ImageShape> {
    let out = output_shape(shape, program)?;
    if shape.len().checked_mul(src_ty.size()) != Some(src.len()) {
        return Err(Error::invalid_argument(format!(
            "source holds {} bytes, not a {}x{}x{} image of {src_ty:?}",
            src.len(),
            shape.height,
            shape.width,
            shape.channels
        )));
    }
    if out.len().checked_mul(dst_ty.size()) != Some(dst.len()) {
        return Err(Error::invalid_argument(format!(
            "destination holds {} bytes, not a {}x{}x{} image of {dst_ty:?}",
            dst.len(),
            out.height,
            out.width,
            out.channels
        )));
    }
    if let Some(g) = &geometry_dst
        && out.len().checked_mul(src_ty.size()) != Some(g.len())
    {
        {
            return Err(Error::invalid_argument(format!(
                "geometry destination holds {} bytes, not a {}x{}x{} image of {src_ty:?}",
                g.len(),
                out.height,
                out.width,
                out.channels
            )));
        }
    }
    check_steps(steps)?;
    let passes = plan(shape, src_ty, program)?;
    let mut sink = FinalSink {
        row_len: out.width * out.channels,
        prepared: Prepared::new(steps, out.width * out.channels),
        dst,
        dst_ty,
        geometry_dst,
        scratch: Vec::new(),
    };
    macro_rules! typed {
        ($t:ty) => {{
            let owned;
            let pixels: &[$t] = match native_slice::<$t>(src, src_order) {
                Some(p) => p,
                None => {
                    owned = typed_copy::<$t>(src, src_order);
                    &owned
                }
            };
            run_passes(pixels, &passes, &mut sink)
        }};
    }
    match src_ty {
        ElementType::Uint8 => typed!(u8),
        ElementType::Int8 => typed!(i8),
        ElementType::Int16 => typed!(i16),
        ElementType::Int32 => typed!(i32),
        ElementType::Int64 => typed!(i64),
        ElementType::Float32 => typed!(f32),
    }
    Ok(out)
}

fn native_slice<T: Pixel>(src: &[u8], order: ByteOrder) -> Option<&[T]> {
    if size_of::<T>() > 1 && order != ByteOrder::NATIVE {
        return None;
    }
    bytemuck::try_cast_slice(src).ok()
}

fn typed_copy<T: Pixel>(src: &[u8], order: ByteOrder) -> Vec<T> {
    let n = size_of::<T>();
    src.chunks_exact(n)
        .map(|c| {
            let mut bytes = [0u8; 8];
            bytes[..n].copy_from_slice(c);
            if order != ByteOrder::NATIVE {
                bytes[..n].reverse();
            }
            bytemuck::pod_read_unaligned(&bytes[..n])
        })
        .collect()
}

fn run_passes<T: Pixel>(src: &[T], passes: &[Pass], sink: &mut FinalSink<'_>) {
    let Some((last, first)) = passes.split_last() else {
        return;
    };
    let mut previous: Option<Vec<T>> = None;
    for pass in first {
        let input: &[T] = previous.as_deref().unwrap_or(src);
        let mut inter = VecSink {
            data: vec![T::default(); pass.output.len()],
            row_len: pass.output.width * pass.output.channels,
        };
        run_pass(input, pass, &mut inter);
        previous = Some(inter.data);
    }
    run_pass(previous.as_deref().unwrap_or(src), last, sink);
}

/// Where a pass writes its rows.
trait Sink<T: Pixel> {
    /// Whether rows of moved pixels may be stored as they are (no conversion, no steps).
    fn exact(&self) -> bool;
    /// Stores output row `y` of moved pixels.
    fn put_pixels(&mut self, y: usize, row: &[T]);
    /// Stores output row `y` of values already in the image type's rule.
    fn put_floats(&mut self, y: usize, row: &mut [f32]);
}

struct VecSink<T> {
    data: Vec<T>,
    row_len: usize,
}

impl<T: Pixel> Sink<T> for VecSink<T> {
    fn exact(&self) -> bool {
        true
    }
    fn put_pixels(&mut self, y: usize, row: &[T]) {
        self.data[y * self.row_len..(y + 1) * self.row_len].copy_from_slice(row);
    }
    fn put_floats(&mut self, y: usize, row: &mut [f32]) {
        for (d, s) in self.data[y * self.row_len..(y + 1) * self.row_len]
            .iter_mut()
            .zip(row.iter())
        {
            *d = T::from_f32(*s);
        }
    }
}

struct FinalSink<'a> {
    row_len: usize,
    prepared: Prepared,
    dst: &'a mut [u8],
    dst_ty: ElementType,
    geometry_dst: Option<&'a mut [u8]>,
    scratch: Vec<f32>,
}

impl<T: Pixel> Sink<T> for FinalSink<'_> {
    fn exact(&self) -> bool {
        self.prepared.is_empty() && self.dst_ty == T::TYPE
    }
    fn put_pixels(&mut self, y: usize, row: &[T]) {
        if let Some(g) = self.geometry_dst.as_deref_mut() {
            let bytes: &[u8] = bytemuck::cast_slice(row);
            g[y * bytes.len()..(y + 1) * bytes.len()].copy_from_slice(bytes);
        }
        if <Self as Sink<T>>::exact(self) {
            let bytes: &[u8] = bytemuck::cast_slice(row);
            self.dst[y * bytes.len()..(y + 1) * bytes.len()].copy_from_slice(bytes);
        } else {
            // The elementwise steps read the moved pixels as floats (the geometry copy above is
            // already exact, so it is not written again from the floats).
            let mut scratch = std::mem::take(&mut self.scratch);
            scratch.clear();
            scratch.extend(row.iter().map(|v| v.to_f32()));
            let geometry = self.geometry_dst.take();
            <Self as Sink<T>>::put_floats(self, y, &mut scratch);
            self.geometry_dst = geometry;
            self.scratch = scratch;
        }
    }
    fn put_floats(&mut self, y: usize, row: &mut [f32]) {
        if let Some(g) = self.geometry_dst.as_deref_mut() {
            let size = T::TYPE.size();
            // Values in the image type's rule are exact in that type.
            let out = &mut g[y * self.row_len * size..(y + 1) * self.row_len * size];
            let _ = store_f32(row, T::TYPE, ByteOrder::NATIVE, out);
        }
        self.prepared.apply(y * self.row_len, row);
        let size = self.dst_ty.size();
        let out = &mut self.dst[y * self.row_len * size..(y + 1) * self.row_len * size];
        // Lengths match by construction (`row_len` values, `row_len * size` bytes).
        let _ = store_f32(row, self.dst_ty, ByteOrder::NATIVE, out);
    }
}

fn run_pass<T: Pixel>(src: &[T], pass: &Pass, sink: &mut impl Sink<T>) {
    let c = pass.input.channels;
    let out = pass.output;
    let mut floats = vec![0.0f32; out.width * c];
    let mut gray_row = vec![0.0f32; out.width];
    match pass.resize {
        None => {
            let (per_row, per_col) = pass.pre.offsets(c);
            if pass.moves_only() {
                let mut row = vec![T::default(); out.width * c];
                for (y, ro) in per_row.iter().enumerate() {
                    for (dst, co) in row.chunks_exact_mut(c).zip(&per_col) {
                        match (ro, co) {
                            (Some(r), Some(o)) => dst.copy_from_slice(&src[r + o..r + o + c]),
                            _ => dst.fill(T::default()),
                        }
                    }
                    sink.put_pixels(y, &row);
                }
            } else {
                for (y, ro) in per_row.iter().enumerate() {
                    for (dst, co) in floats.chunks_exact_mut(c).zip(&per_col) {
                        match (ro, co) {
                            (Some(r), Some(o)) => {
                                for (d, s) in dst.iter_mut().zip(&src[r + o..r + o + c]) {
                                    *d = s.to_f32();
                                }
                            }
                            _ => dst.fill(0.0),
                        }
                    }
                    finish(pass, y, &mut floats, &mut gray_row, sink);
                }
            }
        }
        Some((rh, rw)) => {
            let (v1h, v1w) = pass.pre.out_size();
            let (rpart, cpart) = pass.pre.offsets(c);
            let entries = |tab: Vec<Lerp>, part: &[Option<usize>]| -> Vec<Entry> {
                tab.into_iter()
                    .map(|l| Entry {
                        lo: part[l.lower],
                        hi: part[l.upper],
                        weight: l.weight,
                    })
                    .collect()
            };
            let rows = entries(resize::bilinear_axis(v1h, rh), &rpart);
            let cols = entries(resize::bilinear_axis(v1w, rw), &cpart);
            let identity = IndexMap::identity(rh, rw);
            let post = pass.post.as_ref().unwrap_or(&identity);
            if !post.transposed && pass.pre.is_total() {
                rows_fast(src, c, &rows, &cols, post, &mut floats, |y, f| {
                    finish(pass, y, f, &mut gray_row, sink)
                });
            } else {
                for y in 0..out.height {
                    for (x, px) in floats.chunks_exact_mut(c).enumerate() {
                        let (i, j) = if post.transposed {
                            (post.rows[x], post.cols[y])
                        } else {
                            (post.rows[y], post.cols[x])
                        };
                        match (i, j) {
                            (Some(i), Some(j)) => {
                                sample(src, &rows[i as usize], &cols[j as usize], px)
                            }
                            _ => px.fill(0.0),
                        }
                    }
                    finish(pass, y, &mut floats, &mut gray_row, sink);
                }
            }
        }
    }
}

/// Hands a computed row to the sink, converted to gray first if the pass ends with grayscale.
fn finish<T: Pixel>(
    pass: &Pass,
    y: usize,
    floats: &mut [f32],
    gray_row: &mut [f32],
    sink: &mut impl Sink<T>,
) {
    if pass.gray {
        for (g, p) in gray_row.iter_mut().zip(floats.chunks_exact(3)) {
            *g = grayscale::gray(T::TYPE, p[0], p[1], p[2]);
        }
        sink.put_floats(y, gray_row);
    } else {
        sink.put_floats(y, floats);
    }
}

/// One resized coordinate: the source offsets (element offsets along one axis; `None` for a
/// padded row or column) and the weight of the upper one.
#[derive(Clone, Copy, Debug)]
struct Entry {
    lo: Option<usize>,
    hi: Option<usize>,
    weight: f32,
}

/// One output pixel of a bilinear resize, rounded by the image type's rule.
#[inline]
fn sample<T: Pixel>(src: &[T], row: &Entry, col: &Entry, px: &mut [f32]) {
    let at = |r: Option<usize>, c: Option<usize>, ch: usize| match (r, c) {
        (Some(r), Some(c)) => src[r + c + ch].operand(),
        _ => 0.0,
    };
    for (ch, v) in px.iter_mut().enumerate() {
        let top = lerp(
            at(row.lo, col.lo, ch),
            at(row.lo, col.hi, ch),
            col.weight,
            T::FLUSH,
        );
        let bottom = lerp(
            at(row.hi, col.lo, ch),
            at(row.hi, col.hi, ch),
            col.weight,
            T::FLUSH,
        );
        *v = T::round(lerp(top, bottom, row.weight, T::FLUSH));
    }
}

/// The bilinear resize row by row, as TensorFlow computes it: each needed source row is
/// interpolated along x once (reused by the next output row when it needs the same source row),
/// then the two rows are interpolated along y. Requires a total pre-map and an untransposed
/// post-map.
fn rows_fast<T: Pixel>(
    src: &[T],
    c: usize,
    rows: &[Entry],
    cols: &[Entry],
    post: &IndexMap,
    out: &mut [f32],
    mut emit: impl FnMut(usize, &mut [f32]),
) {
    let n = post.cols.len() * c;
    // Per output pixel: the two source element offsets (relative to the row) and the weight;
    // padded output columns read pixel 0 and are zeroed afterwards.
    let mut taps: Vec<(usize, usize, f32)> = Vec::with_capacity(post.cols.len());
    let mut absent = Vec::new();
    for (x, j) in post.cols.iter().enumerate() {
        match j {
            Some(j) => {
                let e = &cols[*j as usize];
                // A total pre-map has every offset.
                taps.push((e.lo.unwrap_or(0), e.hi.unwrap_or(0), e.weight));
            }
            None => {
                taps.push((0, 0, 0.0));
                absent.push(x);
            }
        }
    }
    #[cfg(target_arch = "x86_64")]
    let rgb_u8 = if T::TYPE == ElementType::Uint8 && c == 3 {
        super::resize_x86::RgbTaps::new(&taps)
    } else {
        None
    };
    let horizontal = |base: usize, dst: &mut [f32]| {
        let row = &src[base..];
        #[cfg(target_arch = "x86_64")]
        let vectorised = rgb_u8
            .as_ref()
            .is_some_and(|v| v.horizontal(bytemuck::cast_slice(row), dst));
        #[cfg(not(target_arch = "x86_64"))]
        let vectorised = false;
        match c {
            _ if vectorised => {}
            3 => horizontal_pixels::<T, 3>(row, &taps, dst),
            1 => horizontal_pixels::<T, 1>(row, &taps, dst),
            4 => horizontal_pixels::<T, 4>(row, &taps, dst),
            _ => {
                for (px, &(lo, hi, w)) in dst.chunks_exact_mut(c).zip(&taps) {
                    for (ch, v) in px.iter_mut().enumerate() {
                        *v = lerp(row[lo + ch].operand(), row[hi + ch].operand(), w, T::FLUSH);
                    }
                }
            }
        }
        for &x in &absent {
            dst[x * c..(x + 1) * c].fill(0.0);
        }
    };
    let mut top = vec![0.0f32; n];
    let mut bottom = vec![0.0f32; n];
    let mut top_key: Option<usize> = None;
    let mut bottom_key: Option<usize> = None;
    for (y, i) in post.rows.iter().enumerate() {
        let Some(i) = i else {
            out.fill(0.0);
            emit(y, out);
            continue;
        };
        let e = &rows[*i as usize];
        let (lo, hi) = (e.lo.unwrap_or(0), e.hi.unwrap_or(0));
        if top_key != Some(lo) {
            if bottom_key == Some(lo) {
                std::mem::swap(&mut top, &mut bottom);
                std::mem::swap(&mut top_key, &mut bottom_key);
            } else {
                horizontal(lo, &mut top);
                top_key = Some(lo);
            }
        }
        if bottom_key != Some(hi) {
            if hi == lo {
                bottom.copy_from_slice(&top);
            } else {
                horizontal(hi, &mut bottom);
            }
            bottom_key = Some(hi);
        }
        vertical::<T>(&top, &bottom, e.weight, out);
        emit(y, out);
    }
}

/// One source row interpolated along x for `C` channels (a constant, so the channel loop unrolls
/// and each pixel's slice is bounds-checked once).
#[inline(always)]
fn horizontal_pixels<T: Pixel, const C: usize>(
    row: &[T],
    taps: &[(usize, usize, f32)],
    dst: &mut [f32],
) {
    for (px, &(lo, hi, w)) in dst.chunks_exact_mut(C).zip(taps) {
        let a: &[T; C] = row[lo..lo + C].try_into().expect("C elements");
        let b: &[T; C] = row[hi..hi + C].try_into().expect("C elements");
        for ch in 0..C {
            px[ch] = lerp(a[ch].operand(), b[ch].operand(), w, T::FLUSH);
        }
    }
}

/// `round(top + (bottom - top) * w)` over a row.
fn vertical<T: Pixel>(top: &[f32], bottom: &[f32], w: f32, out: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if !cfg!(miri) && std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        unsafe { vertical_avx2::<T>(top, bottom, w, out) };
        return;
    }
    vertical_body::<T>(top, bottom, w, out);
}

/// [`vertical`] compiled for AVX2: the same operations, eight lanes wide (no FMA is enabled, so
/// the rounding stays TensorFlow's).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn vertical_avx2<T: Pixel>(top: &[f32], bottom: &[f32], w: f32, out: &mut [f32]) {
    vertical_body::<T>(top, bottom, w, out);
}

#[inline(always)]
fn vertical_body<T: Pixel>(top: &[f32], bottom: &[f32], w: f32, out: &mut [f32]) {
    for ((o, t), b) in out.iter_mut().zip(top).zip(bottom) {
        *o = T::round(lerp(*t, *b, w, T::FLUSH));
    }
}
