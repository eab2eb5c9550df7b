/* Sightline: the libjpeg-turbo TurboJPEG API (Debian: libturbojpeg0-dev). */
#include <turbojpeg.h>
