/*
** Function flags that tell the truth: pragma_function_list's flags of
** every url_* function against the table below (docs/flags.md's "Flags"
** paragraph states them, sql-tests/flags.sql holds the docs to them), then
** what the flags mean, shown with SQL:
**   - url_psl_load (SQLITE_DIRECTONLY) cannot run from a view or trigger
**     of a database's schema, and the list in use stays;
**   - with trusted_schema=OFF a view may use the innocuous functions and
**     table-valued functions, not url_psl_info;
**   - deterministic functions may index, url_psl_info may not.
**
** A function registered without a row here, or a row without a function,
** fails the test: adding a function = adding a line to `expected`.
*/
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "ext_db.h"

#define PURE (SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

static const struct expected_flags {
  const char *name;
  int n_arg;
  int flags; /* as pragma_function_list shows them (EXT_FLAG_MASK) */
} expected[] = {
    {"url_canonical", 1, PURE},
    {"url_canonical", 2, PURE},
    {"url_decode", 1, PURE},
    {"url_decode", 2, PURE},
    {"url_decode", 3, PURE},
    {"url_encode", 3, PURE},
    {"url_encoding", 1, PURE},
    {"url_href", 3, PURE},
    {"url_resolve", 3, PURE},
    {"url_search", 3, PURE},
    {"url_search_param", 3, PURE},
    {"url_search_param_append", 4, PURE},
    {"url_search_param_delete", 4, PURE},
    {"url_search_param_set", 4, PURE},
    {"url_search_params_sort", 2, PURE},
    {"url_text_decode", 2, PURE},
    {"url_text_encode", 2, PURE},
    {"url_domain_to_ascii", 1, PURE},
    {"url_domain_to_ascii", 2, PURE},
    {"url_domain_to_unicode", 1, PURE},
    {"url_domain_to_unicode", 2, PURE},
    {"url_encode", 1, PURE},
    {"url_encode", 2, PURE},
    {"url_file_extension", 1, PURE},
    {"url_hash", 1, PURE},
    {"url_hash", 2, PURE},
    {"url_host", 1, PURE},
    {"url_host", 2, PURE},
    {"url_host_type", 1, PURE},
    {"url_host_without_www", 1, PURE},
    {"url_hostname", 1, PURE},
    {"url_hostname", 2, PURE},
    {"url_href", 1, PURE},
    {"url_href", 2, PURE},
    {"url_html_encoding", 1, PURE},
    {"url_html_encoding", 2, PURE},
    {"url_content_type_charset", 1, PURE},
    /* Deterministic for the libidn2 linked. */
    {"url_idna2008_error", 1, PURE},
    {"url_origin", 1, PURE},
    {"url_origin", 2, PURE},
    {"url_parse_host", 1, PURE},
    {"url_parse_host", 2, PURE},
    {"url_password", 1, PURE},
    {"url_password", 2, PURE},
    {"url_pathname", 1, PURE},
    {"url_pathname", 2, PURE},
    {"url_pattern_has_regexp_groups", 1, PURE},
    {"url_pattern_test", 2, PURE},
    {"url_pattern_test", 3, PURE},
    {"url_port", 1, PURE},
    {"url_port", 2, PURE},
    {"url_port_number", 1, PURE},
    {"url_port_number", 2, PURE},
    {"url_protocol", 1, PURE},
    {"url_protocol", 2, PURE},
    /* Its answer changes with url_psl_load, and it shows a file path. */
    {"url_psl_info", 0, 0},
    /* Reads a file and changes the connection's list. */
    {"url_psl_load", 1, SQLITE_DIRECTONLY},
    /* Deterministic for a given list (README: REINDEX after a load). */
    {"url_public_suffix", 1, PURE},
    {"url_public_suffix", 2, PURE},
    {"url_registrable_domain", 1, PURE},
    {"url_registrable_domain", 2, PURE},
    {"url_resolve", 2, PURE},
    {"url_same_origin", 2, PURE},
    {"url_same_site", 2, PURE},
    {"url_search", 1, PURE},
    {"url_search", 2, PURE},
    {"url_search_param", 2, PURE},
    {"url_search_param_append", 3, PURE},
    {"url_search_param_delete", 2, PURE},
    {"url_search_param_delete", 3, PURE},
    {"url_search_param_set", 3, PURE},
    {"url_search_params_sort", 1, PURE},
    {"url_set", -1, PURE},
    {"url_ssurt", 1, PURE},
    {"url_strip_params", -1, PURE},
    {"url_subdomain", 1, PURE},
    {"url_subdomain", 2, PURE},
    {"url_surt", 1, PURE},
    {"url_surt", 2, PURE},
    {"url_tld", 1, PURE},
    {"url_username", 1, PURE},
    {"url_username", 2, PURE},
    {"url_valid", 1, PURE},
    {"url_valid", 2, PURE},
    {"url_valid_string", 1, PURE},
    {"url_valid_string", 2, PURE},
    {"url_version", 0, PURE},
    /* Deterministic for a given list, as url_registrable_domain (internal). */
    {"url_referrer_medium", 1, PURE},
    {"url_referrer_medium", 2, PURE},
    {"url_referrer_source", 1, PURE},
    {"url_referrer_source", 2, PURE},
    {"url_channel", 1, PURE},
    {"url_channel", 2, PURE},
    {"url_robots_allowed", 3, PURE},
    {"url_robots_crawl_delay", 2, PURE},
    {"url_robots_decision", 3, PURE},
    {"url_robots_url", 1, PURE},
    /* RFC 3986 / RFC 3987 (ext/uri.c) */
    {"uri_valid", 1, PURE},
    {"uri_valid", 2, PURE},
    {"uri_error", 1, PURE},
    {"uri_error", 2, PURE},
    {"uri_scheme", 1, PURE},
    {"uri_userinfo", 1, PURE},
    {"uri_host", 1, PURE},
    {"uri_host_type", 1, PURE},
    {"uri_port", 1, PURE},
    {"uri_port_number", 1, PURE},
    {"uri_path", 1, PURE},
    {"uri_query", 1, PURE},
    {"uri_fragment", 1, PURE},
    {"uri_resolve", 2, PURE},
    {"uri_relative", 2, PURE},
    {"uri_normalize", 1, PURE},
    {"uri_normalize", 2, PURE},
    {"uri_equivalent", 2, PURE},
    {"uri_equivalent", 3, PURE},
    {"uri_encode", 1, PURE},
    {"uri_encode", 2, PURE},
    {"uri_encode", 3, PURE},
    {"uri_decode", 1, PURE},
    {"uri_decode", 2, PURE},
    {"uri_decode", 3, PURE},
    {"uri_from_iri", 1, PURE},
    {"uri_from_iri", 2, PURE},
    {"uri_to_iri", 1, PURE},
    {"uri_to_iri", 2, PURE},
    {"uri_from_url", 1, PURE},
    {"uri_set", -1, PURE},
    {"url_display_host", 1, PURE},
    {"url_display_host", 2, PURE},
    {"url_display_host", 3, PURE},
    {"url_skeleton", 1, PURE},
    {"url_skeleton", 2, PURE},
    {"url_skeleton", 3, PURE},
    {"url_restriction_level", 1, PURE},
    {"url_restriction_level", 2, PURE},
};
#define N_EXPECTED ((int)(sizeof expected / sizeof expected[0]))

static const char *flag_names(int f) {
  static char buf[128];
  snprintf(buf, sizeof buf, "0x%x%s%s%s%s", f,
           f & SQLITE_DETERMINISTIC ? " deterministic" : "",
           f & SQLITE_INNOCUOUS ? " innocuous" : "",
           f & SQLITE_DIRECTONLY ? " direct-only" : "",
           f & ~(PURE | SQLITE_DIRECTONLY) ? " other" : "");
  return buf;
}

/* -------------------------------------------------- against the registry */

static void check_registry(sqlite3 *db) {
  ext_fn *fns;
  int n = ext_registry(db, &fns);
  if (!ext_check(n > 0, "cannot list the registered functions")) return;
  int matched = 0;
  for (int i = 0; i < n; i++) {
    if (fns[i].module) continue;
    int k = 0;
    while (k < N_EXPECTED && !(strcmp(expected[k].name, fns[i].name) == 0 &&
                               expected[k].n_arg == fns[i].n_arg))
      k++;
    if (!ext_check(k < N_EXPECTED,
                   "%s (nArg %d) has no row in ext_flags_test.c's expected[]",
                   fns[i].name, fns[i].n_arg))
      continue;
    matched++;
    int got = fns[i].flags & EXT_FLAG_MASK;
    char want[128];
    snprintf(want, sizeof want, "%s", flag_names(expected[k].flags));
    ext_check(got == expected[k].flags, "%s (nArg %d): flags %s, expected %s",
              fns[i].name, fns[i].n_arg, flag_names(got), want);
  }
  ext_check(matched == N_EXPECTED,
            "%d rows of expected[] name no registered function",
            N_EXPECTED - matched);
  free(fns);
}

/* ------------------------------------------------ what the flags mean */

static char *result(sqlite3 *db, const char *sql) {
  char *out = NULL;
  if (ext_run(db, sql, &out) != SQLITE_OK) {
    free(out);
    return NULL;
  }
  return out;
}

static int is_error(sqlite3 *db, const char *sql, const char *want) {
  char *out = NULL;
  int rc = ext_run(db, sql, &out);
  free(out);
  return ext_check(rc != SQLITE_OK && strstr(sqlite3_errmsg(db), want),
                   "%s: expected the error \"%s\", got %s", sql, want,
                   rc == SQLITE_OK ? "success" : sqlite3_errmsg(db));
}

static int is_ok(sqlite3 *db, const char *sql, const char *want) {
  char *out = result(db, sql);
  int ok = ext_check(out && (!want || strcmp(out, want) == 0),
                     "%s: got %s (%s)", sql, ext_show(out),
                     out ? "expected " : sqlite3_errmsg(db));
  free(out);
  return ok;
}

#define LIST "'/usr/share/publicsuffix/public_suffix_list.dat'"
#define UNSAFE "unsafe use of url_psl_load()"

/* Tries url_psl_load from the views and triggers of db's schema: each is
   refused, and the list in use stays. */
static void refused_in_schema(sqlite3 *db, const char *which) {
  char *before = result(db, "SELECT url_psl_info()");
  is_error(db, "SELECT * FROM v", UNSAFE);
  is_error(db, "INSERT INTO t VALUES (" LIST ")", UNSAFE);
  char *after = result(db, "SELECT url_psl_info()");
  ext_check(before && after && strcmp(before, after) == 0,
            "%s: url_psl_load from the schema changed the list: %s", which,
            ext_show(after));
  free(before);
  free(after);
}

/*
** url_psl_load cannot run from a view or trigger of a database's schema:
** neither in the connection that created them nor, the case
** SQLITE_DIRECTONLY exists for, in one that opens the file later.  Indexes
** and generated columns refuse it as not deterministic.  From top-level
** SQL, and from the application's own TEMP views and triggers, it runs.
** (SQLite 3.40 does not refuse it in a CHECK constraint, whatever its
** documentation says: README notes it.)
*/
static void check_direct_only(const char *so) {
  char dir[] = "/tmp/ext_flags_test.XXXXXX", path[64];
  if (!ext_check(mkdtemp(dir) != NULL, "cannot make a temporary directory"))
    return;
  snprintf(path, sizeof path, "%s/schema.db", dir);
  sqlite3 *db;
  if (!ext_check(sqlite3_open(path, &db) == SQLITE_OK &&
                     ext_load(db, so, NULL) == SQLITE_OK,
                 "cannot open %s", path)) {
    sqlite3_close(db);
    return;
  }
  is_ok(db,
        "CREATE VIEW v AS SELECT url_psl_load(" LIST ");"
        "CREATE TABLE t(x);"
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN"
        " SELECT url_psl_load(new.x); END",
        "");
  is_error(db, "CREATE TABLE g(x, y AS (url_psl_load(x)))",
           "non-deterministic functions prohibited in generated columns");
  is_error(db, "CREATE INDEX i ON t(url_psl_load(x))",
           "non-deterministic functions prohibited in index expressions");
  refused_in_schema(db, "the connection that made the schema");
  sqlite3_close(db);

  if (ext_check(sqlite3_open(path, &db) == SQLITE_OK &&
                    ext_load(db, so, NULL) == SQLITE_OK,
                "cannot open %s again", path))
    refused_in_schema(db, "a connection that opens the file");
  is_ok(db,
        "CREATE TEMP VIEW tv AS SELECT url_psl_load(" LIST ") ->> '$.format'",
        "");
  is_ok(db, "SELECT * FROM tv", "'text'\n");
  is_ok(db, "SELECT url_psl_load(" LIST ") ->> '$.format'", "'text'\n");
  sqlite3_close(db);
  remove(path);
  rmdir(dir);
}

/* trusted_schema=OFF: a view may use only innocuous functions and
   table-valued functions. */
static void check_innocuous(const char *so) {
  sqlite3 *db = ext_open(so);
  if (!ext_check(db != NULL, "innocuous: cannot open")) return;
  is_ok(db, "PRAGMA trusted_schema = OFF", NULL);
  is_ok(db,
        "CREATE VIEW pure AS SELECT url_host('https://a.example:8/') AS h,"
        " url_set('http://a/', 'hash', 'x') AS s,"
        " url_registrable_domain('https://www.example.co.uk/') AS r",
        NULL);
  is_ok(db, "SELECT * FROM pure", "'a.example:8'|'http://a/#x'|'example.co.uk'\n");
  is_ok(db,
        "CREATE VIEW tvf AS SELECT c.hostname, p.value"
        " FROM url_components('https://a.example/?k=v') AS c,"
        " url_search_params(c.href) AS p",
        NULL);
  is_ok(db, "SELECT * FROM tvf", "'a.example'|'v'\n");
  is_ok(db, "CREATE VIEW info AS SELECT url_psl_info() AS i", NULL);
  is_error(db, "SELECT * FROM info", "unsafe use of url_psl_info()");
  sqlite3_close(db);
}

/* Deterministic functions may be used in indexes; url_psl_info may not. */
static void check_deterministic(const char *so) {
  sqlite3 *db = ext_open(so);
  if (!ext_check(db != NULL, "deterministic: cannot open")) return;
  is_ok(db, "CREATE TABLE u(x)", NULL);
  is_ok(db, "CREATE INDEX u_host ON u(url_hostname(x), url_registrable_domain(x))",
        NULL);
  is_ok(db, "INSERT INTO u VALUES ('https://www.example.com/'), ('bad')", NULL);
  is_ok(db, "SELECT count(*) FROM u WHERE url_hostname(x) = 'www.example.com'",
        "1\n");
  is_error(db, "CREATE INDEX u_info ON u(url_psl_info())",
           "non-deterministic functions prohibited in index expressions");
  sqlite3_close(db);
}

int main(int argc, char **argv) {
  const char *so = ext_so_path(argv[0]);
  sqlite3 *db = ext_open(so);
  if (!db) return 1;
  check_registry(db);
  sqlite3_close(db);
  check_direct_only(so);
  check_innocuous(so);
  check_deterministic(so);
  printf("flags: %d functions against expected[]; "
         "direct-only, innocuous and deterministic tried in SQL\n",
         N_EXPECTED);
  return ext_summary();
}
