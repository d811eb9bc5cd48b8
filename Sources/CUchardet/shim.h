/* uchardet, the encoding detector of Mozilla's lineage (freedesktop.org):
   pkg-config puts its own include folder on the path. */
#include <uchardet.h>
