#ifndef PARSE_H_INCLUDED
#define PARSE_H_INCLUDED

#include <stdbool.h>
#include <stdio.h>

/* A buffered input for the DIMACS parser ('parse.c'), opened by 'file.c'
 * which also runs decompressors. */

typedef struct reader {
  FILE *file;
  size_t pos, size;
  bool eof, read_error;
  char buffer[1 << 16];
} reader;

struct einsat;
struct einsat_dimacs;

bool es_parse_dimacs (struct einsat *, reader *, const char *name,
                      struct einsat_dimacs *, char *error,
                      size_t error_size);

#endif
