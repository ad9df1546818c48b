#ifndef LOGGING_H_INCLUDED
#define LOGGING_H_INCLUDED

/* Logging exists only in builds compiled with '-DLOGGING' and is then
 * switched on with the 'log' option.  Messages are prose, so they double
 * as comments.  In release builds the macros compile to nothing. */

#ifdef LOGGING

struct einsat;
struct clause;

void es_log (struct einsat *, const char *fmt, ...)
    __attribute__ ((format (printf, 2, 3)));
void es_log_lits (struct einsat *, size_t, const unsigned *,
                  const char *fmt, ...)
    __attribute__ ((format (printf, 4, 5)));
void es_log_clause (struct einsat *, unsigned ref, const char *fmt, ...)
    __attribute__ ((format (printf, 3, 4)));
void es_log_binary (struct einsat *, unsigned, unsigned, const char *fmt,
                    ...) __attribute__ ((format (printf, 4, 5)));
const char *es_log_lit (struct einsat *, unsigned lit);

/* The arguments are evaluated only with option 'log'. */
#define LOG_IF_ENABLED(CALL) \
  do { \
    if (solver->opts.log) \
      CALL; \
  } while (0)
#define LOG(...) LOG_IF_ENABLED (es_log (solver, __VA_ARGS__))
#define LOGLITS(N, LITS, ...) \
  LOG_IF_ENABLED (es_log_lits (solver, (N), (LITS), __VA_ARGS__))
#define LOGCLAUSE(REF, ...) \
  LOG_IF_ENABLED (es_log_clause (solver, (REF), __VA_ARGS__))
#define LOGBINARY(A, B, ...) \
  LOG_IF_ENABLED (es_log_binary (solver, (A), (B), __VA_ARGS__))
#define LOGLIT(LIT) es_log_lit (solver, (LIT))

#else

#define LOG(...) \
  do { \
  } while (0)
#define LOGLITS(...) LOG ()
#define LOGCLAUSE(...) LOG ()
#define LOGBINARY(...) LOG ()

#endif

#endif
