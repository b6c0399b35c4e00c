#!/usr/bin/env bash
# Runs its arguments as commands at the same time, each one's output printed whole when it ends; fails when any does.
# `npm test` runs the type checks, the linters and the build this way: each of them keeps one core busy at most.
set -uo pipefail
outputs=$(mktemp -d)
trap 'rm -rf "$outputs"' EXIT

pids=()
index=0
for command in "$@"; do
  bash -c "$command" >"$outputs/$index" 2>&1 &
  pids+=("$!")
  index=$((index + 1))
done

failed=()
index=0
for command in "$@"; do
  if wait "${pids[$index]}"; then status=ok; else status=failed; failed+=("$command"); fi
  echo "== $command: $status"
  cat "$outputs/$index"
  index=$((index + 1))
done

if [ ${#failed[@]} -gt 0 ]; then
  printf 'Failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
