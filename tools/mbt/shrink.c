/* Delta debugging of a failing trace (Zeller's ddmin, applied in the
 * passes 'mobical' uses): remove chunks of calls, halving the chunk size
 * down to single calls; remove literals from clauses and projections;
 * simplify values (options to their defaults, numbers halved); rename
 * the variables to 1, 2, 3, ...  Each candidate runs in a child and is
 * kept only if it fails with the same signature.  The passes repeat
 * until none makes progress. */

#include "mbt.h"

#include "einsat.h"

#include <stdlib.h>
#include <string.h>

static bool still_fails (shrinking *s, const trace *candidate) {
  verdict v;
  run_isolated (candidate, s->checkers, s->timeout, false, &v);
  s->tests++;
  bool same = v.failed && !strcmp (v.signature, s->signature);
  s->successes += same;
  return same;
}

/* Keeps the candidate if it still fails. */
static bool try_candidate (trace *t, trace *candidate, shrinking *s) {
  if (!still_fails (s, candidate))
    return false;
  trace_copy (t, candidate);
  return true;
}

/* 'new' stays first and a final 'delete' stays last. */
static size_t removable_end (const trace *t) {
  return t->size && t->calls[t->size - 1].kind == CALL_DELETE ? t->size - 1
                                                               : t->size;
}

static bool remove_calls (trace *t, shrinking *s) {
  bool changed = false;
  trace candidate;
  trace_init (&candidate);
  for (size_t chunk = removable_end (t) / 2 + 1; chunk; chunk /= 2) {
    for (size_t end = removable_end (t); end > 1;) {
      size_t begin = end > chunk + 1 ? end - chunk : 1;
      trace_copy (&candidate, t);
      trace_erase (&candidate, begin, end);
      changed |= try_candidate (t, &candidate, s);
      end = begin;
      if (end > removable_end (t))
        end = removable_end (t);
    }
  }
  trace_release (&candidate);
  return changed;
}

static bool remove_literals (trace *t, shrinking *s) {
  bool changed = false;
  trace candidate;
  trace_init (&candidate);
  for (size_t i = 0; i < t->size; i++) {
    call_kind kind = t->calls[i].kind;
    if (kind != CALL_ADD && kind != CALL_ENUMERATE && kind != CALL_ATMOST &&
        kind != CALL_EXACTLY)
      continue;
    for (int j = t->calls[i].size - 1; j >= 0; j--) {
      trace_copy (&candidate, t);
      call *c = candidate.calls + i;
      memmove (c->lits + j, c->lits + j + 1,
               (size_t) (c->size - j - 1) * sizeof *c->lits);
      c->size--;
      changed |= try_candidate (t, &candidate, s);
    }
  }
  trace_release (&candidate);
  return changed;
}

static int64_t default_value (const char *name, int64_t value) {
  einsat_option_info info;
  for (int i = 0; einsat_option (i, &info); i++)
    if (!strcmp (info.name, name))
      return info.default_value;
  return value;
}

/* A simpler value for one number of the call, or false. */
static bool simplify_value (call *c) {
  int64_t *value = c->kind == CALL_ENUMERATE && c->stop > 0 ? &c->stop
                                                            : &c->value;
  int64_t simpler = *value / 2;
  if (c->kind == CALL_OPTION)
    simpler = default_value (c->name, c->value);
  else if (c->kind == CALL_FAIL_ALLOC && simpler < 1)
    return false;
  else if (c->kind != CALL_LIMIT && c->kind != CALL_ENUMERATE &&
           c->kind != CALL_TERMINATE_AFTER && c->kind != CALL_FAIL_ALLOC &&
           c->kind != CALL_ATMOST && c->kind != CALL_EXACTLY)
    return false;
  if (simpler == *value)
    return false;
  *value = simpler;
  return true;
}

static bool simplify_values (trace *t, shrinking *s) {
  bool changed = false;
  trace candidate;
  trace_init (&candidate);
  for (size_t i = 0; i < t->size; i++) {
    bool progress = true;
    while (progress) {
      trace_copy (&candidate, t);
      progress = simplify_value (candidate.calls + i) &&
                 try_candidate (t, &candidate, s);
      changed |= progress;
    }
  }
  trace_release (&candidate);
  return changed;
}

/* Variables renamed to 1, 2, ... in the order they first occur. */
static bool rename_variables (trace *t, shrinking *s) {
  int from[64], count = 0;
  trace candidate;
  trace_init (&candidate);
  trace_copy (&candidate, t);
  bool renamed = false;
  for (size_t i = 0; i < candidate.size; i++) {
    call *c = candidate.calls + i;
    for (int j = 0; j < c->size; j++) {
      int var = abs (c->lits[j]), k = 0;
      while (k < count && from[k] != var)
        k++;
      if (k == count && count < 64)
        from[count++] = var;
      if (k == 64)
        continue;
      renamed |= var != k + 1;
      c->lits[j] = c->lits[j] < 0 ? -(k + 1) : k + 1;
    }
  }
  bool changed = renamed && try_candidate (t, &candidate, s);
  trace_release (&candidate);
  return changed;
}

void shrink_trace (trace *t, shrinking *s) {
  bool changed = true;
  while (changed) {
    changed = remove_calls (t, s);
    changed |= remove_literals (t, s);
    changed |= simplify_values (t, s);
    changed |= rename_variables (t, s);
  }
}
