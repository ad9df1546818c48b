"""Runs the unittest modules test_*.py next to this file and prints one
line per test in the form tests/run counts: 'ok NAME', 'not ok NAME: why'
or 'skip NAME: why' (tracebacks are printed before, indented).  A test
that runs longer than EINSAT_TEST_TIMEOUT seconds (default 120) kills the
process with a traceback of every thread."""

import faulthandler
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TIMEOUT = float(os.environ.get("EINSAT_TEST_TIMEOUT", "120"))


def short_name(test):
    module, _, rest = test.id().partition(".")
    method = rest.rpartition(".")[2]
    return "python_%s.%s" % (module.replace("test_", "", 1),
                             method.replace("test_", "", 1))


class Result(unittest.TestResult):
    def startTest(self, test):
        super().startTest(test)
        self.started = time.monotonic()
        faulthandler.dump_traceback_later(TIMEOUT, exit=True)

    def stopTest(self, test):
        faulthandler.cancel_dump_traceback_later()
        super().stopTest(test)

    def report(self, line):
        print(line, flush=True)

    def addSuccess(self, test):
        super().addSuccess(test)
        seconds = time.monotonic() - self.started
        self.report("ok %s%s" % (short_name(test),
                                 " (%.1f s)" % seconds if seconds >= 1 else ""))

    def fail(self, test, err, kind):
        text = self._exc_info_to_string(err, test)
        print("    " + text.rstrip().replace("\n", "\n    "))
        lines = str(err[1]).strip().splitlines() or [""]
        self.report("not ok %s: %s: %s: %s" % (short_name(test), kind,
                                                err[0].__name__, lines[0]))

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.fail(test, err, "failed")

    def addError(self, test, err):
        super().addError(test, err)
        self.fail(test, err, "error")

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.report("skip %s: %s" % (short_name(test), reason))

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.report("not ok %s: unexpected success" % short_name(test))


def main():
    sys.path.insert(0, HERE)
    import einsat
    print("einsat %s from %s, Python %s (%s)" % (
        einsat.version(), os.path.dirname(einsat.__file__),
        sys.version.split()[0], sys.executable))
    pattern = sys.argv[1] if len(sys.argv) > 1 else "test_*.py"
    suite = unittest.defaultTestLoader.discover(HERE, pattern=pattern)
    result = Result()
    suite.run(result)
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
