"""Golden facts about tensorflow::Tensor from the real TensorFlow 2.21 C++ library (ctypes).

Only calls that return normally are made (no CHECK-aborting arguments). Writes
tests/vectors/tensor.jsonl; each line has "op", its inputs and what TensorFlow returned.
Run: python tests/vectors/gen/tensor_gen.py
"""
import ctypes, json, os, sys
import tensorflow as tf

lib = ctypes.CDLL(os.path.join(os.path.dirname(tf.__file__), "libtensorflow_framework.so.2"))
VP, L, I = ctypes.c_void_p, ctypes.c_long, ctypes.c_int


def fn(name, argtypes, restype=None):
    f = getattr(lib, name)
    f.argtypes, f.restype = argtypes, restype
    return f


class View(ctypes.Structure):  # absl::string_view / StringPiece, returned in registers
    _fields_ = [("len", ctypes.c_size_t), ("ptr", ctypes.c_size_t)]


shape_ctor = fn("_ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEEC1Ev", [VP])
make_shape = fn("_ZN10tensorflow15MakeShapeHelperIlNS_11TensorShapeEEEN4absl12lts_202508146StatusEPKT_lPT0_", [VP, VP, L, VP])
shape_debug = fn("_ZNK10tensorflow14TensorShapeRep11DebugStringB5cxx11Ev", [VP, VP])
t_default = fn("_ZN10tensorflow6TensorC1Ev", [VP])
t_dtype = fn("_ZN10tensorflow6TensorC1ENS_8DataTypeE", [VP, I])
t_shaped = fn("_ZN10tensorflow6TensorC1ENS_8DataTypeERKNS_11TensorShapeE", [VP, I, VP])
build_tensor = fn("_ZN10tensorflow6Tensor11BuildTensorENS_8DataTypeERKNS_11TensorShapeEPS0_", [VP, I, VP, VP])
bitcast_from = fn("_ZN10tensorflow6Tensor11BitcastFromERKS0_NS_8DataTypeERKNS_11TensorShapeE", [VP, VP, VP, I, VP])
total_bytes = fn("_ZNK10tensorflow6Tensor10TotalBytesEv", [VP], ctypes.c_size_t)
allocated_bytes = fn("_ZNK10tensorflow6Tensor14AllocatedBytesEv", [VP], ctypes.c_size_t)
is_initialized = fn("_ZNK10tensorflow6Tensor13IsInitializedEv", [VP], ctypes.c_bool)
tensor_data = fn("_ZNK10tensorflow6Tensor11tensor_dataEv", [VP], View)
shares = fn("_ZNK10tensorflow6Tensor16SharesBufferWithERKS0_", [VP, VP], ctypes.c_bool)
slice_ = fn("_ZNK10tensorflow6Tensor5SliceEll", [VP, VP, L, L])
sub_slice = fn("_ZNK10tensorflow6Tensor8SubSliceEl", [VP, VP, L])
status_to_string = fn("_ZNK4absl12lts_202508146Status8ToStringB5cxx11ENS0_18StatusToStringModeE", [VP, VP, I])


def cxx_string(buf):
    ptr = ctypes.cast(buf, ctypes.POINTER(ctypes.c_void_p))[0]
    n = ctypes.cast(buf, ctypes.POINTER(ctypes.c_size_t))[1]
    return ctypes.string_at(ptr, n).decode()


def status_text(st):
    if ctypes.cast(st, ctypes.POINTER(ctypes.c_size_t))[0] == 1:
        return None
    out = ctypes.create_string_buffer(64)
    status_to_string(out, st, 0)
    return cxx_string(out).split(": ", 1)[1]


def new_buf():
    return ctypes.create_string_buffer(128)  # sizeof(Tensor) is 32; generous


def shape(dims):
    buf = new_buf()
    shape_ctor(buf)
    arr = (ctypes.c_long * max(1, len(dims)))(*dims)
    st = ctypes.create_string_buffer(16)
    make_shape(st, arr, len(dims), buf)
    assert status_text(st) is None
    return buf


def describe(t, memcpy=True):
    """dtype (byte 13 of the shape rep), shape, sizes and the data window of a tensor."""
    dbg = ctypes.create_string_buffer(64)
    shape_debug(dbg, t)  # shape_ is the first member of Tensor
    d = {"dtype": t.raw[13], "shape": cxx_string(dbg),
         "num_elements": ctypes.cast(t, ctypes.POINTER(ctypes.c_long))[2],
         "initialized": is_initialized(t)}
    if d["num_elements"] == 0 or d["initialized"]:
        d["total_bytes"] = total_bytes(t)
        d["allocated_bytes"] = allocated_bytes(t)
    if memcpy and d["initialized"]:
        v = tensor_data(t)
        d["data_len"] = v.len
        d["data_ptr"] = v.ptr
    return d


out = open(sys.argv[1] if len(sys.argv) > 1 else "tests/vectors/tensor.jsonl", "w")


def emit(rec):
    out.write(json.dumps(rec) + "\n")


NOT_MEMCPY = {0, 7, 20, 21}

t = new_buf(); t_default(t)
emit({"op": "default", **describe(t)})
for dt in range(0, 34):
    t = new_buf(); t_dtype(t, dt)
    emit({"op": "dtype_ctor", "dtype_in": dt, **describe(t, dt not in NOT_MEMCPY)})

for dt in list(range(0, 36)) + [99, 100, 101, 119, 133, 200]:
    for dims in ([2, 3], [0]):
        t = new_buf(); t_default(t)
        st = ctypes.create_string_buffer(16)
        build_tensor(st, dt, shape(dims), t)
        rec = {"op": "build_tensor", "dtype_in": dt, "dims": dims, "status": status_text(st)}
        if rec["status"] is None:
            d = describe(t, dt not in NOT_MEMCPY)
            if "data_ptr" in d:
                d["aligned64"] = d.pop("data_ptr") % 64 == 0
            rec.update(d)
        emit(rec)

# Slices and sub-slices: offsets relative to the parent's data, sizes, alignment, sharing.
for dt, dims in [(1, [10, 20]), (1, [10, 4, 36]), (1, [30]), (6, [30]), (1, [30, 5]), (1, [10, 0, 36]),
                 (1, [0, 3]), (4, [5, 3]), (9, [4, 2, 2]), (18, [3, 2])]:
    parent = new_buf(); t_shaped(parent, dt, shape(dims))
    pd = describe(parent, True)
    base = pd.get("data_ptr")
    emit({"op": "shaped_ctor", "dtype_in": dt, "dims": dims, "total_bytes": pd.get("total_bytes"),
          "allocated_bytes": pd.get("allocated_bytes"), "initialized": pd["initialized"],
          "aligned64": None if base is None else base % 64 == 0})
    d0 = dims[0]
    ranges = sorted(r for r in {(0, d0), (0, 0), (d0, d0), (1, min(d0, 13)), (min(4, d0), min(8, d0)), (d0 // 2, d0)}
                    if 0 <= r[0] <= r[1] <= d0)
    for start, limit in ranges:
        s = new_buf(); slice_(s, parent, start, limit)
        d = describe(s, True)
        if "data_ptr" in d:
            p = d.pop("data_ptr")
            d["offset"] = p - base
            d["aligned64"] = p % 64 == 0
        emit({"op": "slice", "dtype_in": dt, "dims": dims, "start": start, "limit": limit,
              "shares": shares(s, parent), **d})
    for index in sorted({0, 1 % max(1, d0), d0 - 1 if d0 > 0 else 0, d0} if d0 > 0 else {0}):
        row = 1
        for x in dims[1:]:
            row *= x
        if index == d0 and row > 0 and d0 > 0:
            continue  # upstream CHECK-aborts; covered by our own tests
        s = new_buf(); sub_slice(s, parent, index)
        d = describe(s, True)
        if "data_ptr" in d:
            p = d.pop("data_ptr")
            d["offset"] = p - base
            d["aligned64"] = p % 64 == 0
        emit({"op": "sub_slice", "dtype_in": dt, "dims": dims, "index": index,
              "shares": shares(s, parent), **d})

# BitcastFrom statuses.
for (src_dt, src_dims), (dt, dims) in [((2, [2, 2]), (1, [2, 4])), ((2, [2, 2]), (1, [7])),
                                       ((7, [2]), (1, [2])), ((1, [2]), (7, [2])), ((1, [2]), (0, [2])),
                                       ((0, [0]), (1, [0])), ((1, [0]), (4, [0])), ((1, [3]), (4, [12])),
                                       ((4, [12]), (18, [1])), ((4, [16]), (18, [1])), ((10, [4]), (1, [1]))]:
    src = new_buf(); t_shaped(src, src_dt, shape(src_dims))
    dst = new_buf(); t_default(dst)
    st = ctypes.create_string_buffer(16)
    bitcast_from(st, dst, src, dt, shape(dims))
    rec = {"op": "bitcast_from", "src_dtype": src_dt, "src_dims": src_dims, "dtype_in": dt, "dims": dims,
           "status": status_text(st)}
    if rec["status"] is None:
        d = describe(dst, dt not in NOT_MEMCPY)
        d.pop("data_ptr", None)
        rec.update(d)
        rec["shares"] = shares(dst, src)
    emit(rec)
