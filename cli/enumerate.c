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
 * is written and refuted, certifying "none".  Both files are opened
 * before the input is read, and the models of '--unique' are printed
 * only once the certificate is written: an unwritable or full disk is
 * reported before anything that looks like an answer. */

#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A projection file may list every variable of a large formula on one
 * line. */
#define PROJECTION_MAX_LINE (1u << 26)

/*------------------------------------------------------------------------*/
/* The projection: 'c ind' lines, a '--project' file, or every variable. */

struct cli_projection {
  int *vars, size, capacity;
  long *lines; /* where each came from (a '--project' file) */
};

static bool push_var (cli_projection *p, int var, long line) {
  for (int i = 0; i < p->size; i++)
    if (p->vars[i] == var)
      return true;
  if (p->size == p->capacity) {
    int capacity = p->capacity ? 2 * p->capacity : 64;
    int *vars = realloc (p->vars, (size_t) capacity * sizeof *vars);
    if (vars)
      p->vars = vars;
    long *lines = realloc (p->lines, (size_t) capacity * sizeof *lines);
    if (lines)
      p->lines = lines;
    if (!vars || !lines)
      return false;
    p->capacity = capacity;
  }
  p->lines[p->size] = line;
  p->vars[p->size++] = var;
  return true;
}

static void release_projection (cli_projection *p) {
  if (!p)
    return;
  free (p->vars);
  free (p->lines);
  free (p);
}

/* Integers separated by white space; 0 is ignored; comment lines start
 * with 'c' (except 'c ind', whose variables count) or '#'. */
static bool parse_project_line (cli_projection *p, fe_input *in) {
  char *text = in->line;
  if (!strncmp (text, "c ind", 5) &&
      (!text[5] || isspace ((unsigned char) text[5])))
    text += 5;
  else if (text[0] == 'c' || text[0] == '#')
    return true;
  for (char *word = strtok (text, " \t\r"); word;
       word = strtok (0, " \t\r")) {
    char *end;
    errno = 0;
    long var = strtol (word, &end, 10);
    if (errno || *end || var < 0 || var > EINSAT_MAX_VAR) {
      fe_line_error (in, in->number, "expected a variable, got '%s'", word);
      return false;
    }
    if (var && !push_var (p, (int) var, in->number))
      return fe_out_of_memory (), false;
  }
  return true;
}

static bool read_project_file (cli_projection *p, const char *path) {
  fe_input in;
  if (!fe_open_input (&in, path, PROJECTION_MAX_LINE))
    return false;
  bool ok = true;
  while (ok && fe_read_line (&in))
    ok = parse_project_line (p, &in);
  ok &= !in.failed;
  if (ok && !p->size)
    ok = !fe_error ("%s: no variables in the projection file", path);
  fe_close_input (&in);
  return ok;
}

/* The largest variable the input may use. */
static int input_vars (const einsat_dimacs *d) {
  return d->variables > d->max_var ? d->variables : d->max_var;
}

bool cli_check_projection (cli_enumeration *e, const einsat_dimacs *d) {
  const cli_projection *p = e->projection;
  int vars = input_vars (d);
  for (int i = 0; p && i < p->size; i++)
    if (p->vars[i] > vars)
      return !fe_error ("%s:%ld: variable %d exceeds the %d variables of "
                        "'%s'",
                        e->options->project, p->lines[i], p->vars[i], vars,
                        e->input);
  return true;
}

/* The variables of the '--project' file, of the 'c ind' lines or all. */
static cli_projection *make_projection (cli_enumeration *e,
                                        const einsat_dimacs *d) {
  cli_projection *p = e->projection;
  if (p) {
    e->projection = 0;
    return p;
  }
  if (!(p = calloc (1, sizeof *p)))
    return 0;
  bool ok = true;
  for (int i = 0; ok && i < d->project_size; i++)
    ok = push_var (p, abs (d->project[i]), 0);
  for (int v = 1; ok && !d->project_size && v <= input_vars (d); v++)
    ok = push_var (p, v, 0);
  if (ok)
    return p;
  release_projection (p);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Printing models as they come ('--all'), or once they are certified
 * ('--unique'). */

typedef struct models {
  int mode;
  int64_t count;
  int *kept[2]; /* the models of '--unique' (projected values, 0 ends) */
  int size;
} models;

static void print_model (int64_t number, const int *values) {
  printf ("c model %" PRId64 "\n", number);
  cli_print_values (values);
}

/* A write error on standard output stops the enumeration: the models
 * would be lost. */
static int on_model (void *data, const int *values) {
  models *m = data;
  int64_t number = ++m->count;
  if (m->mode == CLI_COUNT)
    return 1;
  if (m->mode == CLI_UNIQUE) {
    if (number <= 2)
      memcpy (m->kept[number - 1], values,
              (size_t) (m->size + 1) * sizeof *values);
    return 1;
  }
  print_model (number, values);
  fflush (stdout);
  return !ferror (stdout);
}

/*------------------------------------------------------------------------*/
/* The certificate: the input's clauses plus the blocking clause, and a
 * proof from a second solver.  The input was parsed (and so checked)
 * already; here its clauses are only copied. */

typedef struct clauses {
  int *lits; /* each clause ends in 0 */
  size_t size, capacity;
  int64_t count;
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
  if (!file)
    return !fe_error ("%s: cannot read the input again", path);
  bool ok = copy_clauses (c, file);
  ok &= !(piped ? pclose (file) : fclose (file));
  if (!ok)
    fe_error ("%s: reading the input again failed", path);
  return ok;
}

static bool write_cnf (cli_enumeration *e, const clauses *c, int vars,
                       const cli_projection *p, const int *witness) {
  if (!fe_begin_output (&e->cnf_out))
    return false;
  FILE *file = e->cnf_out.file;
  fprintf (file, "c %s %s\n", e->input,
           witness ? "with its only model blocked (einsat --unique)"
                   : "(no model: einsat --unique)");
  fprintf (file, "p cnf %d %" PRId64 "\n", vars, c->count + (witness != 0));
  for (size_t i = 0; i < c->size; i++)
    fprintf (file, c->lits[i] ? "%d " : "0\n", c->lits[i]);
  for (int i = 0; witness && i < p->size; i++)
    fprintf (file, "%d ", -witness[i]);
  if (witness)
    fputs ("0\n", file);
  return fe_close_output (&e->cnf_out);
}

/* The two files are one certificate: if the proof fails, the formula
 * goes too (if it was created here). */
static bool certify (cli_enumeration *e, const einsat_dimacs *d,
                     const cli_projection *p, const int *witness) {
  clauses c = {0, 0, 0, 0};
  int vars = input_vars (d);
  bool cnf_created = e->cnf_out.created;
  bool ok = read_input_clauses (&c, e->input) &&
            write_cnf (e, &c, vars, p, witness) &&
            fe_refute (e->cnf_out.path, &e->proof, e->proof_binary);
  free (c.lits);
  if (!ok && cnf_created)
    unlink (e->cnf_out.path);
  return ok;
}

/*------------------------------------------------------------------------*/

static bool check_arguments (const cli_enumeration *e, const char *output,
                             const char *proof) {
  const cli_options *o = e->options;
  if (output)
    return !fe_error ("no result file '%s' with '--all', '--count' or "
                      "'--unique' (there is no single model)",
                      output);
  if (proof && e->mode != CLI_UNIQUE)
    return !fe_error ("'--proof' with '--all' or '--count' is not "
                      "supported (use it with '--unique')");
  if (o->cnf_out && !proof)
    return !fe_error ("'--cnf-out' needs '--unique --proof=FILE'");
  if (proof && (!strcmp (proof, "-") || !strcmp (e->input, "-")))
    return !fe_error ("'--unique --proof' needs an input file and a "
                      "proof file (not standard input or output)");
  if (proof && !o->cnf_out && fe_is_special_file (proof))
    return !fe_error ("'--unique --proof=%s' needs '--cnf-out=FILE' (the "
                      "proof does not go to a regular file, whose name "
                      "would give the default PROOF.cnf)",
                      proof);
  return true;
}

/* The certificate's files: the proof and the formula it refutes. */
static bool open_certificate (cli_enumeration *e, const char *proof) {
  const char *cnf_out = e->options->cnf_out;
  if (!cnf_out) {
    size_t size = strlen (proof) + 5;
    if (!(e->default_cnf_out = malloc (size)))
      return fe_out_of_memory (), false;
    snprintf (e->default_cnf_out, size, "%s.cnf", proof);
    cnf_out = e->default_cnf_out;
  }
  return fe_open_output (&e->proof, proof, "proof") &&
         fe_open_output (&e->cnf_out, cnf_out, "CNF");
}

bool cli_prepare_enumeration (cli_enumeration *e, const char *input,
                              const char *output, const char *proof,
                              bool proof_binary) {
  e->input = input;
  e->proof_binary = proof_binary;
  if (!check_arguments (e, output, proof))
    return false;
  if (proof && !open_certificate (e, proof))
    return false;
  if (!e->options->project)
    return true;
  if (!(e->projection = calloc (1, sizeof *e->projection)))
    return fe_out_of_memory (), false;
  return read_project_file (e->projection, e->options->project);
}

void cli_release_enumeration (cli_enumeration *e) {
  fe_discard_output (&e->proof);
  fe_discard_output (&e->cnf_out);
  free (e->default_cnf_out);
  e->default_cnf_out = 0;
  release_projection (e->projection);
  e->projection = 0;
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

/* '--unique': the models kept, the count, and where the certificate
 * went. */
static void print_unique (const cli_enumeration *e, const models *m,
                          bool complete, bool certified) {
  for (int64_t i = 0; i < m->count && i < 2; i++)
    print_model (i + 1, m->kept[i]);
  print_summary (e, m->count, complete);
  if (certified)
    printf ("c proof written to '%s' (refuting '%s')\n", e->proof.path,
            e->cnf_out.path);
}

static int enumerate (einsat *solver, cli_enumeration *e,
                      const einsat_dimacs *d, cli_projection *p) {
  models m = {e->mode, 0, {0, 0}, p->size};
  for (int i = 0; e->mode == CLI_UNIQUE && i < 2; i++)
    if (!(m.kept[i] = malloc ((size_t) (p->size + 1) * sizeof (int)))) {
      free (m.kept[0]);
      return fe_out_of_memory (), -1;
    }
  int64_t limit = e->mode == CLI_UNIQUE ? 2
                  : e->mode == CLI_ALL  ? e->options->all
                                        : 0;
  int complete = 0;
  int64_t count = einsat_enumerate (solver, p->vars, p->size, limit,
                                    on_model, &m, &complete);
  int res = count < 0 ? -1 : count > 0 ? 10 : complete ? 20 : 0;
  if (count < 0)
    fe_solver_error (einsat_error (solver));
  else if (e->mode != CLI_UNIQUE)
    print_summary (e, count, complete);
  else {
    bool certify_it = e->proof.file && complete && count <= 1;
    if (certify_it && !certify (e, d, p, count ? m.kept[0] : 0))
      res = -1;
    else
      print_unique (e, &m, complete, certify_it);
  }
  free (m.kept[0]);
  free (m.kept[1]);
  return res;
}

int cli_enumerate (einsat *solver, cli_enumeration *e, einsat_dimacs *d) {
  cli_projection *p = make_projection (e, d);
  if (!p)
    return fe_out_of_memory (), -1;
  int res = enumerate (solver, e, d, p);
  release_projection (p);
  return res;
}
