/* Native at-most-one and exactly-one constraints: 'at most (exactly)
 * one of x1, ..., xn is true' kept as one list of literals instead of
 * n (n - 1) / 2 binary clauses (pairwise) or a clausal encoding with
 * auxiliary variables, plus, for exactly-one, the clause (x1 | ... | xn).
 *
 * The idea (as in Minicard, Liffiton and Maglalang 2012, restricted to
 * the bound one): when a literal x of the list becomes true, every other
 * literal y becomes false, and a true y is a conflict.  Each of these
 * steps is exactly what the binary clause (-x | -y) of the pairwise
 * encoding would do, so the implied literal gets the binary reason -x and
 * a conflict is the binary conflict (-x | -y): conflict analysis,
 * minimization, chronological backtracking and the trace see implicit
 * binary clauses and need nothing new.
 *
 * The at-least-one half of an exactly-one constraint is its clause, but
 * that clause is not stored nor watched: where most variables are in
 * such long clauses, their two watches wander over nearly every
 * variable and write nearly every page of the watch lists.  Instead
 * the constraint watches two of its own literals (its first two, as a
 * clause does, with the search for a replacement
 * resuming where it last stopped, Gent 2013), found through the same
 * index as the at-most-one side: a literal that becomes false visits the
 * constraints containing it.  The first time the clause is needed, as
 * the reason of its last literal or as a conflict, it joins the formula
 * as an ordinary irredundant clause (lazy clause generation, Ohrimenko,
 * Stuckey and Codish 2009) and the constraint is an at-most-one one from
 * then on.  Propagation may add it in the middle of any technique, so
 * the clause arena and the list of irredundant clauses keep room for all
 * such clauses still to come ('es_reserve_exactly'): adding one never
 * moves a clause another function holds.  Untouched, that room costs
 * address space only.
 *
 * In a proof a constraint stands for its pairwise clauses (and the
 * clause): constraints added through the API while a proof is traced are
 * added as those clauses (which the formula the proof is checked against
 * must contain), so proofs never meet a native constraint; bounds above
 * one cannot be stated and are refused then.  Constraints detected among
 * the binary clauses ('amodetect.c') stand for clauses the proof has.
 *
 * The constraints live back to back in 'arena' (two header words, then
 * the literals, see 'internal.h').  A variable's constraints are found
 * through a static index built by counting sort ('start' and 'occurs', 4
 * bytes per variable and per occurrence, the occurrence being the
 * constraint's reference and the sign of the variable's literal in it):
 * far less than a watch per occurrence (8 bytes plus a growing array per
 * literal), which matters when most of millions of variables are in
 * such constraints.  One list per variable, not per literal: an
 * assigned variable visits the constraints of both its literals (the
 * true one's for at most one, the false one's for at least
 * one).  Constraints are added at the root level only; the index is
 * rebuilt before the next propagation after constraints were added or
 * simplified.
 *
 * Propagating a true literal visits every literal of its constraints,
 * also the false ones: no watches to update and nothing to undo when
 * backtracking.  Formulas without these constraints never reach this
 * file: 'es_propagate' takes its loop with them only if there are some.
 *
 * Variables of the constraints are never eliminated nor substituted
 * (they count as frozen, see 'es_frozen'), so elimination, blocked
 * clauses, substitution and congruence closure, which reason about the
 * clauses alone, stay sound.  Techniques that only propagate (probing,
 * vivification, lucky phases) see the constraints through propagation
 * (probing with hyper-binary resolution, whose reasons must be binary,
 * sees the at-most-one side only); the search without learning
 * ('dpll.c') copies them as binary clauses and the clauses of the
 * exactly-one constraints; the rest (subsumption, Gaussian elimination,
 * local search) ignores them, which is sound since they only add or
 * remove clauses implied by the formula. */

#include "assign.h"

#include <stdlib.h>

#define all_atmosts(REF, A) \
  unsigned REF = 0, REF##_END_ = (unsigned) SIZE_STACK ((A)->arena); \
  REF < REF##_END_; \
  REF += ATMOST_WORDS ((A)->arena.begin[REF])

/* The literals of a constraint stored as a list. */
static unsigned *atmost_literals (atmosts *A, unsigned ref) {
  assert (!(A->arena.begin[ref] & ATMOST_PROGRESSION));
  return A->arena.begin + ref + ATMOST_HEADER_WORDS;
}

static unsigned literal_at (const atmosts *A, unsigned ref, unsigned i) {
  return es_atmost_literal (A->arena.begin + ref, i);
}

static bool is_progression (const atmosts *A, unsigned ref) {
  return A->arena.begin[ref] & ATMOST_PROGRESSION;
}

static unsigned atmost_size (const atmosts *A, unsigned ref) {
  return ATMOST_SIZE (A->arena.begin[ref]);
}

static bool is_exactly (const atmosts *A, unsigned ref) {
  return A->arena.begin[ref] & ATMOST_EXACTLY;
}

/*------------------------------------------------------------------------*/
/* Storing and indexing. */

/* Room for the clauses the exactly-one constraints may still add (see
 * above): called wherever the arena or the irredundant list grows
 * outside propagation. */
void es_reserve_exactly (einsat *solver) {
  const atmosts *A = &solver->atmosts;
  if (!A->pending)
    return;
  RESERVE_STACK (solver->arena,
                 SIZE_STACK (solver->arena) + A->pending_words);
  RESERVE_STACK (solver->irredundant,
                 SIZE_STACK (solver->irredundant) + A->pending);
}

static void count_pending (einsat *solver, unsigned size, bool more) {
  atmosts *A = &solver->atmosts;
  size_t words = ARENA_WORDS (size);
  assert (more || (A->pending && A->pending_words >= words));
  if (more)
    A->pending_words += words;
  else
    A->pending_words -= words;
  A->pending = more ? A->pending + 1 : A->pending - 1;
}

/* Literals whose numbers grow (or fall) by the same step from one to the
 * next, as the lines of a grid numbered row by row do, are stored as
 * their first literal and the step (four words however long the
 * constraint): where the constraints hold most variables, as on large
 * boards, the list of their literals would cost as much as the solver's
 * own per-variable arrays.  Only where that saves words. */
static bool forms_progression (size_t size, const unsigned *lits) {
  if (size <= ATMOST_PROGRESSION_WORDS)
    return false;
  const unsigned step = lits[1] - lits[0];
  for (size_t i = 2; i < size; i++)
    if (lits[i] - lits[i - 1] != step)
      return false;
  return true;
}

/* Writes the constraint at 'c' (room for 'ATMOST_HEADER_WORDS + size'
 * words), as a progression if 'compact' and it forms one; returns the
 * words used.  The watches are the first two literals, the search for
 * another one starts at the third. */
static unsigned write_atmost (unsigned *c, unsigned size,
                              const unsigned *lits, bool exactly,
                              bool compact) {
  c[0] = size | (exactly ? ATMOST_EXACTLY : 0);
  c[1] = 2;
  if (!compact || !forms_progression (size, lits)) {
    for (unsigned i = 0; i < size; i++)
      c[2 + i] = lits[i];
    return ATMOST_HEADER_WORDS + size;
  }
  c[0] |= ATMOST_PROGRESSION;
  c[2] = lits[0], c[3] = lits[1] - lits[0];
  c[4] = 0, c[5] = 1;
  return ATMOST_HEADER_WORDS + ATMOST_PROGRESSION_WORDS;
}

/* Stores the constraint over the internal literals 'lits' (at least
 * three, distinct variables, all unassigned). */
void es_store_atmost (einsat *solver, size_t size, const unsigned *lits,
                      bool exactly) {
  atmosts *A = &solver->atmosts;
  assert (size > 2);
  if (size >= ATMOST_PROGRESSION ||
      size > UINT_MAX / 2 - ATMOST_HEADER_WORDS - SIZE_STACK (A->arena) ||
      A->occurrences + size > UINT_MAX)
    es_fatal (solver, "too many literals in at-most-one constraints");
  for (size_t i = 0; i < size; i++) {
    assert (!VALUE (lits[i]));
    FLAGS (IDX (lits[i]))->atmost = true;
  }
  size_t words = SIZE_STACK (A->arena);
  RESERVE_STACK (A->arena, words + ATMOST_HEADER_WORDS + size);
  unsigned *c = A->arena.begin + words;
  RESIZE_STACK (A->arena,
                words + write_atmost (c, (unsigned) size, lits, exactly, true));
  if (c[0] & ATMOST_PROGRESSION) {
    A->progressions++;
    INC (atmost_progressions);
  }
  A->count++;
  A->occurrences += size;
  A->stale = true;
  solver->irredundant_changes++;
  if (exactly) {
    count_pending (solver, (unsigned) size, true);
    es_reserve_exactly (solver);
    INC (exactly_added);
  } else
    INC (atmosts_added);
  LOGLITS (size, lits, "%s constraint",
           exactly ? "exactly-one" : "at-most-one");
}

static void release_index (einsat *solver) {
  atmosts *A = &solver->atmosts;
  DELETE_ARRAY (A->start, A->start_size);
  A->start_size = 0;
  RELEASE_STACK (A->occurs);
}

/* An entry of the index: the constraint 'ref' has 'lit' (references
 * stay below 2^31, see 'es_store_atmost'). */
static unsigned index_entry (unsigned ref, unsigned lit) {
  return ref << 1 | (lit & 1);
}

/* Counting sort of the occurrences by variable: 'start[idx]' is where the
 * constraints of 'idx' begin in 'occurs', 'start[idx + 1]' where they
 * end. */
void es_index_atmosts (einsat *solver) {
  atmosts *A = &solver->atmosts;
  release_index (solver);
  A->stale = false;
  if (!A->count)
    return;
  size_t vars = solver->vars;
  A->start_size = vars + 1;
  NEW_ARRAY (A->start, A->start_size);
  unsigned *start = A->start;
  for (all_atmosts (ref, A))
    for (unsigned i = 0, size = atmost_size (A, ref); i < size; i++)
      start[IDX (literal_at (A, ref, i)) + 1]++;
  for (size_t idx = 1; idx <= vars; idx++)
    start[idx] += start[idx - 1];
  assert (start[vars] == A->occurrences);
  RESERVE_STACK (A->occurs, A->occurrences);
  RESIZE_STACK (A->occurs, A->occurrences);
  unsigned *occurs = A->occurs.begin;
  for (all_atmosts (ref, A))
    for (unsigned i = 0, size = atmost_size (A, ref); i < size; i++) {
      unsigned lit = literal_at (A, ref, i);
      occurs[start[IDX (lit)]++] = index_entry (ref, lit);
    }
  /* Each 'start[idx]' moved to the end of its block: shift back. */
  for (size_t idx = vars; idx; idx--)
    start[idx] = start[idx - 1];
  start[0] = 0;
}

void es_release_atmosts (einsat *solver) {
  release_index (solver);
  RELEASE_STACK (solver->atmosts.arena);
  RELEASE_STACK (solver->atmosts.registers);
  RELEASE_STACK (solver->atmosts.literals);
  RELEASE_STACK (solver->atmosts.negated);
}

/*------------------------------------------------------------------------*/
/* Adding a constraint through the API. */

/* 'lits' holds the imported literals; what root-level values, repeated
 * and complementary literals leave of the constraint stays in it.  A
 * literal twice must be false; a literal with its negation takes the one
 * true literal, so all others must be false; two true literals are a
 * contradiction.  Returns false if the constraint is settled by units
 * (or contradicts the root level). */
static bool normalize (einsat *solver, unsigneds *lits) {
  signed char *marks = solver->marks;
  bool contradiction = false;
  for (all_stack (unsigned, lit, *lits))
    if (!marks[lit])
      marks[lit] = 1;
    else if (!VALUE (lit))
      es_assign_unit (solver, NOT (lit)); /* repeated */
    else
      contradiction |= VALUE (lit) > 0; /* repeated and true */
  for (all_stack (unsigned, lit, *lits))
    marks[lit] = 0;
  unsigned *q = lits->begin, forcing = 0, pairs = 0, pair = INVALID;
  for (all_stack (unsigned, lit, *lits)) {
    if (VALUE (lit) < 0 || marks[lit])
      continue;
    forcing += VALUE (lit) > 0;
    if (marks[NOT (lit)])
      pairs++, pair = IDX (lit);
    marks[lit] = 1;
    *q++ = lit;
  }
  lits->end = q;
  for (all_stack (unsigned, lit, *lits))
    marks[lit] = 0;
  if (contradiction || forcing + pairs > 1) {
    solver->inconsistent = true;
    return false;
  }
  if (!forcing && !pairs)
    return true;
  /* The true literal, or one of the pair, is the one: the rest false. */
  for (all_stack (unsigned, lit, *lits))
    if (!VALUE (lit) && IDX (lit) != pair)
      es_assign_unit (solver, NOT (lit));
  return false;
}

/* In a proof the constraint is its pairwise clauses (see above). */
static void add_pairwise (einsat *solver, size_t size, const int *elits) {
  for (size_t i = 0; i < size; i++)
    for (size_t j = i + 1; j < size; j++) {
      int pair[2] = {-elits[i], -elits[j]};
      es_add_original_clause (solver, 2, pair);
    }
}

static void add_irredundant (einsat *solver, size_t size,
                             const unsigned *lits) {
  if (size == 2)
    es_new_binary (solver, false, lits[0], lits[1]);
  else
    es_new_clause (solver, false, 0, size, lits);
}

/* Bounds above one are not native: a sequential counter (Sinz 2005) over
 * internal variables, 'count[j]' after input i standing for 'at least
 * j + 1 of the inputs up to i are true' (only that direction, which an
 * upper bound needs).  Unit propagation on it is complete: once 'bound'
 * inputs are true the others are false.  The inputs are unassigned; a
 * repeated literal is two inputs, and a literal with its negation counts
 * one, as it should. */
static void add_counter (einsat *solver, size_t size, const unsigned *lits,
                         unsigned bound) {
  unsigneds *registers = &solver->atmosts.registers;
  RESERVE_STACK (*registers, 2 * (size_t) bound);
  unsigned *count = registers->begin, *next = count + bound;
  for (size_t i = 0; i < size; i++) {
    unsigned input = lits[i], c[3];
    if (i >= bound) {
      c[0] = NOT (input), c[1] = NOT (count[bound - 1]);
      add_irredundant (solver, 2, c);
    }
    if (i + 1 == size)
      break;
    for (unsigned j = 0; j < bound; j++) {
      if (j > i) { /* fewer than j + 1 inputs so far */
        next[j] = INVALID;
        continue;
      }
      next[j] = LIT (es_new_internal_variable (solver, 0));
      c[0] = NOT (input);
      c[1] = j ? NOT (count[j - 1]) : next[j];
      c[2] = next[j];
      add_irredundant (solver, j ? 3 : 2, c);
      if (j < i) {
        c[0] = NOT (count[j]), c[1] = next[j];
        add_irredundant (solver, 2, c);
      }
    }
    unsigned *swap = count;
    count = next, next = swap;
  }
}

/* Root-level true inputs lower the bound, false ones go; then the
 * bound may settle the constraint. */
static void add_counter_simplified (einsat *solver, unsigneds *lits,
                                    unsigned bound) {
  unsigned *q = lits->begin, forced = 0;
  for (all_stack (unsigned, lit, *lits)) {
    signed char value = VALUE (lit);
    if (value > 0)
      forced++;
    else if (!value)
      *q++ = lit;
  }
  lits->end = q;
  size_t size = SIZE_STACK (*lits);
  if (forced > bound)
    solver->inconsistent = true;
  else if (forced == bound) {
    for (all_stack (unsigned, lit, *lits))
      if (!VALUE (lit))
        es_assign_unit (solver, NOT (lit));
      else if (VALUE (lit) > 0) /* its negation was in the list too */
        solver->inconsistent = true;
  } else if (size > bound - forced)
    add_counter (solver, size, lits->begin, bound - forced);
}

static void import_literals (einsat *solver, size_t size,
                             const int *elits, unsigneds *lits) {
  es_restore_external (solver, size, elits);
  CLEAR_STACK (*lits);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (*lits, es_import_literal (solver, elits[i]));
}

static void remember_for_checking (einsat *solver, size_t size,
                                   const int *elits, int bound) {
  PUSH_STACK (solver->check_atmosts, bound);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (solver->check_atmosts, elits[i]);
  PUSH_STACK (solver->check_atmosts, 0);
}

/* Bound zero: units; negative: the empty clause; at least 'size':
 * nothing.  In a proof these are original clauses as given. */
static void add_trivial (einsat *solver, size_t size, const int *elits,
                         int bound) {
  if (bound < 0)
    es_add_original_clause (solver, 0, 0);
  else if (!bound)
    for (size_t i = 0; i < size; i++) {
      int unit = -elits[i];
      es_add_original_clause (solver, 1, &unit);
    }
}

void es_add_original_atmost (einsat *solver, size_t size,
                             const int *elits, int bound) {
  assert (!solver->level && !solver->dense);
  /* Its variables exist from now on, as those of any clause, even if the
   * constraint says nothing ('einsat_vars', 'einsat_val'). */
  unsigneds *lits = &solver->clause;
  import_literals (solver, size, elits, lits);
  if (bound <= 0 || (size_t) bound >= size || solver->proof)
    CLEAR_STACK (*lits); /* 'es_add_original_clause' uses it */
  if (bound <= 0 || (size_t) bound >= size) {
    add_trivial (solver, size, elits, bound);
    return;
  }
  if (solver->proof) {
    assert (bound == 1);
    add_pairwise (solver, size, elits);
    return;
  }
  solver->originals++;
  if (GET_OPTION (check))
    remember_for_checking (solver, size, elits, bound);
  if (solver->inconsistent) {
    CLEAR_STACK (*lits);
    return;
  }
  if (bound > 1) {
    add_counter_simplified (solver, lits, (unsigned) bound);
    CLEAR_STACK (*lits);
    return;
  }
  if (!normalize (solver, lits))
    return;
  size_t kept = SIZE_STACK (*lits);
  if (kept == 2)
    es_new_binary (solver, false, NOT (lits->begin[0]),
                   NOT (lits->begin[1]));
  else if (kept > 2)
    es_store_atmost (solver, kept, lits->begin, false);
  CLEAR_STACK (*lits);
}

/* Exactly one of the literals 'lits' (imported, normalized: unassigned
 * and of distinct variables, see 'normalize'). */
static void add_normalized_exactly_one (einsat *solver, unsigneds *lits) {
  size_t kept = SIZE_STACK (*lits);
  unsigned *l = lits->begin;
  if (!kept)
    solver->inconsistent = true;
  else if (kept == 1)
    es_assign_unit (solver, l[0]);
  else if (kept == 2) {
    es_new_binary (solver, false, NOT (l[0]), NOT (l[1]));
    es_new_binary (solver, false, l[0], l[1]);
  } else
    es_store_atmost (solver, kept, l, true);
}

static const int *negated_literals (einsat *solver, size_t size,
                                    const int *elits) {
  ints *negated = &solver->atmosts.negated;
  CLEAR_STACK (*negated);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (*negated, -elits[i]);
  return negated->begin;
}

/* Bound one: the native constraint; in a proof its pairwise clauses and
 * then the clause 'elits'. */
static void add_exactly_one (einsat *solver, size_t size,
                             const int *elits) {
  unsigneds *lits = &solver->clause;
  import_literals (solver, size, elits, lits);
  if (solver->proof) {
    CLEAR_STACK (*lits); /* 'es_add_original_clause' uses it */
    add_pairwise (solver, size, elits);
    es_add_original_clause (solver, size, elits);
    return;
  }
  solver->originals++;
  if (GET_OPTION (check)) {
    remember_for_checking (solver, size, elits, 1);
    remember_for_checking (solver, size,
                           negated_literals (solver, size, elits),
                           (int) size - 1);
  }
  if (!solver->inconsistent && normalize (solver, lits))
    add_normalized_exactly_one (solver, lits);
  CLEAR_STACK (*lits);
}

/* Exactly 'bound' of the literals: bound one natively, 'size - 1' as
 * exactly one of the negations, any other bound as at most 'bound' of
 * the literals and at most 'size - bound' of their negations (a bound
 * below zero or above 'size' is a contradiction). */
void es_add_original_exactly (einsat *solver, size_t size,
                              const int *elits, int bound) {
  assert (!solver->level && !solver->dense);
  if (bound == 1 && size >= 1) {
    add_exactly_one (solver, size, elits);
    return;
  }
  if (bound >= 2 && (size_t) bound + 1 == size) {
    add_exactly_one (solver, size, negated_literals (solver, size, elits));
    return;
  }
  es_add_original_atmost (solver, size, elits, bound);
  long rest = (long) size - (long) bound;
  if (bound < 0) /* already a contradiction; only the variables count */
    rest = (long) size;
  es_add_original_atmost (solver, size,
                          negated_literals (solver, size, elits),
                          rest > INT_MAX ? INT_MAX : (int) rest);
}

/*------------------------------------------------------------------------*/
/* Propagation. */

/* The literals of the progression 'ref' in the scratch stack, its watches
 * first (the implied or false one, then the other), as 'watch_elsewhere'
 * orders a list. */
static unsigned *progression_literals (einsat *solver, unsigned ref) {
  atmosts *A = &solver->atmosts;
  const unsigned *c = A->arena.begin + ref;
  const unsigned size = ATMOST_SIZE (c[0]);
  unsigneds *lits = &A->literals;
  CLEAR_STACK (*lits);
  PUSH_STACK (*lits, es_atmost_literal (c, c[4]));
  PUSH_STACK (*lits, es_atmost_literal (c, c[5]));
  for (unsigned i = 0; i < size; i++)
    if (i != c[4] && i != c[5])
      PUSH_STACK (*lits, es_atmost_literal (c, i));
  return lits->begin;
}

/* The clause of the exactly-one constraint 'ref' joins the formula (see
 * above), ordered as a watched clause: the implied literal (or the false
 * literal of the highest level) first, the false literal of the highest
 * level among the others second.  The constraint is at-most-one from now
 * on.  Returns the clause. */
static unsigned add_clause_of (einsat *solver, unsigned ref, bool conflict) {
  atmosts *A = &solver->atmosts;
  unsigned size = atmost_size (A, ref), *lits;
  if (is_progression (A, ref))
    lits = progression_literals (solver, ref);
  else
    lits = atmost_literals (A, ref);
  if (conflict)
    es_move_highest_level (solver, lits, size, 0);
  es_move_highest_level (solver, lits, size, 1);
  A->arena.begin[ref] &= ~ATMOST_EXACTLY;
  count_pending (solver, size, false);
  assert (SIZE_STACK (solver->arena) + ARENA_WORDS (size) <=
          CAPACITY_STACK (solver->arena));
  INC (exactly_clauses);
  return es_new_clause (solver, false, 0, size, lits);
}

/* A watch for the exactly-one constraint at 'ref' other than 'lits[0]'
 * and 'lits[1]': the first non-false literal from where the last search
 * stopped, wrapping around, as for clauses ('es_find_replacement').
 * Returns 0 if every other literal is false. */
static unsigned *find_watch (einsat *solver, unsigned ref, uint64_t *ticks) {
  atmosts *A = &solver->atmosts;
  const signed char *const values = solver->values;
  unsigned *const lits = atmost_literals (A, ref);
  unsigned *const end = lits + atmost_size (A, ref);
  unsigned *const searched = A->arena.begin + ref + 1;
  unsigned *const middle = lits + *searched;
  unsigned *r = middle;
  while (r != end && values[*r] < 0)
    r++;
  size_t scanned = (size_t) (r - middle);
  if (r == end) {
    r = lits + 2;
    while (r != middle && values[*r] < 0)
      r++;
    scanned += (size_t) (r - lits - 2);
  }
  *ticks += 1 + (scanned >> 4);
  assert (middle < end);
  if (r == middle && values[*r] < 0) /* wrapped around: all false */
    return 0;
  *searched = (unsigned) (r - lits);
  return r;
}

/* The literal 'false_lit' of the exactly-one constraint 'ref' became
 * false: if it is a watch, the constraint looks for another one, or
 * implies its last literal, or is a conflict (both through its clause). */
static unsigned watch_elsewhere (einsat *solver, unsigned ref,
                                 unsigned false_lit, uint64_t *ticks) {
  atmosts *A = &solver->atmosts;
  const signed char *const values = solver->values;
  unsigned *const lits = atmost_literals (A, ref);
  if (lits[0] != false_lit && lits[1] != false_lit)
    return INVALID;
  (*ticks)++;
  const unsigned other = lits[0] ^ lits[1] ^ false_lit;
  lits[0] = other;
  lits[1] = false_lit;
  if (values[other] > 0)
    return INVALID;
  unsigned *const r = find_watch (solver, ref, ticks);
  if (r) {
    lits[1] = *r;
    *r = false_lit;
  } else if (values[other] < 0)
    return add_clause_of (solver, ref, true);
  else {
    unsigned cref = add_clause_of (solver, ref, false);
    es_assign_reason (solver, other, cref,
                      es_reason_level (solver, other, CLAUSE (cref)));
  }
  return INVALID;
}

/* As 'watch_elsewhere' for a progression, whose literals stay where they
 * are: the watches are positions ('c[4]' the other one, 'c[5]' the false
 * one after the swap), the search resumes at position 'c[1]' and skips
 * both. */
static unsigned watch_elsewhere_in_progression (einsat *solver,
                                                unsigned ref,
                                                unsigned false_lit,
                                                uint64_t *ticks) {
  atmosts *A = &solver->atmosts;
  const signed char *const values = solver->values;
  unsigned *const c = A->arena.begin + ref;
  if (es_atmost_literal (c, c[4]) == false_lit) {
    unsigned swap = c[4];
    c[4] = c[5], c[5] = swap;
  } else if (es_atmost_literal (c, c[5]) != false_lit)
    return INVALID;
  (*ticks)++;
  const unsigned other = es_atmost_literal (c, c[4]);
  if (values[other] > 0)
    return INVALID;
  const unsigned size = ATMOST_SIZE (c[0]), first = c[2], step = c[3];
  unsigned pos = c[1], scanned = 0;
  for (unsigned k = 0; k < size; k++, pos = pos + 1 == size ? 0 : pos + 1) {
    if (pos == c[4] || pos == c[5])
      continue;
    scanned++;
    if (values[first + pos * step] >= 0) {
      *ticks += 1 + (scanned >> 4);
      c[1] = c[5] = pos;
      return INVALID;
    }
  }
  *ticks += 1 + (scanned >> 4);
  if (values[other] < 0)
    return add_clause_of (solver, ref, true);
  unsigned cref = add_clause_of (solver, ref, false);
  es_assign_reason (solver, other, cref,
                    es_reason_level (solver, other, CLAUSE (cref)));
  return INVALID;
}

/* The true literal 'lit' makes 'other' of its constraint false (reason:
 * the binary clause (-lit | -other)); returns true if 'other' is true
 * too, the binary conflict (-lit | -other). */
static inline bool falsify_other (einsat *solver, const signed char *values,
                                  unsigned other, unsigned lit) {
  const signed char value = values[other];
  if (!value)
    es_assign_binary (solver, NOT (other), NOT (lit));
  else if (value > 0 && other != lit) {
    solver->conflict_binary[0] = NOT (lit);
    solver->conflict_binary[1] = NOT (other);
    return true;
  }
  return false;
}

/* As 'falsify_others' for a progression. */
static unsigned falsify_others_in_progression (einsat *solver, unsigned ref,
                                               unsigned lit,
                                               uint64_t *ticks) {
  const unsigned *const c = solver->atmosts.arena.begin + ref;
  const unsigned size = ATMOST_SIZE (c[0]);
  const unsigned step = c[3];
  const signed char *const values = solver->values;
  *ticks += 1 + (size >> 4);
  unsigned other = c[2];
  for (unsigned i = 0; i < size; i++, other += step)
    if (falsify_other (solver, values, other, lit))
      return BINARY_CONFLICT;
  return INVALID;
}

/* The true literal 'lit' of the constraint 'ref' falsifies its other
 * literals (reason: the binary clause (-lit | -other)); a second true
 * literal is the binary conflict (-lit | -other). */
static unsigned falsify_others (einsat *solver, unsigned ref, unsigned lit,
                                uint64_t *ticks) {
  atmosts *A = &solver->atmosts;
  const signed char *const values = solver->values;
  if (is_progression (A, ref))
    return falsify_others_in_progression (solver, ref, lit, ticks);
  const unsigned *lits = atmost_literals (A, ref);
  const unsigned *const lits_end = lits + atmost_size (A, ref);
  *ticks += 1 + ((size_t) (lits_end - lits) >> 4);
  for (; lits != lits_end; lits++)
    if (falsify_other (solver, values, *lits, lit))
      return BINARY_CONFLICT;
  return INVALID;
}

/* The true literal 'lit' visits the constraints of its variable: those
 * with 'lit' make their other literals false; with 'exactly' those with
 * its negation, if exactly-one, move their watch. */
unsigned es_propagate_atmosts (einsat *solver, unsigned lit,
                               uint64_t *ticks, bool exactly) {
  atmosts *A = &solver->atmosts;
  assert (!A->stale);
  assert (solver->values[lit] > 0);
  const unsigned idx = IDX (lit);
  if (idx + 1 >= A->start_size)
    return INVALID; /* a variable added after the last index */
  const unsigned *p = A->occurs.begin + A->start[idx];
  const unsigned *const end = A->occurs.begin + A->start[idx + 1];
  const unsigned sign = lit & 1;
  exactly &= A->pending > 0;
  *ticks += 1 + ((size_t) (end - p) >> 4);
  for (; p != end; p++) {
    const unsigned ref = *p >> 1;
    unsigned conflict = INVALID;
    if ((*p & 1) == sign)
      conflict = falsify_others (solver, ref, lit, ticks);
    else if (exactly && is_exactly (A, ref))
      conflict = is_progression (A, ref)
                     ? watch_elsewhere_in_progression (solver, ref,
                                                       NOT (lit), ticks)
                     : watch_elsewhere (solver, ref, NOT (lit), ticks);
    if (conflict != INVALID)
      return conflict;
  }
  return INVALID;
}

/* Adds the constraints of 'from' to 'solver' with the literals mapped
 * to external literals of 'solver' by 'map' (the workers of a portfolio
 * copy the ruler's formula this way, see 'portfolio.c'). */
void es_copy_atmosts (einsat *solver, einsat *from,
                      int (*map) (unsigned ilit)) {
  atmosts *A = &from->atmosts;
  ints *elits = &solver->eclause;
  for (all_atmosts (ref, A)) {
    unsigned size = atmost_size (A, ref);
    CLEAR_STACK (*elits);
    for (unsigned i = 0; i < size; i++)
      PUSH_STACK (*elits, map (literal_at (A, ref, i)));
    if (is_exactly (A, ref))
      es_add_original_exactly (solver, size, elits->begin, 1);
    else
      es_add_original_atmost (solver, size, elits->begin, 1);
  }
  CLEAR_STACK (*elits);
}

/*------------------------------------------------------------------------*/
/* As pairwise clauses, for the search without learning ('enumerate.c'
 * loads them into 'dpll.c'), whose formulas are small. */

uint64_t es_atmost_pairs (einsat *solver) {
  atmosts *A = &solver->atmosts;
  uint64_t pairs = 0;
  for (all_atmosts (ref, A)) {
    uint64_t size = atmost_size (A, ref);
    pairs += size * (size - 1) / 2 + is_exactly (A, ref);
  }
  return pairs;
}

/* The pairwise clauses (NOT a | NOT b) whose literals are unassigned (a
 * clause with an assigned literal is satisfied at the root: a true
 * literal made the others false), two entries each. */
void es_push_atmost_pairs (einsat *solver, unsigneds *pairs) {
  atmosts *A = &solver->atmosts;
  for (all_atmosts (ref, A)) {
    unsigned size = atmost_size (A, ref);
    for (unsigned i = 0; i < size; i++) {
      unsigned a = literal_at (A, ref, i);
      if (VALUE (a))
        continue;
      for (unsigned j = i + 1; j < size; j++) {
        unsigned b = literal_at (A, ref, j);
        if (VALUE (b))
          continue;
        PUSH_STACK (*pairs, NOT (a));
        PUSH_STACK (*pairs, NOT (b));
      }
    }
  }
}

/* The clauses of the exactly-one constraints not satisfied at the root,
 * without their false literals, each ended by INVALID. */
void es_push_exactly_clauses (einsat *solver, unsigneds *clauses) {
  atmosts *A = &solver->atmosts;
  for (all_atmosts (ref, A)) {
    if (!is_exactly (A, ref))
      continue;
    unsigned size = atmost_size (A, ref);
    bool satisfied = false;
    for (unsigned i = 0; i < size; i++)
      satisfied |= VALUE (literal_at (A, ref, i)) > 0;
    if (satisfied)
      continue;
    for (unsigned i = 0; i < size; i++)
      if (!VALUE (literal_at (A, ref, i)))
        PUSH_STACK (*clauses, literal_at (A, ref, i));
    PUSH_STACK (*clauses, INVALID);
  }
}

/*------------------------------------------------------------------------*/
/* Root-level simplification: a constraint with a true literal is
 * satisfied (propagation made the others false), false literals go, and
 * an at-most-one constraint left with fewer than two literals goes too;
 * an exactly-one constraint left with two becomes the binary clauses
 * (a | b) and (-a | -b) (after complete propagation it has at least two
 * unassigned literals or a true one).  Constraints stand for their
 * clauses in a proof, which stay there: nothing to write. */

/* A list never grows, so lists are compacted in place (and stay lists:
 * their watches reordered them); a progression that lost literals from
 * its middle becomes a longer list, so with progressions the
 * constraints are rewritten into a new arena. */
void es_simplify_atmosts (einsat *solver) {
  atmosts *A = &solver->atmosts;
  assert (!solver->level && solver->propagated == solver->trail_size);
  if (!A->count)
    return;
  unsigneds fresh;
  INIT_STACK (fresh);
  const bool in_place = !A->progressions;
  unsigned *const arena = A->arena.begin, *q = arena;
  const size_t words = SIZE_STACK (A->arena);
  unsigned count = 0, pending = 0, progressions = 0;
  size_t kept_literals = 0, pending_words = 0;
  bool changed = false;
  unsigneds *lits = &A->literals;
  for (size_t ref = 0; ref < words;) {
    const unsigned *c = arena + ref;
    const unsigned header = c[0], size = ATMOST_SIZE (header);
    const bool exactly = header & ATMOST_EXACTLY;
    ref += ATMOST_WORDS (header);
    CLEAR_STACK (*lits);
    bool satisfied = false;
    for (unsigned i = 0; i < size; i++) {
      unsigned lit = es_atmost_literal (c, i);
      signed char value = VALUE (lit);
      satisfied |= value > 0;
      if (!value)
        PUSH_STACK (*lits, lit);
    }
    const unsigned kept = (unsigned) SIZE_STACK (*lits);
    const unsigned *k = lits->begin;
    changed |= kept != size;
    assert (!exactly || satisfied || kept >= 2);
    if (exactly && !satisfied && kept == 2) {
      es_new_binary (solver, false, NOT (k[0]), NOT (k[1]));
      es_new_binary (solver, false, k[0], k[1]);
    }
    if (satisfied || kept < 2 || (exactly && kept == 2))
      continue;
    if (!in_place) {
      RESERVE_STACK (fresh, SIZE_STACK (fresh) + ATMOST_HEADER_WORDS + kept);
      q = fresh.end;
    }
    unsigned *const written = q;
    q += write_atmost (q, kept, k, exactly, header & ATMOST_PROGRESSION);
    if (!in_place)
      fresh.end = q;
    progressions += (written[0] & ATMOST_PROGRESSION) != 0;
    count++;
    kept_literals += kept;
    if (exactly)
      pending++, pending_words += ARENA_WORDS (kept);
  }
  if (!changed) {
    RELEASE_STACK (fresh);
    return;
  }
  if (in_place)
    RESIZE_STACK (A->arena, (size_t) (q - arena));
  else {
    RELEASE_STACK (A->arena);
    A->arena = fresh;
  }
  A->count = count;
  A->progressions = progressions;
  A->occurrences = kept_literals;
  A->pending = pending;
  A->pending_words = pending_words;
  A->stale = true;
  solver->irredundant_changes++;
}

/*------------------------------------------------------------------------*/
/* Checks. */

/* With option 'check': after complete propagation at the root level no
 * constraint has a true literal and another one unassigned or true, and
 * no exactly-one constraint has fewer than two unassigned literals
 * without a true one. */
void es_check_atmosts_propagated (einsat *solver) {
  atmosts *A = &solver->atmosts;
  for (all_atmosts (ref, A)) {
    unsigned size = atmost_size (A, ref), true_lits = 0, open = 0;
    for (unsigned i = 0; i < size; i++) {
      signed char value = VALUE (literal_at (A, ref, i));
      true_lits += value > 0;
      open += !value;
    }
    if (true_lits > 1 || (true_lits && open) ||
        (is_exactly (A, ref) && !true_lits && open < 2))
      es_fatal (solver, "internal error: at-most-one constraint not "
                        "propagated");
  }
}

/* With option 'check': the external model against the constraints as
 * added (each its bound, its external literals and 0). */
bool es_check_model_atmosts (einsat *solver) {
  const signed char *emodel = solver->emodel.begin;
  const int *p = solver->check_atmosts.begin;
  const int *const end = solver->check_atmosts.end;
  while (p != end) {
    int bound = *p++, true_lits = 0;
    for (; *p; p++) {
      signed char value = emodel[abs (*p)];
      true_lits += (*p < 0 ? -value : value) > 0;
    }
    p++;
    if (true_lits > bound)
      return false;
  }
  return true;
}
