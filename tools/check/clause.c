/* Literals, clauses and the formula.
 *
 * Clauses are built through a 'clause_builder' which removes duplicate
 * literals (keeping the first occurrence, so the first literal written
 * stays first: it is the RAT pivot) and flags tautologies.  The parsers
 * guarantee '1 <= variable <= MAX_VARIABLE' before calling in here.
 */

#include "check.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned import_literal (int dimacs_literal) {
  assert (dimacs_literal != 0);
  unsigned variable = (unsigned) (dimacs_literal < 0 ? -(long) dimacs_literal
                                                     : dimacs_literal);
  assert (variable <= MAX_VARIABLE);
  return 2 * variable + (dimacs_literal < 0);
}

int export_literal (unsigned literal) {
  int variable = (int) VARIABLE (literal);
  return NEGATIVE (literal) ? -variable : variable;
}

void init_builder (struct clause_builder *b) {
  memset (b, 0, sizeof *b);
}

void release_builder (struct clause_builder *b) {
  RELEASE (b->literals);
  free (b->marks);
  b->marks = 0;
  b->marks_size = 0;
}

static void ensure_marks (struct clause_builder *b, unsigned literal) {
  if (literal < b->marks_size)
    return;
  size_t new_size = b->marks_size ? b->marks_size : 64;
  while (new_size <= literal)
    new_size *= 2;
  unsigned char *marks = allocate_zeroed (new_size, 1);
  if (b->marks_size)
    memcpy (marks, b->marks, b->marks_size);
  free (b->marks);
  b->marks = marks;
  b->marks_size = new_size;
}

void builder_add (struct clause_builder *b, unsigned literal) {
  ensure_marks (b, literal | 1u);
  if (b->marks[literal])
    return;
  if (b->marks[NOT (literal)])
    b->tautology = true;
  b->marks[literal] = 1;
  PUSH (b->literals, literal);
}

bool builder_empty (const struct clause_builder *b) {
  return !b->literals.size;
}

struct clause *builder_finish (struct clause_builder *b, uint64_t line,
                               uint64_t id, bool lemma) {
  size_t size = b->literals.size;
  struct clause *c =
      allocate (sizeof *c + size * sizeof *c->literals);
  c->line = line;
  c->id = id;
  c->next = 0;
  c->size = (unsigned) size;
  c->pivot = size ? b->literals.begin[0] : 0;
  c->lemma = lemma;
  c->tautology = b->tautology;
  c->active = false;
  c->core = false;
  for (size_t i = 0; i < size; i++) {
    unsigned literal = b->literals.begin[i];
    c->literals[i] = literal;
    b->marks[literal] = 0;
  }
  b->literals.size = 0;
  b->tautology = false;
  return c;
}

void print_clause (const struct clause *c) {
  for (unsigned i = 0; i < c->size; i++)
    fprintf (stderr, "%d ", export_literal (c->literals[i]));
  fputs ("0", stderr);
}

void release_formula (struct formula *f) {
  for (size_t i = 0; i < f->clauses.size; i++)
    free (f->clauses.begin[i]);
  RELEASE (f->clauses);
}
