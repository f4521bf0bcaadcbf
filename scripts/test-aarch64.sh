#!/usr/bin/env bash
# Runs the crate's unit tests (cargo test --lib) as linux-aarch64 code under qemu-user, so the NEON
# path of the TensorBuffer conversions (src/lite/simd/neon.rs) and everything else that differs by
# architecture is checked on every CI run, not only on an ARM machine.
#
# Cross-builds the test binary with cargo-zigbuild (debug profile: quick to build, overflow
# checks on) in target/aarch64 (override with CARGO_TARGET_DIR) and runs it with
# qemu-aarch64 -L /usr/aarch64-linux-gnu. Installs what a fresh Debian machine lacks, as
# scripts/build-natives.sh and scripts/platform-smoke.sh do: the rustup target, ziglang and
# cargo-zigbuild from PyPI, qemu-user and libc6-arm64-cross. About 1.5 min from a cold target
# directory on 2 cores, seconds when it is warm. Extra arguments go to the test binary (a name
# filter such as `lite::`, `--nocapture`, …).
# Usage: scripts/test-aarch64.sh [TEST-BINARY-ARGS...]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
# shellcheck source=platform-tools.sh
source scripts/platform-tools.sh

AARCH64_SYSROOT=/usr/aarch64-linux-gnu
TARGET=aarch64-unknown-linux-gnu
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target/aarch64}"
start=$SECONDS

# ---- tools ----
if ! command -v cargo >/dev/null || ! command -v rustup >/dev/null; then
  echo "Rust stable with rustup is required (https://rustup.rs)." >&2
  exit 1
fi
need_rust_targets "$TARGET"
need_zig
missing=()
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
[ -e "$AARCH64_SYSROOT/lib/ld-linux-aarch64.so.1" ] || missing+=(libc6-arm64-cross)
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install "${missing[@]}"
fi

# ---- build ----
echo "== test-aarch64: cargo zigbuild --lib --tests --target $TARGET"
binary="$(cargo zigbuild --target "$TARGET" --lib --tests --message-format=json-render-diagnostics \
  | python3 -c '
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg.get("reason") == "compiler-artifact" and msg.get("profile", {}).get("test") \
            and msg["target"]["name"] == "tensorbridge" and msg.get("executable"):
        print(msg["executable"])
')"
if [ -z "$binary" ] || [ ! -x "$binary" ]; then
  echo "test-aarch64: no test binary was built" >&2
  exit 1
fi
file_type="$(od -An -tx1 -j18 -N2 "$binary" | tr -d ' ')"
if [ "$file_type" != "b700" ]; then # e_machine 0xB7 = EM_AARCH64
  echo "test-aarch64: $binary is not an aarch64 ELF file (e_machine $file_type)" >&2
  exit 1
fi

# ---- run ----
echo "== test-aarch64: ${binary#"$root"/} under qemu-aarch64"
RUST_BACKTRACE=0 qemu-aarch64 -L "$AARCH64_SYSROOT" "$binary" "$@"
echo "test-aarch64: passed in $((SECONDS - start)) s"
