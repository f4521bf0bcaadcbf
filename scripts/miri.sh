#!/usr/bin/env bash
# Runs the unit tests of the core modules that hold `unsafe` under Miri (nightly), which checks
# every memory access, alignment, uninitialised read and aliasing rule they exercise. Installs the
# nightly toolchain with Miri when it is missing.
#
#   bash scripts/miri.sh          # the CI subset (a few minutes)
#   bash scripts/miri.sh all      # every unit test of those modules (see docs/fuzzing.md for times)
#
# The subset leaves out the tests that take minutes apiece under Miri: the five `*_on_every_path`
# tests of `lite::simd` (a kernel over every window of a ~1,000-element input), the plane-copy
# sweep `short_runs_and_planes_match_the_definition_at_every_width` and the 3 MiB recycled-block
# test of `tensor::storage`, and the two random-chain sweeps of `lite::ops` (about 4 minutes
# together); `all` runs them too (docs/fuzzing.md has the times).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

command -v rustup >/dev/null || { echo "rustup is required (https://rustup.rs)" >&2; exit 1; }
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
rustup +nightly component list --installed | grep -q '^miri' \
  || rustup +nightly component add miri rust-src
cargo +nightly miri setup >/dev/null

mode="${1:-ci}"
# Core modules with `unsafe`: tensor storage, views and sharing (`tensor::`), the StridedSlice
# kernels and plane copies (`strided_slice::`), the TensorBuffer conversions with the scalar SIMD
# path (`lite::`); with the jni feature, the handle registry (`jni::handles`, no JVM needed).
core_filters=(tensor:: strided_slice:: lite::)
skip=()
if [ "$mode" != all ]; then
  skip=(--skip _on_every_path --skip short_runs_and_planes --skip recycled_large_blocks
    --skip fused_matches_one_op_at_a_time --skip uint8_output_and_every_input_type
    --skip fused_chains_equal_the_steps_one_by_one)
fi

step() { echo "== miri: $*"; }
start=$SECONDS
step "core (no jni): ${core_filters[*]}"
cargo +nightly miri test --lib --no-default-features -- "${core_filters[@]}" "${skip[@]}"
step "handle registry: jni::handles"
cargo +nightly miri test --lib -- jni::handles "${skip[@]}"
echo "(miri took $((SECONDS - start)) s)"
