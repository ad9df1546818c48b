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
  RELEASE (b->duplicates);
  release_sparse (&b->marks);
}

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define PAGES ((2u * MAX_VARIABLE + 2) >> PAGE_BITS)

unsigned sparse_get (const struct sparse_map *map, unsigned index) {
  assert (index >> PAGE_BITS < PAGES);
  if (!map->pages)
    return 0;
  const unsigned *page = map->pages[index >> PAGE_BITS];
  return page ? page[index & (PAGE_SIZE - 1)] : 0;
}

unsigned *sparse_slot (struct sparse_map *map, unsigned index) {
  assert (index >> PAGE_BITS < PAGES);
  if (!map->pages)
    map->pages = allocate_zeroed (PAGES, sizeof *map->pages);
  unsigned **page = map->pages + (index >> PAGE_BITS);
  if (!*page)
    *page = allocate_zeroed (PAGE_SIZE, sizeof **page);
  return *page + (index & (PAGE_SIZE - 1));
}

void release_sparse (struct sparse_map *map) {
  if (!map->pages)
    return;
  for (unsigned i = 0; i < PAGES; i++)
    free (map->pages[i]);
  free (map->pages);
  map->pages = 0;
}

void builder_add (struct clause_builder *b, unsigned literal) {
  unsigned *mark = sparse_slot (&b->marks, literal);
  if (*mark) {
    PUSH (b->duplicates, literal);
    return;
  }
  if (sparse_get (&b->marks, NOT (literal)))
    b->tautology = true;
  *mark = 1;
  PUSH (b->literals, literal);
}

bool builder_empty (const struct clause_builder *b) {
  return !b->literals.size;
}

struct clause *builder_finish (struct clause_builder *b, uint64_t line,
                               uint64_t id, bool lemma) {
  size_t size = b->literals.size, duplicates = b->duplicates.size;
  struct clause *c = allocate (sizeof *c + (size + duplicates) *
                                               sizeof *c->literals);
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
    *sparse_slot (&b->marks, literal) = 0;
  }
  c->duplicates = (unsigned) duplicates;
  for (size_t i = 0; i < duplicates; i++)
    c->literals[size + i] = b->duplicates.begin[i];
  b->literals.size = b->duplicates.size = 0;
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
