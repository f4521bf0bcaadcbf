#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/fuzz_targets one after the other (never two at once),
# each until it has made RUNS executions or SECONDS_PER_TARGET seconds have passed, whichever
# comes first. Installs cargo-fuzz and the nightly toolchain when they are missing.
#
#   bash scripts/fuzz.sh 30                  # CI: about 30 s per target
#   nice -n 19 bash scripts/fuzz.sh 1200 10000000 [target...]   # the long runs of docs/fuzzing.md
#
# The corpus of each target stays in fuzz/corpus/<target> (seeded on first use), findings go to
# fuzz/artifacts/<target>/, libFuzzer's output to target/fuzz-logs/<target>.log. The last status
# line of each run (runs, cov, ft, corpus) is printed at the end; a finding fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds="${1:-30}"
runs="${2:-0}" # 0: no run limit
shift $(( $# < 2 ? $# : 2 ))

command -v rustup >/dev/null || { echo "rustup is required (https://rustup.rs)" >&2; exit 1; }
rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked

if [ $# -gt 0 ]; then
  targets=("$@")
else
  targets=()
  for f in fuzz/fuzz_targets/*.rs; do targets+=("$(basename "$f" .rs)"); done
fi

mkdir -p target/fuzz-logs fuzz/corpus
seed_from_proto() {
  # The inputs of the golden vectors are the seed corpus of from_proto.
  python3 - <<'EOF'
import hashlib, json, os
os.makedirs('fuzz/corpus/from_proto', exist_ok=True)
for line in open('tests/vectors/tensor_proto.jsonl'):
    v = json.loads(line)
    for k in ('input_hex', 'expected_hex', 'reserialized_hex'):
        if v.get(k) and len(v[k]) <= 4096:
            b = bytes.fromhex(v[k])
            open('fuzz/corpus/from_proto/' + hashlib.sha1(b).hexdigest(), 'wb').write(b)
EOF
}
[ -d fuzz/corpus/from_proto ] || { command -v python3 >/dev/null && seed_from_proto; } || true

(cd fuzz && cargo +nightly fuzz build) # one build for all targets

status=0
summary=()
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  log="target/fuzz-logs/$t.log"
  echo "== fuzz $t (${seconds} s$([ "$runs" != 0 ] && echo ", at most $runs runs"))"
  set +e
  (cd fuzz && cargo +nightly fuzz run "$t" "corpus/$t" -- \
      -max_total_time="$seconds" -runs="$([ "$runs" != 0 ] && echo "$runs" || echo -1)" \
      -rss_limit_mb=4096 -print_final_stats=1) >"$log" 2>&1
  rc=$?
  set -e
  last="$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)"
  files="$(find "fuzz/corpus/$t" -type f | wc -l)"
  summary+=("$t: exit $rc; corpus files $files; last status: $last")
  if [ "$rc" -ne 0 ]; then
    status=1
    echo "finding or failure in $t (exit $rc), see $log and fuzz/artifacts/$t/" >&2
    tail -n 40 "$log" >&2
  fi
done
printf '%s\n' "${summary[@]}"
exit "$status"
