/* Writing a black-and-white picture as PNG without zlib (the PNG
 * specification, ISO/IEC 15948, and RFC 1950/1951): 1-bit grayscale rows
 * compressed into one deflate block with the fixed Huffman codes, in a
 * zlib stream with its Adler-32 checksum, and a CRC-32 for each chunk.
 *
 * A scaled picture repeats itself: each pixel row of a cell is the row
 * before, each run of cells a run of equal bytes.  So LZ77 matches
 * (found greedily through hash chains of three-byte prefixes) take
 * almost all of it and the fixed codes, which need no code table in the
 * stream, cost little more than the best dynamic ones would
 * (bench/GRIDS.md has the sizes). */

#include "puzzle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 32768 /* the distance limit of deflate */
#define MIN_MATCH 3
#define MAX_MATCH 258
#define MAX_CHAIN 64 /* prefixes tried per position */
#define HASH_BITS 15

typedef struct png_writer {
  FILE *file;
  uint32_t crc_table[256];
  uint32_t crc;
} png_writer;

static void init_crc_table (uint32_t *table) {
  for (uint32_t n = 0; n < 256; n++) {
    uint32_t c = n;
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
}

static void put_bytes (png_writer *w, const unsigned char *bytes,
                       size_t size) {
  if (!size)
    return;
  for (size_t i = 0; i < size; i++)
    w->crc = w->crc_table[(w->crc ^ bytes[i]) & 0xff] ^ (w->crc >> 8);
  fwrite (bytes, 1, size, w->file);
}

static void big_endian (unsigned char *bytes, uint32_t value) {
  bytes[0] = (unsigned char) (value >> 24);
  bytes[1] = (unsigned char) (value >> 16);
  bytes[2] = (unsigned char) (value >> 8);
  bytes[3] = (unsigned char) value;
}

static void put_u32 (png_writer *w, uint32_t value) {
  unsigned char bytes[4];
  big_endian (bytes, value);
  put_bytes (w, bytes, 4);
}

/* Length, type, data, and the CRC of type and data. */
static void put_chunk (png_writer *w, const char *type,
                       const unsigned char *data, size_t size) {
  put_u32 (w, (uint32_t) size);
  w->crc = 0xffffffffu;
  put_bytes (w, (const unsigned char *) type, 4);
  put_bytes (w, data, size);
  put_u32 (w, w->crc ^ 0xffffffffu);
}

static uint32_t adler32 (const unsigned char *data, size_t size) {
  uint32_t a = 1, b = 0;
  for (size_t i = 0; i < size; i++) {
    a = (a + data[i]) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

/* Rows of 1-bit pixels (1 = white), each after the filter type byte 0. */
static unsigned char *raw_image (const puzzle_picture *p, int scale,
                                 int border, uint32_t width,
                                 uint32_t height, size_t *size) {
  size_t stride = 1 + (width + 7) / 8;
  *size = stride * height;
  unsigned char *raw = malloc (*size);
  if (!raw)
    return 0;
  memset (raw, 0, *size);
  for (uint32_t y = 0; y < height; y++) {
    unsigned char *row = raw + y * stride + 1;
    int cell_row = (int) (y / scale) - border;
    for (uint32_t x = 0; x < width; x++) {
      int cell_col = (int) (x / scale) - border;
      bool black = cell_row >= 0 && cell_row < p->height && cell_col >= 0 &&
                   cell_col < p->width &&
                   p->black[cell_row * p->width + cell_col];
      if (!black)
        row[x / 8] |= (unsigned char) (0x80 >> (x % 8));
    }
  }
  return raw;
}

/*------------------------------------------------------------------------*/
/* Deflate with the fixed Huffman codes (RFC 1951, 3.2.6). */

typedef struct bits {
  unsigned char *out;
  size_t size;
  uint32_t buffer; /* pending bits, the first in the lowest */
  int count;
} bits;

static void put_bits (bits *b, uint32_t value, int count) {
  b->buffer |= value << b->count;
  for (b->count += count; b->count >= 8; b->count -= 8, b->buffer >>= 8)
    b->out[b->size++] = (unsigned char) b->buffer;
}

/* Huffman codes go most significant bit first. */
static void put_code (bits *b, uint32_t code, int length) {
  uint32_t reversed = 0;
  for (int i = 0; i < length; i++)
    reversed |= (code >> i & 1) << (length - 1 - i);
  put_bits (b, reversed, length);
}

static void put_symbol (bits *b, int symbol) {
  if (symbol < 144)
    put_code (b, 0x30 + symbol, 8);
  else if (symbol < 256)
    put_code (b, 0x190 + symbol - 144, 9);
  else if (symbol < 280)
    put_code (b, symbol - 256, 7);
  else
    put_code (b, 0xc0 + symbol - 280, 8);
}

/* The codes of lengths 3..258 and distances 1..32768: a base and the
 * number of extra bits after the code. */
static const uint16_t length_base[29] = {
    3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1,
                                         1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                         4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t distance_base[30] = {
    1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
    33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
    1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};

static int code_of (const uint16_t *base, int codes, int value) {
  int code = codes - 1;
  while (base[code] > value)
    code--;
  return code;
}

static void put_match (bits *b, int length, int distance) {
  int l = code_of (length_base, 29, length);
  put_symbol (b, 257 + l);
  put_bits (b, (uint32_t) (length - length_base[l]), length_extra[l]);
  int d = code_of (distance_base, 30, distance);
  put_code (b, (uint32_t) d, 5);
  put_bits (b, (uint32_t) (distance - distance_base[d]),
            d < 2 ? 0 : d / 2 - 1);
}

static uint32_t hash3 (const unsigned char *p) {
  uint32_t h = (uint32_t) p[0] << 16 | (uint32_t) p[1] << 8 | p[2];
  return (h * 2654435761u) >> (32 - HASH_BITS);
}

typedef struct matcher {
  int32_t *head; /* last position of each hash */
  int32_t *prev; /* the position before with the same hash, by window */
} matcher;

static void insert (matcher *m, const unsigned char *data, size_t at) {
  uint32_t h = hash3 (data + at);
  m->prev[at % WINDOW] = m->head[h];
  m->head[h] = (int32_t) at;
}

/* The longest earlier match at 'at' within the window, 0 if none. */
static int longest_match (const matcher *m, const unsigned char *data,
                          size_t size, size_t at, int *distance) {
  int best = 0,
      limit = size - at < MAX_MATCH ? (int) (size - at) : MAX_MATCH;
  int32_t candidate = m->head[hash3 (data + at)];
  for (int chain = 0; candidate >= 0 && chain < MAX_CHAIN; chain++) {
    size_t from = (size_t) candidate;
    if (at - from > WINDOW)
      break;
    int length = 0;
    while (length < limit && data[from + length] == data[at + length])
      length++;
    if (length > best)
      best = length, *distance = (int) (at - from);
    int32_t before = m->prev[from % WINDOW];
    if (before >= candidate)
      break; /* overwritten by a later position */
    candidate = before;
  }
  return best >= MIN_MATCH ? best : 0;
}

/* One final block of fixed codes; false if out of memory. */
static bool deflate_fixed (const unsigned char *data, size_t size,
                           bits *b) {
  matcher m = {malloc (sizeof (int32_t) << HASH_BITS),
               malloc (sizeof (int32_t) * WINDOW)};
  if (!m.head || !m.prev) {
    free (m.head), free (m.prev);
    return false;
  }
  memset (m.head, 0xff, sizeof (int32_t) << HASH_BITS); /* -1: none */
  put_bits (b, 1, 1);                                   /* BFINAL */
  put_bits (b, 1, 2); /* BTYPE 01: fixed codes */
  for (size_t at = 0; at < size;) {
    int distance = 0, length = 0;
    if (size - at >= MIN_MATCH)
      length = longest_match (&m, data, size, at, &distance);
    if (!length) {
      put_symbol (b, data[at]);
      length = 1;
    } else
      put_match (b, length, distance);
    for (size_t end = at + (size_t) length; at < end; at++)
      if (size - at >= MIN_MATCH)
        insert (&m, data, at);
  }
  put_symbol (b, 256); /* end of block */
  put_bits (b, 0, 7);  /* flush to a byte */
  free (m.head);
  free (m.prev);
  return true;
}

/* The zlib stream: header, the deflate block, Adler-32.  A literal takes
 * at most 9 bits, so the output fits in 9/8 of the input. */
static unsigned char *zlib_deflate (const unsigned char *raw, size_t size,
                                    size_t *zsize) {
  bits b = {malloc (size + size / 8 + 16), 0, 0, 0};
  if (!b.out)
    return 0;
  b.out[b.size++] = 0x78, b.out[b.size++] = 0x01; /* 32K window */
  if (!deflate_fixed (raw, size, &b)) {
    free (b.out);
    return 0;
  }
  big_endian (b.out + b.size, adler32 (raw, size));
  *zsize = b.size + 4;
  return b.out;
}

static void write_png_file (FILE *file, uint32_t width, uint32_t height,
                            const unsigned char *z, size_t zsize) {
  static const unsigned char signature[8] = {0x89, 'P',  'N',  'G',
                                             '\r', '\n', 0x1a, '\n'};
  png_writer w;
  w.file = file;
  init_crc_table (w.crc_table);
  fwrite (signature, 1, 8, file);
  unsigned char header[13];
  big_endian (header, width);
  big_endian (header + 4, height);
  header[8] = 1;  /* bit depth */
  header[9] = 0;  /* grayscale */
  header[10] = 0; /* deflate */
  header[11] = 0; /* adaptive filtering (all rows use filter 0) */
  header[12] = 0; /* not interlaced */
  put_chunk (&w, "IHDR", header, sizeof header);
  put_chunk (&w, "IDAT", z, zsize);
  put_chunk (&w, "IEND", 0, 0);
}

bool puzzle_write_png (const puzzle_picture *p, int scale, int border,
                       fe_output *out) {
  uint32_t width = (uint32_t) (p->width + 2 * border) * scale;
  uint32_t height = (uint32_t) (p->height + 2 * border) * scale;
  size_t size, zsize;
  unsigned char *raw = raw_image (p, scale, border, width, height, &size);
  unsigned char *z = raw ? zlib_deflate (raw, size, &zsize) : 0;
  free (raw);
  if (!z)
    return !fe_out_of_memory ();
  bool ok = fe_begin_output (out);
  if (ok) {
    write_png_file (out->file, width, height, z, zsize);
    ok = fe_close_output (out);
  }
  free (z);
  return ok;
}
