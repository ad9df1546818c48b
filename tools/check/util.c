/* Messages and memory.  A checker that runs out of memory must say so and
 * exit with the 'could not check' code instead of crashing, so every
 * allocation goes through these wrappers, which never return NULL.  */

#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void fatal (const char *fmt, ...) {
  va_list ap;
  fflush (stdout);
  fputs (PROGRAM ": ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (EXIT_ERROR);
}

void warning (const char *fmt, ...) {
  va_list ap;
  fflush (stdout);
  fputs (PROGRAM ": warning: ", stderr);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
}

static NORETURN void out_of_memory (size_t bytes) {
  fatal ("out of memory (allocating %zu bytes)", bytes);
}

void *allocate (size_t bytes) {
  void *res = malloc (bytes ? bytes : 1);
  if (!res)
    out_of_memory (bytes);
  return res;
}

void *allocate_zeroed (size_t count, size_t size) {
  void *res = calloc (count ? count : 1, size ? size : 1);
  if (!res)
    out_of_memory (count * size);
  return res;
}

/* Doubles '*capacity' (at least 4 elements) and reallocates.  */
void *grow_array (void *array, size_t *capacity, size_t element_size) {
  size_t new_capacity = *capacity ? 2 * *capacity : 4;
  if (new_capacity > SIZE_MAX / element_size || new_capacity < *capacity)
    out_of_memory (SIZE_MAX);
  size_t bytes = new_capacity * element_size;
  void *res = realloc (array, bytes);
  if (!res)
    out_of_memory (bytes);
  *capacity = new_capacity;
  return res;
}
