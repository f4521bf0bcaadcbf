#!/usr/bin/env bash
# Static checks of the Android AAR written by android/build.sh (no device or emulator here):
#   - every ABI's libtensorbridge.so (scripts/check-natives.py AAR android-<abi>: ELF class, machine
#     and flags, bionic API 21 imports and version nodes, exports, TEXTREL, 16 KB LOAD alignment,
#     RELRO, BIND_NOW, stack, SONAME, DT_HASH, API level note), each check also shown to fail on a
#     deliberately broken copy of the library;
#   - classes.jar through D8 and R8 (scripts/check-aar.py), with the same kind of self-test.
# Fetches com.android.tools:r8 from Maven Central into the local Maven repository (once), and the
# capstone disassembler (the armeabi-v7a register scan) and LIEF (the ELF reader) from PyPI.
# The last line is `check-android: all checks passed` or names the failures; exits non-zero on any.
# Usage: scripts/check-android.sh build/outputs/aar/tensorbridge-<version>.aar
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
aar="${1:?usage: scripts/check-android.sh AAR}"
# shellcheck source=platform-tools.sh
source "$root/scripts/platform-tools.sh"
R8_VERSION=8.13.25
CAPSTONE_VERSION=5.0.6
python3 -c "import capstone" 2>/dev/null || pip_install "capstone==$CAPSTONE_VERSION" || exit 2
need_lief || exit 2
r8_jar="$HOME/.m2/repository/com/android/tools/r8/$R8_VERSION/r8-$R8_VERSION.jar"
if [ ! -f "$r8_jar" ]; then
  mvn -B -ntp -q dependency:get -Dartifact="com.android.tools:r8:$R8_VERSION" -Dtransitive=false || exit 2
fi

failed=()
for abi in arm64-v8a armeabi-v7a x86_64; do
  echo "== check-android: $abi"
  python3 "$root/scripts/check-natives.py" "$aar" "android-$abi" --self-test || failed+=("$abi")
done
echo "== check-android: classes.jar with D8 and R8 $R8_VERSION"
python3 "$root/scripts/check-aar.py" "$r8_jar" "$aar" --self-test || failed+=("D8/R8")
if [ "${#failed[@]}" -gt 0 ]; then
  echo "check-android: FAILED: ${failed[*]}"
  exit 1
fi
echo "check-android: all checks passed"
