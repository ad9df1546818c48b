/* Parsing DRAT proofs and matching deletions to clauses.
 *
 * The whole proof is read before checking: backward checking needs it
 * anyway, and one code path for both modes is easier to trust.
 *
 * Text or binary is decided from the first 12 bytes, like drat-trim:
 * the proof is binary if it starts with 'a', or if one of those bytes
 * cannot occur in text DRAT, that is anything except digits, '-', 'd',
 * blanks and line breaks, where a line starting with 'c' (a comment) may
 * also hold any printable ASCII character.  (A binary proof always starts
 * with 'a' or 'd' and its first clause soon contains a zero byte or a
 * byte >= 0x80, so this rarely needs the 12 bytes.)
 *
 * Binary DRAT: 'a' (0x61) adds and 'd' (0x64) deletes a clause whose
 * literals follow as unsigned '2 * variable + (literal < 0)', in 7-bit
 * little-endian groups with the high bit meaning 'more follows', ended
 * by a zero byte.  That mapping is exactly our internal literal encoding.
 *
 * A deletion removes one copy of a clause with the same set of literals
 * (order and duplicates do not matter).  Live clauses are kept in a hash
 * table keyed by an order-independent hash (a sum of mixed literals), and
 * the copy added last is removed.  As in drat-trim, a deletion matching
 * no clause is ignored with a warning, and deletions of unit clauses (and
 * of the empty clause) are ignored altogether: removing a unit would
 * retract top-level assignments, which no solver means to do.
 */

#include "check.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*------------------------------------------------------------------------*/
/* Binary detection.  */

#define DETECTION_BYTES 12

static bool is_text_proof_byte (int ch) {
  return ('0' <= ch && ch <= '9') || ch == '-' || ch == 'd' || ch == ' ' ||
         ch == '\t' || ch == '\r' || ch == '\n';
}

static bool is_comment_byte (int ch) {
  return (32 <= ch && ch <= 126) || ch == '\t' || ch == '\r';
}

bool proof_looks_binary (struct input *in) {
  const unsigned char *bytes;
  size_t n = peek_bytes (in, &bytes, DETECTION_BYTES);
  if (n && bytes[0] == 'a')
    return true;
  bool line_start = true, comment = false;
  for (size_t i = 0; i < n; i++) {
    int ch = bytes[i];
    if (ch == '\n') {
      line_start = true;
      comment = false;
    } else if (comment) {
      if (!is_comment_byte (ch))
        return true;
    } else if (line_start && ch == 'c') {
      comment = true;
      line_start = false;
    } else {
      line_start = false;
      if (!is_text_proof_byte (ch))
        return true;
    }
  }
  return false;
}

/*------------------------------------------------------------------------*/
/* The hash table of live clauses for matching deletions.  */

struct matcher {
  struct clause **table;
  size_t size; /* a power of two */
  size_t count;
};

static uint64_t mix (unsigned literal) {
  uint64_t x = (uint64_t) literal + 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static uint64_t hash_literals (const unsigned *literals, size_t size) {
  uint64_t res = 0;
  for (size_t i = 0; i < size; i++)
    res += mix (literals[i]);
  return res;
}

static size_t bucket_of (const struct matcher *m, const unsigned *literals,
                         size_t size) {
  return (size_t) hash_literals (literals, size) & (m->size - 1);
}

static void enlarge_matcher (struct matcher *m) {
  size_t old_size = m->size;
  struct clause **old_table = m->table;
  m->size = old_size ? 2 * old_size : 1024;
  m->table = allocate_zeroed (m->size, sizeof *m->table);
  for (size_t i = 0; i < old_size; i++) {
    struct clause *next;
    for (struct clause *c = old_table[i]; c; c = next) {
      next = c->next;
      size_t b = bucket_of (m, c->literals, c->size);
      c->next = m->table[b];
      m->table[b] = c;
    }
  }
  free (old_table);
}

static void insert_clause (struct matcher *m, struct clause *c) {
  if (m->count >= m->size)
    enlarge_matcher (m);
  size_t b = bucket_of (m, c->literals, c->size);
  c->next = m->table[b];
  m->table[b] = c;
  m->count++;
}

/* Finds and unlinks the live clause with the literals in 'b' (which are
 * marked in the builder).  Returns NULL if there is none.  */
static struct clause *remove_matching (struct matcher *m,
                                       const struct clause_builder *b) {
  const unsigned *literals = b->literals.begin;
  size_t size = b->literals.size;
  struct clause **p = m->table + bucket_of (m, literals, size);
  for (struct clause *c; (c = *p); p = &c->next) {
    if (c->size != size)
      continue;
    unsigned i = 0;
    while (i < c->size && sparse_get (&b->marks, c->literals[i]))
      i++;
    if (i < c->size)
      continue;
    *p = c->next;
    c->next = 0;
    m->count--;
    return c;
  }
  return 0;
}

/*------------------------------------------------------------------------*/
/* Turning parsed literals into steps.  */

struct proof_parser {
  struct input *in;
  struct proof *proof;
  struct matcher matcher;
  struct clause_builder builder;
  bool verbose;
};

static void add_literal (struct proof_parser *p, unsigned literal) {
  builder_add (&p->builder, literal);
}

static void clear_builder (struct clause_builder *b) {
  for (size_t i = 0; i < b->literals.size; i++)
    *sparse_slot (&b->marks, b->literals.begin[i]) = 0;
  b->literals.size = 0;
  b->tautology = false;
}

static void add_step (struct proof *proof, struct clause *c, uint64_t line,
                      enum step_type type) {
  struct step step = {c, line, (unsigned char) type, false};
  PUSH (proof->steps, step);
}

static void finish_addition (struct proof_parser *p, uint64_t line) {
  struct proof *proof = p->proof;
  struct clause *c =
      builder_finish (&p->builder, line, ++proof->additions, true);
  PUSH (proof->lemmas, c);
  insert_clause (&p->matcher, c);
  add_step (proof, c, line, STEP_ADD);
}

static void print_builder (const struct clause_builder *b) {
  for (size_t i = 0; i < b->literals.size; i++)
    printf ("%d ", export_literal (b->literals.begin[i]));
  printf ("0\n");
}

static void finish_deletion (struct proof_parser *p, uint64_t line) {
  struct proof *proof = p->proof;
  struct clause_builder *b = &p->builder;
  proof->deletions++;
  if (b->literals.size <= 1) {
    proof->unit_deletions++;
    if (p->verbose) {
      printf ("c ignoring deletion of unit clause at %s %" PRIu64 ": ",
              proof->binary ? "byte" : "line", line);
      print_builder (b);
    }
  } else {
    struct clause *c = remove_matching (&p->matcher, b);
    if (c)
      add_step (proof, c, line, STEP_DELETE);
    else {
      if (!proof->missing_deletions++ || p->verbose) {
        fflush (stdout);
        fprintf (stderr,
                 PROGRAM ": warning: %s %s %" PRIu64
                        ": ignoring deletion of a clause not present: ",
                 p->in->name, proof->binary ? "byte" : "line", line);
        for (size_t i = 0; i < b->literals.size; i++)
          fprintf (stderr, "%d ", export_literal (b->literals.begin[i]));
        fputs ("0\n", stderr);
      }
    }
  }
  clear_builder (b);
}

/*------------------------------------------------------------------------*/
/* Text proofs: lines of literals ended by '0', 'd ' before deletions and
 * 'c' comment lines.  */

static void parse_text_proof (struct proof_parser *p) {
  struct input *in = p->in;
  bool open = false, deletion = false;
  uint64_t line = 0;
  for (;;) {
    int ch = next_char (in);
    if (ch == EOF)
      break;
    if (is_space (ch))
      continue;
    if (ch == 'c' && !open && !deletion) {
      skip_line (in);
      continue;
    }
    if (ch == 'd' && !open && !deletion) {
      int next = peek_char (in);
      if (next != ' ' && next != '\t')
        parse_error (in, "expected space after 'd'");
      deletion = true;
      line = in->line;
      continue;
    }
    if (ch != '-' && ('0' > ch || ch > '9')) {
      if (ch >= 32 && ch <= 126)
        parse_error (in, "unexpected character '%c' in proof", ch);
      parse_error (in, "unexpected character (code %d) in proof", ch);
    }
    if (!open && !deletion)
      line = in->line;
    int literal = parse_literal (in, ch);
    if (literal) {
      add_literal (p, import_literal (literal));
      open = true;
    } else {
      if (deletion)
        finish_deletion (p, line);
      else
        finish_addition (p, line);
      open = deletion = false;
    }
  }
  if (open || deletion)
    parse_error (in, "last proof line without terminating '0'");
}

/*------------------------------------------------------------------------*/
/* Binary proofs.  */

/* Reads one varint.  Returns false at the zero ending a clause.  */
static bool read_binary_literal (struct proof_parser *p, unsigned *literal) {
  struct input *in = p->in;
  uint64_t start = in->offset, value = 0;
  unsigned shift = 0;
  int ch;
  do {
    ch = next_char (in);
    if (ch == EOF)
      binary_parse_error (in, start,
                          "truncated proof (clause not terminated by 0)");
    if (shift > 28)
      binary_parse_error (in, start, "literal encoding too long");
    value |= (uint64_t) (ch & 0x7f) << shift;
    shift += 7;
  } while (ch & 0x80);
  if (!value)
    return false;
  if (value == 1)
    binary_parse_error (in, start, "invalid literal encoding 1 ('-0')");
  if (value > 2 * (uint64_t) MAX_VARIABLE + 1)
    binary_parse_error (in, start, "variable too large (maximum %u)",
                        MAX_VARIABLE);
  *literal = (unsigned) value;
  return true;
}

static void parse_binary_proof (struct proof_parser *p) {
  struct input *in = p->in;
  for (;;) {
    uint64_t start = in->offset;
    int ch = next_char (in);
    if (ch == EOF)
      break;
    if (ch != 'a' && ch != 'd')
      binary_parse_error (in, start,
                          "invalid step byte 0x%02x (expected 'a' or 'd' "
                          "in a binary proof)",
                          (unsigned) ch);
    unsigned literal;
    while (read_binary_literal (p, &literal))
      add_literal (p, literal);
    if (ch == 'd')
      finish_deletion (p, start);
    else
      finish_addition (p, start);
  }
}

/*------------------------------------------------------------------------*/

void parse_proof (struct input *in, struct formula *formula,
                  struct proof *proof, bool verbose) {
  memset (proof, 0, sizeof *proof);
  struct proof_parser p;
  memset (&p, 0, sizeof p);
  p.in = in;
  p.proof = proof;
  p.verbose = verbose;
  init_builder (&p.builder);
  for (size_t i = 0; i < formula->clauses.size; i++)
    insert_clause (&p.matcher, formula->clauses.begin[i]);
  proof->binary = proof_looks_binary (in);
  if (proof->binary)
    parse_binary_proof (&p);
  else
    parse_text_proof (&p);
  if (proof->missing_deletions > 1 && !verbose)
    warning ("%s: %" PRIu64 " deletions of clauses not present ignored",
             in->name, proof->missing_deletions);
  free (p.matcher.table);
  release_builder (&p.builder);
}

void release_proof (struct proof *proof) {
  for (size_t i = 0; i < proof->lemmas.size; i++)
    free (proof->lemmas.begin[i]);
  RELEASE (proof->lemmas);
  RELEASE (proof->steps);
}
