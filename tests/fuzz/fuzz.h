#ifndef FUZZ_H_INCLUDED
#define FUZZ_H_INCLUDED

/* Shared by the fuzz targets.  Each target defines the libFuzzer entry
 * point; it is linked either with libFuzzer (make fuzz) or with
 * 'replay.c' (the normal build), which feeds it the committed corpus. */

#include "einsat.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* Prints "fuzz failure: MESSAGE" on stderr and aborts, which libFuzzer
 * reports as a crash and the replay driver as a failed input. */
_Noreturn void fuzz_failure (const char *fmt, ...)
    __attribute__ ((format (printf, 1, 2)));

/* The input as a stream of bytes; reading past its end gives zeros. */
typedef struct fuzz_bytes {
  const uint8_t *data;
  size_t size, pos;
} fuzz_bytes;

unsigned fuzz_byte (fuzz_bytes *);
bool fuzz_done (const fuzz_bytes *);

/* An allocator that refuses to hand out more than 'limit' bytes in
 * total, so that inputs naming huge variables make the solver report
 * "out of memory" instead of exhausting the fuzzer's memory. */
typedef struct fuzz_memory {
  size_t live, limit;
} fuzz_memory;

einsat *fuzz_new_solver (fuzz_memory *, size_t limit);

/* Sets an option of the table, picked and valued by the next bytes
 * (options that only print are left alone), and checks that values
 * outside the option's range are refused. */
void fuzz_set_option (einsat *, fuzz_bytes *);

#endif
