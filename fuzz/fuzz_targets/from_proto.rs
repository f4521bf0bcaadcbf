//! `Tensor::from_proto` over arbitrary bytes, with a 16 MiB decode limit: it must never panic,
//! and whatever it accepts must serialize in every form, and parsing a serialization and
//! serializing again must give the same bytes (for resources only in the field form: their
//! content form accumulates dtypes_and_shapes on every encoding).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tensorbridge::dtype::DataType;
use tensorbridge::tensor::Tensor;
use tensorbridge::tensor_proto::DecodeOptions;

const OPTIONS: DecodeOptions = DecodeOptions { max_bytes: Some(1 << 24) };

/// `encode(t)`, parsed again and re-encoded, must give the same bytes and the same dtype/shape.
fn assert_stable(t: &Tensor, form: &str, encode: impl Fn(&Tensor) -> tensorbridge::Result<Vec<u8>>) {
    let once = encode(t).unwrap_or_else(|e| panic!("accepted {t:?} does not encode ({form}): {e}"));
    let back = Tensor::from_proto(&once, &OPTIONS)
        .unwrap_or_else(|e| panic!("{form} serialization of {t:?} does not parse: {e}"));
    assert_eq!((back.dtype(), back.shape()), (t.dtype(), t.shape()), "{form}");
    let twice = encode(&back).unwrap_or_else(|e| panic!("re-parsed {back:?} does not encode: {e}"));
    assert_eq!(once, twice, "{form} serialization is not stable");
}

fuzz_target!(|data: &[u8]| {
    let Ok(t) = Tensor::from_proto(data, &OPTIONS) else {
        return;
    };
    assert_stable(&t, "field", Tensor::as_proto_field_bytes);
    if t.dtype() == DataType::Resource {
        t.as_proto_tensor_content_bytes().expect("resource content form encodes");
        t.serialize_tensor().expect("resource serializes");
    } else {
        assert_stable(&t, "content", Tensor::as_proto_tensor_content_bytes);
        assert_stable(&t, "serialize_tensor", Tensor::serialize_tensor);
    }
});
