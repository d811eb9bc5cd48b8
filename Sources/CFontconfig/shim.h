#include <fontconfig/fontconfig.h>

/* Fontconfig's property names are string macros; these give them to Swift
   as C strings. */
static inline const char *cfc_file(void) { return FC_FILE; }
static inline const char *cfc_family(void) { return FC_FAMILY; }
