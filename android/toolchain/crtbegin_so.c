/*
 * Start-up object linked into libtensorbridge.so, doing what the NDK's crtbegin_so.o does for every
 * NDK-built shared library.
 *
 * __dso_handle identifies this library to __cxa_atexit and __cxa_thread_atexit_impl (Rust's std
 * registers thread-local destructors with it); at dlclose bionic's __cxa_finalize runs the exit
 * handlers registered under it, which only happens if the library asks for it from a destructor.
 */
#include <stdint.h>

extern void __cxa_finalize(void *dso);

__attribute__((visibility("hidden"))) void *__dso_handle = &__dso_handle;

__attribute__((visibility("hidden"), destructor)) void __on_dlclose(void) {
  __cxa_finalize(&__dso_handle);
}

#ifndef ANDROID_API
#error "compile with -DANDROID_API=<minimum API level>"
#endif

/* The ELF note Android's tools read for the API level a library was built against (type 1, name
 * "Android"); LLVM makes a section named .note.* an SHT_NOTE section. */
__attribute__((section(".note.android.ident"), aligned(4), used)) static const struct {
  int32_t namesz, descsz, type;
  char name[8];
  int32_t api_level;
} android_ident = {8, 4, 1, "Android", ANDROID_API};
