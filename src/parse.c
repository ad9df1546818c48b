/* Reading DIMACS CNF.  The input is a token stream: clauses may span
 * lines (old SATLIB files do), comment lines start with 'c' and may
 * appear anywhere a line starts, and a line starting with '%' ends the
 * input (the SATLIB uniform random files end with '%' and '0').  'c ind'
 * lines list projection variables (model counting convention).  Every
 * error names the line it was found on: "NAME:LINE: message".
 *
 * On request the parser also reads iCNF, the incremental format of
 * cube-and-conquer tools (march_cu, CaDiCaL 2.2 reads it): the header
 * 'p inccnf' without counts, clauses over any variables, then cubes, each
 * an 'a' followed by its literals and 0.  As in CaDiCaL, no clause
 * follows the first cube. */

#include "internal.h"
#include "parse.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
  einsat *solver;
  reader *input;
  const char *name;
  uint64_t line;
  int last; /* the previous character: lines count from its newline */
  uint64_t bytes;
  bool relaxed;
  einsat_dimacs *result;
  bool incremental; /* the header was 'p inccnf' */
  ints project;
  ints project_lines; /* of 'project' entries read before the header */
  int64_t vars;       /* declared in the header, -1 before it */
  char error[400];
} parser;

static int next_char (parser *p) {
  reader *r = p->input;
  if (r->pos == r->size) {
    if (r->eof)
      return EOF;
    r->size = fread (r->buffer, 1, sizeof r->buffer, r->file);
    r->pos = 0;
    if (!r->size) {
      r->eof = true;
      if (ferror (r->file))
        r->read_error = true;
      return EOF;
    }
  }
  int ch = (unsigned char) r->buffer[r->pos++];
  p->bytes++;
  if (p->last == '\n')
    p->line++;
  p->last = ch;
  return ch;
}

static bool parse_error (parser *p, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));

/* "NAME:LINE: message" (cut short if it does not fit). */
static bool parse_error (parser *p, const char *fmt, ...) {
  const size_t size = sizeof p->error;
  int n = snprintf (p->error, size, "%s:%" PRIu64 ": ", p->name, p->line);
  size_t used = n < 0 ? 0 : (size_t) n < size ? (size_t) n : size - 1;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (p->error + used, size - used, fmt, ap);
  va_end (ap);
  return false;
}

static bool unexpected_character (parser *p, int ch, const char *where) {
  if (ch == EOF)
    return parse_error (p, "unexpected end of file %s", where);
  if (ch == '\n')
    return parse_error (p, "unexpected end of line %s", where);
  if (32 <= ch && ch < 127)
    return parse_error (p, "unexpected character '%c' %s", ch, where);
  return parse_error (p, "unexpected character code 0x%02x %s", ch, where);
}

static bool is_space (int ch) {
  return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' ||
         ch == '\f';
}

static bool ind_error (parser *p, int64_t value) {
  return parse_error (p, "variable %" PRId64 " in 'c ind' line exceeds "
                      "the %" PRId64 " variables declared in the header "
                      "(use --relaxed)", value, p->vars);
}

/* Projection variables must be variables of the formula, like literals;
 * those before the header wait for it (their lines are kept). */
static bool push_ind (parser *p, int64_t value) {
  einsat *solver = p->solver;
  if (p->vars < 0) {
    uint64_t line = p->line < INT_MAX ? p->line : INT_MAX;
    PUSH_STACK (p->project_lines, (int) line);
  } else if (value > p->vars && !p->relaxed)
    return ind_error (p, value);
  PUSH_STACK (p->project, (int) value);
  return true;
}

static bool check_early_ind (parser *p) {
  for (size_t i = 0; !p->relaxed && i < SIZE_STACK (p->project_lines); i++)
    if (p->project.begin[i] > p->vars) {
      p->line = (uint64_t) p->project_lines.begin[i];
      return ind_error (p, p->project.begin[i]);
    }
  return true;
}

/* Skips the rest of a comment line, collecting 'c ind' variables. */
static bool parse_comment (parser *p) {
  char word[4];
  int ch, n = 0;
  while ((ch = next_char (p)) != '\n' && ch != EOF) {
    if (is_space (ch) && !n)
      continue;
    if (n < 3 && 'a' <= ch && ch <= 'z') {
      word[n++] = (char) ch;
      continue;
    }
    break;
  }
  bool ind = n == 3 && !memcmp (word, "ind", 3) && (is_space (ch));
  while (ind && ch != '\n' && ch != EOF) {
    while (is_space (ch = next_char (p)))
      ;
    if (ch == '\n' || ch == EOF)
      break;
    if (ch == '-')
      return parse_error (p, "negative variable in 'c ind' line");
    if (ch < '0' || ch > '9')
      return unexpected_character (p, ch, "in 'c ind' line");
    int64_t value = 0;
    do {
      value = 10 * value + (ch - '0');
      if (value > EINSAT_MAX_VAR)
        return parse_error (p, "variable in 'c ind' line too large");
    } while ('0' <= (ch = next_char (p)) && ch <= '9');
    if (value && !push_ind (p, value))
      return false;
    if (ch == '\n')
      break;
  }
  while (ch != '\n' && ch != EOF)
    ch = next_char (p);
  return true;
}

/* Reads an unsigned number starting with digit 'ch' into '*value',
 * failing above 'limit'.  Returns the character after the number. */
static int parse_number (parser *p, int ch, int64_t limit, int64_t *value,
                         bool *overflow) {
  int64_t res = ch - '0';
  *overflow = false;
  while ('0' <= (ch = next_char (p)) && ch <= '9') {
    if (!*overflow) {
      res = 10 * res + (ch - '0');
      if (res > limit)
        *overflow = true;
    }
  }
  *value = res;
  return ch;
}

static bool skip_spaces_in_header (parser *p, int *ch) {
  if (!is_space (*ch))
    return unexpected_character (p, *ch, "in header");
  while (is_space (*ch = next_char (p)))
    ;
  return true;
}

static bool parse_header_number (parser *p, int *ch, int64_t limit,
                                 const char *what, int64_t *value) {
  if (!skip_spaces_in_header (p, ch))
    return false;
  if (*ch < '0' || *ch > '9')
    return parse_error (p, "expected number of %s in header", what);
  bool overflow;
  *ch = parse_number (p, *ch, limit, value, &overflow);
  if (overflow)
    return parse_error (p, "number of %s in header too large (maximum %"
                        PRId64 ")", what, limit);
  return true;
}

/* After 'p i': the rest of 'p inccnf', which declares no counts. */
static bool parse_inccnf_header (parser *p, int64_t *vars,
                                 int64_t *clauses) {
  for (const char *expected = "nccnf"; *expected; expected++)
    if (next_char (p) != *expected)
      return parse_error (p, "invalid header: expected 'p cnf' or 'p "
                          "inccnf'");
  if (!p->result->icnf)
    return parse_error (p, "iCNF header 'p inccnf' (cubes) is not "
                        "accepted here");
  int ch;
  while (is_space (ch = next_char (p)))
    ;
  if (ch != '\n' && ch != EOF)
    return unexpected_character (p, ch, "after header");
  p->incremental = true;
  *vars = EINSAT_MAX_VAR;
  *clauses = INT64_MAX;
  return true;
}

static bool parse_header (parser *p, int64_t *vars, int64_t *clauses) {
  int ch;
  for (;;) {
    ch = next_char (p);
    if (ch == 'c') {
      if (!parse_comment (p))
        return false;
      continue;
    }
    if (ch == '\n' || is_space (ch))
      continue;
    break;
  }
  if (ch == EOF) {
    if (!p->bytes)
      return parse_error (p, "empty input (expected 'p cnf' header)");
    return parse_error (p, "missing 'p cnf' header");
  }
  if (ch != 'p')
    return parse_error (p, "expected 'p cnf' header before clauses");
  ch = next_char (p);
  if (!skip_spaces_in_header (p, &ch))
    return false;
  if (ch == 'i')
    return parse_inccnf_header (p, vars, clauses);
  if (ch != 'c' || next_char (p) != 'n' || next_char (p) != 'f')
    return parse_error (p, "invalid header: expected 'p cnf'");
  ch = next_char (p);
  if (!parse_header_number (p, &ch, EINSAT_MAX_VAR, "variables", vars))
    return false;
  if (!parse_header_number (p, &ch, INT64_MAX / 16, "clauses", clauses))
    return false;
  while (is_space (ch))
    ch = next_char (p);
  if (ch != '\n' && ch != EOF)
    return unexpected_character (p, ch, "after header");
  return true;
}

/* Polls the termination flag every 2^16 clauses, so that a signal during
 * the parsing of a huge file is honoured promptly. */
static bool interrupted (parser *p, int64_t clauses) {
  return !(clauses & 0xffff) &&
         atomic_load_explicit (&p->solver->terminate_requested,
                               memory_order_relaxed);
}

/* Hands a complete clause (or cube) to the caller's callback, if any.
 * A callback that cannot take it (out of memory) stops the parser. */
static bool pass_on (parser *p, einsat_lits_callback *callback,
                     ints *lits, const char *what) {
  einsat *solver = p->solver;
  if (callback)
    RESERVE_STACK (*lits, 1); /* never a null 'lits', even when empty */
  if (!callback ||
      callback (p->result->data, lits->begin, (int) SIZE_STACK (*lits)))
    return true;
  return parse_error (p, "out of memory (the caller could not take the "
                      "%s)", what);
}

static bool add_clause (parser *p, ints *lits, int64_t *read) {
  if (!pass_on (p, p->result->clause, lits, "clause"))
    return false;
  es_add_original_clause (p->solver, SIZE_STACK (*lits), lits->begin);
  CLEAR_STACK (*lits);
  if (interrupted (p, ++*read))
    return parse_error (p, "interrupted");
  return true;
}

/* 'a' starts a cube: in iCNF only, after complete clauses or cubes. */
static bool start_cube (parser *p, const ints *lits, bool in_cube) {
  if (!p->incremental)
    return unexpected_character (p, 'a', "in clause (cubes need a 'p "
                                 "inccnf' header)");
  if (!EMPTY_STACK (*lits))
    return parse_error (p, "%s before 'a' is missing its terminating 0",
                        in_cube ? "cube" : "clause");
  return true;
}

static bool add_cube (parser *p, ints *lits) {
  if (!pass_on (p, p->result->cube, lits, "cube"))
    return false;
  CLEAR_STACK (*lits);
  p->result->cubes++;
  return true;
}

static bool parse_clauses (parser *p, int64_t vars, int64_t clauses) {
  einsat *solver = p->solver;
  ints *lits = &solver->eclause;
  CLEAR_STACK (*lits);
  int64_t read = 0;
  int64_t max_var = p->relaxed || p->incremental ? EINSAT_MAX_VAR : vars;
  uint64_t clause_line = 0;
  bool line_start = true, in_cube = false, after_cube = false;
  int ch = next_char (p);
  for (;;) {
    if (ch == EOF)
      break;
    if (ch == '\n') {
      line_start = true;
      ch = next_char (p);
      continue;
    }
    if (is_space (ch)) {
      ch = next_char (p);
      continue;
    }
    if (line_start && ch == 'c') {
      if (!parse_comment (p))
        return false;
      ch = next_char (p);
      continue; /* still at the start of a line */
    }
    if (line_start && ch == '%' && !after_cube)
      break;
    line_start = false;
    if (ch == 'a') {
      if (!start_cube (p, lits, in_cube))
        return false;
      in_cube = after_cube = true;
      clause_line = p->line;
      ch = next_char (p);
      if (ch != EOF && ch != '\n' && !is_space (ch))
        return unexpected_character (p, ch, "after 'a'");
      continue;
    }
    int sign = 1;
    if (ch == '-') {
      sign = -1;
      ch = next_char (p);
      if (ch < '1' || ch > '9')
        return unexpected_character (p, ch, "after '-'");
    } else if (ch < '0' || ch > '9')
      return unexpected_character (p, ch, in_cube ? "in cube" : "in clause");
    if (!in_cube && after_cube)
      return parse_error (p, "clause after a cube (iCNF puts every clause "
                          "before the first 'a' line)");
    if (!in_cube && EMPTY_STACK (*lits)) {
      clause_line = p->line;
      if (read == clauses && !p->relaxed)
        return parse_error (p, "more clauses than the %" PRId64
                            " declared in the header (use --relaxed)",
                            clauses);
    }
    int64_t value;
    bool overflow;
    ch = parse_number (p, ch, EINSAT_MAX_VAR, &value, &overflow);
    if (overflow)
      return parse_error (p, "literal too large (maximum variable %d)",
                          EINSAT_MAX_VAR);
    if (value > max_var)
      return parse_error (p, "literal %s%" PRId64 " exceeds the %" PRId64
                          " variables declared in the header "
                          "(use --relaxed)",
                          sign < 0 ? "-" : "", value, vars);
    if (ch != EOF && ch != '\n' && !is_space (ch))
      return unexpected_character (p, ch, "after literal");
    if (ch == '\n')
      line_start = true;
    if (value) {
      if ((int) value > p->result->max_var)
        p->result->max_var = (int) value;
      PUSH_STACK (*lits, sign * (int) value);
    } else if (in_cube) {
      if (!add_cube (p, lits))
        return false;
      in_cube = false;
    } else if (!add_clause (p, lits, &read))
      return false;
  }
  if (in_cube) {
    p->line = clause_line;
    return parse_error (p, "last cube is missing its terminating 0");
  }
  if (!EMPTY_STACK (*lits)) {
    if (!p->relaxed) {
      p->line = clause_line;
      return parse_error (p, "last clause is missing its terminating 0");
    }
    if (!add_clause (p, lits, &read))
      return false;
  }
  if (p->input->read_error)
    return parse_error (p, "read error");
  p->result->read_clauses = read;
  if (read < clauses && !p->relaxed && !p->incremental)
    return parse_error (p, "only %" PRId64 " of the %" PRId64
                        " clauses declared in the header (use --relaxed)",
                        read, clauses);
  return true;
}

typedef struct parse_job {
  parser *p;
  bool ok;
} parse_job;

static void run_parser (einsat *solver, void *arg) {
  parse_job *job = arg;
  parser *p = job->p;
  (void) solver;
  int64_t vars, clauses;
  job->ok = parse_header (p, &vars, &clauses);
  if (!job->ok)
    return;
  p->result->incremental = p->incremental;
  p->result->variables = p->incremental ? 0 : (int) vars;
  p->result->clauses = p->incremental ? 0 : clauses;
  p->vars = vars;
  job->ok = check_early_ind (p) && parse_clauses (p, vars, clauses);
}

/* Parses the whole input into 'solver'.  On success the projection
 * variables (if any) are copied into a malloc'ed array of the result. */
bool es_parse_dimacs (einsat *solver, reader *input, const char *name,
                      einsat_dimacs *result, char *error,
                      size_t error_size) {
  parser p;
  memset (&p, 0, sizeof p);
  p.solver = solver;
  p.input = input;
  p.name = name;
  p.line = 1;
  p.relaxed = result->relaxed;
  p.result = result;
  p.vars = -1;
  INIT_STACK (p.project);
  INIT_STACK (p.project_lines);
  result->max_var = 0;
  result->read_clauses = 0;
  result->project = 0;
  result->project_size = 0;
  result->incremental = 0;
  result->cubes = 0;
  parse_job job = {&p, false};
  if (!es_protect (solver, run_parser, &job)) {
    snprintf (error, error_size, "%s", solver->error);
    RELEASE_STACK (p.project);
    RELEASE_STACK (p.project_lines);
    return false;
  }
  if (job.ok && !EMPTY_STACK (p.project)) {
    size_t n = SIZE_STACK (p.project);
    result->project = malloc (n * sizeof (int));
    if (!result->project) {
      snprintf (error, error_size, "out of memory");
      job.ok = false;
    } else {
      memcpy (result->project, p.project.begin, n * sizeof (int));
      result->project_size = (int) n;
    }
  }
  RELEASE_STACK (p.project);
  RELEASE_STACK (p.project_lines);
  if (!job.ok && p.error[0])
    snprintf (error, error_size, "%s", p.error);
  return job.ok;
}
