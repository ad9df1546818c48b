# Shell helpers for the suites ('source tests/common/suite.sh').

# run_program NAME COMMAND...: runs a test program that prints its own
# 'ok' / 'not ok' lines.  If it exits non-zero without a 'not ok' line
# (a crash, an abort, a sanitizer report), prints one for it, quoting
# the first line of stderr that explains the failure.
run_program () {
  local name=$1
  shift
  if [ ! -x "$1" ]; then
    echo "skip $name: $1 not built"
    return
  fi
  local out err status
  out=$(mktemp)
  err=$(mktemp)
  # The subshell keeps bash's 'Aborted' job message out of the report.
  ("$@" >"$out" 2>"$err"; exit $?) 2>/dev/null
  status=$?
  cat "$out"
  if [ $status -ne 0 ] && ! grep -q '^not ok ' "$out"; then
    local why
    why=$(grep -m1 -E 'runtime error|Sanitizer|einsat: |Assertion' "$err")
    [ -n "$why" ] || why=$(head -n1 "$err")
    echo "not ok $name: exit status $status: $why"
  fi
  rm -f "$out" "$err"
}

# Sanitizer reports in a file of captured stderr (first line only).
sanitizer_report () {
  grep -m1 -E 'runtime error|Sanitizer' "$1"
}
