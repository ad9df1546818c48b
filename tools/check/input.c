/* Reading input files.
 *
 * Inputs are read with 'read' into our own buffer so that the parsers can
 * count lines and bytes exactly and peek at the first bytes (to detect
 * compression and binary proofs) without consuming them.  A compressed
 * file is recognised by its magic bytes and piped through the external
 * decompressor, started with 'fork' and 'execvp' so that no shell ever
 * sees the file name.  The decompressor's exit status is checked when the
 * input is closed, so a truncated archive is an error and not a silently
 * shorter formula.  Compressed data on stdin is rejected, since the magic
 * bytes already read cannot be handed to the decompressor.  A build
 * without processes (the web playground's WebAssembly, defined
 * EINSAT_NO_DECOMPRESSORS) leaves the pipe out and says so instead.
 */

#include "check.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef EINSAT_NO_DECOMPRESSORS
#include <sys/wait.h>
#endif

struct magic {
  const char *program;
  size_t size;
  unsigned char bytes[6];
};

static const struct magic magics[] = {
    {"gzip", 2, {0x1f, 0x8b}},
    {"bzip2", 3, {'B', 'Z', 'h'}},
    {"xz", 6, {0xfd, '7', 'z', 'X', 'Z', 0x00}},
    {"zstd", 4, {0x28, 0xb5, 0x2f, 0xfd}},
};

/* Reads more bytes after those in the buffer.  Returns false at EOF.  */
static bool fill_buffer (struct input *in) {
  if (in->eof)
    return false;
  if (in->pos > 0) {
    memmove (in->buffer, in->buffer + in->pos, in->end - in->pos);
    in->end -= in->pos;
    in->pos = 0;
  }
  if (in->end == sizeof in->buffer)
    return true;
  ssize_t got;
  do
    got = read (in->fd, in->buffer + in->end, sizeof in->buffer - in->end);
  while (got < 0 && errno == EINTR);
  if (got < 0)
    fatal ("%s: read error: %s", in->name, strerror (errno));
  if (got == 0) {
    in->eof = true;
    return false;
  }
  in->end += (size_t) got;
  return true;
}

size_t peek_bytes (struct input *in, const unsigned char **bytes,
                   size_t want) {
  if (want > sizeof in->buffer)
    want = sizeof in->buffer;
  while (in->end - in->pos < want && fill_buffer (in))
    ;
  *bytes = in->buffer + in->pos;
  size_t have = in->end - in->pos;
  return have < want ? have : want;
}

static const char *compression_of (struct input *in) {
  const unsigned char *bytes;
  size_t have = peek_bytes (in, &bytes, 6);
  for (size_t i = 0; i < sizeof magics / sizeof *magics; i++) {
    const struct magic *m = magics + i;
    if (have >= m->size && !memcmp (bytes, m->bytes, m->size))
      return m->program;
  }
  return 0;
}

#ifndef EINSAT_NO_DECOMPRESSORS

/* Replaces 'in->fd' (the compressed file, rewound) by a pipe from
 * 'program -dc' reading that file on its standard input.  */
static void start_decompressor (struct input *in, const char *program) {
  if (lseek (in->fd, 0, SEEK_SET) != 0)
    fatal ("%s: compressed input must be a regular file, not a pipe",
           in->name);
  int fds[2];
  if (pipe (fds))
    fatal ("%s: cannot create pipe: %s", in->name, strerror (errno));
  fflush (stdout);
  fflush (stderr);
  pid_t pid = fork ();
  if (pid < 0)
    fatal ("%s: cannot fork: %s", in->name, strerror (errno));
  if (!pid) {
    if (dup2 (in->fd, 0) < 0 || dup2 (fds[1], 1) < 0)
      _exit (127);
    close (fds[0]);
    close (fds[1]);
    if (in->fd != 0)
      close (in->fd);
    char *const argv[] = {(char *) program, (char *) "-dc", 0};
    execvp (program, argv);
    dprintf (2, PROGRAM ": cannot run '%s': %s\n", program,
             strerror (errno));
    _exit (127);
  }
  close (fds[1]);
  close (in->fd);
  in->fd = fds[0];
  in->child = pid;
  in->decompressor = program;
  in->pos = in->end = 0;
  in->eof = false;
}

#else

static void start_decompressor (struct input *in, const char *program) {
  fatal ("%s: %s-compressed input cannot be decompressed in this build "
         "(decompress it first)", in->name, program);
}

#endif

void open_input (struct input *in, const char *path) {
  in->path = path;
  in->decompressor = 0;
  in->child = 0;
  in->eof = false;
  in->last = EOF;
  in->line = 1;
  in->offset = 0;
  in->pos = in->end = 0;
  if (!strcmp (path, "-")) {
    in->name = "<stdin>";
    in->fd = 0;
  } else {
    in->name = path;
    in->fd = open (path, O_RDONLY);
    if (in->fd < 0)
      fatal ("%s: cannot open: %s", path, strerror (errno));
  }
  const char *program = compression_of (in);
  if (program)
    start_decompressor (in, program);
}

/* Call only after reading everything: a decompressor that failed (or was
 * cut short) makes the whole input suspect.  */
void close_input (struct input *in) {
  if (in->fd > 0)
    close (in->fd);
  in->fd = -1;
#ifndef EINSAT_NO_DECOMPRESSORS
  if (!in->child)
    return;
  int status;
  while (waitpid (in->child, &status, 0) < 0)
    if (errno != EINTR)
      fatal ("%s: waiting for '%s' failed: %s", in->name, in->decompressor,
             strerror (errno));
  in->child = 0;
  if (!WIFEXITED (status) || WEXITSTATUS (status))
    fatal ("%s: decompressing with '%s -dc' failed", in->name,
           in->decompressor);
#endif
}

int next_char (struct input *in) {
  if (in->pos == in->end && !fill_buffer (in))
    return EOF;
  int ch = in->buffer[in->pos++];
  if (in->last == '\n')
    in->line++;
  in->last = ch;
  in->offset++;
  return ch;
}

int peek_char (struct input *in) {
  if (in->pos == in->end && !fill_buffer (in))
    return EOF;
  return in->buffer[in->pos];
}

void parse_error (struct input *in, const char *fmt, ...) {
  va_list ap;
  fflush (stdout);
  fprintf (stderr, PROGRAM ": %s:%" PRIu64 ": ", in->name, in->line);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (EXIT_ERROR);
}

void binary_parse_error (struct input *in, uint64_t offset, const char *fmt,
                         ...) {
  va_list ap;
  fflush (stdout);
  fprintf (stderr, PROGRAM ": %s: byte %" PRIu64 ": ", in->name, offset);
  va_start (ap, fmt);
  vfprintf (stderr, fmt, ap);
  va_end (ap);
  fputc ('\n', stderr);
  exit (EXIT_ERROR);
}
