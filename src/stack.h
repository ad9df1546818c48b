#ifndef STACK_H_INCLUDED
#define STACK_H_INCLUDED

#include "alloc.h"

#include <stdint.h>

/* Typed dynamic arrays.  The macros that may allocate use the variable
 * 'solver' of the enclosing function, which owns the memory. */

#define STACK(TYPE) \
  struct { \
    TYPE *begin, *end, *allocated; \
  }

#define INIT_STACK(S) ((S).begin = (S).end = (S).allocated = 0)
#define SIZE_STACK(S) ((size_t) ((S).end - (S).begin))
#define CAPACITY_STACK(S) ((size_t) ((S).allocated - (S).begin))
#define EMPTY_STACK(S) ((S).begin == (S).end)
#define FULL_STACK(S) ((S).end == (S).allocated)
#define CLEAR_STACK(S) ((S).end = (S).begin)
#define TOP_STACK(S) ((S).end[-1])
#define POP_STACK(S) (*--(S).end)
#define PEEK_STACK(S, I) ((S).begin[I])
#define POKE_STACK(S, I, E) ((S).begin[I] = (E))
/* A stack never allocated has a null 'begin', and adding even zero to a
 * null pointer is undefined, so that case keeps 'end' null. */
#define RESIZE_STACK(S, N) \
  ((S).end = (S).begin ? (S).begin + (N) : (S).begin)
#define BYTES_STACK(S) (CAPACITY_STACK (S) * sizeof *(S).begin)

/* The new block is assigned only after the allocation succeeded, so a
 * failing allocation leaves the stack intact for 'RELEASE_STACK'. */
#define ENLARGE_STACK(S, MINIMUM) \
  do { \
    const size_t SIZE_ = SIZE_STACK (S); \
    size_t CAPACITY_ = CAPACITY_STACK (S); \
    void *BLOCK_ = es_grow (solver, (S).begin, sizeof *(S).begin, \
                            &CAPACITY_, (MINIMUM)); \
    (S).begin = BLOCK_; \
    (S).end = (S).begin + SIZE_; \
    (S).allocated = (S).begin + CAPACITY_; \
  } while (0)

#define PUSH_STACK(S, E) \
  do { \
    if (FULL_STACK (S)) \
      ENLARGE_STACK (S, SIZE_STACK (S) + 1); \
    *(S).end++ = (E); \
  } while (0)

#define RESERVE_STACK(S, N) \
  do { \
    if (CAPACITY_STACK (S) < (size_t) (N)) \
      ENLARGE_STACK (S, (N)); \
  } while (0)

/* Room for exactly 'N' elements, not rounded up to a power of two: for
 * big arrays whose size is known in advance, where doubling would waste
 * up to half of the block. */
#define RESERVE_EXACTLY_STACK(S, N) \
  do { \
    const size_t SIZE_ = SIZE_STACK (S), WANTED_ = (N); \
    if (CAPACITY_STACK (S) < WANTED_) { \
      (S).begin = es_nrealloc (solver, (S).begin, CAPACITY_STACK (S), \
                               WANTED_, sizeof *(S).begin); \
      (S).end = (S).begin + SIZE_; \
      (S).allocated = (S).begin + WANTED_; \
    } \
  } while (0)

#define RELEASE_STACK(S) \
  do { \
    es_free (solver, (S).begin, BYTES_STACK (S)); \
    INIT_STACK (S); \
  } while (0)

/* A structure owning several stacks declares them through one list
 * macro, 'FOO_STACKS (X, P)' with an entry 'X (P, TYPE, NAME)' per
 * stack: the structure declares its stacks with 'DECLARE_STACKS' and
 * they are released with 'RELEASE_STACKS' from the same list, so that a
 * stack added to the structure is released without a second list kept
 * by hand.  'P' is the pointer to the structure when releasing. */
#define DECLARE_STACK(P, TYPE, NAME) TYPE NAME;
#define DECLARE_STACKS(LIST) LIST (DECLARE_STACK, )
#define RELEASE_STACK_OF(P, TYPE, NAME) RELEASE_STACK ((P)->NAME);
#define RELEASE_STACKS(LIST, P) \
  do { \
    LIST (RELEASE_STACK_OF, P) \
  } while (0)

#define SHRINK_STACK(S) \
  do { \
    const size_t SIZE_ = SIZE_STACK (S); \
    if (SIZE_ < CAPACITY_STACK (S)) { \
      (S).begin = es_realloc (solver, (S).begin, BYTES_STACK (S), \
                              SIZE_ * sizeof *(S).begin); \
      (S).end = (S).allocated = (S).begin + SIZE_; \
    } \
  } while (0)

#define all_stack(T, E, S) \
  T E, *E##_PTR = (S).begin, *const E##_END = (S).end; \
  E##_PTR != E##_END && ((E = *E##_PTR), 1); \
  ++E##_PTR

typedef STACK (unsigned) unsigneds;
typedef STACK (int) ints;
typedef STACK (char) chars;
typedef STACK (uint64_t) uint64s;

#endif
