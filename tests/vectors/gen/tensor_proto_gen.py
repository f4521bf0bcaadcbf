"""Golden vectors for the TensorProto codec (docs/contracts/tensor.md#tensorproto), from real TensorFlow 2.21.

Run: python tests/vectors/gen/tensor_proto_gen.py > tests/vectors/tensor_proto.jsonl

Every line is one JSON object with a unique "id" and a "kind":

* "serialize": a tensor (dtype, dims, data) and the bytes TensorFlow writes for it.
  form "content" = AsProtoTensorContent (what tf.io.serialize_tensor writes for every non-string
  dtype), form "field" = AsProtoField (serialize_tensor for strings, and the form in which
  TensorFlow re-encodes the tensor held by a variant, which is how it is observed for the other
  dtypes). data is {"raw": hex of the element bytes as TensorFlow holds them in memory},
  {"strings": [hex, ...]} or {"variants": [null | {"dtype", "dims", "data"}]} (null = empty variant).
* "parse": hand-built TensorProto bytes fed to tf.io.parse_tensor(bytes, out_type).
  ok=true: "dims" of the result, plus "reserialized_hex" (tf.io.serialize_tensor of the result) when
  TensorFlow has a SerializeTensor kernel for the dtype, else "raw" (element bytes via numpy).
  ok=false: "error" is the exact message with TensorFlow's "{{function_node ...}} " prefix and
  " [Op:ParseTensor]" suffix stripped, unless the message is the FromProto rejection, whose tail is
  a randomised proto debug string: then "error_prefix" holds the stable prefix and "tf_error" the
  stripped message as observed (for reading only).
"""
import json
import os
import re
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.framework import tensor_pb2  # noqa: E402

OUT = []
IDS = set()


def emit(rec):
    assert rec["id"] not in IDS, rec["id"]
    IDS.add(rec["id"])
    OUT.append(rec)


def strip_op(msg):
    msg = re.sub(r"^\{\{function_node [^}]*\}\} ", "", msg)
    return re.sub(r" \[Op:ParseTensor\]$", "", msg)


FROM_PROTO_PREFIX = "Cannot parse tensor from proto: "

ALL_DTYPES = list(range(1, 34))
STRING, RESOURCE, VARIANT = 7, 20, 21
POD_DTYPES = [d for d in ALL_DTYPES if d not in (STRING, RESOURCE, VARIANT)]
SIZE = {1: 4, 2: 8, 3: 4, 4: 1, 5: 2, 6: 1, 8: 8, 9: 8, 10: 1, 11: 1, 12: 1, 13: 4, 14: 2, 15: 2,
        16: 2, 17: 2, 18: 16, 19: 2, 22: 4, 23: 8}
for d in range(24, 34):
    SIZE[d] = 1


def as_dtype(v):
    return tf.dtypes.as_dtype(v)


_SERIALIZABLE = {}


def serializable(dtype):
    """Whether TensorFlow has a SerializeTensor kernel for the dtype."""
    if dtype not in _SERIALIZABLE:
        p = tensor_pb2.TensorProto(dtype=dtype)
        p.tensor_shape.dim.add(size=1)
        try:
            t = tf.io.parse_tensor(p.SerializeToString(), as_dtype(dtype))
            tf.io.serialize_tensor(t)
            _SERIALIZABLE[dtype] = True
        except Exception:  # noqa: BLE001 - no kernel
            _SERIALIZABLE[dtype] = False
    return _SERIALIZABLE[dtype]


def raw_bytes(t):
    a = t.numpy()
    return np.ascontiguousarray(a).tobytes()


def shape_proto(p, dims):
    p.tensor_shape.SetInParent()
    for d in dims:
        p.tensor_shape.dim.add(size=d)


def content_proto(dtype, dims, raw):
    p = tensor_pb2.TensorProto(dtype=dtype)
    shape_proto(p, dims)
    p.tensor_content = raw
    return p


def parse(serialized, dtype):
    return tf.io.parse_tensor(serialized, as_dtype(dtype))


def data_of(t, dtype):
    if dtype == STRING:
        return {"strings": [bytes(s).hex() for s in np.array(t.numpy(), dtype=object).reshape(-1)]}
    return {"raw": raw_bytes(t).hex()}


def unframe(content, n):
    """Splits a string-list framed tensor_content (varint32 lengths first)."""
    lens, i = [], 0
    for _ in range(n):
        v, shift = 0, 0
        while True:
            b = content[i]
            i += 1
            v |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                break
        lens.append(v)
    out = []
    for n_ in lens:
        out.append(content[i:i + n_])
        i += n_
    return out


def variant_of(inner_proto):
    """A variant scalar proto holding the tensor of inner_proto."""
    p = tensor_pb2.TensorProto(dtype=VARIANT)
    shape_proto(p, [])
    v = p.variant_val.add()
    v.type_name = "tensorflow::Tensor"
    v.tensors.add().CopyFrom(inner_proto)
    return p


def serialize_vectors(name, dtype, dims, t):
    """Content form (if TF can serialize the dtype) and field form (through a variant) of t."""
    data = data_of(t, dtype)
    tensor = {"dtype": dtype, "dims": list(dims), "data": data}
    if serializable(dtype):
        b = tf.io.serialize_tensor(t).numpy()
        form = "field" if dtype == STRING else "content"
        emit({"id": f"serialize/{form}/{name}", "kind": "serialize", "form": form,
              **tensor, "expected_hex": b.hex()})
    if dtype == STRING:
        inner = tensor_pb2.TensorProto.FromString(tf.io.serialize_tensor(t).numpy())
    else:
        inner = content_proto(dtype, dims, bytes.fromhex(data["raw"]))
    wrapped = parse(variant_of(inner).SerializeToString(), VARIANT)
    outer = tf.io.serialize_tensor(wrapped).numpy()
    emit({"id": f"serialize/variant_content/{name}", "kind": "serialize", "form": "content",
          "dtype": VARIANT, "dims": [], "data": {"variants": [tensor]}, "expected_hex": outer.hex()})
    content = tensor_pb2.TensorProto.FromString(outer).tensor_content
    (element,) = unframe(content, 1)
    field = tensor_pb2.VariantTensorDataProto.FromString(element).tensors[0].SerializeToString()
    if dtype != STRING:
        emit({"id": f"serialize/field/{name}", "kind": "serialize", "form": "field", **tensor,
              "expected_hex": field.hex()})


SHAPES = [[], [0], [1], [3], [2, 3], [0, 3], [3, 0], [2, 1, 2], [1, 2, 0, 3], [2, 2, 1, 2]]

RNG = np.random.default_rng(2021)


def sample_values(dtype, n):
    """Element bytes for n elements, mixing special values with random ones."""
    np_dtype = {1: np.float32, 2: np.float64, 3: np.int32, 4: np.uint8, 5: np.int16, 6: np.int8,
                9: np.int64, 17: np.uint16, 22: np.uint32, 23: np.uint64}.get(dtype)
    if dtype in (1, 2, 19, 14, 8, 18):
        specials = [0.0, -0.0, 1.5, -2.25, np.inf, -np.inf, np.nan, 1e-40, 3.4e38, 1 / 3, 65504.0, -1e-8]
        k = 2 if dtype in (8, 18) else 1
        vals = [specials[i % len(specials)] if i % 2 == 0 else RNG.normal() * 100 for i in range(n * k)]
        fl = {1: np.float32, 2: np.float64, 19: np.float16, 14: as_dtype(14).as_numpy_dtype,
              8: np.float32, 18: np.float64}[dtype]
        with np.errstate(over="ignore"):
            return np.array(vals, dtype=np.float64).astype(fl).tobytes()
    if np_dtype is not None:
        info = np.iinfo(np_dtype)
        specials = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2]
        vals = [specials[i % 5] if i % 2 == 0 else RNG.integers(info.min, info.max, endpoint=True, dtype=np_dtype)
                for i in range(n)]
        return np.array(vals, dtype=object).astype(np_dtype).tobytes()
    if dtype == 10:
        return bytes(RNG.integers(0, 1, size=n, endpoint=True).astype(np.uint8))
    # quantized, float8, int4, ...: any bit pattern (sub-byte ints keep the whole byte).
    return bytes(RNG.integers(0, 255, size=n * SIZE[dtype], endpoint=True).astype(np.uint8))


def gen_serialize():
    for dtype in POD_DTYPES:
        for dims in SHAPES:
            n = int(np.prod(dims)) if dims else 1
            raw = sample_values(dtype, n)
            if serializable(dtype) and dtype not in (14, 19):
                np_t = np.frombuffer(raw, dtype=as_dtype(dtype).as_numpy_dtype).reshape(dims)
                t = tf.constant(np_t, dtype=as_dtype(dtype))
            else:
                t = parse(content_proto(dtype, dims, raw).SerializeToString(), dtype)
            name = f"{as_dtype(dtype).name}/{'x'.join(map(str, dims)) or 'scalar'}"
            serialize_vectors(name, dtype, dims, t)
    pool = [b"", b"a", b"bc", b"\x00\xff", "é€".encode(), b"x" * 127, b"y" * 128, b"z" * 300]
    for dims in SHAPES:
        n = int(np.prod(dims)) if dims else 1
        vals = [pool[(i * 3 + len(dims)) % len(pool)] for i in range(n)]
        t = tf.constant(np.array(vals, dtype=object).reshape(dims), dtype=tf.string)
        serialize_vectors(f"string/{'x'.join(map(str, dims)) or 'scalar'}", STRING, dims, t)
    # Empty variants and a vector mixing tensor variants of several dtypes.
    p = tensor_pb2.TensorProto(dtype=VARIANT)
    shape_proto(p, [3])
    p.variant_val.add()
    v = p.variant_val.add()
    v.type_name = "tensorflow::Tensor"
    v.tensors.add().CopyFrom(content_proto(3, [2], np.array([7, -7], np.int32).tobytes()))
    t = parse(p.SerializeToString(), VARIANT)
    emit({"id": "serialize/content/variant/3_mixed", "kind": "serialize", "form": "content",
          "dtype": VARIANT, "dims": [3],
          "data": {"variants": [None, {"dtype": 3, "dims": [2],
                                       "data": {"raw": np.array([7, -7], np.int32).tobytes().hex()}}, None]},
          "expected_hex": tf.io.serialize_tensor(t).numpy().hex()})


class Parse:
    """Builds parse vectors: accepted ones record the result, rejected ones the message."""

    def __init__(self, group):
        self.group = group
        self.count = 0

    def __call__(self, label, serialized, out_type):
        if not isinstance(serialized, bytes):
            serialized = serialized.SerializeToString()
        self.count += 1
        rec = {"id": f"parse/{self.group}/{self.count:03d}/{label}", "kind": "parse",
               "input_hex": serialized.hex(), "out_type": out_type}
        try:
            t = parse(serialized, out_type)
        except tf.errors.InvalidArgumentError as e:
            msg = strip_op(e.message)
            rec["ok"] = False
            if msg.startswith(FROM_PROTO_PREFIX):
                rec["error_prefix"] = FROM_PROTO_PREFIX
                rec["tf_error"] = msg
            else:
                rec["error"] = msg
            emit(rec)
            return
        rec["ok"] = True
        rec["dims"] = [int(d) for d in t.shape]
        n = int(np.prod(rec["dims"])) if rec["dims"] else 1
        if n * SIZE.get(out_type, 24) > 1 << 20:
            rec["note"] = "large result: only accept and dims recorded"
        elif out_type == RESOURCE and n == 0:
            rec["note"] = "TensorFlow cannot serialize or convert an empty resource tensor: dims only"
        elif serializable(out_type):
            rec["reserialized_hex"] = tf.io.serialize_tensor(t).numpy().hex()
        else:
            rec["raw"] = raw_bytes(t).hex()
        emit(rec)


def tp(dtype, dims=None, **fields):
    p = tensor_pb2.TensorProto(dtype=dtype)
    if dims is not None:
        shape_proto(p, dims)
    for k, v in fields.items():
        if isinstance(v, list):
            getattr(p, k).extend(v)
        else:
            setattr(p, k, v)
    return p


FIELD_OF = {1: "float_val", 2: "double_val", 3: "int_val", 4: "int_val", 5: "int_val", 6: "int_val",
            8: "scomplex_val", 9: "int64_val", 10: "bool_val", 11: "int_val", 12: "int_val",
            13: "int_val", 14: "half_val", 15: "int_val", 16: "int_val", 17: "int_val",
            18: "dcomplex_val", 19: "half_val", 22: "uint32_val", 23: "uint64_val"}
for d in range(24, 29):
    FIELD_OF[d] = "float8_val"
for d in range(29, 33):
    FIELD_OF[d] = "int_val"
FIELD_OF[33] = "float8_val"

FIELD_SAMPLES = {
    "float_val": [1.5, -0.0, float("inf"), 3.0, float("nan"), 1e-45],
    "double_val": [2.5, -1e300, float("-inf"), 5e-324, 0.1, 7.0],
    "int_val": [300, -129, 70000, -1, 256, 2147483647, -2147483648, 7],
    "scomplex_val": [1.0, 2.0, -3.0, 4.5, 0.25, -0.5, 9.0],
    "int64_val": [-5, 6, 9223372036854775807, -9223372036854775808, 0],
    "bool_val": [True, False, True],
    "dcomplex_val": [1.0, 2.0, 3.0, 4.0, -5.5, 6.5, 7.0],
    "half_val": [0x3C00, 0x13C00, -1, 0x3F80, 0x4000, 0x7C00, 65535, 0x10000],
    "uint32_val": [4294967295, 0, 123456789],
    "uint64_val": [18446744073709551615, 1, 2 ** 63],
    "float8_val": bytes([0x01, 0x80, 0xFF, 0x7F, 0x38]),
}


def gen_parse_fields():
    P = Parse("fields")
    for dtype in POD_DTYPES:
        field = FIELD_OF[dtype]
        sample = FIELD_SAMPLES[field]
        for n in (1, 3, 5):
            for have in (0, 1, 2, n, n + 2):
                per = 2 if field in ("scomplex_val", "dcomplex_val") else 1
                vals = sample[: have * per] if have * per <= len(sample) else (sample * 4)[: have * per]
                p = tp(dtype, [n])
                if field == "float8_val":
                    p.float8_val = bytes(vals)
                else:
                    getattr(p, field).extend(vals)
                P(f"{as_dtype(dtype).name}/n{n}/have{have}", p, dtype)
        # Odd complex counts: a trailing real part without imaginary part is dropped.
        if per == 2:
            P(f"{as_dtype(dtype).name}/odd1", tp(dtype, [2], **{field: [1.0]}), dtype)
            P(f"{as_dtype(dtype).name}/odd3", tp(dtype, [2], **{field: [1.0, 2.0, 3.0]}), dtype)
        # Other dtypes' fields are ignored.
        others = [f for f in set(FIELD_OF.values()) if f != field]
        p = tp(dtype, [2])
        for f in others:
            if f == "float8_val":
                p.float8_val = b"\x05\x06"
            else:
                getattr(p, f).extend(FIELD_SAMPLES[f][:2])
        p.string_val.extend([b"s"])
        P(f"{as_dtype(dtype).name}/other_fields_ignored", p, dtype)
        # Content wins over typed fields.
        p = tp(dtype, [2], tensor_content=bytes(range(1, 1 + 2 * SIZE[dtype])) if dtype != 10 else b"\x01\x00")
        if field == "float8_val":
            p.float8_val = b"\x09"
        else:
            getattr(p, field).extend(sample[:2])
        P(f"{as_dtype(dtype).name}/content_wins", p, dtype)
        # A scalar without a tensor_shape field, and with unknown_rank.
        one = bytes(sample[:1]) if field == "float8_val" else None
        p = tp(dtype)
        if one is not None:
            p.float8_val = one
        else:
            getattr(p, field).extend(sample[: 2 if per == 2 else 1])
        P(f"{as_dtype(dtype).name}/no_shape_field", p, dtype)
        p.tensor_shape.unknown_rank = True
        P(f"{as_dtype(dtype).name}/unknown_rank_scalar", p, dtype)
        p.tensor_shape.dim.add(size=2)
        P(f"{as_dtype(dtype).name}/unknown_rank_with_dim", p, dtype)
        p.version_number = 7
        P(f"{as_dtype(dtype).name}/version_number_ignored", p, dtype)
    # Strings.
    for n in (1, 3, 4):
        for have in (0, 1, 2, n, n + 1):
            P(f"string/n{n}/have{have}", tp(STRING, [n], string_val=[b"a", b"bc", b"", b"\xff"][:have] if have <= 4 else [b"q"] * have), STRING)
    P("string/spec_a_bc", tp(STRING, [3], string_val=[b"a", b"bc"]), STRING)
    P("string/other_fields_ignored", tp(STRING, [2], int_val=[1], float_val=[2.0]), STRING)
    P("string/no_shape", tp(STRING, string_val=[b"only"]), STRING)
    # Worked decoding examples (tails, repetition, narrowing, half patterns, field mix-ups).
    P("worked/float3_one", tp(1, [3], float_val=[1]), 1)
    P("worked/float3_two", tp(1, [3], float_val=[1, 2]), 1)
    P("worked/float3_none", tp(1, [3]), 1)
    P("worked/float2_three", tp(1, [2], float_val=[1, 2, 3]), 1)
    P("worked/half_13c00", tp(19, [], half_val=[0x13C00]), 19)
    P("worked/half_minus1", tp(19, [], half_val=[-1]), 19)
    P("worked/int8_300", tp(6, [2], int_val=[300, -129]), 6)
    P("worked/uint8_m1", tp(4, [2], int_val=[-1, 256]), 4)
    P("worked/int16_70000", tp(5, [], int_val=[70000]), 5)
    P("worked/uint16_m1", tp(17, [], int_val=[-1]), 17)
    P("worked/int32_only_int64", tp(3, [2], int64_val=[5, 6]), 3)
    P("worked/uint32_max", tp(22, [4], uint32_val=[4294967295]), 22)
    P("worked/uint64_max", tp(23, [4], uint64_val=[18446744073709551615]), 23)
    P("worked/qint32_m7", tp(13, [2], int_val=[-7]), 13)
    P("worked/qint8_200", tp(11, [], int_val=[200]), 11)
    P("worked/complex128", tp(18, [3], dcomplex_val=[1, 2, 3, 4]), 18)
    P("worked/bool_true", tp(10, [3], bool_val=[True]), 10)
    # Repetition amplification and a large zero-filled request (accept only).
    P("large/float_1m_one_value", tp(1, [1 << 20], float_val=[3.0]), 1)
    P("large/float_80mb_no_values", tp(1, [20 * 1000 * 1000]), 1)
    P("large/string_100k_one_value", tp(STRING, [100000], string_val=[b"ab"]), STRING)


def gen_parse_content():
    P = Parse("content")
    for dtype in POD_DTYPES:
        name = as_dtype(dtype).name
        size = SIZE[dtype]
        good = bytes((i * 37 + 1) % 256 for i in range(3 * size))
        if dtype == 10:
            good = b"\x00\x01\x01"
        P(f"{name}/exact", tp(dtype, [3], tensor_content=good), dtype)
        P(f"{name}/one_short", tp(dtype, [3], tensor_content=good[:-1]), dtype)
        P(f"{name}/one_long", tp(dtype, [3], tensor_content=good + b"\x00"), dtype)
        P(f"{name}/scalar_exact", tp(dtype, [], tensor_content=good[:size]), dtype)
        P(f"{name}/empty_shape_junk_content", tp(dtype, [0], tensor_content=b"junk"), dtype)
        P(f"{name}/2x0_junk_content", tp(dtype, [2, 0], tensor_content=b"junk", int_val=[1]), dtype)
    for bad in (b"\x00\x01\x02", b"\xff\x00\x00", b"\x01\x01\x80"):
        P(f"bool/byte_{bad.hex()}", tp(10, [3], tensor_content=bad), 10)
    P("bool/upstream_00_01_02_03_04", tp(10, [5], tensor_content=bytes(range(5))), 10)
    P("worked/float2_7bytes", tp(1, [2], tensor_content=b"\x00" * 7), 1)
    P("worked/half2_content_and_field", tp(19, [1], tensor_content=b"\x00\x3c", half_val=[0x4000]), 19)
    # String framing.
    S = STRING
    P("string/a_bc", tp(S, [2], tensor_content=b"\x01\x02abc"), S)
    P("string/sum_short", tp(S, [2], tensor_content=b"\x01\x02ab"), S)
    P("string/sum_long", tp(S, [2], tensor_content=b"\x01\x02abcd"), S)
    P("string/truncated_varint", tp(S, [1], tensor_content=b"\x80"), S)
    P("string/truncated_varint_2", tp(S, [2], tensor_content=b"\x01\x80"), S)
    P("string/more_elements_than_bytes", tp(S, [4], tensor_content=b"\x00\x00"), S)
    P("string/zero_lengths", tp(S, [3], tensor_content=b"\x00\x00\x00"), S)
    P("string/two_byte_length", tp(S, [1], tensor_content=b"\x80\x01" + b"q" * 128), S)
    P("string/non_minimal_varint", tp(S, [1], tensor_content=b"\x81\x00z"), S)
    P("string/five_byte_varint_zero", tp(S, [1], tensor_content=b"\x80\x80\x80\x80\x00"), S)
    P("string/five_byte_varint_high_bits", tp(S, [1], tensor_content=b"\x80\x80\x80\x80\x10"), S)
    P("string/five_byte_varint_value_1", tp(S, [1], tensor_content=b"\x81\x80\x80\x80\x10x"), S)
    P("string/six_byte_varint", tp(S, [1], tensor_content=b"\x80\x80\x80\x80\x80\x00"), S)
    P("string/huge_length", tp(S, [1], tensor_content=b"\xff\xff\xff\xff\x0f"), S)
    P("string/content_wins", tp(S, [2], tensor_content=b"\x01\x00x", string_val=[b"field"]), S)
    P("string/scalar_content", tp(S, [], tensor_content=b"\x03abc"), S)
    P("string/shape0_junk", tp(S, [0], tensor_content=b"\xff"), S)
    P("string/2x2", tp(S, [2, 2], tensor_content=b"\x01\x00\x02\x03a" + b"bc" + b"def"), S)


def gen_parse_shapes_and_dtypes():
    P = Parse("shape_dtype_wire")
    big = 1 << 62
    for dims in ([-1], [2, -1], [-2], [3, -5, 2], [-9223372036854775808], [0, -1]):
        P(f"negative_dim/{dims}", tp(1, dims, float_val=[1]), 1)
    for dims in ([big, 4], [big, 4, 0], [big, 2, 0], [big, 2], [1 << 32, 1 << 31],
                 [9223372036854775807, 2], [3, 3074457345618258603]):
        P(f"overflow/{dims}", tp(1, dims), 1)
    for dims in ([0, big, 4], [big, 1, 0], [1, 0, 9223372036854775807], [9223372036854775807, 0],
                 [big, 1, 1, 0]):
        P(f"zero_prefix/{dims}", tp(1, dims), 1)
    P("rank/254", tp(1, [1] * 254, float_val=[2]), 1)
    P("rank/255", tp(1, [1] * 255, float_val=[2]), 1)
    P("rank/300", tp(1, [1] * 300), 1)
    P("rank/254_with_zero", tp(1, [1] * 253 + [0]), 1)
    P("rank/255_with_zero", tp(1, [0] * 255), 1)
    p = tp(1, [2], float_val=[1])
    p.tensor_shape.dim[0].name = "batch"
    P("dim_name_ignored", p, 1)
    for dtype in (0, 34, 99, 200, -1, 2 ** 31 - 1) + tuple(range(101, 134)) + (100, 134):
        for n_dims in ([], [0], [3]):
            out = 1
            P(f"dtype/{dtype}/{n_dims}", tp(dtype, n_dims, float_val=[1]), out)
    for dtype in ALL_DTYPES:
        for dims in ([0], [1], [2, 0]):
            P(f"value_dtype/{dtype}/{dims}", tp(dtype, dims), dtype)
    # Type mismatch after a successful decode (exact message).
    for parsed, wanted in ((1, 3), (3, 1), (7, 1), (19, 14), (14, 19), (20, 21), (24, 25), (33, 1),
                           (11, 6), (13, 3)):
        P(f"mismatch/{parsed}_as_{wanted}", tp(parsed, [0]), wanted)
    # Wire-format errors (exact message with base64).
    for label, raw in (("truncated_varint", b"\x08"), ("truncated_length", b"\x12\x05\x12"),
                       ("bad_wire_type_7", b"\x0f\x00"), ("field_zero", b"\x00\x01"),
                       ("truncated_float", b"\x08\x01\x2d\x00\x00"),
                       ("nested_truncated", b"\x08\x01\x12\x04\x12\x02\x08"),
                       ("invalid_utf8_dim_name", b"\x08\x01\x12\x05\x12\x03\x12\x01\xff"),
                       ("ff_ff", b"\xff\xff"), ("end_group_only", b"\x0c"),
                       ("overlong_varint", b"\x08" + b"\xff" * 10 + b"\x01")):
        P(f"wire/{label}", raw, 1)
    # Accepted wire-level variations.
    P("wire/empty_input_is_dtype_0", b"", 1)
    P("wire/unknown_field", b"\x08\x01\xa0\x06\x05\x2a\x04\x00\x00\x80\x3f", 1)
    P("wire/unpacked_floats", b"\x08\x01\x12\x04\x12\x02\x08\x02\x2d\x00\x00\x80\x3f\x2d\x00\x00\x00\x40", 1)
    P("wire/dtype_twice_last_wins", b"\x08\x03\x08\x01\x2a\x04\x00\x00\x80\x3f", 1)
    P("wire/shape_twice_merges", b"\x08\x01\x12\x04\x12\x02\x08\x02\x12\x04\x12\x02\x08\x03", 1)
    P("wire/content_twice_last_wins", b"\x08\x01\x22\x02ab\x22\x04\x00\x00\x80\x3f", 1)
    P("wire/negative_int32_10_bytes", tp(3, [1], int_val=[-5]), 3)
    P("wire/bool_varint_2", b"\x08\x0a\x5a\x01\x02", 10)
    P("wire/int32_varint_over_32_bits", b"\x08\x03\x3a\x06\xff\xff\xff\xff\xff\x01", 3)
    P("wire/dtype_wrong_wire_type_is_unknown_field", b"\x08\x01\x0a\x00\x2a\x04\x00\x00\x80\x3f", 1)
    P("wire/version_wrong_wire_type", b"\x08\x01\x1a\x01x\x2a\x04\x00\x00\x80\x3f", 1)
    f1 = b"\x2a\x04\x00\x00\x80\x3f"
    P("wire/float_val_as_varint_ignored", b"\x08\x01" + f1 + b"\x28\x05", 1)
    P("wire/float_val_as_fixed64_ignored", b"\x08\x01" + f1 + b"\x29" + b"\x00" * 8, 1)
    P("wire/int_val_as_fixed32_ignored", b"\x08\x03\x3a\x01\x07\x3d\x01\x00\x00\x00", 3)
    P("wire/string_val_as_varint_ignored", b"\x08\x07\x42\x01a\x40\x01", 7)
    P("wire/content_as_varint_ignored", b"\x08\x01\x20\x07" + f1, 1)
    P("wire/shape_as_varint_ignored", b"\x08\x01\x10\x05" + f1, 1)
    P("wire/dim_size_as_fixed32_ignored", b"\x08\x01\x12\x09\x12\x07\x0d\x01\x02\x03\x04\x08\x02" + f1, 1)
    P("wire/dim_as_varint_ignored", b"\x08\x01\x12\x04\x10\x03\x18\x01" + f1, 1)
    P("wire/unknown_rank_as_len_ignored", b"\x08\x01\x12\x06\x1a\x00\x12\x02\x08\x02" + f1, 1)
    P("wire/start_group_unknown_field", b"\x08\x01\xa3\x06\x08\x01\xa4\x06" + f1, 1)
    P("wire/dtype_as_group_skipped", b"\x08\x01\x0b\x08\x05\x0c" + f1, 1)
    P("wire/unterminated_group", b"\x08\x01\x0b\x08\x05" + f1, 1)
    P("wire/mismatched_end_group", b"\x08\x01\x0b\x14", 1)
    h = b"\x1a\x01a" + b"\x20\x01" + b"\x22\x00"  # name "a", hash_code, hash_code as bytes (ignored)
    P("wire/resource_field_mismatch_ignored", b"\x08\x14\x72" + bytes([len(h)]) + h, RESOURCE)
    P("wire/resource_content_mismatch_ignored", b"\x08\x14\x22" + bytes([len(h) + 1, len(h)]) + h, RESOURCE)
    v = b"\x08\x01"  # type_name as varint: ignored, leaving the empty variant
    P("wire/variant_field_mismatch_ignored", b"\x08\x15\x7a\x02" + v, VARIANT)
    P("wire/variant_content_mismatch_ignored", b"\x08\x15\x22\x03\x02" + v, VARIANT)
    tensor = b"\x08\x01\x12\x00\x0a\x00" + f1  # dtype, shape, field 1 as bytes (ignored), float_val
    inner = b"\x0a\x12tensorflow::Tensor\x1a" + bytes([len(tensor)]) + tensor
    P("wire/variant_inner_tensor_mismatch_ignored", b"\x08\x15\x12\x00\x7a" + bytes([len(inner)]) + inner, VARIANT)


def handle(name="", device="", container="", hash_code=0, type_name="", shapes=()):
    h = tensor_pb2.TensorProto().resource_handle_val.add()
    h.name, h.device, h.container, h.hash_code, h.maybe_type_name = name, device, container, hash_code, type_name
    for dtype, dims, unknown in shapes:
        e = h.dtypes_and_shapes.add()
        e.dtype = dtype
        e.shape.SetInParent()
        e.shape.unknown_rank = unknown
        for d in dims:
            e.shape.dim.add(size=d)
    return h


def frame(items):
    out = b""
    for it in items:
        n = len(it)
        while True:
            b = n & 0x7F
            n >>= 7
            out += bytes([b | (0x80 if n else 0)])
            if not n:
                break
    return out + b"".join(items)


def gen_resource_variant():
    P = Parse("resource_variant")
    R, V = RESOURCE, VARIANT
    h1 = handle("a", "/job:localhost/replica:0/task:0/device:CPU:0", "c", 12345678901234567890, "T",
                [(1, [2, 3], False), (3, [], True)])
    h2 = handle("b", shapes=[(2, [-1, 0], False)])
    h3 = handle("c", hash_code=1)
    for label, hs, dims in (("one", [h1], []), ("three", [h1, h2, h3], [3]), ("fill_default", [h2], [3]),
                            ("none", [], [2]), ("extra_ignored", [h1, h2, h3], [2])):
        p = tp(R, dims)
        for h in hs:
            p.resource_handle_val.add().CopyFrom(h)
        P(f"resource/field/{label}", p, R)
        if len(hs) and dims and dims[0] == len(hs):
            P(f"resource/content/{label}", tp(R, dims, tensor_content=frame([h.SerializeToString() for h in hs])), R)
    for label, shapes in (("neg2", [(1, [-2, 3], False)]), ("unknown_with_dims", [(1, [4, 5], True)]),
                          ("rank254", [(1, [1] * 254, False)]), ("rank255", [(1, [1] * 255, False)]),
                          ("overflow", [(1, [1 << 62, 4], False)]), ("overflow_after_unknown", [(1, [-1, 1 << 62, 4], False)]),
                          ("zero_then_huge", [(1, [0, 1 << 62, 4], False)]), ("huge_then_2", [(1, [1 << 62, 2], False)]),
                          ("huge_0_4", [(1, [1 << 62, 0, 4], False)]), ("m1_huge_1", [(1, [-1, 1 << 62, 1], False)]),
                          ("huge_m1_4", [(1, [1 << 62, -1, 4], False)]), ("m1_m1", [(1, [-1, -1], False)]),
                          ("3_huge", [(1, [3, 1 << 62], False)]), ("0_max_2", [(1, [0, 2 ** 63 - 1, 2], False)]),
                          ("m5_huge_4", [(1, [-5, 1 << 62, 4], False)]), ("huge_1_0", [(1, [1 << 62, 1, 0], False)]),
                          ("huge_2_0", [(1, [1 << 62, 2, 0], False)]), ("m1_2_huge", [(1, [-1, 2, 1 << 62], False)]),
                          ("huge_4_m1", [(1, [1 << 62, 4, -1], False)]), ("0_m1_huge_4", [(1, [0, -1, 1 << 62, 4], False)]),
                          ("0_3_huge", [(1, [0, 3, 1 << 62], False)]), ("huge_1_0_2", [(1, [1 << 62, 1, 0, 2], False)]),
                          ("0_huge_1", [(1, [0, 1 << 62, 1], False)]), ("2_m1_2p61_2", [(1, [2, -1, 1 << 61, 2], False)]),
                          ("2_m1_2p61", [(1, [2, -1, 1 << 61], False)]), ("2p32_0_2p31", [(1, [1 << 32, 0, 1 << 31], False)]),
                          ("2p32_0_2p31m1", [(1, [1 << 32, 0, (1 << 31) - 1], False)]), ("max_0_1", [(1, [2 ** 63 - 1, 0, 1], False)]),
                          ("m2_max", [(1, [-2, 2 ** 63 - 1], False)]), ("0_2p32_2p32", [(1, [0, 1 << 32, 1 << 32], False)]),
                          ("two_entries_second_bad", [(1, [2], False), (2, [1 << 62, 4], False)]),
                          ("partial_dims_0", [(9, [0, -1, 3], False)])):
        p = tp(R, [1])
        p.resource_handle_val.add().CopyFrom(handle("s", shapes=shapes))
        P(f"resource/shape/{label}", p, R)
        P(f"resource/content_shape/{label}", tp(R, [1], tensor_content=frame([handle("s", shapes=shapes).SerializeToString()])), R)
    p = tp(R, [1])
    p.resource_handle_val.add().CopyFrom(h1)
    p.resource_handle_val.add().CopyFrom(handle("bad", shapes=[(1, [1 << 62, 4], False)]))
    P("resource/field/invalid_extra_not_converted", p, R)
    p = tp(R, [2])
    p.resource_handle_val.add().CopyFrom(h1)
    p.resource_handle_val.add().CopyFrom(handle("bad", shapes=[(1, [1 << 62, 4], False)]))
    P("resource/field/invalid_second", p, R)
    P("resource/content/invalid_second", tp(R, [2], tensor_content=frame([h1.SerializeToString(), handle("bad", shapes=[(1, [1 << 62, 4], False)]).SerializeToString()])), R)
    P("resource/content/not_a_proto", tp(R, [1], tensor_content=b"\x02\xff\xff"), R)
    P("resource/content/bad_framing", tp(R, [2], tensor_content=b"\x01\x05\x00"), R)
    P("resource/content/empty_items", tp(R, [2], tensor_content=b"\x00\x00"), R)
    P("resource/content/bad_utf8_name", tp(R, [1], tensor_content=b"\x03\x1a\x01\xff"), R)
    P("resource/scalar_shape0", tp(R, [0], tensor_content=b"\xff"), R)
    # Variants.
    def var(type_name="", metadata=b"", tensors=()):
        v = tensor_pb2.VariantTensorDataProto(type_name=type_name, metadata=metadata)
        for t in tensors:
            v.tensors.add().CopyFrom(t)
        return v
    f42 = tp(1, [], float_val=[42])
    i3 = tp(3, [3], int_val=[1, 2])
    s2 = tp(STRING, [2], string_val=[b"x"])
    for label, vs, dims in (("empty", [var()], []), ("empty_fill", [], [3]), ("tensor_f42", [var("tensorflow::Tensor", tensors=[f42])], []),
                            ("mixed", [var(), var("tensorflow::Tensor", tensors=[i3]), var("tensorflow::Tensor", tensors=[s2])], [3]),
                            ("fill_default", [var("tensorflow::Tensor", tensors=[f42])], [3]),
                            ("metadata_ignored", [var("tensorflow::Tensor", metadata=b"m", tensors=[f42])], []),
                            ("second_tensor_ignored", [var("tensorflow::Tensor", tensors=[f42, i3])], []),
                            ("nested", [var("tensorflow::Tensor", tensors=[variant_of(f42)])], []),
                            ("unregistered", [var("foo")], []), ("empty_with_metadata", [var(metadata=b"x")], []),
                            ("empty_with_tensor", [var(tensors=[f42])], []), ("extra_ignored", [var(), var("foo")], [1])):
        p = tp(V, dims)
        for v in vs:
            p.variant_val.add().CopyFrom(v)
        P(f"variant/field/{label}", p, V)
        if vs and (dims == [] or dims[0] == len(vs)):
            P(f"variant/content/{label}", tp(V, dims, tensor_content=frame([v.SerializeToString() for v in vs])), V)
    P("variant/content/not_a_proto", tp(V, [1], tensor_content=b"\x01\xff"), V)
    P("variant/content/bad_framing", tp(V, [1], tensor_content=b"\x05\x00"), V)
    P("variant/content/all_empty", tp(V, [4], tensor_content=b"\x00" * 4), V)


def main():
    gen_serialize()
    gen_parse_fields()
    gen_parse_content()
    gen_parse_shapes_and_dtypes()
    gen_resource_variant()
    for rec in OUT:
        sys.stdout.write(json.dumps(rec, sort_keys=True) + "\n")
    sys.stderr.write(f"{len(OUT)} vectors\n")


if __name__ == "__main__":
    main()
