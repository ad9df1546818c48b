/* Runs a trace against the library and checks every answer without
 * trusting the solver: models must satisfy all clauses and assumptions,
 * UNSAT and the failed assumptions are confirmed by exhaustive search,
 * enumerated models must be distinct projections of models (and all of
 * them when the enumeration claims to be complete), exported learned
 * clauses must be short enough and implied by the formula, UNKNOWN is
 * accepted only under a limit or termination request, and memory must be
 * freed (with the right sizes) and charged to the instance exactly.
 *
 * The executor keeps its own copy of the documented state machine and
 * skips calls the contract does not allow in the current state ('val'
 * outside SAT, 'failed' on a literal that was not assumed, 'melt' of a
 * variable that is not frozen, anything after an allocation failure but
 * 'delete'): generated traces only contain such calls because the
 * generator cannot know the answers, and shrinking may create more.
 *
 * With a proof traced ('proof' right after 'new'), every UNSAT answer
 * without assumptions is checked by the external checkers of 'proofs.c'
 * against every clause added so far, including those added after
 * earlier solves. */

#include "mbt.h"
#include "oracle.h"

#include "einsat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ASSUMPTIONS 256

typedef enum mode { READY, SAT, UNSAT, UNKNOWN, INVALID, DELETED } mode;

/* Every block carries its size in a header so that frees with a wrong
 * size are detected; the 'fail_at'-th allocation fails. */
typedef struct memory {
  long allocations, fail_at;
  bool failed;
  long live_blocks, wrong_sizes;
  size_t live_bytes;
} memory;

#define HEADER 16

typedef struct enumeration {
  const call *call;
  int project[ORACLE_VARS + MBT_MAX_LITS]; /* external variables */
  int size;
  uint64_t expected[1 << 10]; /* projections of the models */
  uint64_t reported[1 << 10];
  uint64_t models;
} enumeration;

/* The proof traced, and the clauses added, for the checkers. */
typedef struct proof_state {
  bool traced, lrat, binary;
  FILE *file;
  proof_check check;
  int *lits; /* the clauses added, each ending with 0 */
  size_t size, capacity;
  size_t clauses, checked_clauses; /* ... and at the last check */
} proof_state;

typedef struct executor {
  size_t step;
  const call *call;
  bool verbose;
  outcome *out;
  einsat *solver;
  memory memory;
  mode mode;
  oracle formula;
  int var_of[ORACLE_VARS]; /* external variable of each oracle variable */
  int assumed[MAX_ASSUMPTIONS], assumptions;
  int last_assumed[MAX_ASSUMPTIONS], last_assumptions;
  bool last_failed[MAX_ASSUMPTIONS];
  uint32_t model; /* after SAT: value of each oracle variable */
  int frozen[ORACLE_VARS];
  int max_added_var, max_used_var;
  int64_t conflict_limit, decision_limit, time_limit;
  bool terminate_requested, callback;
  int64_t terminate_after, terminate_calls;
  int64_t learn_max;
  uint64_t decide_random; /* state of the decide callback's choices */
  bool deciding;           /* the decide callback is installed */
  enumeration *enumeration;
  const char *context; /* appended to the signature of failures */
  const proof_checkers *checkers;
  proof_state proof;
  bool touched; /* a call that a proof must precede was made */
  bool solved;  /* 'solve' or 'enumerate' was called */
} executor;

/*------------------------------------------------------------------------*/
/* Failures. */

static bool fail (executor *x, const char *what, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));

static bool fail (executor *x, const char *what, const char *fmt, ...) {
  outcome *out = x->out;
  if (out->failed)
    return false;
  out->failed = true;
  out->step = x->step;
  const char *name = x->call ? call_name (x->call->kind) : "trace";
  snprintf (out->signature, sizeof out->signature, "%s: %s%s", name, what,
            x->context ? x->context : "");
  char details[300];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (details, sizeof details, fmt, ap);
  va_end (ap);
  snprintf (out->message, sizeof out->message, "%s (call %zu: %s)",
            out->signature, x->step + 1, details);
  return false;
}

static void on_abort (void *data, const char *message) {
  executor *x = data;
  fprintf (stderr, "mbt failure: abort: %s\n", message);
  fail (x, "abort", "%s", message);
  fflush (stderr);
}

/*------------------------------------------------------------------------*/
/* The allocator. */

static char *block_of (void *ptr) { return ptr ? (char *) ptr - HEADER : 0; }

static void check_size (memory *m, void *ptr, size_t old_size) {
  size_t size;
  if (!ptr)
    return;
  memcpy (&size, block_of (ptr), sizeof size);
  m->wrong_sizes += size != old_size;
}

static void *allocate (void *data, void *ptr, size_t old_size,
                       size_t new_size) {
  memory *m = data;
  check_size (m, ptr, old_size);
  if (!new_size) {
    m->live_blocks -= ptr != 0;
    m->live_bytes -= ptr ? old_size : 0;
    free (block_of (ptr));
    return 0;
  }
  if (++m->allocations == m->fail_at) {
    m->failed = true;
    return 0;
  }
  char *res = realloc (block_of (ptr), HEADER + new_size);
  if (!res)
    return 0;
  memcpy (res, &new_size, sizeof new_size);
  m->live_blocks += !ptr;
  m->live_bytes += new_size - (ptr ? old_size : 0);
  return res + HEADER;
}

/*------------------------------------------------------------------------*/
/* Variables: the oracle numbers the external variables of the trace in
 * the order they appear. */

static int oracle_var (executor *x, int lit) {
  int var = abs (lit);
  for (int v = 0; v < x->formula.vars; v++)
    if (x->var_of[v] == var)
      return v;
  if (x->formula.vars == ORACLE_VARS)
    return -1;
  x->var_of[x->formula.vars] = var;
  return x->formula.vars++;
}

static bool use_literals (executor *x, const int *lits, int size) {
  for (int i = 0; i < size; i++) {
    if (oracle_var (x, lits[i]) < 0)
      return fail (x, "trace uses more than 16 variables", "variable %d",
                   abs (lits[i]));
    if (abs (lits[i]) > x->max_used_var)
      x->max_used_var = abs (lits[i]);
  }
  return true;
}

/* The assumptions as forced values of oracle variables. */
static void forced_values (executor *x, const int *lits, int size,
                           uint32_t *must_true, uint32_t *must_false) {
  *must_true = *must_false = 0;
  for (int i = 0; i < size; i++) {
    uint32_t bit = 1u << oracle_var (x, lits[i]);
    *(lits[i] > 0 ? must_true : must_false) |= bit;
  }
}

static bool limited (const executor *x) {
  return x->conflict_limit >= 0 || x->decision_limit >= 0 ||
         x->time_limit >= 0 || x->callback || x->terminate_requested;
}

/*------------------------------------------------------------------------*/
/* Calls that configure. */

static void do_new (executor *x) {
  x->solver = einsat_new_with_allocator (allocate, &x->memory);
  if (!x->solver) {
    x->mode = DELETED;
    if (!x->memory.failed)
      fail (x, "returned NULL", "without allocation failure");
    return;
  }
  einsat_set_abort_hook (x->solver, on_abort, x);
  x->mode = READY;
}

static bool find_option (const char *name, einsat_option_info *info) {
  for (int i = 0; einsat_option (i, info); i++)
    if (!strcmp (info->name, name))
      return true;
  return false;
}

static void do_option (executor *x, const call *c) {
  einsat_option_info info;
  bool known = find_option (c->name, &info);
  bool legal = known && info.min_value <= c->value &&
               c->value <= info.max_value;
  int before = 0, after = 0;
  einsat_get_option (x->solver, c->name, &before);
  int res = einsat_set_option (x->solver, c->name, (int) c->value);
  einsat_get_option (x->solver, c->name, &after);
  x->out->checks++;
  if (res != legal)
    fail (x, legal ? "legal value refused" : "illegal value accepted",
          "%s = %lld", c->name, (long long) c->value);
  else if (known && after != (legal ? (int) c->value : before))
    fail (x, "value not stored", "%s = %d after setting %lld", c->name,
          after, (long long) c->value);
}

static void do_configure (executor *x, const call *c) {
  static const char *const known[] = {"default", "plain", "sat", "unsat"};
  bool exists = false;
  for (size_t i = 0; i < sizeof known / sizeof *known; i++)
    exists |= !strcmp (known[i], c->name);
  int res = einsat_configure (x->solver, c->name);
  x->out->checks++;
  if (res != exists)
    fail (x, "wrong result", "configuration '%s' gave %d", c->name, res);
}

static void do_limit (executor *x, const call *c) {
  int64_t value = c->value < 0 ? -1 : c->value;
  if (!strcmp (c->name, "conflicts")) {
    einsat_set_conflict_limit (x->solver, value);
    x->conflict_limit = value;
  } else if (!strcmp (c->name, "decisions")) {
    einsat_set_decision_limit (x->solver, value);
    x->decision_limit = value;
  } else if (!strcmp (c->name, "time")) {
    einsat_set_time_limit (x->solver, (double) value);
    x->time_limit = value;
  } else
    fail (x, "unknown limit", "'%s'", c->name);
}

static int terminate_callback (void *data) {
  executor *x = data;
  return ++x->terminate_calls >= x->terminate_after;
}

static void do_terminate_after (executor *x, const call *c) {
  x->callback = true;
  x->terminate_after = c->value;
  x->terminate_calls = 0;
  einsat_set_terminate (x->solver, x, terminate_callback);
}

static void do_terminate_never (executor *x) {
  x->callback = false;
  einsat_set_terminate (x->solver, 0, 0);
}

/* A learned clause must be implied: no assignment of the formula
 * falsifies it. */
static void on_learn (void *data, int *clause) {
  executor *x = data;
  uint32_t falsify_true = 0, falsify_false = 0, witness;
  int size = 0;
  for (; clause[size]; size++) {
    int v = oracle_var (x, clause[size]);
    if (v < 0) {
      fail (x, "learned clause with an unknown variable", "%d",
            clause[size]);
      return;
    }
    *(clause[size] > 0 ? &falsify_false : &falsify_true) |= 1u << v;
  }
  x->out->checks++;
  if (size > x->learn_max)
    fail (x, "learned clause too long", "%d literals", size);
  else if (oracle_find (&x->formula, falsify_true, falsify_false, &witness))
    fail (x, "learned clause not implied", "assignment 0x%x", witness);
}

/* The decide callback's view of the partial assignment: a literal and its
 * negation agree, and no clause is falsified (the solver asks only after
 * propagation without a conflict). */
static void check_current_assignment (executor *x) {
  uint32_t true_vars = 0, false_vars = 0;
  for (int v = 0; v < x->formula.vars; v++) {
    int value = einsat_current_value (x->solver, x->var_of[v]);
    if (value < -1 || value > 1 ||
        einsat_current_value (x->solver, -x->var_of[v]) != -value) {
      fail (x, "inconsistent current value", "%d", x->var_of[v]);
      return;
    }
    if (value)
      *(value > 0 ? &true_vars : &false_vars) |= 1u << v;
  }
  x->out->checks++;
  for (size_t i = 0; i < x->formula.size; i++) {
    const oracle_clause *c = x->formula.clauses + i;
    if ((c->pos & ~false_vars) || (c->neg & ~true_vars))
      continue;
    fail (x, "decide callback sees a falsified clause", "clause %zu", i);
    return;
  }
}

/* Random decisions, among them 0, unknown and assigned variables, which
 * the solver must ignore. */
static int on_decide (void *data) {
  executor *x = data;
  check_current_assignment (x);
  uint64_t *r = &x->decide_random;
  *r ^= *r << 13, *r ^= *r >> 7, *r ^= *r << 17;
  unsigned choice = (unsigned) (*r >> 32);
  if (!(choice % 8) || !x->formula.vars)
    return 0;
  if (choice % 8 == 1)
    return x->max_used_var + 1 + (int) (choice % 5);
  int var = x->var_of[(choice >> 3) % (unsigned) x->formula.vars];
  return (choice >> 8) & 1 ? var : -var;
}

static void do_decide (executor *x, const call *c) {
  x->decide_random = 0x9e3779b97f4a7c15u ^ (uint64_t) c->value;
  x->deciding = c->value >= 0;
  if (c->value < 0)
    einsat_set_decide (x->solver, 0, 0);
  else
    einsat_set_decide (x->solver, x, on_decide);
}

static void do_learn (executor *x, const call *c) {
  x->learn_max = c->value;
  if (c->value < 0)
    einsat_set_learn (x->solver, 0, 0, 0);
  else
    einsat_set_learn (x->solver, x, (int) c->value, on_learn);
}

/*------------------------------------------------------------------------*/
/* Proofs. */

static void do_proof (executor *x, const call *c) {
  proof_state *p = &x->proof;
  bool lrat = !strncmp (c->name, "lrat", 4);
  if (strcmp (c->name + 4, "") && strcmp (c->name + 4, "-text")) {
    fail (x, "unknown proof format", "'%s'", c->name);
    return;
  }
  if (!lrat && strncmp (c->name, "drat", 4)) {
    fail (x, "unknown proof format", "'%s'", c->name);
    return;
  }
  proof_files (&p->check, x->checkers, (long) getpid ());
  p->file = x->checkers ? fopen (p->check.proof, "wb") : tmpfile ();
  if (!p->file) {
    fail (x, "cannot write the proof", "%s", p->check.proof);
    return;
  }
  p->traced = true;
  p->lrat = lrat;
  p->binary = !strstr (c->name, "text");
  int res = lrat ? einsat_trace_lrat (x->solver, p->file, p->binary)
                 : einsat_trace_proof (x->solver, p->file, p->binary);
  x->out->checks++;
  if (res != 1)
    fail (x, "proof refused", "einsat_trace_%s returned %d",
          lrat ? "lrat" : "proof", res);
}

static void record_literals (executor *x, int size, const int *lits) {
  proof_state *p = &x->proof;
  if (!p->traced)
    return;
  if (p->size + (size_t) size + 1 > p->capacity) {
    p->capacity = 2 * (p->size + (size_t) size + 1);
    p->lits = realloc (p->lits, p->capacity * sizeof *p->lits);
    if (!p->lits)
      abort ();
  }
  for (int i = 0; i < size; i++)
    p->lits[p->size++] = lits[i];
  p->lits[p->size++] = 0;
  p->clauses++;
}

static void record_clause (executor *x, const call *c) {
  record_literals (x, c->size, c->lits);
}

/* The clauses in the order they were added (LRAT numbers them so). */
static bool write_formula (executor *x) {
  proof_state *p = &x->proof;
  FILE *file = fopen (p->check.cnf, "w");
  if (!file)
    return false;
  fprintf (file, "p cnf %d %zu\n", x->max_used_var, p->clauses);
  for (size_t i = 0; i < p->size; i++)
    fprintf (file, p->lits[i] ? "%d " : "%d\n", p->lits[i]);
  return !fclose (file);
}

static bool checked_by (executor *x, const char *program,
                        const char *checker, const char *format) {
  proof_check *check = &x->proof.check;
  const char *check_args[] = {program, format, check->cnf, check->proof, 0};
  const char *trim_args[] = {program, check->cnf, check->proof, 0};
  bool trim = !strcmp (checker, "drat-trim");
  if (run_proof_checker (check, program, trim ? trim_args : check_args))
    return true;
  return fail (x, "proof rejected", "%s rejects the %s proof of %zu "
               "clauses: %s", checker, format, x->proof.clauses,
               check->report);
}

/* After an UNSAT answer without assumptions: the proof so far must
 * refute the clauses so far (once per set of clauses).  Without checkers
 * (the fuzz target) proofs are written but not checked. */
static void check_proof (executor *x) {
  proof_state *p = &x->proof;
  const proof_checkers *c = x->checkers;
  if (!p->traced || !c ||
      (p->checked_clauses == p->clauses && x->out->proofs))
    return;
  if (!c->check) {
    fail (x, "no proof checker", "einsat-check not found (use --check)");
    return;
  }
  fflush (p->file);
  if (!write_formula (x)) {
    fail (x, "cannot write the formula", "%s", p->check.cnf);
    return;
  }
  const char *format = p->lrat ? "lrat" : "drat";
  x->context = p->lrat ? " (LRAT)" : " (DRAT)";
  if (checked_by (x, c->check, "einsat-check", format)) {
    x->out->proofs++;
    if (!p->lrat && c->drat_trim &&
        checked_by (x, c->drat_trim, "drat-trim", format))
      x->out->drat_trim++;
  }
  x->context = 0;
  p->checked_clauses = p->clauses;
}

/* The files of a rejected proof stay for inspection after a replay in
 * this process ('--replay FILE --verbose'); the parent of a child
 * removes them. */
static void release_proof (executor *x) {
  proof_state *p = &x->proof;
  if (p->file)
    fclose (p->file);
  if (p->traced && x->checkers && x->verbose && x->out->failed)
    fprintf (stderr, "mbt: rejected proof kept: %s %s (checker output %s)\n",
             p->check.cnf, p->check.proof, p->check.output);
  else if (p->traced && x->checkers)
    remove_proof_files (&p->check);
  free (p->lits);
}

/*------------------------------------------------------------------------*/
/* Clauses, assumptions, freezing. */

static void do_add (executor *x, const call *c) {
  if (!use_literals (x, c->lits, c->size))
    return;
  uint32_t pos = 0, neg = 0;
  for (int i = 0; i < c->size; i++) {
    einsat_add (x->solver, c->lits[i]);
    *(c->lits[i] > 0 ? &pos : &neg) |= 1u << oracle_var (x, c->lits[i]);
    if (abs (c->lits[i]) > x->max_added_var)
      x->max_added_var = abs (c->lits[i]);
  }
  einsat_add (x->solver, 0);
  oracle_add (&x->formula, pos, neg);
  record_clause (x, c);
}

/* Clauses of 'at most c->value of c->lits' that 'do_atmost' spells out
 * for the oracle: one per bound + 1 of the literals (by position). */
static uint64_t spelled_clauses (const call *c) {
  if (c->value < 0)
    return 1;
  if (c->value >= c->size)
    return 0;
  uint64_t k = (uint64_t) c->value + 1, n = (uint64_t) c->size, res = 1;
  for (uint64_t i = 1; i <= k; i++)
    res = res * (n - k + i) / i; /* exact: a binomial each step */
  return res;
}

#define MAX_SPELLED_CLAUSES 2000

/* Each 'chosen' subset of 'depth' literals gets the clause of their
 * negations. */
static void spell_out (executor *x, const call *c, int first, int depth,
                       int *chosen) {
  if (depth == c->value + 1) {
    uint32_t pos = 0, neg = 0;
    for (int i = 0; i < depth; i++)
      *(chosen[i] > 0 ? &neg : &pos) |= 1u << oracle_var (x, chosen[i]);
    oracle_add (&x->formula, pos, neg);
    return;
  }
  for (int i = first; i < c->size; i++) {
    chosen[depth] = c->lits[i];
    spell_out (x, c, i + 1, depth + 1, chosen);
  }
}

/* The oracle gets the constraint 'at most c->value of c->lits' as
 * clauses. */
static void spell_atmost (executor *x, const call *c) {
  int chosen[MBT_MAX_LITS + 1];
  if (c->value < 0)
    oracle_add (&x->formula, 0, 0);
  else if (c->value < c->size)
    spell_out (x, c, 0, 0, chosen);
}

/* In a proof the library states a negative bound as the empty clause,
 * bound zero as units and bound one as the pairwise clauses (-a | -b) in
 * the order of the literals (a before b); the formula checked with the
 * proof gets the same. */
static void record_atmost (executor *x, const call *c) {
  if (c->value < 0)
    record_literals (x, 0, 0);
  else if (c->value < c->size)
    for (int i = 0; i < c->size; i++) {
      if (!c->value) {
        int unit = -c->lits[i];
        record_literals (x, 1, &unit);
      } else
        for (int j = i + 1; j < c->size; j++) {
          int pair[2] = {-c->lits[i], -c->lits[j]};
          record_literals (x, 2, pair);
        }
    }
}

static void note_variables (executor *x, const call *c) {
  for (int i = 0; i < c->size; i++)
    if (abs (c->lits[i]) > x->max_added_var)
      x->max_added_var = abs (c->lits[i]);
}

static void do_atmost (executor *x, const call *c) {
  if (!use_literals (x, c->lits, c->size))
    return;
  note_variables (x, c);
  einsat_add_atmost (x->solver, c->lits, (size_t) c->size, (int) c->value);
  spell_atmost (x, c);
  record_atmost (x, c);
}

/* 'Exactly k of lits' is 'at most k of lits' and 'at most n - k of their
 * negations' ('negated'; n - k clamped to n for a negative k, where the
 * first is already a contradiction). */
static void split_exactly (const call *c, call *at_most, call *negated) {
  *at_most = *c;
  at_most->kind = CALL_ATMOST;
  *negated = *at_most;
  for (int i = 0; i < c->size; i++)
    negated->lits[i] = -c->lits[i];
  negated->value = c->value < 0 ? c->size : c->size - c->value;
}

/* In a proof the library states an exactly-one constraint as its
 * pairwise clauses and then the clause of its literals, bound n - 1 (n
 * at least three) as exactly one of the negations, any other bound as the
 * two upper bounds. */
static void record_exactly (executor *x, const call *c) {
  call at_most, negated;
  split_exactly (c, &at_most, &negated);
  if (c->value == 1 && c->size >= 1) {
    at_most.value = 1;
    record_atmost (x, &at_most);
    record_literals (x, c->size, c->lits);
  } else if (c->value >= 2 && c->value + 1 == c->size) {
    negated.value = 1;
    record_atmost (x, &negated);
    record_literals (x, c->size, negated.lits);
  } else {
    record_atmost (x, &at_most);
    record_atmost (x, &negated);
  }
}

static void do_exactly (executor *x, const call *c) {
  if (!use_literals (x, c->lits, c->size))
    return;
  note_variables (x, c);
  einsat_add_exactly (x->solver, c->lits, (size_t) c->size, (int) c->value);
  call at_most, negated;
  split_exactly (c, &at_most, &negated);
  spell_atmost (x, &at_most);
  spell_atmost (x, &negated);
  record_exactly (x, c);
}

static void do_assume (executor *x, const call *c) {
  if (!use_literals (x, c->lits, 1))
    return;
  if (x->assumptions == MAX_ASSUMPTIONS) {
    fail (x, "too many assumptions in the trace", "%d", MAX_ASSUMPTIONS);
    return;
  }
  einsat_assume (x->solver, c->lits[0]);
  x->assumed[x->assumptions++] = c->lits[0];
}

static void do_freeze (executor *x, const call *c) {
  if (!use_literals (x, c->lits, 1))
    return;
  einsat_freeze (x->solver, c->lits[0]);
  x->frozen[oracle_var (x, c->lits[0])]++;
}

static bool frozen (executor *x, int lit) {
  for (int v = 0; v < x->formula.vars; v++)
    if (x->var_of[v] == abs (lit))
      return x->frozen[v] > 0;
  return false;
}

static void do_melt (executor *x, const call *c) {
  einsat_melt (x->solver, c->lits[0]);
  x->frozen[oracle_var (x, c->lits[0])]--;
}

static void do_vars (executor *x) {
  int vars = einsat_vars (x->solver);
  x->out->checks++;
  if (vars < x->max_added_var || vars > x->max_used_var)
    fail (x, "wrong number of variables",
          "%d, but clauses use %d and the largest variable is %d", vars,
          x->max_added_var, x->max_used_var);
}

/*------------------------------------------------------------------------*/
/* Solving. */

static void consume_assumptions (executor *x) {
  memcpy (x->last_assumed, x->assumed, x->assumptions * sizeof (int));
  x->last_assumptions = x->assumptions;
  x->assumptions = 0;
  x->terminate_requested = false;
}

/* Reads the model through the positive literals ('val' calls of the
 * trace check negative ones), so that a wrong value of negative literals
 * does not hide every other failure. */
static bool check_model (executor *x) {
  x->model = 0;
  for (int v = 0; v < x->formula.vars; v++) {
    int var = x->var_of[v], value = einsat_val (x->solver, var);
    x->out->checks++;
    if (value != var && value != -var)
      return fail (x, "value neither the literal nor its negation",
                   "val (%d) = %d", var, value);
    if (value > 0)
      x->model |= 1u << v;
  }
  x->out->checks++;
  if (!oracle_satisfies (&x->formula, x->model))
    return fail (x, "model falsifies a clause", "model 0x%x", x->model);
  uint32_t must_true, must_false;
  forced_values (x, x->last_assumed, x->last_assumptions, &must_true,
                 &must_false);
  if ((x->model & must_true) != must_true || (x->model & must_false))
    return fail (x, "model falsifies an assumption", "model 0x%x",
                 x->model);
  return true;
}

static bool check_unsat (executor *x) {
  uint32_t must_true, must_false, witness, failed_true = 0,
                                           failed_false = 0;
  forced_values (x, x->last_assumed, x->last_assumptions, &must_true,
                 &must_false);
  x->out->checks++;
  if (oracle_find (&x->formula, must_true, must_false, &witness))
    return fail (x, "claimed UNSAT but satisfiable",
                 "assignment 0x%x of the oracle variables", witness);
  for (int i = 0; i < x->last_assumptions; i++) {
    int lit = x->last_assumed[i], res = einsat_failed (x->solver, lit);
    if (res != 0 && res != 1)
      return fail (x, "failed is neither 0 nor 1", "failed (%d) = %d", lit,
                   res);
    x->last_failed[i] = res;
    uint32_t bit = 1u << oracle_var (x, lit);
    if (res)
      *(lit > 0 ? &failed_true : &failed_false) |= bit;
  }
  x->out->checks++;
  if (oracle_find (&x->formula, failed_true, failed_false, &witness))
    return fail (x, "failed assumptions do not imply UNSAT",
                 "assignment 0x%x satisfies them", witness);
  return true;
}

static bool out_of_memory (executor *x, bool error_returned) {
  x->mode = INVALID;
  x->out->checks++;
  if (!error_returned)
    return fail (x, "no error value after allocation failure", "%s",
                 einsat_error (x->solver));
  if (strncmp (einsat_error (x->solver), "out of memory", 13))
    return fail (x, "allocation failure not reported as out of memory",
                 "error '%s'", einsat_error (x->solver));
  return true;
}

/* With option 'threads' above 1 a solve starts workers; an allocation
 * failure in one of them leaves it out without failing the solve. */
static int threads (executor *x) {
  int threads = 1;
  einsat_get_option (x->solver, "threads", &threads);
  return threads;
}

/* Refused combinations (see 'threads' in einsat.h) return an error
 * without an allocation failure and leave the instance usable. */
static bool refused (executor *x, bool error_returned) {
  x->out->checks++;
  if (!error_returned)
    return fail (x, "combination with threads not refused", "threads %d",
                 threads (x));
  if (!strstr (einsat_error (x->solver), "not supported"))
    return fail (x, "refusal without a reason", "error '%s'",
                 einsat_error (x->solver));
  return true;
}

static void do_solve (executor *x) {
  bool may_stop = limited (x);
  uint64_t workers_failed = einsat_statistic (x->solver, "workers_failed");
  x->solved = true;
  int res = einsat_solve (x->solver);
  consume_assumptions (x);
  if (x->memory.failed && res != EINSAT_ERROR && threads (x) > 1 &&
      einsat_statistic (x->solver, "workers_failed") > workers_failed)
    x->memory.failed = false; /* a worker was left out */
  if (x->memory.failed) {
    out_of_memory (x, res == EINSAT_ERROR);
    return;
  }
  bool lrat = x->proof.traced && x->proof.lrat;
  if (threads (x) > 1 && (x->deciding || lrat)) {
    if (refused (x, res == EINSAT_ERROR))
      x->mode = UNKNOWN;
    return;
  }
  x->out->checks++;
  x->out->sat += res == 10;
  x->out->unsat += res == 20;
  if (res == 10 && check_model (x))
    x->mode = SAT;
  else if (res == 20 && check_unsat (x)) {
    x->mode = UNSAT;
    if (!x->last_assumptions)
      check_proof (x);
  }
  else if (res == 0 && may_stop)
    x->mode = UNKNOWN;
  else if (res == 0)
    fail (x, "UNKNOWN without limit or termination", "returned 0");
  else if (res != 10 && res != 20)
    fail (x, "unexpected result", "%d ('%s')", res,
          einsat_error (x->solver));
}

/* 'einsat_val (lit)' is 'lit' if 'lit' is true and '-lit' if it is false
 * (as in IPASIR), here in the model checked by 'solve'. */
static void do_val (executor *x, const call *c) {
  int lit = c->lits[0], value = einsat_val (x->solver, lit);
  x->out->checks++;
  if (value != lit && value != -lit) {
    fail (x, "value neither the literal nor its negation", "val (%d) = %d",
          lit, value);
    return;
  }
  for (int v = 0; v < x->formula.vars; v++) {
    if (x->var_of[v] != abs (lit))
      continue;
    bool true_in_model = ((x->model >> v) & 1) == (lit > 0);
    if ((value == lit) == true_in_model)
      return;
    if (lit < 0)
      fail (x, "val of a negative literal is inverted", "val (%d) = %d",
            lit, value);
    else
      fail (x, "value differs from the model", "val (%d) = %d", lit,
            value);
  }
}

static bool occurs_in_clause (executor *x, int lit) {
  for (int v = 0; v < x->formula.vars; v++) {
    if (x->var_of[v] != abs (lit))
      continue;
    for (size_t i = 0; i < x->formula.size; i++)
      if ((x->formula.clauses[i].pos | x->formula.clauses[i].neg) >> v & 1)
        return true;
  }
  return false;
}

/* Like 'val', but 0 for variables that never occurred; variables of
 * clauses occurred. */
static void do_model_value (executor *x, const call *c) {
  int lit = c->lits[0], value = einsat_model_value (x->solver, lit);
  x->out->checks++;
  if (value && value != lit && value != -lit) {
    fail (x, "value neither 0 nor the literal nor its negation",
          "model_value (%d) = %d", lit, value);
    return;
  }
  if (!value && occurs_in_clause (x, lit)) {
    fail (x, "0 for a variable of a clause", "model_value (%d)", lit);
    return;
  }
  for (int v = 0; value && v < x->formula.vars; v++)
    if (x->var_of[v] == abs (lit) &&
        (value == lit) != (((x->model >> v) & 1) == (lit > 0)))
      fail (x, "value differs from the model", "model_value (%d) = %d",
            lit, value);
}

static void do_failed (executor *x, const call *c) {
  int res = einsat_failed (x->solver, c->lits[0]);
  x->out->checks++;
  for (int i = 0; i < x->last_assumptions; i++)
    if (x->last_assumed[i] == c->lits[0] && res != x->last_failed[i])
      fail (x, "answer changed", "failed (%d) = %d", c->lits[0], res);
}

static bool was_assumed (executor *x, int lit) {
  for (int i = 0; i < x->last_assumptions; i++)
    if (x->last_assumed[i] == lit)
      return true;
  return false;
}

/*------------------------------------------------------------------------*/
/* Enumeration. */

/* 'All variables' includes those only assumed so far, which the
 * library imports when the enumeration starts. */
static int all_variables (executor *x) {
  int res = einsat_vars (x->solver);
  for (int i = 0; i < x->assumptions; i++)
    if (abs (x->assumed[i]) > res)
      res = abs (x->assumed[i]);
  return res;
}

static bool projection (executor *x, enumeration *e) {
  const call *c = e->call;
  e->size = 0;
  if (c->all && all_variables (x) > ORACLE_VARS + MBT_MAX_LITS)
    return fail (x, "projection too large", "%d variables",
                 all_variables (x));
  if (c->all)
    for (int var = 1; var <= all_variables (x); var++)
      e->project[e->size++] = var;
  else
    for (int i = 0; i < c->size; i++)
      e->project[e->size++] = abs (c->lits[i]);
  return use_literals (x, e->project, e->size);
}

static int on_model (void *data, const int *values) {
  executor *x = data;
  enumeration *e = x->enumeration;
  uint32_t key = 0, mask = 0;
  for (int i = 0; i < e->size; i++) {
    int var = e->project[i], value = values[i];
    uint32_t bit = 1u << oracle_var (x, var);
    if (value != var && value != -var)
      return fail (x, "model lists other variables", "%d for %d", value,
                   var);
    if ((mask & bit) && ((key & bit) != 0) != (value > 0))
      return fail (x, "model repeats a variable differently", "%d", var);
    mask |= bit;
    key |= value > 0 ? bit : 0;
  }
  if (values[e->size])
    return fail (x, "model not terminated by 0", "%d", values[e->size]);
  uint64_t bit = 1ull << (key & 63);
  x->out->checks++;
  if (!(e->expected[key >> 6] & bit))
    return fail (x, "model is no model", "projection 0x%x", key);
  if (e->reported[key >> 6] & bit)
    return fail (x, "model reported twice", "projection 0x%x", key);
  e->reported[key >> 6] |= bit;
  e->models++;
  return e->call->stop <= 0 || (int64_t) e->models < e->call->stop;
}

static void check_enumeration (executor *x, enumeration *e, int64_t res,
                               int complete, uint64_t total, bool may_stop) {
  const call *c = e->call;
  x->out->checks++;
  if (res != (int64_t) e->models)
    fail (x, "wrong count", "returned %lld for %llu models", (long long) res,
          (unsigned long long) e->models);
  else if (c->value > 0 && res > c->value)
    fail (x, "more models than the limit", "%lld", (long long) res);
  else if (complete && (uint64_t) res != total)
    fail (x, "claimed complete but models missing", "%lld of %llu",
          (long long) res, (unsigned long long) total);
  else if (!complete && !may_stop && (c->value <= 0 || res < c->value) &&
           (c->stop <= 0 || res < c->stop))
    fail (x, "incomplete without reason", "%lld of %llu", (long long) res,
          (unsigned long long) total);
}

static void do_enumerate (executor *x, const call *c) {
  enumeration *e = calloc (1, sizeof *e);
  if (!e)
    abort ();
  e->call = c;
  if (projection (x, e)) {
    uint32_t must_true, must_false, mask = 0;
    forced_values (x, x->assumed, x->assumptions, &must_true, &must_false);
    for (int i = 0; i < e->size; i++)
      mask |= 1u << oracle_var (x, e->project[i]);
    uint64_t total = oracle_projections (&x->formula, must_true, must_false,
                                         mask, e->expected);
    bool may_stop = limited (x);
    if (c->all && all_variables (x) > einsat_vars (x->solver))
      x->context = " (all variables, some new in assumptions)";
    x->enumeration = e;
    x->solved = true;
    int complete = -1;
    int64_t res = einsat_enumerate (x->solver, c->all ? 0 : e->project,
                                    e->size, c->value, on_model, x,
                                    &complete);
    x->enumeration = 0;
    consume_assumptions (x);
    x->last_assumptions = 0;
    if (x->memory.failed)
      out_of_memory (x, res == -1);
    else if (threads (x) > 1) {
      if (refused (x, res == -1))
        x->mode = READY;
    }
    else if (!x->out->failed)
      check_enumeration (x, e, res, complete, total, may_stop);
    x->context = 0;
  }
  free (e);
}

/*------------------------------------------------------------------------*/

static void do_delete (executor *x) {
  einsat_delete (x->solver);
  x->solver = 0;
  x->mode = DELETED;
  x->out->checks++;
  if (x->memory.live_blocks)
    fail (x, "blocks not freed", "%ld blocks, %zu bytes",
          x->memory.live_blocks, x->memory.live_bytes);
  else if (x->memory.wrong_sizes)
    fail (x, "blocks freed with a wrong old size", "%ld blocks",
          x->memory.wrong_sizes);
}

/* Clauses may follow a solve with a DRAT proof and option 'incremental'
 * only. */
static bool incremental_proof (executor *x) {
  int incremental = 0;
  einsat_get_option (x->solver, "incremental", &incremental);
  return !x->proof.lrat && incremental;
}

/* Whether the contract allows the call now (see the top). */
static bool allowed (executor *x, const call *c) {
  if (x->mode == DELETED)
    return false;
  if (c->kind == CALL_NEW)
    return !x->solver;
  if (!x->solver)
    return false;
  if (x->mode == INVALID)
    return c->kind == CALL_DELETE;
  if (c->kind == CALL_VAL || c->kind == CALL_MODEL_VALUE)
    return x->mode == SAT;
  if (c->kind == CALL_FAILED)
    return x->mode == UNSAT && was_assumed (x, c->lits[0]);
  if (c->kind == CALL_MELT)
    return frozen (x, c->lits[0]);
  if (c->kind == CALL_PROOF)
    return !x->touched && !x->proof.traced;
  if (c->kind == CALL_ADD)
    return !x->proof.traced || !x->solved || incremental_proof (x);
  if (c->kind == CALL_ATMOST) /* larger bounds cannot be in a proof */
    return (!x->proof.traced ||
            ((!x->solved || incremental_proof (x)) &&
             (c->value <= 1 || c->value >= c->size))) &&
           spelled_clauses (c) <= MAX_SPELLED_CLAUSES;
  if (c->kind == CALL_EXACTLY) { /* nor bounds 2 to size - 2 */
    call at_most, negated;
    split_exactly (c, &at_most, &negated);
    return (!x->proof.traced ||
            ((!x->solved || incremental_proof (x)) &&
             (c->value <= 1 || c->value + 1 >= c->size))) &&
           spelled_clauses (&at_most) + spelled_clauses (&negated) <=
               MAX_SPELLED_CLAUSES;
  }
  if (c->kind == CALL_ENUMERATE) /* blocks models: no proof of that */
    return !x->proof.traced;
  return true;
}

/* Calls that configure only; a proof may still be traced after them. */
static bool configuring (const call *c) {
  switch (c->kind) {
  case CALL_NEW:
  case CALL_OPTION:
  case CALL_CONFIGURE:
  case CALL_LIMIT:
  case CALL_LEARN:
  case CALL_DECIDE:
  case CALL_TERMINATE:
  case CALL_TERMINATE_AFTER:
  case CALL_TERMINATE_NEVER:
  case CALL_FAIL_ALLOC:
  case CALL_PROOF:
    return true;
  default:
    return false;
  }
}

static void dispatch (executor *x, const call *c) {
  switch (c->kind) {
  case CALL_NEW: do_new (x); break;
  case CALL_DELETE: do_delete (x); break;
  case CALL_OPTION: do_option (x, c); break;
  case CALL_CONFIGURE: do_configure (x, c); break;
  case CALL_ADD: do_add (x, c); break;
  case CALL_ATMOST: do_atmost (x, c); break;
  case CALL_EXACTLY: do_exactly (x, c); break;
  case CALL_ASSUME: do_assume (x, c); break;
  case CALL_SOLVE: do_solve (x); break;
  case CALL_VAL: do_val (x, c); break;
  case CALL_FAILED: do_failed (x, c); break;
  case CALL_FREEZE: do_freeze (x, c); break;
  case CALL_MELT: do_melt (x, c); break;
  case CALL_VARS: do_vars (x); break;
  case CALL_LIMIT: do_limit (x, c); break;
  case CALL_TERMINATE:
    einsat_terminate (x->solver);
    x->terminate_requested = true;
    break;
  case CALL_TERMINATE_AFTER: do_terminate_after (x, c); break;
  case CALL_TERMINATE_NEVER: do_terminate_never (x); break;
  case CALL_ENUMERATE: do_enumerate (x, c); break;
  case CALL_FAIL_ALLOC:
    x->memory.fail_at = x->memory.allocations + (c->value > 0 ? c->value : 1);
    break;
  case CALL_LEARN: do_learn (x, c); break;
  case CALL_DECIDE: do_decide (x, c); break;
  case CALL_MODEL_VALUE: do_model_value (x, c); break;
  case CALL_PROOF: do_proof (x, c); break;
  default: fail (x, "unknown call", "kind %d", (int) c->kind); break;
  }
}

/* The state a call leaves: results can only be queried right after
 * 'solve' (and between queries); everything else returns to READY. */
static void update_mode (executor *x, const call *c) {
  if (c->kind == CALL_VAL || c->kind == CALL_MODEL_VALUE ||
      c->kind == CALL_FAILED || c->kind == CALL_VARS ||
      c->kind == CALL_SOLVE)
    return;
  if (x->mode == SAT || x->mode == UNSAT || x->mode == UNKNOWN)
    x->mode = READY;
}

/* Memory charged to the instance must be what its allocator holds. */
static void check_memory (executor *x) {
  if (!x->solver || x->mode == INVALID)
    return;
  size_t charged = einsat_memory (x->solver);
  x->out->checks++;
  if (charged != x->memory.live_bytes)
    fail (x, "einsat_memory differs from the allocated bytes",
          "%zu instead of %zu", charged, x->memory.live_bytes);
}

static void execute_call (executor *x, const call *c) {
  if (x->verbose) {
    fprintf (stderr, "mbt: %zu: ", x->step + 1);
    call_print (c, stderr);
  }
  if (!allowed (x, c))
    return;
  bool failed_before = x->memory.failed;
  x->touched |= !configuring (c);
  dispatch (x, c);
  if (x->memory.failed && !failed_before && x->mode != INVALID &&
      x->mode != DELETED && !x->out->failed)
    out_of_memory (x, true);
  update_mode (x, c);
  check_memory (x);
}

void execute_trace (const trace *t, const proof_checkers *checkers,
                    bool verbose, outcome *out) {
  executor *x = calloc (1, sizeof *x);
  if (!x)
    abort ();
  memset (out, 0, sizeof *out);
  x->out = out;
  x->checkers = checkers;
  x->verbose = verbose;
  x->conflict_limit = x->decision_limit = x->time_limit = -1;
  oracle_init (&x->formula, 0);
  for (x->step = 0; x->step < t->size && !out->failed; x->step++) {
    x->call = t->calls + x->step;
    execute_call (x, x->call);
  }
  x->call = 0;
  if (x->solver && !out->failed)
    do_delete (x);
  else if (x->solver)
    einsat_delete (x->solver);
  release_proof (x);
  oracle_release (&x->formula);
  free (x);
}
