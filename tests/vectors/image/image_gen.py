"""Golden vectors for the image ops from real TensorFlow (run with the throw-away TF 2.21 venv).

    python tests/vectors/image/image_gen.py > tests/vectors/image/image_ops.jsonl

One JSON object per line:
  op        resize_bilinear | resize_nearest | crop_or_pad | rot90 | grayscale | chain
  dtype     uint8 | float32 (the image's element type)
  shape     [height, width, channels] of the input
  args      [height, width] for resize and crop_or_pad, [k] for rot90, [] for grayscale;
            for chain: a list of steps [op, args...] ending with ["normalize", mean, stddev]
  input     {"seed": n}: elements from splitmix64 (see `pixels` below), or {"hex": bytes}
  out_shape [height, width, channels] of the output
  output    {"hex": little-endian bytes} for small outputs, else {"sha256": of those bytes}
  tag       which part of this script made the case

What a UINT8 image gets (the contract): a bilinear resize's float result rounded half to even
and clamped to 0..255, i.e. tf.cast(tf.round(tf.clip_by_value(x, 0, 255)), tf.uint8); every
other op returns the image's type as TensorFlow does. A chain runs the ops one by one, each on
the stored result of the previous one, then (x - mean) / stddev in float32.
The script is ours; TensorFlow is only run to observe results.
"""
import hashlib
import json
import os
import random
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

SEED = 20261127
rng = random.Random(SEED)
FULL_LIMIT = 3000  # outputs with at most this many elements are stored in full
M64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def splitmix(seed, n):
    """Element i is splitmix64's output for the state seed + (i + 1) * GAMMA (mod 2^64)."""
    i = np.arange(1, n + 1, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + i * np.uint64(GAMMA)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    return z


def pixels(seed, dtype, shape):
    """UINT8: the top byte. FLOAT32: (top 24 bits - 2^23) / 2^15, exact in float32."""
    n = int(np.prod(shape))
    z = splitmix(seed, n)
    if dtype == "uint8":
        v = (z >> np.uint64(56)).astype(np.uint8)
    else:
        v = ((z >> np.uint64(40)).astype(np.int64) - (1 << 23)).astype(np.float32) / np.float32(32768)
    return v.reshape(shape)


def to_uint8(x):
    return tf.cast(tf.round(tf.clip_by_value(x, 0.0, 255.0)), tf.uint8)


def apply(op, args, img):
    """One op on a 3-D tensor, returning the stored result (the image's dtype)."""
    dtype = img.dtype
    if op == "resize_bilinear":
        out = tf.image.resize(img, args, method="bilinear", antialias=False)
        return to_uint8(out) if dtype == tf.uint8 else out
    if op == "resize_nearest":
        out = tf.image.resize(img, args, method="nearest", antialias=False)
        assert out.dtype == dtype
        return out
    if op == "crop_or_pad":
        return tf.image.resize_with_crop_or_pad(img, args[0], args[1])
    if op == "rot90":
        return tf.image.rot90(img, k=args[0])
    if op == "grayscale":
        if img.shape[-1] == 1:
            return img
        return tf.image.rgb_to_grayscale(img)
    raise ValueError(op)


def encode(t):
    return np.ascontiguousarray(t.numpy()).astype(t.numpy().dtype.newbyteorder("<")).tobytes()


def record(op, dtype, shape, args, inp, out, tag, input_hex=None):
    data = encode(out)
    case = {
        "op": op,
        "dtype": dtype,
        "shape": list(shape),
        "args": args,
        "input": {"hex": input_hex.hex()} if input_hex is not None else {"seed": inp},
        "out_shape": list(out.shape),
        "output": {"hex": data.hex()} if out.shape.num_elements() <= FULL_LIMIT
        else {"sha256": hashlib.sha256(data).hexdigest()},
        "tag": tag,
    }
    print(json.dumps(case, separators=(",", ":")))


def case(op, dtype, shape, args, tag, values=None):
    seed = rng.getrandbits(63)
    img = values if values is not None else pixels(seed, dtype, shape)
    t = tf.constant(img)
    out = apply(op, args, t)
    hexed = encode(t) if values is not None else None
    record(op, dtype, shape, args, seed, out, tag, hexed)


def rand_dim():
    # Mostly small, some large, all within 1..300.
    return rng.choice([rng.randint(1, 8), rng.randint(1, 40), rng.randint(1, 300)])


def main():
    dtypes = ["uint8", "float32"]
    for dtype in dtypes:
        # Random sizes: up- and down-scaling, any channel count.
        for method in ["resize_bilinear", "resize_nearest"]:
            for _ in range(70):
                shape = [rand_dim(), rand_dim(), rng.choice([1, 3, 3, 4, 2])]
                case(method, dtype, shape, [rand_dim(), rand_dim()], "random")
            # Extreme aspect ratios and the float32-coordinate pairs.
            for (h, w), (th, tw) in [
                ((1, 300), (300, 1)), ((300, 1), (1, 300)), ((1, 300), (7, 13)),
                ((2, 2), (41, 41)), ((2, 3), (41, 43)), ((3, 2), (49, 41)), ((1, 1), (5, 9)),
                ((300, 300), (1, 1)), ((300, 299), (224, 224)), ((5, 7), (5, 7)),
                ((5, 7), (5, 9)), ((5, 7), (6, 7)), ((2, 41), (2, 2)), ((41, 2), (2, 41)),
                ((1, 2), (1, 41)), ((2, 1), (41, 1)), ((3, 3), (299, 300)),
            ]:
                case(method, dtype, [h, w, 3], [th, tw], "edge")
        for _ in range(50):
            shape = [rand_dim(), rand_dim(), rng.choice([1, 3, 4])]
            case("crop_or_pad", dtype, shape, [rand_dim(), rand_dim()], "random")
        for (h, w), (th, tw) in [((1, 1), (300, 300)), ((300, 300), (1, 1)), ((4, 5), (5, 4)),
                                 ((5, 4), (4, 5)), ((3, 3), (3, 3)), ((1, 300), (300, 1))]:
            case("crop_or_pad", dtype, [h, w, 3], [th, tw], "edge")
        for k in range(-5, 6):
            for _ in range(3):
                shape = [rand_dim(), rand_dim(), rng.choice([1, 3, 4])]
                case("rot90", dtype, shape, [k], "random")
            case("rot90", dtype, [1, 300, 3], [k], "edge")
            case("rot90", dtype, [2, 3, 1], [k], "edge")
        for _ in range(40):
            case("grayscale", dtype, [rand_dim(), rand_dim(), 3], [], "random")
        # Every UINT8 colour's neighbourhood of rounding: all 256 grays and a sweep of colours.
        if dtype == "uint8":
            grid = np.array([[r, g, b] for r in range(0, 256, 5) for g in range(0, 256, 17)
                             for b in range(0, 256, 3)], dtype=np.uint8)
            grid = grid.reshape(1, -1, 3)
            out = apply("grayscale", [], tf.constant(grid))
            record("grayscale", dtype, grid.shape, [], 0, out, "sweep", encode(tf.constant(grid)))
        else:
            # Non-finite and signed values, stored in full.
            special = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e30, -1e30,
                                3.4e38, 1e-40, 0.5], dtype=np.float32)
            img = np.resize(special, 4 * 5 * 3).reshape(4, 5, 3).astype(np.float32)
            for op, args in [("resize_bilinear", [7, 3]), ("resize_bilinear", [4, 9]),
                             ("resize_bilinear", [4, 5]), ("resize_nearest", [9, 2]),
                             ("grayscale", []), ("rot90", [1]), ("crop_or_pad", [6, 3])]:
                case(op, dtype, [4, 5, 3], args, "special", values=img)
    # Chains: the ops one by one on their stored results, then a normalisation.
    ops = ["resize_bilinear", "resize_nearest", "crop_or_pad", "rot90", "grayscale"]
    for dtype in dtypes:
        for _ in range(60):
            shape = [rand_dim(), rand_dim(), 3]
            steps = []
            for _ in range(rng.randint(1, 5)):
                op = rng.choice(ops)
                if op == "rot90":
                    steps.append([op, rng.randint(-5, 5)])
                elif op == "grayscale":
                    steps.append([op])
                else:
                    steps.append([op, rand_dim(), rand_dim()])
            mean, std = rng.choice([(127.5, 127.5), (0.0, 255.0), (0.5, 0.25)])
            seed = rng.getrandbits(63)
            t = tf.constant(pixels(seed, dtype, shape))
            for s in steps:
                t = apply(s[0], s[1:], t)
            out = (tf.cast(t, tf.float32) - np.float32(mean)) / np.float32(std)
            record("chain", dtype, shape, steps + [["normalize", mean, std]], seed, out, "chain")
        # The benchmark's shapes.
        for steps in ([["resize_bilinear", 224, 224]],
                      [["rot90", 1], ["crop_or_pad", 1080, 1080], ["resize_bilinear", 224, 224]]):
            seed = rng.getrandbits(63)
            shape = [1080, 1920, 3]
            t = tf.constant(pixels(seed, dtype, shape))
            for s in steps:
                t = apply(s[0], s[1:], t)
            out = (tf.cast(t, tf.float32) - np.float32(127.5)) / np.float32(127.5)
            record("chain", dtype, shape, steps + [["normalize", 127.5, 127.5]], seed, out, "camera")


if __name__ == "__main__":
    main()
