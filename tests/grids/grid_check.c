/* grid_check - the test oracle of the grids suite, sharing no code with
 * the front-ends it checks:
 *
 *   grid_check sudoku PUZZLES SOLUTIONS
 *       line i of SOLUTIONS (one-line format: characters or numbers; more
 *       words after the grid are ignored) is a correct Sudoku that keeps
 *       the givens of line i of PUZZLES
 *   grid_check nonogram PUZZLE.non PICTURE
 *       the picture ('#' black, '.' white, one line per row) has the runs
 *       of every row and column and the givens of the puzzle
 *   grid_check png FILE.png [PICTURE SCALE BORDER]
 *       a valid PNG: signature, chunk CRCs, a 1-bit grayscale IHDR, a
 *       zlib stream of deflate blocks (stored, fixed or dynamic Huffman
 *       codes, decoded here from RFC 1951) with a correct Adler-32; with
 *       PICTURE, the pixels show it at SCALE pixels per cell inside
 *       BORDER white cells
 *
 * Prints "ok ..." and exits 0, or prints what is wrong and exits 1. */

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed (const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
  putchar ('\n');
  return 1;
}

static char *read_file (const char *path, size_t *size) {
  FILE *file = fopen (path, "rb");
  if (!file)
    return 0;
  size_t capacity = 1 << 16, n = 0;
  char *data = malloc (capacity + 1);
  size_t got;
  while (data && (got = fread (data + n, 1, capacity - n, file)) > 0) {
    n += got;
    if (n == capacity)
      data = realloc (data, (capacity *= 2) + 1);
  }
  fclose (file);
  if (data)
    data[n] = 0;
  *size = n;
  return data;
}

/* Splits 'text' into lines in place. */
static int split_lines (char *text, char ***lines) {
  int count = 0, capacity = 16;
  *lines = malloc (sizeof (char *) * capacity);
  for (char *p = text; *p;) {
    if (count == capacity)
      *lines = realloc (*lines, sizeof (char *) * (capacity *= 2));
    (*lines)[count++] = p;
    char *end = strchr (p, '\n');
    if (!end)
      break;
    *end = 0;
    if (end > p && end[-1] == '\r')
      end[-1] = 0;
    p = end + 1;
  }
  return count;
}

/*------------------------------------------------------------------------*/
/* Sudoku. */

/* Reads the cells of a grid written as one word of characters, or as
 * numbers separated by spaces.  'expected' (0 if unknown) is the number of
 * cells: a first word of that length is a grid of characters even if
 * more words follow.  Returns the number of cells read (at most 'max'). */
static int read_cells (const char *line, int *cells, int expected,
                       int max) {
  int n = 0;
  size_t first = strcspn (line, " ");
  if (line[first] && (!expected || first != (size_t) expected)) {
    const char *p = line;
    while (n < max && *p) {
      while (*p == ' ')
        p++;
      if (!*p)
        break;
      if (*p == '.')
        cells[n++] = 0, p++;
      else if (isdigit ((unsigned char) *p))
        cells[n++] = (int) strtol (p, (char **) &p, 10);
      else
        break;
    }
    return n;
  }
  for (const char *p = line; n < max && *p && *p != ' '; p++)
    cells[n++] = *p == '.' ? 0
                 : isdigit ((unsigned char) *p)
                     ? *p - '0'
                     : toupper ((unsigned char) *p) - 'A' + 10;
  return n;
}

static int side_of (int cells) {
  for (int box = 2; box <= 8; box++)
    if (box * box * box * box == cells)
      return box;
  return 0;
}

static bool unit_ok (const int *grid, int n, int box, int kind, int u) {
  bool seen[65] = {false};
  for (int i = 0; i < n; i++) {
    int r = kind == 0 ? u : kind == 1 ? i : box * (u / box) + i / box;
    int c = kind == 0 ? i : kind == 1 ? u : box * (u % box) + i % box;
    int v = grid[r * n + c];
    if (v < 1 || v > n || seen[v])
      return false;
    seen[v] = true;
  }
  return true;
}

static int check_sudoku_pair (const char *puzzle_line,
                              const char *solution_line, int number) {
  static int puzzle[4096], solution[4096];
  int cells = read_cells (puzzle_line, puzzle, 0, 4096);
  int box = side_of (cells), n = box * box;
  if (!box)
    return failed ("puzzle %d: %d cells is no Sudoku size", number, cells);
  if (read_cells (solution_line, solution, cells, cells) != cells)
    return failed ("solution %d: fewer than %d cells", number, cells);
  for (int kind = 0; kind < 3; kind++)
    for (int u = 0; u < n; u++)
      if (!unit_ok (solution, n, box, kind, u))
        return failed ("solution %d: %s %d is wrong", number,
                       kind == 0   ? "row"
                       : kind == 1 ? "column"
                                   : "box",
                       u + 1);
  for (int i = 0; i < cells; i++)
    if (puzzle[i] && puzzle[i] != solution[i])
      return failed ("solution %d: cell %d is %d, given %d", number, i + 1,
                     solution[i], puzzle[i]);
  return 0;
}

static int check_sudoku (const char *puzzles_path,
                         const char *solutions_path) {
  size_t size;
  char *puzzles = read_file (puzzles_path, &size);
  char *solutions = read_file (solutions_path, &size);
  if (!puzzles || !solutions)
    return failed ("cannot read the files");
  char **p, **s;
  int np = split_lines (puzzles, &p), ns = split_lines (solutions, &s);
  if (np != ns)
    return failed ("%d puzzles but %d solutions", np, ns);
  for (int i = 0; i < np; i++)
    if (check_sudoku_pair (p[i], s[i], i + 1))
      return 1;
  printf ("ok %d solutions\n", np);
  return 0;
}

/*------------------------------------------------------------------------*/
/* Nonograms: a minimal reader for width, height, rows, columns, givens. */

typedef struct puzzle {
  int width, height;
  char **rows, **columns; /* clue lines */
  int givens, given[1024][2];
} puzzle;

static bool read_nonogram (char **lines, int count, puzzle *p) {
  memset (p, 0, sizeof *p);
  for (int i = 0; i < count; i++) {
    if (!strncmp (lines[i], "width ", 6))
      p->width = atoi (lines[i] + 6);
    else if (!strncmp (lines[i], "height ", 7))
      p->height = atoi (lines[i] + 7);
    else if (!strcmp (lines[i], "rows") && p->height &&
             i + p->height < count)
      p->rows = lines + i + 1, i += p->height;
    else if (!strcmp (lines[i], "columns") && p->width &&
             i + p->width < count)
      p->columns = lines + i + 1, i += p->width;
    else if (!strcmp (lines[i], "givens"))
      while (i + 1 < count && isdigit ((unsigned char) lines[i + 1][0]) &&
             p->givens < 1024) {
        i++;
        sscanf (lines[i], "%d %d", &p->given[p->givens][0],
                &p->given[p->givens][1]);
        p->givens++;
      }
  }
  return p->width && p->height && p->rows && p->columns;
}

/* The runs of a line of the picture as "3,1" ("0" if none). */
static void runs_of (char **picture, int row, int col, int drow, int dcol,
                     int length, char *out) {
  int run = 0, printed = 0;
  out[0] = 0;
  for (int i = 0; i <= length; i++) {
    bool black =
        i < length && picture[row + i * drow][col + i * dcol] == '#';
    if (black) {
      run++;
      continue;
    }
    if (run)
      sprintf (out + strlen (out), "%s%d", printed++ ? "," : "", run);
    run = 0;
  }
  if (!printed)
    strcpy (out, "0");
}

/* The clue as "3,1", "0" for an empty clue. */
static void normalize (const char *clue, char *out) {
  int n = 0;
  out[0] = 0;
  for (const char *p = clue; *p;) {
    if (!isdigit ((unsigned char) *p)) {
      p++;
      continue;
    }
    int v = (int) strtol (p, (char **) &p, 10);
    if (v)
      sprintf (out + strlen (out), "%s%d", n++ ? "," : "", v);
  }
  if (!n)
    strcpy (out, "0");
}

static int check_nonogram (const char *puzzle_path,
                           const char *picture_path) {
  size_t size;
  char *text = read_file (puzzle_path, &size);
  char *drawing = read_file (picture_path, &size);
  if (!text || !drawing)
    return failed ("cannot read the files");
  char **lines, **picture;
  int count = split_lines (text, &lines);
  int rows = split_lines (drawing, &picture);
  puzzle p;
  if (!read_nonogram (lines, count, &p))
    return failed ("cannot read the puzzle");
  if (rows < p.height)
    return failed ("picture has %d rows, not %d", rows, p.height);
  for (int r = 0; r < p.height; r++)
    if ((int) strlen (picture[r]) != p.width)
      return failed ("picture row %d has %zu cells, not %d", r + 1,
                     strlen (picture[r]), p.width);
  char want[8192], have[8192];
  for (int r = 0; r < p.height; r++) {
    normalize (p.rows[r], want);
    runs_of (picture, r, 0, 0, 1, p.width, have);
    if (strcmp (want, have))
      return failed ("row %d has runs %s, not %s", r + 1, have, want);
  }
  for (int c = 0; c < p.width; c++) {
    normalize (p.columns[c], want);
    runs_of (picture, 0, c, 1, 0, p.height, have);
    if (strcmp (want, have))
      return failed ("column %d has runs %s, not %s", c + 1, have, want);
  }
  for (int i = 0; i < p.givens; i++)
    if (picture[p.given[i][0]][p.given[i][1]] != '#')
      return failed ("given %d %d is white", p.given[i][0], p.given[i][1]);
  printf ("ok %d x %d picture\n", p.width, p.height);
  return 0;
}

/*------------------------------------------------------------------------*/
/* PNG. */

static uint32_t be32 (const unsigned char *p) {
  return (uint32_t) p[0] << 24 | (uint32_t) p[1] << 16 |
         (uint32_t) p[2] << 8 | p[3];
}

static uint32_t crc32_of (const unsigned char *p, size_t n) {
  uint32_t crc = 0xffffffffu;
  for (size_t i = 0; i < n; i++) {
    crc ^= p[i];
    for (int k = 0; k < 8; k++)
      crc = crc & 1 ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
  }
  return crc ^ 0xffffffffu;
}

typedef struct png {
  uint32_t width, height;
  int depth, type;
  unsigned char *idat;
  size_t idat_size;
} png;

static int read_chunks (const unsigned char *data, size_t size, png *img) {
  static const unsigned char signature[8] = {0x89, 'P',  'N',  'G',
                                             '\r', '\n', 0x1a, '\n'};
  if (size < 8 || memcmp (data, signature, 8))
    return failed ("no PNG signature");
  bool end = false;
  for (size_t at = 8; !end;) {
    if (at + 12 > size)
      return failed ("truncated chunk at byte %zu", at);
    uint32_t length = be32 (data + at);
    const unsigned char *type = data + at + 4, *body = data + at + 8;
    if (at + 12 + length > size)
      return failed ("chunk %.4s longer than the file", type);
    if (crc32_of (type, length + 4) != be32 (body + length))
      return failed ("chunk %.4s has a wrong CRC", type);
    if (!memcmp (type, "IHDR", 4)) {
      img->width = be32 (body), img->height = be32 (body + 4);
      img->depth = body[8], img->type = body[9];
    } else if (!memcmp (type, "IDAT", 4)) {
      img->idat = realloc (img->idat, img->idat_size + length + 1);
      memcpy (img->idat + img->idat_size, body, length);
      img->idat_size += length;
    } else if (!memcmp (type, "IEND", 4))
      end = true;
    at += 12 + length;
  }
  if (!img->width || !img->idat)
    return failed ("no IHDR or IDAT");
  return 0;
}

static uint32_t adler32_of (const unsigned char *p, size_t n) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < n; i++)
    a = (a + p[i]) % 65521, b = (b + a) % 65521;
  return b << 16 | a;
}

/* Inflating (RFC 1951): bits come least significant first, Huffman
 * codes most significant first; a canonical code is given by the number
 * of codes of each length and its symbols in order. */

typedef struct inflater {
  const unsigned char *in;
  size_t size, at; /* bytes */
  uint32_t buffer;
  int count; /* bits in 'buffer' */
  unsigned char *out;
  size_t length, limit;
} inflater;

typedef struct huffman {
  short count[16];   /* codes of each length */
  short symbol[320]; /* by code */
} huffman;

static int get_bits (inflater *z, int n) {
  while (z->count < n) {
    if (z->at == z->size)
      return -1;
    z->buffer |= (uint32_t) z->in[z->at++] << z->count;
    z->count += 8;
  }
  int value = (int) (z->buffer & ((1u << n) - 1));
  z->buffer >>= n, z->count -= n;
  return value;
}

static void build (huffman *h, const unsigned char *lengths, int n) {
  short offset[16] = {0};
  memset (h->count, 0, sizeof h->count);
  for (int i = 0; i < n; i++)
    h->count[lengths[i]]++;
  h->count[0] = 0;
  for (int len = 1; len < 15; len++)
    offset[len + 1] = (short) (offset[len] + h->count[len]);
  for (int i = 0; i < n; i++)
    if (lengths[i])
      h->symbol[offset[lengths[i]]++] = (short) i;
}

/* The next symbol, -1 at the end of the input or on an invalid code. */
static int decode (inflater *z, const huffman *h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len < 16; len++) {
    int bit = get_bits (z, 1);
    if (bit < 0)
      return -1;
    code |= bit;
    int count = h->count[len];
    if (code - first < count)
      return h->symbol[index + code - first];
    index += count, first += count;
    first <<= 1, code <<= 1;
  }
  return -1;
}

static bool put_byte (inflater *z, int byte) {
  if (z->length == z->limit)
    return false;
  z->out[z->length++] = (unsigned char) byte;
  return true;
}

static int inflate_stored (inflater *z) {
  z->buffer = 0, z->count = 0; /* to the byte boundary */
  if (z->at + 4 > z->size)
    return failed ("truncated stored block");
  unsigned n = z->in[z->at] | z->in[z->at + 1] << 8;
  unsigned nn = z->in[z->at + 2] | z->in[z->at + 3] << 8;
  z->at += 4;
  if ((n ^ 0xffff) != nn || z->at + n > z->size)
    return failed ("bad stored block length");
  for (unsigned i = 0; i < n; i++)
    if (!put_byte (z, z->in[z->at++]))
      return failed ("more image data than the header says");
  return 0;
}

/* The bases and extra bits of the length and distance codes, computed
 * as RFC 1951 (3.2.5) describes them: from the fifth code on, each
 * group of four (lengths) or two (distances) codes has one extra bit
 * more than the group before; length code 285 is 258 exactly. */
typedef struct code_table {
  int length_base[29], length_extra[29], distance_base[30],
      distance_extra[30];
} code_table;

static void make_code_table (code_table *t) {
  for (int i = 0, base = 3; i < 29; i++) {
    t->length_extra[i] = i < 8 ? 0 : (i - 4) / 4;
    t->length_base[i] = base;
    base += 1 << t->length_extra[i];
  }
  t->length_base[28] = 258, t->length_extra[28] = 0;
  for (int i = 0, base = 1; i < 30; i++) {
    t->distance_extra[i] = i < 4 ? 0 : (i - 2) / 2;
    t->distance_base[i] = base;
    base += 1 << t->distance_extra[i];
  }
}

static int inflate_codes (inflater *z, const huffman *lengths,
                          const huffman *distances) {
  code_table t;
  make_code_table (&t);
  for (;;) {
    int symbol = decode (z, lengths);
    if (symbol < 0 || symbol > 285)
      return failed ("bad literal or length code");
    if (symbol == 256)
      return 0;
    if (symbol < 256) {
      if (!put_byte (z, symbol))
        return failed ("more image data than the header says");
      continue;
    }
    int length = t.length_base[symbol - 257] +
                 get_bits (z, t.length_extra[symbol - 257]);
    int d = decode (z, distances);
    if (d < 0 || d > 29)
      return failed ("bad distance code");
    int distance = t.distance_base[d] + get_bits (z, t.distance_extra[d]);
    if ((size_t) distance > z->length)
      return failed ("distance %d before the start", distance);
    for (int i = 0; i < length; i++)
      if (!put_byte (z, z->out[z->length - (size_t) distance]))
        return failed ("more image data than the header says");
  }
}

static int inflate_fixed (inflater *z) {
  unsigned char lengths[288];
  huffman literal, distance;
  for (int i = 0; i < 288; i++)
    lengths[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
  build (&literal, lengths, 288);
  memset (lengths, 5, 30);
  build (&distance, lengths, 30);
  return inflate_codes (z, &literal, &distance);
}

static int inflate_dynamic (inflater *z) {
  static const unsigned char order[19] = {
      16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
  int literals = get_bits (z, 5) + 257, distances = get_bits (z, 5) + 1;
  int code_lengths = get_bits (z, 4) + 4;
  unsigned char lengths[320] = {0};
  for (int i = 0; i < code_lengths; i++)
    lengths[order[i]] = (unsigned char) get_bits (z, 3);
  huffman code, literal, distance;
  build (&code, lengths, 19);
  memset (lengths, 0, sizeof lengths);
  for (int i = 0; i < literals + distances;) {
    int symbol = decode (z, &code);
    int repeat = 0, value = 0;
    if (symbol < 0)
      return failed ("bad code length code");
    if (symbol < 16) {
      lengths[i++] = (unsigned char) symbol;
      continue;
    }
    if (symbol == 16) {
      if (!i)
        return failed ("repeat without a length");
      value = lengths[i - 1], repeat = 3 + get_bits (z, 2);
    } else
      repeat = symbol == 17 ? 3 + get_bits (z, 3) : 11 + get_bits (z, 7);
    if (i + repeat > literals + distances)
      return failed ("too many code lengths");
    while (repeat--)
      lengths[i++] = (unsigned char) value;
  }
  build (&literal, lengths, literals);
  build (&distance, lengths + literals, distances);
  return inflate_codes (z, &literal, &distance);
}

static int inflate_png (const png *img, unsigned char **raw, size_t *size) {
  const unsigned char *data = img->idat;
  if (img->idat_size < 6 || (data[0] & 15) != 8 ||
      ((data[0] << 8) | data[1]) % 31)
    return failed ("bad zlib header");
  size_t limit = img->height * (size_t) (1 + (img->width + 7) / 8);
  inflater z = {data, img->idat_size - 4, 2, 0,
                0,    malloc (limit + 1), 0, limit};
  *raw = z.out;
  for (int last = 0; !last;) {
    last = get_bits (&z, 1);
    int type = get_bits (&z, 2), res;
    if (type == 0)
      res = inflate_stored (&z);
    else if (type == 1)
      res = inflate_fixed (&z);
    else if (type == 2)
      res = inflate_dynamic (&z);
    else
      return failed ("bad block type at byte %zu", z.at);
    if (res)
      return res;
    if (last < 0)
      return failed ("truncated deflate stream");
  }
  *size = z.length;
  size_t end = img->idat_size - 4;
  if (z.at != end || be32 (data + end) != adler32_of (z.out, z.length))
    return failed ("bad Adler-32 or data after the deflate stream");
  return 0;
}

static int pixel (const unsigned char *raw, uint32_t stride, uint32_t x,
                  uint32_t y) {
  return raw[y * stride + 1 + x / 8] >> (7 - x % 8) & 1; /* 1 = white */
}

static int compare_picture (const png *img, const unsigned char *raw,
                            const char *picture_path, int scale,
                            int border) {
  size_t size;
  char *text = read_file (picture_path, &size), **rows;
  if (!text)
    return failed ("cannot read %s", picture_path);
  int height = split_lines (text, &rows), width = (int) strlen (rows[0]);
  while (height && !rows[height - 1][0])
    height--;
  if (img->width != (uint32_t) ((width + 2 * border) * scale) ||
      img->height != (uint32_t) ((height + 2 * border) * scale))
    return failed ("image is %ux%u", img->width, img->height);
  uint32_t stride = 1 + (img->width + 7) / 8;
  for (uint32_t y = 0; y < img->height; y++) {
    if (raw[y * stride])
      return failed ("row %u uses filter %d", y, raw[y * stride]);
    for (uint32_t x = 0; x < img->width; x++) {
      int row = (int) y / scale - border, col = (int) x / scale - border;
      bool black = row >= 0 && row < height && col >= 0 && col < width &&
                   rows[row][col] == '#';
      if (pixel (raw, stride, x, y) == black)
        return failed ("pixel %u,%u should be %s", x, y,
                       black ? "black" : "white");
    }
  }
  return 0;
}

static int check_png (int argc, char **argv) {
  size_t size;
  unsigned char *data = (unsigned char *) read_file (argv[2], &size);
  if (!data)
    return failed ("cannot read %s", argv[2]);
  png img;
  memset (&img, 0, sizeof img);
  unsigned char *raw = 0;
  size_t raw_size = 0;
  if (read_chunks (data, size, &img) || inflate_png (&img, &raw, &raw_size))
    return 1;
  if (img.depth != 1 || img.type != 0)
    return failed ("not 1-bit grayscale");
  if (raw_size != img.height * (1 + (img.width + 7) / 8))
    return failed ("%zu bytes of image data for %ux%u", raw_size, img.width,
                   img.height);
  if (argc == 6 &&
      compare_picture (&img, raw, argv[3], atoi (argv[4]), atoi (argv[5])))
    return 1;
  printf ("ok %ux%u PNG\n", img.width, img.height);
  return 0;
}

int main (int argc, char **argv) {
  if (argc == 4 && !strcmp (argv[1], "sudoku"))
    return check_sudoku (argv[2], argv[3]);
  if (argc == 4 && !strcmp (argv[1], "nonogram"))
    return check_nonogram (argv[2], argv[3]);
  if ((argc == 3 || argc == 6) && !strcmp (argv[1], "png"))
    return check_png (argc, argv);
  fprintf (stderr, "usage: grid_check sudoku|nonogram|png ...\n");
  return 2;
}
