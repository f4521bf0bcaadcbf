"""Golden DataType facts read from the real TensorFlow shared library (C++ functions via ctypes).

Writes tests/vectors/dtype.jsonl: one line per enum value 0..=135 plus 200/-1 with
DataTypeString and DataTypeSize, and one line per probe name for DataTypeFromString.
Run with the throw-away TF virtualenv: python tests/vectors/gen/dtype_gen.py
"""
import ctypes, json, os, sys
import tensorflow as tf  # noqa: F401  (loads the framework library)

lib_path = os.path.join(os.path.dirname(tf.__file__), "libtensorflow_framework.so.2")
lib = ctypes.CDLL(lib_path)

# std::string DataTypeString(DataType): returned through a hidden pointer (sret) to a libstdc++ string
# laid out as {char* ptr; size_t len; ...}.
dts = getattr(lib, "_ZN10tensorflow14DataTypeStringB5cxx11ENS_8DataTypeE")
dts.restype = None
dts.argtypes = [ctypes.c_void_p, ctypes.c_int]
size = getattr(lib, "_ZN10tensorflow12DataTypeSizeENS_8DataTypeE")
size.restype = ctypes.c_int
size.argtypes = [ctypes.c_int]
# bool DataTypeFromString(std::string_view, DataType*): string_view {size_t len; const char* ptr} in registers.
dfs = getattr(lib, "_ZN10tensorflow18DataTypeFromStringESt17basic_string_viewIcSt11char_traitsIcEEPNS_8DataTypeE")
dfs.restype = ctypes.c_bool
dfs.argtypes = [ctypes.c_size_t, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)]


def data_type_string(v):
    buf = (ctypes.c_byte * 64)()
    dts(ctypes.addressof(buf), v)
    ptr, length = ctypes.cast(buf, ctypes.POINTER(ctypes.c_void_p))[0], ctypes.cast(buf, ctypes.POINTER(ctypes.c_size_t))[1]
    return ctypes.string_at(ptr, length).decode()  # leaks heap strings; fine for a one-shot generator


def from_string(name):
    out = ctypes.c_int(-12345)
    b = name.encode()
    ok = dfs(len(b), b, ctypes.byref(out))
    return out.value if ok else None


out = open(sys.argv[1] if len(sys.argv) > 1 else "tests/vectors/dtype.jsonl", "w")
values = list(range(0, 36)) + list(range(99, 136)) + [200, 234, -1, -2147483648, 2147483647]
for v in values:
    out.write(json.dumps({"kind": "enum", "value": v, "string": data_type_string(v), "size": size(v)}) + "\n")
names = [data_type_string(v) for v in range(0, 34)]
names += [n + "_ref" for n in names]
names += ["float32", "float64", "float16", "float32_ref", "float16_ref", "", "_ref", "Float", "DT_FLOAT",
          "invalid", "INVALID_ref", "float_ref_ref", "tstring", "complex", "int4_ref", "unknown dtype enum (99)"]
for n in names:
    out.write(json.dumps({"kind": "from_string", "name": n, "value": from_string(n)}) + "\n")
