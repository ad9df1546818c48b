/* Fuzz target: formulas as text ('enc_parser', encode/parse.c and
 * encode/tree.c).  The input is read as lines of formulas; a second,
 * independent parser here (recursive descent, written from the syntax
 * in 'einsat_encode.h') decides whether the text is valid and evaluates
 * it.  Checks:
 *
 *   - both parsers accept the same inputs;
 *   - an error names a line of the input and a column within it (or is
 *     the encoder's 'out of memory': the solver may use 64 MB);
 *   - with at most 10 named variables, the models einsat enumerates over
 *     them are exactly the assignments under which this parser's
 *     evaluation is true (and none twice).
 *
 * This parser recurses along the nesting, which the inputs (at most a
 * few thousand bytes) keep shallow enough; einsat's must not recurse. */

#include "einsat_encode.h"
#include "fuzz.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MEMORY_LIMIT ((size_t) 64 << 20)
#define MAX_VARS 10
#define MAX_NODES 20000
#define MAX_NAMES 256

/*------------------------------------------------------------------------*/
/* Tokens. */

enum {
  NAME,
  NUMBER,
  TRUE_,
  FALSE_,
  NOT,
  AND,
  XOR,
  OR,
  IMPLIES,
  IFF,
  OPEN,
  CLOSE,
  COMMA,
  SEMI,
  ATMOST,
  ATLEAST,
  EXACTLY,
  ITE,
  NEWLINE,
  END,
  BAD
};

typedef struct lexer {
  const char *p, *end;
  int kind;
  const char *text;
  size_t length;
} lexer;

static const struct {
  const char *s;
  int kind;
} spellings[] = {{"<->", IFF},           {"<=>", IFF},
                 {"\xe2\x86\x94", IFF},  {"\xe2\x86\x92", IMPLIES},
                 {"\xe2\x88\xa7", AND},  {"\xe2\x88\xa8", OR},
                 {"\xe2\x8a\x95", XOR},  {"\xe2\x8a\xa4", TRUE_},
                 {"\xe2\x8a\xa5", FALSE_}, {"\xc2\xac", NOT},
                 {"->", IMPLIES},        {"=>", IMPLIES},
                 {"&&", AND},            {"||", OR},
                 {"/\\", AND},           {"\\/", OR},
                 {"&", AND},             {"|", OR},
                 {"^", XOR},             {"!", NOT},
                 {"~", NOT},             {"-", NOT},
                 {"(", OPEN},            {")", CLOSE},
                 {",", COMMA},           {";", SEMI}};

static const struct {
  const char *s;
  int kind;
} keywords[] = {{"and", AND},         {"or", OR},
                {"not", NOT},         {"xor", XOR},
                {"implies", IMPLIES}, {"iff", IFF},
                {"true", TRUE_},      {"false", FALSE_},
                {"atmost", ATMOST},   {"at_most", ATMOST},
                {"atleast", ATLEAST}, {"at_least", ATLEAST},
                {"exactly", EXACTLY}, {"ite", ITE}};

static bool name_char (char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c && strchr ("_.'@$[]", c));
}

static bool space (char c) { return c && strchr (" \t\r\v\f", c); }

static int keyword (const char *text, size_t length) {
  size_t digits = 0;
  while (digits < length && text[digits] >= '0' && text[digits] <= '9')
    digits++;
  if (digits == length)
    return NUMBER;
  for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++) {
    const char *w = keywords[i].s;
    if (strlen (w) != length)
      continue;
    bool lower = !memcmp (w, text, length), upper = true;
    for (size_t j = 0; j < length; j++) {
      char c = w[j] >= 'a' && w[j] <= 'z' ? (char) (w[j] - 32) : w[j];
      upper &= text[j] == c;
    }
    if (lower || upper)
      return keywords[i].kind;
  }
  return NAME;
}

static void next (lexer *l) {
  while (l->p < l->end && space (*l->p))
    l->p++;
  if (l->p < l->end && *l->p == '#')
    while (l->p < l->end && *l->p != '\n')
      l->p++;
  l->text = l->p;
  l->length = 1;
  if (l->p == l->end) {
    l->kind = END;
    return;
  }
  if (*l->p == '\n') {
    l->kind = NEWLINE;
    l->p++;
    return;
  }
  if (name_char (*l->p)) {
    while (l->p < l->end && name_char (*l->p))
      l->p++;
    l->length = (size_t) (l->p - l->text);
    l->kind = keyword (l->text, l->length);
    return;
  }
  for (size_t i = 0; i < sizeof spellings / sizeof *spellings; i++) {
    size_t n = strlen (spellings[i].s);
    if ((size_t) (l->end - l->p) >= n && !memcmp (l->p, spellings[i].s, n)) {
      l->kind = spellings[i].kind;
      l->length = n;
      l->p += n;
      return;
    }
  }
  l->kind = BAD;
}

/*------------------------------------------------------------------------*/
/* The independent parser: a tree of nodes; functions keep their
 * arguments in a linked list. */

typedef struct onode {
  int kind; /* a token kind: NAME (var), TRUE_, NOT, AND, ..., ITE */
  int a, b, c, bound, next;
} onode;

typedef struct oracle {
  lexer lex;
  int depth; /* parentheses and functions open */
  onode nodes[MAX_NODES];
  int size;
  char names[MAX_NAMES][256];
  int vars;
  bool failed;
} oracle;

/* Newlines matter only where a formula could end: after an operand,
 * outside of parentheses. */
static int peek_operand (oracle *o) {
  while (o->lex.kind == NEWLINE)
    next (&o->lex);
  return o->lex.kind;
}

static int peek_operator (oracle *o) {
  while (o->depth && o->lex.kind == NEWLINE)
    next (&o->lex);
  return o->lex.kind;
}

static int add (oracle *o, int kind, int a, int b) {
  if (o->size == MAX_NODES) {
    o->failed = true;
    return 0;
  }
  o->nodes[o->size] = (onode){kind, a, b, 0, 0, -1};
  return o->size++;
}

static int var_of (oracle *o, const char *text, size_t length) {
  for (int i = 0; i < o->vars; i++)
    if (strlen (o->names[i]) == length && !memcmp (o->names[i], text, length))
      return i;
  if (o->vars == MAX_NAMES) {
    o->failed = true;
    return 0;
  }
  memcpy (o->names[o->vars], text, length);
  o->names[o->vars][length] = 0;
  return o->vars++;
}

static int parse_level (oracle *, int level);

static int expect (oracle *o, int kind) {
  if (peek_operator (o) != kind)
    o->failed = true;
  else
    next (&o->lex);
  return !o->failed;
}

static int function (oracle *o, int kind) {
  next (&o->lex);
  if (peek_operand (o) != OPEN)
    return o->failed = true, 0;
  next (&o->lex);
  o->depth++;
  int n = add (o, kind, 0, 0), count = 0, last = -1;
  if (kind != ITE) {
    if (peek_operand (o) != NUMBER)
      return o->failed = true, 0;
    long bound = 0;
    for (size_t i = 0; i < o->lex.length; i++)
      if ((bound = 10 * bound + o->lex.text[i] - '0') > INT_MAX - 2)
        return o->failed = true, 0;
    o->nodes[n].bound = (int) bound;
    next (&o->lex);
  }
  while (!o->failed) {
    int k = kind == ITE && !count ? OPEN : peek_operator (o);
    if (k == CLOSE && (kind != ITE || count))
      break;
    if (kind != ITE || count)
      if (!expect (o, COMMA))
        break;
    int arg = parse_level (o, 1);
    if (last < 0)
      o->nodes[n].a = arg;
    else
      o->nodes[last].next = arg;
    last = arg;
    count++;
  }
  o->nodes[n].b = count;
  if (!expect (o, CLOSE) || (kind == ITE && count != 3))
    o->failed = true;
  o->depth--;
  return n;
}

static int parse_atom (oracle *o) {
  int kind = peek_operand (o);
  if (kind == NOT) {
    next (&o->lex);
    return add (o, NOT, parse_atom (o), 0);
  }
  if (kind == NAME) {
    if (o->lex.length > 255)
      return o->failed = true, 0;
    int n = add (o, NAME, var_of (o, o->lex.text, o->lex.length), 0);
    next (&o->lex);
    return n;
  }
  if (kind == TRUE_ || kind == FALSE_) {
    next (&o->lex);
    return add (o, kind, 0, 0);
  }
  if (kind == OPEN) {
    next (&o->lex);
    o->depth++;
    int n = parse_level (o, 1);
    expect (o, CLOSE);
    o->depth--;
    return n;
  }
  if (kind >= ATMOST && kind <= ITE)
    return function (o, kind);
  o->failed = true;
  return 0;
}

/* Levels: 1 iff, 2 implies, 3 or, 4 xor, 5 and. */
static int operator_level (int kind) {
  return kind == IFF ? 1 : kind == IMPLIES ? 2 : kind == OR ? 3
         : kind == XOR ? 4 : kind == AND ? 5 : 0;
}

static int parse_level (oracle *o, int level) {
  if (level > 5)
    return parse_atom (o);
  int left = parse_level (o, level + 1);
  while (!o->failed && operator_level (peek_operator (o)) == level) {
    int kind = o->lex.kind;
    next (&o->lex);
    int right = parse_level (o, kind == IMPLIES ? level : level + 1);
    left = add (o, kind, left, right);
    if (kind == IMPLIES)
      break; /* right-associative: the rest is in 'right' */
  }
  return left;
}

/* The formulas of the input, conjoined, at node 'root' (-1: none). */
static int parse_all (oracle *o, int *root) {
  *root = -1;
  next (&o->lex);
  for (;;) {
    int kind = peek_operand (o);
    if (kind == END)
      return !o->failed;
    if (kind == SEMI) {
      next (&o->lex);
      continue;
    }
    int f = parse_level (o, 1);
    if (o->failed)
      return 0;
    kind = o->lex.kind;
    if (kind != SEMI && kind != NEWLINE && kind != END)
      return 0;
    *root = *root < 0 ? f : add (o, AND, *root, f);
  }
}

static bool evaluate (const oracle *o, int n, unsigned assignment) {
  const onode *x = o->nodes + n;
  switch (x->kind) {
  case NAME:
    return assignment >> x->a & 1;
  case TRUE_:
    return true;
  case FALSE_:
    return false;
  case NOT:
    return !evaluate (o, x->a, assignment);
  case AND:
    return evaluate (o, x->a, assignment) && evaluate (o, x->b, assignment);
  case OR:
    return evaluate (o, x->a, assignment) || evaluate (o, x->b, assignment);
  case XOR:
    return evaluate (o, x->a, assignment) != evaluate (o, x->b, assignment);
  case IMPLIES:
    return !evaluate (o, x->a, assignment) || evaluate (o, x->b, assignment);
  case IFF:
    return evaluate (o, x->a, assignment) == evaluate (o, x->b, assignment);
  case ITE: {
    int c = x->a, t = o->nodes[c].next, e = o->nodes[t].next;
    return evaluate (o, c, assignment) ? evaluate (o, t, assignment)
                                       : evaluate (o, e, assignment);
  }
  default: {
    int count = 0;
    for (int arg = x->b ? x->a : -1; arg >= 0; arg = o->nodes[arg].next)
      count += evaluate (o, arg, assignment);
    return x->kind == ATMOST    ? count <= x->bound
           : x->kind == ATLEAST ? count >= x->bound
                                : count == x->bound;
  }
  }
}

/*------------------------------------------------------------------------*/
/* einsat's side. */

typedef struct models {
  const int *named;
  int count, vars;
  int *index;          /* einsat variable -> oracle variable */
  unsigned char *seen; /* per assignment */
  unsigned found;
} models;

static int on_model (void *data, const int *lits) {
  models *m = data;
  unsigned assignment = 0;
  for (const int *p = lits; *p; p++)
    if (*p > 0)
      assignment |= 1u << m->index[*p];
  if (m->seen[assignment]++)
    fuzz_failure ("model %u enumerated twice", assignment);
  m->found++;
  return 1;
}

static void check_error (const enc_parser *parser, encoder *e,
                         const uint8_t *data, size_t size) {
  if (!enc_ok (e) && strstr (enc_error (e), "out of memory"))
    return;
  long line, column, lines = 1;
  const char *message = enc_parse_error (parser, &line, &column);
  const uint8_t *start = data;
  for (size_t i = 0; i < size; i++)
    if (data[i] == '\n' && line > lines++)
      start = data + i + 1;
  if (!*message || line < 1 || line > lines || column < 1)
    fuzz_failure ("error '%s' at %ld:%ld of %ld lines", message, line,
                  column, lines);
  long characters = 0;
  for (const uint8_t *p = start; p < data + size && *p != '\n'; p++)
    characters += (*p & 0xc0) != 0x80;
  if (column > characters + 1)
    fuzz_failure ("error '%s' at column %ld of a line of %ld characters",
                  message, column, characters);
}

static void compare_models (const oracle *o, int root, encoder *e) {
  int count;
  const int *named = enc_named (e, &count);
  if (count != o->vars)
    fuzz_failure ("%d named variables, the oracle has %d", count, o->vars);
  models m = {named, count, 0, 0, calloc (1u << MAX_VARS, 1), 0};
  m.index = calloc ((size_t) enc_vars (e) + 1, sizeof *m.index);
  for (int i = 0; i < count; i++) {
    if (strcmp (enc_name (e, named[i]), o->names[i]))
      fuzz_failure ("variable %d is '%s', the oracle's '%s'", i,
                    enc_name (e, named[i]), o->names[i]);
    m.index[named[i]] = i;
  }
  einsat *solver = enc_solver (e);
  einsat_set_conflict_limit (solver, 100000);
  int complete = 0;
  int64_t found = einsat_enumerate (solver, named, count, 0, on_model, &m,
                                    &complete);
  if (found >= 0 && complete)
    for (unsigned a = 0; a < 1u << count; a++)
      if (m.seen[a] != (root < 0 || evaluate (o, root, a)))
        fuzz_failure ("assignment %u: einsat says %s, the oracle %s", a,
                      m.seen[a] ? "model" : "no model",
                      m.seen[a] ? "false" : "true");
  free (m.index);
  free (m.seen);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size) {
  oracle *o = calloc (1, sizeof *o);
  o->lex = (lexer){(const char *) data, (const char *) data + size, 0, 0, 0};
  int root;
  bool valid = parse_all (o, &root);
  if (o->size == MAX_NODES || o->vars == MAX_NAMES) {
    free (o);
    return 0; /* too large for the oracle */
  }
  fuzz_memory memory;
  einsat *solver = fuzz_new_solver (&memory, MEMORY_LIMIT);
  encoder *e = enc_new_with_solver (solver, ENC_NO_RECORD);
  enc_parser *parser = enc_parser_new (e);
  if (!e || !parser)
    fuzz_failure ("out of memory");
  bool ok = true;
  const uint8_t *line = data, *end = data + size;
  while (ok) {
    const uint8_t *newline = memchr (line, '\n', (size_t) (end - line));
    const uint8_t *stop = newline ? newline : end;
    ok = enc_parse_line (parser, (const char *) line, (size_t) (stop - line));
    if (!newline)
      break;
    line = newline + 1;
  }
  ok = ok && enc_parse_end (parser);
  bool out_of_memory = !enc_ok (e);
  if (!ok)
    check_error (parser, e, data, size);
  if (!out_of_memory && ok != valid)
    fuzz_failure ("einsat %s the input, the oracle %s",
                  ok ? "accepts" : "rejects", valid ? "accepts" : "rejects");
  if (ok && !out_of_memory && o->vars <= MAX_VARS)
    compare_models (o, root, e);
  enc_parser_delete (parser);
  enc_delete (e);
  einsat_delete (solver);
  free (o);
  return 0;
}
