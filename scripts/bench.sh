#!/bin/sh
# Runs the benchmarks of docs/benchmarks.md: the main JMH run (tensorbridge next to the relocated
# pure-Java peers, one JVM per benchmark) and then the TensorFlow Java eager run (its own JVM and
# class path), with the same JMH settings, and prints the table. Extra arguments are JMH arguments
# (e.g. a benchmark regex: scripts/bench.sh StridedSlice).
set -eu
cd "$(dirname "$0")/.."
JMH="${JMH_SETTINGS:--f 1 -wi 2 -w 1s -i 3 -r 1s}"
mvn -B -q -f bench/peers/pom.xml install
mvn -B -q -f bench/tfjava/pom.xml package
mvn -B -q -Pbench test-compile
mvn -B -q -Pbench exec:exec@jmh -Djmh.args="$JMH -rf json -rff $PWD/target/jmh-result.json $*"
# Heap allocation per call of the hot paths (JMH's gc profiler), a short run of its own so that
# the profiler does not disturb the timings above. Skipped when a subset was asked for.
GC_ROWS='ShapeBench\.(get|numDimensions|size|equals|hashCode|isCompatibleWith|append)_|TensorBufferScalarBench|TensorBufferUint8Bench\.(loadArrayFloat|getFloatArrayInto|getIntArrayInto)_ours|StridedSliceBench\.slice2x3x4_ours'
if [ $# -eq 0 ]; then
  mvn -B -q -Pbench exec:exec@jmh -Djmh.args="-f 1 -wi 2 -w 1s -i 2 -r 1s -prof gc -p n=1000 -rf json -rff $PWD/target/jmh-result-gc.json $GC_ROWS"
fi
# The TensorFlow Java project holds only the StridedSlice peers; skip it for other subsets.
case "$*" in
  ""|*Slice*)
    mvn -B -q -f bench/tfjava/pom.xml exec:exec -Djmh.args="$JMH -rf json -rff $PWD/target/jmh-result-tfjava.json $*"
    python3 scripts/bench_table.py target/jmh-result.json target/jmh-result-tfjava.json
    if [ $# -eq 0 ]; then
      python3 scripts/bench_targets.py target/jmh-result.json target/jmh-result-tfjava.json \
        docs/bench/criterion.json target/jmh-result-gc.json
    fi ;;
  *)
    python3 scripts/bench_table.py target/jmh-result.json ;;
esac
