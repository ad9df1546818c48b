/* Regression: 'einsat_enumerate' allocated the structure its calls keep
 * before its protected part, so an allocation failing there aborted the
 * program instead of making the call return -1 (found by the model-based
 * tester).  Every allocation of a small enumeration is made to fail in
 * turn: the call returns -1 or the right count, never aborts. */

#include "einsat.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct budget {
  long allocations, fail_at;
} budget;

static void *allocate (void *data, void *ptr, size_t old_size,
                       size_t new_size) {
  budget *b = data;
  (void) old_size;
  if (!new_size) {
    free (ptr);
    return 0;
  }
  if (++b->allocations == b->fail_at)
    return 0;
  return realloc (ptr, new_size);
}

static int on_model (void *data, const int *values) {
  (void) data, (void) values;
  return 1;
}

int main (void) {
  long failed_calls = 0;
  for (long fail_at = 1; fail_at <= 60; fail_at++) {
    budget b = {0, fail_at};
    einsat *solver = einsat_new_with_allocator (allocate, &b);
    if (!solver)
      continue;
    einsat_add (solver, 1);
    einsat_add (solver, 2);
    einsat_add (solver, 0);
    einsat_assume (solver, -1);
    int64_t models = einsat_enumerate (solver, 0, 0, 0, on_model, 0, 0);
    if (models != -1 && models != 1) {
      printf ("not ok regress enumerate out of memory: %lld models with "
              "allocation %ld failing\n",
              (long long) models, fail_at);
      return 1;
    }
    failed_calls += models == -1;
    einsat_delete (solver);
  }
  if (!failed_calls) {
    printf ("not ok regress enumerate out of memory: no call failed\n");
    return 1;
  }
  printf ("ok regress enumerate out of memory: %ld of 60 failing "
          "allocations made the call fail\n",
          failed_calls);
  return 0;
}
