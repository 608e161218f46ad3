# Sourced by scripts/test.sh and scripts/test-quick.sh: runs steps side by side, so the
# machine's two cores both work (decision 063). Each lane is a background process group whose
# output lines start with its name; the first lane to fail stops the others, and Ctrl-C stops
# them all.

# Each background job in a process group of its own, so a lane is stopped with all it started.
set -m

LANE_PIDS=()
LANE_NAMES=()
LANE_STARTS=()
# Each lane writes its exit status here when it ends.
LANE_DIR=$(mktemp -d)

# lane NAME COMMAND...: starts COMMAND (a function of the caller, or any command) as a lane.
lane() {
  local name=$1
  shift
  local status_file="$LANE_DIR/${#LANE_PIDS[@]}"
  (
    set +e -o pipefail
    # Line by line as they come (awk and sed hold a pipe's lines back until their buffer fills).
    "$@" 2>&1 | while IFS= read -r line || [ -n "$line" ]; do printf '[%s] %s\n' "$name" "$line"; done
    echo "$?" >"$status_file"
  ) &
  LANE_PIDS+=("$!")
  LANE_NAMES+=("$name")
  LANE_STARTS+=("$SECONDS")
}

stop_lanes() {
  local pid
  for pid in "${LANE_PIDS[@]}"; do
    kill -TERM -- "-$pid" 2>/dev/null || true
  done
  for pid in "${LANE_PIDS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  LANE_PIDS=()
  LANE_NAMES=()
  LANE_STARTS=()
}

# lanes_cleanup: what the script that sources this file does on its way out, however it ends
# (after its lanes are stopped); it may define its own.
lanes_cleanup() { :; }

trap 'stop_lanes; exit 130' INT TERM
trap 'lanes_cleanup; rm -rf "$LANE_DIR"' EXIT

# wait_lanes: waits for every lane started since the last wait_lanes. Returns 1 as soon as one
# fails, having stopped the others; 0 when all passed.
wait_lanes() {
  local index status took
  while [ "${#LANE_PIDS[@]}" -gt 0 ]; do
    for index in "${!LANE_PIDS[@]}"; do
      [ -s "$LANE_DIR/$index" ] || continue
      wait "${LANE_PIDS[$index]}" 2>/dev/null || true
      status=$(cat "$LANE_DIR/$index")
      rm -f "$LANE_DIR/$index"
      took=$((SECONDS - LANE_STARTS[index]))
      if [ "$status" -ne 0 ]; then
        echo "[${LANE_NAMES[$index]}] failed (exit $status, ${took} s); stopping the other steps." >&2
        unset "LANE_PIDS[$index]" "LANE_NAMES[$index]" "LANE_STARTS[$index]"
        stop_lanes
        return 1
      fi
      echo "[${LANE_NAMES[$index]}] passed (${took} s)."
      unset "LANE_PIDS[$index]" "LANE_NAMES[$index]" "LANE_STARTS[$index]"
    done
    sleep 1
  done
  LANE_PIDS=()
  LANE_NAMES=()
  LANE_STARTS=()
}
