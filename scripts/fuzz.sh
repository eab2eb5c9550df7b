#!/usr/bin/env bash
# fuzz.sh: builds the libFuzzer targets under Fuzz/ (SIGHTLINE_FUZZ=1, in .build-fuzz, with
# ASan and libFuzzer's coverage on both the Swift and the C code) and runs each for
# FUZZ_SECONDS, starting from a copy of its seed corpus (Fuzz/Corpus/<target>/) so that the
# repository stays clean. Prints the executions, speed, coverage and findings per target; exits
# non-zero when any target found a crash, leak, timeout or out-of-memory input.
#
#   FUZZ_SECONDS=60                       seconds per target
#   FUZZ_TARGETS="FuzzExif FuzzJSONBodies" a subset of the targets
#
# Findings are saved as .build-fuzz/findings/<target>/crash-… (or leak-, timeout-, oom-);
# replay one with `.build-fuzz/release/<target> <file>`.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-60}
targets=${FUZZ_TARGETS:-"FuzzImageDecode FuzzExif FuzzONNXLoader FuzzMultipart FuzzJSONBodies FuzzRequestHead"}
scratch=.build-fuzz

# Largest input (bytes) and slowest acceptable execution (seconds) per target: room for the
# largest seed, and far above what a healthy execution takes.
declare -A max_len=([FuzzImageDecode]=32768 [FuzzExif]=4096 [FuzzONNXLoader]=16384 [FuzzMultipart]=8192 [FuzzJSONBodies]=2048 [FuzzRequestHead]=16384)
declare -A timeout=([FuzzImageDecode]=10 [FuzzExif]=5 [FuzzONNXLoader]=10 [FuzzMultipart]=5 [FuzzJSONBodies]=5 [FuzzRequestHead]=5)

for target in $targets; do
    echo "== building $target"
    SIGHTLINE_FUZZ=1 swift build --scratch-path "$scratch" -c release \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
        -Xcc -fsanitize=fuzzer-no-link,address --product "$target" || exit 1
done

summary=()
failed=0
for target in $targets; do
    corpus="$scratch/corpus/$target"
    findings="$scratch/findings/$target"
    log="$scratch/logs/$target.log"
    mkdir -p "$corpus" "$findings" "$(dirname "$log")"
    cp -n Fuzz/Corpus/"$target"/* "$corpus"/
    echo "== fuzzing $target for $seconds s (log: $log)"
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 \
        "$scratch/release/$target" "$corpus" \
        -max_total_time="$seconds" -timeout="${timeout[$target]}" -rss_limit_mb=2048 \
        -max_len="${max_len[$target]}" -artifact_prefix="$findings/" -print_final_stats=1 \
        >"$log" 2>&1
    status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
    found=$(find "$findings" -type f | wc -l)
    summary+=("$(printf '%-16s %12s execs %8s/s  %-22s findings: %s' "$target" "${executions:-?}" "${rate:-?}" "${coverage:-cov: ?}" "$found")")
    if [ "$status" -ne 0 ] || [ "$found" -ne 0 ]; then
        failed=1
        grep -m1 -E 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)|Fatal error' "$log" || true
        find "$findings" -type f | sed 's/^/   finding: /'
    fi
done

echo
echo "== fuzzing summary ($seconds s per target)"
printf '%s\n' "${summary[@]}"
exit "$failed"
