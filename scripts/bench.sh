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
# The TensorFlow Java project holds only the StridedSlice peers; skip it for other subsets.
case "$*" in
  ""|*Slice*)
    mvn -B -q -f bench/tfjava/pom.xml exec:exec -Djmh.args="$JMH -rf json -rff $PWD/target/jmh-result-tfjava.json $*"
    python3 scripts/bench_table.py target/jmh-result.json target/jmh-result-tfjava.json ;;
  *)
    python3 scripts/bench_table.py target/jmh-result.json ;;
esac
