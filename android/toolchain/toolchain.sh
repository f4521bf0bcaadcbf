# The NDK-free Android toolchain (sourced by android/build.sh and the checks, after
# scripts/platform-tools.sh): per ABI, a directory with stub system libraries, libunwind.a and
# crtbegin_so.o, and the cargo invocation that links libtensorbridge.so against them.

ANDROID_ABIS=(arm64-v8a armeabi-v7a x86_64)
ANDROID_API=21
android_toolchain_src="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

abi_triple() { # the Rust target
  case "$1" in
    arm64-v8a) echo aarch64-linux-android ;;
    armeabi-v7a) echo armv7-linux-androideabi ;;
    x86_64) echo x86_64-linux-android ;;
  esac
}

abi_table_arch() { # the arch column of bionic-api21.tsv
  case "$1" in
    arm64-v8a) echo arm64 ;;
    armeabi-v7a) echo arm ;;
    x86_64) echo x86_64 ;;
  esac
}

abi_cc_flags() { # zig cc target and CPU: the ABI's baseline (armeabi-v7a: Thumb-2, VFPv3-D16, no NEON)
  case "$1" in
    arm64-v8a) echo "-target aarch64-linux-android" ;;
    armeabi-v7a) echo "-target arm-linux-androideabi -mcpu=generic+v7a+vfp3d16+thumb2-neon -mthumb" ;;
    x86_64) echo "-target x86_64-linux-android" ;;
  esac
}

# The flags the NDK's clang driver gives ld.lld for a shared library at API 21. Rust adds
# --eh-frame-hdr, -z relro -z now, -z noexecstack, --gc-sections and its export list itself.
abi_link_args() {
  local args=(--hash-style=both --build-id=sha1 --no-rosegment -soname=libtensorbridge.so --no-undefined)
  case "$1" in
    # 16 KB pages (Android 15+ devices); lld's AArch64 default would be 64 KB.
    arm64-v8a) args+=(-z max-page-size=16384 --fix-cortex-a53-843419) ;;
    armeabi-v7a) args+=(--fix-cortex-a8) ;;
    x86_64) args+=(-z max-page-size=16384) ;;
  esac
  echo "${args[*]}"
}

# android_toolchain ABI DIR [API]: writes DIR/{libc,libm,libdl,liblog}.so, libunwind.a and
# crtbegin_so.o, unless DIR already holds them built from the same inputs. API (default 21) selects
# the stub symbols; the checks build stubs for other levels to prove they notice.
android_toolchain() {
  local abi="$1" dir="$2" api="${3:-$ANDROID_API}" cc stamp unwind lib
  read -ra cc <<<"zig cc $(abi_cc_flags "$abi") -fPIC -O2 -g0"
  stamp="$( { zig version; echo "$abi $api"; cat "$android_toolchain_src"/../bionic-api21.tsv \
    "$android_toolchain_src"/toolchain.sh "$android_toolchain_src"/*.py "$android_toolchain_src"/*.c \
    "$android_toolchain_src"/bionic-include/*.h "$android_toolchain_src"/bionic-include/sys/*.h; } | sha256sum)"
  if [ -f "$dir/stamp" ] && [ "$(cat "$dir/stamp")" = "$stamp" ]; then
    return 0
  fi
  rm -rf "$dir" && mkdir -p "$dir/stubs" "$dir/unwind"

  python3 "$android_toolchain_src/bionic_stubs.py" "$android_toolchain_src/../bionic-api21.tsv" \
    "$(abi_table_arch "$abi")" "$api" "$dir/stubs"
  for lib in libc libm libdl liblog; do
    "${cc[@]}" -shared -nostdlib -fno-builtin -w -o "$dir/$lib.so" "$dir/stubs/$lib.c" \
      "-Wl,-soname,$lib.so" "-Wl,--version-script,$dir/stubs/$lib.map"
  done

  "${cc[@]}" -c "-DANDROID_API=$api" -o "$dir/crtbegin_so.o" "$android_toolchain_src/crtbegin_so.c"

  # LLVM libunwind as the NDK builds it: native-only, hidden, without exceptions or RTTI.
  unwind="$(zig_lib_dir)/libunwind"
  local sources=(libunwind.cpp UnwindLevel1.c UnwindLevel1-gcc-ext.c UnwindRegistersRestore.S UnwindRegistersSave.S)
  [ "$abi" = armeabi-v7a ] && sources+=(Unwind-EHABI.cpp)
  local objects=() source extra
  for source in "${sources[@]}"; do
    case "$source" in
      *.cpp) extra=(-std=c++17 -fno-exceptions -fno-rtti -nostdinc++) ;;
      *.c) extra=(-std=c99) ;;
      *) extra=() ;;
    esac
    "${cc[@]}" -c -nostdlibinc -I"$android_toolchain_src/bionic-include" -I"$unwind/include" "${extra[@]}" \
      -D_LIBUNWIND_IS_NATIVE_ONLY -DNDEBUG -fvisibility=hidden -funwind-tables -Wa,--noexecstack \
      -o "$dir/unwind/${source%.*}.o" "$unwind/src/$source"
    objects+=("$dir/unwind/${source%.*}.o")
  done
  zig ar rcs "$dir/libunwind.a" "${objects[@]}"
  echo "$stamp" >"$dir/stamp"
}

# android_cargo_build ABI TOOLCHAIN_DIR [CRATE_TYPES]: builds the library for ABI with cargo (output
# on stderr) and prints the path of the .so. CRATE_TYPES defaults to cdylib alone, which is what
# makes the release profile's LTO apply (a cdylib built next to an rlib links every dependency's
# rlib instead of one LTO-merged object).
android_cargo_build() {
  local abi="$1" dir="$2" crate_types="${3:-cdylib}" triple env_triple lld flags arg
  android_toolchain "$abi" "$dir" >&2
  triple="$(abi_triple "$abi")"
  env_triple="$(tr 'a-z-' 'A-Z_' <<<"$triple")"
  lld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"
  flags="-C linker-flavor=ld.lld -L native=$dir -C link-arg=$dir/crtbegin_so.o"
  for arg in $(abi_link_args "$abi"); do flags+=" -C link-arg=$arg"; done
  env "CARGO_TARGET_${env_triple}_LINKER=$lld" "CARGO_TARGET_${env_triple}_RUSTFLAGS=$flags" \
    nice -n 10 cargo rustc --release --lib --crate-type "$crate_types" --target "$triple" >&2
  echo "$CARGO_TARGET_DIR/$triple/release/libtensorbridge.so"
}
