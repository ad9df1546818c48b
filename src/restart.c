/* Restarts.  Focused mode restarts when the recent glue average exceeds
 * the long-term average by a margin (Audemard and Simon's Glucose
 * restarts with the EMAs of Biere and Fröhlich 2015).  Stable mode uses
 * reluctant doubling (Luby sequence, Knuth's formulation) with a large
 * base interval, as in CaDiCaL and Kissat.
 *
 * A restart keeps the decisions that the heuristic would make again
 * anyway (trail reuse, van der Tak, Ramos and Heule 2011). */

#include "internal.h"

void es_init_reluctant (einsat *solver) {
  reluctant *r = &solver->reluctant;
  r->u = r->v = 1;
  r->period = (uint64_t) GET_OPTION (reluctantint);
  r->countdown = r->period;
  r->limit = (uint64_t) GET_OPTION (reluctantlim);
  r->trigger = false;
}

void es_tick_reluctant (einsat *solver) {
  reluctant *r = &solver->reluctant;
  assert (r->u >= 1 && r->v >= 1);
  if (!solver->stable || !GET_OPTION (reluctant) || r->trigger)
    return;
  if (--r->countdown)
    return;
  if ((r->u & -r->u) == r->v)
    r->u++, r->v = 1;
  else
    r->v *= 2;
  uint64_t base = (uint64_t) GET_OPTION (reluctantint);
  if (r->limit && r->v * base > r->limit)
    r->u = r->v = 1;
  r->countdown = r->v * base;
  assert (r->countdown > 0);
  r->trigger = true;
  LOG ("reluctant doubling: restart now, next after %" PRIu64 " conflicts",
       r->countdown);
}

bool es_restarting (einsat *solver) {
  if (!GET_OPTION (restart) || solver->level <= SIZE_STACK (solver->assumptions))
    return false;
  if (solver->stable)
    return solver->reluctant.trigger;
  if (STAT (conflicts) < solver->limits.restart)
    return false;
  double margin = 1.0 + GET_OPTION (restartmargin) / 100.0;
  return solver->fast_glue.value > margin * solver->slow_glue.value;
}

/* The decision with the highest priority not yet on the trail decides
 * how many levels can stay. */
static unsigned reuse_trail (einsat *solver) {
  unsigned assumptions = (unsigned) SIZE_STACK (solver->assumptions);
  assert (assumptions < solver->level);
  if (!GET_OPTION (reusetrail))
    return assumptions;
  unsigned keep = assumptions;
  if (solver->stable) {
    heap *h = &solver->scores;
    while (h->size && solver->values[LIT (h->array[0])])
      es_heap_pop (solver, h);
    if (!h->size)
      return assumptions;
    double limit = h->score[h->array[0]];
    while (keep < solver->level) {
      unsigned decision = PEEK_STACK (solver->frames, keep + 1).decision;
      if (decision != INVALID && h->score[IDX (decision)] <= limit)
        break;
      keep++;
    }
  } else {
    unsigned search = solver->queue.search;
    while (search != INVALID && solver->values[LIT (search)])
      search = solver->links[search].prev;
    solver->queue.search = search;
    if (search == INVALID)
      return assumptions;
    unsigned limit = solver->links[search].stamp;
    while (keep < solver->level) {
      unsigned decision = PEEK_STACK (solver->frames, keep + 1).decision;
      if (decision != INVALID && solver->links[IDX (decision)].stamp <= limit)
        break;
      keep++;
    }
  }
  if (keep > assumptions) {
    LOG ("reusing %u levels of the trail", keep - assumptions);
    INC (restarts_reused);
  }
  assert (keep <= solver->level);
  return keep;
}

void es_restart (einsat *solver) {
  INC (restarts);
  unsigned level = reuse_trail (solver);
  LOG ("restart to level %u", level);
  es_backtrack (solver, level);
  if (solver->trace)
    es_trace_event (solver, EINSAT_RESTART, INVALID, level, 0, 0);
  es_set_restart_limit (solver);
  solver->reluctant.trigger = false;
  if (GET_OPTION (verbose) > 2)
    es_report (solver, 'R');
}
