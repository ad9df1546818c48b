/* Opening DIMACS input: plain files, standard input, and compressed files
 * read through the matching decompressor program ('gzip -dc', 'xz -dc',
 * ...) started with fork and exec, so the library needs no compression
 * library.  The format is recognized by its magic bytes, not the file
 * name.  A decompressor that fails (truncated or corrupt file, program
 * missing) is reported as such, even if the parser saw an error first.
 *
 * A named file is given to the decompressor as its standard input.  A
 * stream ('FILE *', standard input) may be a pipe whose first bytes are
 * already consumed to recognize the format, and its buffered data lives
 * in this process, so a helper thread copies the stream into the
 * decompressor while the parser reads the decompressed output.
 *
 * A build without processes (the WebAssembly build of the web
 * playground, 'web/module.mk') defines EINSAT_NO_DECOMPRESSORS: the
 * pipeline is left out and compressed input is an error that says so
 * (the page decompresses gzip itself before handing the text over). */

#include "internal.h"
#include "parse.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#ifndef EINSAT_NO_DECOMPRESSORS
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#endif

typedef struct decompressor {
  const char *program;
  unsigned char magic[6];
  size_t magic_size;
} decompressor;

static const decompressor decompressors[] = {
    {"gzip", {0x1f, 0x8b}, 2},
    {"bzip2", {'B', 'Z', 'h'}, 3},
    {"xz", {0xfd, '7', 'z', 'X', 'Z', 0x00}, 6},
    {"zstd", {0x28, 0xb5, 0x2f, 0xfd}, 4},
    {"lzma", {0x5d, 0x00, 0x00}, 3},
};

#define MAGIC_SIZE 6 /* the longest magic number above */

static const decompressor *match_magic (const unsigned char *magic,
                                        size_t n) {
  for (size_t i = 0; i < sizeof decompressors / sizeof *decompressors;
       i++) {
    const decompressor *d = decompressors + i;
    if (n >= d->magic_size && !memcmp (magic, d->magic, d->magic_size))
      return d;
  }
  return 0;
}

static const decompressor *detect_compression (int fd) {
  unsigned char magic[MAGIC_SIZE];
  ssize_t n = pread (fd, magic, sizeof magic, 0);
  if (n <= 0)
    return 0;
  return match_magic (magic, (size_t) n);
}

#ifndef EINSAT_NO_DECOMPRESSORS

/* Starts 'program -dc' reading 'fd'; returns the read end of its
 * output.  Its error output goes to /dev/null: a failure is reported
 * once, by the caller, in einsat's own words ("gzip: stdin: unexpected
 * end of file" before it would only repeat that message). */
static FILE *start_decompressor (const decompressor *d, int fd,
                                 pid_t *child) {
  int pipe_fds[2];
  if (pipe (pipe_fds))
    return 0;
  pid_t pid = fork ();
  if (pid < 0) {
    close (pipe_fds[0]);
    close (pipe_fds[1]);
    return 0;
  }
  if (!pid) {
    dup2 (fd, 0);
    dup2 (pipe_fds[1], 1);
    close (pipe_fds[0]);
    close (pipe_fds[1]);
    int null = open ("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2 (null, 2);
    if (null > 2)
      close (null);
    execlp (d->program, d->program, "-dc", (char *) 0);
    _exit (127);
  }
  close (pipe_fds[1]);
  *child = pid;
  return fdopen (pipe_fds[0], "r");
}

/* Reads what is left so the decompressor can finish (and tell whether
 * the compressed file was complete), then collects its exit status. */
static int finish_decompressor (FILE *file, pid_t child) {
  char buffer[1 << 14];
  while (fread (buffer, 1, sizeof buffer, file) > 0)
    ;
  fclose (file);
  int status;
  while (waitpid (child, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return 128 + (WIFSIGNALED (status) ? WTERMSIG (status) : 0);
}

#endif

/* Parses 'file', preceded by the 'head_size' bytes in 'head' that were
 * already read from it to recognize the format. */
static int parse_from (einsat *solver, FILE *file,
                       const unsigned char *head, size_t head_size,
                       const char *name, einsat_dimacs *result,
                       char *error, size_t size) {
  reader r;
  memset (&r, 0, offsetof (reader, buffer));
  r.file = file;
  if (head_size)
    memcpy (r.buffer, head, head_size);
  r.size = head_size;
  return es_parse_dimacs (solver, &r, name, result, error, size);
}

static void check_dimacs_call (einsat *solver, einsat_dimacs *result,
                               const char *fun) {
  es_require_ready (solver, fun);
  if (solver->lrat_started)
    es_fatal (solver, "%s: clauses must be added before the first solve "
                      "with an LRAT proof", fun);
  if (!result)
    es_fatal (solver, "%s: result is NULL", fun);
}

#ifndef EINSAT_NO_DECOMPRESSORS

/* Parses the output of the started decompressor and reports its
 * failure rather than the parser's (which only saw the cut output).  A
 * parser error can make the decompressor die of a broken pipe; draining
 * the pipe in 'finish_decompressor' avoids that. */
static int parse_decompressed (einsat *solver, FILE *file, pid_t child,
                               const decompressor *d, const char *name,
                               einsat_dimacs *result) {
  char error[512] = "";
  bool ok = parse_from (solver, file, 0, 0, name, result, error,
                        sizeof error);
  int status = finish_decompressor (file, child);
  if (status == 127) {
    es_set_error (solver, "%s: could not run '%s' to decompress (is it "
                  "installed?)", name, d->program);
    return 0;
  }
  if (status) {
    es_set_error (solver, "%s: '%s -dc' failed (exit status %d): "
                  "truncated or corrupt compressed file", name,
                  d->program, status);
    return 0;
  }
  if (!ok)
    es_set_error (solver, "%s", error);
  return ok;
}

static int read_compressed (einsat *solver, int fd, const decompressor *d,
                            const char *path, einsat_dimacs *result) {
  pid_t child;
  FILE *file = start_decompressor (d, fd, &child);
  close (fd);
  if (!file) {
    es_set_error (solver, "%s: could not start '%s -dc': %s", path,
                  d->program, strerror (errno));
    return 0;
  }
  return parse_decompressed (solver, file, child, d, path, result);
}

/* What the helper thread copies into the decompressor: the bytes read
 * to recognize the format, then the rest of the stream. */
typedef struct feed {
  FILE *file;
  int fd; /* the decompressor's end is its standard input */
  const unsigned char *head;
  size_t head_size;
  bool read_error; /* out */
} feed;

/* A socket instead of a pipe, so that writing after the decompressor
 * exited (corrupt data, trailing garbage) fails with EPIPE instead of
 * raising SIGPIPE, which would kill the whole process. */
static bool send_all (int fd, const void *data, size_t size) {
  const char *p = data;
  while (size) {
    ssize_t n = send (fd, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    size -= (size_t) n;
  }
  return true;
}

static void *feed_decompressor (void *arg) {
  feed *f = arg;
  char buffer[1 << 14];
  bool ok = send_all (f->fd, f->head, f->head_size);
  size_t n;
  while (ok && (n = fread (buffer, 1, sizeof buffer, f->file)))
    ok = send_all (f->fd, buffer, n);
  f->read_error = ok && ferror (f->file);
  close (f->fd); /* end of input for the decompressor */
  return 0;
}

/* Both ends close on exec: the decompressor gets its end as standard
 * input through 'dup2', and no other child may keep the other open
 * (the decompressor would wait for more input). */
static bool open_feed_socket (int fds[2]) {
#ifdef SOCK_CLOEXEC
  return !socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds);
#else
  if (socketpair (AF_UNIX, SOCK_STREAM, 0, fds))
    return false;
  fcntl (fds[0], F_SETFD, FD_CLOEXEC);
  fcntl (fds[1], F_SETFD, FD_CLOEXEC);
  return true;
#endif
}

/* Starts the decompressor on a socket; '*feed_fd' is the end to write
 * its input to. */
static FILE *start_fed_decompressor (const decompressor *d, int *feed_fd,
                                     pid_t *child) {
  int fds[2];
  if (!open_feed_socket (fds))
    return 0;
  FILE *output = start_decompressor (d, fds[0], child);
  int error = errno;
  close (fds[0]);
  if (!output) {
    close (fds[1]);
    errno = error;
    return 0;
  }
  *feed_fd = fds[1];
  return output;
}

static int read_compressed_stream (einsat *solver, FILE *file,
                                   const unsigned char *head,
                                   size_t head_size, const decompressor *d,
                                   const char *name,
                                   einsat_dimacs *result) {
  int feed_fd;
  pid_t child;
  FILE *output = start_fed_decompressor (d, &feed_fd, &child);
  if (!output) {
    es_set_error (solver, "%s: could not start '%s -dc': %s", name,
                  d->program, strerror (errno));
    return 0;
  }
  feed f = {file, feed_fd, head, head_size, false};
  pthread_t feeder;
  int error = pthread_create (&feeder, 0, feed_decompressor, &f);
  if (!error) {
    /* The decompressor has exited when this returns, so the feeder
     * cannot be blocked on it. */
    int ok = parse_decompressed (solver, output, child, d, name, result);
    pthread_join (feeder, 0);
    if (f.read_error) {
      es_set_error (solver, "%s: read error", name);
      return 0;
    }
    return ok;
  }
  close (feed_fd); /* the decompressor sees empty input and exits */
  finish_decompressor (output, child);
  es_set_error (solver, "%s: could not start a thread to decompress: %s",
                name, strerror (error));
  return 0;
}

#else

/* Compressed input reaches a build without processes only if its user
 * skipped decompressing it: say so instead of parsing binary data. */
static int no_decompressor (einsat *solver, const decompressor *d,
                            const char *name) {
  es_set_error (solver, "%s: %s-compressed input cannot be decompressed "
                "in this build (decompress it first)", name, d->program);
  return 0;
}

static int read_compressed (einsat *solver, int fd, const decompressor *d,
                            const char *path, einsat_dimacs *result) {
  (void) result;
  close (fd);
  return no_decompressor (solver, d, path);
}

static int read_compressed_stream (einsat *solver, FILE *file,
                                   const unsigned char *head,
                                   size_t head_size, const decompressor *d,
                                   const char *name,
                                   einsat_dimacs *result) {
  (void) file, (void) head, (void) head_size, (void) result;
  return no_decompressor (solver, d, name);
}

#endif

int einsat_read_dimacs_file (einsat *solver, FILE *file, const char *name,
                             einsat_dimacs *result) {
  check_dimacs_call (solver, result, __func__);
  if (solver->state == STATE_INVALID)
    return 0;
  es_backtrack (solver, 0);
  unsigned char head[MAGIC_SIZE];
  size_t head_size = fread (head, 1, sizeof head, file);
  const decompressor *d = match_magic (head, head_size);
  if (d)
    return read_compressed_stream (solver, file, head, head_size, d, name,
                                   result);
  char error[512] = "";
  if (!parse_from (solver, file, head, head_size, name, result, error,
                   sizeof error)) {
    es_set_error (solver, "%s", error);
    return 0;
  }
  return 1;
}

int einsat_read_dimacs_path (einsat *solver, const char *path,
                             einsat_dimacs *result) {
  check_dimacs_call (solver, result, __func__);
  if (solver->state == STATE_INVALID)
    return 0;
  if (!strcmp (path, "-"))
    return einsat_read_dimacs_file (solver, stdin, "<stdin>", result);
  int fd = open (path, O_RDONLY);
  if (fd < 0) {
    es_set_error (solver, "%s: cannot open: %s", path, strerror (errno));
    return 0;
  }
  struct stat st;
  if (!fstat (fd, &st) && S_ISDIR (st.st_mode)) {
    close (fd);
    es_set_error (solver, "%s: is a directory", path);
    return 0;
  }
  es_backtrack (solver, 0);
  const decompressor *d = detect_compression (fd);
  if (d)
    return read_compressed (solver, fd, d, path, result);
  FILE *file = fdopen (fd, "r");
  if (!file) {
    close (fd);
    es_set_error (solver, "%s: cannot open: %s", path, strerror (errno));
    return 0;
  }
  char error[512] = "";
  bool ok = parse_from (solver, file, 0, 0, path, result, error,
                        sizeof error);
  fclose (file);
  if (!ok)
    es_set_error (solver, "%s", error);
  return ok;
}
