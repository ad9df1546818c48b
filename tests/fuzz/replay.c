/* Replays fuzz inputs without libFuzzer, so that the committed corpus
 * and crash inputs run in every build: 'replay-TARGET FILE...'. */

#include "fuzz.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *read_file (const char *path, size_t *size) {
  FILE *file = fopen (path, "rb");
  if (!file)
    return 0;
  size_t capacity = 1 << 12;
  uint8_t *data = malloc (capacity);
  *size = 0;
  size_t n;
  while (data && (n = fread (data + *size, 1, capacity - *size, file))) {
    *size += n;
    if (*size == capacity) {
      uint8_t *bigger = realloc (data, capacity *= 2);
      if (!bigger)
        free (data);
      data = bigger;
    }
  }
  fclose (file);
  return data;
}

int main (int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    size_t size;
    uint8_t *data = read_file (argv[i], &size);
    if (!data) {
      fprintf (stderr, "replay: %s: cannot read: %s\n", argv[i],
               strerror (errno));
      return 1;
    }
    LLVMFuzzerTestOneInput (data, size);
    free (data);
  }
  return 0;
}
