/* The memory the machine can give this process, for front-ends that
 * refuse a puzzle too large for it up front, with its estimated size,
 * instead of swapping for minutes: the physical memory (the total, not
 * what is free at the moment: the answer does not depend on the load),
 * and the limit on the address space ('ulimit -v'), which counts
 * reserved but untouched memory too. */

#define _DEFAULT_SOURCE /* _SC_PHYS_PAGES */

#include "frontend.h"

#include <sys/resource.h>
#include <unistd.h>

fe_memory fe_memory_limits (void) {
  fe_memory res = {0, 0};
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGESIZE);
  if (pages > 0 && page_size > 0)
    res.physical = (uint64_t) pages * (uint64_t) page_size;
  struct rlimit limit;
  if (!getrlimit (RLIMIT_AS, &limit) && limit.rlim_cur != RLIM_INFINITY)
    res.address_space = (uint64_t) limit.rlim_cur;
  return res;
}
