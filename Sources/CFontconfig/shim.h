#include <fontconfig/fontconfig.h>

/* Fontconfig's property names are string macros; these give them to Swift
   as C strings. */
static inline const char *cfc_file(void) { return FC_FILE; }
static inline const char *cfc_family(void) { return FC_FAMILY; }
static inline const char *cfc_charset(void) { return FC_CHARSET; }
static inline const char *cfc_weight(void) { return FC_WEIGHT; }
static inline const char *cfc_scalable(void) { return FC_SCALABLE; }
static inline int cfc_weight_bold(void) { return FC_WEIGHT_BOLD; }
