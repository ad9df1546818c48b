# The shared benchmark data for the suites ('source tests/common/data.sh').
#
# Some tests read public benchmark data that is not part of the
# repository: ../shared/bench next to the checkout (or $EINSAT_BENCH),
# see "Benchmark data" in README.md.  Without it they are skipped with a
# reason; with EINSAT_REQUIRE_DATA=1 (set by .ci/run) a missing file is a
# failure instead, so that CI cannot pass by skipping them.
#
#   SHARED                     the data folder
#   missing_data NAME WHY      'skip NAME: WHY', or 'not ok' when required

SHARED=${EINSAT_BENCH:-../shared/bench}

missing_data () {
  if [ "${EINSAT_REQUIRE_DATA:-0}" = 1 ]; then
    echo "not ok $1: $2 (EINSAT_REQUIRE_DATA=1: the shared benchmark data must be present; see README.md)"
  else
    echo "skip $1: $2 (shared benchmark data, see README.md)"
  fi
}
