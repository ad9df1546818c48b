/* A portfolio of solver threads (option 'threads'), after the 'ruler'
 * and 'rings' of gimsatul (Fleury and Biere 2022) and the portfolios of
 * Plingeling, HordeSat and Mallob.
 *
 * The instance the user calls is the ruler.  Its solve starts as usual
 * and alone: preprocessing and the first 'threadsdelay' conflicts cost
 * nothing extra, so easy formulas never start a thread.  If that does
 * not decide the formula, the ruler simplifies on the root level and
 * starts 'threads' workers.  Each worker is an instance of its own whose
 * external variables are the ruler's internal variables (number plus
 * one), built in its own thread from the ruler's irredundant clauses and
 * its low-glue learned clauses (the ruler sleeps meanwhile, so reading
 * its clauses from several threads is safe).  Workers are diversified
 * ('diversify.c'): worker 0 is configured as the ruler and starts from
 * the ruler's saved phases, the others get other modes, phases, seeds
 * and decision orders.  They share learned clauses ('share.c'): each
 * worker's export callback puts its units, binary clauses and clauses
 * within 'threadsglue' and 'threadssize' into the import queues of all
 * the others.
 *
 * The first worker with an answer wins and stops the others through
 * 'einsat_terminate', which the search checks where it checks for
 * termination anyway.  A model is copied into the ruler's assignment on
 * one pseudo decision level, where the ruler's extension stack completes
 * it as for a model of its own; failed assumptions are mapped back; an
 * inconsistent worker makes the ruler inconsistent.  Meanwhile the
 * ruler's thread waits, waking every 10 ms to check termination
 * requests, the terminate callback and the time limit for the workers,
 * and to pass clauses between the workers and the ruler's own export
 * callback and import queue (so that an instance running threads can
 * itself be a member of a larger portfolio, an MPI rank for example).
 *
 * A worker that cannot be created, whose thread cannot start, or that
 * runs out of memory is counted ('workers_failed'), reported with '-v',
 * and left out; if no worker runs, the ruler goes on alone.  A custom
 * allocator of the ruler is called by one thread at a time (a mutex);
 * the default one is thread-safe.  Limits on conflicts, decisions and
 * propagations hold for each worker; the time limit and the terminate
 * callback for the whole portfolio. */

#include "assign.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

typedef struct worker {
  struct portfolio *portfolio;
  unsigned index;
  pthread_t thread;
  bool started; /* its thread was created */
  _Atomic (einsat *) solver; /* published once it is set up */
  einsat *self;   /* the same, for its own thread */
  int res;        /* its answer or EINSAT_ERROR */
  bool failed;    /* could not be created or ran out of memory */
  /* Deterministic mode: the clauses exported in the current epoch, and
   * the epoch in which it finished (under the portfolio's lock). */
  ints exports;   /* entries: size, glue, literals */
  bool finished;
  uint64_t finish_epoch;
  double seconds; /* its thread's CPU time, set when it finishes */
  /* Run slots (under the portfolio's lock): it holds a place, and how
   * many turns it searched. */
  bool holding;
  uint64_t turns;
} worker;

typedef struct portfolio {
  einsat *ruler;
  worker *workers;
  unsigned size;
  pthread_mutex_t lock; /* the fields up to 'stopping' */
  pthread_cond_t finished;
  unsigned running;
  int winner; /* index of the first worker with an answer, or -1 */
  bool stopping;
  bool synchronized; /* the mutexes and condition were initialized */
  pthread_mutex_t allocation; /* serializes a custom allocator */
  bool serialize;
  /* The ruler's view, read-only while the workers run. */
  ints assumptions;      /* worker literals */
  int64_t conflicts, decisions, propagations; /* per worker or -1 */
  /* Clauses the workers share, for the ruler's export callback. */
  pthread_mutex_t outbox_lock;
  ints outbox; /* entries: size, glue, worker literals */
  ints forwarded; /* the ruler's scratch */
  bool outbox_full;
  sink *sink; /* the shared proof ('sink.c') if the ruler traces one */
  /* Deterministic mode: the barrier at the end of each epoch, under
   * 'lock' ('epoch' counts the completed ones). */
  bool deterministic;
  unsigned participants, arrived;
  uint64_t epoch;
  pthread_cond_t epoch_done;
  double ruler_seconds; /* the ruler thread's CPU time before the start */
  /* Run slots (under 'lock'): 'places' workers search at once, taking
   * turns in the order of their tickets (a ticket below 'admitted' may
   * search); worker 0 keeps a place of its own if 'keeper'. */
  unsigned places;
  bool keeper;
  uint64_t tickets, admitted;
  unsigned searching; /* holding a place: at most 'places + keeper' */
  uint64_t slice; /* ticks */
  pthread_cond_t turn;
} portfolio;

/*------------------------------------------------------------------------*/
/* Literals: a worker's external variable 'v' is the ruler's internal
 * variable 'v - 1'. */

static int worker_literal (unsigned ilit) {
  int var = (int) IDX (ilit) + 1;
  return NEGATED (ilit) ? -var : var;
}

static unsigned ruler_literal (int wlit) {
  unsigned lit = LIT ((unsigned) abs (wlit) - 1);
  return wlit < 0 ? NOT (lit) : lit;
}

/*------------------------------------------------------------------------*/
/* Memory of the workers. */

static void *serialized_allocator (void *data, void *ptr, size_t old_size,
                                   size_t new_size) {
  portfolio *P = data;
  einsat *ruler = P->ruler;
  pthread_mutex_lock (&P->allocation);
  void *res = ruler->allocator (ruler->allocator_data, ptr, old_size,
                                new_size);
  pthread_mutex_unlock (&P->allocation);
  return res;
}

static einsat *new_worker_solver (portfolio *P) {
  if (P->serialize)
    return einsat_new_with_allocator (serialized_allocator, P);
  return einsat_new_with_allocator (P->ruler->allocator,
                                    P->ruler->allocator_data);
}

/*------------------------------------------------------------------------*/
/* Building a worker (in its own thread). */

static void add_worker_clause (einsat *solver, bool redundant,
                               unsigned glue, size_t size,
                               const unsigned *rlits) {
  if (!redundant) {
    ints *elits = &solver->eclause;
    CLEAR_STACK (*elits);
    for (size_t i = 0; i < size; i++)
      PUSH_STACK (*elits, worker_literal (rlits[i]));
    es_add_original_clause (solver, size, elits->begin);
    CLEAR_STACK (*elits);
    return;
  }
  unsigneds *lits = &solver->clause;
  CLEAR_STACK (*lits);
  for (size_t i = 0; i < size; i++)
    PUSH_STACK (*lits, es_import_literal (solver, worker_literal (rlits[i])));
  if (size == 2)
    es_new_binary (solver, true, lits->begin[0], lits->begin[1]);
  else {
    unsigned ref = es_new_clause (solver, true, glue, size, lits->begin);
    CLAUSE (ref)->used = 1;
  }
  CLEAR_STACK (*lits);
}

/* Learned clauses the ruler keeps anyway go along: the workers should
 * not learn them again. */
static bool cloned_learned (einsat *ruler, clause *c) {
  return !c->garbage && c->glue <= (unsigned) GET_OPTION_OF (ruler, tier2);
}

/* The variables first, in the ruler's order (the worker's internal
 * numbering then follows the ruler's), then the binary clauses from the
 * watch lists, then the large clauses and the at-most-one constraints
 * ('atmost.c'). */
static void clone_formula (einsat *solver, einsat *ruler, bool phases) {
  for (unsigned idx = 0; idx < ruler->vars; idx++) {
    if (!ruler->flags[idx].active)
      continue;
    unsigned lit = es_import_literal (solver, (int) idx + 1);
    if (phases && ruler->saved[idx])
      solver->saved[IDX (lit)] = ruler->saved[idx];
  }
  for (unsigned lit = 0; lit < 2 * ruler->vars; lit++)
    for (all_watches (w, ruler->watches[lit])) {
      if (!IS_BINARY (w) || w.blit < lit)
        continue;
      unsigned pair[2] = {lit, w.blit};
      add_worker_clause (solver, w.ref == REDUNDANT_BINARY, 2, 2, pair);
    }
  for (all_stack (unsigned, ref, ruler->irredundant)) {
    clause *c = (clause *) (ruler->arena.begin + ref);
    if (!c->garbage)
      add_worker_clause (solver, false, 0, c->size, c->lits);
  }
  for (all_stack (unsigned, ref, ruler->redundant)) {
    clause *c = (clause *) (ruler->arena.begin + ref);
    if (cloned_learned (ruler, c))
      add_worker_clause (solver, true, c->glue, c->size, c->lits);
  }
  es_copy_atmosts (solver, ruler, worker_literal);
}

static void export_to_others (void *data, const int *lits, int size,
                              int glue);
static void synchronize (void *data);

static void setup_worker (einsat *solver, void *arg) {
  worker *w = arg;
  portfolio *P = w->portfolio;
  einsat *ruler = P->ruler;
  solver->opts = ruler->opts;
  solver->opts.threads = 1;
  einsat_diversify (solver, ruler->diversification * (int) P->size +
                                (int) w->index);
  if (P->sink) { /* no RAT steps over new variables (see 'sink.c') */
    solver->opts.factor = 0;
    solver->opts.cardinality = 0;
    solver->opts.incremental = 0; /* no clause follows: deletions are fine */
  }
  /* The caller has preprocessed: the first elimination round of the
   * workers (with the techniques of first rounds: counting, Gaussian
   * elimination, congruence closure) comes when its second would. */
  if (ruler->stats.eliminations &&
      solver->opts.eliminateinit < solver->opts.eliminateint)
    solver->opts.eliminateinit = solver->opts.eliminateint;
  solver->worker = w->index + 1;
  clone_formula (solver, ruler, !w->index);
  if (P->sink) { /* the clone is registered already */
    solver->proof = ruler->proof;
    solver->share.sink = P->sink;
  }
  einsat_set_export (solver, w, GET_OPTION_OF (ruler, threadssize),
                     GET_OPTION_OF (ruler, threadsglue), export_to_others);
  if (P->deterministic) {
    solver->share.synchronize = synchronize;
    solver->share.synchronize_data = w;
    solver->share.next_synchronization = GET_OPTION (deterministicepoch);
  }
  einsat_set_conflict_limit (solver, P->conflicts);
  einsat_set_decision_limit (solver, P->decisions);
  einsat_set_propagation_limit (solver, P->propagations);
  for (all_stack (int, lit, P->assumptions))
    einsat_assume (solver, lit);
}

/* Under the lock: asks every published worker to stop. */
static void stop_workers (portfolio *P) {
  P->stopping = true;
  for (unsigned i = 0; i < P->size; i++) {
    einsat *solver = atomic_load (&P->workers[i].solver);
    if (solver)
      einsat_terminate (solver);
  }
  pthread_cond_broadcast (&P->turn); /* waiting workers stop too */
}

/*------------------------------------------------------------------------*/
/* Run slots: with more workers than processors (option
 * 'threadsoversubscribe'), the operating system would share the
 * processors among all of them, each searching at a fraction of the
 * speed, the sequential configuration (worker 0) included.  Instead at
 * most 'threadsslots' workers search at once (processors online by
 * default): worker 0 keeps a slot of its own (if there are two or more),
 * the others take turns on the remaining slots, first come first
 * served, each for 'threadsslice' thousand propagation ticks while
 * others wait; a worker waiting for its turn sleeps on a condition
 * variable and keeps its learned clauses, trail and import queue.  So
 * eight workers on two processors search like worker 0 on one processor
 * and a worker changing its configuration every slice on the other,
 * and all eight share clauses and may win.  A stop (an answer, the
 * terminate callback, the time limit) wakes the waiting workers.
 * Deterministic runs are left out: their epochs have a barrier, and the
 * operating system's scheduling does not change their answers. */

/* Under the lock. */
static void hold_place (portfolio *P, worker *w) {
  w->holding = true;
  w->turns++;
  P->searching++;
  assert (P->stopping || P->searching <= P->places + P->keeper);
}

/* Under the lock: waits for the next place (or a stop). */
static void wait_for_turn (portfolio *P, worker *w) {
  uint64_t ticket = P->tickets++;
  while (ticket >= P->admitted && !P->stopping)
    pthread_cond_wait (&P->turn, &P->lock);
  hold_place (P, w);
}

/* Under the lock: the next waiting worker may take this place. */
static void release_place (portfolio *P, worker *w) {
  if (!w->holding)
    return;
  w->holding = false;
  P->searching--;
  P->admitted++;
  pthread_cond_broadcast (&P->turn);
}

/* The search's call at the end of a worker's slice: it goes on if no
 * other worker waits, otherwise it hands over and waits for its turn. */
static void take_turns (void *data) {
  worker *w = data;
  portfolio *P = w->portfolio;
  einsat *solver = w->self;
  pthread_mutex_lock (&P->lock);
  if (P->tickets > P->admitted) {
    release_place (P, w);
    wait_for_turn (P, w);
  }
  pthread_mutex_unlock (&P->lock);
  solver->share.next_turn = STAT (ticks) + P->slice;
}

static bool takes_turns (portfolio *P, worker *w) {
  return P->places && (w->index || !P->keeper);
}

/* Under the lock, before the worker's first search. */
static void enter_slots (portfolio *P, worker *w) {
  if (!P->places)
    return;
  if (!takes_turns (P, w)) { /* the keeper's place is its own */
    hold_place (P, w);
    return;
  }
  einsat *solver = w->self;
  solver->share.take_turns = take_turns;
  solver->share.take_turns_data = w;
  wait_for_turn (P, w);
  solver->share.next_turn = STAT (ticks) + P->slice;
}

/*------------------------------------------------------------------------*/
/* Deterministic mode: the workers exchange clauses in lock-step epochs
 * of 'deterministicepoch' conflicts.  A worker's exports wait in its own
 * buffer; at the end of each epoch it waits at a barrier until every
 * running worker got there or finished, and the last one to arrive
 * moves all buffered clauses into the import queues, exporters in the
 * order of their index.  So what a worker imports, and when, depends on
 * the seeds and the thread count only, not on the timing of the
 * threads.  A worker with an answer leaves; the others stop at the end
 * of that epoch, and the answer of the earliest epoch wins, ties broken
 * by the lower index.  Termination requests, time limits, allocation
 * failures and the exchange with the ruler's own callbacks are not
 * deterministic, and neither is the order of lines in a shared proof. */

static bool answered (const worker *w) { return w->res == 10 || w->res == 20; }

/* Under the lock, by the last thread to arrive (or to leave). */
static void complete_epoch (portfolio *P) {
  for (unsigned i = 0; i < P->size; i++) {
    ints *exports = &P->workers[i].exports;
    for (const int *p = exports->begin; p != exports->end; p += 2 + p[0])
      for (unsigned j = 0; j < P->size; j++) {
        if (j == i)
          continue;
        worker *importer = P->workers + j;
        bool queued = !importer->finished && importer->self &&
                      es_queue_clause (importer->self, p + 2, p[0], p[1]);
        if (!queued && P->sink)
          es_sink_copy (P->sink, (size_t) p[0], p + 2, -1);
      }
    CLEAR_STACK (*exports);
  }
  for (unsigned i = 0; i < P->size; i++) {
    worker *w = P->workers + i;
    if (w->finished && answered (w) && w->finish_epoch == P->epoch)
      stop_workers (P);
  }
  P->arrived = 0;
  P->epoch++;
  pthread_cond_broadcast (&P->epoch_done);
}

/* The export callback's call at the end of each epoch. */
static void synchronize (void *data) {
  worker *w = data;
  portfolio *P = w->portfolio;
  einsat *solver = w->self;
  solver->share.next_synchronization =
      STAT (conflicts) + (uint64_t) GET_OPTION (deterministicepoch);
  pthread_mutex_lock (&P->lock);
  uint64_t epoch = P->epoch;
  if (++P->arrived == P->participants)
    complete_epoch (P);
  else
    while (P->epoch == epoch)
      pthread_cond_wait (&P->epoch_done, &P->lock);
  pthread_mutex_unlock (&P->lock);
}

/* Under the lock: a worker finished (or never started). */
static void leave_epochs (portfolio *P, worker *w) {
  w->finished = true;
  w->finish_epoch = P->epoch;
  P->participants--;
  if (P->participants && P->arrived == P->participants)
    complete_epoch (P);
}

/* The answer of the earliest epoch, of the lowest index among those. */
static int deterministic_winner (portfolio *P) {
  int winner = -1;
  for (unsigned i = 0; i < P->size; i++) {
    worker *w = P->workers + i;
    if (answered (w) && (winner < 0 || w->finish_epoch <
                                           P->workers[winner].finish_epoch))
      winner = (int) i;
  }
  return winner;
}

static void *work (void *arg) {
  worker *w = arg;
  portfolio *P = w->portfolio;
  einsat *solver = new_worker_solver (P);
  int res = EINSAT_ERROR;
  if (solver && es_protect (solver, setup_worker, w)) {
    pthread_mutex_lock (&P->lock);
    atomic_store (&w->solver, solver);
    w->self = solver;
    if (P->stopping)
      einsat_terminate (solver);
    enter_slots (P, w);
    pthread_mutex_unlock (&P->lock);
    res = einsat_solve (solver);
  }
  w->seconds = es_thread_time ();
  pthread_mutex_lock (&P->lock);
  atomic_store (&w->solver, solver);
  w->res = res;
  w->failed = res == EINSAT_ERROR;
  release_place (P, w); /* a finished keeper leaves one to the others */
  if (P->deterministic)
    leave_epochs (P, w);
  else if ((res == 10 || res == 20) && P->winner < 0) {
    P->winner = (int) w->index;
    stop_workers (P);
  }
  P->running--;
  pthread_cond_signal (&P->finished);
  pthread_mutex_unlock (&P->lock);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Sharing: the export callback of every worker. */

static void export_to_others (void *data, const int *lits, int size,
                              int glue) {
  worker *w = data;
  portfolio *P = w->portfolio;
  /* With a proof each queued copy is a reference in the multiset of live
   * clauses, taken before the importer can see it. */
  if (P->sink)
    es_sink_copy (P->sink, (size_t) size, lits, (int) P->size - 1);
  if (P->deterministic) { /* moved at the end of the epoch */
    einsat *solver = w->self;
    PUSH_STACK (w->exports, size);
    PUSH_STACK (w->exports, glue);
    for (int i = 0; i < size; i++)
      PUSH_STACK (w->exports, lits[i]);
  } else
    for (unsigned i = 0; i < P->size; i++) {
      if (i == w->index)
        continue;
      einsat *other = atomic_load (&P->workers[i].solver);
      if ((!other || !es_queue_clause (other, lits, size, glue)) && P->sink)
        es_sink_copy (P->sink, (size_t) size, lits, -1);
    }
  if (!P->outbox.begin)
    return;
  pthread_mutex_lock (&P->outbox_lock);
  ints *outbox = &P->outbox;
  if (SIZE_STACK (*outbox) + 2 + (size_t) size <= CAPACITY_STACK (*outbox)) {
    *outbox->end++ = size;
    *outbox->end++ = glue;
    for (int i = 0; i < size; i++)
      *outbox->end++ = lits[i];
  } else
    P->outbox_full = true;
  pthread_mutex_unlock (&P->outbox_lock);
}

/*------------------------------------------------------------------------*/
/* The ruler's thread while the workers run: termination and the clauses
 * between the portfolio and the ruler's own export and import. */

/* The ruler's external literal of a worker literal, or 0 for a
 * variable without external name (added by the ruler's factoring). */
static int external_literal (einsat *ruler, int wlit) {
  return es_export_literal (ruler, ruler_literal (wlit));
}

static void pass_to_ruler_callbacks (portfolio *P, int size, int glue,
                                     const int *wlits) {
  einsat *ruler = P->ruler;
  ints *buffer = &ruler->share.export_buffer;
  CLEAR_STACK (*buffer);
  for (int i = 0; i < size; i++) {
    int elit = external_literal (ruler, wlits[i]);
    if (!elit)
      return;
    *buffer->end++ = elit; /* room reserved before the workers started */
  }
  if (ruler->share.export_clause)
    ruler->share.export_clause (ruler->share.export_data, buffer->begin,
                                size, glue);
  if (ruler->learn_callback && size <= ruler->learn_max) {
    *buffer->end++ = 0;
    ruler->learn_callback (ruler->learn_data, buffer->begin);
  }
}

/* The workers' clauses go to the ruler's callbacks in the ruler's
 * thread: the callbacks may expect it (they are documented so). */
static void drain_outbox (portfolio *P) {
  if (!P->outbox.begin)
    return;
  ints *forwarded = &P->forwarded;
  pthread_mutex_lock (&P->outbox_lock);
  size_t words = SIZE_STACK (P->outbox);
  memcpy (forwarded->begin, P->outbox.begin, words * sizeof (int));
  forwarded->end = forwarded->begin + words;
  CLEAR_STACK (P->outbox);
  pthread_mutex_unlock (&P->outbox_lock);
  for (const int *p = forwarded->begin; p != forwarded->end; p += 2 + p[0])
    pass_to_ruler_callbacks (P, p[0], p[1], p + 2);
}

/* Clauses imported into the ruler (from another thread or process) go to
 * every worker, in worker literals, without root-level false literals;
 * clauses the ruler cannot take (see 'share.c') are dropped. */
static void forward_imports (portfolio *P) {
  einsat *ruler = P->ruler;
  sharing *s = &ruler->share;
  if (!atomic_load_explicit (&s->pending, memory_order_relaxed))
    return;
  ints *forwarded = &P->forwarded;
  pthread_mutex_lock (&s->lock);
  size_t words = s->queued;
  memcpy (forwarded->begin, s->queue, words * sizeof (int));
  forwarded->end = forwarded->begin + words;
  s->queued = 0;
  atomic_store (&s->pending, 0);
  pthread_mutex_unlock (&s->lock);
  ints *lits = &s->export_buffer;
  for (const int *p = forwarded->begin; p != forwarded->end;
       p += 2 + p[0]) {
    CLEAR_STACK (*lits);
    bool keep = !ruler->proof;
    for (int i = 0; keep && i < p[0]; i++) {
      unsigned lit = es_find_literal (ruler, p[2 + i]);
      if (lit == INVALID || ruler->flags[IDX (lit)].eliminated ||
          ruler->values[lit] > 0)
        keep = false;
      else if (!ruler->values[lit])
        *lits->end++ = worker_literal (lit);
    }
    if (!keep)
      continue;
    for (unsigned i = 0; i < P->size; i++) {
      einsat *solver = atomic_load (&P->workers[i].solver);
      if (solver)
        es_queue_clause (solver, lits->begin, (int) SIZE_STACK (*lits),
                         p[1]);
    }
  }
}

/* The terminate callback and the time limit are checked at each wake-up
 * (es_terminating checks them every 16 calls otherwise). */
static bool ruler_terminating (einsat *ruler) {
  ruler->terminate_countdown = 0;
  return es_terminating (ruler);
}

static void wait_for_workers (portfolio *P) {
  einsat *ruler = P->ruler;
  for (;;) {
    struct timespec deadline;
    clock_gettime (CLOCK_REALTIME, &deadline);
    deadline.tv_nsec += 10 * 1000 * 1000;
    if (deadline.tv_nsec >= 1000 * 1000 * 1000)
      deadline.tv_sec++, deadline.tv_nsec -= 1000 * 1000 * 1000;
    pthread_mutex_lock (&P->lock);
    if (P->running)
      pthread_cond_timedwait (&P->finished, &P->lock, &deadline);
    unsigned running = P->running;
    bool stopping = P->stopping;
    pthread_mutex_unlock (&P->lock);
    drain_outbox (P);
    if (!running)
      break;
    forward_imports (P);
    if (!stopping && ruler_terminating (ruler)) {
      pthread_mutex_lock (&P->lock);
      stop_workers (P);
      pthread_mutex_unlock (&P->lock);
    }
  }
}

/*------------------------------------------------------------------------*/
/* Starting and ending the portfolio. */

static void report_failure (portfolio *P, worker *w, const char *what) {
  INC_OF (P->ruler, workers_failed);
  if (GET_OPTION_OF (P->ruler, verbose))
    printf ("c worker %u %s: left out\n", w->index, what);
}

static void start_workers (portfolio *P) {
  P->ruler_seconds = es_thread_time ();
  P->participants = P->size; /* before any worker can reach a barrier */
  for (unsigned i = 0; i < P->size; i++) {
    worker *w = P->workers + i;
    pthread_mutex_lock (&P->lock);
    P->running++;
    pthread_mutex_unlock (&P->lock);
    int error = pthread_create (&w->thread, 0, work, w);
    if (error) {
      pthread_mutex_lock (&P->lock);
      P->running--;
      leave_epochs (P, w);
      pthread_mutex_unlock (&P->lock);
      w->failed = true;
      report_failure (P, w, "could not start a thread");
    } else {
      w->started = true;
      INC_OF (P->ruler, workers_started);
    }
  }
}

static void join_workers (portfolio *P) {
  for (unsigned i = 0; i < P->size; i++) {
    worker *w = P->workers + i;
    if (!w->started)
      continue;
    pthread_join (w->thread, 0);
    w->started = false;
    if (w->failed)
      report_failure (P, w, w->solver ? "ran out of memory"
                                      : "could not be created");
  }
}

/* Worker counters the ruler sums up (the ruler's own stay as they are). */
static void add_statistics (einsat *ruler, worker *w) {
  einsat *solver = w->solver;
  if (takes_turns (w->portfolio, w))
    ruler->stats.worker_turns += w->turns;
  statistics *s = &solver->stats, *r = &ruler->stats;
  r->worker_conflicts += s->conflicts;
  r->worker_decisions += s->decisions;
  r->worker_propagations += s->propagations;
  r->worker_exported +=
      s->exported_units + s->exported_binaries + s->exported_clauses;
  r->worker_imported +=
      s->imported_units + s->imported_binaries + s->imported_clauses;
  r->worker_duplicates += s->import_duplicates;
  r->worker_budget += s->import_budget;
  r->worker_imported_used += s->imported_used;
  size_t peak = ruler->memory + solver->peak_memory;
  if (peak > ruler->peak_memory)
    ruler->peak_memory = peak;
}

/* With '-v' one line per worker: what it did and shared. */
static void print_worker (worker *w) {
  einsat *solver = w->solver;
  const statistics *s = &solver->stats;
  printf ("c worker %2u %-7s %11" PRIu64 " conflicts, exported %" PRIu64
          "/%" PRIu64 "/%" PRIu64 ", imported %" PRIu64 "/%" PRIu64
          "/%" PRIu64 " (units/binaries/others), %" PRIu64
          " duplicates, %" PRIu64 " dropped, %" PRIu64
          " over budget, %" PRIu64 " used, ",
          w->index,
          w->failed ? "failed" : w->res == 10 ? "SAT" : w->res == 20 ? "UNSAT"
                                                                  : "stopped",
          s->conflicts, s->exported_units, s->exported_binaries,
          s->exported_clauses, s->imported_units, s->imported_binaries,
          s->imported_clauses, s->import_duplicates,
          s->import_dropped + s->import_overflow, s->import_budget,
          s->imported_used);
  if (w->portfolio->places)
    printf ("%" PRIu64 " turns, ", w->turns);
  printf ("%.2f s\n", w->seconds);
}

/* With '-v' the CPU time of the ruler's thread before the workers
 * started and of the winner's thread: their sum is the time to the
 * answer on idle processors, which the load of a shared machine does
 * not change (bench/PARALLEL.md measures with it); and the CPU time of
 * all threads, which bounds the time to the answer when they share
 * fewer processors. */
static void print_cpu_times (portfolio *P) {
  double all = es_thread_time (); /* the ruler's, waiting included */
  for (unsigned i = 0; i < P->size; i++)
    all += P->workers[i].seconds;
  printf ("c portfolio CPU: ruler %.2f s before the workers", P->ruler_seconds);
  if (P->winner >= 0)
    printf (", winner %d %.2f s, to the answer %.2f s", P->winner,
            P->workers[P->winner].seconds,
            P->ruler_seconds + P->workers[P->winner].seconds);
  printf (", all threads %.2f s\n", all);
}

/* The winner's model on one pseudo decision level of the ruler, which
 * 'es_solve' extends as its own.  Variables the worker never saw take the
 * ruler's saved phase. */
static void adopt_model (einsat *ruler, einsat *solver) {
  es_new_level (ruler, INVALID);
  for (unsigned idx = 0; idx < ruler->vars; idx++) {
    unsigned lit = LIT (idx);
    if (!ruler->flags[idx].active || ruler->values[lit])
      continue;
    int value = einsat_model_value (solver, (int) idx + 1);
    if (!value)
      value = ruler->saved[idx];
    es_assign (ruler, value > 0 ? lit : NOT (lit), ruler->level, INVALID,
               false);
  }
}

/* 'solver' is the ruler here: the stack macros charge it. */
static void adopt_failed (einsat *solver, einsat *winner) {
  if (winner->inconsistent) {
    solver->inconsistent = true;
    return;
  }
  for (all_stack (unsigned, lit, solver->assumptions)) {
    unsigned idx = IDX (lit);
    var_flags *f = FLAGS (idx);
    if (!f->failed && einsat_failed (winner, worker_literal (lit))) {
      f->failed = true;
      PUSH_STACK (solver->failed, idx);
    }
  }
}

/* Returns the answer, or EINSAT_ERROR if no worker ran. */
static int finish_portfolio (portfolio *P) {
  einsat *ruler = P->ruler;
  bool any = false;
  for (unsigned i = 0; i < P->size; i++) {
    worker *w = P->workers + i;
    if (!w->solver)
      continue;
    any |= !w->failed;
    add_statistics (ruler, w);
    if (GET_OPTION_OF (ruler, verbose))
      print_worker (w);
  }
  if (P->deterministic)
    P->winner = deterministic_winner (P);
  if (GET_OPTION_OF (ruler, verbose))
    print_cpu_times (P);
  if (P->winner < 0)
    return any ? 0 : EINSAT_ERROR;
  worker *w = P->workers + P->winner;
  if (w->res == 10)
    adopt_model (ruler, w->solver);
  else
    adopt_failed (ruler, w->solver);
  return w->res;
}

/* The exports buffer belongs to the worker's instance. */
static void delete_worker (worker *w) {
  einsat *solver = atomic_load (&w->solver);
  if (!solver)
    return;
  RELEASE_STACK (w->exports);
  einsat_delete (solver);
}

void es_release_portfolio (einsat *solver) {
  portfolio *P = solver->portfolio;
  if (!P)
    return;
  solver->portfolio = 0;
  for (unsigned i = 0; i < P->size; i++)
    delete_worker (P->workers + i);
  es_delete_sink (P->sink); /* may need 'allocation' */
  if (P->synchronized) {
    pthread_cond_destroy (&P->turn);
    pthread_cond_destroy (&P->epoch_done);
    pthread_mutex_destroy (&P->lock);
    pthread_mutex_destroy (&P->allocation);
    pthread_mutex_destroy (&P->outbox_lock);
    pthread_cond_destroy (&P->finished);
  }
  DELETE_ARRAY (P->workers, P->size);
  RELEASE_STACK (P->assumptions);
  RELEASE_STACK (P->outbox);
  RELEASE_STACK (P->forwarded);
  es_free (solver, P, sizeof *P);
}

/* Each step undoes the ones before if it fails. */
static bool init_synchronization (portfolio *P) {
  if (pthread_mutex_init (&P->lock, 0))
    return false;
  if (pthread_mutex_init (&P->allocation, 0))
    goto no_allocation;
  if (pthread_mutex_init (&P->outbox_lock, 0))
    goto no_outbox;
  if (pthread_cond_init (&P->finished, 0))
    goto no_finished;
  if (pthread_cond_init (&P->epoch_done, 0))
    goto no_epoch_done;
  if (pthread_cond_init (&P->turn, 0))
    goto no_turn;
  return P->synchronized = true;
no_turn:
  pthread_cond_destroy (&P->epoch_done);
no_epoch_done:
  pthread_cond_destroy (&P->finished);
no_finished:
  pthread_mutex_destroy (&P->outbox_lock);
no_outbox:
  pthread_mutex_destroy (&P->allocation);
no_allocation:
  pthread_mutex_destroy (&P->lock);
  return false;
}

static int64_t remaining (int64_t limit, uint64_t used) {
  if (limit < 0)
    return -1;
  return (uint64_t) limit > used ? limit - (int64_t) used : 0;
}

/* The clauses the workers copy ('clone_formula') are live in the proof
 * once for the ruler and once more for each worker (see 'sink.c'). */
static void register_ruler_clauses (portfolio *P) {
  einsat *ruler = P->ruler, *solver = ruler;
  sink *S = P->sink;
  int copies = 1 + (int) P->size;
  for (unsigned lit = 0; lit < 2 * ruler->vars; lit++)
    for (all_watches (w, ruler->watches[lit]))
      if (IS_BINARY (w) && w.blit > lit)
        es_sink_register (S, 2, (unsigned[]) {lit, w.blit}, copies);
  for (all_stack (unsigned, ref, ruler->irredundant)) {
    clause *c = CLAUSE (ref);
    if (!c->garbage)
      es_sink_register (S, c->size, c->lits, copies);
  }
  for (all_stack (unsigned, ref, ruler->redundant)) {
    clause *c = CLAUSE (ref);
    if (cloned_learned (ruler, c))
      es_sink_register (S, c->size, c->lits, copies);
  }
}

/* The workers write through a shared sink from now on. */
static void start_shared_proof (portfolio *P) {
  einsat *ruler = P->ruler;
  es_proof_flush (ruler); /* the ruler's lines come first */
  P->sink = P->serialize
                ? es_new_sink (ruler, serialized_allocator, P)
                : es_new_sink (ruler, ruler->allocator, ruler->allocator_data);
  if (!P->sink)
    es_out_of_memory (ruler, sizeof (pthread_mutex_t));
  register_ruler_clauses (P);
  if (es_sink_failed (P->sink))
    es_out_of_memory (ruler, 0);
}

/* The number of workers that search at once: option 'threadsslots', or
 * the processors online; 0 if that is not fewer than the workers. */
static unsigned number_of_slots (einsat *solver, unsigned workers) {
  long slots = GET_OPTION (threadsslots);
  if (!slots)
    slots = sysconf (_SC_NPROCESSORS_ONLN);
  if (slots <= 0 || (unsigned long) slots >= workers ||
      GET_OPTION (deterministic))
    return 0;
  return (unsigned) slots;
}

static void init_slots (portfolio *P, unsigned workers) {
  einsat *solver = P->ruler;
  unsigned slots = number_of_slots (solver, workers);
  if (!slots)
    return;
  P->keeper = slots > 1;
  P->places = slots - P->keeper;
  P->admitted = P->places;
  P->slice = 1000 * (uint64_t) GET_OPTION (threadsslice);
  if (GET_OPTION (verbose))
    printf ("c %u workers take turns on %u slots%s\n", workers, slots,
            P->keeper ? ", worker 0 keeps one" : "");
}

/* Everything the ruler's thread allocates for the portfolio is allocated
 * here, before the first worker starts: an allocation failure later
 * would long-jump out of the ruler's thread while workers run. */
static portfolio *new_portfolio (einsat *ruler, unsigned size) {
  portfolio *P = es_calloc (ruler, 1, sizeof *P);
  ruler->portfolio = P;
  P->ruler = ruler;
  P->winner = -1;
  P->serialize = es_custom_allocator (ruler);
  P->deterministic = GET_OPTION_OF (ruler, deterministic);
  einsat *solver = ruler; /* for the stack macros */
  init_slots (P, size);
  NEW_ARRAY (P->workers, size);
  P->size = size;
  for (unsigned i = 0; i < size; i++)
    P->workers[i].portfolio = P, P->workers[i].index = i;
  for (all_stack (unsigned, lit, ruler->assumptions))
    if (!ruler->values[lit]) /* true ones hold in every model */
      PUSH_STACK (P->assumptions, worker_literal (lit));
  search_limits *l = &ruler->search_limits;
  P->conflicts = remaining (l->conflicts, STAT (conflicts) - l->conflicts_start);
  P->decisions = remaining (l->decisions, STAT (decisions) - l->decisions_start);
  P->propagations = remaining (l->propagations,
                               STAT (propagations) - l->propagations_start);
  RESERVE_STACK (P->forwarded, IMPORT_QUEUE_WORDS);
  RESERVE_STACK (ruler->share.export_buffer, IMPORT_QUEUE_WORDS + 1);
  if (ruler->share.export_clause || ruler->learn_callback)
    RESERVE_STACK (P->outbox, IMPORT_QUEUE_WORDS);
  if (!init_synchronization (P))
    es_out_of_memory (ruler, sizeof (pthread_mutex_t));
  if (ruler->proof)
    start_shared_proof (P);
  return P;
}

/* The combinations the portfolio refuses (see 'einsat.h'), or 0. */
static const char *unsupported (const einsat *solver) {
  if (solver->lrat)
    return "an LRAT proof";
  if (solver->decide_callback)
    return "a decide callback";
  if (solver->trace)
    return "a trace";
  return 0;
}

/* Runs the portfolio from the root level.  Returns its answer, or
 * EINSAT_ERROR if no worker could run. */
/* The number of workers: option 'threads', but not more than the
 * processors online unless 'threadsoversubscribe' says so, since more
 * workers than processors only share the same time.  Deterministic runs
 * do not depend on the machine and take the option as it is. */
static unsigned number_of_workers (einsat *solver) {
  unsigned threads = (unsigned) GET_OPTION (threads);
  if (GET_OPTION (deterministic) || GET_OPTION (threadsoversubscribe))
    return threads;
  long online = sysconf (_SC_NPROCESSORS_ONLN);
  if (online > 0 && (unsigned long) online < threads) {
    if (GET_OPTION (verbose))
      printf ("c %u threads asked for, %ld processors online: %ld "
              "workers\n", threads, online, online);
    threads = (unsigned) online;
  }
  return threads;
}

static int run_portfolio (einsat *solver, unsigned workers) {
  portfolio *P = new_portfolio (solver, workers);
  start_workers (P);
  wait_for_workers (P);
  join_workers (P);
  if (P->sink && es_sink_failed (P->sink)) /* the proof is incomplete */
    es_out_of_memory (solver, 0);
  int res = finish_portfolio (P);
  es_release_portfolio (solver);
  return res;
}

#define START_THREADS (-2)

/* The caller's search before the workers start: until 'threadsdelay'
 * conflicts or 'threadsdelayticks' thousand ticks (a deterministic
 * measure of time, which bounds the delay on formulas with slow
 * conflicts), in slices of at most 100 conflicts within the caller's
 * limits.  Returns the answer, 0 if a limit or a request stopped it, or
 * START_THREADS. */
static int search_alone (einsat *solver) {
  search_limits *l = &solver->search_limits;
  const int64_t limit = l->conflicts;
  const uint64_t conflicts = (uint64_t) GET_OPTION (threadsdelay);
  const uint64_t ticks = 1000 * (uint64_t) GET_OPTION (threadsdelayticks);
  const uint64_t start = STAT (ticks);
  for (;;) {
    uint64_t used = STAT (conflicts) - l->conflicts_start;
    if (used >= conflicts || STAT (ticks) - start >= ticks)
      return START_THREADS;
    uint64_t left = conflicts - used;
    uint64_t slice = used + (left < 100 ? left : 100);
    bool capped = limit < 0 || slice < (uint64_t) limit;
    if (capped)
      l->conflicts = (int64_t) slice;
    int res = es_search (solver);
    l->conflicts = limit;
    if (res || !capped || ruler_terminating (solver))
      return res;
  }
}

/* Preprocessing and the first conflicts alone, then the portfolio. */
int es_portfolio_search (einsat *solver) {
  unsigned workers = number_of_workers (solver);
  if (workers < 2)
    return es_search (solver);
  int res = search_alone (solver);
  if (res != START_THREADS)
    return res;
  if (!es_clean_root (solver))
    return 20;
  /* Root-level units are not copied: an assumption they falsify fails
   * here (as when the search would decide it). */
  for (all_stack (unsigned, lit, solver->assumptions))
    if (VALUE (lit) < 0) {
      es_analyze_failed (solver, lit);
      return 20;
    }
  res = run_portfolio (solver, workers);
  if (res == EINSAT_ERROR) /* no worker: the ruler goes on alone */
    res = es_search (solver);
  return res;
}

/* Checked by every solve with option 'threads' above 1, whatever the
 * formula: the answer to a refused combination does not depend on it. */
bool es_portfolio_refuses (einsat *solver) {
  const char *refused = unsupported (solver);
  if (refused)
    es_set_error (solver, "option 'threads' > 1 with %s is not supported",
                  refused);
  return refused;
}
