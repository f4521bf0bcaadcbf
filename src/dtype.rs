//! The TensorFlow `DataType` table (`types.proto` / `types.cc`) and the TFLite Java `DataType`
//! mapping used by `TensorBuffer`.
//!
//! Facts here (names, sizes, the `_ref` rules, what `DataTypeFromString` accepts) were checked
//! against the C++ functions of TensorFlow 2.21; `tests/vectors/dtype.jsonl` holds that output and
//! `tests/vectors/gen/dtype_gen.py` regenerates it.

/// Offset between a dtype and its reference type (`DT_FLOAT_REF` = 101).
pub const REF_OFFSET: i32 = 100;

/// A TensorFlow element type. Reference types (value + 100) are not values of this enum: tensors
/// never hold them; use the free functions on `i32` to describe them.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataType {
    /// `DT_INVALID`: no type (an unset proto field). Never the type of a tensor.
    Invalid = 0,
    /// `DT_FLOAT`: IEEE 754 binary32 (`f32`).
    Float = 1,
    /// `DT_DOUBLE`: IEEE 754 binary64 (`f64`).
    Double = 2,
    /// `DT_INT32`: signed 32-bit integer.
    Int32 = 3,
    /// `DT_UINT8`: unsigned 8-bit integer.
    UInt8 = 4,
    /// `DT_INT16`: signed 16-bit integer.
    Int16 = 5,
    /// `DT_INT8`: signed 8-bit integer.
    Int8 = 6,
    /// `DT_STRING`: one byte string per element, of any length and not necessarily UTF-8.
    String = 7,
    /// `DT_COMPLEX64`: a pair of `f32` (real, imaginary).
    Complex64 = 8,
    /// `DT_INT64`: signed 64-bit integer.
    Int64 = 9,
    /// `DT_BOOL`: one byte per element, 0 (false) or 1 (true).
    Bool = 10,
    /// `DT_QINT8`: quantized signed 8-bit: stored as `i8`; the scale and zero point live outside
    /// the tensor.
    QInt8 = 11,
    /// `DT_QUINT8`: quantized unsigned 8-bit: stored as `u8`; the scale and zero point live outside
    /// the tensor.
    QUInt8 = 12,
    /// `DT_QINT32`: quantized signed 32-bit: stored as `i32`; the scale and zero point live outside
    /// the tensor.
    QInt32 = 13,
    /// `DT_BFLOAT16`: brain float, the upper 16 bits of an `f32` (8 exponent bits, 7 mantissa
    /// bits).
    BFloat16 = 14,
    /// `DT_QINT16`: quantized signed 16-bit: stored as `i16`; the scale and zero point live outside
    /// the tensor.
    QInt16 = 15,
    /// `DT_QUINT16`: quantized unsigned 16-bit: stored as `u16`; the scale and zero point live
    /// outside the tensor.
    QUInt16 = 16,
    /// `DT_UINT16`: unsigned 16-bit integer.
    UInt16 = 17,
    /// `DT_COMPLEX128`: a pair of `f64` (real, imaginary).
    Complex128 = 18,
    /// `DT_HALF`: IEEE 754 binary16.
    Half = 19,
    /// `DT_RESOURCE`: a handle to a runtime-owned resource such as a variable; opaque here.
    Resource = 20,
    /// `DT_VARIANT`: a type-erased value such as a tensor list; opaque here.
    Variant = 21,
    /// `DT_UINT32`: unsigned 32-bit integer.
    UInt32 = 22,
    /// `DT_UINT64`: unsigned 64-bit integer.
    UInt64 = 23,
    /// `DT_FLOAT8_E5M2`: 8-bit float with 5 exponent and 2 mantissa bits, with infinities and NaNs.
    Float8E5M2 = 24,
    /// `DT_FLOAT8_E4M3FN`: 8-bit float with 4 exponent and 3 mantissa bits; finite (NaN but no
    /// infinities).
    Float8E4M3FN = 25,
    /// `DT_FLOAT8_E4M3FNUZ`: E4M3 with exponent bias 8, no infinities and no negative zero (0x80 is
    /// the NaN).
    Float8E4M3FNUZ = 26,
    /// `DT_FLOAT8_E4M3B11FNUZ`: E4M3 with exponent bias 11, no infinities and no negative zero.
    Float8E4M3B11FNUZ = 27,
    /// `DT_FLOAT8_E5M2FNUZ`: E5M2 with exponent bias 16, no infinities and no negative zero.
    Float8E5M2FNUZ = 28,
    /// `DT_INT4`: signed 4-bit integer, one per byte in memory.
    Int4 = 29,
    /// `DT_UINT4`: unsigned 4-bit integer, one per byte in memory.
    UInt4 = 30,
    /// `DT_INT2`: signed 2-bit integer, one per byte in memory.
    Int2 = 31,
    /// `DT_UINT2`: unsigned 2-bit integer, one per byte in memory.
    UInt2 = 32,
    /// `DT_FLOAT4_E2M1FN`: 4-bit float with 2 exponent bits and 1 mantissa bit, finite only; one
    /// per byte in memory.
    Float4E2M1FN = 33,
}

/// One row of the table: (dtype, `DataTypeString`, `DataTypeSize`, `DataTypeCanUseMemcpy`).
/// Sub-byte types occupy one byte per element in memory, hence size 1.
const TABLE: [(DataType, &str, usize, bool); 34] = [
    (DataType::Invalid, "INVALID", 0, false),
    (DataType::Float, "float", 4, true),
    (DataType::Double, "double", 8, true),
    (DataType::Int32, "int32", 4, true),
    (DataType::UInt8, "uint8", 1, true),
    (DataType::Int16, "int16", 2, true),
    (DataType::Int8, "int8", 1, true),
    (DataType::String, "string", 0, false),
    (DataType::Complex64, "complex64", 8, true),
    (DataType::Int64, "int64", 8, true),
    (DataType::Bool, "bool", 1, true),
    (DataType::QInt8, "qint8", 1, true),
    (DataType::QUInt8, "quint8", 1, true),
    (DataType::QInt32, "qint32", 4, true),
    (DataType::BFloat16, "bfloat16", 2, true),
    (DataType::QInt16, "qint16", 2, true),
    (DataType::QUInt16, "quint16", 2, true),
    (DataType::UInt16, "uint16", 2, true),
    (DataType::Complex128, "complex128", 16, true),
    (DataType::Half, "half", 2, true),
    (DataType::Resource, "resource", 0, false),
    (DataType::Variant, "variant", 0, false),
    (DataType::UInt32, "uint32", 4, true),
    (DataType::UInt64, "uint64", 8, true),
    (DataType::Float8E5M2, "float8_e5m2", 1, true),
    (DataType::Float8E4M3FN, "float8_e4m3fn", 1, true),
    (DataType::Float8E4M3FNUZ, "float8_e4m3fnuz", 1, true),
    (DataType::Float8E4M3B11FNUZ, "float8_e4m3b11fnuz", 1, true),
    (DataType::Float8E5M2FNUZ, "float8_e5m2fnuz", 1, true),
    (DataType::Int4, "int4", 1, true),
    (DataType::UInt4, "uint4", 1, true),
    (DataType::Int2, "int2", 1, true),
    (DataType::UInt2, "uint2", 1, true),
    (DataType::Float4E2M1FN, "float4_e2m1fn", 1, true),
];

impl DataType {
    /// Every dtype in enum-value order (`ALL[i].as_i32() == i`).
    pub const ALL: [DataType; 34] = {
        let mut all = [DataType::Invalid; 34];
        let mut i = 0;
        while i < 34 {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    /// The dtype with enum value `v`; `None` outside `0..=33` (reference types included).
    pub fn from_i32(v: i32) -> Option<DataType> {
        usize::try_from(v)
            .ok()
            .and_then(|i| Self::ALL.get(i).copied())
    }

    /// The TensorFlow enum value (`types.proto` number), e.g. 1 for `Float`.
    pub fn as_i32(self) -> i32 {
        self as i32
    }

    fn row(self) -> &'static (DataType, &'static str, usize, bool) {
        &TABLE[self as usize]
    }

    /// `DataTypeString`, e.g. `float`, `INVALID`.
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// `DataTypeSize` in bytes: 0 for `string`, `resource`, `variant` and `INVALID`.
    pub fn size(self) -> usize {
        self.row().2
    }

    /// `DataTypeCanUseMemcpy`: whether elements are plain bytes (raw `tensor_data` access allowed).
    pub fn can_use_memcpy(self) -> bool {
        self.row().3
    }

    /// `DataTypeFromString` for non-reference names: every `name()` except `INVALID` (upstream does
    /// not accept it), plus the aliases `float32`, `float64`, `float16`.
    ///
    /// Names ending in `_ref` return `None` here because reference types are not `DataType`
    /// values; [`data_type_from_string`] accepts them and returns the `i32` reference value.
    pub fn from_name(s: &str) -> Option<DataType> {
        match s {
            "float32" => Some(DataType::Float),
            "float64" => Some(DataType::Double),
            "float16" => Some(DataType::Half),
            "INVALID" => None,
            _ => TABLE.iter().find(|row| row.1 == s).map(|row| row.0),
        }
    }

    /// The proto enum identifier (`DataType_Name`), e.g. `DT_FLOAT`, used by `BuildTensor` errors.
    pub fn proto_name(self) -> String {
        proto_enum_name(self.as_i32())
    }
}

impl std::fmt::Display for DataType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// `IsRefType`: upstream tests `value > 100`, so 100 itself is not a reference type.
pub fn is_ref_type(value: i32) -> bool {
    value > REF_OFFSET
}

/// `DataTypeString` for any `i32`. A reference type is the base name plus `_ref`; the base is
/// looked up once (no recursion), so 234 prints `unknown dtype enum (134)_ref` as upstream does.
pub fn data_type_string(value: i32) -> String {
    if is_ref_type(value) {
        format!("{}_ref", base_string(value - REF_OFFSET))
    } else {
        base_string(value)
    }
}

fn base_string(value: i32) -> String {
    match DataType::from_i32(value) {
        Some(dt) => dt.name().to_owned(),
        None => format!("unknown dtype enum ({value})"),
    }
}

/// `DataTypeSize` for any `i32`: reference and unknown values have size 0.
pub fn data_type_size(value: i32) -> usize {
    DataType::from_i32(value).map_or(0, DataType::size)
}

/// `DataTypeFromString` including reference names: `float_ref` → 101. A `_ref` suffix is
/// stripped once; the rest must be a non-reference name (so `float_ref_ref` fails).
pub fn data_type_from_string(s: &str) -> Option<i32> {
    match s.strip_suffix("_ref") {
        Some(base) => DataType::from_name(base).map(|dt| dt.as_i32() + REF_OFFSET),
        None => DataType::from_name(s).map(DataType::as_i32),
    }
}

/// `DataType_Name` of the proto enum: `DT_FLOAT`, `DT_FLOAT_REF`, …; for values the enum does not
/// define, protobuf's C++ `Name()` yields the empty string.
pub fn proto_enum_name(value: i32) -> String {
    let (base, suffix) = if is_ref_type(value) {
        (value - REF_OFFSET, "_REF")
    } else {
        (value, "")
    };
    match DataType::from_i32(base) {
        Some(DataType::Invalid) if suffix.is_empty() => "DT_INVALID".to_owned(),
        Some(DataType::Invalid) | None => String::new(),
        Some(dt) => format!("DT_{}{suffix}", proto_stem(dt)),
    }
}

fn proto_stem(dt: DataType) -> &'static str {
    match dt {
        DataType::Invalid => "INVALID",
        DataType::Float => "FLOAT",
        DataType::Double => "DOUBLE",
        DataType::Int32 => "INT32",
        DataType::UInt8 => "UINT8",
        DataType::Int16 => "INT16",
        DataType::Int8 => "INT8",
        DataType::String => "STRING",
        DataType::Complex64 => "COMPLEX64",
        DataType::Int64 => "INT64",
        DataType::Bool => "BOOL",
        DataType::QInt8 => "QINT8",
        DataType::QUInt8 => "QUINT8",
        DataType::QInt32 => "QINT32",
        DataType::BFloat16 => "BFLOAT16",
        DataType::QInt16 => "QINT16",
        DataType::QUInt16 => "QUINT16",
        DataType::UInt16 => "UINT16",
        DataType::Complex128 => "COMPLEX128",
        DataType::Half => "HALF",
        DataType::Resource => "RESOURCE",
        DataType::Variant => "VARIANT",
        DataType::UInt32 => "UINT32",
        DataType::UInt64 => "UINT64",
        DataType::Float8E5M2 => "FLOAT8_E5M2",
        DataType::Float8E4M3FN => "FLOAT8_E4M3FN",
        DataType::Float8E4M3FNUZ => "FLOAT8_E4M3FNUZ",
        DataType::Float8E4M3B11FNUZ => "FLOAT8_E4M3B11FNUZ",
        DataType::Float8E5M2FNUZ => "FLOAT8_E5M2FNUZ",
        DataType::Int4 => "INT4",
        DataType::UInt4 => "UINT4",
        DataType::Int2 => "INT2",
        DataType::UInt2 => "UINT2",
        DataType::Float4E2M1FN => "FLOAT4_E2M1FN",
    }
}

/// `org.tensorflow.lite.DataType`, in declaration order (ordinals 0..=7). The discriminant is the
/// TfLiteType value returned by the package-private `c()`.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteDataType {
    /// `FLOAT32` (`DataType::Float`), supported by upstream `TensorBuffer`.
    Float32 = 1,
    /// `INT32` (`DataType::Int32`); `TensorBuffer` support is a project extension.
    Int32 = 2,
    /// `UINT8` (`DataType::UInt8`), supported by upstream `TensorBuffer`.
    UInt8 = 3,
    /// `INT64` (`DataType::Int64`); `TensorBuffer` support is a project extension.
    Int64 = 4,
    /// `STRING` (`DataType::String`); `TensorBuffer` rejects it.
    String = 5,
    /// `BOOL` (`DataType::Bool`); `TensorBuffer` rejects it.
    Bool = 6,
    /// `INT16` (`DataType::Int16`); `TensorBuffer` support is a project extension.
    Int16 = 7,
    /// `INT8` (`DataType::Int8`); `TensorBuffer` support is a project extension.
    Int8 = 9,
}

impl LiteDataType {
    /// Every constant in Java declaration order (`ALL[ordinal]`).
    pub const ALL: [LiteDataType; 8] = [
        LiteDataType::Float32,
        LiteDataType::Int32,
        LiteDataType::UInt8,
        LiteDataType::Int64,
        LiteDataType::String,
        LiteDataType::Bool,
        LiteDataType::Int16,
        LiteDataType::Int8,
    ];

    /// The TfLiteType value (`c()`).
    pub fn c(self) -> i32 {
        self as i32
    }

    /// The constant with TfLiteType value `c`, if any.
    pub fn from_c(c: i32) -> Option<LiteDataType> {
        Self::ALL.iter().copied().find(|t| t.c() == c)
    }

    /// Position in the Java enum (`ordinal()`).
    pub fn ordinal(self) -> usize {
        Self::ALL.iter().position(|t| *t == self).unwrap_or(0)
    }

    /// The constant with Java ordinal `ordinal`, if any.
    pub fn from_ordinal(ordinal: usize) -> Option<LiteDataType> {
        Self::ALL.get(ordinal).copied()
    }

    /// Java `name()`.
    pub fn name(self) -> &'static str {
        match self {
            LiteDataType::Float32 => "FLOAT32",
            LiteDataType::Int32 => "INT32",
            LiteDataType::UInt8 => "UINT8",
            LiteDataType::Int64 => "INT64",
            LiteDataType::String => "STRING",
            LiteDataType::Bool => "BOOL",
            LiteDataType::Int16 => "INT16",
            LiteDataType::Int8 => "INT8",
        }
    }

    /// `byteSize()`: element size in bytes, or −1 where upstream calls it variable (`STRING`,
    /// and `BOOL`, whose size the JVM does not fix).
    pub fn byte_size(self) -> i32 {
        match self {
            LiteDataType::Float32 | LiteDataType::Int32 => 4,
            LiteDataType::UInt8 | LiteDataType::Int8 => 1,
            LiteDataType::Int64 => 8,
            LiteDataType::Int16 => 2,
            LiteDataType::String | LiteDataType::Bool => -1,
        }
    }

    /// The TensorFlow dtype with the same element type.
    pub fn to_data_type(self) -> DataType {
        match self {
            LiteDataType::Float32 => DataType::Float,
            LiteDataType::Int32 => DataType::Int32,
            LiteDataType::UInt8 => DataType::UInt8,
            LiteDataType::Int64 => DataType::Int64,
            LiteDataType::String => DataType::String,
            LiteDataType::Bool => DataType::Bool,
            LiteDataType::Int16 => DataType::Int16,
            LiteDataType::Int8 => DataType::Int8,
        }
    }

    /// The TFLite Java constant for a TensorFlow dtype; `None` for dtypes TFLite's Java API lacks.
    pub fn from_data_type(dt: DataType) -> Option<LiteDataType> {
        Self::ALL.iter().copied().find(|t| t.to_data_type() == dt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// TensorFlow's dtype table (docs/contracts/tensor.md#data-types), typed row by row: (value, DataTypeString, DataTypeSize, memcpy-able).
    const SPEC_ROWS: [(i32, &str, usize, bool); 34] = [
        (0, "INVALID", 0, false),
        (1, "float", 4, true),
        (2, "double", 8, true),
        (3, "int32", 4, true),
        (4, "uint8", 1, true),
        (5, "int16", 2, true),
        (6, "int8", 1, true),
        (7, "string", 0, false),
        (8, "complex64", 8, true),
        (9, "int64", 8, true),
        (10, "bool", 1, true),
        (11, "qint8", 1, true),
        (12, "quint8", 1, true),
        (13, "qint32", 4, true),
        (14, "bfloat16", 2, true),
        (15, "qint16", 2, true),
        (16, "quint16", 2, true),
        (17, "uint16", 2, true),
        (18, "complex128", 16, true),
        (19, "half", 2, true),
        (20, "resource", 0, false),
        (21, "variant", 0, false),
        (22, "uint32", 4, true),
        (23, "uint64", 8, true),
        (24, "float8_e5m2", 1, true),
        (25, "float8_e4m3fn", 1, true),
        (26, "float8_e4m3fnuz", 1, true),
        (27, "float8_e4m3b11fnuz", 1, true),
        (28, "float8_e5m2fnuz", 1, true),
        (29, "int4", 1, true),
        (30, "uint4", 1, true),
        (31, "int2", 1, true),
        (32, "uint2", 1, true),
        (33, "float4_e2m1fn", 1, true),
    ];

    #[test]
    fn every_spec_row_matches() {
        for (value, name, size, memcpy) in SPEC_ROWS {
            let dt = DataType::from_i32(value).unwrap();
            assert_eq!(dt.as_i32(), value);
            assert_eq!(dt.name(), name, "name of {value}");
            assert_eq!(dt.size(), size, "size of {name}");
            assert_eq!(dt.can_use_memcpy(), memcpy, "memcpy of {name}");
            assert_eq!(data_type_string(value), name);
            assert_eq!(data_type_size(value), size);
            assert!(!is_ref_type(value));
            assert_eq!(DataType::ALL[value as usize], dt);
        }
    }

    #[test]
    fn enum_discriminants_match_spec_values() {
        let expected = [
            (DataType::Invalid, 0),
            (DataType::Float, 1),
            (DataType::Double, 2),
            (DataType::Int32, 3),
            (DataType::UInt8, 4),
            (DataType::Int16, 5),
            (DataType::Int8, 6),
            (DataType::String, 7),
            (DataType::Complex64, 8),
            (DataType::Int64, 9),
            (DataType::Bool, 10),
            (DataType::QInt8, 11),
            (DataType::QUInt8, 12),
            (DataType::QInt32, 13),
            (DataType::BFloat16, 14),
            (DataType::QInt16, 15),
            (DataType::QUInt16, 16),
            (DataType::UInt16, 17),
            (DataType::Complex128, 18),
            (DataType::Half, 19),
            (DataType::Resource, 20),
            (DataType::Variant, 21),
            (DataType::UInt32, 22),
            (DataType::UInt64, 23),
            (DataType::Float8E5M2, 24),
            (DataType::Float8E4M3FN, 25),
            (DataType::Float8E4M3FNUZ, 26),
            (DataType::Float8E4M3B11FNUZ, 27),
            (DataType::Float8E5M2FNUZ, 28),
            (DataType::Int4, 29),
            (DataType::UInt4, 30),
            (DataType::Int2, 31),
            (DataType::UInt2, 32),
            (DataType::Float4E2M1FN, 33),
        ];
        for (dt, v) in expected {
            assert_eq!(dt as i32, v);
        }
    }

    #[test]
    fn from_i32_rejects_out_of_table_values() {
        for v in [-1, 34, 100, 101, 133, i32::MIN, i32::MAX] {
            assert_eq!(DataType::from_i32(v), None, "{v}");
        }
    }

    #[test]
    fn reference_types() {
        assert_eq!(data_type_string(101), "float_ref");
        assert_eq!(data_type_string(133), "float4_e2m1fn_ref");
        assert_eq!(data_type_size(101), 0);
        assert!(is_ref_type(101));
        assert!(is_ref_type(133));
        assert!(!is_ref_type(100));
        assert_eq!(data_type_string(100), "unknown dtype enum (100)");
    }

    #[test]
    fn unknown_values() {
        assert_eq!(data_type_string(34), "unknown dtype enum (34)");
        assert_eq!(data_type_string(-1), "unknown dtype enum (-1)");
        assert_eq!(data_type_size(99), 0);
    }

    #[test]
    fn from_name_and_aliases() {
        for (value, name, _, _) in SPEC_ROWS.iter().skip(1) {
            assert_eq!(
                DataType::from_name(name).map(DataType::as_i32),
                Some(*value),
                "{name}"
            );
        }
        assert_eq!(DataType::from_name("float32"), Some(DataType::Float));
        assert_eq!(DataType::from_name("float64"), Some(DataType::Double));
        assert_eq!(DataType::from_name("float16"), Some(DataType::Half));
        assert_eq!(DataType::from_name("float_ref"), None);
        assert_eq!(data_type_from_string("float_ref"), Some(101));
        assert_eq!(data_type_from_string("float16_ref"), Some(119));
        assert_eq!(data_type_from_string("float_ref_ref"), None);
    }

    #[test]
    fn proto_enum_names() {
        assert_eq!(proto_enum_name(0), "DT_INVALID");
        assert_eq!(proto_enum_name(1), "DT_FLOAT");
        assert_eq!(proto_enum_name(101), "DT_FLOAT_REF");
        assert_eq!(proto_enum_name(27), "DT_FLOAT8_E4M3B11FNUZ");
        assert_eq!(proto_enum_name(133), "DT_FLOAT4_E2M1FN_REF");
        assert_eq!(proto_enum_name(99), "");
    }

    /// Every line of the golden file produced by the real TensorFlow C++ functions.
    #[test]
    fn golden_vectors_from_tensorflow() {
        let text = include_str!("../tests/vectors/dtype.jsonl");
        let mut checked = 0;
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            match v["kind"].as_str().unwrap() {
                "enum" => {
                    let value = v["value"].as_i64().unwrap() as i32;
                    assert_eq!(
                        data_type_string(value),
                        v["string"].as_str().unwrap(),
                        "{value}"
                    );
                    assert_eq!(
                        data_type_size(value) as i64,
                        v["size"].as_i64().unwrap(),
                        "{value}"
                    );
                }
                "from_string" => {
                    let name = v["name"].as_str().unwrap();
                    let expected = v["value"].as_i64().map(|x| x as i32);
                    assert_eq!(data_type_from_string(name), expected, "{name:?}");
                    let plain = expected.and_then(DataType::from_i32);
                    assert_eq!(DataType::from_name(name), plain, "{name:?}");
                }
                other => panic!("unknown kind {other}"),
            }
            checked += 1;
        }
        assert!(checked > 150);
    }

    /// The lite `DataType` (docs/contracts/tensorbuffer.md#lite-datatype): (ordinal, name, c(), byteSize()).
    #[test]
    fn lite_data_type_table() {
        let rows = [
            (0, "FLOAT32", 1, 4, DataType::Float),
            (1, "INT32", 2, 4, DataType::Int32),
            (2, "UINT8", 3, 1, DataType::UInt8),
            (3, "INT64", 4, 8, DataType::Int64),
            (4, "STRING", 5, -1, DataType::String),
            (5, "BOOL", 6, -1, DataType::Bool),
            (6, "INT16", 7, 2, DataType::Int16),
            (7, "INT8", 9, 1, DataType::Int8),
        ];
        assert_eq!(LiteDataType::ALL.len(), rows.len());
        for (ordinal, name, c, size, dt) in rows {
            let t = LiteDataType::from_ordinal(ordinal).unwrap();
            assert_eq!(t.ordinal(), ordinal);
            assert_eq!(t.name(), name);
            assert_eq!(t.c(), c);
            assert_eq!(t.byte_size(), size);
            assert_eq!(LiteDataType::from_c(c), Some(t));
            assert_eq!(t.to_data_type(), dt);
            assert_eq!(LiteDataType::from_data_type(dt), Some(t));
        }
        assert_eq!(LiteDataType::from_c(8), None);
        assert_eq!(LiteDataType::from_c(0), None);
        assert_eq!(LiteDataType::from_ordinal(8), None);
        assert_eq!(LiteDataType::from_data_type(DataType::Double), None);
        assert_eq!(LiteDataType::from_data_type(DataType::Half), None);
    }
}
