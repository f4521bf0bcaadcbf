//! The native library the JUnit tests load instead of the shipped one (Maven passes it as
//! `tensorbridge.library.path`): every native of the product plus the test-only ones of the
//! crate's `testing` feature (`src/jni/testing.rs`). Nothing of it ships.

pub use tensorbridge;
