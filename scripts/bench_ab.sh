#!/bin/sh
# Same-run A/B of two builds of the JMH benchmarks: runs JMH from build A's classes, then from
# build B's, ROUNDS times alternately (so that machine load drifts over both), and prints each
# row's per-round scores and the median of each side. Each build is a checkout that has run
# `mvn -Pbench -DskipTests test-compile` (its library, classes and JMH classes under target/).
#
# The JMH lock file is ignored: another JMH run on the machine is load like any other.
#
# usage: scripts/bench_ab.sh DIR_A DIR_B [JMH arguments, e.g. a benchmark regex]
#   ROUNDS (default 2) and JMH_SETTINGS (default "-f 1 -wi 2 -w 1s -i 3 -r 1s") tune the runs.
set -eu
A=$(cd "$1" && pwd); B=$(cd "$2" && pwd); shift 2
ROUNDS="${ROUNDS:-2}"
JMH="${JMH_SETTINGS:--f 1 -wi 2 -w 1s -i 3 -r 1s}"
OUT="${AB_OUT:-$B/target/ab}"
mkdir -p "$OUT"
cd "$B"
mvn -B -q -o -Pbench dependency:build-classpath -Dmdep.outputFile="$OUT/deps.txt" -Dmdep.includeScope=test
DEPS=$(cat "$OUT/deps.txt")
i=1
while [ "$i" -le "$ROUNDS" ]; do
  for side in A B; do
    eval dir=\$$side
    java -Djmh.ignoreLock=true -cp "$dir/target/test-classes:$dir/target/classes:$DEPS" org.openjdk.jmh.Main \
      $JMH -rf json -rff "$OUT/$side-$i.json" "$@"
  done
  i=$((i + 1))
done
python3 "$(dirname "$0")/bench_ab_table.py" "$OUT" "$ROUNDS"
