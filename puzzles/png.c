/* Writing a black-and-white picture as PNG without zlib: the image data
 * goes into 'stored' (uncompressed) deflate blocks, which every PNG
 * reader accepts, wrapped in a zlib stream with its Adler-32 checksum,
 * and each chunk gets its CRC-32 (the PNG specification, ISO/IEC 15948,
 * and RFC 1950/1951).  Pixels are 1-bit grayscale, so even a large
 * picture stays small without compression. */

#include "puzzle.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define STORED_BLOCK 65535

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

/* The zlib stream: header, stored blocks, Adler-32. */
static unsigned char *zlib_stored (const unsigned char *raw, size_t size,
                                   size_t *zsize) {
  size_t blocks = size ? (size + STORED_BLOCK - 1) / STORED_BLOCK : 1;
  *zsize = 2 + 5 * blocks + size + 4;
  unsigned char *z = malloc (*zsize), *q = z;
  if (!z)
    return 0;
  *q++ = 0x78, *q++ = 0x01; /* deflate, 32K window, no dictionary */
  for (size_t done = 0, b = 0; b < blocks; b++) {
    size_t n = size - done < STORED_BLOCK ? size - done : STORED_BLOCK;
    *q++ = b + 1 == blocks; /* BFINAL, BTYPE 00 = stored */
    *q++ = (unsigned char) n, *q++ = (unsigned char) (n >> 8);
    *q++ = (unsigned char) ~n, *q++ = (unsigned char) (~n >> 8);
    memcpy (q, raw + done, n);
    q += n, done += n;
  }
  big_endian (q, adler32 (raw, size));
  return z;
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
  unsigned char *z = raw ? zlib_stored (raw, size, &zsize) : 0;
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
