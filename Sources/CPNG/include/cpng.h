#ifndef CPNG_H
#define CPNG_H

/// The version of libpng this target was linked against, e.g. "1.6.39".
const char *cpng_libpng_version(void);

#endif
