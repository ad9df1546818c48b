/* Sharing learned clauses with other solvers (the public functions
 * 'einsat_set_export' and 'einsat_import'), as parallel portfolios do
 * since ManySAT and HordeSat (Balyo, Sanders and Sinz 2015) and as
 * Mallob and gimsatul do today: units and binary clauses are always
 * shared, larger clauses only up to a size and a glue (LBD) bound.
 *
 * Export.  Each learned clause within the bounds is handed to the export
 * callback right after it is learned; units are handed over once they
 * are on the root-level trail (all of them: learned, probed, implied),
 * which is scanned whenever the solver is at the root level.  Literals
 * are external.  A clause with a variable that has no external name (a
 * factoring variable or an enumeration selector) is never exported.
 *
 * Why the exported clauses are implied by the formula the user gave,
 * although the solver simplified it with techniques that only preserve
 * satisfiability: every step from the formula F to the current formula
 * G keeps this property: each model of the formula before the step
 * extends (on new variables) to a model of the formula after it.
 * Resolution, strengthening, subsumption, equivalent literal
 * substitution and variable elimination (resolvents are implied) keep
 * or shrink the set of models over the old variables; blocked clause
 * elimination only removes clauses; factoring adds a variable with a
 * definition any model of the old formula can satisfy.  So if G implies
 * a clause C over variables of F, every model of F extends to one of G,
 * which satisfies C, whose variables it shares with F: F implies C.
 * What would break this (adding clauses that remove models, such as the
 * blocking clauses of an enumeration with learning) always involves a
 * variable without an external name, and such clauses are not exported.
 *
 * Import.  'einsat_import' may be called from any thread while the
 * solver runs: it copies the clause into a bounded queue under a mutex
 * (a full queue drops the clause and counts it).  The solving thread
 * takes the whole queue at once (swapping it with a spare buffer, so
 * nothing is allocated under the lock) at the start of each solve and in
 * the search every 'importint' conflicts when something is waiting,
 * after going back to the root level.  Each clause is then filtered:
 * duplicates of recently shared clauses (a hash of the literal set in a
 * direct-mapped table, which also holds the clauses this solver
 * exported), clauses over variables the solver does not know or has
 * eliminated or substituted, and clauses satisfied at the root level are
 * dropped; false literals are removed.  What remains is added as a
 * learned clause (a unit on the root level).  Imported clauses must be
 * implied by the importing solver's formula, which holds when both
 * solvers started from the same formula (see above).  A clause over a
 * variable that is only the witness of blocked clauses is fine: the
 * model of the formula with the clause is still completed by the
 * extension stack, and the original formula implies the clause.
 *
 * Proofs.  A solver tracing a proof of its own cannot justify a clause
 * it did not derive: it drops what it is given.  Workers of a portfolio
 * write one shared proof instead, in which each queued clause holds a
 * reference in the multiset of live clauses ('sink.c'). */

#include "internal.h"

#include <string.h>

#define SEEN_BITS 14
#define SEEN_SIZE ((size_t) 1 << SEEN_BITS)
#define QUEUE_BYTES (IMPORT_QUEUE_WORDS * sizeof (int))
/* The import budget (see below). */
#define BUDGET_CONFLICTS 2000
#define GLUE_CLASSES 16
#define USEFUL_ONE 65536u
#define USEFUL_INITIAL (USEFUL_ONE / 4)

bool es_init_sharing (einsat *solver) {
  atomic_init (&solver->share.pending, 0);
  solver->share.import_useful = USEFUL_INITIAL;
  return !pthread_mutex_init (&solver->share.lock, 0);
}

void es_release_sharing (einsat *solver) {
  sharing *s = &solver->share;
  if (s->queue) {
    solver->allocator (solver->allocator_data, s->queue, QUEUE_BYTES, 0);
    if (s->queue_charged)
      solver->memory -= QUEUE_BYTES;
    s->queue = 0;
  }
  if (s->spare)
    es_free (solver, s->spare, QUEUE_BYTES);
  s->spare = 0;
  DELETE_ARRAY (s->seen, SEEN_SIZE);
  RELEASE_STACK (s->export_buffer);
  pthread_mutex_destroy (&s->lock);
}

/*------------------------------------------------------------------------*/
/* The duplicate filter.  The hash of a clause is the sum of a hash per
 * literal, so the order of the literals does not matter. */

static uint64_t hash_literal (int lit) {
  uint64_t x = (uint64_t) (uint32_t) lit * 0x9e3779b97f4a7c15ull;
  x ^= x >> 29;
  x *= 0xbf58476d1ce4e5b9ull;
  return x ^ (x >> 32);
}

static uint64_t hash_clause (const int *lits, int size) {
  uint64_t hash = (uint64_t) size * 0x94d049bb133111ebull;
  for (int i = 0; i < size; i++)
    hash += hash_literal (lits[i]);
  return hash | 1; /* 0 marks an empty slot */
}

/* Remembers 'hash'; returns true if it was there already. */
static bool seen_before (sharing *s, uint64_t hash) {
  uint64_t *slot = s->seen + (hash >> (64 - SEEN_BITS));
  if (*slot == hash)
    return true;
  *slot = hash;
  return false;
}

/*------------------------------------------------------------------------*/
/* Export. */

static void export_internal (einsat *solver, size_t size,
                             const unsigned *lits, unsigned glue) {
  sharing *s = &solver->share;
  ints *buffer = &s->export_buffer;
  CLEAR_STACK (*buffer);
  for (size_t i = 0; i < size; i++) {
    int elit = es_export_literal (solver, lits[i]);
    if (!elit)
      return; /* a variable without external name (see above) */
    PUSH_STACK (*buffer, elit);
  }
  if (s->seen)
    seen_before (s, hash_clause (buffer->begin, (int) size));
  if (size == 1)
    INC (exported_units);
  else if (size == 2)
    INC (exported_binaries);
  else
    INC (exported_clauses);
  s->export_clause (s->export_data, buffer->begin, (int) size,
                    (int) glue);
}

/* The units on the root-level trail not exported yet.  At the root level
 * the trail holds root-level literals only, in the order they were
 * assigned, so the exported ones are a prefix.  Only units without a
 * reason go (learned, probed, from simplification): those implied by
 * propagation follow from them and the clauses, and when a conflict
 * fixes a long chain (thousands of units just before an UNSAT answer)
 * they would crowd out everything else in the importers' queues. */
void es_export_units (einsat *solver) {
  sharing *s = &solver->share;
  if (!s->export_clause || solver->level || solver->inconsistent)
    return; /* the trail of an inconsistent solver is of no use */
  while (s->units_exported < solver->trail_size) {
    unsigned lit = solver->trail[s->units_exported++];
    if (VAR (lit)->reason == INVALID)
      export_internal (solver, 1, &lit, 1);
  }
}

void es_export_learned (einsat *solver, size_t size, const unsigned *lits,
                        unsigned glue) {
  sharing *s = &solver->share;
  if (size == 1) {
    es_export_units (solver);
    return;
  }
  if (size > 2 && (size > (size_t) s->export_size ||
                   glue > (unsigned) s->export_glue))
    return;
  export_internal (solver, size, lits, glue);
}

void einsat_set_export (einsat *solver, void *data, int max_size,
                        int max_glue, es_export_callback *export_clause) {
  ES_REQUIRE (solver, "solver is NULL");
  sharing *s = &solver->share;
  s->export_clause = export_clause;
  s->export_data = data;
  s->export_size = max_size;
  s->export_glue = max_glue;
}

/* The caller's epochs: the next one ends 'caller_epoch' conflicts after
 * this point. */
static void synchronize_caller (void *data) {
  einsat *solver = data;
  sharing *s = &solver->share;
  s->next_synchronization = STAT (conflicts) + s->caller_epoch;
  s->caller_synchronize (s->caller_data);
}

void einsat_set_synchronize (einsat *solver, void *data, int conflicts,
                             void (*synchronize) (void *data)) {
  ES_REQUIRE (solver, "solver is NULL");
  ES_REQUIRE (!synchronize || conflicts > 0,
              "epoch of %d conflicts (must be positive)", conflicts);
  sharing *s = &solver->share;
  s->caller_synchronize = synchronize;
  s->caller_data = data;
  s->caller_epoch = synchronize ? (uint64_t) conflicts : 0;
  s->synchronize = synchronize ? synchronize_caller : 0;
  s->synchronize_data = synchronize ? solver : 0;
  s->next_synchronization = STAT (conflicts) + s->caller_epoch;
}

/*------------------------------------------------------------------------*/
/* Import: the queue (any thread). */

bool es_queue_clause (einsat *solver, const int *lits, int size,
                      int glue) {
  sharing *s = &solver->share;
  size_t words = 2 + (size_t) size;
  bool queued = false;
  pthread_mutex_lock (&s->lock);
  /* Allocated by the first importer, possibly in another thread: not
   * through 'es_malloc', which would long-jump in the wrong thread and
   * count the bytes without the owner's knowledge ('queue_charged'). */
  if (!s->queue)
    s->queue = solver->allocator (solver->allocator_data, 0, 0, QUEUE_BYTES);
  if (s->queue && s->queued + words <= IMPORT_QUEUE_WORDS) {
    int *p = s->queue + s->queued;
    *p++ = size;
    *p++ = glue;
    if (size)
      memcpy (p, lits, (size_t) size * sizeof *lits);
    s->queued += words;
    atomic_fetch_add (&s->pending, 1);
    queued = true;
  } else
    s->overflow++;
  pthread_mutex_unlock (&s->lock);
  return queued;
}

int einsat_import (einsat *solver, const int *lits, int size, int glue) {
  ES_REQUIRE (solver, "solver is NULL");
  ES_REQUIRE (size >= 0, "negative size %d", size);
  ES_REQUIRE (lits || !size, "literals are NULL");
  for (int i = 0; i < size; i++)
    ES_REQUIRE (lits[i] && es_literal_in_range (lits[i]),
                "invalid literal %d", lits[i]);
  return es_queue_clause (solver, lits, size, glue);
}

/*------------------------------------------------------------------------*/
/* Import: adding the queued clauses (the solving thread). */

/* The clause 'elits' left the queue without becoming a clause of the
 * solver: its reference in a shared proof goes ('sink.c'). */
static void drop_queued (einsat *solver, int size, const int *elits) {
  if (solver->share.sink)
    es_sink_release (solver, (size_t) size, elits);
}

/* Imports the literals of 'elits' into 'solver->clause' without false
 * and duplicate literals.  Returns false (and adds nothing) if a variable
 * is unknown or eliminated, or the clause is satisfied or tautological;
 * sets '*shortened' if literals were removed. */
static bool import_literals (einsat *solver, int size, const int *elits,
                             bool *shortened) {
  unsigneds *lits = &solver->clause;
  signed char *marks = solver->marks;
  CLEAR_STACK (*lits);
  bool keep = true;
  for (int i = 0; keep && i < size; i++) {
    unsigned lit = es_find_literal (solver, elits[i]);
    if (lit == INVALID || FLAGS (IDX (lit))->eliminated)
      keep = false;
    else if (VALUE (lit) > 0 || marks[NOT (lit)])
      keep = false;
    else if (VALUE (lit) < 0 || marks[lit])
      *shortened = true;
    else {
      marks[lit] = 1;
      PUSH_STACK (*lits, lit);
    }
  }
  for (all_stack (unsigned, lit, *lits))
    marks[lit] = 0;
  if (!keep)
    CLEAR_STACK (*lits);
  return keep;
}

static void import_clause (einsat *solver, int size, int glue,
                           const int *elits) {
  sharing *s = &solver->share;
  if (solver->inconsistent || (solver->proof && !s->sink)) {
    INC (import_dropped);
    drop_queued (solver, size, elits);
    return;
  }
  if (seen_before (s, hash_clause (elits, size))) {
    INC (import_duplicates);
    drop_queued (solver, size, elits);
    return;
  }
  bool shortened = false;
  if (!import_literals (solver, size, elits, &shortened)) {
    INC (import_dropped);
    drop_queued (solver, size, elits);
    return;
  }
  unsigneds *lits = &solver->clause;
  size_t new_size = SIZE_STACK (*lits);
  if (shortened && s->sink) {
    /* Implied by the queued clause and root-level units: added to the
     * shared proof before the queued clause's reference goes. */
    es_proof_add (solver, new_size, lits->begin);
    drop_queued (solver, size, elits);
  }
  if (!new_size) {
    LOG ("imported clause is empty at the root level");
    solver->inconsistent = true;
  } else if (new_size == 1) {
    INC (imported_units);
    bool all_exported = s->units_exported == solver->trail_size;
    es_assign_unit (solver, lits->begin[0]);
    if (all_exported) /* not back to where it came from */
      s->units_exported = solver->trail_size;
  } else if (new_size == 2) {
    INC (imported_binaries);
    es_new_binary (solver, true, lits->begin[0], lits->begin[1]);
  } else {
    INC (imported_clauses);
    unsigned clamped = glue < 1 ? 1 : (unsigned) glue;
    if (clamped >= new_size)
      clamped = (unsigned) new_size - 1;
    unsigned ref =
        es_new_clause (solver, true, clamped, new_size, lits->begin);
    clause *c = CLAUSE (ref);
    c->used = 1 + (clamped <= (unsigned) GET_OPTION (tier2));
    c->imported = true;
  }
  CLEAR_STACK (*lits);
}

/* The first import charges the queue, which another thread may have
 * allocated, and allocates the spare buffer and the duplicate filter. */
static void prepare_import (einsat *solver) {
  sharing *s = &solver->share;
  if (!s->spare)
    s->spare = es_malloc (solver, QUEUE_BYTES);
  if (!s->seen)
    NEW_ARRAY (s->seen, SEEN_SIZE);
  if (!s->queue_charged) {
    pthread_mutex_lock (&s->lock);
    bool allocated = s->queue;
    pthread_mutex_unlock (&s->lock);
    if (allocated) {
      s->queue_charged = true;
      solver->memory += QUEUE_BYTES;
      if (solver->memory > solver->peak_memory)
        solver->peak_memory = solver->memory;
    }
  }
}

/*------------------------------------------------------------------------*/
/* The import budget.  Every worker of a portfolio receives what all the
 * others export, so with many workers (or a formula whose learned
 * clauses mostly have a low glue) the imports could outgrow the
 * importer's own learned clauses and the time it spends on its own
 * search.  As in Mallob and gimsatul, the importer bounds the volume and
 * prefers the best clauses: each own conflict earns 'importbudget'
 * literals of credit (saved up for at most 'BUDGET_CONFLICTS'
 * conflicts), scaled by how useful imported clauses have been (the
 * share used in a conflict before a reduction removed them: from a
 * quarter of the rate when few are used to twice the rate when most
 * are).  An import round takes units and binary clauses always, then
 * larger clauses by increasing glue while the credit lasts; the rest is
 * dropped ('import_budget').  Clauses queued before a solve starts are
 * all taken: the user gave them. */

void es_import_usefulness (einsat *solver, bool used) {
  sharing *s = &solver->share;
  int64_t target = used ? USEFUL_ONE : 0;
  int64_t useful = s->import_useful;
  s->import_useful = (unsigned) (useful + (target - useful) / 64);
}

/* Credit per conflict in 1/65536 literals: the rate times four times the
 * useful share, clamped to a quarter and twice the rate. */
static uint64_t credit_rate (einsat *solver) {
  uint64_t rate = (uint64_t) GET_OPTION (importbudget);
  uint64_t scale = 4 * (uint64_t) solver->share.import_useful;
  if (scale < USEFUL_ONE / 4)
    scale = USEFUL_ONE / 4;
  if (scale > 2 * USEFUL_ONE)
    scale = 2 * USEFUL_ONE;
  return rate * scale;
}

static void refill_credit (einsat *solver) {
  sharing *s = &solver->share;
  uint64_t rate = credit_rate (solver);
  uint64_t conflicts = STAT (conflicts) - s->credit_conflicts;
  if (conflicts > BUDGET_CONFLICTS)
    conflicts = BUDGET_CONFLICTS;
  s->credit_conflicts = STAT (conflicts);
  uint64_t credit = s->import_credit + conflicts * rate / USEFUL_ONE;
  uint64_t cap = BUDGET_CONFLICTS * rate / USEFUL_ONE;
  s->import_credit = credit < cap ? credit : cap;
}

static unsigned glue_class (int glue) {
  return glue < 1 ? 1 : glue >= GLUE_CLASSES ? GLUE_CLASSES - 1
                                             : (unsigned) glue;
}

/* The glue class up to which larger clauses fit into the credit ('cut'),
 * and the credit left for the clauses of that class ('*partial'). */
static unsigned budget_cut (einsat *solver, const int *entries,
                            size_t words, uint64_t *partial) {
  uint64_t literals[GLUE_CLASSES] = {0};
  for (const int *p = entries, *end = entries + words; p != end;
       p += 2 + p[0])
    if (p[0] > 2)
      literals[glue_class (p[1])] += (uint64_t) p[0];
  uint64_t credit = solver->share.import_credit;
  unsigned cut = 1;
  while (cut < GLUE_CLASSES && literals[cut] <= credit)
    credit -= literals[cut++];
  *partial = credit;
  return cut;
}

static void import_queued (einsat *solver, const int *entries,
                           size_t words, bool budgeted) {
  uint64_t partial = 0;
  unsigned cut = GLUE_CLASSES; /* all classes fit */
  bool budget = budgeted && GET_OPTION (importbudget);
  if (budget) {
    refill_credit (solver);
    cut = budget_cut (solver, entries, words, &partial);
  }
  sharing *s = &solver->share;
  for (const int *p = entries, *end = entries + words; p != end;
       p += 2 + p[0]) {
    int size = p[0], glue = p[1];
    const int *elits = p + 2;
    if (size > 2 && budget) {
      unsigned class = glue_class (glue);
      if (class > cut || (class == cut && partial < (uint64_t) size)) {
        INC (import_budget);
        drop_queued (solver, size, elits);
        continue;
      }
      if (class == cut)
        partial -= (uint64_t) size;
      s->import_credit -= (uint64_t) size;
    }
    import_clause (solver, size, glue, elits);
  }
}

void es_import_clauses (einsat *solver, bool budgeted) {
  sharing *s = &solver->share;
  s->next_import = STAT (conflicts) + (uint64_t) GET_OPTION (importint);
  if (!atomic_load (&s->pending))
    return;
  prepare_import (solver);
  es_backtrack (solver, 0);
  pthread_mutex_lock (&s->lock);
  int *entries = s->queue;
  size_t words = s->queued;
  uint64_t overflow = s->overflow;
  s->queue = s->spare;
  s->queued = 0;
  s->overflow = 0;
  atomic_store (&s->pending, 0);
  pthread_mutex_unlock (&s->lock);
  s->spare = entries;
  ADD (import_overflow, overflow);
  es_export_units (solver);
  import_queued (solver, entries, words, budgeted);
}
