#!/usr/bin/env bash
# Runs TFLite Support's own JUnit 4 tests, unmodified, under real Robolectric (4.14.1, SDK 34,
# LEGACY graphics, offline) against the project's classes: target/classes, with the native library
# bundled there (run `mvn compile` first). The tests are read from a checkout of TFLite Support
# outside the repository; nothing is copied into it.
#
#   scripts/run-upstream-robolectric-tests.sh CHECKOUT [common|label|image|tensorbuffer|audio|model|all|Name[Test]|File.java]...
#
# CHECKOUT is a checkout of TFLite Support (e.g. tag v0.4.4); its test sources are
# CHECKOUT/tensorflow_lite_support/java/src/javatests/org/tensorflow/lite/support. A package
# (common, label, image, tensorbuffer, audio, model) selects every *Test.java under that folder (instrumented tests excluded),
# a class name or a .java path one test; the default is common and label. Every other .java file of
# a selected folder is compiled with the tests (helpers such as image/TestImageCreator.java).
# PRODUCT_CLASSPATH replaces target/classes as the classes under test.
# SKIP_TESTS="Name1 Name2" leaves tests out by simple name (default: MlImageAdapterTest, which needs
# the MlImage library; instrumented tests always are).
#
# The first run resolves Robolectric, android-all, JUnit, Truth, AndroidX Test and Mockito from
# Maven Central (scripts/robolectric/pom.xml; TensorFlow Lite's API for the model tests) into ~/.m2 and ~/.cache/tensorbridge/robolectric;
# later runs are offline. Assets come from a resource APK that Debian's aapt builds from the
# tests' AndroidManifest.xml and assets/ folder (Robolectric ignores a plain assets folder).
#
# Prints "<passed>/<total> tests passed (<class>)" per class and a total; exits non-zero unless
# every selected test passed.
set -euo pipefail

(( $# > 0 )) || { sed -n '2,/^set -e/p' "$0" | sed -n 's/^# \{0,1\}//p' >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
checkout=$(cd "$1" && pwd)
shift
(( $# > 0 )) || set -- common label
tests_root=$checkout/tensorflow_lite_support/java/src/javatests/org/tensorflow/lite/support
[[ -d $tests_root ]] || { echo "no TFLite Support tests under $tests_root" >&2; exit 2; }
# The classes under test: the project's (default), or another class path (e.g. upstream's own
# classes.jar, to check a test itself).
product=${PRODUCT_CLASSPATH:-$root/target/classes}
[[ -n ${PRODUCT_CLASSPATH:-} || -d $product/org/tensorflow/lite/support ]] || { echo "run mvn compile first" >&2; exit 2; }
command -v aapt >/dev/null || { echo "aapt is missing: apt-get install aapt" >&2; exit 2; }

cache=${TENSORBRIDGE_ROBOLECTRIC_CACHE:-$HOME/.cache/tensorbridge/robolectric}
mvn_flags=(-B -q -ntp -Dstyle.color=never)
[[ -f $cache/classpath.txt && -f $cache/sdk/.complete ]] && mvn_flags+=(-o)
# Re-resolved on each run (offline once cached) so that a changed pom takes effect.
mkdir -p "$cache"
mvn "${mvn_flags[@]}" -f "$root/scripts/robolectric/pom.xml" validate -Dcache.dir="$cache" \
  > "$cache/resolve.log" 2>&1 || { cat "$cache/resolve.log" >&2; exit 2; }
touch "$cache/sdk/.complete"

# AndroidX Test ships AARs: their classes.jar goes on the class path.
cp=""
android_all=""
IFS=: read -r -a deps < "$cache/classpath.txt" || true # no final newline
mkdir -p "$cache/aar"
for dep in "${deps[@]}"; do
  case $dep in
    *.aar)
      jar=$cache/aar/$(basename "$dep" .aar).jar
      [[ -f $jar && $jar -nt $dep ]] || unzip -p "$dep" classes.jar > "$jar"
      dep=$jar ;;
    */android-all-*.jar) android_all=$dep ;;
  esac
  cp+=:$dep
done
[[ -n $android_all ]] || { echo "android-all is not on the resolved class path" >&2; exit 2; }

# Selected tests: sources to compile, classes to run.
declare -A sources=()
runs=()
skip=" ${SKIP_TESTS-MlImageAdapterTest} "
add_folder() {
  local f name
  while IFS= read -r f; do
    name=$(basename "$f" .java)
    [[ $name == *InstrumentedTest ]] && continue
    if [[ $name == *Test ]]; then
      [[ $skip == *" $name "* ]] && continue
      runs+=("$f")
    fi
    sources[$f]=1
  done < <(find "$1" -name '*.java' | sort)
}
for arg in "$@"; do
  case $arg in
    all) for p in common label image tensorbuffer audio model; do add_folder "$tests_root/$p"; done ;;
    common|label|image|tensorbuffer|audio|model) add_folder "$tests_root/$arg" ;;
    *.java) f=$(cd "$(dirname "$arg")" && pwd)/$(basename "$arg"); sources[$f]=1; runs+=("$f") ;;
    *)
      name=${arg##*.}
      f=$(find "$tests_root" -name "$name.java" -o -name "${name}Test.java" | head -n 1)
      [[ -n $f ]] || { echo "no test $arg under $tests_root" >&2; exit 2; }
      # A test's folder may hold helpers it needs (image/TestImageCreator.java).
      while IFS= read -r h; do sources[$h]=1; done < <(find "$(dirname "$f")" -maxdepth 1 -name '*.java' ! -name '*Test.java')
      sources[$f]=1; runs+=("$f") ;;
  esac
done
(( ${#runs[@]} > 0 )) || { echo "no test selected" >&2; exit 2; }
classes=()
for f in "${runs[@]}"; do
  package=$(sed -n 's/^package \([a-zA-Z0-9_.]*\);.*/\1/p' "$f" | head -n 1)
  classes+=("${package:+$package.}$(basename "$f" .java)")
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes/com/android/tools"

# The resource APK (assets stored uncompressed, as an app's build does for mapped files) and the
# test configuration that Android's Gradle plugin would write for Robolectric.
aapt package -f -0 '' -M "$tests_root/AndroidManifest.xml" -A "$tests_root/assets" \
  -I "$android_all" -F "$work/resources.apk" >/dev/null
cat > "$work/classes/com/android/tools/test_config.properties" <<EOF
android_resource_apk=$work/resources.apk
android_merged_manifest=$tests_root/AndroidManifest.xml
android_custom_package=org.tensorflow.lite.support
EOF
# Robolectric's global configuration: every test on SDK 34.
printf 'sdk=34\n' > "$work/classes/robolectric.properties"

cat > "$work/RunAll.java" <<'JAVA'
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;

public class RunAll {
  public static void main(String[] args) throws Exception {
    boolean ok = true;
    int passedAll = 0;
    int runAll = 0;
    for (String name : args) {
      Result r = JUnitCore.runClasses(Class.forName(name));
      for (Failure f : r.getFailures()) {
        System.out.println("FAILED " + f.getTestHeader() + ": " + f.getMessage());
        if (System.getenv("TRACE") != null) {
          System.out.println(f.getTrace());
        }
      }
      int passed = r.getRunCount() - r.getFailureCount();
      System.out.println(passed + "/" + r.getRunCount() + " tests passed (" + name + ")");
      ok &= r.getFailureCount() == 0 && r.getRunCount() > 0;
      passedAll += passed;
      runAll += r.getRunCount();
    }
    System.out.println(passedAll + "/" + runAll + " tests passed (total)");
    System.exit(ok ? 0 : 1);
  }
}
JAVA
javac -nowarn -encoding UTF-8 -d "$work/classes" -cp "$product$cp" \
  "$work/RunAll.java" "${!sources[@]}"
# Robolectric reaches into java.io.FileDescriptor for AssetManager.openFd (what Gradle adds too).
java -Xcheck:jni --add-opens=java.base/java.io=ALL-UNNAMED \
  -Drobolectric.offline=true -Drobolectric.dependency.dir="$cache/sdk" \
  -Drobolectric.graphicsMode=LEGACY -Drobolectric.logging.enabled=false \
  -cp "$work/classes:$product$cp" RunAll "${classes[@]}"
