//! `JNI_OnLoad`: runs once when `System.load` maps the library.

use std::ffi::c_void;

use jni::sys::{JNI_VERSION_1_6, JavaVM, jint};

/// Installs the quiet panic hook and declares JNI 1.6, which Android supports as well.
#[unsafe(no_mangle)]
pub extern "system" fn JNI_OnLoad(_vm: *mut JavaVM, _reserved: *mut c_void) -> jint {
    super::guard::install_panic_hook();
    JNI_VERSION_1_6
}
