/* Sightline: FreeType 2, the font renderer behind annotated images (Debian: libfreetype-dev). */
#include <ft2build.h>
#include FT_FREETYPE_H
