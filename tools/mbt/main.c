/* The command line of einsat-mbt (see 'mbt.h' and tests/fuzz/README.md).
 *
 *   einsat-mbt [--seed S] [--count N] [--time SECONDS] ...   test
 *   einsat-mbt --proofs ...       test proofs of IPASIR-like traces
 *   einsat-mbt --replay FILE      run a trace file and check it
 *   einsat-mbt --shrink FILE      shrink a failing trace file
 *   einsat-mbt --print SEED       print the trace of a seed
 *   einsat-mbt --bytes FILE       print the trace of a fuzzer input
 */

#include "mbt.h"

#include "einsat.h"

#include <errno.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct config {
  uint64_t seed;
  long count;
  double seconds;
  unsigned timeout;
  bool keep_going, shrink, quiet, verbose;
  const char *out_dir;
  const char *replay, *shrink_file, *bytes_file;
  bool print;
  bool proofs;       /* generate traces with proofs */
  const char *known; /* file of known bugs */
  proof_checkers checkers;
  char check_path[4096], drat_trim_path[4096]; /* found by the tester */
  call forced[16]; /* '--option NAME=VALUE' */
  int forced_options;
} config;

static const char *usage =
    "usage: einsat-mbt [OPTION...]\n"
    "\n"
    "Model-based API tester: generates random traces of API calls, runs\n"
    "each in a child process and checks every result against brute "
    "force.\n"
    "A failing trace is shrunk and written to a file that '--replay' "
    "runs.\n"
    "\n"
    "  --seed S        first seed (default: from the clock)\n"
    "  --count N       number of traces (default 1000, 0: no limit)\n"
    "  --time SECONDS  stop after this many seconds\n"
    "  --timeout S     seconds each trace may run (default 10)\n"
    "  --keep-going    go on after a failure\n"
    "  --no-shrink     keep failing traces as generated\n"
    "  --out DIR       directory for failing traces (default '.')\n"
    "  --quiet         print failures and the summary only\n"
    "  --verbose       print each call (with --replay: in this process)\n"
    "  --known FILE    failures matching a line 'GLOB<TAB>DESCRIPTION' of\n"
    "                  FILE are reported as 'skip' (not shrunk, not\n"
    "                  counted)\n"
    "  --proofs        generate IPASIR-like traces (clauses between solves,\n"
    "                  assumptions, options of the simplifiers) tracing a\n"
    "                  DRAT or LRAT proof from the start; every UNSAT\n"
    "                  without assumptions is checked by the checkers\n"
    "  --option NAME=VALUE  set this option in every generated trace\n"
    "                  (after its own options; repeatable)\n"
    "  --check PATH    einsat-check (default: next to einsat-mbt)\n"
    "  --drat-trim PATH  drat-trim for DRAT proofs too (default: from\n"
    "                  PATH if found; 'none': einsat-check only)\n"
    "\n"
    "  --replay FILE   run the trace in FILE: exit 0 if all checks pass\n"
    "  --shrink FILE   shrink the failing trace in FILE, print it\n"
    "  --print SEED    print the trace generated from SEED (with\n"
    "                  '--proofs' first: a proof trace)\n"
    "  --bytes FILE    print the trace a 'tests/fuzz' api input encodes\n";

static double wall_clock (void) {
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

static _Noreturn void die (const char *fmt, const char *arg) {
  fprintf (stderr, "einsat-mbt: ");
  fprintf (stderr, fmt, arg);
  fprintf (stderr, " (try '--help')\n");
  exit (1);
}

static uint64_t parse_number (const char *arg) {
  char *end;
  errno = 0;
  unsigned long long res = strtoull (arg, &end, 10);
  if (!*arg || *end || errno || *arg == '-')
    die ("invalid number '%s'", arg);
  return res;
}

static void parse_forced_option (config *c, const char *arg) {
  const char *equal = strchr (arg, '=');
  size_t length = equal ? (size_t) (equal - arg) : 0;
  call *o = c->forced + c->forced_options;
  if (!equal || !length || length >= sizeof o->name ||
      c->forced_options == 16)
    die ("invalid '--option %s' (NAME=VALUE, at most 16)", arg);
  memset (o, 0, sizeof *o);
  o->kind = CALL_OPTION;
  memcpy (o->name, arg, length);
  char *end;
  errno = 0;
  o->value = strtoll (equal + 1, &end, 10);
  if (!equal[1] || *end || errno)
    die ("invalid value in '--option %s'", arg);
  einsat_option_info info;
  bool known = false;
  for (int i = 0; !known && einsat_option (i, &info); i++)
    known = !strcmp (info.name, o->name) && info.min_value <= o->value &&
            o->value <= info.max_value;
  if (!known)
    die ("unknown option or value out of range in '--option %s'", arg);
  c->forced_options++;
}

/* The forced options go after the trace's own configuration, before its
 * first clause (or other call). */
static void force_options (const config *c, trace *t) {
  size_t position = 0;
  while (position < t->size && (t->calls[position].kind == CALL_NEW ||
                                t->calls[position].kind == CALL_PROOF ||
                                t->calls[position].kind == CALL_OPTION ||
                                t->calls[position].kind == CALL_CONFIGURE))
    position++;
  for (int i = 0; i < c->forced_options; i++) {
    trace_push (t, c->forced + i);
    memmove (t->calls + position + 1, t->calls + position,
             (t->size - 1 - position) * sizeof *t->calls);
    t->calls[position++] = c->forced[i];
  }
}

static void parse_arguments (config *c, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    bool has_value = i + 1 < argc;
    if (!strcmp (arg, "-h") || !strcmp (arg, "--help")) {
      fputs (usage, stdout);
      exit (0);
    } else if (!strcmp (arg, "--keep-going"))
      c->keep_going = true;
    else if (!strcmp (arg, "--no-shrink"))
      c->shrink = false;
    else if (!strcmp (arg, "--quiet"))
      c->quiet = true;
    else if (!strcmp (arg, "--verbose"))
      c->verbose = true;
    else if (!strcmp (arg, "--proofs"))
      c->proofs = true;
    else if (!has_value)
      die ("unknown option or missing value: '%s'", arg);
    else if (!strcmp (arg, "--seed"))
      c->seed = parse_number (argv[++i]);
    else if (!strcmp (arg, "--count"))
      c->count = (long) parse_number (argv[++i]);
    else if (!strcmp (arg, "--time"))
      c->seconds = (double) parse_number (argv[++i]);
    else if (!strcmp (arg, "--timeout"))
      c->timeout = (unsigned) parse_number (argv[++i]);
    else if (!strcmp (arg, "--out"))
      c->out_dir = argv[++i];
    else if (!strcmp (arg, "--replay"))
      c->replay = argv[++i];
    else if (!strcmp (arg, "--shrink"))
      c->shrink_file = argv[++i];
    else if (!strcmp (arg, "--bytes"))
      c->bytes_file = argv[++i];
    else if (!strcmp (arg, "--known"))
      c->known = argv[++i];
    else if (!strcmp (arg, "--check"))
      c->checkers.check = argv[++i];
    else if (!strcmp (arg, "--option"))
      parse_forced_option (c, argv[++i]);
    else if (!strcmp (arg, "--drat-trim"))
      c->checkers.drat_trim = argv[++i];
    else if (!strcmp (arg, "--print")) {
      c->print = true;
      c->seed = parse_number (argv[++i]);
    } else
      die ("unknown option '%s'", arg);
  }
}

/*------------------------------------------------------------------------*/
/* Files. */

static void read_trace_file (const char *path, trace *t) {
  FILE *file = fopen (path, "r");
  if (!file)
    die ("cannot read '%s'", path);
  char error[128];
  if (!trace_read (t, file, error, sizeof error)) {
    fprintf (stderr, "einsat-mbt: %s:%s\n", path, error);
    exit (1);
  }
  fclose (file);
}

static bool write_trace_file (const char *path, const trace *t,
                              const char *comment) {
  FILE *file = fopen (path, "w");
  if (!file)
    return false;
  fprintf (file, "# einsat-mbt trace (run it with 'einsat-mbt --replay "
                 "FILE')\n%s",
           comment);
  trace_print (t, file);
  return !fclose (file);
}

static uint8_t *read_bytes (const char *path, size_t *size) {
  FILE *file = fopen (path, "rb");
  if (!file)
    die ("cannot read '%s'", path);
  uint8_t *data = malloc (1 << 20);
  if (!data)
    abort ();
  *size = fread (data, 1, 1 << 20, file);
  fclose (file);
  return data;
}

/*------------------------------------------------------------------------*/
/* The proof checkers: einsat-check from the same build directory as the
 * tester, drat-trim from the PATH. */

static bool executable (const char *path) { return !access (path, X_OK); }

static const char *checker_next_to_tester (char path[static 4096]) {
  ssize_t n = readlink ("/proc/self/exe", path, 4096 - 32);
  if (n <= 0)
    return 0;
  path[n] = 0;
  char *slash = strrchr (path, '/');
  strcpy (slash ? slash + 1 : path, "einsat-check");
  return executable (path) ? path : 0;
}

static const char *program_on_path (const char *name,
                                    char path[static 4096]) {
  const char *dirs = getenv ("PATH");
  while (dirs && *dirs) {
    size_t n = strcspn (dirs, ":");
    snprintf (path, 4096, "%.*s/%s", (int) n, n ? dirs : ".", name);
    if (executable (path))
      return path;
    dirs += n + (dirs[n] == ':');
  }
  return 0;
}

static void find_checkers (config *c) {
  proof_checkers *k = &c->checkers;
  if (!k->check)
    k->check = checker_next_to_tester (c->check_path);
  else if (!executable (k->check))
    die ("cannot run the checker '%s'", k->check);
  if (k->drat_trim && !strcmp (k->drat_trim, "none")) {
    k->drat_trim = 0;
    k->drat_trim_missing = "--drat-trim none";
  } else if (k->drat_trim && !executable (k->drat_trim))
    die ("cannot run drat-trim '%s'", k->drat_trim);
  else if (!k->drat_trim &&
           !(k->drat_trim = program_on_path ("drat-trim", c->drat_trim_path)))
    k->drat_trim_missing = "drat-trim not found on PATH";
}

/*------------------------------------------------------------------------*/
/* Modes. */

static void print_report (const verdict *v) {
  const char *p = v->report;
  while (*p) {
    const char *end = strchr (p, '\n');
    size_t n = end ? (size_t) (end - p) : strlen (p);
    printf ("  %.*s\n", (int) n, p);
    p += n + (end != 0);
  }
}

static int replay (const config *c) {
  trace t;
  trace_init (&t);
  read_trace_file (c->replay, &t);
  bool failed;
  if (c->verbose) {
    outcome out;
    execute_trace (&t, &c->checkers, true, &out);
    failed = out.failed;
    if (failed)
      printf ("not ok replay %s: %s\n", c->replay, out.message);
    else
      printf ("ok replay %s: %" PRIu64 " checks\n", c->replay, out.checks);
  } else {
    verdict v;
    run_isolated (&t, &c->checkers, c->timeout, false, &v);
    failed = v.failed;
    if (failed) {
      printf ("not ok replay %s: %s\n", c->replay, v.signature);
      print_report (&v);
    } else
      printf ("ok replay %s: %" PRIu64 " checks, %" PRIu64
              " proofs checked (%" PRIu64 " by drat-trim)\n",
              c->replay, v.checks, v.proofs, v.drat_trim);
  }
  trace_release (&t);
  return failed;
}

static void shrink (trace *t, const char *signature, const config *c,
                    size_t *before, uint64_t *tests) {
  shrinking s = {signature, &c->checkers, c->timeout, 0, 0};
  *before = t->size;
  shrink_trace (t, &s);
  *tests = s.tests;
}

static int shrink_file (const config *c) {
  trace t;
  trace_init (&t);
  read_trace_file (c->shrink_file, &t);
  verdict v;
  run_isolated (&t, &c->checkers, c->timeout, false, &v);
  if (!v.failed) {
    fprintf (stderr, "einsat-mbt: %s does not fail\n", c->shrink_file);
    return 1;
  }
  size_t before;
  uint64_t tests;
  shrink (&t, v.signature, c, &before, &tests);
  printf ("# failure: %s\n# shrunk from %zu to %zu calls in %" PRIu64
          " tests\n",
          v.signature, before, t.size, tests);
  trace_print (&t, stdout);
  trace_release (&t);
  return 0;
}

static int print_bytes (const config *c) {
  size_t size;
  uint8_t *data = read_bytes (c->bytes_file, &size);
  trace t;
  trace_init (&t);
  generate_trace_from_bytes (data, size, &t);
  trace_print (&t, stdout);
  trace_release (&t);
  free (data);
  return 0;
}

static void report_failure (const config *c, uint64_t seed, trace *t,
                            verdict *v) {
  printf ("not ok mbt seed %" PRIu64 ": %s\n", seed, v->signature);
  if (!c->quiet)
    print_report (v);
  size_t before = t->size;
  uint64_t tests = 0;
  if (c->shrink)
    shrink (t, v->signature, c, &before, &tests);
  char path[4096], comment[512];
  snprintf (path, sizeof path, "%s/mbt-failure-%" PRIu64 ".trace",
            c->out_dir, seed);
  snprintf (comment, sizeof comment,
            "# seed %" PRIu64 " (%zu calls, shrunk to %zu in %" PRIu64
            " tests)\n# failure: %s\n",
            seed, before, t->size, tests, v->signature);
  if (write_trace_file (path, t, comment))
    printf ("  trace of %zu calls written to %s\n", t->size, path);
  else
    printf ("  could not write %s\n", path);
}

/* The description of the known bug whose pattern (a glob) matches the
 * failure's signature or report (copied to 'description'), if any. */
static bool known_bug (const config *c, const verdict *v, char *description,
                       size_t size) {
  FILE *file = c->known ? fopen (c->known, "r") : 0;
  if (!file)
    return false;
  char line[1024];
  bool found = false;
  while (!found && fgets (line, sizeof line, file)) {
    char *tab = strchr (line, '\t');
    if (line[0] == '#' || !tab)
      continue;
    *tab = 0;
    tab[strcspn (tab + 1, "\n") + 1] = 0;
    char glob[1040];
    snprintf (glob, sizeof glob, "*%s*", line);
    found = !fnmatch (glob, v->report, 0) ||
            !fnmatch (glob, v->signature, 0);
    if (found)
      snprintf (description, size, "%s", tab + 1);
  }
  fclose (file);
  return found;
}

/* Known bugs are summarized: one line per bug, not one per trace. */
typedef struct known_hits {
  char description[16][512];
  long count[16];
  uint64_t first_seed[16];
  int size;
} known_hits;

static void count_known (known_hits *k, const char *description,
                         uint64_t seed) {
  int i = 0;
  while (i < k->size && strcmp (k->description[i], description))
    i++;
  if (i == 16)
    i = 15;
  if (i == k->size) {
    k->size++;
    snprintf (k->description[i], sizeof k->description[i], "%s",
              description);
    k->first_seed[i] = seed;
    k->count[i] = 0;
  }
  k->count[i]++;
}

static void print_known (const known_hits *k) {
  for (int i = 0; i < k->size; i++)
    printf ("skip mbt: known core bug in %ld traces (first seed %" PRIu64
            "): %s\n",
            k->count[i], k->first_seed[i], k->description[i]);
}

static void generate (const config *c, uint64_t seed, trace *t) {
  if (c->proofs)
    generate_proof_trace (seed, t);
  else
    generate_random_trace (seed, t);
  force_options (c, t);
}

static int test (const config *c) {
  double start = wall_clock ();
  long traces = 0, failures = 0, known = 0;
  char description[512];
  known_hits *hits = calloc (1, sizeof *hits);
  if (!hits)
    abort ();
  uint64_t checks = 0, sat = 0, unsat = 0, proofs = 0, drat_trim = 0;
  trace t;
  trace_init (&t);
  for (; !c->count || traces < c->count; traces++) {
    if (c->seconds && wall_clock () - start >= c->seconds)
      break;
    if (failures && !c->keep_going)
      break;
    uint64_t seed = c->seed + (uint64_t) traces;
    generate (c, seed, &t);
    verdict v;
    run_isolated (&t, &c->checkers, c->timeout, false, &v);
    checks += v.checks;
    sat += v.sat;
    unsat += v.unsat;
    proofs += v.proofs;
    drat_trim += v.drat_trim;
    if (v.failed &&
        known_bug (c, &v, description, sizeof description)) {
      count_known (hits, description, seed);
      known++;
    } else if (v.failed) {
      failures++;
      report_failure (c, seed, &t, &v);
    }
    if (!c->quiet && traces && !(traces % 1000))
      printf ("c %ld traces, %" PRIu64 " checks, %.1f s\n", traces, checks,
              wall_clock () - start);
  }
  trace_release (&t);
  print_known (hits);
  free (hits);
  if (c->proofs && c->checkers.drat_trim_missing)
    printf ("skip mbt drat-trim: %s (einsat-check checked every proof)\n",
            c->checkers.drat_trim_missing);
  char proof_counts[96] = "";
  if (c->proofs || proofs)
    snprintf (proof_counts, sizeof proof_counts,
              ", %" PRIu64 " proofs checked (%" PRIu64 " by drat-trim)",
              proofs, drat_trim);
  printf ("%s mbt%s: %ld traces from seed %" PRIu64 ", %ld failed, %ld "
          "known bugs, %" PRIu64 " checks, %" PRIu64 " SAT and %" PRIu64
          " UNSAT answers%s in %.1f s\n",
          failures ? "not ok" : "ok", c->proofs ? " proofs" : "", traces,
          c->seed, failures, known, checks, sat, unsat, proof_counts,
          wall_clock () - start);
  return failures != 0;
}

int main (int argc, char **argv) {
  config c;
  memset (&c, 0, sizeof c);
  c.seed = (uint64_t) time (0) * 1000003u + (uint64_t) getpid ();
  c.count = 1000;
  c.timeout = 10;
  c.shrink = true;
  c.out_dir = ".";
  parse_arguments (&c, argc, argv);
  if (c.seconds && c.count == 1000)
    c.count = 0;
  find_checkers (&c);
  if (c.proofs && !c.checkers.check && !c.print)
    die ("%s", "einsat-check not found next to einsat-mbt (use --check)");
  if (c.proofs && unknown_proof_option ())
    die ("the proof generator sets the unknown option '%s'",
         unknown_proof_option ());
  if (c.replay)
    return replay (&c);
  if (c.shrink_file)
    return shrink_file (&c);
  if (c.bytes_file)
    return print_bytes (&c);
  if (c.print) {
    trace t;
    trace_init (&t);
    generate (&c, c.seed, &t);
    trace_print (&t, stdout);
    trace_release (&t);
    return 0;
  }
  return test (&c);
}
