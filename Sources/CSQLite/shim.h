#ifndef BEESTORE_CSQLITE_SHIM_H
#define BEESTORE_CSQLITE_SHIM_H

/* The session extension (changesets) and the pre-update hook it rests on are declared
   only when these are defined; the libsqlite3 linked must be built with both, as
   Debian's is (a build without them fails to link). */
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif

#include <sqlite3.h>

/// Turns off SQLite's legacy reading of a double-quoted unknown identifier as a string
/// literal in queries, so that a misspelled quoted column name is an error. (Swift
/// cannot call the variadic sqlite3_db_config directly.)
static inline int beestore_disable_double_quoted_strings(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
}

/// Adds one to a counter that only the calling thread writes, while other threads may
/// read it: a relaxed load and store, so that a reader sees a whole value, without the
/// locked read-modify-write (and the cache line taken from other cores) that a counter
/// written by several threads needs.
static inline void beestore_owned_increment(long long *counter) {
    __atomic_store_n(counter, __atomic_load_n(counter, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
}

/// Reads a counter written with beestore_owned_increment, from any thread.
static inline long long beestore_atomic_load(const long long *counter) {
    return __atomic_load_n(counter, __ATOMIC_RELAXED);
}

#endif
