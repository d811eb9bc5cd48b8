#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// The number of heap allocations (malloc, calloc, realloc, aligned
/// allocations) the process has made since it started.
unsigned long allocation_count(void);

#endif
