#ifndef TODO_CMEMORY_SHIM_H
#define TODO_CMEMORY_SHIM_H

// glibc's malloc settings (`mallopt`), which Swift's Glibc module does not bring in.
#include <malloc.h>

#endif
