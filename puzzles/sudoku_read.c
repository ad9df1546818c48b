/* Reading Sudoku puzzles in the formats people and collections use
 * (described for users in 'puzzles/SUDOKU.md'):
 *
 *   - one puzzle per line, one character per cell: 16, 81, 256 or 625
 *     characters, '.' or '0' for blanks, '1'-'9' then 'A'-'Z' (A = 10);
 *   - one puzzle per line as numbers separated by white space (0 or '.'
 *     for blanks), N * N of them, for any size up to 64 x 64;
 *   - a grid over N lines, either way, with optional separators: '|' and
 *     '+' and spaces inside rows, lines of '-', '=', '+' and '|' between
 *     boxes, blank lines between puzzles.
 *
 * The size follows from the number of cells on a line.  A line is read
 * as numbers when it splits into N or N * N numbers; otherwise every
 * character that is not a separator is a cell.  Sixteen cells are a 4x4
 * puzzle on one line unless the line has separators or a value above 4,
 * which make it a row of a 16x16 grid ('--box' decides for good).
 *
 * Lines starting with '#' are comments, and so are the lines that
 * 'einsat sudoku' prints besides solutions, so that its output reads
 * back (for '--check'): the summary ('c' and a word of two or more
 * letters, which no row of a grid is), and the verdicts ('unique', 'no
 * solution', ..., and 'unique' after a solution on its line).
 *
 * A bad line is reported and skipped; a grid with a bad row is skipped
 * as a whole, and reading goes on after it. */

#include "sudoku.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The cells found on one line. */
struct sudoku_entries {
  int count, max;
  bool tokens, separated;
  int values[SUDOKU_MAX_CELLS];
  bool plain;                    /* columns[i] is i + 1 (not filled) */
  int columns[SUDOKU_MAX_CELLS]; /* 1-based, for messages */
};

static int box_of_size (int size) {
  for (int box = SUDOKU_MIN_BOX; box <= SUDOKU_MAX_BOX; box++)
    if (box * box == size)
      return box;
  return 0;
}

static int box_of_cells (int cells) {
  for (int box = SUDOKU_MIN_BOX; box <= SUDOKU_MAX_BOX; box++)
    if (box * box * box * box == cells)
      return box;
  return 0;
}

char sudoku_value_char (int value) {
  if (!value)
    return '.';
  return value <= 9 ? (char) ('0' + value) : (char) ('A' + value - 10);
}

/* Blanks and givens alternate at random: one branch for both, taken
 * always. */
static int char_value (int ch) {
  unsigned digit = (unsigned) (ch == '.' ? '0' : ch) - '0';
  if (digit <= 9)
    return (int) digit;
  if (isalpha (ch))
    return toupper (ch) - 'A' + 10;
  return -1;
}

static bool is_row_separator (int ch) {
  return ch == ' ' || ch == '\t' || ch == '|' || ch == '+';
}

/* Lines like "------+-------+------" between boxes. */
static bool is_separator_line (const char *line) {
  bool dash = false;
  for (const char *p = line; *p; p++)
    if (*p == '-' || *p == '=')
      dash = true;
    else if (!is_row_separator (*p))
      return false;
  return dash;
}

/*------------------------------------------------------------------------*/
/* Splitting a line into cells. */

static bool push_entry (sudoku_entries *e, int value, int column) {
  if (e->count == SUDOKU_MAX_CELLS)
    return false;
  e->values[e->count] = value;
  e->columns[e->count++] = column;
  e->max = value > e->max ? value : e->max;
  return true;
}

/* Numbers separated by white space or '|'.  Returns false if some token
 * is not a number or '.', or there are too many. */
static bool split_numbers (const char *line, sudoku_entries *e) {
  e->count = e->max = 0;
  const char *p = line;
  for (;;) {
    while (is_row_separator (*p))
      p++;
    if (!*p)
      return true;
    const char *start = p;
    int value = 0;
    if (*p == '.')
      p++;
    else
      while (isdigit ((unsigned char) *p) && value < 1000)
        value = 10 * value + (*p++ - '0');
    if (p == start || (*p && !is_row_separator (*p)))
      return false;
    if (!push_entry (e, value, (int) (start - line) + 1))
      return false;
  }
}

/* One character per cell.  Returns the column of a bad character, or 0
 * if all are fine (-1 if there are too many). */
static int split_characters (const char *line, sudoku_entries *e) {
  e->count = e->max = 0;
  e->separated = false;
  for (const char *p = line; *p; p++) {
    if (is_row_separator (*p)) {
      e->separated |= e->count > 0;
      continue;
    }
    int value = char_value ((unsigned char) *p);
    if (value < 0)
      return (int) (p - line) + 1;
    if (!push_entry (e, value, (int) (p - line) + 1))
      return -1;
  }
  return 0;
}

/* The usual line of a collection: one character per cell of a whole
 * puzzle, only digits and '.', which the general way below would read
 * as characters too (as numbers it is a single token).  Without a
 * branch per character; false (and nothing done) for any other line. */
static bool split_plain (const char *line, size_t length,
                         sudoku_entries *e) {
  if (length > SUDOKU_MAX_CELLS || !box_of_cells ((int) length))
    return false;
  unsigned char max = 0; /* above 9 for any other character */
  int *values = e->values;
  for (size_t i = 0; i < length; i++) {
    unsigned char ch = (unsigned char) line[i];
    unsigned char digit = (unsigned char) ((ch == '.' ? '0' : ch) - '0');
    max = digit > max ? digit : max;
    values[i] = digit;
  }
  if (max > 9)
    return false;
  e->count = (int) length;
  e->max = max;
  e->tokens = e->separated = false;
  e->plain = true;
  return true;
}

/* Numbers only where the count fits a size: "123 456 789" is one row of
 * nine characters, not three numbers. */
static int split_line (const char *line, size_t length, sudoku_entries *e) {
  if (split_plain (line, length, e))
    return 0;
  e->plain = false;
  if (split_numbers (line, e) && e->count > 1 &&
      (box_of_size (e->count) || box_of_cells (e->count))) {
    e->tokens = e->separated = true;
    return 0;
  }
  e->tokens = false;
  return split_characters (line, e);
}

/*------------------------------------------------------------------------*/

static bool values_in_range (sudoku_reader *r, const sudoku_entries *e,
                             int size, long line) {
  if (e->max <= size)
    return true;
  for (int i = 0; i < e->count; i++)
    if (e->values[i] > size) {
      int column = e->plain ? i + 1 : e->columns[i];
      if (e->tokens)
        fe_line_error (&r->input, line,
                       "value %d in column %d is larger "
                       "than %d",
                       e->values[i], column, size);
      else
        fe_line_error (&r->input, line,
                       "'%c' in column %d is not a value "
                       "of a %dx%d Sudoku (1-%c, '.' or '0' for blanks)",
                       r->input.line[column - 1], column,
                       size, size, sudoku_value_char (size));
      return false;
    }
  return true;
}

static void start_grid (sudoku *grid, int box, bool tokens, long line) {
  grid->box = box;
  grid->size = box * box;
  grid->tokens = tokens;
  grid->line = line;
}

/* Where the line says which size it has: 0 if it cannot be a line of a
 * puzzle, else the box size, negative for a row of a grid. */
static int recognize (const sudoku_reader *r, const sudoku_entries *e) {
  int count = e->count;
  if (r->forced_box) {
    int size = r->forced_box * r->forced_box;
    return count == size * size ? r->forced_box
           : count == size      ? -r->forced_box
                                : 0;
  }
  int whole = box_of_cells (count), row = box_of_size (count);
  if (whole && row) /* 16 cells: a 4x4 puzzle or a row of 16x16 */
    return e->separated || e->max > 4 ? -row : whole;
  return whole ? whole : -row;
}

static int wrong_count (sudoku_reader *r, const sudoku_entries *e) {
  if (r->forced_box) {
    int size = r->forced_box * r->forced_box;
    fe_line_error (&r->input, r->input.number,
                   "%d cells, but --box=%d "
                   "needs %d on one line or %d per grid row",
                   e->count, r->forced_box, size * size, size);
  } else
    fe_line_error (&r->input, r->input.number,
                   "%d cells: one puzzle per "
                   "line needs 16, 81, 256, 625, ... cells, a grid row 4, "
                   "9, 16, 25, ...",
                   e->count);
  return SUDOKU_INVALID;
}

/* Lists the givens of 'puzzle' and checks them for clashes.  Givens and
 * blanks alternate at random, so each cell is written to the list and
 * the list grows by one if it is a given, without a branch per cell.
 * The row of a given is found by a multiplication instead of a division
 * (exact for cells below 4096: the error stays below 1 / 256). */
static void index_givens (sudoku *puzzle) {
  int n = puzzle->size, b = puzzle->box, cells = n * n, givens = 0;
  const int *values = puzzle->cells;
  for (int cell = 0; cell < cells; cell++) {
    puzzle->given[givens] = cell;
    givens += values[cell] != 0;
  }
  puzzle->givens = givens;
  int stripe[SUDOKU_MAX_SIZE]; /* of boxes: row or column i is in i / b */
  for (int i = 0, s = 0, k = 0; i < n; i++, k++) {
    s += k == b, k = k == b ? 0 : k;
    stripe[i] = s;
  }
  unsigned reciprocal = (1u << 20) / (unsigned) n + 1;
  uint64_t rows[SUDOKU_MAX_SIZE], cols[SUDOKU_MAX_SIZE],
      boxes[SUDOKU_MAX_SIZE], clashes = 0;
  memset (rows, 0, sizeof (uint64_t) * n);
  memset (cols, 0, sizeof (uint64_t) * n);
  memset (boxes, 0, sizeof (uint64_t) * n);
  for (int g = 0; g < givens; g++) {
    int cell = puzzle->given[g];
    int row = (int) ((unsigned) cell * reciprocal >> 20), col = cell - row * n;
    int box = b * stripe[row] + stripe[col];
    uint64_t bit = (uint64_t) 1 << (values[cell] - 1);
    clashes |= (rows[row] | cols[col] | boxes[box]) & bit;
    rows[row] |= bit;
    cols[col] |= bit;
    boxes[box] |= bit;
  }
  puzzle->clashing = clashes != 0;
}

static int one_line_puzzle (sudoku_reader *r, const sudoku_entries *e,
                            int box, sudoku *puzzle) {
  start_grid (puzzle, box, e->tokens, r->input.number);
  if (!values_in_range (r, e, puzzle->size, r->input.number))
    return SUDOKU_INVALID;
  memcpy (puzzle->cells, e->values, sizeof (int) * e->count);
  index_givens (puzzle);
  return SUDOKU_PUZZLE;
}

/* Adds a row to the grid in progress; returns SUDOKU_PUZZLE when it is
 * complete, SUDOKU_END if more rows are needed. */
static int add_row (sudoku_reader *r, const sudoku_entries *e,
                    sudoku *puzzle) {
  sudoku *grid = &r->grid;
  if (!r->broken && !values_in_range (r, e, grid->size, r->input.number)) {
    r->broken = true;
    r->rows++;
    return SUDOKU_INVALID;
  }
  memcpy (grid->cells + r->rows * grid->size, e->values,
          sizeof (int) * e->count);
  if (++r->rows < grid->size)
    return SUDOKU_END;
  bool broken = r->broken;
  r->rows = 0;
  r->broken = false;
  if (broken)
    return SUDOKU_END;
  memcpy (puzzle, grid, sizeof *puzzle);
  index_givens (puzzle);
  return SUDOKU_PUZZLE;
}

/* Ends the grid in progress because a line does not continue it. */
static int abandon_grid (sudoku_reader *r) {
  bool broken = r->broken;
  int rows = r->rows;
  r->rows = 0;
  r->broken = false;
  if (broken)
    return SUDOKU_END;
  fe_line_error (&r->input, r->grid.line, "incomplete grid: %d of %d rows",
                 rows, r->grid.size);
  return SUDOKU_INVALID;
}

static int bad_character (sudoku_reader *r, int column) {
  if (column < 0)
    fe_line_error (&r->input, r->input.number, "too many cells");
  else
    fe_line_error (&r->input, r->input.number,
                   "bad character '%c' in column %d",
                   r->input.line[column - 1], column);
  return SUDOKU_INVALID;
}

/* A line that should be the next row of the grid in progress. */
static int continue_grid (sudoku_reader *r, sudoku_entries *e, int bad,
                          sudoku *puzzle) {
  if (!bad && e->count == r->grid.size)
    return add_row (r, e, puzzle);
  if (!bad) {
    r->pending = true; /* look at this line again, after the grid */
    return abandon_grid (r);
  }
  bool broken = r->broken;
  r->broken = true;
  if (++r->rows == r->grid.size)
    r->rows = 0, r->broken = false;
  return broken ? SUDOKU_END : bad_character (r, bad);
}

static bool is_summary (const char *line) {
  return line[0] == 'c' && line[1] == ' ' &&
         strspn (line + 2, "abcdefghijklmnopqrstuvwxyz") >= 2;
}

static bool is_verdict (const char *line) {
  static const char *const verdicts[] = {
      "unique", "none", "no solution",
      "not unique, another solution:", "correct"};
  for (size_t i = 0; i < sizeof verdicts / sizeof *verdicts; i++)
    if (!strcmp (line, verdicts[i]))
      return true;
  return !strncmp (line, "wrong: ", 7);
}

/* A solution followed by 'unique' ('--unique --line') is the solution. */
static void strip_unique (fe_input *in) {
  static const char word[] = " unique";
  size_t n = sizeof word - 1;
  if (in->length > n && !strcmp (in->line + in->length - n, word))
    in->line[in->length -= n] = 0;
}

/* Looks at the current line.  Returns SUDOKU_END if it did not finish a
 * puzzle (read on). */
static int take_line (sudoku_reader *r, sudoku_entries *e, sudoku *puzzle) {
  const char *line = r->input.line;
  if (!*line)
    return r->rows ? abandon_grid (r) : SUDOKU_END;
  if (*line == '#' || is_separator_line (line) || is_summary (line) ||
      is_verdict (line))
    return SUDOKU_END;
  strip_unique (&r->input);
  int bad = split_line (line, r->input.length, e);
  if (r->rows)
    return continue_grid (r, e, bad, puzzle);
  if (bad)
    return bad_character (r, bad);
  int box = recognize (r, e);
  if (!box)
    return wrong_count (r, e);
  if (box > 0)
    return one_line_puzzle (r, e, box, puzzle);
  start_grid (&r->grid, -box, e->tokens, r->input.number);
  return add_row (r, e, puzzle);
}

bool sudoku_open_reader (sudoku_reader *r, const char *path,
                         int forced_box) {
  memset (r, 0, sizeof *r);
  r->forced_box = forced_box;
  if (!(r->line_cells = calloc (1, sizeof (sudoku_entries))))
    return !fe_out_of_memory ();
  if (fe_open_input (&r->input, path, SUDOKU_MAX_LINE))
    return true;
  free (r->line_cells);
  r->line_cells = 0;
  return false;
}

void sudoku_close_reader (sudoku_reader *r) {
  fe_close_input (&r->input);
  free (r->line_cells);
  r->line_cells = 0;
}

int sudoku_read (sudoku_reader *r, sudoku *puzzle) {
  for (;;) {
    if (r->pending)
      r->pending = false;
    else if (!fe_read_line (&r->input))
      return r->rows ? abandon_grid (r) : SUDOKU_END;
    int res = take_line (r, r->line_cells, puzzle);
    if (res != SUDOKU_END)
      return res;
  }
}

/*------------------------------------------------------------------------*/
/* Checking grids. */

typedef struct unit_cells {
  int cell[SUDOKU_MAX_SIZE];
} unit_cells;

/* Unit 'u' of kind 0 (row), 1 (column) or 2 (box). */
static void unit (const sudoku *s, int kind, int u, unit_cells *cells) {
  int n = s->size, b = s->box;
  for (int i = 0; i < n; i++) {
    int row = kind == 0 ? u : kind == 1 ? i : b * (u / b) + i / b;
    int col = kind == 0 ? i : kind == 1 ? u : b * (u % b) + i % b;
    cells->cell[i] = row * n + col;
  }
}

static const char *unit_name (int kind) {
  return kind == 0 ? "row" : kind == 1 ? "column" : "box";
}

/* Finds two cells of one unit with the same non-zero value. */
static bool find_clash (const sudoku *s, int *kind, int *u, int *first,
                        int *second) {
  int n = s->size;
  for (*kind = 0; *kind < 3; (*kind)++)
    for (*u = 0; *u < n; (*u)++) {
      unit_cells cells;
      unit (s, *kind, *u, &cells);
      int where[SUDOKU_MAX_SIZE + 1];
      memset (where, -1, sizeof where);
      for (int i = 0; i < n; i++) {
        int cell = cells.cell[i], value = s->cells[cell];
        if (!value)
          continue;
        if (where[value] >= 0) {
          *first = where[value], *second = cell;
          return true;
        }
        where[value] = cell;
      }
    }
  return false;
}

bool sudoku_givens_consistent (sudoku_reader *r, const sudoku *puzzle) {
  int kind, u, first, second, n = puzzle->size;
  if (!puzzle->clashing ||
      !find_clash (puzzle, &kind, &u, &first, &second))
    return true;
  fe_line_error (&r->input, puzzle->line,
                 "givens clash: r%dc%d and r%dc%d "
                 "in %s %d are both %d",
                 first / n + 1, first % n + 1, second / n + 1,
                 second % n + 1, unit_name (kind), u + 1,
                 puzzle->cells[first]);
  return false;
}

bool sudoku_correct (const sudoku *grid, const sudoku *puzzle, char *why,
                     size_t size) {
  int n = grid->size, cells = n * n;
  for (int i = 0; i < cells; i++)
    if (!grid->cells[i]) {
      snprintf (why, size, "r%dc%d is blank", i / n + 1, i % n + 1);
      return false;
    }
  int kind, u, first, second;
  if (find_clash (grid, &kind, &u, &first, &second)) {
    snprintf (why, size, "%s %d has %d twice (r%dc%d and r%dc%d)",
              unit_name (kind), u + 1, grid->cells[first], first / n + 1,
              first % n + 1, second / n + 1, second % n + 1);
    return false;
  }
  for (int i = 0; puzzle && i < cells; i++)
    if (puzzle->cells[i] && puzzle->cells[i] != grid->cells[i]) {
      snprintf (why, size, "r%dc%d is %d but the given is %d", i / n + 1,
                i % n + 1, grid->cells[i], puzzle->cells[i]);
      return false;
    }
  return true;
}
