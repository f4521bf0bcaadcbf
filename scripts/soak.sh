#!/bin/sh
# Soak run of docs/soak.md: 1,000,000 mixed operations (or "$1"), reporting VmRSS and live native
# handles every 100,000 (or "$2"). Builds the test classes first; extra Maven flags go in
# SOAK_MVN_FLAGS (e.g. SOAK_MVN_FLAGS="-o -Dcargo.command=true" to reuse a built library).
set -eu
cd "$(dirname "$0")/.."
mvn -B -q ${SOAK_MVN_FLAGS:-} test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/soak.classpath -Dmdep.includeScope=test
# The live-handle count is a native of the test library (test-compile builds it).
exec java ${SOAK_JAVA_OPTS:--Xmx256m} \
  -Dtensorbridge.library.path="$(pwd)/target/release/$(uname | grep -q Darwin && echo libtensorbridge_testing.dylib || echo libtensorbridge_testing.so)" \
  -cp "target/test-classes:target/classes:$(cat target/soak.classpath)" dev.tensorbridge.soak.Soak "$@"
