/* iCNF input: a 'p inccnf' file holds a formula and cubes ('a 1 -2 0'),
 * as cube-and-conquer tools such as march_cu write them.  As CaDiCaL 2.2
 * does, the formula is solved under each cube in turn, as assumptions,
 * with one incremental solver: it stops at the first satisfiable cube
 * (its model is the answer), adds the negation of the failed assumptions
 * of each unsatisfiable cube as a clause (implied by the formula, and
 * it prunes the later cubes), and answers unsatisfiable only if every
 * cube is.  Conflict limits hold for each cube, the time limit for the
 * whole run; a cube left open by a limit makes the answer unknown.
 * An iCNF file without cubes is solved as plain CNF. */

#include "cli.h"

#include <stdlib.h>
#include <string.h>

/* The 'cube' callback of the reader: appends the cube and its 0. */
int cli_collect_cube (void *data, const int *lits, int size) {
  cli_cubes *c = data;
  size_t needed = c->size + (size_t) size + 1;
  if (needed > c->capacity) {
    size_t capacity = c->capacity ? 2 * c->capacity : 64;
    while (capacity < needed)
      capacity *= 2;
    int *grown = realloc (c->lits, capacity * sizeof *grown);
    if (!grown)
      return 0;
    c->lits = grown;
    c->capacity = capacity;
  }
  memcpy (c->lits + c->size, lits, (size_t) size * sizeof *lits);
  c->size += (size_t) size;
  c->lits[c->size++] = 0;
  c->count++;
  return 1;
}

void cli_release_cubes (cli_cubes *c) {
  free (c->lits);
  memset (c, 0, sizeof *c);
}

static const char *result_name (int res) {
  return res == 10 ? "SATISFIABLE" : res == 20 ? "UNSATISFIABLE"
                                               : "inconclusive";
}

/* After an unsatisfiable cube: the clause of its failed assumptions'
 * negations (empty if the formula alone is unsatisfiable), gathered in
 * 'clause' (room for the longest cube) before it is added. */
static void add_failed_clause (einsat *solver, const int *cube,
                               int *clause) {
  size_t size = 0;
  for (const int *p = cube; *p; p++)
    if (einsat_failed (solver, *p))
      clause[size++] = -*p;
  einsat_add_clause (solver, clause, size);
}

static size_t longest_cube (const cli_cubes *cubes) {
  size_t longest = 0, size = 0;
  for (size_t i = 0; i < cubes->size; i++)
    if (cubes->lits[i])
      size++;
    else {
      if (size > longest)
        longest = size;
      size = 0;
    }
  return longest;
}

typedef struct tally {
  int64_t solved, satisfiable, unsatisfiable, inconclusive;
} tally;

static void print_summary (const tally *t, int64_t cubes, double seconds) {
  printf ("c cubes: %" PRId64 " of %" PRId64 " solved in %.2f seconds: %"
          PRId64 " unsatisfiable, %" PRId64 " satisfiable, %" PRId64
          " inconclusive\n",
          t->solved, cubes, seconds, t->unsatisfiable, t->satisfiable,
          t->inconclusive);
}

int cli_solve_cubes (einsat *solver, const cli_cubes *cubes, bool quiet,
                     const char *(*interrupted) (void)) {
  tally t = {0, 0, 0, 0};
  double start = fe_wall_time ();
  int res = 0;
  int *clause = malloc ((longest_cube (cubes) + 1) * sizeof *clause);
  if (!clause)
    return fe_out_of_memory (), -1;
  if (!quiet)
    printf ("c solving %" PRId64 " cubes\n", cubes->count);
  /* Kept from elimination, which would only have to restore them. */
  for (size_t i = 0; i < cubes->size; i++)
    if (cubes->lits[i])
      einsat_freeze (solver, cubes->lits[i]);
  for (const int *cube = cubes->lits; cube < cubes->lits + cubes->size;) {
    if (interrupted ())
      break;
    for (const int *p = cube; *p; p++)
      einsat_assume (solver, *p);
    double cube_start = fe_wall_time ();
    res = einsat_solve (solver);
    if (res < 0)
      break;
    t.solved++;
    if (!quiet)
      printf ("c cube %" PRId64 " of %" PRId64 ": %s in %.3f seconds\n",
              t.solved, cubes->count, result_name (res),
              fe_wall_time () - cube_start);
    if (res == 10) {
      t.satisfiable++;
      break;
    }
    if (res == 20) {
      t.unsatisfiable++;
      add_failed_clause (solver, cube, clause);
    } else
      t.inconclusive++;
    while (*cube++)
      ;
  }
  free (clause);
  if (res < 0)
    return fe_solver_error (einsat_error (solver)), -1;
  if (!quiet)
    print_summary (&t, cubes->count, fe_wall_time () - start);
  if (res == 10)
    return 10;
  return t.unsatisfiable == cubes->count ? 20 : 0;
}
