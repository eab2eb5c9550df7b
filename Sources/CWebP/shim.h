/* Sightline: libwebp's decoder (Debian: libwebp-dev). */
#include <webp/decode.h>
