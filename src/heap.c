/* A binary max-heap of variables ordered by score (EVSIDS). */

#include "internal.h"

/* Not for clang-format, which reads "(X) op" in macros as a cast: */
/* clang-format off */
#define PARENT(POS) (((POS) - 1) / 2)
#define LEFT(POS) (2 * (POS) + 1)
/* clang-format on */

static void place (heap *h, unsigned idx, unsigned i) {
  assert (i < h->size);
  h->array[i] = idx;
  h->pos[idx] = i;
}

/* Moves the hole at position 'i' up past the parents with lower score
 * than 'score'; returns where the hole ends. */
static unsigned hole_up (heap *h, double score, unsigned i) {
  while (i) {
    unsigned parent_pos = PARENT (i), parent = h->array[parent_pos];
    if (h->score[parent] >= score)
      break;
    place (h, parent, i);
    i = parent_pos;
  }
  return i;
}

/* The child of position 'i' with the higher score, or INVALID. */
static unsigned larger_child (const heap *h, unsigned i) {
  unsigned left = LEFT (i), right = left + 1;
  if (left >= h->size)
    return INVALID;
  const double *score = h->score;
  if (right < h->size && score[h->array[right]] > score[h->array[left]])
    return right;
  return left;
}

/* Moves the hole at position 'i' down past the children with higher
 * score than 'score'; returns where it ends. */
static unsigned hole_down (heap *h, double score, unsigned i) {
  for (unsigned child; (child = larger_child (h, i)) != INVALID; i = child) {
    unsigned idx = h->array[child];
    if (score >= h->score[idx])
      break;
    place (h, idx, i);
  }
  return i;
}

static void heap_up (heap *h, unsigned idx) {
  place (h, idx, hole_up (h, h->score[idx], h->pos[idx]));
}

static void heap_down (heap *h, unsigned idx) {
  place (h, idx, hole_down (h, h->score[idx], h->pos[idx]));
}

void es_heap_push (einsat *solver, heap *h, unsigned idx) {
  (void) solver;
  assert (idx < solver->vars);
  if (!h->filled || HEAP_CONTAINS (h, idx))
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
  if (h->filled && HEAP_CONTAINS (h, idx)) {
    heap_up (h, idx);
    heap_down (h, idx);
  }
}

/* Only stable mode decides by the heap, and a search may never get
 * there: until it does, the heap stays empty and its positions are
 * neither written nor valid (untouched, they cost no memory; 8 bytes a
 * variable where millions are only propagated).  Filling it pushes every
 * variable in the order of their creation, as creating them did before,
 * so that the search takes the same decisions as with a heap kept from
 * the start (variables that are not active are skipped when popped). */
void es_fill_heap (einsat *solver, heap *h) {
  if (h->filled)
    return;
  h->filled = true;
  assert (!h->size);
  for (unsigned idx = 0; idx < solver->vars; idx++)
    h->pos[idx] = INVALID;
  for (unsigned idx = 0; idx < solver->vars; idx++)
    es_heap_push (solver, h, idx);
}
