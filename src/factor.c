/* Bounded variable addition ('factoring', Manthey, Heule and Biere 2012,
 * as 'factor' in Kissat 4).  A set of clauses that is the product
 *
 *   (l_1 | K_1) ... (l_1 | K_m)
 *   ...
 *   (l_n | K_1) ... (l_n | K_m)
 *
 * of literals 'l_i' and clause rests 'K_j' is replaced by the n + m
 * clauses (-x | l_i) and (x | K_j) over a fresh variable 'x', which
 * removes n * m - n - m clauses.  Resolving on 'x' gives back every
 * original clause, so each model of the new formula is one of the old
 * formula (nothing goes on the extension stack), and each model of the
 * old formula extends to one of the new (x = all K_j satisfied).  The
 * new variable is internal: it has no external name and never shows up
 * in a model.  Elimination may remove it again like any variable (option
 * 'eliminatefactor', see 'eliminate.c'); its clauses then go to the
 * extension stack.
 *
 * The matrix is grown greedily from one literal 'l' as in the paper: the
 * clauses of 'l' form the first row; for each column the clauses that
 * differ from it only in 'l' are found through the occurrences of the
 * rarest other literal, and the literal completing the most columns
 * becomes the next row as long as the reduction grows.
 *
 * Only binary clauses are factored by default ('factorsize'): the wins
 * (pigeonhole, colouring, channel routing) come from at-most-one
 * constraints, while factoring the ternary edge clauses of
 * clique-colouring formulas (for each edge a 7 x 7 product of clauses
 * minus its diagonal, which the greedy growth cuts into smaller products)
 * added many variables, raised the propagations per conflict and the
 * glue of learned clauses and made the search slower (bench/RESULTS.md,
 * "Figures behind comments").
 *
 * Variables added by factoring go to the back of the decision queue (they
 * were in no conflict yet) and have score zero.
 *
 * Runs in dense mode at the root level before elimination.  Clauses with
 * frozen, assumed or projected literals (and internal ones other than
 * factoring variables) are left alone.  In proofs the added clauses are
 * RAT on the new variable (written first, before the matrix is deleted).
 * An internal variable has no external number: DRAT proofs name it after
 * the largest external variable and earlier names ('es_proof_literal').
 * A variable the user adds after solving may get the same number, and
 * DRAT checkers read those clauses up front, so they would reject the RAT
 * steps: with a proof factoring needs option 'incremental=0', which
 * forbids clauses after a solve (the command line sets it).  In LRAT
 * the RAT steps name their candidates (see 'rat_hints').  Factoring is
 * skipped with the teaching trace (which hides internal variables) and
 * with a decide callback. */

#include "internal.h"

static bool factorable (einsat *solver, unsigned lit) {
  unsigned idx = IDX (lit);
  var_flags *f = FLAGS (idx);
  if (!f->active || VALUE (lit))
    return false;
  return f->factor || !es_frozen (solver, idx);
}

static bool factorable_clause (einsat *solver, clause *c) {
  if (c->garbage || c->redundant || c->size > (unsigned) GET_OPTION (factorsize))
    return false;
  for (all_literals_in_clause (lit, c))
    if (!factorable (solver, lit))
      return false;
  return true;
}

/* The first row: the factorable irredundant clauses of 'lit', a binary
 * clause the formula has twice only once (two equal columns would count
 * as two in the reduction, but only one clause goes). */
static void gather_first_row (einsat *solver, factoring *F, unsigned lit) {
  CLEAR_STACK (F->matrix);
  signed char *marks = solver->marks;
  for (all_watches (w, WATCHES (lit))) {
    F->steps++;
    if (w.ref == REDUNDANT_BINARY)
      continue;
    if (w.ref == IRREDUNDANT_BINARY) {
      if (factorable (solver, w.blit) && !marks[w.blit]) {
        marks[w.blit] = 1;
        PUSH_STACK (F->matrix, ((fclause) {INVALID, {lit, w.blit}}));
      }
      continue;
    }
    if (factorable_clause (solver, CLAUSE (w.ref)))
      PUSH_STACK (F->matrix, ((fclause) {w.ref, {INVALID, INVALID}}));
  }
  for (all_stack (fclause, c, F->matrix))
    if (c.ref == INVALID)
      marks[c.lits[1]] = 0;
  F->columns = SIZE_STACK (F->matrix);
}

static size_t fclause_size (einsat *solver, const fclause *c) {
  return c->ref == INVALID ? 2 : CLAUSE (c->ref)->size;
}

static const unsigned *fclause_lits (einsat *solver, const fclause *c) {
  return c->ref == INVALID ? c->lits : CLAUSE (c->ref)->lits;
}

/* Finds the clauses (K_j | l') for column 'j' with first row clause
 * (l | K_j), where 'l' is 'first'. */
static void find_candidates (einsat *solver, factoring *F, unsigned first,
                             size_t j) {
  const fclause *c = F->matrix.begin + j;
  size_t size = fclause_size (solver, c);
  const unsigned *lits = fclause_lits (solver, c);
  signed char *marks = solver->marks;
  unsigned rarest = INVALID;
  size_t rarest_size = 0;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = lits[i];
    if (lit == first)
      continue;
    marks[lit] = 1;
    size_t occs = SIZE_WATCHES (WATCHES (lit));
    if (rarest == INVALID || occs < rarest_size)
      rarest = lit, rarest_size = occs;
  }
  assert (rarest != INVALID);
  F->steps += rarest_size;
  for (all_watches (w, WATCHES (rarest))) {
    unsigned other = INVALID;
    fclause d;
    if (w.ref == REDUNDANT_BINARY)
      continue;
    if (w.ref == IRREDUNDANT_BINARY) {
      if (size != 2)
        continue;
      other = w.blit;
      d = (fclause) {INVALID, {rarest, other}};
    } else {
      if (size == 2)
        continue;
      clause *e = CLAUSE (w.ref);
      if (e->size != size || !factorable_clause (solver, e))
        continue;
      F->steps += size;
      unsigned unmarked = 0;
      for (all_literals_in_clause (lit, e))
        if (!marks[lit]) {
          other = lit;
          if (++unmarked > 1)
            break;
        }
      if (unmarked != 1)
        continue;
      d = (fclause) {w.ref, {INVALID, INVALID}};
    }
    if (other == first || marks[other] || FLAGS (IDX (other))->seen ||
        !factorable (solver, other))
      continue;
    PUSH_STACK (F->found, ((candidate) {other, (unsigned) j, d}));
  }
  for (size_t i = 0; i < size; i++)
    marks[lits[i]] = 0;
}

static int64_t reduction (size_t rows, size_t columns) {
  return (int64_t) (rows * columns) - (int64_t) rows - (int64_t) columns;
}

/* Per literal tallies cover every literal, also those of variables added
 * in this round; they are zero between two calls of 'grow_matrix'. */
static void cover_literals (einsat *solver, factoring *F) {
  size_t literals = 2 * (size_t) solver->vars;
  RESERVE_STACK (F->completed, literals);
  RESERVE_STACK (F->last, literals);
  while (SIZE_STACK (F->completed) < literals) {
    *F->completed.end++ = 0;
    *F->last.end++ = 0;
  }
}

/* Keeps the first clause found per literal and column and returns the
 * literal completing the most columns (the smallest on ties), counting
 * in one pass: 'find_candidates' fills the columns in order, so a second
 * clause for the same literal and column comes while that column is the
 * literal's last.  (Sorting the candidates instead cost most of the
 * time of factoring on small formulas.) */
static unsigned best_row (einsat *solver, factoring *F, size_t *count) {
  cover_literals (solver, F);
  unsigned *completed = F->completed.begin, *last = F->last.begin;
  candidate *q = F->found.begin;
  for (candidate *p = F->found.begin; p != F->found.end; p++) {
    if (last[p->lit] == p->column + 1)
      continue;
    last[p->lit] = p->column + 1;
    completed[p->lit]++;
    *q++ = *p;
  }
  F->found.end = q;
  unsigned best = INVALID;
  size_t best_count = 0;
  for (candidate *p = F->found.begin; p != F->found.end; p++) {
    size_t columns = completed[p->lit];
    if (columns > best_count || (columns == best_count && p->lit < best))
      best = p->lit, best_count = columns;
  }
  for (candidate *p = F->found.begin; p != F->found.end; p++)
    completed[p->lit] = last[p->lit] = 0;
  *count = best_count;
  return best;
}

/* Adds the row that improves the reduction most; false if none does. */
static bool grow_matrix (einsat *solver, factoring *F, unsigned first) {
  CLEAR_STACK (F->found);
  for (size_t j = 0; j < F->columns; j++)
    find_candidates (solver, F, first, j);
  if (EMPTY_STACK (F->found))
    return false;
  size_t best_count;
  unsigned best = best_row (solver, F, &best_count);
  size_t rows = SIZE_STACK (F->rows);
  if (reduction (rows + 1, best_count) <= reduction (rows, F->columns))
    return false;
  /* New matrix: the columns 'best' completes, one more row. */
  candidate *end = F->found.begin;
  for (candidate *p = F->found.begin; p != F->found.end; p++)
    if (p->lit == best)
      *end++ = *p;
  CLEAR_STACK (F->next);
  for (size_t i = 0; i < rows; i++)
    for (candidate *p = F->found.begin; p != end; p++)
      PUSH_STACK (F->next, F->matrix.begin[i * F->columns + p->column]);
  for (candidate *p = F->found.begin; p != end; p++)
    PUSH_STACK (F->next, p->clause);
  fclauses tmp = F->matrix;
  F->matrix = F->next;
  F->next = tmp;
  F->columns = best_count;
  assert (!FLAGS (IDX (best))->seen); /* each row literal once */
  PUSH_STACK (F->rows, best);
  FLAGS (IDX (best))->seen = true;
  assert (SIZE_STACK (F->matrix) == SIZE_STACK (F->rows) * F->columns);
  return true;
}

static void add_clause (einsat *solver, factoring *F) {
  size_t size = SIZE_STACK (F->clause);
  assert (size >= 2 && solver->dense);
  es_proof_add (solver, size, F->clause.begin); /* sets 'clause_id' */
  if (size == 2)
    es_new_binary (solver, false, F->clause.begin[0], F->clause.begin[1]);
  else
    es_new_clause (solver, false, 0, size, F->clause.begin);
  INC (factor_added);
}

/* A clause may be in the matrix twice if the formula has duplicates: the
 * second deletion is skipped (the copy left is implied anyway). */
static void delete_fclause (einsat *solver, const fclause *c) {
  if (c->ref == INVALID) {
    if (!es_has_irredundant_binary (solver, c->lits[0], c->lits[1]))
      return;
    es_delete_binary (solver, false, c->lits[0], c->lits[1]);
  } else {
    clause *d = CLAUSE (c->ref);
    if (d->garbage)
      return;
    es_mark_garbage (solver, d);
  }
  INC (factor_removed);
}

/* DRAT proofs name the new variable after every variable so far. */
static void name_in_proof (einsat *solver, unsigned idx) {
  int name = es_proof_new_name (solver);
  while (SIZE_STACK (solver->proof_names) <= idx)
    PUSH_STACK (solver->proof_names, 0);
  POKE_STACK (solver->proof_names, idx, (unsigned) name);
}

static uint64_t fclause_id (einsat *solver, const fclause *c) {
  if (c->ref == INVALID)
    return es_lrat_binary_id (solver, c->lits[0], c->lits[1]);
  return es_clause_id (solver, CLAUSE (c->ref));
}

/* The LRAT hints of (-x | l_i) for row 'row': RAT on '-x', a group per
 * clause (x | K_j) (identifiers in 'ids'), each refuted by the matrix
 * clause (l_i | K_j) alone. */
static void rat_hints (einsat *solver, factoring *F, size_t row) {
  for (size_t j = 0; j < F->columns; j++) {
    PUSH_STACK (solver->lrat_chain, F->ids.begin[j] | RAT_HINT);
    const fclause *c = F->matrix.begin + row * F->columns + j;
    PUSH_STACK (solver->lrat_chain, fclause_id (solver, c));
  }
}

/* Replaces the matrix by the definition of a new variable.  The clauses
 * (x | K_j) come first (RAT on 'x': no clause has '-x' yet), then the
 * clauses (-x | l_i) (RAT on '-x': the resolvents are the clauses of the
 * matrix, still present), and only then the matrix goes. */
static void apply_factoring (einsat *solver, factoring *F, unsigned first) {
  assert (reduction (SIZE_STACK (F->rows), F->columns) > 0);
  assert (PEEK_STACK (F->rows, 0) == first);
  unsigned idx = es_new_internal_variable (solver, 0);
  FLAGS (idx)->factor = true;
  PUSH_STACK (F->fresh, idx);
  unsigned x = LIT (idx);
  if (solver->proof)
    name_in_proof (solver, idx);
  INC (factored);
  LOG ("factoring %zu x %zu clauses with variable %u",
       SIZE_STACK (F->rows), F->columns, idx);
  CLEAR_STACK (F->ids);
  /* These RAT steps take no hints.  Every writer leaves the chain empty
   * (decompose's tautologies once did not): checked in debug builds, and
   * cleared so that a release build still writes a valid proof. */
  assert (EMPTY_STACK (solver->lrat_chain));
  CLEAR_STACK (solver->lrat_chain);
  for (size_t j = 0; j < F->columns; j++) {
    const fclause *c = F->matrix.begin + j;
    size_t size = fclause_size (solver, c);
    const unsigned *lits = fclause_lits (solver, c);
    CLEAR_STACK (F->clause);
    PUSH_STACK (F->clause, x);
    for (size_t i = 0; i < size; i++)
      if (lits[i] != first)
        PUSH_STACK (F->clause, lits[i]);
    add_clause (solver, F);
    if (solver->lrat)
      PUSH_STACK (F->ids, solver->clause_id);
  }
  for (size_t i = 0; i < SIZE_STACK (F->rows); i++) {
    CLEAR_STACK (F->clause);
    PUSH_STACK (F->clause, NOT (x));
    PUSH_STACK (F->clause, PEEK_STACK (F->rows, i));
    if (solver->lrat)
      rat_hints (solver, F, i);
    add_clause (solver, F);
  }
  for (all_stack (fclause, c, F->matrix))
    delete_fclause (solver, &c);
  F->steps += 2 * SIZE_STACK (F->matrix);
}

static bool try_to_factor (einsat *solver, factoring *F, unsigned lit) {
  if (!factorable (solver, lit))
    return false;
  gather_first_row (solver, F, lit);
  if (F->columns < 2)
    return false;
  CLEAR_STACK (F->rows);
  PUSH_STACK (F->rows, lit);
  FLAGS (IDX (lit))->seen = true;
  while (F->steps <= F->limit && grow_matrix (solver, F, lit))
    ;
  bool factored = reduction (SIZE_STACK (F->rows), F->columns) > 0;
  for (all_stack (unsigned, row, F->rows))
    FLAGS (IDX (row))->seen = false;
  if (factored)
    apply_factoring (solver, F, lit);
  return factored;
}

/* Literals with many occurrences first (then by literal, so the order
 * is deterministic). */
static void schedule_literals (einsat *solver, uint64s *schedule) {
  CLEAR_STACK (*schedule);
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++) {
    if (!factorable (solver, lit))
      continue;
    uint64_t occs = SIZE_WATCHES (WATCHES (lit));
    if (occs < 2)
      continue;
    if (occs > UINT32_MAX)
      occs = UINT32_MAX;
    PUSH_STACK (*schedule, ((UINT32_MAX - occs) << 32) | lit);
  }
  es_sort_keys (schedule);
}

static uint64_t factor_budget (einsat *solver) {
  return es_effort_budget (solver, solver->last.ticks.factor,
                           GET_OPTION (factoreffort),
                           GET_OPTION (factormineffort));
}

void es_release_factoring (einsat *solver) {
  factoring *F = &solver->factoring;
  RELEASE_STACKS (FACTORING_STACKS, F);
}

/* A round pays if it removes at least 'factoryield' per mille of the
 * irredundant clauses (net, the clauses it adds subtracted): then the
 * rounds sat out halve, otherwise they double (up to 16; the rule of
 * 'schedule.c').  A few small products (four-cycles of a
 * colouring) change the search without shrinking the formula; the large
 * at-most-one constraints of pigeonhole, channel routing and
 * quasigroup formulas shrink it by a fifth or more (bench/RESULTS.md,
 * "Factoring scheduled by its yield").  With 'factoryield' 0 every round
 * factors. */
static void schedule_next_round (einsat *solver, uint64_t clauses,
                                 uint64_t removed, uint64_t added) {
  uint64_t yield = (uint64_t) GET_OPTION (factoryield);
  uint64_t required = clauses / 1000 * yield + clauses % 1000 * yield / 1000;
  es_round_paid (solver, TECHNIQUE_factor,
                 !yield || (removed > added && removed - added >= required));
}

void es_factor (einsat *solver) {
  if (!ENABLED (factor) || (solver->proof && GET_OPTION (incremental)) ||
      solver->decide_callback)
    return;
  if (!es_clean_root (solver))
    return;
  if (!es_round_begins (solver, TECHNIQUE_factor, &solver->last.ticks.factor))
    return;
  assert (EMPTY_STACK (solver->factoring.fresh));
  INC (factorings);
  uint64_t before = STAT (factored), clauses = STAT (clauses_irredundant);
  uint64_t removed = STAT (factor_removed), added = STAT (factor_added);
  if (!es_some_clause_sized (solver, 2, (unsigned) GET_OPTION (factorsize),
                             false)) { /* nothing to factor counts as fruitless */
    solver->last.ticks.factor = STAT (ticks);
    schedule_next_round (solver, clauses, 0, 0);
    return;
  }
  factoring *F = &solver->factoring;
  F->steps = 0;
  F->limit = factor_budget (solver);
  es_enter_dense_mode (solver);
  uint64s *schedule = &solver->ranks;
  schedule_literals (solver, schedule);
  for (size_t i = 0; i < SIZE_STACK (*schedule); i++) {
    if (F->steps > F->limit || es_terminating (solver))
      break;
    unsigned lit = (unsigned) PEEK_STACK (*schedule, i);
    while (F->steps <= F->limit && try_to_factor (solver, F, lit))
      ;
  }
  RELEASE_STACK (*schedule);
  es_queue_move_back (solver, F->fresh.begin, SIZE_STACK (F->fresh));
  es_leave_dense_mode (solver);
  es_release_factoring (solver);
  solver->last.ticks.factor = STAT (ticks);
  schedule_next_round (solver, clauses, STAT (factor_removed) - removed,
                       STAT (factor_added) - added);
  if (GET_OPTION (verbose) > 1 || STAT (factored) > before)
    es_report (solver, 'f');
}
