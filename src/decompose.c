/* Equivalent literal substitution: the strongly connected components of
 * the binary implication graph are sets of equivalent literals (Aspvall,
 * Plass and Tarjan 1979; used for SAT by Van Gelder, Li, Heule and
 * others).  Each component gets a representative, every other variable of
 * it is replaced by its representative in all clauses and then removed
 * like an eliminated variable: the two binary clauses defining it go to
 * the extension stack, so the model sets it equal to its representative,
 * and it is restored if it shows up again.  A component containing a
 * literal and its negation proves the formula unsatisfiable.
 *
 * Rewritten clauses are implied by reverse unit propagation over the
 * binary clauses of the component, so each is added to the proof before
 * the original is deleted.  For LRAT the two binary clauses defining each
 * replaced variable are derived first, with a path of binary clauses
 * through the component (breadth-first search) as hints; they are the
 * hints of the rewritten clauses and stay in the proof for restoring.
 * So do they in a DRAT proof with option 'incremental': there the two
 * clauses are added (RUP over the same paths) before the binary clauses
 * of the component are deleted, as clauses that elimination moves to the
 * extension stack stay in such a proof (see 'extend.c').  Without them a
 * restored definition would have to be RAT on the replaced variable,
 * which clauses the user adds later (and a checker reads up front) can
 * break.  Frozen variables are never replaced (they are preferred as
 * representatives).  Components are found with an iterative version of
 * Tarjan's algorithm. */

#include "internal.h"

static bool substitutable (einsat *solver, unsigned lit) {
  return !es_frozen (solver, IDX (lit));
}

/* Chooses and records the representative of the component just popped
 * (the literals in 'component'); returns a literal whose negation is in
 * the component too, or INVALID.  The dual component (the negated literals) may have
 * been closed before: then the representative is the negation of its
 * representative, so that both agree. */
static unsigned close_component (einsat *solver, scc_info *info,
                                 unsigneds *component) {
  signed char *marks = solver->marks;
  unsigned contradicting = INVALID;
  for (all_stack (unsigned, lit, *component)) {
    if (marks[NOT (lit)])
      contradicting = lit;
    marks[lit] = 1;
  }
  for (all_stack (unsigned, lit, *component))
    marks[lit] = 0;
  LOGLITS (SIZE_STACK (*component), component->begin, "component");
  if (contradicting != INVALID)
    return contradicting;
  unsigned first = component->begin[0];
  unsigned dual = info[NOT (first)].repr;
  unsigned repr = first;
  if (dual != INVALID)
    repr = NOT (dual);
  else
    for (all_stack (unsigned, lit, *component)) {
      bool frozen = !substitutable (solver, lit);
      bool best_frozen = !substitutable (solver, repr);
      if ((frozen && !best_frozen) ||
          (frozen == best_frozen && IDX (lit) < IDX (repr)))
        repr = lit;
    }
  for (all_stack (unsigned, lit, *component))
    info[lit].repr = repr;
  return INVALID;
}

/* Iterative Tarjan from 'root'; returns a literal equivalent to its own
 * negation, or INVALID. */
static unsigned visit (einsat *solver, scc_info *info, unsigned root,
                   unsigned *counter, tarjan_frames *work,
                   unsigneds *stack, unsigneds *component) {
  PUSH_STACK (*work, ((tarjan_frame) {root, 0}));
  while (!EMPTY_STACK (*work)) {
    tarjan_frame *f = &TOP_STACK (*work);
    unsigned lit = f->lit;
    scc_info *i = info + lit;
    if (f->edge == 0 && i->index == INVALID) {
      i->index = i->lowlink = (*counter)++;
      i->on_stack = true;
      PUSH_STACK (*stack, lit);
    }
    watches *ws = &WATCHES (NOT (lit));
    bool descended = false;
    while (f->edge < SIZE_WATCHES (*ws)) {
      watch w = PEEK_WATCHES (*ws, f->edge++);
      if (!IS_BINARY (w) || VALUE (w.blit))
        continue;
      scc_info *j = info + w.blit;
      if (j->index == INVALID) {
        PUSH_STACK (*work, ((tarjan_frame) {w.blit, 0}));
        descended = true;
        break;
      }
      if (j->on_stack && j->index < i->lowlink)
        i->lowlink = j->index;
    }
    if (descended)
      continue;
    if (i->lowlink == i->index) {
      CLEAR_STACK (*component);
      unsigned other;
      do {
        other = POP_STACK (*stack);
        info[other].on_stack = false;
        PUSH_STACK (*component, other);
      } while (other != lit);
      unsigned contradicting = close_component (solver, info, component);
      if (contradicting != INVALID)
        return contradicting;
    }
    (void) POP_STACK (*work);
    if (!EMPTY_STACK (*work)) {
      scc_info *parent = info + TOP_STACK (*work).lit;
      if (i->lowlink < parent->lowlink)
        parent->lowlink = i->lowlink;
    }
  }
  return INVALID;
}

/*------------------------------------------------------------------------*/
/* LRAT hints: paths in the binary implication graph. */

/* Breadth-first search from 'from' over the literals of a component
 * (those with representative 'key' in 'info', or, without 'info', those
 * marked in 'solver->marks'); leaves the parents in 'scc_paths' and the
 * visited literals in 'solver->clause'. */
static void search_paths (einsat *solver, const scc_info *info,
                          unsigned key, unsigned from) {
  unsigned *parent = solver->scc_paths;
  unsigneds *visited = &solver->clause;
  CLEAR_STACK (*visited);
  PUSH_STACK (*visited, from);
  parent[from] = from;
  for (size_t next = 0; next < SIZE_STACK (*visited); next++) {
    unsigned lit = PEEK_STACK (*visited, next);
    for (all_watches (w, WATCHES (NOT (lit)))) {
      unsigned other = w.blit;
      if (!IS_BINARY (w) || VALUE (other) || parent[other] != INVALID)
        continue;
      if (info ? info[other].repr != key : !solver->marks[other])
        continue;
      parent[other] = lit;
      PUSH_STACK (*visited, other);
    }
  }
}

static void reset_paths (einsat *solver) {
  for (all_stack (unsigned, lit, solver->clause))
    solver->scc_paths[lit] = INVALID;
  CLEAR_STACK (solver->clause);
}

/* The hints of the lemma (NOT (from) | to): the binary clauses of the
 * path from 'from' to 'to', in order.  They propagate 'to' from 'from'. */
static void push_path (einsat *solver, unsigned from, unsigned to) {
  const unsigned *parent = solver->scc_paths;
  size_t start = SIZE_STACK (solver->lrat_chain);
  for (unsigned lit = to; lit != from; lit = parent[lit])
    PUSH_STACK (solver->lrat_chain,
                es_lrat_binary_id (solver, NOT (parent[lit]), lit));
  uint64_t *begin = solver->lrat_chain.begin + start;
  uint64_t *end = solver->lrat_chain.end;
  while (begin < --end) {
    uint64_t tmp = *begin;
    *begin++ = *end;
    *end = tmp;
  }
}

/* Both LRAT arrays have 'scc_size' entries, as 'scc'. */
static void new_paths (einsat *solver) {
  NEW_ARRAY (solver->scc_paths, solver->scc_size);
  for (size_t lit = 0; lit < solver->scc_size; lit++)
    solver->scc_paths[lit] = INVALID;
}

/* A literal and its negation are equivalent: both units are implied by
 * propagation over binary clauses (for LRAT, the paths between the two
 * inside the component), hence the empty clause. */
static void contradiction (einsat *solver, unsigned lit,
                           const unsigneds *component) {
  unsigned units[2] = {lit, NOT (lit)};
  uint64_t ids[2] = {0, 0};
  for (unsigned i = 0; i < 2; i++) {
    if (solver->lrat) {
      if (!solver->scc_paths)
        new_paths (solver);
      for (all_stack (unsigned, other, *component))
        solver->marks[other] = 1;
      CLEAR_STACK (solver->lrat_chain);
      search_paths (solver, 0, 0, NOT (units[i]));
      push_path (solver, NOT (units[i]), units[i]);
      reset_paths (solver);
      for (all_stack (unsigned, other, *component))
        solver->marks[other] = 0;
    }
    es_proof_add (solver, 1, units + i);
    ids[i] = solver->last_id;
  }
  if (solver->lrat) {
    PUSH_STACK (solver->lrat_chain, ids[0]);
    PUSH_STACK (solver->lrat_chain, ids[1]);
  }
  es_proof_add (solver, 0, 0);
  solver->inconsistent = true;
}

static bool find_components (einsat *solver, scc_info *info) {
  unsigned counter = 0;
  tarjan_frames *work = &solver->tarjan;
  CLEAR_STACK (*work);
  unsigneds *stack = &solver->analyzed, *component = &solver->levels;
  bool ok = true;
  for (unsigned idx = 0; ok && idx < solver->vars; idx++) {
    if (!FLAGS (idx)->active || VALUE (LIT (idx)))
      continue;
    for (unsigned sign = 0; ok && sign < 2; sign++) {
      unsigned lit = LIT (idx) ^ sign;
      if (info[lit].index != INVALID)
        continue;
      unsigned contradicting =
          visit (solver, info, lit, &counter, work, stack, component);
      if (contradicting != INVALID) {
        contradiction (solver, contradicting, component);
        ok = false;
      }
    }
  }
  CLEAR_STACK (*stack);
  CLEAR_STACK (*component);
  CLEAR_STACK (*work);
  return ok;
}

/*------------------------------------------------------------------------*/
/* Rewriting the clauses. */

static unsigned repr_of (scc_info *info, unsigned lit) {
  unsigned repr = info[lit].repr;
  return repr == INVALID ? lit : repr;
}

/* Will 'lit' be replaced?  Frozen and inactive ones keep their variable
 * ('restrict_to_substitutable'). */
static bool replaced (einsat *solver, scc_info *info, unsigned lit) {
  unsigned repr = info[lit].repr;
  return repr != INVALID && repr != lit && substitutable (solver, lit) &&
         FLAGS (IDX (lit))->active;
}

/* For LRAT: the lemma (NOT (lit) | repr) for each literal 'lit' to be
 * replaced, from a path from NOT (repr) to NOT (lit) (so 'lit' implies
 * 'repr'), searched once for each component from its representative.
 * Runs before frozen literals lose their representative: paths may pass
 * through them. */
static void derive_equivalences (einsat *solver, scc_info *info) {
  size_t lits = 2 * (size_t) solver->vars;
  NEW_ARRAY (solver->scc_ids, solver->scc_size);
  if (!solver->scc_paths)
    new_paths (solver);
  for (unsigned repr = 0; repr < lits; repr++) {
    if (info[repr].repr != repr)
      continue;
    unsigned start = NOT (repr);
    search_paths (solver, info, NOT (repr), start);
    unsigneds *visited = &solver->clause;
    for (size_t i = 1; i < SIZE_STACK (*visited); i++) {
      unsigned not_lit = PEEK_STACK (*visited, i);
      if (!replaced (solver, info, NOT (not_lit)))
        continue;
      CLEAR_STACK (solver->lrat_chain);
      push_path (solver, start, not_lit);
      unsigned lemma[2] = {not_lit, repr};
      es_proof_add (solver, 2, lemma);
      solver->scc_ids[NOT (not_lit)] = solver->last_id;
    }
    reset_paths (solver);
  }
}

/* Maps 'lits' into 'solver->clause'; returns false for tautologies.
 * For LRAT the equivalence lemmas of the replaced literals are pushed as
 * hints (the clause itself is the last hint, pushed by the caller). */
static bool substitute (einsat *solver, scc_info *info, size_t size,
                        const unsigned *lits, bool *changed) {
  signed char *marks = solver->marks;
  unsigneds *out = &solver->clause;
  CLEAR_STACK (*out);
  CLEAR_STACK (solver->lrat_chain);
  bool tautology = false;
  *changed = false;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = repr_of (info, lits[i]);
    *changed |= lit != lits[i];
    if (solver->lrat && lit != lits[i])
      PUSH_STACK (solver->lrat_chain, solver->scc_ids[lits[i]]);
    if (marks[lit])
      continue;
    if (marks[NOT (lit)]) {
      tautology = true;
      break;
    }
    marks[lit] = 1;
    PUSH_STACK (*out, lit);
  }
  for (all_stack (unsigned, lit, *out))
    marks[lit] = 0;
  if (tautology) /* no lemma: leave no hints behind */
    CLEAR_STACK (solver->lrat_chain);
  return !tautology;
}

static void add_rewritten (einsat *solver, bool redundant, unsigned glue,
                           unsigneds *units) {
  unsigneds *lits = &solver->clause;
  size_t size = SIZE_STACK (*lits);
  assert (size > 0); /* rewriting keeps every clause satisfiable */
  LOGLITS (size, lits->begin, "rewritten");
  es_proof_add (solver, size, lits->begin);
  if (size == 1) {
    PUSH_STACK (*units, lits->begin[0]);
    if (solver->id_words) {
      PUSH_STACK (*units, (unsigned) solver->last_id);
      PUSH_STACK (*units, (unsigned) (solver->last_id >> 32));
    }
  }
  else if (size == 2)
    es_new_binary (solver, redundant, lits->begin[0], lits->begin[1]);
  else
    es_new_clause (solver, redundant, glue, size, lits->begin);
}

static void rewrite_large (einsat *solver, scc_info *info,
                           unsigneds *refs, unsigneds *units) {
  size_t n = SIZE_STACK (*refs);
  for (size_t i = 0; i < n; i++) {
    clause *c = CLAUSE (PEEK_STACK (*refs, i));
    if (c->garbage)
      continue;
    bool changed;
    bool keep = substitute (solver, info, c->size, c->lits, &changed);
    if (!changed)
      continue;
    bool redundant = c->redundant;
    unsigned glue = c->glue;
    if (keep && solver->lrat)
      PUSH_STACK (solver->lrat_chain, es_clause_id (solver, c));
    if (keep)
      add_rewritten (solver, redundant, glue, units);
    es_mark_garbage (solver, CLAUSE (PEEK_STACK (*refs, i)));
  }
}

static void rewrite_binaries (einsat *solver, scc_info *info,
                              unsigneds *units) {
  unsigneds *old = &solver->restored; /* pairs: lit, other, tag */
  CLEAR_STACK (*old);
  for (size_t lit = 0; lit < 2 * (size_t) solver->vars; lit++)
    for (all_watches (w, solver->watches[lit]))
      if (IS_BINARY (w) && lit < w.blit &&
          (info[lit].repr != INVALID || info[w.blit].repr != INVALID) &&
          (repr_of (info, (unsigned) lit) != lit ||
           repr_of (info, w.blit) != w.blit)) {
        PUSH_STACK (*old, (unsigned) lit);
        PUSH_STACK (*old, w.blit);
        PUSH_STACK (*old, w.ref);
      }
  /* All additions before the deletions: the proof of each rewritten
   * clause may need any of the old binary clauses. */
  for (unsigned *p = old->begin; p != old->end; p += 3) {
    unsigned lits[2] = {p[0], p[1]};
    bool redundant = p[2] == REDUNDANT_BINARY, changed;
    if (!substitute (solver, info, 2, lits, &changed))
      continue;
    if (solver->lrat)
      PUSH_STACK (solver->lrat_chain,
                  es_lrat_binary_id (solver, lits[0], lits[1]));
    add_rewritten (solver, redundant, 0, units);
  }
  for (unsigned *p = old->begin; p != old->end; p += 3)
    es_delete_binary (solver, p[2] == REDUNDANT_BINARY, p[0], p[1]);
  CLEAR_STACK (*old);
}

/* The representative replacing variable 'idx' (of its positive literal),
 * or INVALID if it stays. */
static unsigned replacement (einsat *solver, scc_info *info, unsigned idx) {
  unsigned repr = repr_of (info, LIT (idx));
  return repr == LIT (idx) || !FLAGS (idx)->active ? INVALID : repr;
}

/* DRAT with 'incremental': the definitions of the replaced variables, kept
 * in the proof for restoring (LRAT: 'derive_equivalences'). */
static void keep_definitions_in_proof (einsat *solver, scc_info *info) {
  if (!solver->proof || solver->lrat || !GET_OPTION (incremental))
    return;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    unsigned repr = replacement (solver, info, idx);
    if (repr == INVALID)
      continue;
    unsigned definition[2][2] = {{NOT (LIT (idx)), repr},
                                 {LIT (idx), NOT (repr)}};
    es_proof_add (solver, 2, definition[0]);
    es_proof_add (solver, 2, definition[1]);
  }
}

static void remove_substituted (einsat *solver, scc_info *info) {
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    unsigned lit = LIT (idx), repr = replacement (solver, info, idx);
    if (repr == INVALID)
      continue;
    unsigned forward[2] = {NOT (lit), repr};
    unsigned backward[2] = {lit, NOT (repr)};
    uint64_t forward_id = 0, backward_id = 0;
    if (solver->lrat) {
      forward_id = solver->scc_ids[lit];
      backward_id = solver->scc_ids[NOT (lit)];
    }
    es_push_extension (solver, lit, 2, backward, backward_id);
    es_push_extension (solver, NOT (lit), 2, forward, forward_id);
    es_remove_variable (solver, idx);
    INC (substituted);
  }
}

/* Only variables that are not frozen may be replaced; a component with
 * two frozen variables keeps the second one (and its binary clauses). */
static unsigned restrict_to_substitutable (einsat *solver, scc_info *info) {
  unsigned substituted = 0;
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    unsigned lit = LIT (idx);
    unsigned repr = info[lit].repr;
    if (repr == INVALID || repr == lit)
      continue;
    if (replaced (solver, info, lit))
      substituted++;
    else
      info[lit].repr = info[NOT (lit)].repr = INVALID;
  }
  return substituted;
}

/* Units from rewritten clauses come in pairs: literal, then (LRAT) the
 * identifier of its lemma in two words. */
static void assign_units (einsat *solver, unsigneds *units) {
  unsigned words = 1 + solver->id_words;
  for (unsigned *p = units->begin; p != units->end; p += words) {
    unsigned lit = p[0];
    signed char value = VALUE (lit);
    if (value > 0)
      continue;
    if (value < 0) {
      if (solver->lrat) {
        CLEAR_STACK (solver->lrat_chain);
        PUSH_STACK (solver->lrat_chain, es_lrat_unit_id (solver, IDX (lit)));
        PUSH_STACK (solver->lrat_chain, p[1] | (uint64_t) p[2] << 32);
      }
      es_proof_add (solver, 0, 0);
      solver->inconsistent = true;
      return;
    }
    es_assign_unit (solver, lit);
    if (solver->lrat)
      es_lrat_set_unit (solver, IDX (lit), p[1] | (uint64_t) p[2] << 32);
  }
  es_propagate_root (solver);
}

void es_decompose (einsat *solver) {
  if (!es_clean_root (solver))
    return;
  assert (!solver->level && !solver->dense);
  assert (!solver->scc && !solver->scc_ids && !solver->scc_paths);
  if (!es_some_clause_sized (solver, 2, 2, true)) {
    INC (decompositions); /* no binary implication graph */
    return;
  }
  size_t lits = 2 * (size_t) solver->vars;
  scc_info *info = solver->scc = es_calloc (solver, lits ? lits : 1,
                                            sizeof *info);
  solver->scc_size = lits ? lits : 1;
  for (size_t lit = 0; lit < lits; lit++)
    info[lit].index = info[lit].repr = INVALID;
  INC (decompositions);
  bool consistent = find_components (solver, info);
  LOG ("strongly connected components %s",
       consistent ? "found" : "contain a literal and its negation");
  if (consistent && solver->lrat)
    derive_equivalences (solver, info);
  if (consistent && restrict_to_substitutable (solver, info)) {
    unsigneds *units = &solver->restoring; /* free outside 'extend.c' */
    CLEAR_STACK (*units);
    keep_definitions_in_proof (solver, info);
    rewrite_large (solver, info, &solver->irredundant, units);
    rewrite_large (solver, info, &solver->redundant, units);
    rewrite_binaries (solver, info, units);
    remove_substituted (solver, info);
    es_collect (solver);
    assign_units (solver, units);
    CLEAR_STACK (*units);
    es_clean_root (solver);
  }
  es_release_decompose (solver);
}

void es_release_decompose (einsat *solver) {
  if (solver->scc)
    es_free (solver, solver->scc, solver->scc_size * sizeof (scc_info));
  solver->scc = 0;
  DELETE_ARRAY (solver->scc_ids, solver->scc_size);
  DELETE_ARRAY (solver->scc_paths, solver->scc_size);
}
