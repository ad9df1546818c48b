/* Parsing and checking LRAT proofs.
 *
 * An LRAT proof adds lemmas with an identifier and a list of hints, and
 * deletes clauses by identifier.  The clauses of the CNF have the
 * identifiers 1, 2, ... in file order.
 *
 *   text:    ID LITERALS 0 HINTS 0      (add the lemma ID)
 *            ID d IDS 0                 (delete clauses)
 *   binary:  'a' ID LITERALS 0 HINTS 0  (numbers as in binary DRAT, an
 *            'd' IDS 0                   identifier i written as 2 * i)
 *
 * A lemma is accepted if, with all its literals false, the hint clauses
 * taken in order each become unit (their one open literal is then set
 * true) until one is falsified.  That is reverse unit propagation with
 * the propagation order given, so checking needs no search and no
 * watches: plain loops over each hint clause.  A hint clause with a
 * duplicate literal is unit only if that literal is not the open one:
 * clauses are not reduced to sets, as in the verified checker cake_lpr,
 * so that proofs accepted here are accepted there.  Hints must name live
 * clauses, a lemma may not take the identifier of a live clause.
 *
 * RAT steps, as in lrat-check and cake_lpr: if the hints up to the first
 * negative one end without a conflict, the lemma must be a resolution
 * asymmetric tautology on its first literal p (the pivot).  Each live
 * clause D containing -p needs a group '-ID(D) HINTS': with the lemma's
 * literals false, the units of the first hints, and the literals of D
 * other than -p false, those hints must reach a conflict, unless a
 * literal of D is already true (the resolvent is a tautology: no hints
 * needed).  Every live clause with -p must have exactly one group (so
 * a lemma with no group and no conflict is RAT if no clause has -p, as
 * the definitions of fresh variables in extended resolution).  The
 * clauses of each literal are indexed only once the first RAT step
 * comes, so proofs without RAT do not pay for it.
 *
 * The proof is correct if it adds the empty clause (or the CNF contains
 * it).
 *
 * As for DRAT, the whole proof is read first, so that parse errors
 * (exit 3) are told apart from check failures (exit 1).
 */

#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ID (UINT64_MAX / 4)

/*------------------------------------------------------------------------*/
/* Live clauses by identifier: open addressing with linear probing.
 * Deleted entries stay as tombstones (clause 0 with a non-zero id)
 * until the table is rebuilt.  */

struct entry {
  uint64_t id; /* 0: never used */
  struct clause *clause; /* 0: deleted */
};

struct clause_map {
  struct entry *table;
  size_t size, used; /* used counts live entries and tombstones */
};

static size_t slot_of (const struct clause_map *m, uint64_t id) {
  uint64_t h = id * 0x9e3779b97f4a7c15ull;
  return (size_t) (h ^ (h >> 32)) & (m->size - 1);
}

static struct entry *find_entry (const struct clause_map *m, uint64_t id) {
  if (!m->size)
    return 0;
  for (size_t i = slot_of (m, id);; i = (i + 1) & (m->size - 1)) {
    struct entry *e = m->table + i;
    if (e->id == id)
      return e;
    if (!e->id)
      return 0;
  }
}

static void map_insert (struct clause_map *m, uint64_t id,
                        struct clause *c);

static void rebuild_map (struct clause_map *m) {
  struct clause_map old = *m;
  m->size = old.size ? 2 * old.size : 1024;
  m->used = 0;
  m->table = allocate_zeroed (m->size, sizeof *m->table);
  for (size_t i = 0; i < old.size; i++)
    if (old.table[i].clause)
      map_insert (m, old.table[i].id, old.table[i].clause);
  free (old.table);
}

/* An identifier deleted before may come back: its tombstone is used. */
static void map_insert (struct clause_map *m, uint64_t id,
                        struct clause *c) {
  struct entry *e = find_entry (m, id);
  if (e) {
    e->clause = c;
    return;
  }
  if (2 * (m->used + 1) > m->size)
    rebuild_map (m);
  size_t i = slot_of (m, id);
  while (m->table[i].id)
    i = (i + 1) & (m->size - 1);
  m->table[i].id = id;
  m->table[i].clause = c;
  m->used++;
}

static struct clause *map_get (const struct clause_map *m, uint64_t id) {
  struct entry *e = find_entry (m, id);
  return e ? e->clause : 0;
}

/*------------------------------------------------------------------------*/
/* Parsing.  */

struct lrat_step {
  struct clause *clause;   /* the lemma, or 0 for a deletion */
  size_t first_hint;       /* into 'hints' (ids of the deletion) */
  size_t hints;            /* how many */
  uint64_t line;           /* text line or binary byte offset */
};

struct lrat_proof {
  STACK (struct lrat_step) steps;
  STACK (int64_t) hints; /* negative: RAT hint */
  bool binary;
  uint64_t additions, deletions;
};

static bool is_digit (int ch) { return '0' <= ch && ch <= '9'; }

static int skip_text_blanks (struct input *in) {
  int ch;
  do
    ch = next_char (in);
  while (ch == ' ' || ch == '\t' || ch == '\r');
  return ch;
}

static uint64_t text_id (struct input *in, int ch, const char *what) {
  if (!is_digit (ch))
    parse_error (in, "expected %s", what);
  return parse_digits (in, ch, MAX_ID, what);
}

static int64_t text_hint (struct input *in, int ch) {
  bool negative = ch == '-';
  if (negative)
    ch = next_char (in);
  uint64_t id = text_id (in, ch, "clause identifier");
  if (negative && !id)
    parse_error (in, "invalid hint '-0'");
  return negative ? -(int64_t) id : (int64_t) id;
}

/* Reads the numbers of a text line up to its final 0 (not included). */
static void text_ids_until_zero (struct input *in, struct lrat_proof *p,
                                 bool allow_negative) {
  for (;;) {
    int ch = skip_text_blanks (in);
    if (ch == '\n' || ch == EOF)
      parse_error (in, "line ends before its terminating '0'");
    int64_t hint = allow_negative ? text_hint (in, ch)
                                  : (int64_t) text_id (in, ch,
                                                       "clause identifier");
    if (!hint)
      return;
    PUSH (p->hints, hint);
  }
}

static void finish_line (struct input *in) {
  int ch = skip_text_blanks (in);
  if (ch != '\n' && ch != EOF)
    parse_error (in, "unexpected characters after the terminating '0'");
}

static void parse_text_step (struct input *in, struct lrat_proof *p,
                             struct clause_builder *b, int ch) {
  uint64_t line = in->line;
  uint64_t id = text_id (in, ch, "clause identifier at line start");
  ch = skip_text_blanks (in);
  struct lrat_step step = {0, p->hints.size, 0, line};
  if (ch == 'd') {
    text_ids_until_zero (in, p, false);
    p->deletions++;
  } else {
    if (!id)
      parse_error (in, "lemma identifier 0");
    for (;; ch = skip_text_blanks (in)) {
      if (ch == '\n' || ch == EOF)
        parse_error (in, "lemma ends before its terminating '0'");
      if (ch != '-' && !is_digit (ch))
        parse_error (in, "expected a literal");
      int literal = parse_literal (in, ch);
      if (!literal)
        break;
      builder_add (b, import_literal (literal));
    }
    step.clause = builder_finish (b, line, id, true);
    text_ids_until_zero (in, p, true);
    p->additions++;
  }
  step.hints = p->hints.size - step.first_hint;
  finish_line (in);
  PUSH (p->steps, step);
}

static uint64_t binary_number (struct input *in, uint64_t start) {
  uint64_t res = 0;
  for (unsigned shift = 0;; shift += 7) {
    int ch = next_char (in);
    if (ch == EOF)
      binary_parse_error (in, start, "proof ends inside a step");
    if (shift > 56 && (ch & 0x7f) >> (63 - shift))
      binary_parse_error (in, in->offset - 1, "number too large");
    res |= (uint64_t) (ch & 0x7f) << shift;
    if (!(ch & 0x80))
      return res;
  }
}

static void binary_ids_until_zero (struct input *in, struct lrat_proof *p,
                                   uint64_t start) {
  for (;;) {
    uint64_t x = binary_number (in, start);
    if (!x)
      return;
    int64_t id = (int64_t) (x >> 1);
    PUSH (p->hints, (x & 1) ? -id : id);
  }
}

static void parse_binary_step (struct input *in, struct lrat_proof *p,
                               struct clause_builder *b, int type) {
  uint64_t start = in->offset - 1;
  struct lrat_step step = {0, p->hints.size, 0, start};
  if (type == 'd') {
    binary_ids_until_zero (in, p, start);
    p->deletions++;
  } else {
    uint64_t x = binary_number (in, start);
    if (x & 1 || !(x >> 1))
      binary_parse_error (in, start, "invalid lemma identifier");
    uint64_t id = x >> 1;
    for (;;) {
      uint64_t literal = binary_number (in, start);
      if (!literal)
        break;
      if (literal < 2 || (literal >> 1) > MAX_VARIABLE)
        binary_parse_error (in, start, "invalid literal");
      builder_add (b, (unsigned) literal);
    }
    step.clause = builder_finish (b, start, id, true);
    binary_ids_until_zero (in, p, start);
    p->additions++;
  }
  step.hints = p->hints.size - step.first_hint;
  PUSH (p->steps, step);
}

static void parse_lrat (struct input *in, struct lrat_proof *p) {
  memset (p, 0, sizeof *p);
  const unsigned char *bytes;
  p->binary = peek_bytes (in, &bytes, 1) &&
              (bytes[0] == 'a' || bytes[0] == 'd');
  struct clause_builder b;
  init_builder (&b);
  for (;;) {
    int ch = next_char (in);
    if (ch == EOF)
      break;
    if (p->binary) {
      if (ch != 'a' && ch != 'd')
        binary_parse_error (in, in->offset - 1,
                            "expected 'a' or 'd' (byte 0x%02x)", ch);
      parse_binary_step (in, p, &b, ch);
    } else if (ch == 'c')
      skip_line (in);
    else if (ch == '\n' || ch == ' ' || ch == '\t' || ch == '\r')
      continue;
    else
      parse_text_step (in, p, &b, ch);
  }
  release_builder (&b);
}

static void release_lrat (struct lrat_proof *p) {
  for (size_t i = 0; i < p->steps.size; i++)
    free (p->steps.begin[i].clause);
  RELEASE (p->steps);
  RELEASE (p->hints);
}

/*------------------------------------------------------------------------*/
/* Checking.  */

/* A clause under its identifier: stale once the identifier maps to
 * another clause or none. */
struct occurrence {
  uint64_t id;
  const struct clause *clause;
};

typedef STACK (struct occurrence) occurrences;

struct checker {
  struct clause_map live;
  signed char *values; /* per literal: 1 true, -1 false, 0 open */
  size_t size;         /* entries of 'values' */
  STACK (unsigned) assigned;
  occurrences *occurs; /* per literal, once a RAT step needs them */
  size_t occurs_size;  /* entries of 'occurs' */
  STACK (uint64_t) groups; /* the clauses of the RAT step at hand */
  uint64_t checked, hints_used, rat_steps;
};

/* Returns the per literal array 'array' of '*size' entries, grown with
 * zeroed entries to cover 'literal'. */
static void *cover_literal (void *array, size_t *size, size_t element,
                            unsigned literal) {
  if (literal < *size)
    return array;
  size_t grown = *size ? *size : 1024;
  while (grown <= literal)
    grown *= 2;
  void *res = allocate_zeroed (grown, element);
  if (*size)
    memcpy (res, array, *size * element);
  free (array);
  *size = grown;
  return res;
}

static void ensure_literal (struct checker *c, unsigned literal) {
  c->values = cover_literal (c->values, &c->size, 1, literal);
}

static void assign (struct checker *c, unsigned literal) {
  ensure_literal (c, literal | 1u);
  c->values[literal] = 1;
  c->values[NOT (literal)] = -1;
  PUSH (c->assigned, literal);
}

static void unassign_to (struct checker *c, size_t level) {
  while (c->assigned.size > level) {
    unsigned literal = c->assigned.begin[--c->assigned.size];
    c->values[literal] = c->values[NOT (literal)] = 0;
  }
}

static void unassign_all (struct checker *c) { unassign_to (c, 0); }

static signed char value (const struct checker *c, unsigned literal) {
  return literal < c->size ? c->values[literal] : 0;
}

static NORETURN void reject (const struct lrat_step *step, bool binary,
                             const char *fmt, uint64_t number) {
  printf ("s NOT VERIFIED\n");
  fprintf (stderr, PROGRAM ": lemma %" PRIu64 " (%s %" PRIu64 "): ",
           step->clause->id, binary ? "byte" : "line", step->line);
  fprintf (stderr, fmt, number);
  fprintf (stderr, "\n");
  exit (EXIT_CHECK_FAILED);
}

/* Follows the positive hints from 'hints[*next]' on, each unit under
 * the values so far, until a conflict (true), a negative hint or the
 * end (false).  '*next' is left at the hint after the last one used. */
static bool propagate_hints (struct checker *c, const struct lrat_proof *p,
                             const struct lrat_step *step,
                             const int64_t *hints, size_t count,
                             size_t *next) {
  while (*next < count && hints[*next] > 0) {
    int64_t hint = hints[(*next)++];
    struct clause *d = map_get (&c->live, (uint64_t) hint);
    if (!d)
      reject (step, p->binary, "hint %" PRIu64 " is not a live clause",
              (uint64_t) hint);
    c->hints_used++;
    unsigned open = 0, unit = 0;
    for (unsigned i = 0; i < d->size; i++) {
      signed char v = value (c, d->literals[i]);
      if (v > 0)
        reject (step, p->binary, "hint %" PRIu64 " is satisfied",
                (uint64_t) hint);
      if (!v)
        open++, unit = d->literals[i];
    }
    if (!open)
      return true;
    if (open > 1)
      reject (step, p->binary, "hint %" PRIu64 " is not unit",
              (uint64_t) hint);
    for (unsigned i = 0; i < d->duplicates; i++)
      if (d->literals[d->size + i] == unit)
        reject (step, p->binary,
                "hint %" PRIu64 " is unit only without its duplicate "
                "literals",
                (uint64_t) hint);
    assign (c, unit);
  }
  return false;
}

static void index_clause (struct checker *c, uint64_t id,
                          const struct clause *clause) {
  for (unsigned i = 0; i < clause->size; i++) {
    unsigned literal = clause->literals[i];
    c->occurs = cover_literal (c->occurs, &c->occurs_size,
                               sizeof *c->occurs, literal);
    PUSH (c->occurs[literal], ((struct occurrence) {id, clause}));
  }
}

/* The first RAT step indexes the live clauses; lemmas added after it
 * are indexed as they come (see 'run_checks'). */
static void index_live_clauses (struct checker *c) {
  for (size_t i = 0; i < c->live.size; i++) {
    const struct entry *e = c->live.table + i;
    if (e->clause)
      index_clause (c, e->id, e->clause);
  }
}

/* The live clauses containing 'literal', dropping stale entries. */
static size_t live_occurrences (struct checker *c, unsigned literal) {
  if (literal >= c->occurs_size)
    return 0;
  occurrences *o = c->occurs + literal;
  size_t kept = 0;
  for (size_t i = 0; i < o->size; i++)
    if (map_get (&c->live, o->begin[i].id) == o->begin[i].clause)
      o->begin[kept++] = o->begin[i];
  o->size = kept;
  return kept;
}

static bool contains (const struct clause *d, unsigned literal) {
  for (unsigned i = 0; i < d->size; i++)
    if (d->literals[i] == literal)
      return true;
  return false;
}

static int compare_ids (const void *a, const void *b) {
  uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
  return x < y ? -1 : x > y;
}

/* The groups '-ID HINTS' of a RAT step on the lemma's first literal
 * (see the top), starting at 'hints[0]', which is negative. */
static void check_rat (struct checker *c, const struct lrat_proof *p,
                       const struct lrat_step *step, const int64_t *hints,
                       size_t count) {
  const struct clause *lemma = step->clause;
  if (!lemma->size)
    reject (step, p->binary, "RAT hint -%" PRIu64 " for the empty clause",
            (uint64_t) -hints[0]);
  if (!c->rat_steps++)
    index_live_clauses (c);
  unsigned negated = NOT (lemma->pivot);
  size_t level = c->assigned.size;
  c->groups.size = 0;
  for (size_t next = 0; next < count;) {
    uint64_t id = (uint64_t) -hints[next++];
    const struct clause *d = map_get (&c->live, id);
    if (!d)
      reject (step, p->binary, "RAT hint -%" PRIu64 " is not a live clause",
              id);
    if (!contains (d, negated))
      reject (step, p->binary,
              "RAT hint -%" PRIu64 " does not contain the negated pivot",
              id);
    PUSH (c->groups, id);
    bool blocked = false;
    for (unsigned i = 0; i < d->size && !blocked; i++) {
      unsigned literal = d->literals[i];
      signed char v = value (c, literal);
      if (literal == negated || v < 0)
        continue;
      if (v > 0)
        blocked = true;
      else
        assign (c, NOT (literal));
    }
    size_t end = next;
    while (end < count && hints[end] > 0)
      end++;
    if (!blocked && !propagate_hints (c, p, step, hints, end, &next))
      reject (step, p->binary,
              "the hints of RAT hint -%" PRIu64 " end without a conflict",
              id);
    next = end;
    unassign_to (c, level);
  }
  qsort (c->groups.begin, c->groups.size, sizeof *c->groups.begin,
         compare_ids);
  for (size_t i = 1; i < c->groups.size; i++)
    if (c->groups.begin[i] == c->groups.begin[i - 1])
      reject (step, p->binary, "RAT hint -%" PRIu64 " given twice",
              c->groups.begin[i]);
  size_t clauses = live_occurrences (c, negated);
  if (clauses != c->groups.size)
    reject (step, p->binary,
            "RAT step misses %" PRIu64
            " clauses containing the negated pivot",
            (uint64_t) (clauses - c->groups.size));
}

/* Returns true if the lemma is implied by its hints (see the top). */
static bool check_lemma (struct checker *c, const struct lrat_proof *p,
                         const struct lrat_step *step) {
  const struct clause *lemma = step->clause;
  if (lemma->tautology)
    return true;
  for (unsigned i = 0; i < lemma->size; i++)
    assign (c, NOT (lemma->literals[i]));
  const int64_t *hints = p->hints.begin + step->first_hint;
  size_t next = 0;
  if (propagate_hints (c, p, step, hints, step->hints, &next))
    return true;
  if (next < step->hints) {
    check_rat (c, p, step, hints + next, step->hints - next);
    return true;
  }
  if (!lemma->size) /* no pivot: the hints had to refute */
    return false;
  if (!c->rat_steps++) /* RAT without groups: no clause has -p */
    index_live_clauses (c);
  return !live_occurrences (c, NOT (lemma->pivot));
}

static int run_checks (struct checker *c, struct formula *f,
                       struct lrat_proof *p, bool verbose) {
  for (size_t i = 0; i < f->clauses.size; i++)
    map_insert (&c->live, f->clauses.begin[i]->id, f->clauses.begin[i]);
  bool refuted = f->empty_clause;
  for (size_t s = 0; s < p->steps.size && !refuted; s++) {
    struct lrat_step *step = p->steps.begin + s;
    if (!step->clause) {
      const int64_t *ids = p->hints.begin + step->first_hint;
      for (size_t h = 0; h < step->hints; h++) {
        struct entry *e = find_entry (&c->live, (uint64_t) ids[h]);
        if (e)
          e->clause = 0;
      }
      continue;
    }
    if (map_get (&c->live, step->clause->id))
      reject (step, p->binary, "identifier %" PRIu64 " is already in use",
              step->clause->id);
    bool implied = check_lemma (c, p, step);
    unassign_all (c);
    if (!implied)
      reject (step, p->binary, "%" PRIu64 " hints end without a conflict",
              (uint64_t) step->hints);
    c->checked++;
    map_insert (&c->live, step->clause->id, step->clause);
    if (c->rat_steps)
      index_clause (c, step->clause->id, step->clause);
    refuted = !step->clause->size;
  }
  if (verbose)
    printf ("c %" PRIu64 " lemmas checked (%" PRIu64 " by RAT) with "
            "%" PRIu64 " hints, %" PRIu64 " deletion steps\n",
            c->checked, c->rat_steps, c->hints_used, p->deletions);
  if (!refuted) {
    printf ("s NOT VERIFIED\n");
    fprintf (stderr, PROGRAM ": the proof does not derive the empty clause\n");
    return EXIT_CHECK_FAILED;
  }
  printf ("s VERIFIED\n");
  return EXIT_CHECKED_OK;
}

int check_lrat (struct input *in, struct formula *f, bool verbose) {
  struct lrat_proof p;
  parse_lrat (in, &p);
  struct checker c;
  memset (&c, 0, sizeof c);
  int res = run_checks (&c, f, &p, verbose);
  free (c.live.table);
  free (c.values);
  RELEASE (c.assigned);
  for (size_t i = 0; i < c.occurs_size; i++)
    RELEASE (c.occurs[i]);
  free (c.occurs);
  RELEASE (c.groups);
  release_lrat (&p);
  return res;
}
