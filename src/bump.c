/* Bumping the variables of a conflict.  Focused mode uses the variable
 * move-to-front queue (VMTF, Ryan 2004; Biere and Fröhlich 2015): bumped
 * variables move to the front in the order of their old position.  Stable
 * mode uses exponential VSIDS (EVSIDS, MiniSat) scores on a heap.  Only
 * the heuristic of the current mode is bumped. */

#include "internal.h"

#include <stdlib.h>

void es_queue_enqueue (einsat *solver, unsigned idx) {
  links *l = solver->links + idx;
  queue *q = &solver->queue;
  l->next = INVALID;
  l->prev = q->last;
  if (q->last == INVALID)
    q->first = idx;
  else
    solver->links[q->last].next = idx;
  q->last = idx;
  l->stamp = ++q->stamp;
  if (!VALUE (LIT (idx)))
    q->search = idx;
}

void es_queue_dequeue (einsat *solver, unsigned idx) {
  links *l = solver->links + idx;
  queue *q = &solver->queue;
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

static int compare_stamps (const void *p, const void *q) {
  uint64_t a = ((const stamped *) p)->stamp;
  uint64_t b = ((const stamped *) q)->stamp;
  return a < b ? -1 : a > b;
}

static void bump_queue (einsat *solver) {
  size_t n = SIZE_STACK (solver->analyzed);
  if (!n)
    return;
  CLEAR_STACK (solver->sorted);
  for (all_stack (unsigned, idx, solver->analyzed))
    PUSH_STACK (solver->sorted, ((stamped) {solver->links[idx].stamp, idx}));
  qsort (solver->sorted.begin, n, sizeof (stamped), compare_stamps);
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
  for (all_stack (unsigned, idx, solver->analyzed)) {
    if ((h->score[idx] += h->increment) > 1e300)
      rescale_scores (solver);
    es_heap_update (solver, h, idx);
  }
  double decay = GET_OPTION (decay) * 1e-3;
  h->increment /= 1.0 - decay;
  if (h->increment > 1e300)
    rescale_scores (solver);
}

void es_bump_analyzed (einsat *solver) {
  if (solver->stable)
    bump_scores (solver);
  else
    bump_queue (solver);
}
