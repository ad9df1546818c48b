/* Checking DRAT proofs.
 *
 * A lemma is accepted if it is RUP (assigning the negation of its
 * literals and unit propagating over the current clauses yields a
 * conflict) or RAT on its first literal 'p' (for every current clause 'D'
 * containing '-p', the resolvent of the lemma and 'D' on 'p' is RUP).
 * The proof is valid once the clauses are inconsistent under unit
 * propagation at the top level, whether the proof says so with the empty
 * clause or not; lemmas after that point are ignored.
 *
 * Forward mode (the default) checks every lemma in order, so it also
 * rejects wrong lemmas that the refutation does not need, which is what
 * an oracle for a solver's proof output should do.  Backward mode (as in
 * drat-trim) first runs through the proof without checking until the
 * conflict, marks the clauses the conflict depends on, and then walks
 * back, removing lemmas and restoring deleted clauses, checking only the
 * marked ("core") lemmas, and marking what each check uses.
 *
 * Propagation uses two watched literals: 'literals[0]' and 'literals[1]'
 * of each clause are watched (a unit clause is watched once).  Between
 * steps the top-level assignment (the trail) is at a fixpoint, and every
 * watched clause has two non-false watches or a true watch.  A check
 * puts its assumptions on top of the trail and undoes them afterwards;
 * that keeps the invariant as in any CDCL solver.  The implied literal of
 * a reason clause is 'literals[0]'.
 *
 * Deletions of clauses which are the reason of a top-level assignment are
 * ignored (and counted), as drat-trim does by default: solvers delete
 * such "pseudo units" meaning only to shrink their database, and keeping
 * a clause is always sound.  Thus forward checking never has to retract
 * assignments.  Backward checking does, when it removes a lemma which is
 * a reason: it unassigns the trail from that literal on ('retract'), and
 * then revisits the clauses watched by the unassigned literals, the only
 * clauses whose true watch may have disappeared while the other watch is
 * false.  That restores the invariant, and propagation the fixpoint.
 */

#include "check.h"

#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define NO_POSITION SIZE_MAX
#define NO_LITERAL UINT_MAX

typedef STACK (struct clause *) watch_list;
typedef STACK (size_t) occurrence_list;

struct statistics {
  uint64_t added, deleted, ignored_reason_deletions;
  uint64_t rup_checks, rat_checks, rat_candidates, propagations;
  uint64_t core_lemmas, skipped_lemmas, core_original;
};

struct checker {
  struct formula *formula;
  struct proof *proof;
  enum drat_mode mode;
  bool verbose;

  unsigned max_variable;
  signed char *values;     /* by literal: 1 true, -1 false, 0 unassigned */
  struct clause **reasons; /* by variable: NULL for assumptions */
  size_t *positions;       /* by variable: position on the trail */
  bool *justified;         /* by variable: reasons up to it are core */
  bool *seen;              /* by variable: used while marking */
  watch_list *watches;     /* by literal */
  occurrence_list *occurrences; /* by literal: where in 'clauses' */

  unsigned *trail;         /* assigned literals in assignment order */
  size_t trail_size, propagated;
  size_t root_size;        /* trail size below the current assumptions */

  STACK (struct clause *) clauses; /* added so far, in proof order */
  STACK (unsigned) stack;          /* for marking */
  STACK (unsigned) analyzed;       /* variables marked 'seen' */
  STACK (unsigned) retracted;      /* literals unassigned by 'retract' */

  struct clause *conflict; /* the top-level conflict, if reached */
  STACK (unsigned) external; /* original index of each variable */
  struct statistics stats;
};

/*------------------------------------------------------------------------*/
/* Assignments.  */

static signed char value (const struct checker *c, unsigned literal) {
  return c->values[literal];
}

static void assign (struct checker *c, unsigned literal,
                    struct clause *reason) {
  unsigned variable = VARIABLE (literal);
  assert (!value (c, literal));
  c->values[literal] = 1;
  c->values[NOT (literal)] = -1;
  c->reasons[variable] = reason;
  c->positions[variable] = c->trail_size;
  c->trail[c->trail_size++] = literal;
}

static void unassign (struct checker *c, unsigned literal) {
  unsigned variable = VARIABLE (literal);
  c->values[literal] = c->values[NOT (literal)] = 0;
  c->reasons[variable] = 0;
  c->justified[variable] = false;
}

/* Undoes the assumptions of a check (everything above 'size').  */
static void backtrack (struct checker *c, size_t size) {
  while (c->trail_size > size)
    unassign (c, c->trail[--c->trail_size]);
  if (c->propagated > size)
    c->propagated = size;
}

/*------------------------------------------------------------------------*/
/* Watches and propagation.  */

static void watch_literal (struct checker *c, struct clause *clause,
                           unsigned literal) {
  PUSH (c->watches[literal], clause);
}

static void unwatch_literal (struct checker *c, struct clause *clause,
                             unsigned literal) {
  watch_list *ws = c->watches + literal;
  size_t i = 0;
  while (ws->begin[i] != clause)
    i++;
  assert (i < ws->size);
  ws->begin[i] = ws->begin[--ws->size];
}

static bool watched (const struct clause *clause) {
  return clause->size && !clause->tautology;
}

static void unwatch_clause (struct checker *c, struct clause *clause) {
  unwatch_literal (c, clause, clause->literals[0]);
  if (clause->size > 1)
    unwatch_literal (c, clause, clause->literals[1]);
}

static void swap_literals (struct clause *clause, unsigned i, unsigned j) {
  unsigned tmp = clause->literals[i];
  clause->literals[i] = clause->literals[j];
  clause->literals[j] = tmp;
}

enum visit { KEEP_WATCH, MOVED_WATCH, CONFLICT };

/* 'clause' watches 'false_literal', which just became false.  */
static enum visit visit (struct checker *c, struct clause *clause,
                         unsigned false_literal) {
  if (clause->size == 1)
    return CONFLICT;
  if (clause->literals[0] == false_literal)
    swap_literals (clause, 0, 1);
  unsigned other = clause->literals[0];
  if (value (c, other) > 0)
    return KEEP_WATCH;
  for (unsigned k = 2; k < clause->size; k++)
    if (value (c, clause->literals[k]) >= 0) {
      swap_literals (clause, 1, k);
      watch_literal (c, clause, clause->literals[1]);
      return MOVED_WATCH;
    }
  if (value (c, other) < 0)
    return CONFLICT;
  assign (c, other, clause);
  return KEEP_WATCH;
}

/* Propagates the trail from 'propagated' on.  Returns a conflicting
 * clause (all literals false) or NULL.  */
static struct clause *propagate (struct checker *c) {
  struct clause *conflict = 0;
  while (!conflict && c->propagated < c->trail_size) {
    unsigned false_literal = NOT (c->trail[c->propagated++]);
    c->stats.propagations++;
    watch_list *ws = c->watches + false_literal;
    size_t j = 0;
    for (size_t i = 0; i < ws->size; i++) {
      struct clause *clause = ws->begin[i];
      enum visit res = conflict ? KEEP_WATCH : visit (c, clause, false_literal);
      if (res == CONFLICT)
        conflict = clause;
      if (res != MOVED_WATCH)
        ws->begin[j++] = clause;
    }
    ws->size = j;
  }
  return conflict;
}

/*------------------------------------------------------------------------*/
/* Adding and removing clauses at the top level.  */

static int literal_score (const struct checker *c, unsigned literal) {
  return value (c, literal) + 1; /* true 2, unassigned 1, false 0 */
}

/* Moves the best two literals (true before unassigned before false) to
 * the watched positions 0 and 1.  */
static void select_watches (struct checker *c, struct clause *clause) {
  for (unsigned pos = 0; pos < 2 && pos < clause->size; pos++) {
    unsigned best = pos;
    for (unsigned k = pos + 1; k < clause->size; k++)
      if (literal_score (c, clause->literals[k]) >
          literal_score (c, clause->literals[best]))
        best = k;
    swap_literals (clause, pos, best);
  }
}

/* Adds a clause to the current set: watches it, assigns its literal if
 * it is unit and propagates.  Returns a conflict or NULL.  */
static struct clause *attach (struct checker *c, struct clause *clause) {
  assert (!clause->active);
  clause->active = true;
  if (clause->tautology)
    return 0;
  if (!clause->size)
    return clause;
  select_watches (c, clause);
  watch_literal (c, clause, clause->literals[0]);
  if (clause->size > 1)
    watch_literal (c, clause, clause->literals[1]);
  signed char first = value (c, clause->literals[0]);
  if (first > 0)
    return 0;
  if (first < 0)
    return clause;
  if (clause->size > 1 && value (c, clause->literals[1]) >= 0)
    return 0;
  assign (c, clause->literals[0], clause);
  return propagate (c);
}

/* The trail position of the literal 'clause' is the reason of, or
 * NO_POSITION.  */
static size_t reason_position (const struct checker *c,
                               const struct clause *clause) {
  for (unsigned i = 0; i < clause->size; i++) {
    unsigned literal = clause->literals[i];
    if (value (c, literal) > 0 && c->reasons[VARIABLE (literal)] == clause)
      return c->positions[VARIABLE (literal)];
  }
  return NO_POSITION;
}

/* 'clause' is watched by 'literal', which was true and has just been
 * unassigned.  Restores the watch invariant for it.  */
static void repair (struct checker *c, struct clause *clause,
                    unsigned literal) {
  if (value (c, literal))
    return; /* true again, or false and waiting for propagation */
  if (clause->size == 1) {
    assign (c, literal, clause);
    return;
  }
  if (clause->literals[1] == literal)
    swap_literals (clause, 0, 1);
  unsigned other = clause->literals[1];
  if (value (c, other) >= 0)
    return;
  for (unsigned k = 2; k < clause->size; k++)
    if (value (c, clause->literals[k]) >= 0) {
      unwatch_literal (c, clause, other);
      swap_literals (clause, 1, k);
      watch_literal (c, clause, clause->literals[1]);
      return;
    }
  assign (c, literal, clause);
}

/* Unassigns the top-level trail from 'position' on and restores the
 * fixpoint.  Returns a conflict or NULL.  */
static struct clause *retract (struct checker *c, size_t position) {
  c->retracted.size = 0;
  while (c->trail_size > position) {
    unsigned literal = c->trail[--c->trail_size];
    unassign (c, literal);
    PUSH (c->retracted, literal);
  }
  if (c->propagated > position)
    c->propagated = position;
  for (size_t i = 0; i < c->retracted.size; i++) {
    unsigned literal = c->retracted.begin[i];
    watch_list *ws = c->watches + literal;
    for (size_t j = 0; j < ws->size; j++)
      repair (c, ws->begin[j], literal);
  }
  return propagate (c);
}

/* Removes a clause from the current set.  Returns a conflict or NULL
 * (only possible if it was a reason).  */
static struct clause *detach (struct checker *c, struct clause *clause) {
  assert (clause->active);
  size_t position = reason_position (c, clause);
  if (watched (clause))
    unwatch_clause (c, clause);
  clause->active = false;
  if (position == NO_POSITION)
    return 0;
  return retract (c, position);
}

#ifndef NDEBUG

/* Debug builds check the invariant of the header comment between steps,
 * by brute force and therefore only for small clause sets.  Since every
 * clause has two non-false watches or a true watch, none is unit or
 * falsified, so the trail is a propagation fixpoint.  */
static void check_invariant (struct checker *c) {
  if (c->clauses.size > 5000)
    return;
  assert (c->propagated == c->trail_size);
  for (size_t i = 0; i < c->clauses.size; i++) {
    const struct clause *clause = c->clauses.begin[i];
    if (!clause->active || !watched (clause))
      continue;
    signed char first = value (c, clause->literals[0]);
    if (clause->size == 1) {
      assert (first > 0);
      continue;
    }
    signed char second = value (c, clause->literals[1]);
    assert (first > 0 || second > 0 || (first == 0 && second == 0));
  }
}

#else
#define check_invariant(C) \
  do { \
  } while (0)
#endif

/*------------------------------------------------------------------------*/
/* Marking the clauses a conflict depends on (backward mode only).  */

static void see (struct checker *c, unsigned variable) {
  if (c->seen[variable] || c->justified[variable])
    return;
  c->seen[variable] = true;
  PUSH (c->analyzed, variable);
  PUSH (c->stack, variable);
}

static void mark_core (struct checker *c, struct clause *clause) {
  if (clause->core)
    return;
  clause->core = true;
  if (!clause->lemma)
    c->stats.core_original++;
}

/* Marks the reasons of the variables on 'stack', transitively.  Top-level
 * variables seen here are then 'justified': their reasons are all marked,
 * so later conflicts need not walk through them again.  */
static void mark_reasons (struct checker *c) {
  while (c->stack.size) {
    unsigned variable = c->stack.begin[--c->stack.size];
    struct clause *reason = c->reasons[variable];
    if (!reason)
      continue; /* an assumption */
    mark_core (c, reason);
    for (unsigned i = 0; i < reason->size; i++)
      see (c, VARIABLE (reason->literals[i]));
  }
  for (size_t i = 0; i < c->analyzed.size; i++) {
    unsigned variable = c->analyzed.begin[i];
    c->seen[variable] = false;
    if (c->positions[variable] < c->root_size)
      c->justified[variable] = true;
  }
  c->analyzed.size = 0;
}

static void mark_conflict (struct checker *c, struct clause *conflict) {
  if (c->mode != DRAT_BACKWARD)
    return;
  mark_core (c, conflict);
  for (unsigned i = 0; i < conflict->size; i++)
    see (c, VARIABLE (conflict->literals[i]));
  mark_reasons (c);
}

static void mark_true_literal (struct checker *c, unsigned literal) {
  if (c->mode != DRAT_BACKWARD)
    return;
  see (c, VARIABLE (literal));
  mark_reasons (c);
}

/*------------------------------------------------------------------------*/
/* RUP and RAT.  */

/* Assigns the negations of 'literals' except 'except' on top of the trail
 * and propagates.  Returns true if that is inconsistent (after marking,
 * in backward mode, what the conflict depends on).  */
static bool refute_negation (struct checker *c, const unsigned *literals,
                             unsigned size, unsigned except) {
  for (unsigned i = 0; i < size; i++) {
    unsigned literal = literals[i];
    if (literal == except)
      continue;
    signed char v = value (c, literal);
    if (v > 0) {
      mark_true_literal (c, literal);
      return true;
    }
    if (!v)
      assign (c, NOT (literal), 0);
  }
  struct clause *conflict = propagate (c);
  if (!conflict)
    return false;
  mark_conflict (c, conflict);
  return true;
}

static bool is_rup (struct checker *c, const struct clause *lemma) {
  c->stats.rup_checks++;
  size_t saved = c->trail_size;
  bool res = refute_negation (c, lemma->literals, lemma->size, NO_LITERAL);
  backtrack (c, saved);
  return res;
}

/* Every clause goes on 'clauses' through here, so that the RAT check
 * finds the clauses with a literal without a search through all.  */
static void add_to_clauses (struct checker *c, struct clause *clause) {
  for (unsigned i = 0; i < clause->size; i++)
    PUSH (c->occurrences[clause->literals[i]], c->clauses.size);
  PUSH (c->clauses, clause);
}

/* The candidates are the first 'candidates' clauses added, those which
 * were added before 'lemma' (some may have been deleted since).  */
static bool is_rat (struct checker *c, const struct clause *lemma,
                    size_t candidates) {
  if (!lemma->size)
    return false;
  c->stats.rat_checks++;
  unsigned pivot = lemma->pivot;
  size_t saved = c->trail_size;
  bool res = !refute_negation (c, lemma->literals, lemma->size, NO_LITERAL);
  assert (res); /* or 'lemma' would have been RUP */
  size_t negated = c->trail_size;
  const occurrence_list *occurrences = c->occurrences + NOT (pivot);
  for (size_t j = 0; res && j < occurrences->size; j++) {
    size_t i = occurrences->begin[j]; /* increasing */
    if (i >= candidates)
      break;
    struct clause *clause = c->clauses.begin[i];
    if (!clause->active)
      continue;
    c->stats.rat_candidates++;
    res = refute_negation (c, clause->literals, clause->size, NOT (pivot));
    backtrack (c, negated);
  }
  backtrack (c, saved);
  return res;
}

static bool check_lemma (struct checker *c, const struct clause *lemma,
                         size_t candidates) {
  assert (c->propagated == c->trail_size);
  c->root_size = c->trail_size;
  return is_rup (c, lemma) || is_rat (c, lemma, candidates);
}

/*------------------------------------------------------------------------*/
/* Reporting.  */

static int export (const struct checker *c, unsigned literal) {
  int variable = (int) c->external.begin[VARIABLE (literal)];
  return NEGATIVE (literal) ? -variable : variable;
}

static void report_failed_lemma (struct checker *c, const struct step *step) {
  const struct clause *lemma = step->clause;
  printf ("s NOT VERIFIED\n");
  fflush (stdout);
  fprintf (stderr,
           PROGRAM ": proof %s %" PRIu64 ", lemma %" PRIu64
                  ": lemma is not RUP/RAT: ",
           c->proof->binary ? "byte" : "line", step->line, lemma->id);
  if (lemma->size)
    fprintf (stderr, "%d ", export (c, lemma->pivot));
  for (unsigned i = 0; i < lemma->size; i++)
    if (lemma->literals[i] != lemma->pivot)
      fprintf (stderr, "%d ", export (c, lemma->literals[i]));
  fputs ("0\n", stderr);
}

static NORETURN void internal_error (const char *what) {
  fatal ("internal error: %s", what);
}

static void print_statistics (struct checker *c) {
  const struct statistics *s = &c->stats;
  const struct proof *p = c->proof;
  printf ("c mode:                      %s\n",
          c->mode == DRAT_FORWARD ? "forward" : "backward");
  printf ("c proof format:              %s\n", p->binary ? "binary" : "text");
  printf ("c original clauses:          %zu\n", c->formula->clauses.size);
  printf ("c lemmas in proof:           %" PRIu64 "\n", p->additions);
  printf ("c lemmas added:              %" PRIu64 "\n", s->added);
  printf ("c deletions in proof:        %" PRIu64 "\n", p->deletions);
  printf ("c deletions performed:       %" PRIu64 "\n", s->deleted);
  printf ("c ignored reason deletions:  %" PRIu64 "\n",
          s->ignored_reason_deletions);
  printf ("c ignored unit deletions:    %" PRIu64 "\n", p->unit_deletions);
  printf ("c ignored missing deletions: %" PRIu64 "\n",
          p->missing_deletions);
  printf ("c RUP checks:                %" PRIu64 "\n", s->rup_checks);
  printf ("c RAT checks:                %" PRIu64 "\n", s->rat_checks);
  printf ("c RAT candidates:            %" PRIu64 "\n", s->rat_candidates);
  printf ("c propagations:              %" PRIu64 "\n", s->propagations);
  if (c->mode == DRAT_BACKWARD) {
    printf ("c core lemmas:               %" PRIu64 "\n", s->core_lemmas);
    printf ("c skipped lemmas:            %" PRIu64 "\n", s->skipped_lemmas);
    printf ("c core original clauses:     %" PRIu64 "\n", s->core_original);
  }
}

/*------------------------------------------------------------------------*/
/* The two passes.  */

/* Adds the formula.  Returns false if it is inconsistent by propagation. */
static bool load_formula (struct checker *c) {
  struct formula *f = c->formula;
  for (size_t i = 0; i < f->clauses.size; i++) {
    struct clause *clause = f->clauses.begin[i];
    add_to_clauses (c, clause);
    c->conflict = attach (c, clause);
    if (c->conflict)
      return false;
  }
  check_invariant (c);
  return true;
}

enum outcome { REFUTED, NOT_REFUTED, LEMMA_FAILED };

static void delete_clause (struct checker *c, struct step *step) {
  struct clause *clause = step->clause;
  if (reason_position (c, clause) != NO_POSITION) {
    c->stats.ignored_reason_deletions++;
    return;
  }
  if (detach (c, clause))
    internal_error ("conflict after deleting a clause");
  step->applied = true;
  c->stats.deleted++;
}

/* Runs through the proof until the top-level conflict, checking every
 * lemma if 'check'.  Sets '*last' to the step which caused the conflict
 * (or the failed lemma).  */
static enum outcome forward_pass (struct checker *c, bool check,
                                  size_t *last) {
  struct proof *p = c->proof;
  for (size_t i = 0; i < p->steps.size; i++) {
    struct step *step = p->steps.begin + i;
    *last = i;
    if (step->type == STEP_DELETE) {
      delete_clause (c, step);
      check_invariant (c);
      continue;
    }
    struct clause *lemma = step->clause;
    if (check && !check_lemma (c, lemma, c->clauses.size))
      return LEMMA_FAILED;
    add_to_clauses (c, lemma);
    c->stats.added++;
    c->conflict = attach (c, lemma);
    if (c->conflict)
      return REFUTED;
    check_invariant (c);
  }
  return NOT_REFUTED;
}

/* Checks the core lemma of step 'last' (the one which caused the
 * conflict) and then the core lemmas before it, walking backwards.
 * Returns false and sets '*failed' if one is not RUP/RAT.  */
static bool backward_pass (struct checker *c, size_t last, size_t *failed) {
  struct proof *p = c->proof;
  c->root_size = c->trail_size;
  mark_conflict (c, c->conflict);
  struct clause *lemma = p->steps.begin[last].clause;
  if (watched (lemma))
    unwatch_clause (c, lemma);
  lemma->active = false;
  if (retract (c, 0)) /* the fixpoint without 'lemma', from scratch */
    internal_error ("conflict without the final lemma");
  for (size_t i = last + 1; i-- > 0;) {
    struct step *step = p->steps.begin + i;
    struct clause *clause = step->clause;
    if (step->type == STEP_DELETE) {
      if (step->applied && attach (c, clause))
        internal_error ("conflict after restoring a deleted clause");
      check_invariant (c);
      continue;
    }
    assert (c->clauses.begin[c->clauses.size - 1] == clause);
    c->clauses.size--;
    if (i != last && detach (c, clause))
      internal_error ("conflict after removing a lemma");
    check_invariant (c);
    if (!clause->core) {
      c->stats.skipped_lemmas++;
      continue;
    }
    c->stats.core_lemmas++;
    if (!check_lemma (c, clause, c->clauses.size)) {
      *failed = i;
      return false;
    }
  }
  return true;
}

/*------------------------------------------------------------------------*/

static unsigned rename_literal (struct checker *c, struct sparse_map *map,
                                unsigned literal) {
  unsigned *slot = sparse_slot (map, VARIABLE (literal));
  if (!*slot) {
    *slot = (unsigned) c->external.size;
    PUSH (c->external, VARIABLE (literal));
  }
  return 2 * *slot + NEGATIVE (literal);
}

static void rename_clause (struct checker *c, struct sparse_map *map,
                           struct clause *clause) {
  for (unsigned i = 0; i < clause->size; i++)
    clause->literals[i] = rename_literal (c, map, clause->literals[i]);
  if (clause->size)
    clause->pivot = rename_literal (c, map, clause->pivot);
}

/* Renumbers the variables of all clauses densely, in order of first
 * occurrence, so that the per-variable arrays are as large as the number
 * of variables used, whatever their indices.  'external' maps back.  */
static void rename_variables (struct checker *c) {
  struct sparse_map map = {0};
  PUSH (c->external, 0); /* there is no variable 0 */
  for (size_t i = 0; i < c->formula->clauses.size; i++)
    rename_clause (c, &map, c->formula->clauses.begin[i]);
  for (size_t i = 0; i < c->proof->lemmas.size; i++)
    rename_clause (c, &map, c->proof->lemmas.begin[i]);
  release_sparse (&map);
}

static void init_checker (struct checker *c, struct formula *formula,
                          struct proof *proof, enum drat_mode mode,
                          bool verbose) {
  *c = (struct checker){0};
  c->formula = formula;
  c->proof = proof;
  c->mode = mode;
  c->verbose = verbose;
  rename_variables (c);
  c->max_variable = (unsigned) c->external.size - 1;
  size_t variables = c->external.size, literals = 2 * variables;
  c->values = allocate_zeroed (literals, sizeof *c->values);
  c->reasons = allocate_zeroed (variables, sizeof *c->reasons);
  c->positions = allocate_zeroed (variables, sizeof *c->positions);
  c->justified = allocate_zeroed (variables, sizeof *c->justified);
  c->seen = allocate_zeroed (variables, sizeof *c->seen);
  c->watches = allocate_zeroed (literals, sizeof *c->watches);
  c->occurrences = allocate_zeroed (literals, sizeof *c->occurrences);
  c->trail = allocate_zeroed (variables, sizeof *c->trail);
}

static void release_checker (struct checker *c) {
  for (size_t i = 0; i < 2 * ((size_t) c->max_variable + 1); i++) {
    RELEASE (c->watches[i]);
    RELEASE (c->occurrences[i]);
  }
  free (c->watches);
  free (c->occurrences);
  free (c->values);
  free (c->reasons);
  free (c->positions);
  free (c->justified);
  free (c->seen);
  free (c->trail);
  RELEASE (c->clauses);
  RELEASE (c->stack);
  RELEASE (c->analyzed);
  RELEASE (c->retracted);
  RELEASE (c->external);
}

static int verify (struct checker *c) {
  if (!load_formula (c)) {
    printf ("c the formula is inconsistent under unit propagation\n");
    return EXIT_CHECKED_OK;
  }
  size_t last = 0;
  bool forward = c->mode == DRAT_FORWARD;
  enum outcome outcome = forward_pass (c, forward, &last);
  if (outcome == LEMMA_FAILED) {
    report_failed_lemma (c, c->proof->steps.begin + last);
    return EXIT_CHECK_FAILED;
  }
  if (outcome == NOT_REFUTED) {
    printf ("s NOT VERIFIED\n");
    fflush (stdout);
    fprintf (stderr, PROGRAM ": proof does not derive the empty clause\n");
    return EXIT_CHECK_FAILED;
  }
  if (c->verbose && last + 1 < c->proof->steps.size)
    printf ("c conflict reached: ignoring the last %zu proof steps\n",
            c->proof->steps.size - last - 1);
  size_t failed;
  if (!forward && !backward_pass (c, last, &failed)) {
    report_failed_lemma (c, c->proof->steps.begin + failed);
    return EXIT_CHECK_FAILED;
  }
  return EXIT_CHECKED_OK;
}

int check_proof (struct formula *formula, struct proof *proof,
                 enum drat_mode mode, bool verbose) {
  struct checker c;
  init_checker (&c, formula, proof, mode, verbose);
  int res = verify (&c);
  if (verbose)
    print_statistics (&c);
  if (res == EXIT_CHECKED_OK)
    printf ("s VERIFIED\n");
  release_checker (&c);
  return res;
}
