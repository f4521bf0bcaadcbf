#!/usr/bin/env bash
# Runs JUnit 4 test source files, unmodified, against the project's classes: for TFLite Support's
# own tests (JUnit 4 + Truth, annotated @RunWith(RobolectricTestRunner.class)), kept outside the
# repository. Tests that do not touch Android classes run under a stand-in
# org.robolectric.RobolectricTestRunner (a plain BlockJUnit4ClassRunner, compiled into a temp
# directory); tests that need Android (LabelAxisOpTest's Context cases) need real Robolectric and
# are not run by this script.
#
#   scripts/run-upstream-junit4-tests.sh Test1.java [Test2.java ...]
#
# Uses target/classes (run `mvn compile` first) and JUnit 4.13.2, Hamcrest 1.3, Truth 1.4.4 and
# Guava (33.2.1-android) from the local Maven repository (`mvn dependency:get -Dartifact=com.google.truth:truth:1.4.4`
# fetches them). Prints "<passed>/<total> tests passed (<class>)" per class; exits non-zero unless
# every test passed.
set -euo pipefail

(( $# > 0 )) || { echo "usage: $0 Test.java..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
m2=${M2_REPO:-$HOME/.m2/repository}
dep() { # group-path artifact version
  local file="$m2/$1/$2/$3/$2-$3.jar"
  [[ -f $file ]] || { echo "missing $file" >&2; exit 2; }
  printf '%s' "$file"
}
cp=$root/target/classes
cp+=:$(dep junit junit 4.13.2):$(dep org/hamcrest hamcrest-core 1.3)
cp+=:$(dep com/google/truth truth 1.4.4):$(dep com/google/guava guava 33.2.1-android)
cp+=:$(dep com/google/guava failureaccess 1.0.2)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/org/robolectric"
cat > "$work/org/robolectric/RobolectricTestRunner.java" <<'JAVA'
package org.robolectric;

import org.junit.runners.BlockJUnit4ClassRunner;
import org.junit.runners.model.InitializationError;

/** Stand-in: runs the test class on the plain JVM, without Android. */
public class RobolectricTestRunner extends BlockJUnit4ClassRunner {
  public RobolectricTestRunner(Class<?> testClass) throws InitializationError {
    super(testClass);
  }
}
JAVA
cat > "$work/RunAll.java" <<'JAVA'
import org.junit.runner.JUnitCore;
import org.junit.runner.Result;
import org.junit.runner.notification.Failure;

public class RunAll {
  public static void main(String[] args) throws Exception {
    boolean ok = true;
    for (String name : args) {
      Result r = JUnitCore.runClasses(Class.forName(name));
      for (Failure f : r.getFailures()) {
        System.out.println("FAILED " + f.getTestHeader() + ": " + f.getMessage());
      }
      int passed = r.getRunCount() - r.getFailureCount();
      System.out.println(passed + "/" + r.getRunCount() + " tests passed (" + name + ")");
      ok &= r.getFailureCount() == 0 && r.getRunCount() > 0;
    }
    System.exit(ok ? 0 : 1);
  }
}
JAVA
classes=()
for f in "$@"; do
  package=$(sed -n 's/^package \([a-zA-Z0-9_.]*\);.*/\1/p' "$f" | head -n 1)
  classes+=("${package:+$package.}$(basename "$f" .java)")
done
javac -nowarn -d "$work" -cp "$cp" "$work/org/robolectric/RobolectricTestRunner.java" "$work/RunAll.java" "$@"
java -Xcheck:jni -cp "$work:$cp" RunAll "${classes[@]}"
