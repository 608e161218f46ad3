#!/usr/bin/env bash
# stop-postgres-servers.sh DIR: stops every PostgreSQL server still running on a folder in DIR,
# then removes DIR. `npm test` runs it on its way out (scripts/test.sh): a test file stopped
# with its lane never runs its teardown, and pg_ctl starts each server outside the lane's
# process group, so stopping the lane does not stop its servers.
set -uo pipefail
dir=$1
[ -d "$dir" ] || exit 0
pids=()
for pid_file in "$dir"/*/data/postmaster.pid; do
  [ -f "$pid_file" ] || continue
  pid=$(head -n 1 "$pid_file")
  # SIGQUIT is PostgreSQL's immediate shutdown (pg_ctl stop -m immediate): the data is thrown away.
  if [[ "$pid" =~ ^[0-9]+$ ]] && kill -QUIT "$pid" 2>/dev/null; then
    pids+=("$pid")
  fi
done
for pid in "${pids[@]}"; do
  for _ in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
done
[ "${#pids[@]}" -eq 0 ] || echo "Stopped ${#pids[@]} PostgreSQL server(s) the tests left running." >&2
rm -rf "$dir"
