#!/usr/bin/env bash
# Builds libtensorbridge.so for Android (arm64-v8a, armeabi-v7a, x86_64; minimum API 21) without the
# Android NDK, then the AAR (android/assemble-aar.sh):
#
#   - Rust's Android targets, linked by Rust's own rust-lld;
#   - stub libc.so, libm.so, libdl.so, liblog.so generated from android/bionic-api21.tsv (the symbols
#     and version nodes bionic exports at API 21), compiled with zig cc: --no-undefined then proves
#     every import exists on an API 21 device;
#   - libunwind.a (Rust's Android std links -lunwind) compiled from the LLVM libunwind sources in the
#     ziglang wheel against android/toolchain/bionic-include;
#   - android/toolchain/crtbegin_so.c (__dso_handle, __cxa_finalize at dlclose, the API level note);
#   - the link flags of the NDK's own toolchain (below).
#
# Usage: android/build.sh [--libs-only] [ABI...]      (default: all three ABIs, then the AAR)
# Output: android/jniLibs/<abi>/libtensorbridge.so (TENSORBRIDGE_JNILIBS overrides), the AAR under
# build/outputs/aar/. Needs target/tensorbridge-<version>.jar for the AAR; builds it with
# `mvn -DskipTests package` when it is missing. Installs what a fresh Debian machine lacks (rustup
# targets, ziglang from PyPI). Cargo works in target/android (CARGO_TARGET_DIR overrides).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# shellcheck source=../scripts/platform-tools.sh
source scripts/platform-tools.sh
# shellcheck source=toolchain/toolchain.sh
source android/toolchain/toolchain.sh

libs_only=0
abis=()
for arg in "$@"; do
  case "$arg" in
    --libs-only) libs_only=1 ;;
    arm64-v8a | armeabi-v7a | x86_64) abis+=("$arg") ;;
    *) echo "usage: android/build.sh [--libs-only] [arm64-v8a|armeabi-v7a|x86_64 ...]" >&2; exit 2 ;;
  esac
done
[ "${#abis[@]}" -gt 0 ] || abis=("${ANDROID_ABIS[@]}")

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/android}"
jnilibs="${TENSORBRIDGE_JNILIBS:-$root/android/jniLibs}"
start_all=$SECONDS

need_zig
triples=()
for abi in "${abis[@]}"; do triples+=("$(abi_triple "$abi")"); done
need_rust_targets "${triples[@]}"

times=()
for abi in "${abis[@]}"; do
  start=$SECONDS
  echo "== android/build.sh: $abi"
  so="$(android_cargo_build "$abi" "$CARGO_TARGET_DIR/android-toolchain/$abi")"
  mkdir -p "$jnilibs/$abi"
  cp "$so" "$jnilibs/$abi/libtensorbridge.so"
  times+=("$abi $((SECONDS - start)) s, $(stat -c %s "$so") bytes")
done
summary="$(printf '%s; ' "${times[@]}")"
echo "android/build.sh: ${#abis[@]} libraries in $((SECONDS - start_all)) s (${summary%; }) in ${jnilibs#"$root"/}"

[ "$libs_only" = 1 ] && exit 0
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)"
jar="${TENSORBRIDGE_JAR:-$root/target/tensorbridge-$version.jar}"
if [ ! -f "$jar" ]; then
  echo "== android/build.sh: $jar is missing; mvn -DskipTests package"
  mvn -B -ntp -q -DskipTests package
fi
TENSORBRIDGE_JAR="$jar" TENSORBRIDGE_JNILIBS="$jnilibs" bash android/assemble-aar.sh
