/* Local search to seed the decision phases ("walking").
 *
 * Why: on satisfiable instances, and above all on uniform random k-SAT,
 * stochastic local search finds assignments that falsify few or no
 * clauses much faster than CDCL descends to them.  As in CaDiCaL
 * ('walk.cpp') and Kissat ('walk.c'), a walk is one step of the rephase
 * schedule ('phases.c'; optionally also once before the search): it runs
 * ProbSAT (Balint and Schöning 2012) on the irredundant clauses, starting
 * from the current decision phases, and writes the assignment with the
 * fewest falsified clauses into the saved and target phases.  If that
 * assignment is a model, the next descent of the CDCL search follows it
 * to the end without a conflict.  Only phases change: the trail, the
 * clauses and the root-level assignment are untouched.
 *
 * ProbSAT ("break only"): pick a falsified clause at random and flip one
 * of its literals, chosen with probability proportional to 'cb^-break',
 * where 'break' is the number of clauses that the flip would falsify.
 * 'cb' follows the average clause length (Balint's values for uniform
 * random k-SAT, interpolated linearly).  Every second walk is less
 * greedy for diversity, with 'cb' halfway to 2 (CaDiCaL and Kissat use 2
 * itself, which on random 3-SAT and 5-SAT instances needed many more
 * flips or failed: bench/RESULTS.md, "Figures behind comments").
 *
 * Data: the walker refers to the large clauses in the arena through
 * their place in the list of irredundant clauses, copies only binary
 * clauses, skips root-false literals, leaves out satisfied clauses (their
 * counters mark them), and builds full occurrence lists, as far as
 * they fit in the unused capacity of the watch lists (behind the
 * watches, which stay), else in an array.  Each clause counts its true
 * literals and keeps their XOR, which is the one true ('critical')
 * literal when the count is one; a falsified clause keeps its position
 * in the list of falsified clauses there instead; count and XOR share
 * one word, the count saturating (a long clause is counted again when a
 * literal of a saturated count becomes false).  Big
 * arrays are allocated at their exact size: on formulas with millions of
 * clauses the walk was the peak of the solver's memory (bench/RESULTS.md,
 * "Memory beside Kissat").  Thus the break value
 * of every variable is maintained incrementally, and a flip costs one
 * visit per occurrence of the flipped variable.  The best assignment is
 * not copied at every improvement: the flips since the last copy are
 * kept (up to a quarter of the variables) together with the number of
 * them that led to the best assignment.
 *
 * Effort: ticks count clause visits and flips (a flip as the time of a
 * fixed number of visits); a walk may spend 'walkeffort' per mille of
 * the search ticks since the last walk, but at least 'walkmineffort'
 * thousand ticks, so that walks are deterministic.  A walk tick costs
 * much less time than a search tick: the default 250 per mille keeps
 * walks a small part of the run time on structured and random UNSAT
 * instances, twice that solved random 5-SAT instances more reliably but
 * slowed random 3-SAT down (bench/RESULTS.md, "Figures behind
 * comments"; measured before flips were charged, which buys fewer flips
 * per budget on short clauses: "Walks near a model").
 *
 * Schedule: in the rephase cycle a walk is a round of a technique
 * scheduled by its success ('schedule.c').  It pays if it finds a model,
 * falsifies fewer irredundant clauses than any walk before it (since the
 * last new original clause), or ends near a model (at most as many
 * falsified clauses as the number of clauses has bits); a walk that does
 * none of these makes the next 1, 2, 4... up to 16 walks sit out.  On
 * structured formulas walks end far from a model, soon stop improving on
 * their record and so stop costing time.  On random formulas near the
 * threshold every walk ends a clause or two short, on SAT and UNSAT
 * formulas alike, and no new record comes after the first walks: judged
 * by records alone the walks starved there, though local search is the
 * way to the models of random SAT formulas with long clauses.  So walks
 * ending near a model keep running, and each one in a row doubles the
 * effort of the next, up to 2^'walkboost' times 'walkeffort': about a
 * tenth of the time on UNSAT random formulas, where it finds nothing
 * (bench/RESULTS.md, "Walks near a model"). */

#include "internal.h"

#include <float.h>
#include <limits.h>
#include <string.h>

/*------------------------------------------------------------------------*/
/* Importing the clauses. */

/* Walker clause 'i' below 'binaries' is the binary clause at '2 * i' in
 * 'literals', else the large clause 'irredundant[i - binaries]' in the
 * arena: no table of the clauses (4 bytes per clause at the peak of the
 * solver's memory on big formulas: bench/RESULTS.md, "Memory beside
 * Kissat, scaling").  The literals of walker clause 'i', ending at
 * '*end', include those assigned at the root level, which the walk
 * skips. */
static inline const unsigned *walk_literals (einsat *solver,
                                             const walker *w, unsigned i,
                                             const unsigned **end) {
  const unsigned *begin;
  if (i < w->binaries) {
    begin = w->literals.begin + 2 * (size_t) i;
    *end = begin + 2;
  } else {
    const clause *large =
        CLAUSE (PEEK_STACK (solver->irredundant, i - w->binaries));
    begin = large->lits;
    *end = begin + large->size;
  }
  return begin;
}

/* Whether the walker imports the clause: the clause is not satisfied at
 * the root level.  Sets '*empty' if all its literals are root-false (a
 * root conflict which propagation has not found yet). */
static bool walked_clause (einsat *solver, size_t size,
                           const unsigned *lits, bool *empty) {
  bool unassigned = false;
  for (size_t i = 0; i < size; i++) {
    unsigned lit = lits[i];
    signed char value = VALUE (lit);
    if (value > 0)
      return false;
    assert (value || !FLAGS (IDX (lit))->eliminated);
    unassigned |= !value;
  }
  *empty |= !unassigned;
  return true;
}

/* A counter marks a clause that the walk leaves out (garbage or
 * satisfied at the root level): it has no occurrences and is never
 * falsified, so the walk never reads it again.  No other counter has
 * the highest bit set ('layout_counters'). */
#define WALK_LEFT_OUT UINT_MAX

static inline bool left_out_clause (const walker *w, unsigned i) {
  return w->counters.begin[i] == WALK_LEFT_OUT;
}

static void import_binaries (einsat *solver, walker *w, bool *empty) {
  for (unsigned lit = 0; lit < 2 * solver->vars; lit++)
    for (all_watches (ws, WATCHES (lit))) {
      if (ws.ref != IRREDUNDANT_BINARY || ws.blit < lit)
        continue;
      unsigned lits[2] = {lit, ws.blit};
      w->ticks++;
      if (!walked_clause (solver, 2, lits, empty))
        continue;
      PUSH_STACK (w->literals, lit);
      PUSH_STACK (w->literals, ws.blit);
    }
}

/* A clause's counter is one word (4 bytes per clause at the peak of the
 * solver's memory on big formulas, where two words took 8): its number
 * of true literals in the low 'shift' bits, where 'mask' stands for
 * 'mask' or more, and above them the XOR of its true literals (the one
 * true literal if the count is 1), or, while the count is zero, its
 * position in 'broken'.  Literals and positions take the bits they need
 * and one more, so that the highest bit is free for 'WALK_LEFT_OUT'; the
 * count takes the rest, at least two bits, so that 0, 1 and 2 are
 * exact.  Returns false if no such layout exists (more than 2^29
 * literals or clauses: the walk is left out then). */
static bool layout_counters (einsat *solver, walker *w) {
  const size_t binaries = SIZE_STACK (w->literals) / 2;
  const size_t clauses = binaries + SIZE_STACK (solver->irredundant);
  size_t largest = 2 * (size_t) solver->vars;
  if (clauses > largest)
    largest = clauses;
  unsigned bits = 0;
  while (((size_t) 1 << bits) < largest)
    bits++;
  if (bits > 29)
    return false;
#ifdef NDEBUG
  w->shift = 31 - bits;
#else
  /* The fewest bits, so that the tests of debug builds saturate counts
   * and count them again ('check_walker' checks the counters). */
  w->shift = 2;
#endif
  w->mask = (1u << w->shift) - 1;
  w->binaries = (unsigned) binaries;
  return true;
}

/* The counters are allocated here, one per walker clause, and set to
 * zero or to 'WALK_LEFT_OUT', and the clauses not left out counted. */
static void import_large_clauses (einsat *solver, walker *w, bool *empty) {
  const size_t clauses = w->binaries + SIZE_STACK (solver->irredundant);
  RESERVE_EXACTLY_STACK (w->counters, clauses);
  RESIZE_STACK (w->counters, clauses);
  unsigned *k = w->counters.begin, live = w->binaries;
  for (unsigned i = 0; i < w->binaries; i++)
    *k++ = 0;
  for (all_stack (unsigned, ref, solver->irredundant)) {
    clause *c = CLAUSE (ref);
    w->ticks++;
    if (!c->garbage && walked_clause (solver, c->size, c->lits, empty))
      *k++ = 0, live++;
    else
      *k++ = WALK_LEFT_OUT;
  }
  w->live = live;
}

/* Returns false if some clause has no literal left (or the walk cannot
 * lay out its counters). */
static bool import_clauses (einsat *solver, walker *w) {
  bool empty = false;
  import_binaries (solver, w, &empty);
  if (!layout_counters (solver, w))
    return false;
  import_large_clauses (solver, w, &empty);
  return !empty;
}

/* The occurrences of a literal are kept, as far as they fit, in the
 * unused capacity of its watch list behind its watches (Kissat puts them
 * into its emptied watch lists), the rest in 'overflow': a separate array
 * of all occurrences added 4 bytes per literal occurrence to the walk,
 * the peak of the solver's memory on big random formulas
 * (bench/RESULTS.md, "Memory beside Kissat, third step").  The watches
 * and their capacity stay as they are (growing the lists instead left
 * the old blocks as holes in the heap), so the search after the walk is
 * the same.  The first word of the unused capacity holds the number of
 * occurrences there; 'occurs[lit]' is the start of the rest of them in
 * 'overflow'.  Clauses are in ascending order: first those behind the
 * watches, then those in 'overflow'. */

/* Room for occurrences behind the watches of 'lit', with its count. */
static inline unsigned spare_room (einsat *solver, unsigned lit) {
  return es_walk_spare_room (&WATCHES (lit));
}

/* The count of occurrences behind the watches (only if there is room). */
static inline unsigned *spare_occurrences (einsat *solver, unsigned lit) {
  return (unsigned *) END_WATCHES (WATCHES (lit));
}

static void connect_occurrences (einsat *solver, walker *w) {
  const size_t lits = 2 * (size_t) solver->vars;
  RESERVE_EXACTLY_STACK (w->occurs, lits + 1);
  RESIZE_STACK (w->occurs, lits + 1);
  unsigned *occurs = w->occurs.begin;
  for (size_t lit = 0; lit <= lits; lit++)
    occurs[lit] = 0;
  const unsigned clauses = (unsigned) SIZE_STACK (w->counters);
  size_t sum = 0;
  for (unsigned i = 0; i < clauses; i++) {
    if (left_out_clause (w, i))
      continue;
    const unsigned *end, *p = walk_literals (solver, w, i, &end);
    for (; p != end; p++)
      if (!VALUE (*p))
        occurs[*p]++, sum++;
  }
  w->occurrences = sum;
  size_t overflow = 0;
  for (size_t lit = 0; lit < lits; lit++) {
    const unsigned room = spare_room (solver, (unsigned) lit);
    if (room)
      *spare_occurrences (solver, (unsigned) lit) = 0;
    const unsigned count = occurs[lit];
    occurs[lit] = (unsigned) overflow;
    overflow += count > room ? count - room : 0;
  }
  if (overflow > UINT_MAX)
    es_out_of_memory (solver, SIZE_MAX);
  occurs[lits] = (unsigned) overflow;
  RESERVE_EXACTLY_STACK (w->overflow, overflow);
  RESIZE_STACK (w->overflow, overflow);
  /* 'occurs[lit]' runs to the start of the next literal's overflow. */
  for (unsigned i = 0; i < clauses; i++) {
    if (left_out_clause (w, i))
      continue;
    const unsigned *end, *p = walk_literals (solver, w, i, &end);
    for (; p != end; p++) {
      const unsigned lit = *p;
      if (VALUE (lit))
        continue;
      const unsigned room = spare_room (solver, lit);
      unsigned *spare = room ? spare_occurrences (solver, lit) : 0;
      if (spare && *spare < room)
        spare[1 + (*spare)++] = i;
      else
        w->overflow.begin[occurs[lit]++] = i;
    }
  }
  for (size_t lit = lits; lit; lit--)
    occurs[lit] = occurs[lit - 1];
  occurs[0] = 0;
}

/*------------------------------------------------------------------------*/
/* The initial assignment, break values and falsified clauses. */

static inline signed char walk_value (const walker *w, unsigned lit) {
  signed char value = w->values.begin[IDX (lit)];
  return NEGATED (lit) ? -value : value;
}

/* The break value of a variable assigned at the root level, which the
 * walk never flips: 'pick_literal' reads the break value of each literal
 * anyway, so it skips those literals without reading their values. */
#define WALK_FIXED UINT_MAX

/* Variables assigned at the root level take their root value, which no
 * flip changes: a root-false literal then counts as false in every
 * count of true literals without looking at the root assignment. */
static void import_phases (einsat *solver, walker *w) {
  unsigned vars = solver->vars;
  RESERVE_EXACTLY_STACK (w->values, vars);
  RESIZE_STACK (w->values, vars);
  RESERVE_EXACTLY_STACK (w->best, vars);
  RESIZE_STACK (w->best, vars);
  RESERVE_EXACTLY_STACK (w->breaks, vars);
  RESIZE_STACK (w->breaks, vars);
  RESERVE_STACK (w->flips, vars / 4 + 1);
  for (unsigned idx = 0; idx < vars; idx++) {
    signed char value = VALUE (LIT (idx));
    if (value)
      w->breaks.begin[idx] = WALK_FIXED;
    else {
      unsigned lit = es_decide_phase (solver, idx);
      value = NEGATED (lit) ? -1 : 1;
      w->breaks.begin[idx] = 0;
    }
    w->values.begin[idx] = w->best.begin[idx] = value;
  }
  w->best_flips = 0;
}

/* 'broken' grows as needed: falsified clauses are few after the first
 * flips, and room for all clauses would cost 4 bytes per clause at the
 * peak of the walk. */
static inline void push_broken (einsat *solver, walker *w, unsigned i) {
  w->counters.begin[i] = (unsigned) SIZE_STACK (w->broken) << w->shift;
  PUSH_STACK (w->broken, i);
}

/* Removes the clause with counter 'word' (count zero) from 'broken'. */
static inline void remove_broken (walker *w, unsigned word) {
  assert (!(word & w->mask));
  const unsigned position = word >> w->shift;
  assert (position < SIZE_STACK (w->broken));
  unsigned last = POP_STACK (w->broken);
  if (position == SIZE_STACK (w->broken))
    return;
  POKE_STACK (w->broken, position, last);
  w->counters.begin[last] = position << w->shift;
}

/* The true literals of walker clause 'i', up to 'limit'. */
static unsigned count_true (einsat *solver, const walker *w, unsigned i,
                            unsigned limit) {
  unsigned count = 0;
  const unsigned *end, *p = walk_literals (solver, w, i, &end);
  for (; p != end && count < limit; p++)
    count += walk_value (w, *p) > 0;
  return count;
}

static void init_counters (einsat *solver, walker *w) {
  const unsigned clauses = (unsigned) SIZE_STACK (w->counters);
  const unsigned shift = w->shift, mask = w->mask;
  unsigned *counters = w->counters.begin;
  for (unsigned i = 0; i < clauses; i++) {
    if (left_out_clause (w, i))
      continue;
    assert (!counters[i]);
    unsigned count = 0, critical = 0;
    const unsigned *end, *p = walk_literals (solver, w, i, &end);
    for (; p != end; p++)
      if (walk_value (w, *p) > 0)
        count++, critical ^= *p;
    if (!count) {
      push_broken (solver, w, i);
      continue;
    }
    counters[i] = (critical << shift) | (count < mask ? count : mask);
    if (count == 1)
      w->breaks.begin[IDX (critical)]++;
  }
  w->initial = w->minimum = (unsigned) SIZE_STACK (w->broken);
}

/*------------------------------------------------------------------------*/
/* Scores: 'cb^-break', tabulated until the scores underflow. */

/* Balint's 'cb' for uniform random k-SAT with exponential break scores
 * (with Kissat's larger value for k = 7), by clause length. */
static double fit_cb (double size) {
  static const double points[][2] = {
      {3, 2.5}, {4, 2.85}, {5, 3.7}, {6, 5.1}, {7, 7.4}};
  const size_t n = sizeof points / sizeof *points;
  if (size <= points[0][0])
    return points[0][1];
  for (size_t i = 1; i < n; i++)
    if (size <= points[i][0]) {
      double x0 = points[i - 1][0], y0 = points[i - 1][1];
      double x1 = points[i][0], y1 = points[i][1];
      return y0 + (y1 - y0) * (size - x0) / (x1 - x0);
    }
  return points[n - 1][1];
}

static double init_table (einsat *solver, walker *w) {
  size_t clauses = w->live;
  double size = clauses ? w->occurrences / (double) clauses : 0;
  double cb = fit_cb (size);
  if (!(STAT (walks) & 1))
    cb = (cb + 2) / 2;
  double base = 1 / cb;
  CLEAR_STACK (w->table);
  for (double score = 1; score >= DBL_MIN; score *= base)
    PUSH_STACK (w->table, score);
  w->epsilon = TOP_STACK (w->table);
  return cb;
}

static inline double score (const walker *w, unsigned breaks) {
  return breaks < SIZE_STACK (w->table) ? w->table.begin[breaks]
                                        : w->epsilon;
}

static inline double random_double (einsat *solver) {
  return (es_random (&solver->random) >> 11) * 0x1p-53;
}

/*------------------------------------------------------------------------*/
/* Flipping. */

/* A random falsified clause, and one of its (false) literals with
 * probability proportional to its score; literals assigned at the root
 * level do not count. */
static unsigned pick_literal (einsat *solver, walker *w) {
  unsigned broken = (unsigned) SIZE_STACK (w->broken);
  assert (broken > 0);
  unsigned i = PEEK_STACK (w->broken, es_random_below (&solver->random,
                                                       broken));
  const unsigned *end, *begin = walk_literals (solver, w, i, &end);
  const unsigned *breaks = w->breaks.begin;
  CLEAR_STACK (w->scores);
  double sum = 0;
  unsigned candidates = 0;
  for (const unsigned *p = begin; p != end; p++) {
    const unsigned b = breaks[IDX (*p)];
    if (b == WALK_FIXED)
      continue;
    double s = score (w, b);
    PUSH_STACK (w->scores, s);
    sum += s;
    candidates++;
  }
  assert (candidates);
  w->ticks += 1 + (uint64_t) candidates;
  double threshold = sum * random_double (solver);
  const double *s = w->scores.begin;
  unsigned last = INVALID;
  for (const unsigned *p = begin; p != end; p++) {
    if (breaks[IDX (*p)] == WALK_FIXED)
      continue;
    last = *p;
    if (--candidates && (threshold -= *s++) < 0)
      return last;
  }
  return last;
}

/* 'lit' became true in the clauses from 'p' to 'end'.  A count at
 * 'mask' stays there. */
static inline void make_range (walker *w, unsigned lit, const unsigned *p,
                               const unsigned *end) {
  unsigned *breaks = w->breaks.begin, *counters = w->counters.begin;
  const unsigned shift = w->shift, mask = w->mask, shifted = lit << shift;
  for (; p != end; p++) {
    unsigned *k = counters + *p, word = *k, count = word & mask;
    if (!count) {
      remove_broken (w, word);
      breaks[IDX (lit)]++;
      *k = shifted | 1;
    } else {
      if (count == 1)
        breaks[IDX (word >> shift)]--;
      *k = (word ^ shifted) + (count != mask);
    }
  }
}

/* 'lit' became false in the clauses from 'p' to 'end'.  A count at
 * 'mask' may stand for more true literals, so they are counted again:
 * at least 'mask - 1' (2 or more) are left. */
static inline void break_range (einsat *solver, walker *w, unsigned lit,
                                const unsigned *p, const unsigned *end) {
  unsigned *breaks = w->breaks.begin, *counters = w->counters.begin;
  const unsigned shift = w->shift, mask = w->mask, shifted = lit << shift;
  for (; p != end; p++) {
    unsigned *k = counters + *p, word = *k ^ shifted, count = word & mask;
    assert (count);
    if (count == 1) {
      push_broken (solver, w, *p);
      breaks[IDX (lit)]--;
    } else if (count == mask)
      *k = (word & ~mask) | count_true (solver, w, *p, mask);
    else {
      *k = word - 1;
      if (count == 2)
        breaks[IDX (word >> shift)]++;
    }
  }
}

/* Visits the clauses of 'lit' (a tick each), first those behind its
 * watches, then those in 'overflow', which has none of them if there
 * was room left behind the watches (the offsets of 'overflow' are then
 * not read: one cache miss less per visit on big formulas).  'begin' of
 * an empty range may be null, so empty ranges are skipped. */
#define VISIT_OCCURRENCES(RANGE, ...) \
  do { \
    w->ticks++; \
    const unsigned room_ = spare_room (solver, lit); \
    if (room_) { \
      const unsigned *spare_ = spare_occurrences (solver, lit); \
      const unsigned count_ = *spare_; \
      w->ticks += count_; \
      if (count_) \
        RANGE (__VA_ARGS__, spare_ + 1, spare_ + 1 + count_); \
      if (count_ < room_) \
        break; \
    } \
    const unsigned from_ = w->occurs.begin[lit], \
                   to_ = w->occurs.begin[lit + 1]; \
    w->ticks += (uint64_t) (to_ - from_); \
    if (from_ != to_) \
      RANGE (__VA_ARGS__, w->overflow.begin + from_, \
             w->overflow.begin + to_); \
  } while (0)

/* 'lit' became true. */
static void make_clauses (einsat *solver, walker *w, unsigned lit) {
  assert (walk_value (w, lit) > 0);
  VISIT_OCCURRENCES (make_range, w, lit);
}

/* 'lit' became false. */
static void break_clauses (einsat *solver, walker *w, unsigned lit) {
  assert (walk_value (w, lit) < 0);
  VISIT_OCCURRENCES (break_range, solver, w, lit);
}

/*------------------------------------------------------------------------*/
/* The best assignment is 'best' updated by the first 'best_flips' flips,
 * or just 'best' if 'best_flips' is INVALID (too many flips without
 * improvement since 'best' was saved). */

static void save_values (walker *w) {
  memcpy (w->best.begin, w->values.begin, SIZE_STACK (w->values));
  CLEAR_STACK (w->flips);
  w->best_flips = 0;
}

static void save_flips (walker *w) {
  unsigned n = w->best_flips, size = (unsigned) SIZE_STACK (w->flips);
  assert (n != INVALID && n <= size);
  unsigned *flips = w->flips.begin;
  for (unsigned i = 0; i < n; i++)
    w->best.begin[IDX (flips[i])] = NEGATED (flips[i]) ? -1 : 1;
  memmove (flips, flips + n, (size - n) * sizeof *flips);
  RESIZE_STACK (w->flips, size - n);
  w->best_flips = 0;
}

static void push_flip (einsat *solver, walker *w, unsigned lit) {
  if (w->best_flips == INVALID)
    return;
  if (SIZE_STACK (w->flips) > solver->vars / 4) {
    if (!w->best_flips) {
      CLEAR_STACK (w->flips);
      w->best_flips = INVALID;
      return;
    }
    save_flips (w);
  }
  PUSH_STACK (w->flips, lit);
}

static void new_minimum (walker *w) {
  w->minimum = (unsigned) SIZE_STACK (w->broken);
  if (w->best_flips == INVALID)
    save_values (w);
  else
    w->best_flips = (unsigned) SIZE_STACK (w->flips);
}

static void flip (einsat *solver, walker *w, unsigned lit) {
  INC (walk_flips);
  w->values.begin[IDX (lit)] = NEGATED (lit) ? -1 : 1;
  make_clauses (solver, w, lit);
  break_clauses (solver, w, NOT (lit));
  push_flip (solver, w, lit);
  if (SIZE_STACK (w->broken) < w->minimum)
    new_minimum (w);
}

/* Besides its clause visits, a flip costs as much time as this many of
 * them for its fixed work (drawing a clause and a literal, the scores,
 * the list of falsified clauses): fitted to the time of walks on random
 * 3-SAT (a flip visits about 20 clauses) and 7-SAT (about 640) formulas
 * (bench/RESULTS.md, "Walks near a model"), so that a budget of ticks
 * costs about the same time on short and on long clauses. */
#define WALK_FLIP_TICKS 50

static void walk_loop (einsat *solver, walker *w) {
  uint64_t flips = 0;
  while (w->minimum && w->ticks < w->limit) {
    if (!(flips++ & 1023) && es_terminating (solver))
      break;
    flip (solver, w, pick_literal (solver, w));
    w->ticks += WALK_FLIP_TICKS;
  }
}

#ifndef NDEBUG

/* Recomputes the counters and break values from the current assignment
 * and the falsified clauses of the best one (debug builds only). */
static void check_walker (einsat *solver, walker *w) {
  unsigned clauses = (unsigned) SIZE_STACK (w->counters);
  unsigned *breaks = es_calloc (solver, solver->vars, sizeof *breaks);
  unsigned broken = 0, falsified = 0, live = 0;
  for (unsigned i = 0; i < clauses; i++) {
    if (left_out_clause (w, i))
      continue;
    live++;
    unsigned count = 0, critical = 0;
    bool satisfied = false;
    const unsigned *end, *p = walk_literals (solver, w, i, &end);
    for (; p != end; p++) {
      unsigned lit = *p;
      assert (VALUE (lit) <= 0);
      if (VALUE (lit))
        continue;
      if (walk_value (w, lit) > 0)
        count++, critical ^= lit;
      signed char best = w->best.begin[IDX (lit)];
      satisfied |= (NEGATED (lit) ? -best : best) > 0;
    }
    const unsigned word = w->counters.begin[i];
    assert ((word & w->mask) == (count < w->mask ? count : w->mask));
    assert (!count || word >> w->shift == critical);
    assert (count || PEEK_STACK (w->broken, word >> w->shift) == i);
    broken += !count;
    falsified += !satisfied;
    if (count == 1)
      breaks[IDX (critical)]++;
  }
  assert (live == w->live);
  assert (broken == SIZE_STACK (w->broken));
  assert (falsified == w->minimum);
  for (unsigned idx = 0; idx < solver->vars; idx++) {
    const signed char root = VALUE (LIT (idx));
    assert (root ? w->breaks.begin[idx] == WALK_FIXED
                 : breaks[idx] == w->breaks.begin[idx]);
    assert (!root || w->values.begin[idx] == root);
    (void) root;
  }
  es_free (solver, breaks, solver->vars * sizeof *breaks);
  (void) broken, (void) falsified, (void) live;
}

#endif

/*------------------------------------------------------------------------*/

static void export_phases (einsat *solver, walker *w) {
  if (w->best_flips != INVALID)
    save_flips (w);
  const signed char *best = w->best.begin;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    if (FLAGS (idx)->active)
      solver->saved[idx] = solver->target[idx] = best[idx];
  solver->target_assigned = 0;
}

/* Records and boosts belong to the formula the walks saw: once original
 * clauses are added (incremental use), the next walk starts afresh. */
static void forget_older_formula (einsat *solver) {
  if (solver->walk_record_originals == solver->originals)
    return;
  solver->walk_record_originals = solver->originals;
  solver->walk_record = UINT_MAX;
  solver->walk_boost = 0;
}

/* As 'es_effort_budget' with a minimum, but the share is rounded down to
 * whole thousands of search ticks first: computing it as the others do
 * changes walks by a few ticks and so the search after them. */
static uint64_t walk_budget (einsat *solver) {
  uint64_t search = STAT (ticks) - solver->last.ticks.walk;
  /* The boost is capped by the option as it is now: an incremental
   * user may have lowered it since the boost grew. */
  unsigned boost = solver->walk_boost;
  if (boost > (unsigned) GET_OPTION (walkboost))
    boost = (unsigned) GET_OPTION (walkboost);
  uint64_t per_mille = (uint64_t) GET_OPTION (walkeffort) << boost;
  uint64_t effort = per_mille && search / 1000 > UINT64_MAX / per_mille
                        ? UINT64_MAX
                        : search / 1000 * per_mille;
  uint64_t minimum = (uint64_t) GET_OPTION (walkmineffort) * 1000;
  return effort > minimum ? effort : minimum;
}

static void report_walk (einsat *solver, walker *w, double cb,
                         uint64_t flips) {
  if (GET_OPTION (verbose) < 2)
    return;
  printf ("c walk %" PRIu64 ": %u clauses, cb %.2f, falsified %u -> %u "
          "after %" PRIu64 " flips and %" PRIu64 " ticks\n",
          STAT (walks), w->live, cb, w->initial,
          w->minimum, flips, w->ticks);
}

/* Whether the walk set a record: fewer falsified clauses than every walk
 * before it since the last original clause was added. */
static bool count_record (einsat *solver, const walker *w) {
  if (w->minimum >= solver->walk_record)
    return false;
  solver->walk_record = w->minimum;
  INC (walk_records);
  return true;
}

/* A walk ends near a model if it leaves at most as many clauses
 * falsified as the number of clauses has bits: a handful that a few
 * decisions of the search may repair, on small and on big formulas
 * alike, while walks on structured formulas end hundreds short. */
static bool near_model (const walker *w) {
  unsigned bits = 0;
  for (unsigned clauses = w->live; clauses; clauses >>= 1)
    bits++;
  return w->minimum <= bits;
}

/* A walk pays (the rephase schedule: 'phases.c') if it finds a model,
 * sets a record or ends near a model (its best assignment, which may be
 * the one it started from: phases already near a model are worth
 * walking from again).  Each walk in a row that ends near
 * a model without finding one doubles the effort of the next, up to
 * 2^'walkboost' times 'walkeffort'; a walk that ends far from one resets
 * it. */
static bool judge_walk (einsat *solver, const walker *w) {
  const bool record = count_record (solver, w);
  const bool near = near_model (w);
  if (!near)
    solver->walk_boost = 0;
  else if (w->minimum) {
    INC (walk_near);
    const unsigned most = (unsigned) GET_OPTION (walkboost);
    solver->walk_boost =
        solver->walk_boost < most ? solver->walk_boost + 1 : most;
  }
  return record || near;
}

/* Only a walker that held this much gives memory back after the walk
 * ('es_trim_memory'): glibc maps blocks from 128 KiB on by default, and
 * only freeing such a block raises its threshold and so leaves holes of
 * that size in the heap; trimming after every walk of a small formula
 * scanned the heap for nothing. */
#define WALK_TRIM_BYTES ((size_t) 128 << 10)

bool es_walk (einsat *solver) {
  es_backtrack (solver, 0);
  if (solver->inconsistent)
    return false;
  assert (!solver->dense && EMPTY_STACK (solver->walker.counters));
  INC (walks);
  forget_older_formula (solver);
  walker *w = &solver->walker;
  w->ticks = 0;
  w->limit = walk_budget (solver);
  solver->last.ticks.walk = STAT (ticks);
  uint64_t flips = STAT (walk_flips);
  const size_t memory = solver->memory;
  bool paid = false;
  if (import_clauses (solver, w)) {
    connect_occurrences (solver, w);
    import_phases (solver, w);
    init_counters (solver, w);
    double cb = init_table (solver, w);
    walk_loop (solver, w);
    if (w->minimum < w->initial || !w->minimum) {
      export_phases (solver, w);
#ifndef NDEBUG
      check_walker (solver, w);
#endif
      INC (walk_improved);
    }
    LOG ("walk: %u falsified clauses at first, %u at best", w->initial,
         w->minimum);
    if (!w->minimum)
      INC (walk_models);
    paid = judge_walk (solver, w);
    report_walk (solver, w, cb, STAT (walk_flips) - flips);
  }
  ADD (walk_ticks, w->ticks);
  const bool large = solver->memory >= memory + WALK_TRIM_BYTES;
  es_release_walker (solver);
  if (large)
    es_trim_memory (solver);
  return paid;
}

bool es_walking_initially (einsat *solver) {
  return GET_OPTION (walk) && GET_OPTION (walkinitially) &&
         !solver->walked_initially;
}

void es_walk_initially (einsat *solver) {
  solver->walked_initially = true;
  TIMED (walk, es_walk (solver));
  es_report_round (solver, 'W');
}

void es_release_walker (einsat *solver) {
  walker *w = &solver->walker;
  RELEASE_STACKS (WALKER_STACKS, w);
}
