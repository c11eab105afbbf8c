#ifndef BEESTORE_CSQLITE_SHIM_H
#define BEESTORE_CSQLITE_SHIM_H

#include <sqlite3.h>

/// Turns off SQLite's legacy reading of a double-quoted unknown identifier as a string
/// literal in queries, so that a misspelled quoted column name is an error. (Swift
/// cannot call the variadic sqlite3_db_config directly.)
static inline int beestore_disable_double_quoted_strings(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}

#endif
