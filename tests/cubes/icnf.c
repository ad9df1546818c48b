/* The command line on iCNF files ('p inccnf', cubes as 'a ... 0'),
 * checked against exhaustive search per cube: random formulas with
 * random cubes go through 'einsat FILE'; the cubes it reports ('c cube K
 * of N: RESULT') must be the first ones in order, unsatisfiable up to
 * the first satisfiable one, where it stops with exit code 10 and a model
 * of the formula that satisfies that cube; with no satisfiable cube it
 * must report them all and answer 20.  With CaDiCaL given, its exit code
 * must agree on the same files.
 *
 *   icnf EINSAT TMPDIR [--quick] [--threads] [--cadical CADICAL] */

#include "../common/check.h"
#include "../common/oracle.h"

#include <sys/wait.h>

#define MAX_CUBES 8
#define MAX_CUBE_SIZE 4

typedef struct cube_set {
  int count, size[MAX_CUBES];
  int lits[MAX_CUBES][MAX_CUBE_SIZE];
} cube_set;

static const char *einsat_path, *cadical_path, *tmpdir;
static bool quick, threads;

static void random_cubes (cube_set *c, uint64_t *rng, int vars) {
  c->count = 1 + oracle_below (rng, MAX_CUBES);
  for (int i = 0; i < c->count; i++) {
    c->size[i] = oracle_below (rng, MAX_CUBE_SIZE + 1);
    for (int j = 0; j < c->size[i]; j++) {
      int var = 1 + oracle_below (rng, vars);
      c->lits[i][j] = oracle_below (rng, 2) ? var : -var;
    }
  }
}

/* A comment before the cubes and cubes across lines now and then, as
 * the format allows.  (CaDiCaL rejects comment lines between cubes,
 * which einsat accepts: the parse suite has one.) */
static bool write_icnf (const char *path, const formula *f,
                        const cube_set *c, uint64_t *rng) {
  FILE *file = fopen (path, "w");
  if (!file)
    return false;
  fprintf (file, "c random iCNF\np inccnf\n");
  for (int i = 0; i < f->clauses; i++) {
    for (int j = 0; j < f->sizes[i]; j++)
      fprintf (file, "%d ", f->lits[i][j]);
    fprintf (file, "0\n");
  }
  for (int i = 0; i < c->count; i++) {
    if (!i && !oracle_below (rng, 4))
      fprintf (file, "c cubes\n");
    fprintf (file, "a");
    for (int j = 0; j < c->size[i]; j++)
      fprintf (file, oracle_below (rng, 10) ? " %d" : "\n%d", c->lits[i][j]);
    fprintf (file, " 0\n");
  }
  return !fclose (file);
}

static uint32_t mask (const int *lits, int size, bool positive) {
  uint32_t m = 0;
  for (int i = 0; i < size; i++)
    if ((lits[i] > 0) == positive)
      m |= 1u << (abs (lits[i]) - 1);
  return m;
}

static int run (const char *command, const char *out) {
  char line[4096];
  snprintf (line, sizeof line, "%s >%s 2>&1", command, out);
  int status = system (line);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

typedef struct output {
  int reported[MAX_CUBES + 1]; /* per cube: 10, 20, 0 or -1 (missing) */
  int model[ORACLE_MAX_VARS + 1];
  bool status_line, bad_line;
} output;

static void read_output (const char *path, int cubes, output *o) {
  memset (o, 0, sizeof *o);
  for (int i = 0; i <= cubes; i++)
    o->reported[i] = -1;
  FILE *file = fopen (path, "r");
  if (!file)
    return;
  char line[4096];
  while (fgets (line, sizeof line, file)) {
    int k, n;
    char result[32];
    if (sscanf (line, "c cube %d of %d: %31s", &k, &n, result) == 3) {
      if (k < 1 || k > cubes || n != cubes)
        o->bad_line = true;
      else
        o->reported[k] = !strcmp (result, "SATISFIABLE")     ? 10
                         : !strcmp (result, "UNSATISFIABLE") ? 20
                                                             : 0;
    } else if (!strncmp (line, "s ", 2))
      o->status_line = true;
    else if (line[0] == 'v') {
      char *p = line + 1;
      int lit, used;
      while (sscanf (p, "%d%n", &lit, &used) == 1) {
        p += used;
        if (lit && abs (lit) <= ORACLE_MAX_VARS)
          o->model[abs (lit)] = lit > 0 ? 1 : -1;
      }
    }
  }
  fclose (file);
}

static bool model_satisfies_cube (const output *o, const int *lits,
                                  int size) {
  for (int i = 0; i < size; i++)
    if (o->model[abs (lits[i])] != (lits[i] > 0 ? 1 : -1))
      return false;
  return true;
}

static void check_round (const formula *f, const cube_set *c,
                         const char *path, int status, const output *o) {
  int first_sat = 0;
  for (int i = 0; i < c->count && !first_sat; i++) {
    uint32_t t = mask (c->lits[i], c->size[i], true);
    uint32_t n = mask (c->lits[i], c->size[i], false);
    if (oracle_count (f, t, n, 1, 0))
      first_sat = i + 1;
  }
  int last = first_sat ? first_sat : c->count;
  for (int k = 1; k <= c->count; k++) {
    int expected = k > last ? -1 : k == first_sat ? 10 : 20;
    if (o->reported[k] != expected) {
      fprintf (stderr, "%s: cube %d reported %d, expected %d\n", path, k,
               o->reported[k], expected);
      CHECK (o->reported[k] == expected);
      return;
    }
  }
  CHECK (!o->bad_line && o->status_line);
  CHECK (status == (first_sat ? 10 : 20));
  if (first_sat) {
    CHECK (oracle_check_model (f, o->model));
    CHECK (model_satisfies_cube (o, c->lits[first_sat - 1],
                                 c->size[first_sat - 1]));
  }
}

static void random_icnf (void) {
  uint64_t rng = 23;
  static formula f;
  char path[512], out[512], command[1536];
  snprintf (path, sizeof path, "%s/random.icnf", tmpdir);
  snprintf (out, sizeof out, "%s/random.out", tmpdir);
  int rounds = quick ? 40 : 200, agreed = 0;
  for (int round = 0; round < rounds && !check_failure[0]; round++) {
    int vars = 3 + oracle_below (&rng, 10);
    formula_random (&f, &rng, vars, vars * (1 + oracle_below (&rng, 5)));
    cube_set c;
    random_cubes (&c, &rng, vars);
    CHECK (write_icnf (path, &f, &c, &rng));
    snprintf (command, sizeof command, "%s %s %s", einsat_path,
              threads ? "--threads=2 --threadsdelay=0 "
                        "--threadsoversubscribe"
                      : "",
              path);
    int status = run (command, out);
    output o;
    read_output (out, c.count, &o);
    check_round (&f, &c, path, status, &o);
    if (cadical_path && round % 4 == 0) {
      snprintf (command, sizeof command, "%s -q %s", cadical_path, path);
      CHECK (run (command, out) == status);
      agreed++;
    }
  }
  if (cadical_path)
    CHECK (agreed > 0);
}

static void test_random (void) { random_icnf (); }

int main (int argc, char **argv) {
  if (argc < 3) {
    fprintf (stderr, "usage: icnf EINSAT TMPDIR [--quick] [--threads] "
                     "[--cadical CADICAL]\n");
    return 1;
  }
  einsat_path = argv[1], tmpdir = argv[2];
  for (int i = 3; i < argc; i++)
    if (!strcmp (argv[i], "--quick"))
      quick = true;
    else if (!strcmp (argv[i], "--threads"))
      threads = true;
    else if (!strcmp (argv[i], "--cadical") && i + 1 < argc)
      cadical_path = argv[++i];
  static const test_case cases[] = {{"iCNF against each cube", test_random}};
  static const test_case thread_cases[] = {
      {"iCNF against each cube with threads", test_random}};
  return threads ? RUN_TESTS ("cubes", thread_cases)
                 : RUN_TESTS ("cubes", cases);
}
