/* Bumping the variables of a conflict.  Focused mode uses the variable
 * move-to-front queue (VMTF, Ryan 2004; Biere and Fröhlich 2015): bumped
 * variables move to the front in the order of their old position.  Stable
 * mode uses exponential VSIDS (EVSIDS, MiniSat) scores on a heap.  Only
 * the heuristic of the current mode is bumped.  The variables of the
 * reasons of the learned literals are bumped too (see below). */

#include "internal.h"

#include <stdlib.h>

/* The stamps 1, 2, ... in queue order: the order they encode stays, and
 * the next stamp is at most the number of variables plus one. */
static void restamp_queue (einsat *solver) {
  queue *q = &solver->queue;
  links *l = solver->links;
  q->stamp = 0;
  for (unsigned idx = q->first; idx != INVALID; idx = l[idx].next)
    l[idx].stamp = ++q->stamp;
}

/* Out of line: it runs once in four billion enqueues, and inlined it
 * would keep the hot 'es_queue_enqueue' from being inlined. */
static void __attribute__ ((noinline, cold)) wrap_stamps (einsat *solver) {
  restamp_queue (solver);
  INC (queue_restamps);
}

void es_queue_enqueue (einsat *solver, unsigned idx) {
  links *l = solver->links + idx;
  queue *q = &solver->queue;
  assert (idx < solver->vars && !FLAGS (idx)->eliminated);
  assert (q->last != idx);
  l->next = INVALID;
  l->prev = q->last;
  if (q->last == INVALID)
    q->first = idx;
  else
    solver->links[q->last].next = idx;
  q->last = idx;
  if (q->stamp == UINT_MAX)
    wrap_stamps (solver); /* 'idx' too, as last */
  else
    l->stamp = ++q->stamp;
  if (!VALUE (LIT (idx)))
    q->search = idx;
}

/* Moves the given variables to the least recently bumped end of the
 * queue, where they are decided last, keeping their order, and stamps the
 * whole queue again in order (the stamps sort bumped variables). */
void es_queue_move_back (einsat *solver, const unsigned *idxs, size_t n) {
  queue *q = &solver->queue;
  links *l = solver->links;
  for (size_t i = n; i--;) {
    unsigned idx = idxs[i];
    assert (!FLAGS (idx)->eliminated);
    es_queue_dequeue (solver, idx);
    l[idx].next = q->first;
    if (q->first == INVALID)
      q->last = idx;
    else
      l[q->first].prev = idx;
    q->first = idx;
  }
  restamp_queue (solver);
  q->search = q->last;
}

void es_queue_dequeue (einsat *solver, unsigned idx) {
  links *l = solver->links + idx;
  queue *q = &solver->queue;
  assert (idx < solver->vars);
  assert (l->prev != INVALID || q->first == idx);
  assert (l->next != INVALID || q->last == idx);
  if (l->prev == INVALID)
    q->first = l->next;
  else
    solver->links[l->prev].next = l->next;
  if (l->next == INVALID)
    q->last = l->prev;
  else
    solver->links[l->next].prev = l->prev;
  if (q->search == idx)
    q->search = l->prev != INVALID ? l->prev : l->next;
  l->prev = l->next = INVALID;
}

/* Bumped variables keep their relative order: they are sorted by their
 * old stamps, with insertion sort for the usual few and a radix sort on
 * the bytes in which the stamps differ for many (as Kissat does). */
static void insertion_sort (stamped *a, size_t n) {
  for (size_t i = 1; i < n; i++) {
    stamped x = a[i];
    size_t j = i;
    while (j && a[j - 1].stamp > x.stamp) {
      a[j] = a[j - 1];
      j--;
    }
    a[j] = x;
  }
}

static void radix_sort (einsat *solver, stamped *a, size_t n) {
  uint64_t lower = a[0].stamp, upper = a[0].stamp;
  for (size_t i = 1; i < n; i++) {
    if (a[i].stamp < lower)
      lower = a[i].stamp;
    if (a[i].stamp > upper)
      upper = a[i].stamp;
  }
  stampeds *tmp = &solver->sorted_tmp;
  RESERVE_STACK (*tmp, n);
  stamped *from = a, *to = tmp->begin;
  for (unsigned shift = 0; shift < 64 && (upper - lower) >> shift;
       shift += 8) {
    size_t count[257] = {0};
    for (size_t i = 0; i < n; i++)
      count[((from[i].stamp - lower) >> shift & 255) + 1]++;
    for (size_t i = 1; i < 257; i++)
      count[i] += count[i - 1];
    for (size_t i = 0; i < n; i++)
      to[count[(from[i].stamp - lower) >> shift & 255]++] = from[i];
    stamped *swap = from;
    from = to, to = swap;
  }
  if (from != a)
    for (size_t i = 0; i < n; i++)
      a[i] = from[i];
}

static void sort_by_stamp (einsat *solver, stamped *a, size_t n) {
  if (n < 64)
    insertion_sort (a, n);
  else
    radix_sort (solver, a, n);
#ifndef NDEBUG
  for (size_t i = 1; i < n; i++)
    assert (a[i - 1].stamp < a[i].stamp); /* stamps are unique */
#endif
}

static void bump_queue (einsat *solver) {
  size_t n = SIZE_STACK (solver->analyzed);
  if (!n)
    return;
  CLEAR_STACK (solver->sorted);
  for (all_stack (unsigned, idx, solver->analyzed))
    PUSH_STACK (solver->sorted, ((stamped) {solver->links[idx].stamp, idx}));
  sort_by_stamp (solver, solver->sorted.begin, n);
  for (all_stack (stamped, s, solver->sorted)) {
    if (s.idx == solver->queue.last)
      continue;
    es_queue_dequeue (solver, s.idx);
    es_queue_enqueue (solver, s.idx);
  }
}

static void rescale_scores (einsat *solver) {
  heap *h = &solver->scores;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    h->score[idx] *= 1e-300;
  h->increment *= 1e-300;
}

static void bump_scores (einsat *solver) {
  heap *h = &solver->scores;
  assert (h->increment > 0);
  for (all_stack (unsigned, idx, solver->analyzed)) {
    if ((h->score[idx] += h->increment) > 1e300)
      rescale_scores (solver);
    es_heap_update (solver, h, idx);
  }
  double decay = GET_OPTION (decay) * 1e-3;
  assert (0 < decay && decay < 1);
  h->increment /= 1.0 - decay;
  if (h->increment > 1e300)
    rescale_scores (solver);
}

static void unmark_reasons_side (einsat *solver, size_t saved) {
  while (SIZE_STACK (solver->analyzed) > saved)
    solver->assigned[POP_STACK (solver->analyzed)].analyzed = false;
}

/* Adds the variables of the reasons of the learned literals to the bumped
 * ones ("reason side rate", Liang et al. 2016; as in Kissat and CaDiCaL):
 * they took part in the conflict one step removed.  Skipped while
 * decisions per conflict are high, where the search is shallow and the
 * extra bumps add noise, and given up (with a growing delay) when the
 * reasons would add more than 'bumpreasonslimit' times the analyzed
 * variables.  Returns the size of 'analyzed' before. */
static size_t mark_reasons_side (einsat *solver) {
  size_t saved = SIZE_STACK (solver->analyzed);
  if (!GET_OPTION (bumpreasons))
    return saved;
  delay *d = &solver->delays.bumpreasons;
  if (es_delaying (d))
    return saved;
  if (solver->decision_rate.value >= GET_OPTION (bumpreasonsrate))
    return saved;
  size_t limit = saved * (size_t) GET_OPTION (bumpreasonslimit);
  for (all_stack (unsigned, lit, solver->learned)) {
    if (VAR (lit)->reason != INVALID)
      es_mark_reason_analyzed (solver, NOT (lit));
    if (SIZE_STACK (solver->analyzed) > limit)
      break;
  }
  if (SIZE_STACK (solver->analyzed) > limit) {
    LOG ("reason side too large: delaying reason-side bumping");
    unmark_reasons_side (solver, saved);
    es_bump_delay (d, UINT_MAX);
  } else {
    es_halve_delay (d);
    INC (bumped_reasons);
  }
  return saved;
}

static void update_decision_rate (einsat *solver) {
  uint64_t decisions = STAT (decisions);
  es_update_ema (&solver->decision_rate,
                 (double) (decisions - solver->last.decisions));
  solver->last.decisions = decisions;
}

/* The reason-side variables are unmarked after bumping: the rest of the
 * analysis (proof chains, on-the-fly strengthening) must see only the
 * variables of the conflict. */
void es_bump_analyzed (einsat *solver) {
  update_decision_rate (solver);
  size_t saved = mark_reasons_side (solver);
  if (solver->stable)
    bump_scores (solver);
  else
    bump_queue (solver);
  unmark_reasons_side (solver, saved);
}
