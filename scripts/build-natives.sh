#!/usr/bin/env bash
# Builds the native library for every platform the jar carries and lays the five files out as jar
# resources, the way the loader looks them up:
#
#   OUT_DIR/dev/tensorbridge/native/<os>-<arch>/<System.mapLibraryName("tensorbridge")>
#
#   linux-x86_64    cargo-zigbuild against glibc 2.17 (the jar's host library too)
#   linux-aarch64   cargo-zigbuild against glibc 2.17
#   windows-x86_64  cargo with the mingw-w64 toolchain
#   macos-x86_64    cargo with Rust's own lld (ld64 flavour) against zig's libSystem stub, macOS 10.12+
#   macos-aarch64   the same, macOS 11+; the linker signs it ad hoc, as Apple silicon requires
#
# Installs what a fresh Debian machine lacks (rustup targets, ziglang and cargo-zigbuild from PyPI,
# gcc-mingw-w64-x86-64). Cargo works in target/natives (override with CARGO_TARGET_DIR), so the host
# build in target/release is left alone. Called by `mvn -Pall-platforms` with OUT_DIR =
# target/classes; usage: scripts/build-natives.sh OUT_DIR
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: scripts/build-natives.sh OUT_DIR}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$root"
# shellcheck source=platform-tools.sh
source scripts/platform-tools.sh

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/natives}"
mkdir -p "$CARGO_TARGET_DIR"

# ---- tools ----
if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
  echo "Rust stable with rustup is required (https://rustup.rs)." >&2
  exit 1
fi
need_rust_targets x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-pc-windows-gnu \
  x86_64-apple-darwin aarch64-apple-darwin
need_zig
command -v x86_64-w64-mingw32-gcc >/dev/null || apt_install gcc-mingw-w64-x86-64

# A minimal macOS "SDK": zig's text stub of libSystem, with the arm64e-only target names rewritten
# to arm64 (lld would otherwise find no arm64 slice), and libc/libm/libresolv/libiconv pointing at
# it (Rust asks for them; on macOS they are all libSystem).
macos_sdk() {
  local sdk="$CARGO_TARGET_DIR/macos-sdk" zig_darwin
  zig_darwin="$(zig_lib_dir)/libc/darwin"
  if [ ! -f "$zig_darwin/libSystem.tbd" ]; then
    echo "zig's macOS libSystem.tbd not found under $zig_darwin" >&2
    return 1
  fi
  mkdir -p "$sdk/usr/lib"
  sed 's/arm64e\.x1-/arm64-/g' "$zig_darwin/libSystem.tbd" >"$sdk/usr/lib/libSystem.tbd"
  cp "$zig_darwin/SDKSettings.json" "$sdk/" 2>/dev/null || echo '{"Version":"11.0"}' >"$sdk/SDKSettings.json"
  for lib in c m resolv iconv; do
    ln -sf libSystem.tbd "$sdk/usr/lib/lib$lib.tbd"
  done
  echo "$sdk"
}

# ---- builds ----
place() { # place PLATFORM FILE: copies one built library into the resource layout
  local dir="$out/dev/tensorbridge/native/$1"
  mkdir -p "$dir"
  cp "$2" "$dir/"
  printf '  %-15s %8d bytes  %s\n' "$1" "$(stat -c %s "$2")" "${2#"$root"/}"
}

timed() { # timed PLATFORM COMMAND...: runs a build and reports how long it took
  local start=$SECONDS
  echo "== build-natives: $1"
  shift
  "$@"
  built_times+=("$((SECONDS - start)) s")
}

built_times=()
start_all=$SECONDS

# `rustc --crate-type cdylib`, not `build`: only a cdylib built alone gets the release profile's LTO
# (Cargo.toml).
cdylib=(--release --lib --crate-type cdylib)
timed linux-x86_64 cargo-zigbuild rustc "${cdylib[@]}" --target x86_64-unknown-linux-gnu.2.17
timed linux-aarch64 cargo-zigbuild rustc "${cdylib[@]}" --target aarch64-unknown-linux-gnu.2.17
timed windows-x86_64 cargo rustc "${cdylib[@]}" --target x86_64-pc-windows-gnu

sdk="$(macos_sdk)"
mac_build() { # mac_build TRIPLE DEPLOYMENT_TARGET
  SDKROOT="$sdk" MACOSX_DEPLOYMENT_TARGET="$2" \
    RUSTFLAGS="-C linker=rust-lld -C linker-flavor=ld64.lld -C link-arg=-install_name -C link-arg=@rpath/libtensorbridge.dylib" \
    cargo rustc "${cdylib[@]}" --target "$1"
}
timed macos-x86_64 mac_build x86_64-apple-darwin 10.12
timed macos-aarch64 mac_build aarch64-apple-darwin 11.0

echo "== build-natives: placed under $out/dev/tensorbridge/native/"
place linux-x86_64 "$CARGO_TARGET_DIR/x86_64-unknown-linux-gnu/release/libtensorbridge.so"
place linux-aarch64 "$CARGO_TARGET_DIR/aarch64-unknown-linux-gnu/release/libtensorbridge.so"
place windows-x86_64 "$CARGO_TARGET_DIR/x86_64-pc-windows-gnu/release/tensorbridge.dll"
place macos-x86_64 "$CARGO_TARGET_DIR/x86_64-apple-darwin/release/libtensorbridge.dylib"
place macos-aarch64 "$CARGO_TARGET_DIR/aarch64-apple-darwin/release/libtensorbridge.dylib"
echo "build-natives: 5 libraries in $((SECONDS - start_all)) s (linux-x86_64 ${built_times[0]}," \
  "linux-aarch64 ${built_times[1]}, windows-x86_64 ${built_times[2]}, macos-x86_64 ${built_times[3]}," \
  "macos-aarch64 ${built_times[4]})"
