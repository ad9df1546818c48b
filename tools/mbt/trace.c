/* Traces and their text format, one call per line:
 *
 *   new                      delete
 *   option NAME VALUE        configure NAME
 *   add LIT ... 0            assume LIT
 *   solve                    val LIT             model-value LIT
 *   failed LIT               freeze LIT          melt LIT
 *   vars                     terminate           terminate-never
 *   terminate-after N        limit conflicts|decisions|time VALUE
 *   enumerate LIMIT STOP all|VAR...
 *   fail-alloc N             learn MAX-LENGTH (negative: no callback)
 *   decide SEED              (random decisions; negative: no callback)
 *   proof drat|drat-text|lrat|lrat-text   (right after 'new')
 *
 * Lines starting with '#' are comments. */

#include "mbt.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[NUMBER_OF_CALL_KINDS] = {
    [CALL_NEW] = "new",
    [CALL_DELETE] = "delete",
    [CALL_OPTION] = "option",
    [CALL_CONFIGURE] = "configure",
    [CALL_ADD] = "add",
    [CALL_ASSUME] = "assume",
    [CALL_SOLVE] = "solve",
    [CALL_VAL] = "val",
    [CALL_FAILED] = "failed",
    [CALL_FREEZE] = "freeze",
    [CALL_MELT] = "melt",
    [CALL_VARS] = "vars",
    [CALL_LIMIT] = "limit",
    [CALL_TERMINATE] = "terminate",
    [CALL_TERMINATE_AFTER] = "terminate-after",
    [CALL_TERMINATE_NEVER] = "terminate-never",
    [CALL_ENUMERATE] = "enumerate",
    [CALL_FAIL_ALLOC] = "fail-alloc",
    [CALL_LEARN] = "learn",
    [CALL_DECIDE] = "decide",
    [CALL_MODEL_VALUE] = "model-value",
    [CALL_PROOF] = "proof",
    [CALL_ATMOST] = "atmost",
    [CALL_EXACTLY] = "exactly",
};

const char *call_name (call_kind kind) { return names[kind]; }

void trace_init (trace *t) { memset (t, 0, sizeof *t); }

void trace_release (trace *t) {
  free (t->calls);
  trace_init (t);
}

void trace_push (trace *t, const call *c) {
  if (t->size == t->capacity) {
    t->capacity = t->capacity ? 2 * t->capacity : 64;
    t->calls = realloc (t->calls, t->capacity * sizeof *t->calls);
    if (!t->calls)
      abort ();
  }
  t->calls[t->size++] = *c;
}

void trace_copy (trace *dst, const trace *src) {
  dst->size = 0;
  for (size_t i = 0; i < src->size; i++)
    trace_push (dst, src->calls + i);
}

void trace_erase (trace *t, size_t begin, size_t end) {
  memmove (t->calls + begin, t->calls + end,
           (t->size - end) * sizeof *t->calls);
  t->size -= end - begin;
}

/*------------------------------------------------------------------------*/
/* Printing. */

static void print_literals (const call *c, FILE *file) {
  for (int i = 0; i < c->size; i++)
    fprintf (file, " %d", c->lits[i]);
}

void call_print (const call *c, FILE *file) {
  fputs (names[c->kind], file);
  switch (c->kind) {
  case CALL_OPTION:
  case CALL_LIMIT:
    fprintf (file, " %s %" PRId64, c->name, c->value);
    break;
  case CALL_CONFIGURE:
  case CALL_PROOF:
    fprintf (file, " %s", c->name);
    break;
  case CALL_ADD:
    print_literals (c, file);
    fputs (" 0", file);
    break;
  case CALL_ASSUME:
  case CALL_VAL:
  case CALL_MODEL_VALUE:
  case CALL_FAILED:
  case CALL_FREEZE:
  case CALL_MELT:
    print_literals (c, file);
    break;
  case CALL_TERMINATE_AFTER:
  case CALL_FAIL_ALLOC:
  case CALL_LEARN:
  case CALL_DECIDE:
    fprintf (file, " %" PRId64, c->value);
    break;
  case CALL_ATMOST:
  case CALL_EXACTLY:
    fprintf (file, " %" PRId64, c->value);
    print_literals (c, file);
    break;
  case CALL_ENUMERATE:
    fprintf (file, " %" PRId64 " %" PRId64, c->value, c->stop);
    if (c->all)
      fputs (" all", file);
    print_literals (c, file);
    break;
  default:
    break;
  }
  fputc ('\n', file);
}

void trace_print (const trace *t, FILE *file) {
  for (size_t i = 0; i < t->size; i++)
    call_print (t->calls + i, file);
}

/*------------------------------------------------------------------------*/
/* Reading. */

typedef struct reader {
  char *token; /* strtok_r position */
  char *error;
  size_t error_size;
  unsigned line;
} reader;

static bool read_error (reader *r, const char *what) {
  snprintf (r->error, r->error_size, "%u: %s", r->line, what);
  return false;
}

static char *next_token (reader *r) {
  return strtok_r (0, " \t\r\n", &r->token);
}

static bool read_number (reader *r, int64_t *value) {
  char *token = next_token (r), *end;
  if (!token)
    return read_error (r, "number missing");
  errno = 0;
  long long res = strtoll (token, &end, 10);
  if (errno || *end)
    return read_error (r, "invalid number");
  *value = res;
  return true;
}

static bool read_literal (reader *r, call *c) {
  int64_t lit;
  if (!read_number (r, &lit))
    return false;
  if (!lit || lit < -(1 << 28) + 1 || lit > (1 << 28) - 1)
    return read_error (r, "invalid literal");
  c->lits[c->size++] = (int) lit;
  return true;
}

static bool read_name (reader *r, call *c) {
  char *token = next_token (r);
  if (!token || strlen (token) >= sizeof c->name)
    return read_error (r, "name missing or too long");
  strcpy (c->name, token);
  return true;
}

static bool read_clause (reader *r, call *c) {
  for (;;) {
    int64_t lit;
    if (!read_number (r, &lit))
      return false;
    if (!lit)
      return true;
    if (c->size == MBT_MAX_LITS)
      return read_error (r, "clause too long");
    c->lits[c->size++] = (int) lit;
  }
}

/* 'atmost BOUND LIT...' and 'exactly BOUND LIT...' */
static bool read_atmost (reader *r, call *c) {
  if (!read_number (r, &c->value))
    return false;
  if (c->value < INT_MIN || c->value > INT_MAX)
    return read_error (r, "invalid bound");
  char *token;
  while ((token = next_token (r))) {
    char *end;
    long lit = strtol (token, &end, 10);
    if (*end || !lit || lit < -(1 << 28) + 1 || lit > (1 << 28) - 1)
      return read_error (r, "invalid literal");
    if (c->size == MBT_MAX_LITS)
      return read_error (r, "constraint too long");
    c->lits[c->size++] = (int) lit;
  }
  return true;
}

static bool read_projection (reader *r, call *c) {
  if (!read_number (r, &c->value) || !read_number (r, &c->stop))
    return false;
  char *token;
  while ((token = next_token (r))) {
    if (!strcmp (token, "all")) {
      c->all = true;
      continue;
    }
    char *end;
    long var = strtol (token, &end, 10);
    if (*end || !var || c->size == MBT_MAX_LITS)
      return read_error (r, "invalid projection");
    c->lits[c->size++] = (int) var;
  }
  return true;
}

static bool read_arguments (reader *r, call *c) {
  switch (c->kind) {
  case CALL_OPTION:
  case CALL_LIMIT:
    return read_name (r, c) && read_number (r, &c->value);
  case CALL_CONFIGURE:
  case CALL_PROOF:
    return read_name (r, c);
  case CALL_ADD:
    return read_clause (r, c);
  case CALL_ASSUME:
  case CALL_VAL:
  case CALL_MODEL_VALUE:
  case CALL_FAILED:
  case CALL_FREEZE:
  case CALL_MELT:
    return read_literal (r, c);
  case CALL_TERMINATE_AFTER:
  case CALL_FAIL_ALLOC:
  case CALL_LEARN:
  case CALL_DECIDE:
    return read_number (r, &c->value);
  case CALL_ENUMERATE:
    return read_projection (r, c);
  case CALL_ATMOST:
  case CALL_EXACTLY:
    return read_atmost (r, c);
  default:
    return true;
  }
}

static bool read_call (reader *r, char *line, call *c) {
  char *word = strtok_r (line, " \t\r\n", &r->token);
  memset (c, 0, sizeof *c);
  for (int k = 0; k < NUMBER_OF_CALL_KINDS; k++)
    if (!strcmp (word, names[k])) {
      c->kind = (call_kind) k;
      if (!read_arguments (r, c))
        return false;
      if (c->kind != CALL_ENUMERATE && c->kind != CALL_ATMOST &&
          c->kind != CALL_EXACTLY && next_token (r))
        return read_error (r, "unexpected argument");
      return true;
    }
  return read_error (r, "unknown call");
}

static bool blank (const char *line) {
  line += strspn (line, " \t\r\n");
  return !*line || *line == '#';
}

bool trace_read (trace *t, FILE *file, char *error, size_t error_size) {
  reader r = {0, error, error_size, 0};
  char line[1024];
  t->size = 0;
  while (fgets (line, sizeof line, file)) {
    r.line++;
    if (blank (line))
      continue;
    call c;
    if (!read_call (&r, line, &c))
      return false;
    trace_push (t, &c);
  }
  if (!t->size || t->calls[0].kind != CALL_NEW)
    return read_error (&r, "a trace starts with 'new'");
  return true;
}
