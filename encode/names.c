/* Named and auxiliary variables.  Names live back to back in one
 * character array; an open-addressing hash table (linear probing, at most
 * half full) maps a name to its variable, and 'name_of' maps a variable
 * back to the offset of its name.  Grids ('enc_var_grid') store only
 * their prefix: a cell's name is written when asked for and parsed back
 * when looked up, and a name is looked up in the grids before the
 * table. */

#include "internal.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAME ENC_MAX_NAME

static uint64_t hash_name (const char *name) {
  uint64_t hash = 14695981039346656037ull; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    hash = (hash ^ *p) * 1099511628211ull;
  return hash;
}

/*------------------------------------------------------------------------*/
/* Grids. */

/* The grid holding 'var', or NULL.  Grids are in variable order. */
static const name_grid *grid_of (const encoder *e, int var) {
  size_t low = 0, high = e->grids.size;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    const name_grid *g = e->grids.begin + middle;
    if (var < g->first)
      high = middle;
    else if (var - g->first >= g->count)
      low = middle + 1;
    else
      return g;
  }
  return 0;
}

/* Writes the name of cell 'var' of 'g' into the next buffer of the
 * encoder (the buffers are scratch space, hence the cast). */
static const char *grid_name (const encoder *e, const name_grid *g,
                              int var) {
  encoder *mutable = (encoder *) e;
  char *name = mutable->grid_names[mutable->next_grid_name++ % 4];
  int index = var - g->first, indices[ENC_MAX_DIMENSIONS];
  for (int d = g->dimensions; d--;) {
    indices[d] = index % g->sizes[d] + 1;
    index /= g->sizes[d];
  }
  size_t length = strlen (e->names.begin + g->prefix);
  memcpy (name, e->names.begin + g->prefix, length);
  for (int d = 0; d < g->dimensions; d++)
    length += (size_t) snprintf (name + length, MAX_NAME + 2 - length,
                                 "_%d", indices[d]);
  return name;
}

/* Parses '_i_j...' ('count' indices, each from 1 to its size in
 * 'sizes', written without leading zeros) at 'p' into the row-major
 * offset; returns the end of what was read, or NULL. */
static const char *parse_indices (const char *p, int count,
                                  const int *sizes, int64_t *offset) {
  *offset = 0;
  for (int d = 0; d < count; d++) {
    if (*p++ != '_' || *p < '1' || *p > '9')
      return 0;
    int64_t index = 0;
    while (*p >= '0' && *p <= '9') {
      index = 10 * index + (*p++ - '0');
      if (index > sizes[d])
        return 0;
    }
    *offset = *offset * sizes[d] + index - 1;
  }
  return p;
}

/* The variable of grid 'g' named 'name', or 0. */
static int grid_var (const encoder *e, const name_grid *g,
                     const char *name) {
  const char *prefix = e->names.begin + g->prefix;
  size_t length = strlen (prefix);
  if (strncmp (name, prefix, length))
    return 0;
  int64_t offset;
  const char *end = parse_indices (name + length, g->dimensions, g->sizes,
                                   &offset);
  return end && !*end ? g->first + (int) offset : 0;
}

static int find_in_grids (const encoder *e, const char *name) {
  for (size_t i = 0; i < e->grids.size; i++) {
    int var = grid_var (e, e->grids.begin + i, name);
    if (var)
      return var;
  }
  return 0;
}

/* Do grids 'a' and 'b' name a variable alike?  Only if one prefix is
 * the other followed by indices of the first's leading dimensions, the
 * rest of its dimensions being the other's. */
static bool grids_clash (const encoder *e, const name_grid *a,
                         const name_grid *b) {
  const char *pa = e->names.begin + a->prefix;
  const char *pb = e->names.begin + b->prefix;
  if (strlen (pa) > strlen (pb)) {
    const name_grid *swap = a;
    a = b, b = swap;
    const char *swapped = pa;
    pa = pb, pb = swapped;
  }
  size_t length = strlen (pa);
  if (strncmp (pa, pb, length))
    return false;
  for (int leading = 0; leading < a->dimensions; leading++) {
    int64_t offset;
    const char *end = parse_indices (pb + length, leading, a->sizes,
                                     &offset);
    if (end && !*end && a->dimensions - leading == b->dimensions)
      return true;
  }
  return false;
}

static bool valid_grid (encoder *e, const char *prefix, int dimensions,
                        const int *sizes, int64_t *cells) {
  if (dimensions < 1 || dimensions > ENC_MAX_DIMENSIONS) {
    enc_fail (e, "enc_var_grid: %d dimensions (1 to %d)", dimensions,
              ENC_MAX_DIMENSIONS);
    return false;
  }
  size_t length = strlen (prefix);
  *cells = 1;
  for (int d = 0; d < dimensions; d++) {
    if (sizes[d] < 1) {
      enc_fail (e, "enc_var_grid: size %d", sizes[d]);
      return false;
    }
    char digits[16];
    length += (size_t) snprintf (digits, sizeof digits, "_%d", sizes[d]);
    *cells *= sizes[d];
    if (*cells > EINSAT_MAX_VAR - (int64_t) e->max_var) {
      enc_fail (e, "too many variables");
      return false;
    }
  }
  if (length > MAX_NAME) {
    enc_fail (e, "enc_var_grid: names longer than %d characters",
              MAX_NAME);
    return false;
  }
  return true;
}

/*------------------------------------------------------------------------*/

static const char *stored_name (const encoder *e, int var) {
  if (var <= e->base || var > e->max_var)
    return 0;
  const name_grid *g = e->grid_vars ? grid_of (e, var) : 0;
  if (g)
    return grid_name (e, g, var);
  size_t index = (size_t) (var - e->base - 1);
  size_t offset = index < e->name_of.size ? e->name_of.begin[index] : 0;
  return offset ? e->names.begin + offset - 1 : 0;
}

/* The slot holding 'name' or the empty slot where it belongs. */
static size_t find_slot (const encoder *e, const char *name) {
  size_t mask = e->table_size - 1;
  size_t slot = (size_t) hash_name (name) & mask;
  while (e->table[slot] && strcmp (stored_name (e, e->table[slot]), name))
    slot = (slot + 1) & mask;
  return slot;
}

static bool enlarge_table (encoder *e) {
  size_t new_size = e->table_size ? 2 * e->table_size : 64;
  int *old_table = e->table;
  size_t old_size = e->table_size;
  if (!(e->table = calloc (new_size, sizeof *e->table))) {
    e->table = old_table;
    enc_fail (e, "out of memory");
    return false;
  }
  e->table_size = new_size;
  for (size_t i = 0; i < old_size; i++)
    if (old_table[i])
      e->table[find_slot (e, stored_name (e, old_table[i]))] = old_table[i];
  free (old_table);
  return true;
}

int enc_new_variable (encoder *e) {
  if (e->failed)
    return 0;
  if (e->max_var == EINSAT_MAX_VAR) {
    enc_fail (e, "too many variables");
    return 0;
  }
  /* Grid variables have no entry: fill the gap they leave. */
  size_t index = (size_t) (e->max_var - e->base);
  if (!RESERVE (e, e->name_of, index + 1))
    return 0;
  while (e->name_of.size <= index)
    e->name_of.begin[e->name_of.size++] = 0;
  return ++e->max_var;
}

int enc_aux (encoder *e) {
  int var = enc_new_variable (e);
  if (var)
    e->aux++;
  return var;
}

static bool valid_name (encoder *e, const char *function,
                        const char *name, int length) {
  if (length <= 0 || length > MAX_NAME) {
    enc_fail (e, "%s: name '%s' %s", function, name,
              length <= 0 ? "is empty" : "is longer than 255 characters");
    return false;
  }
  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    if (isspace (*p) || *p < 0x20 || *p == 0x7f) {
      enc_fail (e,
                "%s: name '%s' contains white space or control "
                "characters",
                function, name);
      return false;
    }
  return true;
}

static int new_named_variable (encoder *e, const char *name, size_t slot) {
  size_t offset = e->names.size;
  if (!RESERVE (e, e->names, offset + strlen (name) + 1) ||
      !RESERVE (e, e->named, e->named.size + 1))
    return 0;
  int var = enc_new_variable (e);
  if (!var)
    return 0;
  strcpy (e->names.begin + offset, name);
  e->names.size += strlen (name) + 1;
  e->name_of.begin[var - e->base - 1] = offset + 1;
  e->named.begin[e->named.size++] = var;
  e->table[slot] = var;
  return var;
}

int enc_vvar (encoder *e, const char *fmt, va_list ap) {
  if (e->failed)
    return 0;
  char name[MAX_NAME + 2];
  int length = vsnprintf (name, sizeof name, fmt, ap);
  if (!valid_name (e, "enc_var", name, length))
    return 0;
  int in_grid = e->grid_vars ? find_in_grids (e, name) : 0;
  if (in_grid)
    return in_grid;
  if (2 * (e->named.size + 1) > e->table_size && !enlarge_table (e))
    return 0;
  size_t slot = find_slot (e, name);
  if (e->table[slot])
    return e->table[slot];
  return new_named_variable (e, name, slot);
}

int enc_var (encoder *e, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  int var = enc_vvar (e, fmt, ap);
  va_end (ap);
  return var;
}

int enc_find (const encoder *e, const char *fmt, ...) {
  char name[MAX_NAME + 2];
  va_list ap;
  va_start (ap, fmt);
  int length = vsnprintf (name, sizeof name, fmt, ap);
  va_end (ap);
  if (length <= 0 || length > MAX_NAME)
    return 0;
  int var = e->grid_vars ? find_in_grids (e, name) : 0;
  if (var || !e->table_size)
    return var;
  return e->table[find_slot (e, name)];
}

int enc_var_grid (encoder *e, const char *prefix, int dimensions,
                  const int *sizes) {
  int64_t cells;
  if (e->failed ||
      !valid_name (e, "enc_var_grid", prefix, (int) strlen (prefix)) ||
      !valid_grid (e, prefix, dimensions, sizes, &cells))
    return 0;
  size_t offset = e->names.size;
  if (!RESERVE (e, e->names, offset + strlen (prefix) + 1) ||
      !RESERVE (e, e->grids, e->grids.size + 1))
    return 0;
  name_grid g = {e->max_var + 1, (int) cells, dimensions, {0}, offset};
  memcpy (g.sizes, sizes, (size_t) dimensions * sizeof *sizes);
  strcpy (e->names.begin + offset, prefix);
  bool clash = false;
  for (size_t i = 0; !clash && i < e->grids.size; i++)
    clash = grids_clash (e, e->grids.begin + i, &g);
  for (size_t i = 0; !clash && i < e->named.size; i++)
    clash = grid_var (e, &g, stored_name (e, e->named.begin[i]));
  if (clash) {
    enc_fail (e, "enc_var_grid: names '%s_...' exist already", prefix);
    return 0;
  }
  e->names.size += strlen (prefix) + 1;
  e->grids.begin[e->grids.size++] = g;
  e->max_var += (int) cells;
  e->grid_vars += (int) cells;
  return g.first;
}

const char *enc_name (const encoder *e, int var) {
  if (var == INT_MIN)
    return 0;
  return stored_name (e, abs (var));
}

char *enc_format_literal (const encoder *e, int lit, char *buffer,
                          size_t size) {
  const char *name = enc_name (e, lit);
  const char *sign = lit < 0 ? "-" : "";
  if (name)
    snprintf (buffer, size, "%s%s", sign, name);
  else
    snprintf (buffer, size, "%s#%lld", sign, llabs ((long long) lit));
  return buffer;
}

int enc_vars (const encoder *e) { return e->max_var; }

int enc_aux_vars (const encoder *e) { return e->aux; }

/* Both kinds merged in variable (creation) order, built when asked for
 * after variables were added (the array is a cache, hence the cast). */
const int *enc_named (const encoder *e, int *count) {
  if (!e->grid_vars) {
    *count = (int) e->named.size;
    return e->named.begin;
  }
  encoder *mutable = (encoder *) e;
  ints *all = &mutable->all_named;
  size_t total = e->named.size + (size_t) e->grid_vars;
  *count = 0;
  if (all->size != total) {
    if (!RESERVE (mutable, *all, total))
      return 0;
    all->size = 0;
    /* Indices, not pointers: 'named.begin' is NULL without stored names,
     * and NULL + 0 is undefined. */
    size_t stored = 0;
    for (size_t i = 0; i < e->grids.size; i++) {
      const name_grid *g = e->grids.begin + i;
      while (stored < e->named.size && e->named.begin[stored] < g->first)
        all->begin[all->size++] = e->named.begin[stored++];
      for (int var = g->first; var - g->first < g->count; var++)
        all->begin[all->size++] = var;
    }
    while (stored < e->named.size)
      all->begin[all->size++] = e->named.begin[stored++];
  }
  *count = (int) all->size;
  return all->begin;
}

void enc_release_names (encoder *e) {
  RELEASE (e->names);
  RELEASE (e->name_of);
  RELEASE (e->named);
  RELEASE (e->grids);
  RELEASE (e->all_named);
  e->grid_vars = 0;
  free (e->table);
  e->table = 0;
  e->table_size = 0;
}
