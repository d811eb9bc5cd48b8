#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// The version of libpng this target was linked against, e.g. "1.6.39".
const char *cpng_libpng_version(void);

/// The outcome of an encode or decode. Every failure also leaves a one-line
/// message in the caller's buffer.
typedef enum {
    CPNG_OK = 0,
    /// libpng reported an error; the message is libpng's.
    CPNG_ERROR_LIBPNG = 1,
    /// An allocation failed.
    CPNG_ERROR_MEMORY = 2,
    /// The arguments were out of range (size, level, filter, strategy).
    CPNG_ERROR_ARGUMENT = 3,
} cpng_status;

/// Which PNG row filter to use; `CPNG_FILTER_ADAPTIVE` lets libpng pick one
/// per row from all five.
typedef enum {
    CPNG_FILTER_NONE = 0,
    CPNG_FILTER_SUB = 1,
    CPNG_FILTER_UP = 2,
    CPNG_FILTER_AVERAGE = 3,
    CPNG_FILTER_PAETH = 4,
    CPNG_FILTER_ADAPTIVE = 5,
} cpng_filter;

/// zlib's compression strategy (`Z_DEFAULT_STRATEGY`, `Z_FILTERED`, ...).
typedef enum {
    CPNG_STRATEGY_DEFAULT = 0,
    CPNG_STRATEGY_FILTERED = 1,
    CPNG_STRATEGY_HUFFMAN_ONLY = 2,
    CPNG_STRATEGY_RLE = 3,
    CPNG_STRATEGY_FIXED = 4,
} cpng_strategy;

/// How the colour channels of input pixels relate to their alpha.
typedef enum {
    /// Colour already multiplied by alpha, the canvas's layout.
    CPNG_ALPHA_PREMULTIPLIED = 0,
    /// Colour independent of alpha, PNG's own layout.
    CPNG_ALPHA_STRAIGHT = 1,
} cpng_alpha;

/// How to compress.
typedef struct {
    /// zlib level, 0...9.
    int level;
    cpng_filter filter;
    cpng_strategy strategy;
} cpng_encode_options;

/// Encodes `width` x `height` RGBA8 pixels (row-major, no row padding) as a
/// straight-alpha 8-bit RGBA PNG, or as RGB when every pixel is opaque.
/// Premultiplied input is converted with `cpng_unpremultiply`. The
/// `text_count` pairs of `text_keys` and `text_values` (NUL-terminated
/// Latin-1) are written as uncompressed tEXt chunks before the image data.
///
/// On success `*out_data` holds `*out_size` bytes the caller frees with
/// `cpng_free`. On failure nothing is allocated and `message` holds a
/// NUL-terminated reason, truncated to `message_capacity`.
cpng_status cpng_encode_rgba(
    const uint8_t *pixels, uint32_t width, uint32_t height, cpng_alpha alpha,
    cpng_encode_options options,
    const char *const *text_keys, const char *const *text_values, size_t text_count,
    uint8_t **out_data, size_t *out_size,
    char *message, size_t message_capacity);

/// Decodes a PNG of any colour type and bit depth to straight RGBA8.
///
/// On success `*out_pixels` holds `*out_width * *out_height * 4` bytes the
/// caller frees with `cpng_free`. On failure nothing is allocated and
/// `message` holds a NUL-terminated reason.
cpng_status cpng_decode_rgba(
    const uint8_t *data, size_t size,
    uint8_t **out_pixels, uint32_t *out_width, uint32_t *out_height,
    char *message, size_t message_capacity);

/// Converts `pixel_count` premultiplied RGBA8 pixels to straight alpha:
/// c' = (c * 255 + a / 2) / a, clamped to 255; a pixel with a = 0 becomes
/// 0, 0, 0, 0. `source` and `destination` may be the same buffer.
void cpng_unpremultiply(const uint8_t *source, uint8_t *destination, size_t pixel_count);

/// Whether every one of `pixel_count` RGBA8 pixels has alpha 255.
int cpng_is_opaque(const uint8_t *pixels, size_t pixel_count);

/// Frees a buffer returned by this target.
void cpng_free(void *pointer);

/// zlib's CRC-32 of `length` bytes, as a PNG chunk's CRC takes it.
uint32_t cpng_crc32(const uint8_t *bytes, size_t length);

#endif
