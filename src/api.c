/* The public API: contract checks, the state machine documented in
 * 'einsat.h', and recovery from out-of-memory.
 *
 * Every entry point that may allocate runs its work through 'protect',
 * the only place with a 'setjmp': an allocation failure long-jumps back
 * there, the instance becomes INVALID and the call returns an error
 * value.  All data structures stay consistent enough to be freed. */

#include "internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/*------------------------------------------------------------------------*/
/* Errors. */

void es_set_error (einsat *solver, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (solver->error, sizeof solver->error, fmt, ap);
  va_end (ap);
}

_Noreturn void es_fatal (einsat *solver, const char *fmt, ...) {
  char message[512];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (message, sizeof message, fmt, ap);
  va_end (ap);
  if (solver && solver->abort_hook)
    solver->abort_hook (solver->abort_data, message);
  fprintf (stderr, "einsat: fatal error: %s\n", message);
  fflush (stderr);
  abort ();
}

_Noreturn void es_contract_violation (einsat *solver, const char *fun,
                                      const char *fmt, ...) {
  char message[512];
  int n = snprintf (message, sizeof message,
                    "invalid API usage of '%s': ", fun);
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (message + n, sizeof message - n, fmt, ap);
  va_end (ap);
  if (solver && solver->abort_hook)
    solver->abort_hook (solver->abort_data, message);
  fprintf (stderr, "einsat: %s\n", message);
  fflush (stderr);
  abort ();
}

#define contract_violation es_contract_violation

#define REQUIRE(COND, ...) \
  do { \
    if (!(COND)) \
      contract_violation ((einsat *) solver, __func__, __VA_ARGS__); \
  } while (0)

#define REQUIRE_SOLVER() \
  do { \
    if (!solver) \
      contract_violation (0, __func__, "solver is NULL"); \
  } while (0)

#define REQUIRE_VALID_LITERAL(LIT) \
  REQUIRE (es_literal_in_range (LIT), \
           "literal %d is out of range", (LIT))

#define REQUIRE_NOT_ADDING() \
  REQUIRE (solver->state != STATE_ADDING, \
           "clause is still being added (missing terminating zero)")

/* LRAT numbers lemmas after the original clauses (see 'lrat.c'). */
#define REQUIRE_NO_LRAT_LEMMAS() \
  REQUIRE (!solver->lrat_started, \
           "clauses must be added before the first solve with an LRAT " \
           "proof")

/* A DRAT proof traced without 'incremental' deletes the clauses moved to
 * the extension stack and names factoring variables: a clause added
 * later could not be checked against it (see 'extend.c'). */
#define REQUIRE_INCREMENTAL_PROOF() \
  REQUIRE (!solver->proof || GET_OPTION (incremental) || !STAT (solves), \
           "clauses after a solve with a DRAT proof need option " \
           "'incremental'")

/* The checks of a call that adds a whole clause or constraint at once
 * ('WHAT' names it in the message). */
#define REQUIRE_ADDABLE_LITERALS(LITS, SIZE, WHAT) \
  do { \
    REQUIRE_NOT_ADDING (); \
    REQUIRE_NO_LRAT_LEMMAS (); \
    REQUIRE_INCREMENTAL_PROOF (); \
    REQUIRE ((LITS) || !(SIZE), "literals are NULL"); \
    for (size_t i = 0; i < (SIZE); i++) { \
      REQUIRE ((LITS)[i], "zero inside a " WHAT); \
      REQUIRE_VALID_LITERAL ((LITS)[i]); \
    } \
  } while (0)

static const char *state_name (enum state state) {
  switch (state) {
  case STATE_READY:
    return "READY";
  case STATE_ADDING:
    return "ADDING";
  case STATE_SAT:
    return "SAT";
  case STATE_UNSAT:
    return "UNSAT";
  case STATE_UNKNOWN:
    return "UNKNOWN";
  default:
    return "INVALID";
  }
}

typedef void protected_function (einsat *, void *);

/* Runs 'fun' so that running out of memory returns false instead of
 * crashing.  Nested calls run directly under the outer protection. */
static bool protect (einsat *solver, protected_function *fun, void *arg) {
  if (solver->recovery) {
    fun (solver, arg);
    return true;
  }
  jmp_buf env;
  solver->recovery = &env;
  if (setjmp (env)) {
    solver->recovery = 0;
    solver->state = STATE_INVALID;
    return false;
  }
  fun (solver, arg);
  solver->recovery = 0;
  return true;
}

/*------------------------------------------------------------------------*/
/* Creating and deleting. */

static void *default_allocator (void *data, void *ptr, size_t old_size,
                                size_t new_size) {
  (void) data, (void) old_size;
  if (!new_size) {
    free (ptr);
    return 0;
  }
  return realloc (ptr, new_size);
}

static void init_solver (einsat *solver, void *arg) {
  (void) arg;
  es_init_options (&solver->opts);
  frame root = {INVALID, 0, 0, INVALID, 0, 0};
  PUSH_STACK (solver->frames, root);
  solver->queue.first = solver->queue.last = INVALID;
  solver->queue.search = INVALID;
  solver->symmetry_selector = INVALID;
  solver->scores.increment = 1;
  PUSH_STACK (solver->e2i, 0);
  PUSH_STACK (solver->frozen, 0);
  PUSH_STACK (solver->emodel, 0);
  solver->search_limits.conflicts = -1;
  solver->search_limits.decisions = -1;
  solver->search_limits.propagations = -1;
  solver->search_limits.seconds = -1;
  solver->start_time = es_process_time ();
}

einsat *einsat_new_with_allocator (einsat_allocator *allocator,
                                   void *data) {
  if (!allocator)
    allocator = default_allocator;
  einsat *solver = allocator (data, 0, 0, sizeof *solver);
  if (!solver)
    return 0;
  memset (solver, 0, sizeof *solver);
  if (!es_init_sharing (solver)) {
    allocator (data, solver, sizeof *solver, 0);
    return 0;
  }
  solver->allocator = allocator;
  solver->allocator_data = data;
  solver->system_allocator = allocator == default_allocator;
  solver->memory = solver->peak_memory = sizeof *solver;
  if (!protect (solver, init_solver, 0)) {
    einsat_delete (solver);
    return 0;
  }
  return solver;
}

einsat *einsat_new (void) { return einsat_new_with_allocator (0, 0); }

void einsat_delete (einsat *solver) {
  if (!solver)
    return;
  es_proof_flush (solver);
  es_drop_gauss_jordan (solver); /* clears variable flags */
  es_release_bandit (solver);
  es_release_variables (solver);
  es_release_watch_pool (solver);
  es_lrat_release (solver);
  es_release_elimination (solver);
  es_release_subsumption (solver);
  es_release_factoring (solver);
  es_release_gauss (solver);
  es_release_cardinality (solver);
  es_release_symmetry (solver);
  es_release_congruence (solver);
  es_release_sweeper (solver);
  es_release_cuber (solver);
  es_release_decompose (solver);
  es_release_walker (solver);
  es_release_enumerator (solver);
  es_release_atmosts (solver);
  es_release_portfolio (solver);
  es_release_sharing (solver);
  RELEASE_STACKS (SOLVER_STACKS, solver);
  einsat_allocator *allocator = solver->allocator;
  void *data = solver->allocator_data;
  allocator (data, solver, sizeof *solver, 0);
}

const char *einsat_signature (void) { return "einsat-" EINSAT_VERSION; }
const char *einsat_version (void) { return EINSAT_VERSION; }

void einsat_set_abort_hook (einsat *solver, einsat_abort_hook *hook,
                            void *data) {
  REQUIRE_SOLVER ();
  solver->abort_hook = hook;
  solver->abort_data = data;
}

/*------------------------------------------------------------------------*/
/* The IPASIR core. */

static void leave_result_state (einsat *solver) {
  if (solver->state == STATE_SAT || solver->state == STATE_UNSAT ||
      solver->state == STATE_UNKNOWN)
    solver->state = STATE_READY;
}

static void push_literal (einsat *solver, void *arg) {
  PUSH_STACK (solver->eclause, *(int *) arg);
}

static void add_clause (einsat *solver, void *arg) {
  (void) arg;
  es_add_original_clause (solver, SIZE_STACK (solver->eclause),
                          solver->eclause.begin);
  CLEAR_STACK (solver->eclause);
}

void einsat_add (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return;
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE_NO_LRAT_LEMMAS ();
  REQUIRE_INCREMENTAL_PROOF ();
  leave_result_state (solver);
  if (lit) {
    solver->state = STATE_ADDING;
    if (FULL_STACK (solver->eclause))
      protect (solver, push_literal, &lit);
    else
      *solver->eclause.end++ = lit; /* no allocation, no 'setjmp' */
  } else if (protect (solver, add_clause, 0))
    solver->state = STATE_READY;
}

typedef struct clause_argument {
  const int *lits;
  size_t size;
} clause_argument;

static void add_whole_clause (einsat *solver, void *arg) {
  clause_argument *c = arg;
  es_add_original_clause (solver, c->size, c->lits);
}

void einsat_add_clause (einsat *solver, const int *lits, size_t size) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return;
  REQUIRE_ADDABLE_LITERALS (lits, size, "clause");
  leave_result_state (solver);
  clause_argument c = {lits, size};
  protect (solver, add_whole_clause, &c);
}

typedef struct atmost_argument {
  const int *lits;
  size_t size;
  int bound;
} atmost_argument;

static void add_whole_atmost (einsat *solver, void *arg) {
  atmost_argument *c = arg;
  es_add_original_atmost (solver, c->size, c->lits, c->bound);
}

void einsat_add_atmost (einsat *solver, const int *lits, size_t size,
                        int bound) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return;
  REQUIRE_ADDABLE_LITERALS (lits, size, "constraint");
  REQUIRE (!solver->proof || bound <= 1 || (size_t) bound >= size,
           "a bound above one (here %d) cannot be stated in a proof: "
           "encode the constraint with clauses",
           bound);
  leave_result_state (solver);
  atmost_argument c = {lits, size, bound};
  protect (solver, add_whole_atmost, &c);
}

static void add_whole_exactly (einsat *solver, void *arg) {
  atmost_argument *c = arg;
  es_add_original_exactly (solver, c->size, c->lits, c->bound);
}

void einsat_add_exactly (einsat *solver, const int *lits, size_t size,
                         int bound) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return;
  REQUIRE_ADDABLE_LITERALS (lits, size, "constraint");
  REQUIRE (!solver->proof || bound <= 1 || (size_t) bound + 1 >= size,
           "a bound other than 0, 1, size - 1 or size (here %d of %zu) "
           "cannot be stated in a proof: encode the constraint with "
           "clauses",
           bound, size);
  leave_result_state (solver);
  atmost_argument c = {lits, size, bound};
  protect (solver, add_whole_exactly, &c);
}

static void push_assumption (einsat *solver, void *arg) {
  int lit = *(int *) arg;
  PUSH_STACK (solver->eassumptions, lit);
  es_enlarge_external (solver, abs (lit));
}

void einsat_assume (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return;
  REQUIRE_NOT_ADDING ();
  REQUIRE (lit, "zero is not a literal");
  REQUIRE_VALID_LITERAL (lit);
  leave_result_state (solver);
  if (FULL_STACK (solver->eassumptions) ||
      !es_external_fits (solver, abs (lit)))
    protect (solver, push_assumption, &lit);
  else
    *solver->eassumptions.end++ = lit; /* no allocation, no 'setjmp' */
}

static void solve (einsat *solver, void *arg) {
  *(int *) arg = es_solve (solver);
}

int einsat_solve (einsat *solver) {
  REQUIRE_SOLVER ();
  if (solver->state == STATE_INVALID)
    return EINSAT_ERROR;
  REQUIRE_NOT_ADDING ();
  int res = EINSAT_ERROR;
  if (!protect (solver, solve, &res))
    return EINSAT_ERROR;
  solver->state = res == 10   ? STATE_SAT
                  : res == 20 ? STATE_UNSAT
                              : STATE_UNKNOWN;
  return res;
}

int einsat_val (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  REQUIRE (solver->state == STATE_SAT, "solver is in state %s, not SAT",
           state_name (solver->state));
  return einsat_model_value (solver, lit) == lit ? lit : -lit;
}

int einsat_model_value (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  REQUIRE (solver->state == STATE_SAT, "solver is in state %s, not SAT",
           state_name (solver->state));
  int idx = abs (lit);
  if (idx > solver->max_external)
    return 0;
  signed char value = PEEK_STACK (solver->emodel, idx);
  if (!value)
    return 0;
  return (lit < 0 ? -value : value) > 0 ? lit : -lit;
}

int einsat_failed (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  REQUIRE (solver->state == STATE_UNSAT,
           "solver is in state %s, not UNSAT", state_name (solver->state));
  unsigned ilit = es_find_literal (solver, lit);
  return ilit != INVALID && FLAGS (IDX (ilit))->failed;
}

void einsat_set_terminate (einsat *solver, void *data,
                           int (*terminate) (void *)) {
  REQUIRE_SOLVER ();
  solver->terminate_callback = terminate;
  solver->terminate_data = data;
}

void einsat_set_decide (einsat *solver, void *data, int (*decide) (void *)) {
  REQUIRE_SOLVER ();
  solver->decide_callback = decide;
  solver->decide_data = data;
}

int einsat_current_value (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  unsigned ilit = es_find_literal (solver, lit);
  return ilit == INVALID ? 0 : VALUE (ilit);
}

void einsat_set_learn (einsat *solver, void *data, int max_length,
                       void (*learn) (void *, int *)) {
  REQUIRE_SOLVER ();
  solver->learn_callback = learn;
  solver->learn_data = data;
  solver->learn_max = max_length;
}

void einsat_terminate (einsat *solver) {
  REQUIRE_SOLVER ();
  atomic_store (&solver->terminate_requested, 1);
}

void einsat_clear_terminate (einsat *solver) {
  if (solver)
    atomic_store (&solver->terminate_requested, 0);
}

int einsat_vars (const einsat *solver) {
  REQUIRE_SOLVER ();
  return solver->max_external;
}

static void reserve (einsat *solver, void *arg) {
  int max_var = *(int *) arg; /* the variables are not used yet */
  size_t entries = (size_t) max_var + 1;
  RESERVE_STACK (solver->e2i, entries);
  RESERVE_STACK (solver->frozen, entries);
  RESERVE_STACK (solver->emodel, entries);
  RESERVE_STACK (solver->i2e, (size_t) max_var);
  es_reserve_variables (solver, (unsigned) max_var);
}

void einsat_reserve (einsat *solver, int max_var) {
  REQUIRE_SOLVER ();
  REQUIRE (max_var >= 0 && max_var <= EINSAT_MAX_VAR,
           "invalid number of variables %d", max_var);
  REQUIRE_NOT_ADDING ();
  if (solver->state != STATE_INVALID && max_var)
    protect (solver, reserve, &max_var);
}

static void freeze (einsat *solver, void *arg) {
  int idx = abs (*(int *) arg);
  es_backtrack (solver, 0);
  es_restore_external (solver, 1, &idx);
  es_import_literal (solver, idx);
  POKE_STACK (solver->frozen, idx, PEEK_STACK (solver->frozen, idx) + 1);
}

void einsat_freeze (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  REQUIRE_NOT_ADDING ();
  if (solver->state != STATE_INVALID)
    protect (solver, freeze, &lit);
}

static void set_phase (einsat *solver, void *arg) {
  unsigned lit = es_import_literal (solver, *(int *) arg);
  solver->saved[IDX (lit)] = NEGATED (lit) ? -1 : 1;
  solver->phase_hinted = true;
}

void einsat_phase (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  REQUIRE_NOT_ADDING ();
  if (solver->state != STATE_INVALID)
    protect (solver, set_phase, &lit);
}

void einsat_melt (einsat *solver, int lit) {
  REQUIRE_SOLVER ();
  REQUIRE_VALID_LITERAL (lit);
  REQUIRE (lit, "zero is not a literal");
  int idx = abs (lit);
  REQUIRE (idx <= solver->max_external &&
               PEEK_STACK (solver->frozen, idx) > 0,
           "variable %d is not frozen", idx);
  POKE_STACK (solver->frozen, idx, PEEK_STACK (solver->frozen, idx) - 1);
}

/*------------------------------------------------------------------------*/
/* Options, limits, statistics. */

int einsat_set_option (einsat *solver, const char *name, int value) {
  REQUIRE_SOLVER ();
  REQUIRE (name, "option name is NULL");
  int *p = es_option_pointer (&solver->opts, name);
  if (!p || !es_option_in_range (name, value))
    return 0;
  *p = value;
  return 1;
}

int einsat_get_option (const einsat *solver, const char *name,
                       int *value) {
  REQUIRE_SOLVER ();
  REQUIRE (name, "option name is NULL");
  REQUIRE (value, "value is NULL");
  int *p = es_option_pointer ((options *) &solver->opts, name);
  if (!p)
    return 0;
  *value = *p;
  return 1;
}

typedef struct configuration {
  const char *name;
  const char *options[4];
} configuration;

/* 'plain' is the plain column of the options table ('options.h').
 * 'unsat' keeps focused mode on saved phases: with target phases it lost
 * gus-md5-06 (bench/RESULTS.md, "chnl-010x011, measured at stop 20"). */
static const configuration configurations[] = {
    {"default", {0}},
    {"sat", {"--stable=2", "--target=2", 0}},
    {"unsat", {"--stable=0", "--target=1", 0}},
};

int einsat_configure (einsat *solver, const char *name) {
  REQUIRE_SOLVER ();
  REQUIRE (name, "configuration name is NULL");
  if (!strcmp (name, "plain")) {
    es_configure_plain (&solver->opts);
    return 1;
  }
  for (size_t i = 0; i < sizeof configurations / sizeof *configurations;
       i++) {
    const configuration *c = configurations + i;
    if (strcmp (c->name, name))
      continue;
    for (const char *const *o = c->options; *o; o++)
      if (einsat_parse_option (solver, *o) != 1)
        es_fatal (solver, "invalid option '%s' in configuration", *o);
    return 1;
  }
  es_set_error (solver, "unknown configuration '%s'", name);
  return 0;
}

void einsat_set_conflict_limit (einsat *solver, int64_t conflicts) {
  REQUIRE_SOLVER ();
  solver->search_limits.conflicts = conflicts < 0 ? -1 : conflicts;
}

void einsat_set_decision_limit (einsat *solver, int64_t decisions) {
  REQUIRE_SOLVER ();
  solver->search_limits.decisions = decisions < 0 ? -1 : decisions;
}

void einsat_set_propagation_limit (einsat *solver, int64_t propagations) {
  REQUIRE_SOLVER ();
  solver->search_limits.propagations = propagations < 0 ? -1 : propagations;
}

void einsat_set_time_limit (einsat *solver, double seconds) {
  REQUIRE_SOLVER ();
  solver->search_limits.seconds = seconds < 0 ? -1 : seconds;
}

size_t einsat_memory (const einsat *solver) {
  REQUIRE_SOLVER ();
  return solver->memory;
}

size_t einsat_peak_memory (const einsat *solver) {
  REQUIRE_SOLVER ();
  return solver->peak_memory;
}

const char *einsat_error (const einsat *solver) {
  REQUIRE_SOLVER ();
  return solver->error;
}

/*------------------------------------------------------------------------*/
/* Proofs and tracing. */

int einsat_trace_proof (einsat *solver, FILE *file, int binary) {
  REQUIRE_SOLVER ();
  REQUIRE (file, "proof file is NULL");
  REQUIRE (!solver->proof, "proof already traced");
  REQUIRE (!solver->vars && solver->state == STATE_READY &&
               EMPTY_STACK (solver->eclause),
           "proof must be traced before adding clauses");
  solver->proof = file;
  solver->proof_binary = binary;
  return 1;
}

int einsat_trace_lrat (einsat *solver, FILE *file, int binary) {
  REQUIRE_SOLVER ();
  if (!einsat_trace_proof (solver, file, binary))
    return 0;
  solver->lrat = true;
  solver->id_words = 2;
  return 1;
}

void einsat_close_proof (einsat *solver) {
  REQUIRE_SOLVER ();
  es_proof_flush (solver);
  solver->proof = 0;
  solver->lrat = false; /* identifiers stay in the arena, unused */
}

void einsat_set_trace (einsat *solver, einsat_trace_callback *callback,
                       void *data) {
  REQUIRE_SOLVER ();
  solver->trace = callback;
  solver->trace_data = data;
}

/*------------------------------------------------------------------------*/
/* Entry points implemented elsewhere run protected through these. */

bool es_protect (einsat *solver, void (*fun) (einsat *, void *),
                 void *arg) {
  return protect (solver, fun, arg);
}

bool es_custom_allocator (const einsat *solver) {
  return solver->allocator != default_allocator;
}

void es_require_solver (const einsat *solver, const char *fun) {
  if (!solver)
    contract_violation (0, fun, "solver is NULL");
}

void es_require_ready (einsat *solver, const char *fun) {
  es_require_solver (solver, fun);
  if (solver->state == STATE_ADDING)
    contract_violation (solver, fun,
                        "clause is still being added (missing "
                        "terminating zero)");
  leave_result_state (solver);
}
