/* A binary max-heap of variables ordered by score (EVSIDS). */

#include "internal.h"

#define PARENT(POS) (((POS) - 1) / 2)
#define LEFT(POS) (2 * (POS) + 1)

static void heap_up (heap *h, unsigned idx) {
  unsigned *array = h->array, *pos = h->pos;
  double score = h->score[idx];
  unsigned i = pos[idx];
  assert (i < h->size && array[i] == idx);
  while (i) {
    unsigned parent_pos = PARENT (i);
    unsigned parent = array[parent_pos];
    if (h->score[parent] >= score)
      break;
    array[i] = parent;
    pos[parent] = i;
    i = parent_pos;
  }
  array[i] = idx;
  pos[idx] = i;
}

static void heap_down (heap *h, unsigned idx) {
  unsigned *array = h->array, *pos = h->pos;
  double score = h->score[idx];
  unsigned i = pos[idx];
  assert (i < h->size);
  for (;;) {
    unsigned child_pos = LEFT (i);
    if (child_pos >= h->size)
      break;
    unsigned child = array[child_pos];
    double child_score = h->score[child];
    unsigned right_pos = child_pos + 1;
    if (right_pos < h->size) {
      unsigned right = array[right_pos];
      double right_score = h->score[right];
      if (right_score > child_score)
        child = right, child_pos = right_pos, child_score = right_score;
    }
    if (score >= child_score)
      break;
    array[i] = child;
    pos[child] = i;
    i = child_pos;
  }
  array[i] = idx;
  pos[idx] = i;
}

void es_heap_push (einsat *solver, heap *h, unsigned idx) {
  (void) solver;
  assert (idx < solver->vars);
  if (HEAP_CONTAINS (h, idx))
    return;
  assert (h->size < solver->vars);
  h->pos[idx] = h->size;
  h->array[h->size++] = idx;
  heap_up (h, idx);
}

unsigned es_heap_pop (einsat *solver, heap *h) {
  (void) solver;
  assert (h->size);
  unsigned res = h->array[0];
  assert (h->pos[res] == 0);
  unsigned last = h->array[--h->size];
  h->pos[res] = INVALID;
  if (h->size) {
    h->array[0] = last;
    h->pos[last] = 0;
    heap_down (h, last);
  }
  return res;
}

void es_heap_update (einsat *solver, heap *h, unsigned idx) {
  (void) solver;
  if (HEAP_CONTAINS (h, idx)) {
    heap_up (h, idx);
    heap_down (h, idx);
  }
}
