# Shared helpers for the bash test suites.  A suite sources this file
# after setting BUILD (the build directory, first argument).
#   pass NAME           prints 'ok NAME'
#   fail NAME WHY       prints 'not ok NAME: WHY'
#   skip NAME WHY       prints 'skip NAME: WHY'
#   expect NAME COND... runs COND (a command), pass or fail accordingly
# TMP is a fresh temporary folder removed at exit.

BUILD=${1:?usage: suite BUILD_DIR}
EINSAT=$BUILD/bin/einsat
CHECKER=$BUILD/bin/einsat-check
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

pass () { echo "ok $1"; }
fail () { echo "not ok $1: $2"; }
skip () { echo "skip $1: $2"; }

is_sanitized () { case $BUILD in *asan*|*tsan*) return 0 ;; esac; return 1; }

# Checks a solver output (SAT competition or MiniSat result file) for
# CNF with the independent checker.  Returns its exit status.
check_model () {
  "$CHECKER" model "$1" "$2" >"$TMP/check.out" 2>&1
}

check_proof () {
  "$CHECKER" drat "$1" "$2" >"$TMP/check.out" 2>&1
}
