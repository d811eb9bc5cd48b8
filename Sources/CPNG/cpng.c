#include "cpng.h"

#include <limits.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

const char *cpng_libpng_version(void) {
    return png_get_libpng_ver(NULL);
}

void cpng_free(void *pointer) {
    free(pointer);
}

// MARK: - Pixel conversion

// floor(n / a) == (n * reciprocal[a]) >> 32 for every n < 2^17 when
// reciprocal[a] = ceil(2^32 / a): the rounding-up error is below a, so
// n * error < 2^32 never carries into the integer part. That turns the three
// divisions per translucent pixel into multiplications without changing a
// single result.
static void make_reciprocals(uint64_t reciprocal[256]) {
    reciprocal[0] = 0;
    for (uint64_t a = 1; a < 256; a++) {
        reciprocal[a] = ((UINT64_C(1) << 32) + a - 1) / a;
    }
}

static inline uint8_t straight_channel(uint32_t c, uint32_t a, const uint64_t reciprocal[256]) {
    uint64_t n = (uint64_t)c * 255 + a / 2;
    uint64_t q = (n * reciprocal[a]) >> 32;
    // c > a is not a valid premultiplied value; clamp rather than wrap.
    return q > 255 ? 255 : (uint8_t)q;
}

static void unpremultiply_pixels(const uint8_t *source, uint8_t *destination, size_t pixel_count,
                                 const uint64_t reciprocal[256]) {
    for (size_t i = 0; i < pixel_count; i++) {
        const uint8_t *s = source + 4 * i;
        uint8_t *d = destination + 4 * i;
        uint8_t a = s[3];
        if (a == 255) {
            memmove(d, s, 4);
        } else if (a == 0) {
            memset(d, 0, 4);
        } else {
            d[0] = straight_channel(s[0], a, reciprocal);
            d[1] = straight_channel(s[1], a, reciprocal);
            d[2] = straight_channel(s[2], a, reciprocal);
            d[3] = a;
        }
    }
}

void cpng_unpremultiply(const uint8_t *source, uint8_t *destination, size_t pixel_count) {
    uint64_t reciprocal[256];
    make_reciprocals(reciprocal);
    unpremultiply_pixels(source, destination, pixel_count, reciprocal);
}

int cpng_is_opaque(const uint8_t *pixels, size_t pixel_count) {
    // AND whole pixels together in blocks the compiler can vectorise, and
    // look at the alpha byte of the result once per block, so a translucent
    // frame is usually rejected within its first rows.
    enum { block = 1024 };
    size_t i = 0;
    while (i < pixel_count) {
        size_t end = pixel_count - i < block ? pixel_count : i + block;
        uint32_t all = UINT32_MAX;
        for (; i < end; i++) {
            uint32_t word;
            memcpy(&word, pixels + 4 * i, 4);
            all &= word;
        }
        uint8_t bytes[4];
        memcpy(bytes, &all, 4);
        if (bytes[3] != 255) {
            return 0;
        }
    }
    return 1;
}

// MARK: - libpng plumbing

typedef struct {
    cpng_status status;
    char *message;
    size_t message_capacity;
} report;

static void set_message(report *r, cpng_status status, const char *text) {
    r->status = status;
    if (r->message_capacity > 0) {
        snprintf(r->message, r->message_capacity, "%s", text);
    }
}

static void on_error(png_structp png, png_const_charp text) {
    report *r = png_get_error_ptr(png);
    // A callback that failed has already said why (for example, out of
    // memory); keep that rather than libpng's echo of it.
    if (r->status == CPNG_OK) {
        set_message(r, CPNG_ERROR_LIBPNG, text);
    }
    png_longjmp(png, 1);
}

// Warnings are about ancillary details libpng has already recovered from;
// the default handler would print them to stderr from inside a library.
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

// MARK: - Encoding

typedef struct {
    report report;
    uint8_t *data;
    size_t size;
    size_t capacity;
    uint8_t *row;
} encoder;

static void write_bytes(png_structp png, png_bytep bytes, size_t length) {
    encoder *e = png_get_io_ptr(png);
    if (length > e->capacity - e->size) {
        size_t capacity = e->capacity;
        while (length > capacity - e->size) {
            capacity *= 2;
        }
        uint8_t *grown = realloc(e->data, capacity);
        if (grown == NULL) {
            set_message(&e->report, CPNG_ERROR_MEMORY, "out of memory");
            png_error(png, "out of memory");
        }
        e->data = grown;
        e->capacity = capacity;
    }
    memcpy(e->data + e->size, bytes, length);
    e->size += length;
}

static void flush_bytes(png_structp png) {
    (void)png;
}

// Frees the encoder, handing its output to the caller on success.
static cpng_status finish_encoding(encoder *e, uint8_t **out_data, size_t *out_size) {
    cpng_status status = e->report.status;
    if (status == CPNG_OK) {
        *out_data = e->data;
        *out_size = e->size;
    } else {
        free(e->data);
    }
    free(e->row);
    free(e);
    return status;
}

static int filter_mask(cpng_filter filter) {
    switch (filter) {
    case CPNG_FILTER_NONE: return PNG_FILTER_NONE;
    case CPNG_FILTER_SUB: return PNG_FILTER_SUB;
    case CPNG_FILTER_UP: return PNG_FILTER_UP;
    case CPNG_FILTER_AVERAGE: return PNG_FILTER_AVG;
    case CPNG_FILTER_PAETH: return PNG_FILTER_PAETH;
    case CPNG_FILTER_ADAPTIVE: return PNG_ALL_FILTERS;
    }
    return -1;
}

static int zlib_strategy(cpng_strategy strategy) {
    switch (strategy) {
    case CPNG_STRATEGY_DEFAULT: return Z_DEFAULT_STRATEGY;
    case CPNG_STRATEGY_FILTERED: return Z_FILTERED;
    case CPNG_STRATEGY_HUFFMAN_ONLY: return Z_HUFFMAN_ONLY;
    case CPNG_STRATEGY_RLE: return Z_RLE;
    case CPNG_STRATEGY_FIXED: return Z_FIXED;
    }
    return -1;
}

/// A frame carries a few words (which animation, which frame), not prose.
#define CPNG_MAX_TEXT 8

cpng_status cpng_encode_rgba(
    const uint8_t *pixels, uint32_t width, uint32_t height, cpng_alpha alpha,
    cpng_encode_options options,
    const char *const *text_keys, const char *const *text_values, size_t text_count,
    uint8_t **out_data, size_t *out_size,
    char *message, size_t message_capacity) {
    report failure = {CPNG_OK, message, message_capacity};
    if (text_count > CPNG_MAX_TEXT) {
        set_message(&failure, CPNG_ERROR_ARGUMENT, "too many text chunks");
        return failure.status;
    }
    int filters = filter_mask(options.filter);
    int strategy = zlib_strategy(options.strategy);
    if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX) {
        set_message(&failure, CPNG_ERROR_ARGUMENT, "width and height must be 1...2147483647");
        return failure.status;
    }
    if (options.level < 0 || options.level > 9 || filters < 0 || strategy < 0) {
        set_message(&failure, CPNG_ERROR_ARGUMENT, "level must be 0...9 and filter and strategy known");
        return failure.status;
    }
    size_t pixel_count = (size_t)width * height;
    int opaque = cpng_is_opaque(pixels, pixel_count);
    size_t channels = opaque ? 3 : 4;
    uint64_t reciprocal[256];
    make_reciprocals(reciprocal);

    // The state libpng's callbacks change lives on the heap: a local changed
    // between setjmp and longjmp would be indeterminate afterwards.
    encoder *e = calloc(1, sizeof *e);
    if (e == NULL) {
        set_message(&failure, CPNG_ERROR_MEMORY, "out of memory");
        return failure.status;
    }
    e->report = failure;
    e->capacity = 1 << 16;
    e->data = malloc(e->capacity);
    e->row = malloc(channels * width);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &e->report, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (e->data == NULL || e->row == NULL || info == NULL) {
        set_message(&e->report, CPNG_ERROR_MEMORY, "out of memory");
        png_destroy_write_struct(&png, &info);
        return finish_encoding(e, NULL, NULL);
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return finish_encoding(e, NULL, NULL);
    }
    png_set_write_fn(png, e, write_bytes, flush_bytes);
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, options.level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    if (text_count > 0) {
        // libpng copies the strings into `info`.
        png_text texts[CPNG_MAX_TEXT];
        memset(texts, 0, sizeof texts);
        for (size_t i = 0; i < text_count; i++) {
            texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
            texts[i].key = (png_charp)text_keys[i];
            texts[i].text = (png_charp)text_values[i];
        }
        png_set_text(png, info, texts, (int)text_count);
    }
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * width * 4;
        if (opaque) {
            for (uint32_t x = 0; x < width; x++) {
                memcpy(e->row + 3 * (size_t)x, source + 4 * (size_t)x, 3);
            }
        } else if (alpha == CPNG_ALPHA_PREMULTIPLIED) {
            unpremultiply_pixels(source, e->row, width, reciprocal);
        } else {
            memcpy(e->row, source, 4 * (size_t)width);
        }
        png_write_row(png, e->row);
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return finish_encoding(e, out_data, out_size);
}

// MARK: - Decoding

typedef struct {
    report report;
    const uint8_t *data;
    size_t size;
    size_t offset;
    uint32_t width;
    uint32_t height;
    uint8_t *pixels;
    png_bytep *rows;
} decoder;

// Frees the decoder, handing its pixels to the caller on success.
static cpng_status finish_decoding(decoder *d, uint8_t **out_pixels, uint32_t *out_width, uint32_t *out_height) {
    cpng_status status = d->report.status;
    if (status == CPNG_OK) {
        *out_pixels = d->pixels;
        *out_width = d->width;
        *out_height = d->height;
    } else {
        free(d->pixels);
    }
    free(d->rows);
    free(d);
    return status;
}

static void read_bytes(png_structp png, png_bytep bytes, size_t length) {
    decoder *d = png_get_io_ptr(png);
    if (length > d->size - d->offset) {
        png_error(png, "PNG data ends early");
    }
    memcpy(bytes, d->data + d->offset, length);
    d->offset += length;
}

cpng_status cpng_decode_rgba(
    const uint8_t *data, size_t size,
    uint8_t **out_pixels, uint32_t *out_width, uint32_t *out_height,
    char *message, size_t message_capacity) {
    report failure = {CPNG_OK, message, message_capacity};
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        set_message(&failure, CPNG_ERROR_LIBPNG, "not a PNG file");
        return failure.status;
    }
    // On the heap for the same reason as the encoder's state.
    decoder *d = calloc(1, sizeof *d);
    if (d == NULL) {
        set_message(&failure, CPNG_ERROR_MEMORY, "out of memory");
        return failure.status;
    }
    d->report = failure;
    d->data = data;
    d->size = size;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &d->report, on_error, on_warning);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        set_message(&d->report, CPNG_ERROR_MEMORY, "out of memory");
        png_destroy_read_struct(&png, &info, NULL);
        return finish_decoding(d, NULL, NULL, NULL);
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return finish_decoding(d, NULL, NULL, NULL);
    }
    png_set_read_fn(png, d, read_bytes);
    png_read_info(png, info);
    // Palette, low-bit grey and tRNS become 8-bit channels with alpha; 16-bit
    // samples are rounded to 8 bits; grey becomes RGB; a missing alpha
    // channel is filled with 255.
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    d->width = png_get_image_width(png, info);
    d->height = png_get_image_height(png, info);
    if (png_get_rowbytes(png, info) != (size_t)d->width * 4) {
        png_error(png, "cannot expand this PNG to RGBA8");
    }
    d->pixels = malloc((size_t)d->width * d->height * 4);
    d->rows = malloc(sizeof(png_bytep) * d->height);
    if (d->pixels == NULL || d->rows == NULL) {
        set_message(&d->report, CPNG_ERROR_MEMORY, "out of memory");
        png_error(png, "out of memory");
    }
    for (uint32_t y = 0; y < d->height; y++) {
        d->rows[y] = d->pixels + (size_t)y * d->width * 4;
    }
    png_read_image(png, d->rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    return finish_decoding(d, out_pixels, out_width, out_height);
}

uint32_t cpng_crc32(const uint8_t *bytes, size_t length) {
    uLong crc = crc32(0L, Z_NULL, 0);
    // zlib takes at most UINT_MAX bytes a call.
    while (length > 0) {
        uInt piece = length > UINT_MAX ? UINT_MAX : (uInt)length;
        crc = crc32(crc, bytes, piece);
        bytes += piece;
        length -= piece;
    }
    return (uint32_t)crc;
}
