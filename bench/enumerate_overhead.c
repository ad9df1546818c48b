/* enumerate_overhead.c - reproduces the per-call costs of the solver core
 * that bound the Sudoku batch (bench/GRIDS.md): every 'einsat_enumerate'
 * call leaves a fixed selector variable behind, and several steps of each
 * solve or enumeration are linear in the number of variables, so calls get
 * slower the more of them were made; and every 'einsat_add' pays for a
 * setjmp.  Build and run from the project root:
 *
 *   make && cc -O2 -Iinclude bench/enumerate_overhead.c \
 *     build/release/lib/libeinsat.a -lpthread -lm -o /tmp/overhead
 *   /tmp/overhead
 *
 * It prints the time per call for blocks of calls on a formula of 729
 * variables (the size of a 9x9 Sudoku) whose models are all fixed by unit
 * clauses, so that search costs nothing and only the overhead is left. */

#include "einsat.h"

#include <stdio.h>
#include <time.h>

#define VARS 729
#define CALLS 20000
#define BLOCK 2000

static double now (void) {
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static int ignore (void *data, const int *values) {
  (void) data, (void) values;
  return 1;
}

/* Units for half of the variables, binary implications for the rest, so
 * unit propagation assigns every variable. */
static einsat *formula (void) {
  einsat *solver = einsat_new ();
  for (int v = 1; v <= VARS; v += 2) {
    einsat_add (solver, v), einsat_add (solver, 0);
    if (v < VARS)
      einsat_add (solver, -v), einsat_add (solver, v + 1),
          einsat_add (solver, 0);
  }
  return solver;
}

static void run (const char *name, int enumerate) {
  einsat *solver = formula ();
  int project[VARS];
  for (int i = 0; i < VARS; i++)
    project[i] = i + 1;
  printf ("%s:", name);
  double start = now ();
  for (int call = 1; call <= CALLS; call++) {
    if (enumerate)
      einsat_enumerate (solver, project, VARS, 1, ignore, 0, 0);
    else
      einsat_solve (solver);
    if (call % BLOCK)
      continue;
    double t = now ();
    printf (" %.1f", 1e6 * (t - start) / BLOCK);
    start = t;
  }
  printf (" microseconds per call (blocks of %d calls)\n", BLOCK);
  einsat_delete (solver);
}

static void adding (void) {
  double start = now ();
  einsat *solver = einsat_new ();
  long literals = 0;
  for (int i = 0; i < 200000; i++) {
    einsat_add (solver, -(1 + i % VARS));
    einsat_add (solver, -(1 + (i * 7 + 3) % VARS));
    einsat_add (solver, 0);
    literals += 3;
  }
  printf ("einsat_add: %.0f nanoseconds per call (literal or 0)\n",
          1e9 * (now () - start) / literals);
  einsat_delete (solver);
}

int main (void) {
  run ("einsat_solve", 0);
  run ("einsat_enumerate", 1);
  adding ();
  return 0;
}
