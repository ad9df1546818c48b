/* Named and auxiliary variables.  Names live back to back in one
 * character array; an open-addressing hash table (linear probing, at most
 * half full) maps a name to its variable, and 'name_of' maps a variable
 * back to the offset of its name. */

#include "internal.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAME 255

static uint64_t hash_name (const char *name) {
  uint64_t hash = 14695981039346656037ull; /* FNV-1a */
  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    hash = (hash ^ *p) * 1099511628211ull;
  return hash;
}

static const char *stored_name (const encoder *e, int var) {
  if (var <= e->base || var > e->max_var)
    return 0;
  size_t offset = e->name_of.begin[var - e->base - 1];
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
  if (!PUSH (e, e->name_of, 0))
    return 0;
  return ++e->max_var;
}

int enc_aux (encoder *e) {
  int var = enc_new_variable (e);
  if (var)
    e->aux++;
  return var;
}

static bool valid_name (encoder *e, const char *name, int length) {
  if (length <= 0 || length > MAX_NAME) {
    enc_fail (e, "enc_var: name '%s' %s", name,
              length <= 0 ? "is empty" : "is longer than 255 characters");
    return false;
  }
  for (const unsigned char *p = (const unsigned char *) name; *p; p++)
    if (isspace (*p) || *p < 0x20 || *p == 0x7f) {
      enc_fail (e,
                "enc_var: name '%s' contains white space or control "
                "characters",
                name);
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
  if (!valid_name (e, name, length))
    return 0;
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
  if (!e->table_size)
    return 0;
  char name[MAX_NAME + 2];
  va_list ap;
  va_start (ap, fmt);
  int length = vsnprintf (name, sizeof name, fmt, ap);
  va_end (ap);
  if (length <= 0 || length > MAX_NAME)
    return 0;
  return e->table[find_slot (e, name)];
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

const int *enc_named (const encoder *e, int *count) {
  *count = (int) e->named.size;
  return e->named.begin;
}

void enc_release_names (encoder *e) {
  RELEASE (e->names);
  RELEASE (e->name_of);
  RELEASE (e->named);
  free (e->table);
  e->table = 0;
  e->table_size = 0;
}
