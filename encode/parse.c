/* Formulas as text: propositional formulas over named variables, read
 * line by line (the syntax is in 'einsat_encode.h').
 *
 * The parser is Dijkstra's shunting-yard algorithm: operators wait on a
 * stack until one that binds less tightly arrives, operands on another;
 * both stacks live on the heap, so nesting is bounded by memory, not by
 * the C stack.  It builds a syntax tree in an array, children before
 * parents, so that the tree is turned into encoder formulas by one loop
 * over the array, without recursion ('tree.c').  An 'and' or 'or' whose
 * operand is of its own kind marks that operand 'absorbed', so that a
 * chain of them becomes one n-ary connective. */

#include "internal.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_NAME 255
#define MAX_TOKEN_SHOWN 24

typedef enum token_kind {
  T_NAME,
  T_NUMBER,
  T_TRUE,
  T_FALSE,
  T_NOT,
  T_AND,
  T_XOR,
  T_OR,
  T_IMPLIES,
  T_IFF,
  T_OPEN,
  T_CLOSE,
  T_COMMA,
  T_SEMICOLON,
  T_ATMOST,
  T_ATLEAST,
  T_EXACTLY,
  T_ITE,
  T_INVALID
} token_kind;

typedef struct token {
  token_kind kind;
  const char *text;
  size_t length;
  long column;
} token;

/* Longer spellings first: the first match is the longest. */
static const struct {
  const char *spelling;
  token_kind kind;
} symbols[] = {
    {"<->", T_IFF},
    {"<=>", T_IFF},
    {"\xe2\x86\x94", T_IFF},
    {"\xe2\x86\x92", T_IMPLIES},
    {"\xe2\x88\xa7", T_AND},
    {"\xe2\x88\xa8", T_OR},
    {"\xe2\x8a\x95", T_XOR},
    {"\xe2\x8a\xa4", T_TRUE},
    {"\xe2\x8a\xa5", T_FALSE},
    {"->", T_IMPLIES},
    {"=>", T_IMPLIES},
    {"&&", T_AND},
    {"||", T_OR},
    {"/\\", T_AND},
    {"\\/", T_OR},
    {"\xc2\xac", T_NOT},
    {"&", T_AND},
    {"|", T_OR},
    {"^", T_XOR},
    {"!", T_NOT},
    {"~", T_NOT},
    {"-", T_NOT},
    {"(", T_OPEN},
    {")", T_CLOSE},
    {",", T_COMMA},
    {";", T_SEMICOLON},
};

static const struct {
  const char *word;
  token_kind kind;
} words[] = {
    {"and", T_AND},         {"or", T_OR},           {"not", T_NOT},
    {"xor", T_XOR},         {"implies", T_IMPLIES}, {"iff", T_IFF},
    {"true", T_TRUE},       {"false", T_FALSE},     {"atmost", T_ATMOST},
    {"at_most", T_ATMOST},  {"atleast", T_ATLEAST}, {"at_least", T_ATLEAST},
    {"exactly", T_EXACTLY}, {"ite", T_ITE},
};

/* An operator, '(' or a function waiting on the operator stack. */
typedef struct waiting {
  token_kind kind;
  int args, bound; /* of a function */
  long line, column;
} waiting;

typedef enum expecting {
  OPERAND,
  OPERATOR,
  FUNCTION_OPEN,  /* '(' after a function's name */
  FUNCTION_BOUND, /* the number after 'atmost(' */
  AFTER_BOUND     /* ',' or ')' after it */
} expecting;

struct enc_parser {
  encoder *e;
  expecting expect;
  long line, end_column; /* of the current line, after its last char */
  ARRAY (waiting) operators;
  ints operands;
  int open; /* '(' and functions on the operator stack */
  syntax_tree tree;
  size_t mark_nodes, mark_kids; /* the encoder's before this formula */

  token previous; /* for messages ("after '&'") */
  char previous_text[MAX_TOKEN_SHOWN + 4];
  waiting function; /* its name was read, '(' comes next */

  int64_t formulas;
  bool failed;
  char message[400];
  long error_line, error_column;
};

/*------------------------------------------------------------------------*/
/* Errors. */

static int fail_at (enc_parser *p, long column, const char *fmt, ...)
    ENC_PRINTF (3, 4);

static int fail_at (enc_parser *p, long column, const char *fmt, ...) {
  if (p->failed)
    return 0;
  p->failed = true;
  p->error_line = p->line;
  p->error_column = column;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (p->message, sizeof p->message, fmt, ap);
  va_end (ap);
  return 0;
}

/* The encoder failed (out of memory, too many variables): its message
 * without the name of its function. */
static int encoder_failed (enc_parser *p, long column) {
  const char *message = enc_error (p->e);
  const char *colon = strstr (message, ": ");
  if (!strstr (message, "out of memory") && colon)
    message = colon + 2;
  return fail_at (p, column, "%s", message);
}

/* "'&&'", "'long_na...'" or "the end of the input" for messages. */
static const char *shown (const token *t, char *buffer, size_t size) {
  if (!t->text)
    return "the end of the input";
  if (t->length > MAX_TOKEN_SHOWN)
    snprintf (buffer, size, "'%.*s...'", MAX_TOKEN_SHOWN, t->text);
  else
    snprintf (buffer, size, "'%.*s'", (int) t->length, t->text);
  return buffer;
}

/*------------------------------------------------------------------------*/
/* Tokens. */

static bool is_name_char (unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '.' || c == '\'' ||
         c == '@' || c == '$' || c == '[' || c == ']';
}

static char upper_case (char c) {
  return c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
}

/* 'word' (lower case) in lower case or in upper case ('and', 'AND', not
 * 'And'). */
static bool is_word (const char *text, size_t length, const char *word) {
  if (strlen (word) != length)
    return false;
  bool lower = true, upper = true;
  for (size_t i = 0; i < length; i++) {
    lower &= text[i] == word[i];
    upper &= text[i] == upper_case (word[i]);
  }
  return lower || upper;
}

static token_kind classify_word (const char *text, size_t length) {
  bool digits = true;
  for (size_t i = 0; i < length; i++)
    digits &= text[i] >= '0' && text[i] <= '9';
  if (digits)
    return T_NUMBER;
  for (size_t i = 0; i < sizeof words / sizeof *words; i++)
    if (is_word (text, length, words[i].word))
      return words[i].kind;
  return T_NAME;
}

/* The token at 'text' (not white space, not a comment). */
static token scan (const char *text, const char *end) {
  token t = {T_INVALID, text, 1, 0};
  if (is_name_char ((unsigned char) *text)) {
    const char *p = text;
    while (p < end && is_name_char ((unsigned char) *p))
      p++;
    t.length = (size_t) (p - text);
    t.kind = classify_word (text, t.length);
    return t;
  }
  for (size_t i = 0; i < sizeof symbols / sizeof *symbols; i++) {
    size_t length = strlen (symbols[i].spelling);
    if ((size_t) (end - text) >= length &&
        !memcmp (text, symbols[i].spelling, length)) {
      t.kind = symbols[i].kind;
      t.length = length;
      return t;
    }
  }
  /* a character of several bytes is shown whole */
  while (text + t.length < end && (text[t.length] & 0xc0) == 0x80)
    t.length++;
  return t;
}

/*------------------------------------------------------------------------*/
/* Building the tree. */

static int new_tree_node (enc_parser *p, tree_op op, int a, int b,
                          int bound) {
  if (p->tree.nodes.size >= INT_MAX / 2)
    return fail_at (p, p->previous.column, "formula too large");
  tree_node n = {(unsigned char) op, false, false, false, a, b, bound};
  if (!PUSH (p->e, p->tree.nodes, n) ||
      !PUSH (p->e, p->operands, (int) p->tree.nodes.size - 1))
    return encoder_failed (p, p->previous.column);
  return 1;
}

static int pop_operand (enc_parser *p) {
  assert (p->operands.size);
  return p->operands.begin[--p->operands.size];
}

/* 'and' and 'or' absorb operands of their own kind. */
static int binary_node (enc_parser *p, tree_op op, int a, int b) {
  if (op == P_AND || op == P_OR) {
    p->tree.nodes.begin[a].absorbed |= p->tree.nodes.begin[a].op == op;
    p->tree.nodes.begin[b].absorbed |= p->tree.nodes.begin[b].op == op;
  }
  return new_tree_node (p, op, a, b, 0);
}

static int apply (enc_parser *p, token_kind kind) {
  int b = pop_operand (p);
  if (kind == T_NOT)
    return new_tree_node (p, P_NOT, b, 0, 0);
  int a = pop_operand (p);
  switch (kind) {
  case T_AND:
    return binary_node (p, P_AND, a, b);
  case T_OR:
    return binary_node (p, P_OR, a, b);
  case T_XOR:
    return binary_node (p, P_XOR, a, b);
  case T_IFF:
    return binary_node (p, P_IFF, a, b);
  default: /* a -> b is !a | b */
    assert (kind == T_IMPLIES);
    if (!new_tree_node (p, P_NOT, a, 0, 0))
      return 0;
    return binary_node (p, P_OR, pop_operand (p), b);
  }
}

static int precedence (token_kind kind) {
  switch (kind) {
  case T_NOT:
    return 6;
  case T_AND:
    return 5;
  case T_XOR:
    return 4;
  case T_OR:
    return 3;
  case T_IMPLIES:
    return 2;
  case T_IFF:
    return 1;
  default: /* '(' and functions: barriers */
    return 0;
  }
}

/* Applies the waiting operators that bind at least as tightly as an
 * operator of 'level' (more tightly if it is right-associative); level 0
 * applies all up to the innermost '(' or function. */
static int reduce (enc_parser *p, int level, bool right_associative) {
  while (p->operators.size) {
    waiting *top = p->operators.begin + p->operators.size - 1;
    int top_level = precedence (top->kind);
    if (!top_level || top_level < level ||
        (top_level == level && right_associative))
      break;
    token_kind kind = top->kind;
    p->operators.size--;
    if (!apply (p, kind))
      return 0;
  }
  return 1;
}

static int push_waiting (enc_parser *p, token_kind kind, long column) {
  waiting w = {kind, 0, 0, p->line, column};
  if (!PUSH (p->e, p->operators, w))
    return encoder_failed (p, column);
  p->open += !precedence (kind);
  return 1;
}

/* The innermost '(' or function on the stack, or NULL. */
static waiting *innermost_open (enc_parser *p) {
  for (size_t i = p->operators.size; p->open && i--;)
    if (!precedence (p->operators.begin[i].kind))
      return p->operators.begin + i;
  return 0;
}

static const char *function_name (token_kind kind) {
  return kind == T_ATMOST    ? "atmost"
         : kind == T_ATLEAST ? "atleast"
         : kind == T_EXACTLY ? "exactly"
                             : "ite";
}

/* ')' of a function: its arguments are the top operands. */
static int finish_function (enc_parser *p, const waiting *f,
                            const token *t) {
  if (f->kind == T_ITE && f->args != 3)
    return fail_at (p, t->column,
                    "ite takes 3 arguments (condition, then, else), not %d",
                    f->args);
  size_t offset = p->tree.args.size, count = (size_t) f->args;
  if (!RESERVE (p->e, p->tree.args, offset + count))
    return encoder_failed (p, t->column);
  if (count) /* memcpy from NULL is undefined even for 0 bytes */
    memcpy (p->tree.args.begin + offset,
            p->operands.begin + p->operands.size - count,
            count * sizeof (int));
  p->tree.args.size += count;
  p->operands.size -= count;
  tree_op op = f->kind == T_ATMOST    ? P_ATMOST
               : f->kind == T_ATLEAST ? P_ATLEAST
               : f->kind == T_EXACTLY ? P_EXACTLY
                                      : P_ITE;
  return new_tree_node (p, op, (int) offset, (int) count, f->bound);
}

/*------------------------------------------------------------------------*/
/* The parser's steps. */

static void start_formula (enc_parser *p) {
  p->mark_nodes = p->e->nodes.size;
  p->mark_kids = p->e->kids.size;
}

static bool in_formula (const enc_parser *p) {
  return p->operands.size || p->operators.size || p->expect != OPERAND;
}

/* The formula is complete: assert it and free its nodes. */
static int end_formula (enc_parser *p, long column) {
  if (!reduce (p, 1, false))
    return 0;
  assert (p->operands.size == 1 && !p->operators.size);
  enc_assert_tree (p->e, &p->tree, pop_operand (p));
  if (!enc_ok (p->e))
    return encoder_failed (p, column);
  enc_release_formulas_since (p->e, p->mark_nodes, p->mark_kids);
  p->tree.nodes.size = p->tree.args.size = 0;
  p->expect = OPERAND;
  p->previous.text = 0;
  p->formulas++;
  return 1;
}

/* "after '&'" for the previous token, if it was one. */
static const char *after_previous (enc_parser *p, char *buffer,
                                   size_t size) {
  if (!p->previous.text)
    return "";
  char text[MAX_TOKEN_SHOWN + 8];
  snprintf (buffer, size, " after %s",
            shown (&p->previous, text, sizeof text));
  return buffer;
}

static int expected_formula (enc_parser *p, const token *t) {
  char after[64], got[MAX_TOKEN_SHOWN + 8];
  const char *extra = t->kind == T_NUMBER
                          ? " (a number is only the bound of atmost, "
                            "atleast or exactly)"
                          : "";
  return fail_at (p, t->column, "expected a formula%s, found %s%s",
                  after_previous (p, after, sizeof after),
                  shown (t, got, sizeof got), extra);
}

static int unclosed (enc_parser *p, const waiting *w, const token *t) {
  char got[MAX_TOKEN_SHOWN + 8];
  if (w->kind == T_OPEN)
    return fail_at (p, t->column,
                    "expected ')' to close the '(' at %ld:%ld, found %s",
                    w->line, w->column, shown (t, got, sizeof got));
  return fail_at (p, t->column,
                  "expected ')' to close '%s(' at %ld:%ld, found %s",
                  function_name (w->kind), w->line, w->column,
                  shown (t, got, sizeof got));
}

static int operand (enc_parser *p, const token *t) {
  encoder *e = p->e;
  switch (t->kind) {
  case T_NAME: {
    if (t->length > MAX_NAME)
      return fail_at (p, t->column, "name longer than %d characters",
                      MAX_NAME);
    int var = enc_var (e, "%.*s", (int) t->length, t->text);
    if (!var)
      return encoder_failed (p, t->column);
    p->expect = OPERATOR;
    return new_tree_node (p, P_VAR, var, 0, 0);
  }
  case T_TRUE:
  case T_FALSE:
    p->expect = OPERATOR;
    return new_tree_node (p, t->kind == T_TRUE ? P_TRUE : P_FALSE, 0, 0, 0);
  case T_NOT:
  case T_OPEN:
    return push_waiting (p, t->kind, t->column);
  case T_ATMOST:
  case T_ATLEAST:
  case T_EXACTLY:
  case T_ITE:
    p->function = (waiting){t->kind, 0, 0, p->line, t->column};
    p->expect = FUNCTION_OPEN;
    return 1;
  case T_SEMICOLON:
    if (!in_formula (p))
      return 1; /* an empty formula */
    return expected_formula (p, t);
  default:
    return expected_formula (p, t);
  }
}

/* ')': after the last argument of a function, unless it has none. */
static int close_parenthesis (enc_parser *p, const token *t,
                              bool argument) {
  if (!reduce (p, 0, false))
    return 0;
  waiting *w = innermost_open (p);
  if (!w)
    return fail_at (p, t->column, "')' without a matching '('");
  waiting closed = *w;
  p->operators.size--;
  p->open--;
  if (closed.kind == T_OPEN)
    return 1;
  closed.args += argument;
  return finish_function (p, &closed, t);
}

static int comma (enc_parser *p, const token *t) {
  if (!reduce (p, 0, false))
    return 0;
  waiting *w = innermost_open (p);
  if (!w || w->kind == T_OPEN)
    return fail_at (p, t->column,
                    "',' outside of the arguments of atmost, atleast, "
                    "exactly or ite");
  if (w->kind == T_ITE && w->args == 2)
    return fail_at (p, t->column,
                    "ite takes 3 arguments (condition, then, else), not "
                    "more");
  if (w->args == INT_MAX - 1)
    return fail_at (p, t->column, "too many arguments");
  w->args++;
  p->expect = OPERAND;
  return 1;
}

static int after_operand (enc_parser *p, const token *t) {
  char got[MAX_TOKEN_SHOWN + 8];
  switch (t->kind) {
  case T_AND:
  case T_XOR:
  case T_OR:
  case T_IMPLIES:
  case T_IFF:
    if (!reduce (p, precedence (t->kind), t->kind == T_IMPLIES))
      return 0;
    p->expect = OPERAND;
    return push_waiting (p, t->kind, t->column);
  case T_CLOSE:
    return close_parenthesis (p, t, true);
  case T_COMMA:
    return comma (p, t);
  case T_SEMICOLON:
    if (p->open)
      return unclosed (p, innermost_open (p), t);
    return end_formula (p, t->column);
  default:
    return fail_at (p, t->column, "expected an operator before %s",
                    shown (t, got, sizeof got));
  }
}

static int parse_bound (enc_parser *p, const token *t) {
  char got[MAX_TOKEN_SHOWN + 8];
  if (t->kind != T_NUMBER)
    return fail_at (
        p, t->column, "expected a number (the bound) after '%s(', found %s",
        function_name (p->operators.begin[p->operators.size - 1].kind),
        shown (t, got, sizeof got));
  long bound = 0;
  for (size_t i = 0; i < t->length; i++) {
    bound = 10 * bound + (t->text[i] - '0');
    if (bound > INT_MAX - 2)
      return fail_at (p, t->column, "the bound %s is too large",
                      shown (t, got, sizeof got));
  }
  p->operators.begin[p->operators.size - 1].bound = (int) bound;
  p->expect = AFTER_BOUND;
  return 1;
}

/* A control character, a byte that starts no UTF-8 character. */
static bool unprintable (unsigned char c) {
  return c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xc2) || c >= 0xf5;
}

static int step (enc_parser *p, const token *t) {
  char got[MAX_TOKEN_SHOWN + 8];
  unsigned char first = (unsigned char) t->text[0];
  if (t->kind == T_INVALID && unprintable (first))
    return fail_at (p, t->column, "unexpected byte 0x%02x", first);
  if (t->kind == T_INVALID)
    return fail_at (p, t->column, "unexpected character %s",
                    shown (t, got, sizeof got));
  if (!in_formula (p))
    start_formula (p);
  switch (p->expect) {
  case OPERAND:
    return operand (p, t);
  case OPERATOR:
    return after_operand (p, t);
  case FUNCTION_OPEN:
    if (t->kind != T_OPEN)
      return fail_at (p, t->column, "expected '(' after '%s', found %s",
                      function_name (p->function.kind),
                      shown (t, got, sizeof got));
    p->expect = p->function.kind == T_ITE ? OPERAND : FUNCTION_BOUND;
    if (!PUSH (p->e, p->operators, p->function))
      return encoder_failed (p, t->column);
    p->open++;
    return 1;
  case FUNCTION_BOUND:
    return parse_bound (p, t);
  default:
    assert (p->expect == AFTER_BOUND);
    if (t->kind == T_COMMA) {
      p->expect = OPERAND;
      return 1;
    }
    if (t->kind == T_CLOSE) {
      p->expect = OPERATOR;
      return close_parenthesis (p, t, false);
    }
    return fail_at (p, t->column,
                    "expected ',' or ')' after the bound, found %s",
                    shown (t, got, sizeof got));
  }
}

static void remember (enc_parser *p, const token *t) {
  size_t length = t->length < MAX_TOKEN_SHOWN ? t->length : MAX_TOKEN_SHOWN;
  memcpy (p->previous_text, t->text, length);
  p->previous_text[length] = 0;
  p->previous = *t;
  p->previous.text = p->previous_text;
  if (t->length > MAX_TOKEN_SHOWN) /* 'shown' adds '...' */
    p->previous.length = MAX_TOKEN_SHOWN + 1;
}

/*------------------------------------------------------------------------*/
/* The interface. */

enc_parser *enc_parser_new (encoder *e) {
  enc_parser *p = calloc (1, sizeof *p);
  if (p)
    p->e = e;
  return p;
}

void enc_parser_delete (enc_parser *p) {
  if (!p)
    return;
  RELEASE (p->operators);
  RELEASE (p->operands);
  enc_release_tree (&p->tree);
  free (p);
}

static bool is_space (char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* A formula that ends with the line is complete: after an operand,
 * outside of parentheses. */
static int end_of_line (enc_parser *p) {
  if (p->expect == OPERATOR && !p->open)
    return end_formula (p, p->end_column);
  return 1;
}

int enc_parse_line (enc_parser *p, const char *line, size_t length) {
  if (p->failed)
    return 0;
  if (!enc_ok (p->e))
    return encoder_failed (p, 1);
  if (p->line == LONG_MAX)
    return fail_at (p, 1, "too many lines");
  p->line++;
  const char *end = line + length, *counted_to = line;
  long column = 1;
  for (const char *q = line; q < end;) {
    if (is_space (*q)) {
      q++;
      continue;
    }
    if (*q == '#')
      break;
    for (; counted_to < q; counted_to++) /* characters, not bytes */
      column += (*counted_to & 0xc0) != 0x80;
    token t = scan (q, end);
    t.column = column;
    if (!step (p, &t))
      return 0;
    if (in_formula (p))
      remember (p, &t);
    else
      p->previous.text = 0;
    q += t.length;
  }
  for (; counted_to < end; counted_to++)
    column += (*counted_to & 0xc0) != 0x80;
  p->end_column = column;
  return end_of_line (p);
}

int enc_parse_text (enc_parser *p, const char *text) {
  for (;;) {
    const char *newline = strchr (text, '\n');
    size_t length = newline ? (size_t) (newline - text) : strlen (text);
    if (!enc_parse_line (p, text, length))
      return 0;
    if (!newline)
      return 1;
    text = newline + 1;
  }
}

int enc_parse_end (enc_parser *p) {
  if (p->failed)
    return 0;
  token end = {T_INVALID, 0, 0, p->end_column};
  char got[MAX_TOKEN_SHOWN + 8];
  switch (p->expect) {
  case OPERAND:
    if (in_formula (p))
      return expected_formula (p, &end);
    return 1;
  case OPERATOR:
    if (p->open)
      return unclosed (p, innermost_open (p), &end);
    return end_formula (p, end.column);
  case FUNCTION_OPEN:
    return fail_at (p, end.column, "expected '(' after '%s', found %s",
                    function_name (p->function.kind),
                    shown (&end, got, sizeof got));
  case FUNCTION_BOUND:
    return parse_bound (p, &end);
  default:
    return fail_at (p, end.column,
                    "expected ',' or ')' after the bound, found %s",
                    shown (&end, got, sizeof got));
  }
}

const char *enc_parse_error (const enc_parser *p, long *line,
                             long *column) {
  if (line)
    *line = p->failed ? p->error_line : 0;
  if (column)
    *column = p->failed ? p->error_column : 0;
  return p->failed ? p->message : "";
}

int64_t enc_parsed_formulas (const enc_parser *p) { return p->formulas; }
