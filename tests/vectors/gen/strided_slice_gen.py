"""Golden vectors for StridedSlice from real TensorFlow (run with the throw-away TF 2.21 venv).

    python tests/vectors/gen/strided_slice_gen.py > tests/vectors/strided_slice.jsonl

One JSON object per line:
  dtype, shape, input      input dtype name, shape, values (hex of the little-endian bytes; a list
                           of strings for dtype "string")
  index_type               int16 / int32 / int64
  begin, end, strides      lists of ints (flat values)
  begin_shape, end_shape, strides_shape   only when not the 1-D default [len]
  masks                    [begin, end, ellipsis, new_axis, shrink_axis] (int32 values)
  expect                   {"shape": [...], "output": hex or list} or {"error": kind, "message": text}
  tag                      which generator made the case
The script is ours; TensorFlow is only run to observe results.
"""
import json
import os
import random
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.python.framework import dtypes as tf_dtypes  # noqa: E402

SEED = 20260521
rng = random.Random(SEED)
nprng = np.random.default_rng(SEED)

DTYPES = {
    "int8": tf.int8, "int16": tf.int16, "int32": tf.int32, "int64": tf.int64,
    "uint8": tf.uint8, "uint16": tf.uint16, "uint32": tf.uint32, "uint64": tf.uint64,
    "float": tf.float32, "double": tf.float64, "half": tf.float16, "bfloat16": tf.bfloat16,
    "bool": tf.bool, "complex64": tf.complex64, "complex128": tf.complex128, "string": tf.string,
    "float8_e5m2": tf_dtypes.float8_e5m2, "float8_e4m3fn": tf_dtypes.float8_e4m3fn,
    "qint8": tf.qint8, "quint8": tf.quint8, "qint32": tf.qint32,
}
INDEX = {"int16": tf.int16, "int32": tf.int32, "int64": tf.int64}
PREFIX = re.compile(r"^\{\{function_node [^}]*\}\} ")
SUFFIX = " [Op:StridedSlice] name: "


def make_input(dtype, shape):
    n = int(np.prod(shape)) if shape else 1
    if dtype == "string":
        words = ["".join(rng.choice("abcxyz") for _ in range(rng.randint(0, 5))) for _ in range(n)]
        t = tf.constant(np.array(words, dtype=object).reshape(shape), tf.string)
        return t, words
    if dtype in ("qint8", "quint8", "qint32"):
        lo, hi = {"qint8": (-128, 127), "quint8": (0, 255), "qint32": (-1000, 1000)}[dtype]
        t = tf.constant(nprng.integers(lo, hi, n, endpoint=True).reshape(shape), dtype=DTYPES[dtype])
        return t, t.numpy().tobytes().hex()
    if dtype == "bool":
        arr = nprng.integers(0, 2, n).astype(np.bool_)
    elif dtype.startswith("int") or dtype.startswith("uint"):
        info = np.iinfo(np.dtype(dtype))
        arr = nprng.integers(max(info.min, -1000), min(info.max, 1000), n, endpoint=True).astype(dtype)
    elif dtype.startswith("complex"):
        arr = (nprng.standard_normal(n) + 1j * nprng.standard_normal(n)).astype(dtype)
    else:
        arr = nprng.standard_normal(n).astype(np.float32)
        # Bit patterns that must survive a copy.
        if n >= 3:
            arr[0] = -0.0
            arr[1] = np.nan
    t = tf.constant(arr.reshape(shape))
    if dtype in ("float", "double", "half", "bfloat16", "float8_e5m2", "float8_e4m3fn"):
        t = tf.cast(t, DTYPES[dtype])
    return t, t.numpy().tobytes().hex()


def run(tag, dtype, shape, index_type, begin, end, strides, masks, shapes=None):
    x, values = make_input(dtype, shape)
    shapes = shapes or {}
    idx = INDEX[index_type]

    def spec_tensor(vals, key):
        s = shapes.get(key)
        arr = np.array(vals, dtype=np.int64)
        if s is not None:
            arr = arr.reshape(s)
        return tf.constant(arr, idx)

    case = {
        "tag": tag, "dtype": dtype, "shape": list(shape), "input": values, "index_type": index_type,
        "begin": list(begin), "end": list(end), "strides": list(strides), "masks": list(masks),
    }
    for key in ("begin", "end", "strides"):
        if key in shapes:
            case[key + "_shape"] = list(shapes[key])
    try:
        y = tf.raw_ops.StridedSlice(
            input=x, begin=spec_tensor(begin, "begin"), end=spec_tensor(end, "end"),
            strides=spec_tensor(strides, "strides"), begin_mask=masks[0], end_mask=masks[1],
            ellipsis_mask=masks[2], new_axis_mask=masks[3], shrink_axis_mask=masks[4])
        if dtype == "string":
            out = [v.decode("latin-1") for v in np.asarray(y.numpy(), dtype=object).reshape(-1).tolist()]
        else:
            out = y.numpy().tobytes().hex()
        case["expect"] = {"shape": list(y.shape), "output": out}
    except tf.errors.OpError as e:
        message = PREFIX.sub("", e.message)
        if message.endswith(SUFFIX):
            message = message[: -len(SUFFIX)]
        case["expect"] = {"error": type(e).__name__, "message": message}
    return case


def rand_mask(n, p):
    m = 0
    for i in range(n):
        if rng.random() < p:
            m |= 1 << i
    return m


def random_case(i):
    rank = rng.choices(range(10), weights=[4, 8, 10, 10, 8, 5, 3, 3, 4, 3])[0]
    maxdim = 4 if rank <= 4 else (3 if rank <= 6 else 2)
    shape = [rng.randint(0 if rng.random() < 0.1 else 1, maxdim) for _ in range(rank)]
    dtype = rng.choice(list(DTYPES))
    index_type = rng.choices(["int32", "int64", "int16"], weights=[5, 5, 1])[0]
    n = rng.randint(0, min(rank + (3 if rng.random() < 0.15 else 1), 31))
    begin, end, strides = [], [], []
    for k in range(n):
        dim = shape[k] if k < rank else 3
        lo, hi = -dim - 2, dim + 2
        begin.append(rng.randint(lo, hi))
        end.append(rng.randint(lo, hi))
        strides.append(rng.choices([1, -1, 2, -2, 3, -3, 0], weights=[10, 5, 3, 2, 1, 1, 0.4])[0])
    bm, em = rand_mask(n, 0.3), rand_mask(n, 0.3)
    el = 0
    r = rng.random()
    if n and r < 0.3:
        el = 1 << rng.randrange(n)
    elif n > 1 and r < 0.33:
        el = rand_mask(n, 0.5)
    na = rand_mask(n, 0.12)
    sh = rand_mask(n, 0.18)
    if rng.random() < 0.03:  # bits beyond the entries
        for _ in range(2):
            which = rng.randrange(5)
            bits = 1 << rng.randint(n, 31)
            if which == 2:
                el |= bits
            elif which == 0:
                bm |= bits
            elif which == 1:
                em |= bits
            elif which == 3:
                na |= bits
            else:
                sh |= bits
    masks = [to_i32(m) for m in (bm, em, el, na, sh)]
    return run("random", dtype, shape, index_type, begin, end, strides, masks)


def to_i32(m):
    m &= 0xFFFFFFFF
    return m - (1 << 32) if m >= (1 << 31) else m


def targeted():
    cases = []
    f = "float"
    # Rank >= 9: identity, dim-0 alignment, empty, general path.
    for dtype, inner in [("float", 16), ("float", 8), ("int8", 64), ("int8", 16), ("double", 8), ("double", 4),
                         ("half", 32), ("half", 16), ("complex128", 4), ("complex64", 8), ("bool", 64),
                         ("string", 8), ("string", 16), ("string", 4), ("string", 6), ("bool", 32),
                         ("complex128", 2), ("qint8", 64), ("float8_e5m2", 32), ("uint16", 32), ("int32", 48)]:
        for rank in (9, 10):
            shape = [3] + [1] * (rank - 2) + [inner]
            cases.append(run("rank9_dim0", dtype, shape, "int32", [1], [0], [1], [0, 1, 0, 0, 0]))
            cases.append(run("rank9_dim0", dtype, shape, "int64", [0], [2], [1], [0, 0, 0, 0, 0]))
            cases.append(run("rank9_dim0", dtype, shape, "int32", [2], [0], [1], [0, 0, 0, 0, 1]))
            cases.append(run("rank9_general", dtype, shape, "int32", [0, 0], [0, 1], [1, 1], [1, 1, 0, 0, 0]))
            cases.append(run("rank9_general", dtype, shape, "int32", [-1], [0], [-1], [0, 1, 0, 0, 0]))
    for rank in (8, 9, 10):
        shape = [2] * rank
        cases.append(run("rank_all2", f, shape, "int32", [0] * rank, [0] * rank, [2] * rank, [-1, -1, 0, 0, 0]))
        cases.append(run("rank_all2", f, shape, "int32", [0, 0], [0, 1], [1, 1], [1, 1, 0, 0, 0]))
        cases.append(run("rank_all2", f, shape, "int64", [], [], [], [0, 0, 0, 0, 0]))
        cases.append(run("rank_all2", f, shape, "int32", [0], [1], [1], [0, 0, 0, 0, 1]))
        cases.append(run("rank_all2", f, shape, "int32", [0, 1], [0, 1], [1, 1], [1, 1, 0, 0, 0]))
        cases.append(run("rank_all2", "int8", shape, "int32", [0], [1], [1], [0, 0, 0, 0, 1]))
        cases.append(run("rank_all2", "string", shape, "int32", [1], [0], [-1], [0, 1, 0, 0, 0]))
    # Larger tensors: long contiguous runs, merged trailing dims, the 2-D row-copy path.
    for shape in ([33, 17, 5], [64, 48], [7, 130], [5, 6, 7, 8]):
        for _ in range(10):
            rank = len(shape)
            b = [rng.randint(-d, d) for d in shape]
            e = [rng.randint(-d, d) for d in shape]
            st = [rng.choice([1, 1, 1, -1, 2, -3]) for _ in shape]
            bm, em = rand_mask(rank, 0.4), rand_mask(rank, 0.4)
            cases.append(run("large", rng.choice(["float", "int8", "complex128", "string"]), shape,
                             rng.choice(["int32", "int64"]), b, e, st, [bm, em, 0, 0, 0]))
    # Rank-1 and rank-2 dim-0 alignment around 64-byte boundaries.
    for dtype, n in [("float", 48), ("int8", 200), ("double", 24), ("half", 96), ("string", 12), ("complex128", 12)]:
        for b, e in [(0, 16), (16, 32), (8, 40), (16, 48), (4, 4), (-16, 0), (32, 16)]:
            cases.append(run("dim0_rank1", dtype, [n], "int32", [b], [e], [1], [0, 1 if e == 0 else 0, 0, 0, 0]))
    for dtype, cols in [("float", 16), ("float", 12), ("int8", 64), ("int8", 32), ("string", 8), ("double", 8)]:
        for b, e in [(1, 3), (3, 1), (0, 1), (2, 0)]:
            cases.append(run("dim0_rank2", dtype, [4, cols], "int64", [b], [e], [1], [0, 0, 0, 0, 0]))
    # int64 extremes and clamping.
    big, small = 2**63 - 1, -2**63
    for b, e, s in [(small, big, 1), (big, small, -1), (small, small, 1), (big, big, -1), (big, 0, 1),
                    (small, 0, -1), (-100, 100, 1), (100, -100, -1)]:
        cases.append(run("int64_extremes", "int32", [2, 3, 4], "int64", [b], [e], [s], [0, 0, 0, 0, 0]))
    for s in (big, small, big - 1, small + 1):
        cases.append(run("stride_extremes", "int32", [2, 3, 4], "int64", [0, 0], [0, 0], [s, s], [3, 3, 0, 0, 0]))
        cases.append(run("stride_extremes", "int32", [2, 3, 4], "int64", [1, -1], [2, 0], [1, s], [0, 0, 0, 0, 0]))
        cases.append(run("stride_extremes", "int8", [5], "int64", [2], [3], [s], [0, 0, 0, 0, 1]))
    for s in (2**31 - 1, -2**31):
        cases.append(run("stride_extremes", "int32", [2, 3, 4], "int32", [0, 0], [0, 0], [s, s], [3, 3, 0, 0, 0]))
    for b in (big, small, 2**31, -2**31 - 1):
        cases.append(run("int64_extremes", "int32", [2, 3, 4], "int64", [b], [0], [1], [0, 0, 0, 0, 1]))
    for b, e in [(2**31 - 1, -2**31), (-2**31, 2**31 - 1)]:
        cases.append(run("int32_extremes", "int32", [5], "int32", [b], [e], [1], [0, 0, 0, 0, 0]))
        cases.append(run("int32_extremes", "int32", [5], "int32", [b], [e], [-1], [0, 0, 0, 0, 0]))
    for b, e in [(32767, -32768), (-32768, 32767)]:
        cases.append(run("int16_extremes", "int32", [5], "int16", [b], [e], [-1], [0, 0, 0, 0, 0]))
        cases.append(run("int16_extremes", "int32", [5], "int16", [b], [e], [1], [0, 0, 0, 0, 0]))
    # Argument shape errors and the 31-entry limit.
    cases.append(run("spec_shape", f, [10, 10], "int32", [0], [10, 10], [1, 1], [0] * 5))
    cases.append(run("spec_shape", f, [10, 10], "int32", [0, 0], [1], [1], [0] * 5))
    cases.append(run("spec_shape", f, [10, 10], "int32", [0, 0], [1, 1], [1], [0] * 5))
    cases.append(run("spec_shape", f, [3], "int32", [0], [1], [1], [0] * 5,
                     {"begin": [1, 1], "end": [1, 1], "strides": [1, 1]}))
    cases.append(run("spec_shape", f, [3], "int32", [0], [1], [1], [0] * 5, {"begin": []}))
    cases.append(run("spec_shape", f, [3], "int64", [0], [1], [1], [0] * 5, {"strides": []}))
    cases.append(run("spec_shape", f, [3], "int64", [0], [1], [1], [0] * 5, {"end": [1, 1]}))
    for k in (30, 31, 32, 33):
        cases.append(run("spec_len", "int32", [3], "int32", [0] * k, [1] * k, [1] * k, [0] * 5))
        cases.append(run("spec_len", "int32", [3], "int32", [0] * k, [1] * k, [1] * k, [0, 0, 1 << (k - 1) if k <= 32 else 0, 0, 0] if k < 32 else [0] * 5))
    cases.append(run("spec_len", "int32", [1] * 31, "int32", [0] * 31, [1] * 31, [1] * 31, [0, 0, 0, 0, to_i32(0x7FFFFFFF)]))
    # Ellipsis mask quirks.
    for el in (to_i32(1 << 31), 3, -1, 1 | (1 << 20), 1 << 5):
        cases.append(run("ellipsis_bits", "int32", [2, 3, 4], "int32", [0], [1], [1], [0, 0, el, 0, 0]))
    # Scalars.
    for b, e, s, m in [([0], [0], [1], [0, 0, 0, 1, 0]), ([0], [0], [1], [0, 0, 1, 0, 0]), ([], [], [], [0] * 5),
                       ([0], [1], [1], [0, 0, 0, 0, 1]), ([0], [1], [1], [0] * 5), ([0, 0], [0, 0], [1, 1], [0, 0, 0, 3, 0]),
                       ([0, 0], [0, 0], [1, 1], [0, 0, 1, 2, 0]), ([0], [1], [0], [0] * 5)]:
        for dtype in ("float", "string", "bool"):
            cases.append(run("scalar", dtype, [], "int32", b, e, s, m))
    return cases


def main():
    out = sys.stdout
    count = 0
    for case in targeted():
        out.write(json.dumps(case, separators=(",", ":")) + "\n")
        count += 1
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    for i in range(total):
        case = random_case(i)
        out.write(json.dumps(case, separators=(",", ":")) + "\n")
        count += 1
    print(f"wrote {count} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
