#ifndef CHECK_H_INCLUDED
#define CHECK_H_INCLUDED

/* A minimal test harness for the C API tests: each test case is a
 * function in a table; CHECK records the first failure of a case with its
 * line, and the runner prints 'ok NAME' or 'not ok NAME: ...'. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char check_failure[512];

#define CHECK(COND) \
  do { \
    if (!(COND) && !check_failure[0]) \
      snprintf (check_failure, sizeof check_failure, "%s:%d: %s", \
                __FILE__, __LINE__, #COND); \
  } while (0)

typedef struct test_case {
  const char *name;
  void (*run) (void);
} test_case;

static inline int run_test_cases (const char *prefix, const test_case *cases,
                                  size_t n) {
  int failed = 0;
  for (size_t i = 0; i < n; i++) {
    check_failure[0] = 0;
    cases[i].run ();
    if (check_failure[0]) {
      printf ("not ok %s %s: %s\n", prefix, cases[i].name, check_failure);
      failed++;
    } else
      printf ("ok %s %s\n", prefix, cases[i].name);
  }
  fflush (stdout);
  return failed != 0;
}

#define RUN_TESTS(PREFIX, CASES) \
  run_test_cases (PREFIX, CASES, sizeof CASES / sizeof *CASES)

#endif
