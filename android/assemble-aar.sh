#!/usr/bin/env bash
# Packs the Android library (AAR) from the desktop jar and the Android builds of the native library:
#
#   build/outputs/aar/tensorbridge-<version>.aar
#     classes.jar                   target/tensorbridge-<version>.jar without the paths listed in
#                                   android/classes-jar-excludes.txt (the desktop libraries, DataType)
#     jni/<abi>/libtensorbridge.so  android/jniLibs/<abi>/libtensorbridge.so, for each ABI below
#     AndroidManifest.xml, proguard.txt (consumer rules), R.txt (empty: no resources)
#
# Inputs: `mvn package` (or `mvn verify`) for the jar; android/build.sh for the libraries, which also
# runs this script (docs/android.md).
# The 64-bit libraries must have 16 KB-aligned LOAD segments (Android 15+ devices with 16 KB pages);
# this is checked with llvm-readelf or readelf when one is installed.
#
# Overrides, used by the tests: TENSORBRIDGE_JAR (the jar), TENSORBRIDGE_JNILIBS (the jniLibs
# directory), TENSORBRIDGE_AAR_DIR (output directory), TENSORBRIDGE_AAR_SKIP_ELF_CHECKS=1 (accept
# libraries of any machine type and alignment).
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' "$root/pom.xml" | head -1)"
if [ -z "$version" ]; then
  echo "assemble-aar: cannot read the project version from $root/pom.xml" >&2
  exit 2
fi
jar="${TENSORBRIDGE_JAR:-$root/target/tensorbridge-$version.jar}"
jnilibs="${TENSORBRIDGE_JNILIBS:-$root/android/jniLibs}"
out_dir="${TENSORBRIDGE_AAR_DIR:-$root/build/outputs/aar}"
abis=(arm64-v8a armeabi-v7a x86_64)

# The ELF machine each ABI's library must be built for (readelf -h "Machine:" text).
expected_machine() {
  case "$1" in
    arm64-v8a) echo "AArch64" ;;
    armeabi-v7a) echo "ARM" ;;
    x86_64) echo "Advanced Micro Devices X86-64" ;;
  esac
}

# ---- every input must exist; report all that are missing at once ----
missing=0
if [ ! -f "$jar" ]; then
  echo "assemble-aar: missing $jar" >&2
  echo "  build it with: mvn -B package   (from $root)" >&2
  missing=1
fi
for abi in "${abis[@]}"; do
  so="$jnilibs/$abi/libtensorbridge.so"
  if [ ! -f "$so" ]; then
    shown="${so#"$root"/}"
    echo "assemble-aar: missing $shown" >&2
    echo "  build it with: bash android/build.sh --libs-only $abi" >&2
    missing=1
  fi
done
if [ "$missing" -ne 0 ]; then
  echo "assemble-aar: build the Android libraries (no NDK needed) and the AAR with: bash android/build.sh" >&2
  echo "  run it from '$root'; details in docs/android.md. No AAR was written." >&2
  exit 1
fi

# ---- the libraries must be for the right CPU, and 16 KB aligned where Android requires it ----
readelf_tool=""
for candidate in llvm-readelf readelf; do
  if command -v "$candidate" >/dev/null; then
    readelf_tool="$candidate"
    break
  fi
done
if [ "${TENSORBRIDGE_AAR_SKIP_ELF_CHECKS:-0}" = 1 ]; then
  echo "assemble-aar: ELF checks skipped (TENSORBRIDGE_AAR_SKIP_ELF_CHECKS=1)" >&2
elif [ -z "$readelf_tool" ]; then
  echo "assemble-aar: warning: neither llvm-readelf nor readelf found; machine types and 16 KB alignment NOT checked" >&2
else
  bad=0
  for abi in "${abis[@]}"; do
    so="$jnilibs/$abi/libtensorbridge.so"
    machine="$("$readelf_tool" -h "$so" | sed -n 's/^ *Machine: *//p')"
    if [ "$machine" != "$(expected_machine "$abi")" ]; then
      echo "assemble-aar: $so is built for '$machine', expected '$(expected_machine "$abi")' ($abi)" >&2
      bad=1
      continue
    fi
    if [ "$abi" = armeabi-v7a ]; then
      continue # 32-bit processes keep 4 KB pages
    fi
    # The last column of each LOAD line is its alignment, e.g. 0x4000.
    while read -r align; do
      if [ $((align)) -lt 16384 ]; then
        echo "assemble-aar: $so has a LOAD segment aligned to $align; Android 15+ devices with 16 KB pages need 0x4000" >&2
        echo "  rebuild with android/build.sh, which links with -z max-page-size=16384 (docs/android.md)" >&2
        bad=1
        break
      fi
    done < <("$readelf_tool" -lW "$so" | awk '$1 == "LOAD" { print $NF }')
  done
  if [ "$bad" -ne 0 ]; then
    echo "assemble-aar: No AAR was written." >&2
    exit 1
  fi
fi

# ---- assemble (with the JDK's jar tool: JDK 17 is already needed to build the jar) ----
if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/jar" ]; then
  jar_tool="$JAVA_HOME/bin/jar"
elif command -v jar >/dev/null; then
  jar_tool="jar"
else
  echo "assemble-aar: the JDK's jar tool was not found (set JAVA_HOME or put it on PATH)" >&2
  exit 1
fi
jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")" # absolute: extracted from another directory
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes" "$work/aar"

(cd "$work/classes" && "$jar_tool" xf "$jar")
# Leave out what android/classes-jar-excludes.txt lists (the desktop libraries, classes the app
# gets from TensorFlow Lite).
while read -r excluded; do
  case "$excluded" in "" | "#"*) continue ;; esac
  (cd "$work/classes" && rm -rf -- ${excluded%/}) # unquoted: a glob expands here
done <"$root/android/classes-jar-excludes.txt"
manifest="$work/MANIFEST.MF"
if [ -f "$work/classes/META-INF/MANIFEST.MF" ]; then
  mv "$work/classes/META-INF/MANIFEST.MF" "$manifest"
else
  printf 'Manifest-Version: 1.0\n' >"$manifest"
fi
"$jar_tool" --create --file "$work/aar/classes.jar" --manifest "$manifest" -C "$work/classes" .

for abi in "${abis[@]}"; do
  mkdir -p "$work/aar/jni/$abi"
  cp "$jnilibs/$abi/libtensorbridge.so" "$work/aar/jni/$abi/libtensorbridge.so"
done
cp "$root/android/AndroidManifest.xml" "$root/android/proguard.txt" "$work/aar/"
: >"$work/aar/R.txt"

mkdir -p "$out_dir"
aar="$out_dir/tensorbridge-$version.aar"
rm -f "$aar"
"$jar_tool" --create --no-manifest --file "$aar" -C "$work/aar" .
echo "assemble-aar: wrote $aar"
