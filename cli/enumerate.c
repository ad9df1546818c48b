/* Model enumeration in the main command: '--all[=N]', '--count' and
 * '--unique' (with '--proof' a certificate of uniqueness), projected on
 * the variables of 'c ind' lines or of '--project=FILE'.
 *
 * Output (stdout), in this order:
 *
 *   c model 1             before each model (--all, --unique)
 *   v 1 -2 3 0            the model: the projected variables, or all
 *                         variables of the header if there is no projection
 *   c models 3            the number of models, exact when enumeration
 *   c models at least 3   finished, otherwise a lower bound (limit,
 *                         time limit or interrupt)
 *   c unique yes|no|unknown                              (--unique only)
 *   s SATISFIABLE | s UNSATISFIABLE | s UNKNOWN       (printed by main.c)
 *
 * and exit code 10 if there is a model, 20 if there is none, 0 if
 * unknown.  The count lines are printed even with '-q'.
 *
 * Certified uniqueness: with '--unique --proof=PROOF' and exactly one
 * model, the input formula plus the clause blocking that model (over the
 * projection) is written to '--cnf-out=FILE' (default PROOF.cnf), and a
 * second solver instance proves it unsatisfiable while writing the DRAT
 * proof to PROOF.  So 'einsat-check drat FILE PROOF' (or drat-trim)
 * confirms that no other model exists; together with the printed model
 * that certifies "exactly one".  With no model at all the formula itself
 * is written and refuted, certifying "none". */

#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/*------------------------------------------------------------------------*/
/* Options. */

static int set_mode (cli_enumeration *e, int mode, const char *arg) {
  if (e->mode && e->mode != CLI_NO_MODE && e->mode != mode) {
    cli_error ("'%s' cannot be combined with another of '--all', "
               "'--count' and '--unique'",
               arg);
    return -1;
  }
  e->mode = mode;
  return 1;
}

int cli_parse_enumeration_option (cli_enumeration *e, const char *arg) {
  if (!strcmp (arg, "--all"))
    return set_mode (e, CLI_ALL, arg);
  if (!strncmp (arg, "--all=", 6)) {
    if (!cli_parse_limit (arg + 6, &e->limit)) {
      cli_error ("invalid number of models in '%s' (a number > 0)", arg);
      return -1;
    }
    return set_mode (e, CLI_ALL, arg);
  }
  if (!strcmp (arg, "--count"))
    return set_mode (e, CLI_COUNT, arg);
  if (!strcmp (arg, "--unique"))
    return set_mode (e, CLI_UNIQUE, arg);
  if (!strncmp (arg, "--project=", 10) && arg[10])
    e->project_path = arg + 10;
  else if (!strncmp (arg, "--cnf-out=", 10) && arg[10])
    e->cnf_out_path = arg + 10;
  else
    return 0;
  if (!e->mode)
    e->mode = CLI_NO_MODE;
  return 1;
}

void cli_print_enumeration_usage (void) {
  printf (
      "\n"
      "Model enumeration (projected on 'c ind' variables or "
      "--project):\n"
      "  --all[=N]          print all models (at most N), each after "
      "'c model K'\n"
      "  --count            print only the number of models "
      "('c models N')\n"
      "  --unique           print the model and 'c unique yes|no' (looks "
      "for two)\n"
      "  --project=FILE     enumerate over the variables listed in FILE\n"
      "  --proof=FILE       with --unique: DRAT proof that no second model"
      " exists\n"
      "  --cnf-out=FILE     with --unique --proof: the formula the proof "
      "refutes\n"
      "                     (input plus the clause blocking the model; "
      "default\n"
      "                     PROOF.cnf)\n");
}

/*------------------------------------------------------------------------*/
/* The projection: 'c ind' lines, a '--project' file, or every variable. */

typedef struct projection {
  int *vars, size, capacity;
} projection;

static bool push_var (projection *p, long var) {
  for (int i = 0; i < p->size; i++)
    if (p->vars[i] == var)
      return true;
  if (p->size == p->capacity) {
    int capacity = p->capacity ? 2 * p->capacity : 64;
    int *vars = realloc (p->vars, (size_t) capacity * sizeof *vars);
    if (!vars)
      return false;
    p->vars = vars, p->capacity = capacity;
  }
  p->vars[p->size++] = (int) var;
  return true;
}

/* Integers separated by white space; 0 is ignored; comment lines start
 * with 'c' (except 'c ind', whose variables count) or '#'. */
static bool parse_project_line (projection *p, const char *path, int line,
                                char *text) {
  if (!strncmp (text, "c ind", 5) &&
      (!text[5] || isspace ((unsigned char) text[5])))
    text += 5;
  else if (text[0] == 'c' || text[0] == '#')
    return true;
  for (char *word = strtok (text, " \t\r\n"); word;
       word = strtok (0, " \t\r\n")) {
    char *end;
    errno = 0;
    long var = strtol (word, &end, 10);
    if (errno || *end || var < 0 || var > EINSAT_MAX_VAR) {
      cli_error ("%s:%d: expected a variable, got '%s'", path, line, word);
      return false;
    }
    if (var && !push_var (p, var)) {
      cli_error ("out of memory");
      return false;
    }
  }
  return true;
}

static bool read_project_file (projection *p, const char *path) {
  FILE *file = fopen (path, "r");
  if (!file) {
    cli_error ("%s: cannot read projection: %s", path, strerror (errno));
    return false;
  }
  char *text = 0;
  size_t capacity = 0;
  bool ok = true;
  for (int line = 1; ok && getline (&text, &capacity, file) >= 0; line++)
    ok = parse_project_line (p, path, line, text);
  free (text);
  fclose (file);
  if (ok && !p->size) {
    cli_error ("%s: no variables in the projection file", path);
    ok = false;
  }
  return ok;
}

static bool make_projection (projection *p, const cli_enumeration *e,
                             const einsat_dimacs *d) {
  if (e->project_path)
    return read_project_file (p, e->project_path);
  if (d->project_size) {
    for (int i = 0; i < d->project_size; i++)
      if (!push_var (p, abs (d->project[i])))
        return !cli_error ("out of memory");
    return true;
  }
  int vars = d->variables > d->max_var ? d->variables : d->max_var;
  p->vars = malloc ((size_t) (vars ? vars : 1) * sizeof *p->vars);
  if (!p->vars)
    return !cli_error ("out of memory");
  for (int v = 1; v <= vars; v++)
    p->vars[p->size++] = v;
  return true;
}

/*------------------------------------------------------------------------*/
/* Printing models as they come. */

typedef struct models {
  int mode;
  int64_t count;
  int *witness; /* the first model (values as given), for --unique */
  int size;
} models;

static void print_values (const int *values) {
  char line[96] = "v";
  size_t length = 1;
  for (const int *p = values;; p++) {
    char number[16];
    int n = snprintf (number, sizeof number, " %d", *p);
    if (length + (size_t) n > 78) {
      line[length] = 0;
      puts (line);
      length = 1;
    }
    memcpy (line + length, number, (size_t) n);
    length += (size_t) n;
    if (!*p)
      break;
  }
  line[length] = 0;
  puts (line);
}

static int on_model (void *data, const int *values) {
  models *m = data;
  m->count++;
  if (m->mode == CLI_COUNT)
    return 1;
  if (m->count == 1 && m->witness)
    memcpy (m->witness, values, (size_t) m->size * sizeof *values);
  printf ("c model %" PRId64 "\n", m->count);
  print_values (values);
  fflush (stdout);
  return 1;
}

/*------------------------------------------------------------------------*/
/* The certificate: the input's clauses plus the blocking clause, and a
 * proof from a second solver.  The input was parsed (and so checked)
 * already; here its clauses are only copied. */

typedef struct clauses {
  int *lits; /* each clause ends in 0 */
  size_t size, capacity;
  int64_t count;
  int max_var;
} clauses;

static bool push_lit (clauses *c, int lit) {
  if (c->size == c->capacity) {
    size_t capacity = c->capacity ? 2 * c->capacity : 1024;
    int *lits = realloc (c->lits, capacity * sizeof *lits);
    if (!lits)
      return false;
    c->lits = lits, c->capacity = capacity;
  }
  c->lits[c->size++] = lit;
  c->count += !lit;
  if (abs (lit) > c->max_var)
    c->max_var = abs (lit);
  return true;
}

static void skip_line (FILE *file) {
  int ch;
  while ((ch = getc (file)) != '\n' && ch != EOF)
    ;
}

static bool copy_clauses (clauses *c, FILE *file) {
  int ch;
  bool open = false;
  while ((ch = getc (file)) != EOF && ch != '%') {
    if (ch == 'c' || ch == 'p') {
      skip_line (file);
      continue;
    }
    if (isspace (ch))
      continue;
    ungetc (ch, file);
    long lit;
    if (fscanf (file, "%ld", &lit) != 1)
      return false;
    if (!push_lit (c, (int) lit))
      return false;
    open = lit != 0;
  }
  return !open || push_lit (c, 0);
}

/* Opens the input again, through its decompressor if compressed. */
static FILE *reopen_input (const char *path, bool *piped) {
  static const struct {
    const char *program;
    unsigned char magic[4];
    size_t size;
  } formats[] = {{"gzip", {0x1f, 0x8b}, 2},
                 {"bzip2", {'B', 'Z', 'h'}, 3},
                 {"xz", {0xfd, '7', 'z', 'X'}, 4},
                 {"zstd", {0x28, 0xb5, 0x2f, 0xfd}, 4},
                 {"lzma", {0x5d, 0x00, 0x00}, 3}};
  *piped = false;
  FILE *file = fopen (path, "r");
  if (!file)
    return 0;
  unsigned char magic[4] = {0};
  size_t got = fread (magic, 1, sizeof magic, file);
  rewind (file);
  if (!got)
    return file;
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (!memcmp (magic, formats[i].magic, formats[i].size)) {
      fclose (file);
      char command[PATH_MAX + 64];
      if (strchr (path, '\'') ||
          snprintf (command, sizeof command, "%s -dc < '%s'",
                    formats[i].program, path) >= (int) sizeof command)
        return 0;
      *piped = true;
      return popen (command, "r");
    }
  return file;
}

static bool read_input_clauses (clauses *c, const char *path) {
  bool piped;
  FILE *file = reopen_input (path, &piped);
  if (!file) {
    cli_error ("%s: cannot read the input again", path);
    return false;
  }
  bool ok = copy_clauses (c, file);
  ok &= !(piped ? pclose (file) : fclose (file));
  if (!ok)
    cli_error ("%s: reading the input again failed", path);
  return ok;
}

static bool write_cnf (const char *path, const clauses *c, int vars,
                       const projection *p, const int *witness,
                       const char *input) {
  FILE *file = fopen (path, "w");
  if (!file)
    return !cli_error ("%s: cannot write: %s", path, strerror (errno));
  fprintf (file, "c %s %s\n", input,
           witness ? "with its only model blocked (einsat --unique)"
                   : "(no model: einsat --unique)");
  fprintf (file, "p cnf %d %" PRId64 "\n", vars, c->count + (witness != 0));
  for (size_t i = 0; i < c->size; i++)
    fprintf (file, c->lits[i] ? "%d " : "0\n", c->lits[i]);
  for (int i = 0; witness && i < p->size; i++)
    fprintf (file, "%d ", -witness[i]);
  if (witness)
    fputs ("0\n", file);
  if (fclose (file))
    return !cli_error ("%s: writing failed", path);
  return true;
}

/* Refutes the CNF at 'cnf_path' with a second solver instance, which
 * writes the proof (the first one cannot: enumeration is not possible
 * while tracing a proof). */
static bool prove (const char *cnf_path, const char *proof_path,
                   bool binary) {
  FILE *proof = fopen (proof_path, "w");
  if (!proof)
    return !cli_error ("%s: cannot write proof: %s", proof_path,
                       strerror (errno));
  einsat *solver = einsat_new ();
  einsat_dimacs d = {0};
  if (solver) /* one solve: see 'main' in 'main.c' */
    einsat_set_option (solver, "incremental", 0);
  bool ok = solver && einsat_trace_proof (solver, proof, binary) &&
            einsat_read_dimacs_path (solver, cnf_path, &d);
  int res = ok ? einsat_solve (solver) : -1;
  if (res != 20)
    cli_error ("%s: %s", cnf_path,
               res == 10 ? "internal error: still satisfiable"
               : ok      ? "proof run did not finish"
                    : (solver ? einsat_error (solver) : "out of memory"));
  if (solver)
    einsat_close_proof (solver);
  einsat_delete (solver);
  free (d.project);
  if (fclose (proof) && res == 20)
    return !cli_error ("%s: writing the proof failed", proof_path);
  return res == 20;
}

static bool certify (const cli_enumeration *e, const char *input,
                     const einsat_dimacs *d, const projection *p,
                     const int *witness, const char *proof_path,
                     bool binary) {
  char default_path[PATH_MAX];
  const char *cnf_path = e->cnf_out_path;
  if (!cnf_path) {
    snprintf (default_path, sizeof default_path, "%s.cnf", proof_path);
    cnf_path = default_path;
  }
  clauses c = {0, 0, 0, 0, 0};
  int vars = d->variables > d->max_var ? d->variables : d->max_var;
  for (int i = 0; i < p->size; i++)
    if (p->vars[i] > vars)
      vars = p->vars[i];
  bool ok = read_input_clauses (&c, input) &&
            write_cnf (cnf_path, &c, vars, p, witness, input) &&
            prove (cnf_path, proof_path, binary);
  free (c.lits);
  if (ok)
    printf ("c proof written to '%s' (refuting '%s')\n", proof_path,
            cnf_path);
  return ok;
}

/*------------------------------------------------------------------------*/

static bool check_arguments (const cli_enumeration *e, const char *input,
                             const char *output, const char *proof_path) {
  if (e->mode == CLI_NO_MODE)
    return !cli_error ("'%s' needs '--all', '--count' or '--unique'",
                       e->project_path ? "--project" : "--cnf-out");
  if (output)
    return !cli_error ("no result file '%s' with '--all', '--count' or "
                       "'--unique' (there is no single model)",
                       output);
  if (proof_path && e->mode != CLI_UNIQUE)
    return !cli_error ("'--proof' with '--all' or '--count' is not "
                       "supported (use it with '--unique')");
  if (e->cnf_out_path && !proof_path)
    return !cli_error ("'--cnf-out' needs '--unique --proof=FILE'");
  if (proof_path && (!strcmp (proof_path, "-") || !strcmp (input, "-")))
    return !cli_error ("'--unique --proof' needs an input file and a "
                       "proof file (not standard input or output)");
  return true;
}

static void print_summary (const cli_enumeration *e, int64_t count,
                           bool complete) {
  printf ("c models %s%" PRId64 "\n", complete ? "" : "at least ", count);
  if (e->mode == CLI_UNIQUE)
    printf ("c unique %s\n", count > 1                ? "no"
                             : count == 1 && complete ? "yes"
                             : count == 1             ? "unknown"
                                                      : "no (no model)");
}

int cli_enumerate (einsat *solver, const cli_enumeration *e,
                   const char *input, const char *output, einsat_dimacs *d,
                   const char *proof_path, bool proof_binary) {
  if (!check_arguments (e, input, output, proof_path))
    return -1;
  projection p = {0, 0, 0};
  if (!make_projection (&p, e, d))
    return -1;
  models m = {e->mode, 0, 0, p.size};
  if (e->mode == CLI_UNIQUE &&
      !(m.witness = malloc ((size_t) (p.size + 1) * sizeof *m.witness))) {
    free (p.vars);
    cli_error ("out of memory");
    return -1;
  }
  int64_t limit = e->mode == CLI_UNIQUE ? 2
                  : e->mode == CLI_ALL  ? e->limit
                                        : 0;
  int complete = 0;
  int64_t count = einsat_enumerate (solver, p.vars, p.size, limit, on_model,
                                    &m, &complete);
  int res = count < 0 ? -1 : count > 0 ? 10 : complete ? 20 : 0;
  if (count < 0)
    cli_error ("%s", einsat_error (solver));
  else {
    print_summary (e, count, complete);
    bool certifiable = complete && count <= 1;
    if (proof_path && certifiable &&
        !certify (e, input, d, &p, count ? m.witness : 0, proof_path,
                  proof_binary))
      res = -1;
  }
  free (m.witness);
  free (p.vars);
  return res;
}
