// Deflate libraries Debian packages, on treeanim's PNG frames: the time and
// size of compressing a frame's filtered rows (filter byte 0, RGB) with zlib
// (each level and strategy the PNG writer offers), libdeflate and Intel's
// ISA-L, as zlib streams, one thread. Built and run by run.sh.
//
//   deflate-libraries FRAMES.rgba WIDTH HEIGHT COUNT
#include <isa-l/igzip_lib.h>
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

enum { rounds = 8 };

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s FRAMES.rgba WIDTH HEIGHT COUNT\n", argv[0]);
        return 64;
    }
    const int width = atoi(argv[2]), height = atoi(argv[3]), count = atoi(argv[4]);
    FILE *file = fopen(argv[1], "rb");
    if (!file || width <= 0 || height <= 0 || count <= 0) {
        fprintf(stderr, "cannot read %s\n", argv[1]);
        return 1;
    }
    const size_t row = 1 + (size_t)width * 3, size = row * height;
    unsigned char **frames = malloc(sizeof(unsigned char *) * count);
    unsigned char *rgba = malloc((size_t)width * height * 4);
    for (int k = 0; k < count; k++) {
        if (fread(rgba, 4, (size_t)width * height, file) != (size_t)width * height) {
            fprintf(stderr, "%s holds fewer than %d frames\n", argv[1], count);
            return 1;
        }
        frames[k] = malloc(size);
        for (int y = 0; y < height; y++) {
            unsigned char *r = frames[k] + y * row;
            r[0] = 0;
            for (int x = 0; x < width; x++) memcpy(r + 1 + 3 * x, rgba + 4 * ((size_t)y * width + x), 3);
        }
    }
    const size_t capacity = size + size / 8 + 4096;
    unsigned char *out = malloc(capacity);
    printf("%-28s %9s %9s\n", "library, setting", "ms/frame", "kB/frame");
    // Best of `rounds` passes over the frames: the least disturbed.
#define MEASURE(label, compress)                                                          \
    do {                                                                                  \
        double best = 1e9;                                                                \
        size_t bytes = 0;                                                                 \
        for (int r = 0; r < rounds; r++) {                                                \
            double t0 = now();                                                            \
            size_t total = 0;                                                             \
            for (int k = 0; k < count; k++) {                                             \
                unsigned char *in = frames[k];                                            \
                total += (compress);                                                      \
            }                                                                             \
            double t = (now() - t0) / count;                                              \
            if (t < best) best = t;                                                       \
            bytes = total;                                                                \
        }                                                                                 \
        printf("%-28s %9.2f %9.1f\n", label, best * 1000, bytes / 1000.0 / count);        \
    } while (0)
    const char *strategies[] = {"default", "filtered", "rle"};
    const int zstrategies[] = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE};
    for (int s = 0; s < 3; s++) {
        for (int level = 1; level <= 6; level++) {
            char label[64];
            snprintf(label, sizeof label, "zlib %d %s", level, strategies[s]);
            MEASURE(label, ({
                z_stream z;
                memset(&z, 0, sizeof z);
                deflateInit2(&z, level, Z_DEFLATED, 15, 8, zstrategies[s]);
                z.next_in = in;
                z.avail_in = (uInt)size;
                z.next_out = out;
                z.avail_out = (uInt)capacity;
                deflate(&z, Z_FINISH);
                size_t n = z.total_out;
                deflateEnd(&z);
                n;
            }));
        }
    }
    for (int level = 1; level <= 9; level++) {
        char label[64];
        snprintf(label, sizeof label, "libdeflate %d", level);
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        MEASURE(label, libdeflate_zlib_compress(c, in, size, out, capacity));
        libdeflate_free_compressor(c);
    }
    const size_t buffers[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT, ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT};
    for (int level = 0; level <= 3; level++) {
        char label[64];
        snprintf(label, sizeof label, "ISA-L %d", level);
        unsigned char *scratch = malloc(buffers[level]);
        MEASURE(label, ({
            struct isal_zstream z;
            isal_deflate_init(&z);
            z.level = level;
            z.level_buf = scratch;
            z.level_buf_size = (uint32_t)buffers[level];
            z.gzip_flag = IGZIP_ZLIB;
            z.end_of_stream = 1;
            z.flush = NO_FLUSH;
            z.next_in = in;
            z.avail_in = (uint32_t)size;
            z.next_out = out;
            z.avail_out = (uint32_t)capacity;
            isal_deflate_stateless(&z) == COMP_OK ? (size_t)z.total_out : 0;
        }));
        free(scratch);
    }
    return 0;
}
