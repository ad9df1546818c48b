/* Writing DRAT proofs.  Binary DRAT encodes each literal 'l' as the
 * unsigned number '2 * |l| + (l < 0)' in 7-bit little-endian groups (high
 * bit = more to come) after an 'a' (add) or 'd' (delete) byte, ending with
 * a zero byte; text DRAT writes DIMACS lines with a 'd ' prefix for
 * deletions.  Literals are written in external numbering, so the proof
 * refers to the variables of the user's formula. */

#include "internal.h"

#include <stdlib.h>

static void put_byte (einsat *solver, char ch) {
  PUSH_STACK (solver->proof_buffer, ch);
}

static void put_binary_literal (einsat *solver, int elit) {
  unsigned x = 2u * (unsigned) abs (elit) + (elit < 0);
  while (x & ~0x7fu) {
    put_byte (solver, (char) ((x & 0x7f) | 0x80));
    x >>= 7;
  }
  put_byte (solver, (char) x);
}

static void put_text_literal (einsat *solver, int elit) {
  char digits[16];
  unsigned x = (unsigned) abs (elit);
  int n = 0;
  do
    digits[n++] = (char) ('0' + x % 10);
  while (x /= 10);
  if (elit < 0)
    put_byte (solver, '-');
  while (n)
    put_byte (solver, digits[--n]);
  put_byte (solver, ' ');
}

static void begin_line (einsat *solver, bool deletion) {
  if (solver->proof_binary)
    put_byte (solver, deletion ? 'd' : 'a');
  else if (deletion) {
    put_byte (solver, 'd');
    put_byte (solver, ' ');
  }
}

static void end_line (einsat *solver) {
  if (solver->proof_binary)
    put_byte (solver, 0);
  else {
    put_byte (solver, '0');
    put_byte (solver, '\n');
  }
  if (SIZE_STACK (solver->proof_buffer) >= (1 << 16))
    es_proof_flush (solver);
}

static void put_literal (einsat *solver, int elit) {
  if (solver->proof_binary)
    put_binary_literal (solver, elit);
  else
    put_text_literal (solver, elit);
}

static void write_internal (einsat *solver, bool deletion, size_t size,
                            const unsigned *lits) {
  if (!solver->proof)
    return;
  begin_line (solver, deletion);
  for (size_t i = 0; i < size; i++)
    put_literal (solver, es_export_literal (solver, lits[i]));
  end_line (solver);
}

static void write_external (einsat *solver, bool deletion, size_t size,
                            const int *elits) {
  if (!solver->proof)
    return;
  begin_line (solver, deletion);
  for (size_t i = 0; i < size; i++)
    put_literal (solver, elits[i]);
  end_line (solver);
}

void es_proof_add (einsat *solver, size_t size, const unsigned *lits) {
  write_internal (solver, false, size, lits);
}

void es_proof_delete (einsat *solver, size_t size, const unsigned *lits) {
  write_internal (solver, true, size, lits);
}

void es_proof_add_external (einsat *solver, size_t size,
                            const int *elits) {
  write_external (solver, false, size, elits);
}

void es_proof_delete_external (einsat *solver, size_t size,
                               const int *elits) {
  write_external (solver, true, size, elits);
}

void es_proof_flush (einsat *solver) {
  if (!solver->proof)
    return;
  size_t bytes = SIZE_STACK (solver->proof_buffer);
  if (bytes && fwrite (solver->proof_buffer.begin, 1, bytes,
                       solver->proof) != bytes)
    solver->proof_failed = true;
  CLEAR_STACK (solver->proof_buffer);
  fflush (solver->proof);
}
