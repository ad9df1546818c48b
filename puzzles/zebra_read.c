/* Reading logic-grid puzzles.  Line based: '#' starts a comment, the
 * first word of a line says what the line is, words are separated by
 * white space.  Every error names the file and line. */

#include "zebra.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* An attribute line of the largest puzzle has 102 words; titles and
 * questions are text of any length within the line's bound. */
#define MAX_WORDS 1024

typedef struct parser {
  zebra_puzzle *puzzle;
  fe_input *input;
  char *words[MAX_WORDS];
  int count; /* words on the line */
} parser;

static bool parse_error (parser *p, const char *fmt, ...) FE_PRINTF (2, 3);

static bool parse_error (parser *p, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  fe_vline_error (p->input, p->input->number, fmt, ap);
  va_end (ap);
  return false;
}

static bool out_of_memory (void) { return !fe_out_of_memory (); }

/*------------------------------------------------------------------------*/
/* Growing the puzzle's arrays. */

/* Makes room for element 'count' (capacities are powers of two). */
static bool grow (void **array, int count, size_t bytes) {
  if (count & (count - 1))
    return true;
  void *block = realloc (*array, (count ? 2 * (size_t) count : 1) * bytes);
  if (!block)
    return out_of_memory ();
  *array = block;
  return true;
}

static char *copy (const char *text) {
  char *result = malloc (strlen (text) + 1);
  if (!result)
    out_of_memory ();
  else
    strcpy (result, text);
  return result;
}

/*------------------------------------------------------------------------*/
/* Lines and words. */

static void split_words (parser *p, char *line) {
  char *hash = strchr (line, '#');
  if (hash)
    *hash = 0;
  p->count = 0;
  char *q = line;
  for (;;) {
    while (isspace ((unsigned char) *q))
      q++;
    if (!*q || p->count == MAX_WORDS)
      break;
    p->words[p->count++] = q;
    while (*q && !isspace ((unsigned char) *q))
      q++;
    if (*q)
      *q++ = 0;
  }
}

/* The words from 'i' on, joined with single spaces. */
static char *text_from (parser *p, int i) {
  size_t length = 0;
  for (int j = i; j < p->count; j++)
    length += strlen (p->words[j]) + 1;
  char *text = malloc (length + 1);
  if (!text) {
    out_of_memory ();
    return 0;
  }
  text[0] = 0;
  for (int j = i; j < p->count; j++) {
    if (j > i)
      strcat (text, " ");
    strcat (text, p->words[j]);
  }
  return text;
}

static int find_value (const zebra_puzzle *g, const char *name) {
  for (int i = 0; i < g->values; i++)
    if (!strcmp (g->value[i].name, name))
      return i;
  return -1;
}

static int find_attribute (const zebra_puzzle *g, const char *name) {
  for (int i = 0; i < g->attributes; i++)
    if (!strcmp (g->attribute[i].name, name))
      return i;
  return -1;
}

static bool parse_number (const char *word, long min, long max,
                          long *result) {
  char *end;
  errno = 0;
  long value = strtol (word, &end, 10);
  if (errno || end == word || *end || value < min || value > max)
    return false;
  *result = value;
  return true;
}

/*------------------------------------------------------------------------*/
/* 'title', 'positions' and 'attribute' lines. */

static bool parse_title (parser *p) {
  zebra_puzzle *g = p->puzzle;
  if (g->title)
    return parse_error (p, "second 'title' line");
  if (p->count < 2)
    return parse_error (p, "'title' needs a text");
  return (g->title = text_from (p, 1)) != 0;
}

static bool parse_positions (parser *p) {
  zebra_puzzle *g = p->puzzle;
  long n;
  if (g->positions)
    return parse_error (p, "second 'positions' line");
  if (p->count < 2 || p->count > 3)
    return parse_error (p,
                        "'positions' takes a number and an optional "
                        "name (got %d words)",
                        p->count - 1);
  if (!parse_number (p->words[1], 1, ZEBRA_MAX_POSITIONS, &n))
    return parse_error (p, "number of positions '%s' out of range 1..%d",
                        p->words[1], ZEBRA_MAX_POSITIONS);
  g->positions = (int) n;
  g->position_name = copy (p->count == 3 ? p->words[2] : "position");
  return g->position_name != 0;
}

static bool add_value (parser *p, const char *name, int attribute) {
  zebra_puzzle *g = p->puzzle;
  int other = find_value (g, name);
  if (other >= 0)
    return parse_error (p,
                        "value '%s' used twice (also in attribute "
                        "'%s')",
                        name, g->attribute[g->value[other].attribute].name);
  if (!strcmp (name, "or"))
    return parse_error (p, "'or' cannot be a value (it separates the "
                           "clues of 'either')");
  if (!grow ((void **) &g->value, g->values, sizeof *g->value))
    return false;
  zebra_value *v = g->value + g->values;
  if (!(v->name = copy (name)))
    return false;
  v->attribute = attribute;
  g->values++;
  return true;
}

static bool parse_attribute (parser *p) {
  zebra_puzzle *g = p->puzzle;
  if (!g->positions)
    return parse_error (p, "'positions' must come before the attributes");
  if (p->count < 2)
    return parse_error (p, "'attribute' needs a name and its values");
  const char *name = p->words[1];
  if (find_attribute (g, name) >= 0 || !strcmp (name, g->position_name))
    return parse_error (p, "attribute '%s' defined twice", name);
  if (p->count - 2 != g->positions)
    return parse_error (p,
                        "attribute '%s' has %d values but there are %d "
                        "positions",
                        name, p->count - 2, g->positions);
  if (!grow ((void **) &g->attribute, g->attributes, sizeof *g->attribute))
    return false;
  zebra_attribute *a = g->attribute + g->attributes;
  a->first = g->values;
  if (!(a->name = copy (name)))
    return false;
  g->attributes++;
  for (int i = 2; i < p->count; i++)
    if (!add_value (p, p->words[i], g->attributes - 1))
      return false;
  return true;
}

/*------------------------------------------------------------------------*/
/* Clues. */

typedef struct clue_syntax {
  const char *keyword;
  clue_kind kind;
  bool position; /* second argument is a position, not a value */
} clue_syntax;

static const clue_syntax clue_table[] = {
    {"same", CLUE_SAME, false},
    {"different", CLUE_DIFFERENT, false},
    {"left-of", CLUE_LEFT_OF, false},
    {"right-of", CLUE_RIGHT_OF, false},
    {"somewhere-left-of", CLUE_SOMEWHERE_LEFT_OF, false},
    {"somewhere-right-of", CLUE_SOMEWHERE_RIGHT_OF, false},
    {"next-to", CLUE_NEXT_TO, false},
    {"not-next-to", CLUE_NOT_NEXT_TO, false},
    {"at", CLUE_AT, true},
    {"not-at", CLUE_NOT_AT, true},
};

static const clue_syntax *find_clue_syntax (const char *keyword) {
  for (size_t i = 0; i < sizeof clue_table / sizeof *clue_table; i++)
    if (!strcmp (clue_table[i].keyword, keyword))
      return clue_table + i;
  return 0;
}

static bool value_argument (parser *p, const char *word, int *value) {
  if ((*value = find_value (p->puzzle, word)) >= 0)
    return true;
  return parse_error (p, "unknown value '%s'", word);
}

static bool position_argument (parser *p, const char *word, int *position) {
  long n;
  int positions = p->puzzle->positions;
  if (parse_number (word, 1, positions, &n)) {
    *position = (int) n;
    return true;
  }
  return parse_error (p, "position '%s' out of range 1..%d", word,
                      positions);
}

static bool add_clue (parser *p, zebra_clue clue, int *index) {
  zebra_puzzle *g = p->puzzle;
  if (!grow ((void **) &g->clue, g->clues, sizeof *g->clue))
    return false;
  clue.line = (int) p->input->number;
  *index = g->clues;
  g->clue[g->clues++] = clue;
  return true;
}

/* A clue other than 'either' from the 'words' words starting at 'first'
 * ('nested' inside 'either'). */
static bool parse_simple_clue (parser *p, int first, int words, bool nested,
                               int *index) {
  const char *keyword = p->words[first];
  const clue_syntax *syntax = find_clue_syntax (keyword);
  if (!syntax)
    return parse_error (p, "unknown clue '%s'", keyword);
  if (words != 3)
    return parse_error (p, "'%s' takes 2 arguments (got %d)", keyword,
                        words - 1);
  zebra_clue clue = {syntax->kind, 0, 0, nested, 0};
  if (!value_argument (p, p->words[first + 1], &clue.a))
    return false;
  if (syntax->position
          ? !position_argument (p, p->words[first + 2], &clue.b)
          : !value_argument (p, p->words[first + 2], &clue.b))
    return false;
  return add_clue (p, clue, index);
}

/* either KEYWORD ARG ARG or KEYWORD ARG ARG */
static bool parse_either (parser *p) {
  int or_word = 0;
  for (int i = 1; i < p->count; i++)
    if (!strcmp (p->words[i], "or"))
      or_word = i;
  if (!or_word || or_word == 1 || or_word == p->count - 1)
    return parse_error (p, "'either' takes two clues separated by 'or'");
  if (!strcmp (p->words[1], "either") ||
      !strcmp (p->words[or_word + 1], "either"))
    return parse_error (p, "'either' cannot be nested");
  zebra_clue clue = {CLUE_EITHER, 0, 0, false, 0};
  int index;
  return parse_simple_clue (p, 1, or_word - 1, true, &clue.a) &&
         parse_simple_clue (p, or_word + 1, p->count - or_word - 1, true,
                            &clue.b) &&
         add_clue (p, clue, &index);
}

/*------------------------------------------------------------------------*/

/* question ATTRIBUTE VALUE [TEXT] */
static bool parse_question (parser *p) {
  zebra_puzzle *g = p->puzzle;
  if (p->count < 3)
    return parse_error (p,
                        "'question' takes an attribute, a value and "
                        "an optional text (got %d words)",
                        p->count - 1);
  zebra_question q = {-1, 0, 0};
  if (strcmp (p->words[1], g->position_name ? g->position_name : "") &&
      (q.attribute = find_attribute (g, p->words[1])) < 0)
    return parse_error (p, "unknown attribute '%s'", p->words[1]);
  if (!value_argument (p, p->words[2], &q.value))
    return false;
  if (p->count > 3 && !(q.text = text_from (p, 3)))
    return false;
  if (!grow ((void **) &g->question, g->questions, sizeof *g->question)) {
    free (q.text);
    return false;
  }
  g->question[g->questions++] = q;
  return true;
}

static bool parse_line (parser *p) {
  if (!p->count)
    return true;
  const char *keyword = p->words[0];
  if (!strcmp (keyword, "title"))
    return parse_title (p);
  if (!strcmp (keyword, "positions"))
    return parse_positions (p);
  if (!strcmp (keyword, "attribute"))
    return parse_attribute (p);
  if (!strcmp (keyword, "question"))
    return parse_question (p);
  if (!strcmp (keyword, "either"))
    return parse_either (p);
  int index;
  return parse_simple_clue (p, 0, p->count, false, &index);
}

static bool check_complete (parser *p) {
  if (!p->puzzle->positions)
    return parse_error (p, "no 'positions' line");
  if (!p->puzzle->attributes)
    return parse_error (p, "no 'attribute' lines");
  return true;
}

bool zebra_read (zebra_puzzle *g, fe_input *input) {
  memset (g, 0, sizeof *g);
  parser p = {g, input, {0}, 0};
  bool ok = true;
  while (ok && fe_read_line (input)) {
    split_words (&p, input->line);
    if (p.count == MAX_WORDS)
      ok = parse_error (&p, "more than %d words on a line", MAX_WORDS - 1);
    else
      ok = parse_line (&p);
  }
  if (ok && input->failed)
    ok = false;
  if (ok)
    ok = check_complete (&p);
  if (!ok)
    zebra_release (g);
  return ok;
}

void zebra_release (zebra_puzzle *g) {
  for (int i = 0; i < g->attributes; i++)
    free (g->attribute[i].name);
  for (int i = 0; i < g->values; i++)
    free (g->value[i].name);
  for (int i = 0; i < g->questions; i++)
    free (g->question[i].text);
  free (g->attribute);
  free (g->value);
  free (g->clue);
  free (g->question);
  free (g->title);
  free (g->position_name);
  memset (g, 0, sizeof *g);
}
