//! The JNI bridge: one file (or directory) per Java class that declares natives. It converts
//! arguments, runs every body through [`guard`], validates handles in [`handles`], and maps
//! errors; it holds no tensor semantics.

mod errors;
mod guard;
mod handles;

mod diagnostics;
mod eager_operation;
mod eager_operation_builder;
mod elementwise_ops;
mod graph;
mod image_ops;
mod image_pixels;
mod image_rules;
mod log_mel_spectrogram_op;
mod native_handle;
mod op_attrs;
mod raw_env;
mod result_storage;
mod self_test;
mod shape;
mod tensor;
mod tensor_audio;
mod tensor_buffer;
mod on_load;
#[cfg(feature = "testing")]
mod testing;

#[cfg(test)]
mod hot_paths_test;
