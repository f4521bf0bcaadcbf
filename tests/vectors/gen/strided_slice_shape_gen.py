"""Golden vectors for StridedSlice shape inference (partial shapes) from real TensorFlow 2.21.

    python tests/vectors/gen/strided_slice_shape_gen.py > tests/vectors/strided_slice_shape_inference.jsonl

Builds the op in a graph with placeholders so the op's shape function runs on partial shapes:
  shape              input shape, null = unknown rank, -1 = unknown dim
  begin, end         lists, or null when the value is unknown (a placeholder of the same length)
  strides            list (always constant)
  index_type, masks  as in strided_slice.jsonl
  expect             {"shape": [...] | null (unknown rank)} or {"error": "ValueError", "message": text}
The script is ours; TensorFlow is only run to observe results.
"""
import json
import os
import random
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf  # noqa: E402

rng = random.Random(7319)
tf.compat.v1.disable_eager_execution()
MESSAGE = re.compile(r"^(.*) for '\{\{node [^}]*\}\} = ", re.S)
INDEX = {"int32": tf.int32, "int64": tf.int64}


def infer(tag, shape, begin, end, strides, masks, index_type="int32"):
    case = {"tag": tag, "shape": shape, "begin": begin, "end": end, "strides": strides,
            "index_type": index_type, "masks": masks}
    idx = INDEX[index_type]
    with tf.Graph().as_default():
        x = tf.compat.v1.placeholder(tf.float32, None if shape is None else [None if d < 0 else d for d in shape])
        n = len(strides)
        b = tf.constant(begin, idx) if begin is not None else tf.compat.v1.placeholder(idx, [n])
        e = tf.constant(end, idx) if end is not None else tf.compat.v1.placeholder(idx, [n])
        try:
            y = tf.raw_ops.StridedSlice(input=x, begin=b, end=e, strides=tf.constant(strides, idx),
                                        begin_mask=masks[0], end_mask=masks[1], ellipsis_mask=masks[2],
                                        new_axis_mask=masks[3], shrink_axis_mask=masks[4])
            dims = y.shape.as_list() if y.shape.rank is not None else None
            case["expect"] = {"shape": None if dims is None else [-1 if d is None else d for d in dims]}
        except ValueError as ex:
            text = str(ex)
            m = MESSAGE.match(text)
            case["expect"] = {"error": "ValueError", "message": m.group(1) if m else text}
    return case


def rand_mask(n, p):
    return sum(1 << i for i in range(n) if rng.random() < p)


def random_case():
    rank = rng.choices(range(7), weights=[2, 4, 5, 5, 4, 2, 2])[0]
    shape = None if rng.random() < 0.05 else [
        -1 if rng.random() < 0.3 else rng.randint(0, 6) for _ in range(rank)]
    n = rng.randint(0, rank + 1)
    dims = shape if shape is not None else [5] * rank
    begin, end, strides = [], [], []
    for k in range(n):
        dim = dims[k] if k < len(dims) and dims[k] >= 0 else 5
        begin.append(rng.randint(-dim - 2, dim + 2))
        end.append(rng.randint(-dim - 2, dim + 2))
        strides.append(rng.choices([1, -1, 2, -2, 3, 0], weights=[10, 5, 3, 2, 1, 0.3])[0])
    known = rng.random() < 0.6
    el = 1 << rng.randrange(n) if n and rng.random() < 0.25 else 0
    masks = [rand_mask(n, 0.35), rand_mask(n, 0.35), el, rand_mask(n, 0.12), rand_mask(n, 0.3)]
    return infer("random", shape, begin if known else None, end if known else None, strides, masks,
                 rng.choice(["int32", "int64"]))


def upstream_tables():
    cases = []
    x = [5, -1, 7]
    for b, e, s, m in [([3], [5], [1], [0, 0, 0, 0, 0]), ([3, 0, 4], [5, 0, 5], [1, 1, 1], [2, 2, 0, 0, 4]),
                       ([3, 3, 4], [5, 4, 5], [1, 1, 1], [0, 0, 0, 0, 4]), ([3, 0, 5], [5, 0, 10], [1, 1, 1], [2, 2, 0, 0, 0]),
                       ([3, 0, 50], [5, 0, 3], [1, 1, 1], [2, 2, 0, 0, 0]),
                       ([3, 0, 0, 50], [5, 0, 0, 3], [1, 1, 1, 1], [2, 2, 0, 4, 0]),
                       ([1, 0, 0, 50], [5, 0, 0, 3], [2, 1, 1, 1], [2, 2, 0, 4, 0]),
                       ([0, 0, 0, 50], [5, 0, 0, 3], [3, 1, 1, 1], [3, 2, 0, 4, 0]),
                       ([0, 0, 0, 50], [2, 0, 0, 3], [3, 1, 1, 1], [3, 2, 0, 4, 0]),
                       ([0, 0, 0, 0], [0, 0, 0, 0], [-1, 1, 1, -2], [11, 11, 0, 4, 0])]:
        cases.append(infer("table_15_6", x, b, e, s, m))
    for s, m in [([1], [0, 0, 0, 0, 1]), ([1, -1], [2, 2, 0, 0, 1]), ([1, -2], [2, 2, 0, 0, 1]), ([1, 1], [0, 0, 0, 0, 1])]:
        cases.append(infer("table_15_6_unknown", [5, 3, 7], None, None, s, m))
    cases.append(infer("unknown_rank", None, [0], [0], [1], [0, 0, 1, 0, 0]))
    for shape in ([2, 3, 4, 5], [2, 0, 3, 4], [0, 3], [-1, 3]):
        cases.append(infer("shrink_unknown_begin", shape, None, None, [1], [0, 0, 0, 0, 1]))
        cases.append(infer("masked_unknown_begin", shape, None, None, [-2], [1, 1, 0, 0, 0]))
    # The refiner's first pass runs without begin/end values (see infer_shape in spec.rs).
    for shape in ([1, 2, -1, 2], [1, 2, 3, 2]):
        cases.append(infer("refiner_two_pass", shape, [-2, 4], [1, 3], [1, -1], [0, 0, 0, 0, 3]))
        cases.append(infer("refiner_two_pass", shape, [-2, 4], [1, 3], [1, 0], [0, 0, 0, 0, 1]))
        cases.append(infer("refiner_two_pass", shape, [5, 0], [1, 3], [1, 1], [0, 0, 0, 0, 1]))
    return cases


def main():
    count = 0
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 800
    for case in upstream_tables() + [random_case() for _ in range(total)]:
        sys.stdout.write(json.dumps(case, separators=(",", ":")) + "\n")
        count += 1
    print(f"wrote {count} cases", file=sys.stderr)


if __name__ == "__main__":
    main()
