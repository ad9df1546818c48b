/* The schedule of the search: when each task runs next ('limits'), how
 * much effort it may spend ('last'), and the rounds a fruitless one sits
 * out ('delays'), grouped as in Kissat ('kimits.c').  Each formula is
 * written here once, so that every task that follows it follows the same
 * one:
 *
 *  - restarts in focused mode wait 'restartint' conflicts;
 *  - the conflict intervals of rounds grow linearly (elimination,
 *    rephasing) or with the square root (reduction, probing,
 *    vivification) of the number of rounds so far;
 *  - an effort budget is 'effort' per mille of the search ticks since the
 *    last round, either at least a minimum ('*mineffort' options) or plus
 *    a base ('*baseeffort' options);
 *  - a technique of 'SCHEDULED_TECHNIQUES' sits out rounds after a
 *    fruitless one, as Kissat's delays do: the first fruitless round
 *    costs one round, each further one doubles the rounds sat out (up to
 *    the technique's maximum) and a round that pays halves them.  A round
 *    sat out also gives up its effort (the budget of the next round is a
 *    share of the search since the round sat out, not since the last one
 *    that ran), so a technique that keeps finding nothing costs at most
 *    one round in (maximum + 1) of its budget, and one that pays keeps
 *    running at its full effort;
 *  - Gaussian elimination and counting, which run until they finish, run
 *    again after new clauses or with twice the budget ('es_retry_due').
 *
 * The delays are inline in 'internal.h' (reason-side bumping asks at
 * every conflict). */

#include "internal.h"

#include <math.h>

/* Schedules depend on options, which may be set until the first solve. */
void es_init_schedules (einsat *solver) {
  if (solver->schedules_initialized)
    return;
  solver->schedules_initialized = true;
  es_init_ema (&solver->fast_glue, GET_OPTION (emafast));
  es_init_ema (&solver->slow_glue, GET_OPTION (emaslow));
  es_init_ema (&solver->decision_rate, GET_OPTION (emaslow));
  limits *l = &solver->limits;
  es_set_restart_limit (solver);
  l->reduce = (uint64_t) GET_OPTION (reduceint);
  l->rephase = (uint64_t) GET_OPTION (rephaseint);
  l->reorder = (uint64_t) GET_OPTION (reorderint);
  l->vivify = (uint64_t) GET_OPTION (vivifyint);
  l->probe = (uint64_t) GET_OPTION (probeint);
  l->report = 0;
  solver->random = (uint64_t) GET_OPTION (seed);
  es_init_mode (solver);
  LOG ("schedules initialized: reduce at %" PRIu64 ", rephase at %" PRIu64
       " conflicts",
       l->reduce, l->rephase);
}

void es_set_restart_limit (einsat *solver) {
  solver->limits.restart = STAT (conflicts) + GET_OPTION (restartint);
}

uint64_t es_linear_limit (einsat *solver, int interval, uint64_t rounds) {
  assert (interval > 0);
  return STAT (conflicts) + (uint64_t) interval * rounds;
}

uint64_t es_sqrt_limit (einsat *solver, int interval, uint64_t rounds) {
  assert (interval > 0);
  double delta = interval * sqrt ((double) rounds);
  return STAT (conflicts) + (uint64_t) delta;
}

/* 'effort' per mille of the search ticks since 'last', rounded down, in
 * two parts so that the product cannot overflow. */
static uint64_t effort_share (einsat *solver, uint64_t last, int effort) {
  assert (last <= STAT (ticks));
  assert (effort >= 0);
  uint64_t search = STAT (ticks) - last, per_mille = (uint64_t) effort;
  return search / 1000 * per_mille + search % 1000 * per_mille / 1000;
}

uint64_t es_effort_budget (einsat *solver, uint64_t last, int effort,
                           int minimum) {
  uint64_t budget = effort_share (solver, last, effort);
  uint64_t least = (uint64_t) minimum * 1000;
  return budget > least ? budget : least;
}

uint64_t es_effort_with_base (einsat *solver, uint64_t last, int effort,
                              int base) {
  return effort_share (solver, last, effort) + (uint64_t) base * 1000;
}

/* Each retry has at least twice the budget of the round before, so all
 * rounds of an unfinished task together cost at most twice the last
 * one, which is 'effort' per mille of the search ticks (or the minimum):
 * a large XOR system is finished after a few rounds instead of never,
 * and a hopeless one costs a bounded share of the search. */
bool es_retry_due (einsat *solver, uint64_t last, int effort,
                   uint64_t unfinished) {
  if (!unfinished)
    return false;
  uint64_t share = effort_share (solver, last, effort);
  return share / 2 >= unfinished;
}

bool es_round_due (einsat *solver, uint64_t last_originals, uint64_t last,
                   int effort, uint64_t unfinished) {
  return last_originals != solver->originals ||
         es_retry_due (solver, last, effort, unfinished);
}

void es_end_unfinished_round (einsat *solver, uint64_t *last,
                              uint64_t *unfinished, uint64_t budget,
                              bool ran_out) {
  if (ran_out)
    *unfinished = budget ? budget : 1;
  else {
    *unfinished = 0;
    *last = STAT (ticks);
  }
}

/* What the rounds of technique 't' have found so far. */
static uint64_t found (einsat *solver, technique t) {
  switch (t) {
#define SCHEDULE(NAME, FOUND, MAX) \
  case TECHNIQUE_##NAME: \
    return (FOUND);
    SCHEDULED_TECHNIQUES
#undef SCHEDULE
  default:
    break;
  }
  assert (!"unknown technique");
  return 0;
}

static unsigned max_delay (technique t) {
  static const unsigned max[] = {
#define SCHEDULE(NAME, FOUND, MAX) MAX,
      SCHEDULED_TECHNIQUES
#undef SCHEDULE
  };
  return max[t];
}

static void count_delayed (einsat *solver, technique t) {
  switch (t) {
#define SCHEDULE(NAME, FOUND, MAX) \
  case TECHNIQUE_##NAME: \
    INC (NAME##_delayed); \
    break;
    SCHEDULED_TECHNIQUES
#undef SCHEDULE
  default:
    assert (!"unknown technique");
  }
}

bool es_round_begins (einsat *solver, technique t,
                      uint64_t *effort_reference) {
  assert (t < NUMBER_OF_TECHNIQUES);
  round_schedule *r = solver->rounds + t;
  if (GET_OPTION (delay) && es_delaying (&r->delay)) {
    count_delayed (solver, t);
    if (effort_reference)
      *effort_reference = STAT (ticks);
    return false;
  }
  r->found = found (solver, t);
  return true;
}

void es_round_ends (einsat *solver, technique t) {
  es_round_paid (solver, t, found (solver, t) > solver->rounds[t].found);
}

void es_round_paid (einsat *solver, technique t, bool paid) {
  delay *d = &solver->rounds[t].delay;
  if (paid)
    es_halve_delay (d);
  else
    es_double_delay (d, max_delay (t));
  LOG ("technique %d %s: sits out %u rounds", (int) t,
       paid ? "paid" : "found nothing", d->interval);
}

#ifndef NDEBUG
void es_check_round_schedules (einsat *solver) {
  for (unsigned t = 0; t < NUMBER_OF_TECHNIQUES; t++) {
    const delay *d = &solver->rounds[t].delay;
    assert (d->count <= d->interval);
    assert (d->interval <= max_delay ((technique) t));
  }
}
#endif
