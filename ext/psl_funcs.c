/* Placeholder: being written. */
#include "ext.h"
SQLITE_EXTENSION_INIT3

int url_register_psl_functions(sqlite3 *db) { return SQLITE_OK; }
