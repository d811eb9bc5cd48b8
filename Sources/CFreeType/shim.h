#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BBOX_H

/* FreeType's flag and test macros are composite expressions that Swift
   does not import. */

/* Outlines in font units, unhinted, never an embedded bitmap: glyphs are
   drawn by our own filler, so they must come out as curves. */
static inline FT_Int32 cft_load_outline_flags(void) {
    return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP;
}

static inline int cft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

static inline int cft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }

static inline int cft_glyph_is_outline(FT_GlyphSlot slot) {
    return slot->format == FT_GLYPH_FORMAT_OUTLINE ? 1 : 0;
}
