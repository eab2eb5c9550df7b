#include "sightline_kernels.h"
int sl_placeholder(void){return 0;}
