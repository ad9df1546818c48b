/* Shrinking learned clauses (Fleury and Biere 2020, as in CaDiCaL and
 * Kissat): all literals of the learned clause on one decision level can
 * be replaced by a single literal of that level that dominates them in
 * the implication graph (a "block UIP"), found by resolving backwards
 * along the trail as in first-UIP learning but restricted to the level.
 * A resolution step may only bring in literals of other levels that are
 * already in the clause, redundant by minimization (option value 3), or
 * fixed.  Option 'shrink': 1 follows binary reasons only, 2 large
 * reasons too, 3 also checks other literals by minimization.  The glue
 * stays the same, the clause gets shorter.
 *
 * Two things keep shrinking linear in the clause even when clauses have
 * hundreds of levels and levels thousands of literals (at-most-one
 * constraints over the rows, columns and diagonals of a grid: one
 * decision falsifies all of them).  The literals are first grouped by level with a counting
 * sort, instead of scanning the whole clause once per level.  A block is
 * then resolved in trail order by popping its latest literal from a
 * max-heap of trail positions, instead of walking over every trail
 * position of the level; this also does not assume that the literals of
 * a level are contiguous on the trail, which chronological backtracking
 * does not guarantee. */

#include "internal.h"

/*------------------------------------------------------------------------*/
/* A binary max-heap of trail positions. */

static void push_position (einsat *solver, unsigned pos) {
  PUSH_STACK (solver->shrink_heap, pos);
  unsigned *positions = solver->shrink_heap.begin;
  size_t i = SIZE_STACK (solver->shrink_heap) - 1;
  while (i) {
    size_t parent = (i - 1) / 2;
    if (positions[parent] >= pos)
      break;
    positions[i] = positions[parent];
    i = parent;
  }
  positions[i] = pos;
}

static unsigned pop_position (einsat *solver) {
  assert (!EMPTY_STACK (solver->shrink_heap));
  unsigned *positions = solver->shrink_heap.begin;
  unsigned top = positions[0], last = POP_STACK (solver->shrink_heap);
  size_t size = SIZE_STACK (solver->shrink_heap);
  if (!size)
    return top;
  size_t i = 0;
  for (;;) {
    size_t child = 2 * i + 1;
    if (child >= size)
      break;
    if (child + 1 < size && positions[child + 1] > positions[child])
      child++;
    if (positions[child] <= last)
      break;
    positions[i] = positions[child];
    i = child;
  }
  positions[i] = last;
  return top;
}

/*------------------------------------------------------------------------*/
/* The block UIP of one level. */

static void mark_shrinkable (einsat *solver, unsigned lit) {
  assigned *a = VAR (lit);
  assert (VALUE (lit) < 0 && !a->shrinkable);
  a->shrinkable = true;
  PUSH_STACK (solver->shrinkable, IDX (lit));
  push_position (solver, a->trail);
}

static void reset_shrinkable (einsat *solver) {
  for (all_stack (unsigned, idx, solver->shrinkable))
    solver->assigned[idx].shrinkable = false;
  CLEAR_STACK (solver->shrinkable);
  CLEAR_STACK (solver->shrink_heap);
}

/* Can the false literal 'other' of a reason stay out of the clause?  On
 * the block's level it joins the block instead. */
static bool shrink_literal (einsat *solver, unsigned other, unsigned level) {
  assert (VALUE (other) < 0);
  assigned *a = VAR (other);
  assert (a->level <= level); /* reasons lie below their literal */
  if (!a->level)
    return true;
  if (a->level == level) {
    if (!a->shrinkable)
      mark_shrinkable (solver, other);
    return true;
  }
  if (a->analyzed)
    return true; /* in the clause (or minimized away from it) */
  return GET_OPTION (shrink) > 2 && es_minimize_literal (solver, other, 1);
}

static bool shrink_reason (einsat *solver, unsigned lit, unsigned level) {
  assigned *a = VAR (lit);
  if (a->reason == INVALID)
    return false;
  if (a->binary)
    return shrink_literal (solver, a->reason, level);
  if (GET_OPTION (shrink) < 2)
    return false;
  clause *c = CLAUSE (a->reason);
  for (all_literals_in_clause (other, c))
    if (other != lit && !shrink_literal (solver, other, level))
      return false;
  return true;
}

/* The block UIP of the literals [begin, end) of 'level', or INVALID.
 * The heap holds the open literals; the last one left dominates all. */
static unsigned block_uip (einsat *solver, unsigned level,
                           const unsigned *begin, const unsigned *end) {
  assert (end - begin > 1 && EMPTY_STACK (solver->shrink_heap));
  for (const unsigned *p = begin; p != end; p++)
    mark_shrinkable (solver, *p);
  while (SIZE_STACK (solver->shrink_heap) > 1) {
    unsigned lit = solver->trail[pop_position (solver)];
    assert (VALUE (lit) > 0 && LEVEL (lit) == level);
    if (!shrink_reason (solver, lit, level))
      return INVALID;
  }
  return solver->trail[PEEK_STACK (solver->shrink_heap, 0)];
}

/*------------------------------------------------------------------------*/
/* Grouping the clause by level and replacing blocks. */

/* Copies the literals after the UIP into 'shrink_sorted', grouped by
 * level in the order of 'levels'.  Returns false if no level has two
 * literals, so there is nothing to shrink. */
static bool group_by_level (einsat *solver) {
  const unsigned *lits = solver->learned.begin + 1;
  size_t size = SIZE_STACK (solver->learned) - 1;
  for (all_stack (unsigned, level, solver->levels))
    PEEK_STACK (solver->frames, level).block = 0;
  for (size_t i = 0; i < size; i++)
    PEEK_STACK (solver->frames, LEVEL (lits[i])).block++;
  bool shrinkable = false;
  unsigned sum = 0;
  for (all_stack (unsigned, level, solver->levels)) {
    frame *f = &PEEK_STACK (solver->frames, level);
    shrinkable |= f->block > 1;
    f->block = sum += f->block;
  }
  if (!shrinkable)
    return false;
  assert (sum == size);
  RESERVE_STACK (solver->shrink_sorted, size);
  RESIZE_STACK (solver->shrink_sorted, size);
  unsigned *sorted = solver->shrink_sorted.begin;
  for (size_t i = size; i--;)
    sorted[--PEEK_STACK (solver->frames, LEVEL (lits[i])).block] = lits[i];
  return true;
}

static void use_block_uip (einsat *solver, unsigned level, unsigned uip) {
  assigned *a = VAR (uip);
  assert (VALUE (uip) > 0 && a->level == level);
  LOG ("block UIP %s replaces the literals of level %u", LOGLIT (uip),
       level);
  if (!a->analyzed) {
    a->analyzed = true;
    PUSH_STACK (solver->analyzed, IDX (uip));
  }
  frame *f = &PEEK_STACK (solver->frames, level);
  f->seen = 1;
  f->earliest = a->trail;
}

void es_shrink_clause (einsat *solver) {
  if (!GET_OPTION (shrink) || !group_by_level (solver))
    return;
  const unsigned *p = solver->shrink_sorted.begin;
  const unsigned *end = solver->shrink_sorted.end;
  unsigned *q = solver->learned.begin + 1;
  while (p != end) {
    unsigned level = LEVEL (*p);
    const unsigned *block = p;
    while (p != end && LEVEL (*p) == level)
      p++;
    unsigned uip = p - block > 1 ? block_uip (solver, level, block, p)
                                 : INVALID;
    reset_shrinkable (solver);
    if (uip == INVALID) {
      while (block != p)
        *q++ = *block++;
      continue;
    }
    *q++ = NOT (uip);
    ADD (shrunken_literals, (uint64_t) (p - block) - 1);
    use_block_uip (solver, level, uip);
  }
  assert (q <= solver->learned.end);
  solver->learned.end = q;
}
