/* Reading input line by line, with the line number at hand for
 * "einsat: FILE:LINE: message".  Every line is bounded: the reader keeps
 * at most 'max_line' characters plus one block read ahead, so input that
 * is not a puzzle file ('/dev/zero', a binary file, a file of one
 * gigabyte-long line) ends with a message instead of filling memory.
 * The input is read in blocks and each line found with 'memchr', which
 * costs less than a stdio call per character on batches of puzzles. */

#include "frontend.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define BLOCK 65536

static bool start (fe_input *in, FILE *file, const char *path,
                   size_t max_line) {
  in->file = file;
  in->path = path;
  in->max_line = max_line;
  struct stat st;
  if (!fstat (fileno (file), &st) && S_ISDIR (st.st_mode)) {
    fe_error ("%s: is a directory", path);
    return false;
  }
  in->capacity = 256;
  in->line = malloc (in->capacity);
  in->buffer = malloc (BLOCK);
  if (!in->line || !in->buffer) {
    fe_out_of_memory ();
    return false;
  }
  in->line[0] = 0;
  return true;
}

bool fe_open_stream (fe_input *in, FILE *file, const char *path,
                     size_t max_line) {
  memset (in, 0, sizeof *in);
  if (start (in, file, path, max_line))
    return true;
  fe_close_input (in);
  return false;
}

bool fe_open_input (fe_input *in, const char *path, size_t max_line) {
  if (!strcmp (path, "-"))
    return fe_open_stream (in, stdin, "<stdin>", max_line);
  memset (in, 0, sizeof *in);
  FILE *file = fopen (path, "r");
  if (!file) {
    fe_error ("%s: cannot read: %s", path, strerror (errno));
    return false;
  }
  in->close = true;
  if (start (in, file, path, max_line))
    return true;
  fe_close_input (in);
  return false;
}

void fe_close_input (fe_input *in) {
  if (in->close && in->file)
    fclose (in->file);
  free (in->line);
  free (in->buffer);
  memset (in, 0, sizeof *in);
}

int fe_vline_error (const fe_input *in, long line, const char *fmt,
                    va_list ap) {
  char message[512];
  vsnprintf (message, sizeof message, fmt, ap);
  return fe_error ("%s:%ld: %s", in->path, line, message);
}

int fe_line_error (const fe_input *in, long line, const char *fmt, ...) {
  va_list ap;
  va_start (ap, fmt);
  fe_vline_error (in, line, fmt, ap);
  va_end (ap);
  return 1;
}

static bool fail (fe_input *in) {
  in->failed = true;
  in->eof = true;
  return false;
}

/* Reads the next block; false at the end of the input or on an error. */
static bool refill (fe_input *in) {
  if (in->eof)
    return false;
  in->position = 0;
  in->size = fread (in->buffer, 1, BLOCK, in->file);
  in->bytes += in->size;
  if (in->size)
    return true;
  in->eof = true;
  if (ferror (in->file)) {
    fe_error ("%s: read error after line %ld: %s", in->path, in->number,
              strerror (errno));
    return fail (in);
  }
  if (!in->bytes) {
    fe_error ("%s: empty input", in->path);
    return fail (in);
  }
  return false;
}

/* Appends 'size' characters to the line, within the bound. */
static bool append (fe_input *in, const char *chars, size_t size) {
  if (memchr (chars, 0, size)) {
    fe_line_error (in, in->number + 1, "NUL character (not a text file?)");
    return fail (in);
  }
  size_t needed = in->length + size + 1;
  if (needed > in->max_line + 1) {
    fe_line_error (in, in->number + 1, "line longer than %zu characters",
                   in->max_line);
    return fail (in);
  }
  if (needed > in->capacity) {
    size_t capacity = 2 * in->capacity;
    while (capacity < needed)
      capacity *= 2;
    if (capacity > in->max_line + 1)
      capacity = in->max_line + 1;
    char *line = realloc (in->line, capacity);
    if (!line) {
      fe_out_of_memory ();
      return fail (in);
    }
    in->line = line, in->capacity = capacity;
  }
  memcpy (in->line + in->length, chars, size);
  in->length += size;
  return true;
}

static void strip_line_end (fe_input *in) {
  char *line = in->line;
  size_t length = in->length;
  while (length && (line[length - 1] == '\r' || line[length - 1] == ' ' ||
                    line[length - 1] == '\t'))
    length--;
  line[length] = 0;
  in->length = length;
}

bool fe_read_line (fe_input *in) {
  if (in->failed)
    return false;
  in->length = 0;
  bool any = false; /* a character or an end of line was read */
  for (;;) {
    if (in->position == in->size && !refill (in)) {
      if (in->failed || !any)
        return false;
      break;
    }
    any = true;
    const char *begin = in->buffer + in->position;
    size_t available = in->size - in->position;
    const char *end = memchr (begin, '\n', available);
    size_t size = end ? (size_t) (end - begin) : available;
    if (!append (in, begin, size))
      return false;
    in->position += size + (end != 0);
    if (end)
      break;
  }
  in->number++;
  strip_line_end (in);
  return true;
}
