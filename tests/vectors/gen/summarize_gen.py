"""Generates tests/vectors/summarize.jsonl: SummarizeValue golden vectors from real TensorFlow.

Run with the throw-away TensorFlow virtualenv (never a build or test dependency):
    python tests/vectors/gen/summarize_gen.py

Channels through which TensorFlow 2.21 exposes SummarizeValue to Python:
  * v2 (print_v2 = true): tf.strings.format("{}", t, summarize=n) returns exactly SummarizeValue(n, true).
  * v1: tf.raw_ops.Assert(condition=False, data=[t], summarize=n) fails with a message containing
    "assertion failed: [<SummarizeValue(n)>]".
Both run inside an op kernel, which flushes subnormal float32/float64/bfloat16 inputs to zero, so those
values are not used here (the formatter's subnormal behaviour is tested against libc instead). The v1
channel is a Python str, so strings with invalid UTF-8 are only recorded for v2.

Each line: dtype name, dtype enum, shape, max_entries, print_v2, the element storage (little-endian bytes
as hex in "data_hex", or per-element hex in "strings_hex") and the summary: "expected" as text when it is
UTF-8, otherwise its bytes as hex in "expected_hex".
"""

import json
import os
import random
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import ml_dtypes  # noqa: E402  (shipped with TensorFlow)
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "summarize.jsonl")
rng = random.Random(20261121)

ASSERT_PREFIX = "assertion failed: ["
ASSERT_SUFFIX = "] [Op:Assert]"


def summary_v2(t, n):
    return tf.strings.format("{}", t, summarize=n).numpy()


def summary_v1(t, n):
    try:
        tf.raw_ops.Assert(condition=False, data=[t], summarize=n)
    except tf.errors.InvalidArgumentError as e:
        msg = e.message
        start = msg.index(ASSERT_PREFIX) + len(ASSERT_PREFIX)
        end = msg.rindex(ASSERT_SUFFIX)
        return msg[start:end].encode("utf-8")
    raise RuntimeError("Assert did not fail")


def f32_from_bits(bits):
    return np.array([bits], dtype=np.uint32).view(np.float32)[0]


def f64_from_bits(bits):
    return np.array([bits], dtype=np.uint64).view(np.float64)[0]


def is_subnormal(x, np_type):
    x = float(x)
    return x != 0.0 and np.isfinite(x) and abs(x) < float(np.finfo(np_type).tiny)


# ---- element value generators -------------------------------------------------------------------------

F32_SPECIAL = [
    float("nan"), f32_from_bits(0xFFC00000), float("inf"), float("-inf"), -0.0, 0.0, 1.5, 0.1, 1 / 3, 1e20, 1e-7,
    123456789.0, 1234567.125, 1234567.375, 1234565.0, 1e-4, 1e-5, 123456.0, 1234567.0, 100000.0, 999999.5,
    3.4028235e38, -3.4028235e38, 1.17549435e-38, 16777217.0, 0.3, 2.675, 1e-38, 9.99999e-5, 65504.0,
]
F64_SPECIAL = [
    float("nan"), f64_from_bits(0xFFF8000000000000), float("inf"), float("-inf"), -0.0, 0.0, 0.1, 1 / 3, 1e20, 2.5,
    1e300, 2.0 ** -30, 2.0 ** 60, 1e15, 1e16, 123456789012345.6, 1.7976931348623157e308, 2.2250738585072014e-308,
    1e-300, 9007199254740993.0, 0.3, 4.35, 1e-5, 1e-4, 99999.95,
]


def random_f32():
    r = rng.random()
    if r < 0.25:
        x = float(rng.choice(F32_SPECIAL))
        return 0.0 if is_subnormal(np.float32(x), np.float32) else x
    if r < 0.5:
        return float(rng.randint(-1000, 1000)) / rng.choice([1, 2, 4, 8, 10, 3, 7])
    while True:
        x = f32_from_bits(rng.getrandbits(32))
        if not is_subnormal(x, np.float32):
            return float(x)


def random_f64():
    r = rng.random()
    if r < 0.25:
        x = float(rng.choice(F64_SPECIAL))
        return 0.0 if is_subnormal(x, np.float64) else x
    if r < 0.5:
        return rng.randint(-10**6, 10**6) / rng.choice([1, 10, 3, 7, 1000])
    while True:
        x = f64_from_bits(rng.getrandbits(64))
        if not is_subnormal(x, np.float64):
            return float(x)


def random_half_bits():
    # All patterns, subnormals included: half converts to float exactly and stays normal there.
    return rng.getrandbits(16)


def random_bf16_bits():
    while True:
        bits = rng.getrandbits(16)
        exponent = (bits >> 7) & 0xFF
        if exponent != 0 or (bits & 0x7F) == 0:
            return bits


STRING_POOL = [
    b"", b"hi", b"one", b"two", b"three", b"q\"'\\", b"\n\t\r\x00\x01\x7f", "é€".encode(), b"a b", b"[x]",
    b"...", b"\x1b[0m", "日本語テキスト".encode(), b"x" * 120, b"tab\there", b"quote\"inside", b"back\\slash",
    bytes(range(0x20)), bytes(range(0x20, 0x80)), "😀".encode(), b"  spaces  ",
]
INVALID_UTF8_POOL = [b"\xff\xfe", b"\x80", b"ok\xc3", b"\xe2\x82"]


def random_string(allow_invalid):
    r = rng.random()
    if allow_invalid and r < 0.2:
        return rng.choice(INVALID_UTF8_POOL)
    if r < 0.7:
        return rng.choice(STRING_POOL)
    length = rng.randint(0, 12)
    return bytes(rng.choice(b"abcXYZ019 \"'\\\n\t\x00\x07\x7f") for _ in range(length))


INT_RANGES = {
    "int8": (np.int8, -128, 127), "int16": (np.int16, -2**15, 2**15 - 1), "int32": (np.int32, -2**31, 2**31 - 1),
    "int64": (np.int64, -2**63, 2**63 - 1), "uint8": (np.uint8, 0, 255), "uint16": (np.uint16, 0, 2**16 - 1),
    "uint32": (np.uint32, 0, 2**32 - 1), "uint64": (np.uint64, 0, 2**64 - 1),
    "qint8": (np.int8, -128, 127), "quint8": (np.uint8, 0, 255), "qint16": (np.int16, -2**15, 2**15 - 1),
    "quint16": (np.uint16, 0, 2**16 - 1), "qint32": (np.int32, -2**31, 2**31 - 1),
}
SUBBYTE = {"int4": (ml_dtypes.int4, -8, 7), "uint4": (ml_dtypes.uint4, 0, 15),
           "int2": (ml_dtypes.int2, -2, 1), "uint2": (ml_dtypes.uint2, 0, 3)}
MINIFLOAT = {"float8_e5m2": ml_dtypes.float8_e5m2, "float8_e4m3fn": ml_dtypes.float8_e4m3fn,
             "float8_e4m3b11fnuz": ml_dtypes.float8_e4m3b11fnuz, "float8_e4m3fnuz": ml_dtypes.float8_e4m3fnuz,
             "float8_e5m2fnuz": ml_dtypes.float8_e5m2fnuz, "float4_e2m1fn": ml_dtypes.float4_e2m1fn}


def make_tensor(dtype_name, shape, allow_invalid_utf8=False):
    """Returns (tensor, storage dict) with random contents."""
    n = int(np.prod(shape)) if shape else 1
    dt = tf.dtypes.as_dtype(dtype_name)
    if dtype_name == "string":
        items = [random_string(allow_invalid_utf8) for _ in range(n)]
        arr = np.array(items, dtype=object).reshape(shape)
        return tf.constant(arr, dtype=tf.string), {"strings_hex": [s.hex() for s in items]}
    if dtype_name == "float32":
        arr = np.array([random_f32() for _ in range(n)], dtype=np.float32)
    elif dtype_name == "float64":
        arr = np.array([random_f64() for _ in range(n)], dtype=np.float64)
    elif dtype_name == "float16":
        arr = np.array([random_half_bits() for _ in range(n)], dtype=np.uint16).view(np.float16)
    elif dtype_name == "bfloat16":
        arr = np.array([random_bf16_bits() for _ in range(n)], dtype=np.uint16).view(ml_dtypes.bfloat16)
    elif dtype_name in MINIFLOAT:
        width = 4 if dtype_name.startswith("float4") else 8
        arr = np.array([rng.getrandbits(width) for _ in range(n)], dtype=np.uint8).view(MINIFLOAT[dtype_name])
    elif dtype_name in SUBBYTE:
        np_type, lo, hi = SUBBYTE[dtype_name]
        arr = np.array([rng.randint(lo, hi) for _ in range(n)], dtype=np.int8).astype(np_type)
    elif dtype_name == "bool":
        arr = np.array([rng.random() < 0.5 for _ in range(n)], dtype=np.bool_)
    elif dtype_name in ("complex64", "complex128"):
        real = np.float32 if dtype_name == "complex64" else np.float64
        arr = (np.array([random_f32() for _ in range(n)], dtype=real)
               + 1j * np.array([random_f32() for _ in range(n)], dtype=real)).astype(dtype_name)
    elif dtype_name in INT_RANGES:
        np_type, lo, hi = INT_RANGES[dtype_name]
        picks = [rng.choice([lo, hi, 0, -1 if lo < 0 else 1, rng.randint(lo, hi), rng.randint(-100, 100) if lo < 0
                             else rng.randint(0, 100)]) for _ in range(n)]
        arr = np.array(picks, dtype=np_type)
    else:
        raise ValueError(dtype_name)
    arr = arr.reshape(shape)
    t = tf.constant(arr, dtype=dt)
    return t, {"data_hex": arr.tobytes().hex()}


# ---- case generation ------------------------------------------------------------------------------------

NUMERIC_DTYPES = ["float32", "float64", "float16", "bfloat16", "int8", "int16", "int32", "int64", "uint8", "uint16",
                  "uint32", "uint64", "bool", "complex64", "complex128", "qint8", "quint8", "qint16", "quint16",
                  "qint32", "float8_e5m2", "float8_e4m3fn", "float8_e4m3b11fnuz", "float8_e4m3fnuz",
                  "float8_e5m2fnuz", "float4_e2m1fn", "int4", "uint4", "int2", "uint2"]
FIXED_SHAPES = [[], [0], [1], [5], [2, 2], [3, 4], [2, 3], [2, 0], [0, 3], [2, 2, 1, 1], [5, 1, 5], [2, 3, 4],
                [1, 1, 1, 1], [10], [3, 7], [2, 3, 2, 3], [4, 4, 4], [1, 20]]
MAX_ENTRIES = [-1, 0, 1, 2, 3, 7, 10, 100]


def random_shape():
    rank = rng.randint(0, 4)
    return [rng.randint(0, 4) for _ in range(rank)]


def records_for(dtype_name, shape, max_entries_list, modes, allow_invalid_utf8=False):
    t, storage = make_tensor(dtype_name, shape, allow_invalid_utf8)
    for max_entries in max_entries_list:
        for v2 in modes:
            summary = summary_v2(t, max_entries) if v2 else summary_v1(t, max_entries)
            record = {"dtype": dtype_name, "dtype_enum": t.dtype.as_datatype_enum, "shape": shape,
                      "max_entries": max_entries, "print_v2": v2, **storage}
            try:
                record["expected"] = summary.decode("utf-8")
            except UnicodeDecodeError:
                record["expected_hex"] = summary.hex()
            yield record


def exhaustive_records():
    """Every bit pattern of the 8- and 4-bit types, and a large sample of 16/32/64-bit floats, as rank-1 tensors
    printed in full (v1 and v2), so each element's text is checked against TensorFlow."""
    tensors = []
    for name, np_type in MINIFLOAT.items():
        width = 4 if name.startswith("float4") else 8
        tensors.append((name, np.arange(1 << width, dtype=np.uint8).view(np_type)))
    for name, (np_type, lo, hi) in SUBBYTE.items():
        tensors.append((name, np.arange(lo, hi + 1, dtype=np.int8).astype(np_type)))
    tensors.append(("int8", np.arange(-128, 128, dtype=np.int8)))
    tensors.append(("uint8", np.arange(256, dtype=np.uint8)))
    half_bits = np.array(sorted(rng.sample(range(1 << 16), 1500)) + list(range(0, 1024, 37)), dtype=np.uint16)
    tensors.append(("float16", half_bits.view(np.float16)))
    tensors.append(("bfloat16", np.array([random_bf16_bits() for _ in range(1500)], dtype=np.uint16)
                    .view(ml_dtypes.bfloat16)))
    tensors.append(("float32", np.array([random_f32() for _ in range(1500)], dtype=np.float32)))
    tensors.append(("float64", np.array([random_f64() for _ in range(1500)], dtype=np.float64)))
    for dtype_name, arr in tensors:
        t = tf.constant(arr, dtype=tf.dtypes.as_dtype(dtype_name))
        # Rank 1 printed in full differs between the modes only by the brackets: one mode suffices for the
        # large samples.
        for v2 in (False,) if arr.size > 300 else (False, True):
            summary = summary_v2(t, -1) if v2 else summary_v1(t, -1)
            yield {"dtype": dtype_name, "dtype_enum": t.dtype.as_datatype_enum, "shape": list(arr.shape),
                   "max_entries": -1, "print_v2": v2, "data_hex": arr.tobytes().hex(),
                   "expected": summary.decode("utf-8")}


def main():
    records = []
    for dtype_name in NUMERIC_DTYPES + ["string"]:
        shapes = FIXED_SHAPES + [random_shape() for _ in range(6)]
        for shape in shapes:
            picks = rng.sample(MAX_ENTRIES, 2)
            records.extend(records_for(dtype_name, shape, picks, [False, True]))
    # Strings that are not UTF-8 (v2 channel only).
    for shape in [[], [3], [2, 2], [4, 3]]:
        records.extend(records_for("string", shape, [-1, 2], [True], allow_invalid_utf8=True))
    # Larger tensors with every max_entries value, both modes.
    for dtype_name in ["float32", "int32", "string", "bool", "complex64"]:
        records.extend(records_for(dtype_name, [3, 4, 5], MAX_ENTRIES + [59, 60, 61], [False, True]))
    records.extend(exhaustive_records())
    with open(OUT, "w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, ensure_ascii=True, sort_keys=True) + "\n")
    print(f"wrote {len(records)} vectors to {os.path.normpath(OUT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
