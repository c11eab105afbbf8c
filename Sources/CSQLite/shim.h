#ifndef BEESTORE_CSQLITE_SHIM_H
#define BEESTORE_CSQLITE_SHIM_H

#include <sqlite3.h>

#endif
