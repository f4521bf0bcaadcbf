#!/usr/bin/env bash
# Checks that tensorbridge sits beside the real upstream artifacts from Maven Central without a
# class twice, and that it keeps working there:
#
#   1. class-list overlap 0 between tensorbridge's Android class set (the AAR's classes.jar: the jar
#      without android/classes-jar-excludes.txt) and tensorflow-lite-api 2.16.1,
#      tensorflow-lite 2.16.1 (and LiteRT's litert/litert-api where they resolve);
#   2. the desktop jar and TF Java's org.tensorflow:ndarray 0.3.3 and 1.0.0 share only
#      org.tensorflow.ndarray.Shape (same name on purpose);
#   3. each check above fails on a broken input (the full jar, with DataType; an ndarray.index class);
#   4. tensorbridge's DataType and TensorBuffer JUnit tests compile and pass against upstream's DataType (from
#      tensorflow-lite-api's classes.jar) instead of tensorbridge's, on the Android class set plus the
#      desktop-natives jar: an Android app's local unit tests;
#   5. ndarray 0.3.3 and 1.0.0 before and after tensorbridge on the class path: ndarray's slicing and
#      tensorbridge's StridedSlice with dev.tensorbridge.index give their results
#      (scripts/coexist/NdarrayCoexistence.java);
#   6. the jar on the module path (automatic module dev.tensorbridge) runs SelfTest.
#
# Usage: scripts/check-coexistence.sh [jar] (default target/tensorbridge-<version>.jar; needs `mvn
# package` or `mvn verify` first: the desktop-natives jar and target/test-classes). With
# TENSORBRIDGE_AAR=<file> the Android class set is read from that AAR's classes.jar instead.
# Downloads go to ~/.m2 (mvn dependency:get) and ~/.cache/tensorbridge-coexist.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -1)"
jar="${1:-target/tensorbridge-$version.jar}"
[ -f "$jar" ] && jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")" # absolute: unzipped elsewhere
natives_jar="$(dirname "$jar")/tensorbridge-$version-desktop-natives.jar"
m2="$HOME/.m2/repository"
cache="$HOME/.cache/tensorbridge-coexist"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"
failed=0

for f in "$jar" "$natives_jar"; do
  [ -f "$f" ] || { echo "check-coexistence: missing $f (run mvn -B package first)" >&2; exit 2; }
done

# fetch GROUP:ARTIFACT:VERSION[:PACKAGING]: the file's path in ~/.m2, or nothing if it does not resolve.
fetch() {
  local g a v p
  IFS=: read -r g a v p <<<"$1"
  p="${p:-jar}"
  local file="$m2/${g//.//}/$a/$v/$a-$v.$p"
  if [ ! -f "$file" ]; then
    mvn -B -ntp -q dependency:get -Dtransitive=false -Dartifact="$g:$a:$v:$p" >"$work/fetch.log" 2>&1 || true
  fi
  if [ -f "$file" ]; then echo "$file"; fi
}

# classes FILE: the sorted class entries of a jar or of an AAR's classes.jar (no META-INF, no module-info).
classes() {
  local jarfile="$1"
  case "$1" in
    *.aar)
      jarfile="$cache/$(basename "$1" .aar)-classes.jar"
      [ -f "$jarfile" ] || unzip -p "$1" classes.jar >"$jarfile"
      ;;
  esac
  unzip -Z1 "$jarfile" | grep '\.class$' | grep -v -e '^META-INF/' -e 'module-info\.class$' | LC_ALL=C sort
}

# overlap NAME OURS THEIRS ALLOWED: fails (status 1) if OURS and THEIRS share a class not in ALLOWED.
overlap() {
  local name="$1" ours="$2" theirs="$3" allowed="$4"
  LC_ALL=C comm -12 "$ours" "$theirs" >"$work/common"
  LC_ALL=C comm -23 "$work/common" "$allowed" >"$work/bad"
  local n_common n_bad
  n_common="$(wc -l <"$work/common")"
  n_bad="$(wc -l <"$work/bad")"
  echo "  $name: $(wc -l <"$ours") vs $(wc -l <"$theirs") classes, $n_common in common, $n_bad not allowed"
  sed 's/^/    duplicate: /' "$work/bad"
  [ "$n_bad" -eq 0 ]
}

# ---- tensorbridge's class sets ----
classes "$jar" >"$work/desktop.txt"
if [ -n "${TENSORBRIDGE_AAR:-}" ]; then
  echo "== Android class set: classes.jar of $TENSORBRIDGE_AAR"
  unzip -p "$TENSORBRIDGE_AAR" classes.jar >"$work/android-classes.jar"
else
  echo "== Android class set: $jar without android/classes-jar-excludes.txt (as android/assemble-aar.sh packs it)"
  mkdir "$work/android"
  (cd "$work/android" && unzip -q "$jar")
  while read -r excluded; do
    case "$excluded" in "" | "#"*) continue ;; esac
    (cd "$work/android" && rm -rf -- ${excluded%/}) # unquoted: a glob expands here
  done <android/classes-jar-excludes.txt
  jar --create --no-manifest --file "$work/android-classes.jar" -C "$work/android" .
fi
classes "$work/android-classes.jar" >"$work/android.txt"
echo "  desktop jar: $(wc -l <"$work/desktop.txt") classes; Android set: $(wc -l <"$work/android.txt") classes"
: >"$work/none.txt"

# ---- 1. TensorFlow Lite and LiteRT ----
echo "== 1. no class twice in an Android app with TensorFlow Lite (Maven Central artifacts)"
tflite_api="$(fetch org.tensorflow:tensorflow-lite-api:2.16.1:aar)"
tflite="$(fetch org.tensorflow:tensorflow-lite:2.16.1:aar)"
[ -n "$tflite_api" ] && [ -n "$tflite" ] || { echo "  could not download tensorflow-lite(-api) 2.16.1" >&2; exit 2; }
classes "$tflite_api" >"$work/tflite-api.txt"
classes "$tflite" >"$work/tflite.txt"
overlap "tensorflow-lite-api 2.16.1" "$work/android.txt" "$work/tflite-api.txt" "$work/none.txt" || failed=1
overlap "tensorflow-lite 2.16.1" "$work/android.txt" "$work/tflite.txt" "$work/none.txt" || failed=1
for litert in com.google.ai.edge.litert:litert-api:1.0.1:aar com.google.ai.edge.litert:litert:1.0.1:aar; do
  file="$(fetch "$litert")"
  if [ -z "$file" ]; then
    echo "  $litert: does not resolve from Maven Central (LiteRT is published on Google's Maven repository); not checked"
  else
    classes "$file" >"$work/litert.txt"
    overlap "$litert" "$work/android.txt" "$work/litert.txt" "$work/none.txt" || failed=1
  fi
done
support_api="$(fetch org.tensorflow:tensorflow-lite-support-api:0.4.4:aar)"
if [ -n "$support_api" ]; then
  classes "$support_api" >"$work/support-api.txt"
  echo "  tensorflow-lite-support-api 0.4.4 (replaced by tensorbridge, not used beside it): $(LC_ALL=C comm -12 "$work/android.txt" "$work/support-api.txt" | wc -l) classes in common, as expected (TensorBuffer*)"
fi

# ---- 2. TF Java's ndarray ----
echo "== 2. the desktop jar and org.tensorflow:ndarray share only Shape"
echo "org/tensorflow/ndarray/Shape.class" >"$work/shape.txt"
nd_jars=()
for nd in org.tensorflow:ndarray:0.3.3 org.tensorflow:ndarray:1.0.0; do
  file="$(fetch "$nd")"
  [ -n "$file" ] || { echo "  could not download $nd" >&2; exit 2; }
  nd_jars+=("$file")
  classes "$file" >"$work/nd.txt"
  overlap "${nd#org.tensorflow:}" "$work/desktop.txt" "$work/nd.txt" "$work/shape.txt" || failed=1
done

# ---- 3. the checks fail on broken inputs ----
echo "== 3. each overlap check fails on a broken input"
if overlap "BROKEN INPUT: the full jar (with DataType) vs tensorflow-lite-api" "$work/desktop.txt" "$work/tflite-api.txt" "$work/none.txt"; then
  echo "  the overlap check did not fail on the full jar" >&2
  failed=1
fi
{ cat "$work/desktop.txt"; echo "org/tensorflow/ndarray/index/Index.class"; } | LC_ALL=C sort >"$work/broken-nd.txt"
classes "${nd_jars[0]}" >"$work/nd.txt"
if overlap "BROKEN INPUT: the jar plus org/tensorflow/ndarray/index/Index.class vs ndarray 0.3.3" "$work/broken-nd.txt" "$work/nd.txt" "$work/shape.txt"; then
  echo "  the overlap check did not fail on an ndarray.index class" >&2
  failed=1
fi

# ---- 4. tensorbridge's tests against upstream's DataType ----
echo "== 4. DataType and TensorBuffer tests on upstream's DataType (tensorflow-lite-api 2.16.1), the Android class set and the desktop-natives jar"
console="$(fetch org.junit.platform:junit-platform-console-standalone:1.11.4)"
gson="$(fetch com.google.code.gson:gson:2.11.0)"
[ -n "$console" ] && [ -n "$gson" ] || { echo "  could not download the JUnit console launcher or Gson" >&2; exit 2; }
[ -d target/test-classes ] || { echo "  missing target/test-classes (run mvn -B verify first)" >&2; exit 2; }
unzip -p "$tflite_api" classes.jar >"$work/tflite-api-classes.jar"
# Compiled here against upstream's DataType (source compatibility), then run (binary compatibility);
# target/test-classes supplies the helpers they share with other tests.
mkdir -p "$work/lite-tests"
javac -nowarn --release 17 -d "$work/lite-tests" \
  -cp "$work/android-classes.jar:$work/tflite-api-classes.jar:$console:$gson:target/test-classes" \
  java/src/test/java/org/tensorflow/lite/DataTypeTest.java \
  $(find java/src/test/java/org/tensorflow/lite/support/tensorbuffer -name '*.java') 2>&1 | grep -v -e '^Note:' || true
[ -f "$work/lite-tests/org/tensorflow/lite/DataTypeTest.class" ] || { echo "  the tests did not compile against upstream's DataType" >&2; failed=1; }
echo "  compiled $(find "$work/lite-tests" -name '*Test.class' | wc -l) test classes against upstream's DataType"
cp_tests="$work/lite-tests:$work/android-classes.jar:$natives_jar:$work/tflite-api-classes.jar:target/test-classes:$gson"
java -Xlog:class+load=info:file="$work/classload.log" -Xcheck:jni \
  -Dtensorbridge.test.version="$version" \
  -Dtensorbridge.test.cargoLibrary="$root/target/release/libtensorbridge.so" \
  -Dtensorbridge.test.classesDir="$work/android-classes.jar" \
  -Dtensorbridge.test.testClassesDir="$root/target/test-classes" \
  -jar "$console" execute --class-path "$cp_tests" --disable-banner --details=summary \
  --select-class org.tensorflow.lite.DataTypeTest --select-package org.tensorflow.lite.support.tensorbuffer \
  >"$work/junit.log" 2>&1 || { cat "$work/junit.log"; failed=1; }
grep -E 'tests (successful|failed|found)' "$work/junit.log" | sed 's/^ *\[ */  /; s/ *\] *$//'
datatype_source="$(sed -n 's/.* org\.tensorflow\.lite\.DataType source: //p' "$work/classload.log" | head -1)"
echo "  org.tensorflow.lite.DataType was loaded from: $datatype_source"
case "$datatype_source" in
  *tflite-api-classes.jar) ;;
  *) echo "  DataType did not come from tensorflow-lite-api" >&2; failed=1 ;;
esac
if ! grep -q 'tests successful' "$work/junit.log" || grep -qE '\[ *[1-9][0-9]* tests failed' "$work/junit.log"; then
  failed=1
fi

# ---- 5. ndarray before and after tensorbridge ----
echo "== 5. org.tensorflow:ndarray before and after tensorbridge on the class path"
for nd in "${nd_jars[@]}"; do
  out="$work/nd-$(basename "$nd" .jar)"
  mkdir -p "$out"
  javac --release 8 -nowarn -d "$out" -cp "$nd:$jar" scripts/coexist/NdarrayCoexistence.java 2>&1 | grep -v -e '^warning' -e '^Note' || true
  for order in "$jar:$nd" "$nd:$jar"; do
    echo "  -- $(basename "${order%%:*}") first, then $(basename "${order#*:}")"
    java -cp "$out:$order" NdarrayCoexistence | sed 's/^/     /' || failed=1
  done
done

# ---- 6. module path ----
echo "== 6. the jar on the module path (automatic module dev.tensorbridge)"
java --module-path "$jar" -m dev.tensorbridge/dev.tensorbridge.demo.SelfTest | tail -n 1 | sed 's/^/  /' || failed=1

if [ "$failed" -ne 0 ]; then
  echo "check-coexistence: FAILED" >&2
  exit 1
fi
echo "check-coexistence: all checks passed"
