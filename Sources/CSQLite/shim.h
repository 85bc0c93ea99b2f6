#ifndef TODO_CSQLITE_SHIM_H
#define TODO_CSQLITE_SHIM_H

#include <sqlite3.h>
// Extended attributes mark which database file a write-ahead log is (LogOwner.swift); Swift's
// Glibc module does not bring this header.
#include <sys/xattr.h>

// SQLITE_TRANSIENT is a cast macro Swift cannot import: SQLite copies the bound bytes.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// sqlite3_db_config is variadic, which Swift cannot call directly.
static inline int csqlite_db_config_flag(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}

// sqlite3_config is variadic too. SQLITE_CONFIG_SINGLETHREAD: no mutex at all, for a process
// that uses SQLite from one thread only; it must come before SQLite is first used.
static inline int csqlite_config_single_thread(void) {
    return sqlite3_config(SQLITE_CONFIG_SINGLETHREAD);
}

#endif
