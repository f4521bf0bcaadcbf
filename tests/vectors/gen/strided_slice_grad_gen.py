"""Golden vectors for StridedSliceGrad and TensorStridedSliceUpdate from real TensorFlow 2.21.

    python tests/vectors/gen/strided_slice_grad_gen.py > tests/vectors/strided_slice_grad.jsonl

One JSON object per line:
  op                 "grad" or "update"
  dtype              element dtype name
  shape              grad: the `shape` input values; update: the input tensor's shape
  shape_shape        grad only, when the `shape` input is not 1-D
  input              update only: input values (hex bytes, or list of strings)
  value_shape, value grad: dy; update: value (hex bytes, or list of strings)
  index_type, begin, end, strides, masks   as in strided_slice.jsonl
  expect             {"shape": [...], "output": ...} or {"error": class, "message": text}
Rank >= 9 gradients are not recorded: TF 2.21 returns an output it never writes (uninitialised).
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

rng = random.Random(4242)
nprng = np.random.default_rng(4242)
DTYPES = {"float": tf.float32, "double": tf.float64, "int32": tf.int32, "int64": tf.int64, "uint8": tf.uint8,
          "int8": tf.int8, "half": tf.float16, "bfloat16": tf.bfloat16, "bool": tf.bool, "complex64": tf.complex64,
          "string": tf.string}
INDEX = {"int32": tf.int32, "int64": tf.int64}
PREFIX = re.compile(r"^\{\{function_node [^}]*\}\} ")
SUFFIX = re.compile(r" \[Op:[A-Za-z]+\]( name: )?$")


def make(dtype, shape):
    n = int(np.prod(shape)) if shape else 1
    if dtype == "string":
        words = ["".join(rng.choice("pqrs") for _ in range(rng.randint(1, 4))) for _ in range(n)]
        return tf.constant(np.array(words, dtype=object).reshape(shape), tf.string), words
    if dtype == "bool":
        arr = nprng.integers(0, 2, n).astype(np.bool_)
    elif dtype in ("int32", "int64", "uint8", "int8"):
        arr = nprng.integers(1, 100, n).astype(dtype)
    elif dtype == "complex64":
        arr = (nprng.integers(1, 9, n) + 1j * nprng.integers(1, 9, n)).astype(np.complex64)
    else:
        arr = nprng.integers(1, 100, n).astype(np.float32)
    t = tf.cast(tf.constant(arr.reshape(shape)), DTYPES[dtype])
    return t, t.numpy().tobytes().hex()


def encode(dtype, y):
    if dtype == "string":
        return [v.decode("latin-1") for v in np.asarray(y.numpy(), dtype=object).reshape(-1).tolist()]
    return y.numpy().tobytes().hex()


def error_of(e):
    message = SUFFIX.sub("", PREFIX.sub("", e.message))
    return {"error": type(e).__name__, "message": message.split("\n")[0]}


def rand_mask(n, p):
    return sum(1 << i for i in range(n) if rng.random() < p)


def random_spec(max_rank):
    rank = rng.randint(0, max_rank)
    shape = [rng.randint(0 if rng.random() < 0.08 else 1, 4 if rank <= 4 else 2) for _ in range(rank)]
    n = rng.randint(0, rank + (2 if rng.random() < 0.1 else 1))
    begin, end, strides = [], [], []
    for k in range(n):
        dim = shape[k] if k < rank else 3
        begin.append(rng.randint(-dim - 1, dim + 1))
        end.append(rng.randint(-dim - 1, dim + 1))
        strides.append(rng.choices([1, -1, 2, -2, 3, 0], weights=[10, 5, 3, 2, 1, 0.2])[0])
    el = 1 << rng.randrange(n) if n and rng.random() < 0.25 else 0
    masks = [rand_mask(n, 0.3), rand_mask(n, 0.3), el, rand_mask(n, 0.1), rand_mask(n, 0.2)]
    return shape, begin, end, strides, masks


def final_shape_of(shape, begin, end, strides, masks, idx):
    try:
        y = tf.raw_ops.StridedSlice(input=tf.zeros(shape), begin=tf.constant(begin, idx), end=tf.constant(end, idx),
                                    strides=tf.constant(strides, idx), begin_mask=masks[0], end_mask=masks[1],
                                    ellipsis_mask=masks[2], new_axis_mask=masks[3], shrink_axis_mask=masks[4])
        return list(y.shape)
    except tf.errors.OpError:
        return None


def grad_case(spec=None, dtype=None, index_type=None, dy_shape=None, shape_shape=None):
    shape, begin, end, strides, masks = spec or random_spec(8)
    dtype = dtype or rng.choice(list(DTYPES))
    index_type = index_type or rng.choice(list(INDEX))
    idx = INDEX[index_type]
    if dy_shape is None:
        final = final_shape_of(shape, begin, end, strides, masks, idx)
        dy_shape = final if final is not None else [1]
        if rng.random() < 0.08 and dy_shape:
            dy_shape = dy_shape[:-1] + [dy_shape[-1] + 1]
    dy, dy_values = make(dtype, dy_shape)
    case = {"op": "grad", "dtype": dtype, "shape": shape, "value_shape": dy_shape, "value": dy_values,
            "index_type": index_type, "begin": begin, "end": end, "strides": strides, "masks": masks}
    shape_t = tf.constant(shape, idx)
    if shape_shape is not None:
        case["shape_shape"] = shape_shape
        shape_t = tf.reshape(shape_t, shape_shape)
    try:
        y = tf.raw_ops.StridedSliceGrad(shape=shape_t, begin=tf.constant(begin, idx), end=tf.constant(end, idx),
                                        strides=tf.constant(strides, idx), dy=dy, begin_mask=masks[0],
                                        end_mask=masks[1], ellipsis_mask=masks[2], new_axis_mask=masks[3],
                                        shrink_axis_mask=masks[4])
        case["expect"] = {"shape": list(y.shape), "output": encode(dtype, y)}
    except tf.errors.OpError as e:
        case["expect"] = error_of(e)
    return case


def broadcastable(final):
    r = rng.random()
    if r < 0.5:
        return list(final)
    if r < 0.65:
        return [1] + list(final)
    if r < 0.8:
        return [d if rng.random() < 0.5 else 1 for d in final][rng.randint(0, len(final)) if final else 0:]
    if r < 0.9:
        return [d + 1 for d in final] if final else [2]
    return [rng.randint(1, 3) for _ in range(rng.randint(0, 3))]


def update_case(spec=None, dtype=None, value_shape=None):
    shape, begin, end, strides, masks = spec or random_spec(9)
    dtype = dtype or rng.choice(list(DTYPES))
    index_type = rng.choice(list(INDEX))
    idx = INDEX[index_type]
    if value_shape is None:
        final = final_shape_of(shape, begin, end, strides, masks, idx)
        value_shape = broadcastable(final) if final is not None else [1]
    x, x_values = make(dtype, shape)
    value, values = make(dtype, value_shape)
    case = {"op": "update", "dtype": dtype, "shape": shape, "input": x_values, "value_shape": value_shape,
            "value": values, "index_type": index_type, "begin": begin, "end": end, "strides": strides,
            "masks": masks}
    try:
        y = tf.raw_ops.TensorStridedSliceUpdate(input=x, begin=tf.constant(begin, idx), end=tf.constant(end, idx),
                                                strides=tf.constant(strides, idx), value=value, begin_mask=masks[0],
                                                end_mask=masks[1], ellipsis_mask=masks[2], new_axis_mask=masks[3],
                                                shrink_axis_mask=masks[4])
        case["expect"] = {"shape": list(y.shape), "output": encode(dtype, y)}
    except tf.errors.OpError as e:
        case["expect"] = error_of(e)
    return case


def targeted():
    cases = []
    none = [0, 0, 0, 0, 0]
    cases.append(grad_case(([3, 4], [1, 0], [3, 4], [1, 2], none), "float", "int32", shape_shape=[1, 2]))
    cases.append(grad_case(([3, -4], [1, 0], [3, 4], [1, 2], none), "float", "int32", dy_shape=[2, 2]))
    cases.append(grad_case(([2**62, 2**62], [0], [0], [1], none), "float", "int64", dy_shape=[1]))
    cases.append(grad_case(([3, 4], [1, 0], [3, 4], [1, 2], none), "float", "int64", dy_shape=[2, 3]))
    cases.append(grad_case(([], [], [], [], none), "float", "int32", dy_shape=[]))
    cases.append(grad_case(([], [0], [0], [1], [0, 0, 0, 1, 0]), "string", "int32", dy_shape=[1]))
    for rank in (8,):
        cases.append(grad_case(([2] * rank, [0, 0], [0, 1], [1, 1], [1, 1, 0, 0, 0]), "float", "int32"))
    # Update: rank 9 (no identity fast path), empty selections skip the broadcast check, scalars.
    cases.append(update_case(([2] * 9, [], [], [], none), "float", value_shape=[]))
    cases.append(update_case(([2] * 9, [0], [1], [1], none), "int32", value_shape=[]))
    cases.append(update_case(([2] * 9, [0], [1], [1], none), "int32", value_shape=[3]))
    cases.append(update_case(([2] * 9, [0], [0], [1], none), "int32", value_shape=[3]))
    cases.append(update_case(([2] * 8, [0], [1], [2], none), "float", value_shape=[]))
    cases.append(update_case(([3, 4], [0], [0], [1], none), "float", value_shape=[3]))
    cases.append(update_case(([], [], [], [], none), "float", value_shape=[]))
    cases.append(update_case(([], [0], [0], [1], [0, 0, 0, 1, 0]), "string", value_shape=[1]))
    cases.append(update_case(([], [0], [0], [1], [0, 0, 0, 1, 0]), "float", value_shape=[1, 1, 1]))
    cases.append(update_case(([3, 4], [0, 0, 1], [0, 0, 2], [1, 1, 1], [1, 1, 0, 2, 4]), "float", value_shape=[3]))
    cases.append(update_case(([3, 4], [0, 0, 1], [0, 0, 2], [1, 1, 1], [1, 1, 0, 2, 4]), "float", value_shape=[3, 1]))
    cases.append(update_case(([3, 4], [1, 0], [3, 4], [1, 2], none), "float", value_shape=[2, 2, 2]))
    cases.append(update_case(([3, 4], [1, 0], [3, 4], [1, 2], none), "float", value_shape=[1, 1, 2, 1]))
    return cases


def main():
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 1200
    count = 0
    cases = targeted()
    for i in range(total):
        cases.append(grad_case() if i % 2 == 0 else update_case())
    for case in cases:
        sys.stdout.write(json.dumps(case, separators=(",", ":")) + "\n")
        count += 1
    print(f"wrote {count} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
