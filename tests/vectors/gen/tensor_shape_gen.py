"""Golden TensorShape / PartialTensorShape facts from the real TensorFlow C++ library (ctypes).

Writes tests/vectors/tensor_shape.jsonl. Each line has "op" and its inputs plus what TensorFlow
returned: "status" (null for OK, else the message without the "CODE: " prefix), "num_elements"
and "debug" (the shape's DebugString) where a shape results.
Run: python tests/vectors/gen/tensor_shape_gen.py
"""
import ctypes, json, os, sys
import tensorflow as tf
from tensorflow.core.framework import tensor_shape_pb2

lib = ctypes.CDLL(os.path.join(os.path.dirname(tf.__file__), "libtensorflow_framework.so.2"))
VP, L = ctypes.c_void_p, ctypes.c_long


def fn(name, argtypes, restype=None):
    f = getattr(lib, name)
    f.argtypes, f.restype = argtypes, restype
    return f


# Member functions returning absl::Status or std::string use a hidden result pointer first.
shape_ctor = fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEEC1Ev", [VP])
make_shape = {
    "tensor": fn("_ZN10tensorflow15MakeShapeHelperIlNS_11TensorShapeEEEN4absl12lts_202508146StatusEPKT_lPT0_", [VP, VP, L, VP]),
    "partial": fn("_ZN10tensorflow15MakeShapeHelperIlNS_18PartialTensorShapeEEEN4absl12lts_202508146StatusEPKT_lPT0_", [VP, VP, L, VP]),
}
add_dim = {
    "tensor": fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEE16AddDimWithStatusEl", [VP, VP, L]),
    "partial": fn("_ZN10tensorflow15TensorShapeBaseINS_18PartialTensorShapeEE16AddDimWithStatusEl", [VP, VP, L]),
}
is_valid_shape = {
    "tensor": fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEE12IsValidShapeERKNS_16TensorShapeProtoE", [VP, VP]),
    "partial": fn("_ZN10tensorflow15TensorShapeBaseINS_18PartialTensorShapeEE12IsValidShapeERKNS_16TensorShapeProtoE", [VP, VP]),
}
build_from_proto = {
    "tensor": fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEE20BuildTensorShapeBaseERKNS_16TensorShapeProtoEPS2_", [VP, VP, VP]),
    "partial": fn("_ZN10tensorflow15TensorShapeBaseINS_18PartialTensorShapeEE20BuildTensorShapeBaseERKNS_16TensorShapeProtoEPS2_", [VP, VP, VP]),
}
# BuildTensorShapeBase(absl::Span<const int64_t>, out): the span travels as {ptr, len} in registers.
build_from_dims = {
    "tensor": fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEE20BuildTensorShapeBaseEN4absl12lts_202508144SpanIKlEEPS2_", [VP, VP, L, VP]),
    "partial": fn("_ZN10tensorflow15TensorShapeBaseINS_18PartialTensorShapeEE20BuildTensorShapeBaseEN4absl12lts_202508144SpanIKlEEPS2_", [VP, VP, L, VP]),
}
shape_debug = fn("_ZNK10tensorflow14TensorShapeRep11DebugStringB5cxx11Ev", [VP, VP])
proto_debug = fn("_ZN10tensorflow14TensorShapeRep11DebugStringB5cxx11ERKNS_16TensorShapeProtoE", [VP, VP])
proto_ctor = fn("_ZN10tensorflow16TensorShapeProtoC1EPN6google8protobuf5ArenaE", [VP, VP])
parse = fn("_ZN6google8protobuf11MessageLite14ParseFromArrayEPKvi", [VP, ctypes.c_char_p, ctypes.c_int], ctypes.c_bool)
status_to_string = fn("_ZNK4absl12lts_202508146Status8ToStringB5cxx11ENS0_18StatusToStringModeE", [VP, VP, ctypes.c_int])


def cxx_string(buf):
    ptr = ctypes.cast(buf, ctypes.POINTER(ctypes.c_void_p))[0]
    n = ctypes.cast(buf, ctypes.POINTER(ctypes.c_size_t))[1]
    return ctypes.string_at(ptr, n).decode()


def status_text(st):
    if ctypes.cast(st, ctypes.POINTER(ctypes.c_size_t))[0] == 1:  # inlined OK rep
        return None
    out = ctypes.create_string_buffer(64)
    status_to_string(out, st, 0)
    text = cxx_string(out)
    return text.split(": ", 1)[1]


def new_shape(kind):
    # TensorShapeRep is 24 bytes; construct as a TensorShape (scalar) and, for partial, make it
    # a known-rank scalar through MakeShape with no dims (the default partial shape is unknown rank).
    buf = ctypes.create_string_buffer(64)
    shape_ctor(buf)
    if kind == "partial":
        st = ctypes.create_string_buffer(16)
        make_shape["partial"](st, None, 0, buf)
    return buf


def describe(buf):
    out = ctypes.create_string_buffer(64)
    shape_debug(out, buf)
    return {"num_elements": ctypes.cast(buf, ctypes.POINTER(ctypes.c_long))[2], "debug": cxx_string(out)}


def new_proto(dims, unknown_rank):
    p = tensor_shape_pb2.TensorShapeProto(unknown_rank=unknown_rank)
    for d in dims:
        p.dim.add().size = d
    data = p.SerializeToString()
    buf = ctypes.create_string_buffer(256)
    proto_ctor(buf, None)
    assert parse(buf, data, len(data))
    return buf


P62 = 1 << 62
MAX = (1 << 63) - 1
out = open(sys.argv[1] if len(sys.argv) > 1 else "tests/vectors/tensor_shape.jsonl", "w")

dim_lists = [[], [0], [2, 3], [0, P62, 4], [P62, 1, 0], [P62, 4, 0], [P62, 2, 0], [P62, 4], [P62, 2],
             [MAX], [MAX, 1], [MAX, 2], [1 << 32, 1 << 31], [1 << 32, 1 << 32], [3, 1 << 62],
             [2, -1], [-1, 2], [2, -2], [-1, P62, 4], [P62, 4, -1], [P62, 4, -3], [5, 0, -1],
             [1] * 254, [1] * 255, [0xd744, 0xd745], [65535, 65536, 3]]
for kind in ("tensor", "partial"):
    for dims in dim_lists:
        arr = (ctypes.c_long * max(1, len(dims)))(*dims)
        buf = new_shape(kind)
        st = ctypes.create_string_buffer(16)
        make_shape[kind](st, arr, len(dims), buf)
        rec = {"op": "make_shape", "kind": kind, "dims": dims, "n": len(dims), "status": status_text(st)}
        if rec["status"] is None:
            rec.update(describe(buf))
        out.write(json.dumps(rec) + "\n")
    for n in (-1, -5):
        buf = new_shape(kind)
        st = ctypes.create_string_buffer(16)
        make_shape[kind](st, None, n, buf)
        out.write(json.dumps({"op": "make_shape", "kind": kind, "dims": [], "n": n, "status": status_text(st)}) + "\n")

    for dims in dim_lists + [[-5], [2, 3, 4, 5, -1], [0xd745, -1], [-1, 0xd745], [1, 2, 3, 4, 5]]:
        arr = (ctypes.c_long * max(1, len(dims)))(*dims)
        buf = new_shape(kind)
        st = ctypes.create_string_buffer(16)
        build_from_dims[kind](st, arr, len(dims), buf)
        rec = {"op": "build_from_dims", "kind": kind, "dims": dims, "status": status_text(st)}
        if rec["status"] is None:
            rec.update(describe(buf))
        out.write(json.dumps(rec) + "\n")

    # AddDimWithStatus applied in sequence; every step's status is recorded.
    for dims in dim_lists:
        buf = new_shape(kind)
        steps = []
        for d in dims:
            st = ctypes.create_string_buffer(16)
            add_dim[kind](st, buf, d)
            steps.append(status_text(st))
        rec = {"op": "add_dims", "kind": kind, "dims": dims, "steps": steps}
        rec.update(describe(buf))
        out.write(json.dumps(rec) + "\n")

    for dims in dim_lists + [[-5], [3, -1, -7]]:
        for unknown_rank in (False, True):
            proto = new_proto(dims, unknown_rank)
            st = ctypes.create_string_buffer(16)
            is_valid_shape[kind](st, proto)
            dbg = ctypes.create_string_buffer(64)
            proto_debug(dbg, proto)
            shape = new_shape(kind)
            st2 = ctypes.create_string_buffer(16)
            build_from_proto[kind](st2, proto, shape)
            rec = {"op": "proto", "kind": kind, "dims": dims, "unknown_rank": unknown_rank,
                   "proto_debug": cxx_string(dbg), "is_valid_shape": status_text(st),
                   "build": status_text(st2)}
            if rec["build"] is None:
                rec.update(describe(shape))
            out.write(json.dumps(rec) + "\n")
