#!/usr/bin/env bash
# Runs one JUnit 5 test source file, unmodified, against the packaged jar: for upstream tests kept
# outside the repository (for example TensorFlow Java's ShapeTest). Fetches nothing: JUnit comes
# from the local Maven repository that `mvn verify` filled.
#
#   scripts/run-upstream-test.sh path/to/SomeTest.java [path/to/tensorbridge.jar]
#
# Prints "<passed>/<total> tests passed" and exits non-zero unless every test passed.
set -euo pipefail

test_file=${1:?usage: $0 path/to/SomeTest.java [jar]}
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${2:-$(ls "$root"/target/tensorbridge-*.jar | grep -v -e sources -e javadoc | head -n 1)}
m2=${M2_REPO:-$HOME/.m2/repository}

dep() { # group-path artifact version
  local file="$m2/$1/$2/$3/$2-$3.jar"
  [[ -f $file ]] || { echo "missing $file (run mvn verify once)" >&2; exit 2; }
  printf '%s' "$file"
}
junit=$(dep org/junit/jupiter junit-jupiter-api 5.11.4):$(dep org/junit/jupiter junit-jupiter-engine 5.11.4)
junit+=:$(dep org/junit/platform junit-platform-commons 1.11.4):$(dep org/junit/platform junit-platform-engine 1.11.4)
junit+=:$(dep org/junit/platform junit-platform-launcher 1.11.4):$(dep org/opentest4j opentest4j 1.3.0)
junit+=:$(dep org/apiguardian apiguardian-api 1.1.2)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A minimal launcher: the console launcher is not among the build's dependencies.
cat > "$work/RunOne.java" <<'JAVA'
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.PrintWriter;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

public class RunOne {
  public static void main(String[] args) {
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    Launcher launcher = LauncherFactory.create();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(args[0])).build(), listener);
    TestExecutionSummary summary = listener.getSummary();
    summary.printFailuresTo(new PrintWriter(System.out), 20);
    long total = summary.getTestsFoundCount();
    long passed = summary.getTestsSucceededCount();
    System.out.println(passed + "/" + total + " tests passed (" + args[0] + ")");
    System.exit(total > 0 && passed == total ? 0 : 1);
  }
}
JAVA

package=$(sed -n 's/^package \([a-zA-Z0-9_.]*\);.*/\1/p' "$test_file" | head -n 1)
class=$(basename "$test_file" .java)
javac -nowarn -d "$work" -cp "$jar:$junit" "$test_file" "$work/RunOne.java"
java -Xcheck:jni -cp "$work:$jar:$junit" RunOne "${package:+$package.}$class"
