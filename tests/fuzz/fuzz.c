/* Helpers shared by the fuzz targets (see 'fuzz.h'). */

#include "fuzz.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fuzz_failure (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  fputs ("fuzz failure: ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  va_end (ap);
  fflush (stderr);
  abort ();
}

unsigned fuzz_byte (fuzz_bytes *in) {
  return in->pos < in->size ? in->data[in->pos++] : 0;
}

bool fuzz_done (const fuzz_bytes *in) { return in->pos >= in->size; }

static void *limited_allocate (void *data, void *ptr, size_t old_size,
                               size_t new_size) {
  fuzz_memory *m = data;
  if (!new_size) {
    free (ptr);
    m->live -= old_size;
    return 0;
  }
  if (new_size > old_size &&
      (m->live > m->limit || new_size - old_size > m->limit - m->live))
    return 0;
  void *res = realloc (ptr, new_size);
  if (res)
    m->live += new_size - old_size;
  return res;
}

einsat *fuzz_new_solver (fuzz_memory *memory, size_t limit) {
  memory->live = 0;
  memory->limit = limit;
  einsat *solver = einsat_new_with_allocator (limited_allocate, memory);
  if (!solver)
    fuzz_failure ("could not create a solver");
  return solver;
}

static int number_of_options (void) {
  int count = 0;
  einsat_option_info info;
  while (einsat_option (count, &info))
    count++;
  return count;
}

static void check_refused (einsat *solver, const char *name, int64_t value) {
  if (value < INT_MIN || value > INT_MAX)
    return;
  int before, after;
  einsat_get_option (solver, name, &before);
  if (einsat_set_option (solver, name, (int) value))
    fuzz_failure ("option '%s' accepted %lld outside its range", name,
                  (long long) value);
  einsat_get_option (solver, name, &after);
  if (after != before)
    fuzz_failure ("refused value changed option '%s'", name);
}

static int option_value (const einsat_option_info *info, fuzz_bytes *in) {
  int64_t range = (int64_t) info->max_value - info->min_value + 1;
  unsigned kind = fuzz_byte (in) % 4, low = fuzz_byte (in);
  if (kind == 0)
    return info->min_value;
  if (kind == 1)
    return info->max_value;
  if (kind == 2)
    return (int) (info->min_value + low % (range < 32 ? range : 32));
  unsigned wide = low | fuzz_byte (in) << 8 | fuzz_byte (in) << 16;
  return (int) (info->min_value + wide % range);
}

void fuzz_set_option (einsat *solver, fuzz_bytes *in) {
  einsat_option_info info;
  einsat_option ((int) (fuzz_byte (in) % number_of_options ()), &info);
  int value = option_value (&info, in);
  if (!strcmp (info.name, "verbose") || !strcmp (info.name, "log"))
    return;
  check_refused (solver, info.name, (int64_t) info.min_value - 1);
  check_refused (solver, info.name, (int64_t) info.max_value + 1);
  if (!einsat_set_option (solver, info.name, value))
    fuzz_failure ("option '%s' refused %d in [%d, %d]", info.name, value,
                  info.min_value, info.max_value);
}
