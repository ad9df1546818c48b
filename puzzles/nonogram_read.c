/* Reading nonograms in Steve Simpson's '.non' format (as documented by
 * the nonogram-db project and in 'puzzles/NONOGRAM.md'): key/value lines,
 * sections 'rows' and 'columns' with one clue per line, an optional
 * 'goal', our 'givens' section, and unknown keys ignored.
 *
 * Everything that makes a puzzle impossible to state is found here,
 * before any solving, and reported at the line it comes from: missing or
 * repeated sizes, clue sections of the wrong length, bad numbers, runs
 * that do not fit their line, row and column sums that disagree, goals
 * and givens that do not fit the grid. */

#include "nonogram.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

typedef struct section {
  nonogram_clue *clues;
  int count, capacity;
  long line; /* of the key, 0 if missing */
} section;

typedef struct parser {
  fe_input in;
  nonogram *puzzle;
  long width_line, height_line, goal_line, givens_line;
  section rows, columns;
  char *goal;
  long *given_lines;
  int given_capacity;
  bool pending; /* the current line starts the next key */
  bool failed;
  bool stopped; /* out of memory or a broken input: read no further */
} parser;

#define ERROR(LINE, ...)                                                   \
  do {                                                                     \
    fe_line_error (&p->in, (LINE), __VA_ARGS__);                           \
    p->failed = true;                                                      \
  } while (0)

static void out_of_memory (parser *p) {
  if (!p->stopped)
    fe_out_of_memory ();
  p->failed = p->stopped = true;
}

/* Doubles '*array' (NULL after reporting that memory ran out, when
 * '*array' stays as it was). */
static bool grow (parser *p, void **array, int *capacity, size_t bytes) {
  int new_capacity = *capacity ? 2 * *capacity : 16;
  void *res = realloc (*array, (size_t) new_capacity * bytes);
  if (!res) {
    out_of_memory (p);
    return false;
  }
  *array = res;
  *capacity = new_capacity;
  return true;
}

/* A line of the input, unless reading should stop. */
static bool read_line (parser *p) {
  if (p->stopped || !fe_read_line (&p->in))
    return false;
  return true;
}

/* The first word of 'line' if it is 'key' followed by a blank or the end;
 * returns what follows, or NULL. */
static const char *match_key (const char *line, const char *key) {
  size_t n = strlen (key);
  if (strncmp (line, key, n) ||
      (line[n] && !isspace ((unsigned char) line[n])))
    return 0;
  const char *rest = line + n;
  while (isspace ((unsigned char) *rest))
    rest++;
  return rest;
}

/* A decimal number at 'str'; returns its end or NULL. */
static const char *parse_number (const char *str, int max, int *value) {
  if (!isdigit ((unsigned char) *str))
    return 0;
  errno = 0;
  char *end;
  long parsed = strtol (str, &end, 10);
  if (errno || parsed > max)
    return 0;
  *value = (int) parsed;
  return end;
}

static void bad_token (parser *p, const char *what, const char *at) {
  int length = 0;
  while (at[length] && at[length] != ',' &&
         !isspace ((unsigned char) at[length]))
    length++;
  ERROR (p->in.number, "bad %s '%.*s'", what, length ? length : 1,
         length ? at : "?");
}

/*------------------------------------------------------------------------*/
/* Sizes. */

static void read_size (parser *p, const char *value, const char *key,
                       int *size, long *line) {
  if (*line) {
    ERROR (p->in.number, "second '%s' (the first is in line %ld)", key,
           *line);
    return;
  }
  *line = p->in.number;
  const char *end = parse_number (value, NONOGRAM_MAX_SIDE, size);
  if (!end || *end || *size < 1)
    ERROR (p->in.number, "bad %s '%s' (expected 1..%d)", key, value,
           NONOGRAM_MAX_SIDE);
}

/*------------------------------------------------------------------------*/
/* Clues. */

/* "3,1,2" or "3 1 2"; "0" or nothing is an empty line. */
static void parse_clue (parser *p, const char *text, nonogram_clue *clue) {
  int runs[NONOGRAM_MAX_SIDE + 1], count = 0;
  bool zero = false;
  clue->line = p->in.number;
  for (const char *s = text; *s;) {
    if (*s == ',' || isspace ((unsigned char) *s)) {
      s++;
      continue;
    }
    int run;
    const char *end = parse_number (s, NONOGRAM_MAX_SIDE, &run);
    if (!end || (*end && *end != ',' && !isspace ((unsigned char) *end))) {
      bad_token (p, "run length", s);
      return;
    }
    if (count > NONOGRAM_MAX_SIDE) {
      ERROR (p->in.number, "too many runs");
      return;
    }
    zero |= !run;
    runs[count++] = run;
    s = end;
  }
  if (zero && count > 1) {
    ERROR (p->in.number, "run length 0 among other runs");
    return;
  }
  clue->count = zero ? 0 : count;
  if (!clue->count)
    return;
  if (!(clue->runs = malloc (sizeof (int) * count))) {
    clue->count = 0;
    out_of_memory (p);
    return;
  }
  memcpy (clue->runs, runs, sizeof (int) * count);
}

static nonogram_clue *new_clue (parser *p, section *s) {
  if (s->count == s->capacity &&
      !grow (p, (void **) &s->clues, &s->capacity, sizeof *s->clues))
    return 0;
  nonogram_clue *clue = s->clues + s->count++;
  memset (clue, 0, sizeof *clue);
  return clue;
}

/* Reads 'expected' clue lines (empty lines are empty clues) or, if the
 * size is not known yet, clue lines up to an empty line. */
static void read_section (parser *p, section *s, const char *name,
                          int expected) {
  if (s->line) {
    ERROR (p->in.number, "second '%s' section (the first is in line %ld)",
           name, s->line);
    return;
  }
  s->line = p->in.number;
  while (!expected || s->count < expected) {
    if (!read_line (p))
      return;
    const char *line = p->in.line;
    if (isalpha ((unsigned char) *line)) {
      p->pending = true;
      return;
    }
    if (!*line && !expected)
      return;
    nonogram_clue *clue = new_clue (p, s);
    if (!clue)
      return;
    parse_clue (p, line, clue);
  }
}

/*------------------------------------------------------------------------*/
/* Goal and givens. */

static void read_goal (parser *p, const char *value) {
  if (p->goal_line) {
    ERROR (p->in.number, "second 'goal' (the first is in line %ld)",
           p->goal_line);
    return;
  }
  p->goal_line = p->in.number;
  size_t length = strlen (value);
  if (length >= 2 && value[0] == '"' && value[length - 1] == '"')
    value++, length -= 2;
  if (!(p->goal = strndup (value, length)))
    out_of_memory (p);
}

static void add_given (parser *p, int row, int col) {
  nonogram *n = p->puzzle;
  if (n->givens == p->given_capacity) {
    int capacity = p->given_capacity;
    if (!grow (p, (void **) &n->given, &capacity, 2 * sizeof (int)) ||
        !grow (p, (void **) &p->given_lines, &p->given_capacity,
               sizeof (long)))
      return;
  }
  p->given_lines[n->givens] = p->in.number;
  n->given[2 * n->givens] = row;
  n->given[2 * n->givens + 1] = col;
  n->givens++;
}

/* Lines "row col" (0-based) up to an empty line or the next key. */
static void read_givens (parser *p) {
  if (p->givens_line) {
    ERROR (p->in.number,
           "second 'givens' section (the first is in line "
           "%ld)",
           p->givens_line);
    return;
  }
  p->givens_line = p->in.number;
  while (read_line (p)) {
    const char *line = p->in.line;
    if (!*line)
      return;
    if (isalpha ((unsigned char) *line)) {
      p->pending = true;
      return;
    }
    int row, col;
    const char *end = parse_number (line, NONOGRAM_MAX_SIDE, &row);
    while (end && isspace ((unsigned char) *end))
      end++;
    if (end)
      end = parse_number (end, NONOGRAM_MAX_SIDE, &col);
    if (!end || *end)
      ERROR (p->in.number,
             "bad given '%s' (expected 'row column', "
             "counted from 0)",
             line);
    else
      add_given (p, row, col);
  }
}

/*------------------------------------------------------------------------*/

static void read_key (parser *p) {
  const char *line = p->in.line, *value;
  nonogram *n = p->puzzle;
  if ((value = match_key (line, "width")))
    read_size (p, value, "width", &n->width, &p->width_line);
  else if ((value = match_key (line, "height")))
    read_size (p, value, "height", &n->height, &p->height_line);
  else if (match_key (line, "rows"))
    read_section (p, &p->rows, "rows", n->height);
  else if (match_key (line, "columns"))
    read_section (p, &p->columns, "columns", n->width);
  else if ((value = match_key (line, "goal")))
    read_goal (p, value);
  else if (match_key (line, "givens"))
    read_givens (p);
}

static void read_lines (parser *p) {
  for (;;) {
    if (p->pending)
      p->pending = false;
    else if (!read_line (p))
      return;
    const char *line = p->in.line;
    if (!*line)
      continue;
    if (isalpha ((unsigned char) *line))
      read_key (p);
    else
      ERROR (p->in.number,
             "'%.40s' is not in a section (more clue lines "
             "than the size says?)",
             line);
  }
}

/*------------------------------------------------------------------------*/
/* Checks once everything is read. */

static bool check_sizes (parser *p) {
  const nonogram *n = p->puzzle;
  long end = p->in.number;
  if (!p->width_line)
    ERROR (end, "missing 'width'");
  if (!p->height_line)
    ERROR (end, "missing 'height'");
  if (!p->rows.line)
    ERROR (end, "missing 'rows' section");
  if (!p->columns.line)
    ERROR (end, "missing 'columns' section");
  if (p->failed)
    return false;
  if (p->rows.count != n->height)
    ERROR (p->rows.line, "%d rows but 'height %d'", p->rows.count,
           n->height);
  if (p->columns.count != n->width)
    ERROR (p->columns.line, "%d columns but 'width %d'", p->columns.count,
           n->width);
  return !p->failed;
}

static int64_t clue_sum (const nonogram_clue *clue) {
  int64_t sum = 0;
  for (int i = 0; i < clue->count; i++)
    sum += clue->runs[i];
  return sum;
}

static void check_fit (parser *p, const section *s, const char *line_name,
                       int length, int64_t *total) {
  for (int i = 0; i < s->count; i++) {
    const nonogram_clue *clue = s->clues + i;
    int64_t sum = clue_sum (clue), need = sum + clue->count - 1;
    *total += sum;
    if (clue->count && need > length)
      ERROR (clue->line,
             "the runs of %s %d need %" PRId64 " cells but it "
             "has %d",
             line_name, i + 1, need, length);
  }
}

static void check_clues (parser *p) {
  const nonogram *n = p->puzzle;
  int64_t rows = 0, columns = 0;
  check_fit (p, &p->rows, "row", n->width, &rows);
  check_fit (p, &p->columns, "column", n->height, &columns);
  if (rows != columns)
    ERROR (p->columns.line,
           "the rows have %" PRId64 " black cells, the "
           "columns %" PRId64,
           rows, columns);
}

static void check_goal (parser *p) {
  nonogram *n = p->puzzle;
  if (!p->goal)
    return;
  size_t cells = (size_t) n->width * n->height;
  if (strlen (p->goal) != cells) {
    ERROR (p->goal_line, "goal has %zu cells, not %d x %d = %zu",
           strlen (p->goal), n->width, n->height, cells);
    return;
  }
  if (!(n->goal = malloc (cells))) {
    out_of_memory (p);
    return;
  }
  for (size_t i = 0; i < cells; i++) {
    if (p->goal[i] != '0' && p->goal[i] != '1') {
      ERROR (p->goal_line, "goal cell %zu is '%c', not 0 or 1", i + 1,
             p->goal[i]);
      return;
    }
    n->goal[i] = p->goal[i] == '1';
  }
}

static void check_givens (parser *p) {
  const nonogram *n = p->puzzle;
  for (int i = 0; i < n->givens; i++) {
    int row = n->given[2 * i], col = n->given[2 * i + 1];
    if (row >= n->height || col >= n->width)
      ERROR (p->given_lines[i],
             "given %d %d is outside the %d x %d grid "
             "(rows and columns count from 0)",
             row, col, n->height, n->width);
  }
}

static void release_parser (parser *p, bool keep_clues) {
  if (!keep_clues) {
    for (int i = 0; i < p->rows.count; i++)
      free (p->rows.clues[i].runs);
    for (int i = 0; i < p->columns.count; i++)
      free (p->columns.clues[i].runs);
    free (p->rows.clues);
    free (p->columns.clues);
  }
  free (p->goal);
  free (p->given_lines);
  fe_close_input (&p->in);
}

bool nonogram_read (const char *path, nonogram *n) {
  memset (n, 0, sizeof *n);
  parser state, *p = &state;
  memset (p, 0, sizeof *p);
  p->puzzle = n;
  if (!fe_open_input (&p->in, path, NONOGRAM_MAX_LINE))
    return false;
  read_lines (p);
  p->stopped |= p->in.failed;
  p->failed |= p->stopped;
  if (!p->stopped && check_sizes (p)) {
    check_clues (p);
    check_goal (p);
    check_givens (p);
  }
  bool ok = !p->failed;
  if (ok) {
    n->rows = p->rows.clues;
    n->columns = p->columns.clues;
  }
  release_parser (p, ok);
  if (!ok)
    nonogram_release (n);
  return ok;
}

void nonogram_release (nonogram *n) {
  for (int i = 0; n->rows && i < n->height; i++)
    free (n->rows[i].runs);
  for (int i = 0; n->columns && i < n->width; i++)
    free (n->columns[i].runs);
  free (n->rows);
  free (n->columns);
  free (n->goal);
  free (n->given);
  memset (n, 0, sizeof *n);
}
