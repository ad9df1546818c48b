/* The clause exchange of einsat-mpi ('mpi/exchange.c', which needs no
 * MPI and is compiled in here): packing takes units, then binary
 * clauses, then clauses by glue, skips duplicates of what was sent or
 * received recently, and empties the buckets; the buckets are bounded;
 * unpacking rejects malformed records and imports the others once, and
 * the importing solver still answers right. */

#include "../common/check.h"
#include "../../mpi/exchange.c"

/* The sizes of the records in 'buffer' (size, glue, literals). */
static int record_sizes (const int *buffer, size_t used, int *sizes) {
  int n = 0;
  for (size_t p = 0; p < used; p += 2 + (size_t) buffer[p])
    sizes[n++] = buffer[p];
  return n;
}

static void test_order_and_duplicates (void) {
  exchange e;
  CHECK (exchange_init (&e, 1000));
  int ternary[] = {1, 2, 3}, glue5[] = {4, -5, 6, 7}, binary[] = {-1, 2},
      unit[] = {9};
  exchange_offer (&e, glue5, 4, 5);
  exchange_offer (&e, ternary, 3, 2);
  exchange_offer (&e, binary, 2, 1);
  exchange_offer (&e, unit, 1, 1);
  int buffer[64], sizes[8];
  size_t used = exchange_pack (&e, buffer, 64);
  int n = record_sizes (buffer, used, sizes);
  CHECK (n == 4 && sizes[0] == 1 && sizes[1] == 2 && sizes[2] == 3 &&
         sizes[3] == 4);
  CHECK (buffer[2] == 9 && e.sent == 4);
  CHECK (exchange_pack (&e, buffer, 64) == 0); /* emptied */
  int reordered[] = {3, 1, 2};                /* the same clause */
  exchange_offer (&e, reordered, 3, 2);
  CHECK (exchange_pack (&e, buffer, 64) == 0 && e.duplicates == 1);
  exchange_release (&e);
}

/* A full buffer keeps the best: the unit and binaries fit, a long
 * clause does not, a shorter later one still does. */
static void test_room (void) {
  exchange e;
  CHECK (exchange_init (&e, 1000));
  int unit[] = {5}, binary[] = {1, 2}, long_clause[] = {1, 2, 3, 4, 5, 6},
      ternary[] = {-1, -2, -3};
  exchange_offer (&e, long_clause, 6, 2);
  exchange_offer (&e, ternary, 3, 4);
  exchange_offer (&e, unit, 1, 1);
  exchange_offer (&e, binary, 2, 1);
  int buffer[12], sizes[8];
  size_t used = exchange_pack (&e, buffer, 12);
  int n = record_sizes (buffer, used, sizes);
  CHECK (used <= 12 && n == 3 && sizes[0] == 1 && sizes[1] == 2 &&
         sizes[2] == 3);
  exchange_release (&e);
}

/* Each bucket holds at most 'limit' integers; the rest is dropped and
 * counted. */
static void test_bounded (void) {
  exchange e;
  CHECK (exchange_init (&e, 40));
  for (int i = 1; i <= 100; i++) {
    int clause[] = {i, i + 1, i + 2};
    exchange_offer (&e, clause, 3, 2);
  }
  CHECK (e.exported == 100 && e.dropped == 92); /* 8 records of 5 */
  CHECK (e.buckets[bucket_of (3, 2)].capacity <= 40);
  int buffer[100];
  CHECK (exchange_pack (&e, buffer, 100) == 40);
  exchange_release (&e);
}

static void test_unpack (void) {
  exchange e;
  CHECK (exchange_init (&e, 1000));
  einsat *s = einsat_new ();
  int c1[] = {1, 2}, c2[] = {-1, 2}, c3[] = {1, -2};
  einsat_add_clause (s, c1, 2);
  einsat_add_clause (s, c2, 2);
  einsat_add_clause (s, c3, 2);
  CHECK (einsat_solve (s) == 10);
  int bad_size[] = {0, 1}, too_long[] = {3, 1, 1, 2}, zero[] = {2, 1, 1, 0};
  CHECK (!exchange_unpack (&e, s, bad_size, 2));
  CHECK (!exchange_unpack (&e, s, too_long, 4));
  CHECK (!exchange_unpack (&e, s, zero, 4));
  int records[] = {1, 1, 2, 2, 1, 1, 2, 1, 1, 2}; /* unit 2 twice, (1 2) */
  CHECK (exchange_unpack (&e, s, records, 10));
  CHECK (e.received == 3 && e.duplicates == 1 && e.imported == 2);
  CHECK (einsat_solve (s) == 10 && einsat_val (s, 1) == 1 &&
         einsat_val (s, 2) == 2);
  einsat_delete (s);
  exchange_release (&e);
}

/* The slot of a rank shrinks with the square root of the rank count, so
 * that all slots together grow like the square root; never below the
 * minimum nor above the buffer. */
static void test_room_scaling (void) {
  CHECK (exchange_room (1500, 1) == 1500 && exchange_room (1500, 2) == 1500);
  CHECK (exchange_room (1500, 8) == 750);
  CHECK (exchange_room (1500, 32) == 375);
  size_t previous_total = 2 * exchange_room (1500, 2);
  for (int ranks = 3; ranks <= 4096; ranks *= 2) {
    size_t room = exchange_room (1500, ranks), total = room * (size_t) ranks;
    CHECK (room >= EXCHANGE_MIN_ROOM && room <= 1500);
    CHECK (total > previous_total);             /* more ranks, more clauses */
    CHECK (total < 1500 * (size_t) ranks / 2 || ranks < 8); /* sublinear */
    previous_total = total;
  }
  CHECK (exchange_room (1500, 1 << 20) == EXCHANGE_MIN_ROOM);
  CHECK (exchange_room (64, 1000) == 64);
}

int main (void) {
  static const test_case cases[] = {
      {"packing order and duplicates", test_order_and_duplicates},
      {"full buffer keeps the best", test_room},
      {"buckets bounded", test_bounded},
      {"unpacking checked", test_unpack},
      {"slot shrinks with the rank count", test_room_scaling},
  };
  return RUN_TESTS ("exchange", cases);
}
