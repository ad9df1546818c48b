/* Parsing DIMACS CNF files and solver solutions.
 *
 * Both parsers read character by character, so that every error can name
 * the exact line, and so that clauses may span lines and lines may be
 * arbitrarily long.  They are strict where a mistake would change the
 * meaning (a stray character, a literal out of range, a missing
 * terminating zero) and tolerant where it would not (a header whose
 * clause or variable count is off only gives a warning; a SATLIB '%' line
 * ends the formula).
 */

#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool is_space (int ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' ||
         ch == '\v' || ch == '\f';
}

static bool is_digit (int ch) { return '0' <= ch && ch <= '9'; }

void skip_line (struct input *in) {
  int ch;
  do
    ch = next_char (in);
  while (ch != '\n' && ch != EOF);
}

static void skip_rest (struct input *in) {
  while (next_char (in) != EOF)
    ;
}

static const char *printable (int ch) {
  static const char *const names[] = {"end-of-file", "'\\0'"};
  if (ch == EOF)
    return names[0];
  if (!ch)
    return names[1];
  return 0;
}

static NORETURN void unexpected (struct input *in, int ch,
                                 const char *where) {
  const char *name = printable (ch);
  if (name)
    parse_error (in, "unexpected %s %s", name, where);
  if (ch < 32 || ch > 126)
    parse_error (in, "unexpected character (code %d) %s", ch, where);
  parse_error (in, "unexpected character '%c' %s", ch, where);
}

/* Reads the digits of a number whose first digit is 'first' and checks
 * that it ends with white space (or end-of-file).  */
uint64_t parse_digits (struct input *in, int first, uint64_t limit,
                              const char *what) {
  uint64_t res = (uint64_t) (first - '0');
  while (is_digit (peek_char (in))) {
    int digit = next_char (in) - '0';
    if (res > (limit - (uint64_t) digit) / 10)
      parse_error (in, "%s too large (maximum %" PRIu64 ")", what, limit);
    res = 10 * res + (uint64_t) digit;
  }
  if (res > limit)
    parse_error (in, "%s too large (maximum %" PRIu64 ")", what, limit);
  int ch = peek_char (in);
  if (ch != EOF && !is_space (ch))
    unexpected (in, next_char (in), "after number");
  return res;
}

/* Parses a DIMACS literal (or the terminating 0) starting with 'first',
 * which is a digit or '-'.  */
int parse_literal (struct input *in, int first) {
  bool negative = first == '-';
  if (negative) {
    first = next_char (in);
    if (!is_digit (first))
      unexpected (in, first, "after '-'");
    if (first == '0')
      parse_error (in, "invalid literal '-0'");
  }
  uint64_t variable = parse_digits (in, first, MAX_VARIABLE, "variable");
  return negative ? -(int) variable : (int) variable;
}

/* Skips blanks within the current line; returns the next character.  */
static int skip_blanks (struct input *in) {
  int ch;
  do
    ch = next_char (in);
  while (ch == ' ' || ch == '\t' || ch == '\r');
  return ch;
}

static uint64_t parse_header_number (struct input *in, uint64_t limit,
                                     const char *what) {
  int ch = skip_blanks (in);
  if (!is_digit (ch))
    unexpected (in, ch, "in header (expected 'p cnf VARIABLES CLAUSES')");
  return parse_digits (in, ch, limit, what);
}

/* Parses the rest of 'p cnf V C' after the 'p'.  */
static void parse_header (struct input *in, struct formula *f) {
  int ch = next_char (in);
  if (ch != ' ' && ch != '\t')
    unexpected (in, ch, "after 'p' (expected 'p cnf VARIABLES CLAUSES')");
  ch = skip_blanks (in);
  if (ch != 'c' || next_char (in) != 'n' || next_char (in) != 'f')
    parse_error (in, "invalid header (expected 'p cnf VARIABLES CLAUSES')");
  ch = peek_char (in);
  if (ch != ' ' && ch != '\t')
    unexpected (in, next_char (in), "after 'p cnf'");
  f->header_variables =
      (unsigned) parse_header_number (in, MAX_VARIABLE, "variable count");
  f->header_clauses =
      parse_header_number (in, UINT64_MAX / 2, "clause count");
  ch = skip_blanks (in);
  if (ch != '\n' && ch != EOF)
    unexpected (in, ch, "after header");
}

static void add_parsed_clause (struct formula *f, struct clause_builder *b,
                               uint64_t line) {
  struct clause *c = builder_finish (b, line, f->clauses.size + 1, false);
  if (!c->size)
    f->empty_clause = true;
  PUSH (f->clauses, c);
}

static void check_header_counts (struct input *in, struct formula *f) {
  if (f->clauses.size != f->header_clauses)
    warning ("%s: header claims %" PRIu64 " clauses but %zu were found",
             in->name, f->header_clauses, f->clauses.size);
  if (f->max_variable > f->header_variables)
    warning ("%s: variable %u exceeds the %u variables of the header",
             in->name, f->max_variable, f->header_variables);
}

void parse_cnf (struct input *in, struct formula *f) {
  struct clause_builder b;
  init_builder (&b);
  bool header = false, open_clause = false;
  uint64_t clause_line = 0;
  for (;;) {
    int ch = next_char (in);
    if (ch == EOF)
      break;
    if (is_space (ch))
      continue;
    if (ch == 'c') {
      skip_line (in);
      continue;
    }
    if (ch == '%') { /* SATLIB files end with '%' and a stray '0' */
      skip_rest (in);
      break;
    }
    if (ch == 'p') {
      if (header)
        parse_error (in, "second 'p cnf' header");
      if (f->clauses.size || open_clause)
        parse_error (in, "'p cnf' header after clauses");
      parse_header (in, f);
      header = true;
      continue;
    }
    if (ch != '-' && !is_digit (ch))
      unexpected (in, ch, header ? "in clause" : "before 'p cnf' header");
    if (!header)
      parse_error (in, "clause before 'p cnf' header");
    if (!open_clause)
      clause_line = in->line;
    int literal = parse_literal (in, ch);
    if (literal) {
      unsigned variable = (unsigned) abs (literal);
      if (variable > f->max_variable)
        f->max_variable = variable;
      builder_add (&b, import_literal (literal));
      open_clause = true;
    } else {
      if (!open_clause)
        clause_line = in->line;
      add_parsed_clause (f, &b, clause_line);
      open_clause = false;
    }
  }
  if (open_clause)
    parse_error (in, "last clause without terminating '0'");
  if (!header)
    parse_error (in, "missing 'p cnf' header");
  release_builder (&b);
  check_header_counts (in, f);
}

/*------------------------------------------------------------------------*/
/* Solutions: SAT competition output ('s' and 'v' lines, 'c' comments) or
 * a MiniSat result file ('SAT' / 'UNSAT' / 'INDET' on the first line,
 * then the model as plain literals).  Both end the model with '0'.  */

static void set_value (struct input *in, struct model *m, int literal) {
  unsigned variable = (unsigned) abs (literal);
  if (variable > m->max_variable)
    m->max_variable = variable;
  unsigned value = literal < 0 ? MODEL_FALSE : MODEL_TRUE;
  unsigned *slot = sparse_slot (&m->values, variable);
  if (*slot && *slot != value && !m->contradiction) {
    m->contradiction = (int) variable;
    m->contradiction_line = in->line;
  }
  *slot = value;
}

/* Reads a word (up to white space) into 'word'.  */
static void read_word (struct input *in, int first, char *word,
                       size_t size) {
  size_t n = 0;
  int ch = first;
  for (;;) {
    if (n + 1 == size)
      parse_error (in, "unexpected word '%.*s...'", (int) n, word);
    word[n++] = (char) ch;
    ch = peek_char (in);
    if (ch == EOF || is_space (ch))
      break;
    next_char (in);
  }
  word[n] = 0;
}

static enum status status_of_word (const char *word, bool minisat) {
  if (!strcmp (word, minisat ? "SAT" : "SATISFIABLE"))
    return STATUS_SAT;
  if (!strcmp (word, minisat ? "UNSAT" : "UNSATISFIABLE"))
    return STATUS_UNSAT;
  if (!strcmp (word, minisat ? "INDET" : "UNKNOWN"))
    return STATUS_UNKNOWN;
  return STATUS_NONE;
}

static void set_status (struct input *in, struct model *m,
                        enum status status, const char *word) {
  if (status == STATUS_NONE)
    parse_error (in, "invalid solution status '%s'", word);
  if (m->status != STATUS_NONE && m->status != status)
    parse_error (in, "conflicting solution status '%s'", word);
  m->status = status;
}

/* 's' line: 's SATISFIABLE' and so on.  */
static void parse_status_line (struct input *in, struct model *m) {
  int ch = next_char (in);
  if (ch != ' ' && ch != '\t')
    unexpected (in, ch, "after 's'");
  ch = skip_blanks (in);
  if (ch == '\n' || ch == EOF)
    parse_error (in, "missing status after 's'");
  char word[32];
  read_word (in, ch, word, sizeof word);
  set_status (in, m, status_of_word (word, false), word);
  ch = skip_blanks (in);
  if (ch != '\n' && ch != EOF)
    unexpected (in, ch, "after status");
}

/* Literals of a model up to the end of the line (competition format,
 * 'only_line') or of the file (MiniSat format).  */
static void parse_values (struct input *in, struct model *m, int ch,
                          bool only_line, bool *terminated) {
  for (;; ch = only_line ? skip_blanks (in) : next_char (in)) {
    if (ch == EOF || (only_line && ch == '\n'))
      return;
    if (is_space (ch))
      continue;
    if (ch != '-' && !is_digit (ch))
      unexpected (in, ch, "in model");
    int literal = parse_literal (in, ch);
    if (*terminated)
      parse_error (in, "model continues after its terminating '0'");
    if (literal)
      set_value (in, m, literal);
    else
      *terminated = true;
  }
}

void parse_solution (struct input *in, struct model *m) {
  memset (m, 0, sizeof *m);
  bool terminated = false, minisat = false, values = false;
  for (;;) {
    int ch = next_char (in);
    if (ch == EOF)
      break;
    if (is_space (ch))
      continue;
    if (minisat) {
      if (ch != '-' && !is_digit (ch))
        unexpected (in, ch, "in MiniSat model");
      parse_values (in, m, ch, false, &terminated);
      values = true;
    } else if (ch == 'c')
      skip_line (in);
    else if (ch == 's')
      parse_status_line (in, m);
    else if (ch == 'v') {
      ch = peek_char (in);
      if (ch != EOF && !is_space (ch))
        unexpected (in, next_char (in), "after 'v'");
      parse_values (in, m, skip_blanks (in), true, &terminated);
      values = true;
    } else if ((ch == 'S' || ch == 'U' || ch == 'I') &&
               m->status == STATUS_NONE && !values) {
      char word[32];
      read_word (in, ch, word, sizeof word);
      set_status (in, m, status_of_word (word, true), word);
      minisat = true;
    } else
      unexpected (in, ch, "in solution");
  }
  if (m->status == STATUS_NONE)
    parse_error (in, "no solution status ('s SATISFIABLE' or 'SAT') found");
  if (m->status == STATUS_SAT && !terminated)
    parse_error (in, "model not terminated by '0'");
  if (m->status != STATUS_SAT && values)
    parse_error (in, "model given but the status is not satisfiable");
}

void release_model (struct model *m) { release_sparse (&m->values); }
