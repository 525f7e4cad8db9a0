/*
** libFuzzer target for the SQL surface: a function of the extension's
** registry (pragma_function_list / pragma_module_list, names url_* and uri_*, so a new
** function is fuzzed without a change here), called with arguments of every
** kind SQLite can pass: NULL, integers, reals, text (any bytes, invalid
** UTF-8, embedded NUL, 1 MB), blobs, names the functions know (components,
** percent-encode sets), URLs and bases; sometimes under a small
** SQLITE_LIMIT_LENGTH.  The extension is linked in (sqlite3_auto_extension)
** into Debian's libsqlite3.
**
** Each input runs the call twice:
**   Q1  SELECT fn(?1, ..., ?n)      (SELECT * FROM fn(...) for a module)
**   Q2  the same over three rows in which argument k takes the values
**       a, b, a (the others stay bound: constants, so bases and other
**       per-statement state are cached across rows); not when an argument
**       is the 1 MB text, for speed
** and checks, besides ASan/UBSan/LSan:
**   - rows 1 and 3 of Q2 equal Q1 (deterministic functions: the cache of a
**     constant argument gives what parsing it afresh gives);
**   - every text result and every error message is valid UTF-8;
**   - an error is a misuse error naming the function ("fn: ..."), or too
**     big under a small limit; never out of memory or any other;
**   - NULL as the first argument gives NULL (no rows for a module), but
**     where NULL there is an answer (null_first_is_answer: as '' answers);
** A violation prints the call and abort()s.
**
** url_psl_load only gets one of a few fixed paths (it reads files); a
** connection on which it ran is replaced before the next input.
**
** tests/sql_fuzz_test.c runs the same target over fuzz/sql_corpus/ and
** pseudo-random inputs in make test and make test-sanitize.
*/
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "utf8.h"

int sqlite3_url_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi);

#define MAX_ARGS 127
#define BIG ((size_t)1 << 20) /* the 1 MB text */

/* ------------------------------------------------------------ registry */

typedef struct fn_info {
  char name[64];
  int n_arg;         /* -1: variadic; a module's: its argument columns */
  int deterministic; /* compare Q2 with Q1 */
  int module;
} fn_info;

static fn_info fns[256];
static int n_fns;
static sqlite3 *db;

static sqlite3 *open_db(void) {
  sqlite3 *d = NULL;
  if (sqlite3_open(":memory:", &d) != SQLITE_OK) {
    fprintf(stderr, "sql_fuzz: cannot open a database\n");
    abort();
  }
  return d;
}

static void read_registry(void) {
  static const char sql[] =
      "SELECT name, narg, flags & 0x800, 0 FROM pragma_function_list"
      "  WHERE name LIKE 'url\\_%' ESCAPE '\\' OR name LIKE 'uri\\_%' ESCAPE '\\'"
      " UNION ALL "
      "SELECT m.name, (SELECT count(*) FROM pragma_table_xinfo(m.name)"
      "  WHERE hidden), 1, 1 FROM pragma_module_list AS m"
      "  WHERE m.name LIKE 'url\\_%' ESCAPE '\\' OR m.name LIKE 'uri\\_%' ESCAPE '\\'"
      " ORDER BY 1, 2";
  sqlite3_stmt *st;
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) abort();
  while (sqlite3_step(st) == SQLITE_ROW && n_fns < 256) {
    fn_info *f = &fns[n_fns++];
    snprintf(f->name, sizeof f->name, "%s", sqlite3_column_text(st, 0));
    f->n_arg = sqlite3_column_int(st, 1);
    f->deterministic = sqlite3_column_int(st, 2) != 0;
    f->module = sqlite3_column_int(st, 3);
  }
  sqlite3_finalize(st);
  if (n_fns == 0) {
    fprintf(stderr, "sql_fuzz: no url_* functions registered\n");
    abort();
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  if (sqlite3_auto_extension((void (*)(void))sqlite3_url_init) != SQLITE_OK)
    abort();
  db = open_db();
  read_registry();
  return 0;
}

/* ------------------------------------------------------- reading input */

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static unsigned byte(reader *r) {
  if (!r->n) return 0;
  r->n--;
  return *r->p++;
}

/* A run of input bytes: length 0..255, or up to 32 KiB after a byte with
   the top bit set. */
static size_t chunk(reader *r, const uint8_t **out) {
  size_t len = byte(r);
  if (len & 0x80) len = ((len & 0x7F) << 8) | byte(r);
  if (len > r->n) len = r->n;
  *out = r->p;
  r->p += len;
  r->n -= len;
  return len;
}

/* One argument: its type and bytes (owned when `owned`). */
typedef struct arg {
  int type;
  sqlite3_int64 i;
  double d;
  const char *s;
  size_t n;
  char *owned;
} arg;

static const char *const WORDS[] = {
    "href", "protocol", "username", "password", "host", "hostname", "port",
    "pathname", "search", "hash", "component", "userinfo", "path", "query",
    "special-query", "fragment", "c0-control", "form", "uts46", "idna2008",
    "all", "icann", "", "1", "0",
    /* url_canonical's profiles, url_surt's options, url_strip_params' */
    "whatwg", "google", "semantic_precise", "semantic", "aggressive", "{}",
    "{\"with_scheme\":true,\"trailing_comma\":true,\"public_suffix\":true}",
    "{\"canonicalizer\":\"aggressive\",\"heritrix\":true}", "@tracking",
    "utm_*"};
static const char *const URLS[] = {
    "https://user:pass@example.com:8080/a/b?c=d&e=f#g",
    "http://[::1]:80/",
    "https://xn--mnchen-3ya.de/ä?ö#ü",
    "https://Bücher.example/",
    "file:///C:/a/../b",
    "blob:https://a.example/uuid",
    "data:text/plain,x",
    "mailto:x@y",
    "non-special://h/p?q",
    "http://192.168.0.1.",
    "http://a/b/c/d;p?q",
    "?a=1&b=2&a=3",
    "//host/path",
    "../x"};
static const char *const PSL_PATHS[] = {
    "/usr/share/publicsuffix/public_suffix_list.dat",
    "/usr/share/publicsuffix/public_suffix_list.dafsa",
    "/nonexistent/list.dat", "/tmp", "", "\xff/list.dat"};
#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static void text(arg *a, const char *s, size_t n) {
  a->type = SQLITE_TEXT;
  a->s = s;
  a->n = n;
}

/* text a + b, owned */
static void joined(arg *a, const char *s, size_t n, const void *t, size_t m,
                   int nul) {
  a->owned = malloc(n + m + 2);
  memcpy(a->owned, s, n);
  if (nul) a->owned[n] = 0;
  if (m) memcpy(a->owned + n + (nul != 0), t, m);
  text(a, a->owned, n + m + (nul != 0));
}

static void read_arg(reader *r, arg *a, int psl_path) {
  memset(a, 0, sizeof *a);
  unsigned k = byte(r);
  const uint8_t *c;
  size_t n;
  if (psl_path) {
    a->s = PSL_PATHS[k % COUNT(PSL_PATHS)];
    if (k & 0x80) a->type = SQLITE_NULL;
    else text(a, a->s, strlen(a->s));
    return;
  }
  switch (k % 32) {
    case 0: case 1:
      a->type = SQLITE_NULL;
      break;
    case 2: case 3: {
      uint64_t bits = 0;
      for (int i = 0; i < 8; i++) bits = (bits << 8) | byte(r);
      a->type = SQLITE_INTEGER;
      a->i = (sqlite3_int64)bits;
      if (k & 0x20) a->i %= 3; /* -2 .. 2: flags */
      break;
    }
    case 4: {
      uint64_t bits = 0;
      for (int i = 0; i < 8; i++) bits = (bits << 8) | byte(r);
      a->type = SQLITE_FLOAT;
      memcpy(&a->d, &bits, sizeof a->d);
      break;
    }
    case 5: case 6: case 7: case 8: case 9: case 10: case 11: case 12:
      n = chunk(r, &c);
      text(a, (const char *)c, n);
      break;
    case 13: case 14:
      n = chunk(r, &c);
      a->type = SQLITE_BLOB;
      a->s = (const char *)c;
      a->n = n;
      break;
    case 15: case 16: { /* embedded NUL */
      n = chunk(r, &c);
      const uint8_t *t;
      size_t m = chunk(r, &t);
      joined(a, (const char *)c, n, t, m, 1);
      break;
    }
    case 17: case 18: case 19: case 20:
      a->s = WORDS[byte(r) % COUNT(WORDS)];
      text(a, a->s, strlen(a->s));
      break;
    case 21: case 22: case 23: case 24: case 25: case 26: {
      const char *u = URLS[byte(r) % COUNT(URLS)];
      text(a, u, strlen(u));
      break;
    }
    case 27: case 28: case 29: case 30: { /* a URL and input bytes */
      const char *u = URLS[byte(r) % COUNT(URLS)];
      n = chunk(r, &c);
      joined(a, u, strlen(u), c, n, 0);
      break;
    }
    default: { /* 1 MB of the input bytes repeated (rarely: slow) */
      if (byte(r) != 0xB1) {
        n = chunk(r, &c);
        text(a, (const char *)c, n);
        break;
      }
      n = chunk(r, &c);
      if (!n) {
        c = (const uint8_t *)"a%C3%A9/";
        n = 8;
      }
      a->owned = malloc(BIG);
      size_t have = n < BIG ? n : BIG;
      memcpy(a->owned, c, have);
      for (; have < BIG; have *= 2) /* double the copy */
        memcpy(a->owned + have, a->owned, have < BIG - have ? have : BIG - have);
      text(a, a->owned, BIG);
    }
  }
}

/* ------------------------------------------------------------ oracles */

static const fn_info *cur_fn;
static arg cur_args[MAX_ARGS + 1];
static int cur_n;

static void show_arg(const arg *a) {
  switch (a->type) {
    case SQLITE_NULL: fputs("NULL", stderr); break;
    case SQLITE_INTEGER: fprintf(stderr, "%lld", (long long)a->i); break;
    case SQLITE_FLOAT: fprintf(stderr, "%.17g", a->d); break;
    default:
      fputs(a->type == SQLITE_BLOB ? "X'" : "'", stderr);
      for (size_t i = 0; i < a->n && i < 200; i++) {
        unsigned char ch = (unsigned char)a->s[i];
        if (a->type == SQLITE_BLOB) fprintf(stderr, "%02X", ch);
        else if (ch >= 0x20 && ch < 0x7F && ch != '\\') fputc(ch, stderr);
        else fprintf(stderr, "\\x%02X", ch);
      }
      fprintf(stderr, "'%s", a->n > 200 ? "... (long)" : "");
  }
}

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "\nsql_fuzz: oracle: %s\n  call: %s(", what, cur_fn->name);
  for (int i = 0; i < cur_n; i++) {
    if (i) fputs(", ", stderr);
    show_arg(&cur_args[i]);
  }
  fprintf(stderr, ")\n  %s\n", detail ? detail : "");
  abort();
}

static int valid_utf8(const char *s, size_t n) {
  return url_utf8_valid_prefix((const unsigned char *)s, n) == n;
}

/* The rows of a statement, rendered; text checked for valid UTF-8. */
typedef struct result {
  int rc;
  char msg[512];
  char *rows;
  size_t n, cap;
  int n_rows;
} result;

static void put(result *r, const void *p, size_t n) {
  if (r->n + n + 1 > r->cap) {
    r->cap = (r->n + n + 1) * 2;
    r->rows = realloc(r->rows, r->cap);
  }
  memcpy(r->rows + r->n, p, n);
  r->n += n;
  r->rows[r->n] = 0;
}

/* Bytes with NUL, newline and backslash escaped: rows stay C strings. */
static void put_escaped(result *r, const char *p, size_t n) {
  size_t run = 0;
  for (size_t i = 0; p && i < n; i++) {
    const char *esc = p[i] == 0 ? "\\0" : p[i] == '\n' ? "\\n"
                    : p[i] == '\\' ? "\\\\" : NULL;
    if (!esc) continue;
    put(r, p + run, i - run);
    put(r, esc, 2);
    run = i + 1;
  }
  if (p && n > run) put(r, p + run, n - run);
}

/* Binds cur_args as ?1..?n, and `extra` (if any) as ?n+1. */
static void bind_all(sqlite3_stmt *st, const arg *extra) {
  for (int i = 0; i < cur_n + (extra != NULL); i++) {
    const arg *a = i < cur_n ? &cur_args[i] : extra;
    switch (a->type) {
      case SQLITE_NULL: sqlite3_bind_null(st, i + 1); break;
      case SQLITE_INTEGER: sqlite3_bind_int64(st, i + 1, a->i); break;
      case SQLITE_FLOAT: sqlite3_bind_double(st, i + 1, a->d); break;
      case SQLITE_BLOB:
        sqlite3_bind_blob64(st, i + 1, a->s, a->n, SQLITE_STATIC);
        break;
      default:
        sqlite3_bind_text64(st, i + 1, a->s, a->n, SQLITE_STATIC, SQLITE_UTF8);
    }
  }
}

/* Runs sql and renders its rows ("|type:bytes:value" per column, one line
   per row); text must be valid UTF-8. */
static void run(const char *sql, const arg *extra, result *r) {
  memset(r, 0, sizeof *r);
  put(r, "", 0);
  sqlite3_stmt *st = NULL;
  r->rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);
  if (r->rc == SQLITE_OK) {
    bind_all(st, extra);
    while ((r->rc = sqlite3_step(st)) == SQLITE_ROW) {
      r->n_rows++;
      for (int i = 0; i < sqlite3_column_count(st); i++) {
        int t = sqlite3_column_type(st, i);
        const char *p = t == SQLITE_BLOB
                            ? sqlite3_column_blob(st, i)
                            : (const char *)sqlite3_column_text(st, i);
        size_t n = (size_t)sqlite3_column_bytes(st, i);
        if (t == SQLITE_TEXT && !valid_utf8(p, n))
          fail("a text result is not valid UTF-8", p);
        char tag[32];
        snprintf(tag, sizeof tag, "|%d:%zu:", t, n);
        put(r, tag, strlen(tag));
        put_escaped(r, p, n);
      }
      put(r, "\n", 1);
    }
    if (r->rc == SQLITE_DONE) r->rc = SQLITE_OK;
  }
  if (r->rc != SQLITE_OK)
    snprintf(r->msg, sizeof r->msg, "%s", sqlite3_errmsg(db));
  sqlite3_finalize(st);
}

/* Errors allowed: misuse naming the function; too big under a small limit
   (where SQLite may also lose a message that does not fit). */
static void check_error(const result *r, int small_limit) {
  if (r->rc == SQLITE_OK) return;
  if (!valid_utf8(r->msg, strlen(r->msg)))
    fail("an error message is not valid UTF-8", r->msg);
  size_t k = strlen(cur_fn->name);
  if (r->rc == SQLITE_ERROR && strncmp(r->msg, cur_fn->name, k) == 0 &&
      r->msg[k] == ':')
    return;
  if (small_limit && (r->rc == SQLITE_TOOBIG || r->rc == SQLITE_ERROR)) return;
  char d[600];
  snprintf(d, sizeof d, "error %d: %s", r->rc, r->msg);
  fail("an error that is neither misuse nor too big", d);
}

/* The rows of Q2 whose key (first column) is `key`, without the key. */
static void rows_of(const result *q2, int key, result *out) {
  memset(out, 0, sizeof *out);
  put(out, "", 0);
  char tag[32];
  int n = snprintf(tag, sizeof tag, "|%d:1:%d", SQLITE_INTEGER, key);
  for (const char *p = q2->rows; *p;) {
    const char *eol = strchr(p, '\n');
    if (!eol) break;
    if (strncmp(p, tag, (size_t)n) == 0) put(out, p + n, (size_t)(eol - p - n) + 1);
    p = eol + 1;
  }
}

/* ------------------------------------------------------------ one input */

/*
** Functions whose NULL first argument is an answer, not missing data
** (docs/conventions.md rule 2: a visit without a referrer is a direct
** visit): there NULL must answer as '' (no referrer) does, where any other
** function's NULL first argument gives NULL or no rows.
*/
static int null_first_is_answer(const char *name) {
  return !strcmp(name, "url_channel") || !strcmp(name, "url_traffic_source");
}

static char *call_sql(char *sql, size_t size, const char *prefix, int vary,
                      const char *from) {
  size_t len = (size_t)snprintf(sql, size, "%s%s(", prefix, cur_fn->name);
  for (int i = 0; i < cur_n; i++) {
    if (i == vary) len += (size_t)snprintf(sql + len, size - len, "%sr.v", i ? ", " : "");
    else len += (size_t)snprintf(sql + len, size - len, "%s?%d", i ? ", " : "", i + 1);
  }
  snprintf(sql + len, size - len, ")%s", from);
  return sql;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  cur_fn = &fns[byte(&r) % (unsigned)n_fns];
  unsigned flags = byte(&r);
  int psl = strcmp(cur_fn->name, "url_psl_load") == 0;
  int limit = 0;
  if ((flags & 3) == 3) limit = 20 + 4 * (int)byte(&r); /* 20 .. 1040 */

  int n = cur_fn->n_arg;
  if (cur_fn->module) {
    n = n > 0 ? 1 + (int)(byte(&r) % (unsigned)n) : 0;
  } else if (n < 0) { /* url_set: url and pairs, up to SQLite's 127 */
    n = 1 + 2 * (1 + (int)(byte(&r) % ((flags & 4) ? 63 : 4)));
  }
  cur_n = n;
  for (int i = 0; i < n; i++) read_arg(&r, &cur_args[i], psl && i == 0);
  int vary = n ? (int)(byte(&r) % (unsigned)n) : -1;
  arg other;
  read_arg(&r, &other, psl && vary == 0);
  if (limit) sqlite3_limit(db, SQLITE_LIMIT_LENGTH, limit);

  /* Q1 */
  char sql[2048 + 256];
  result q1;
  if (cur_fn->module) call_sql(sql, sizeof sql, "SELECT * FROM ", -1, "");
  else call_sql(sql, sizeof sql, "SELECT ", -1, "");
  run(sql, NULL, &q1);
  check_error(&q1, limit);
  if (n > 0 && cur_args[0].type == SQLITE_NULL && q1.rc == SQLITE_OK && !psl) {
    if (null_first_is_answer(cur_fn->name)) {
      /* NULL there answers as '' does: no referrer */
      arg saved = cur_args[0];
      cur_args[0] = (arg){.type = SQLITE_TEXT, .s = "", .n = 0};
      result qe;
      if (cur_fn->module) call_sql(sql, sizeof sql, "SELECT * FROM ", -1, "");
      else call_sql(sql, sizeof sql, "SELECT ", -1, "");
      run(sql, NULL, &qe);
      cur_args[0] = saved;
      if (qe.rc == SQLITE_OK && strcmp(qe.rows, q1.rows) != 0)
        fail("a NULL first argument did not answer as '' (none) does", q1.rows);
      free(qe.rows);
    } else {
      char want[32];
      snprintf(want, sizeof want, "|%d:0:\n", SQLITE_NULL);
      if (cur_fn->module ? q1.n_rows != 0 : strcmp(q1.rows, want) != 0)
        fail("NULL in did not give NULL out", q1.rows);
    }
  }

  /* Q2: argument `vary` over three rows a, b, a (not with 1 MB: slow). */
  int big = other.n == BIG;
  for (int i = 0; i < n; i++) big |= cur_args[i].n == BIG;
  if (cur_fn->deterministic && n > 0 && !psl && !big) {
    char from[160];
    snprintf(from, sizeof from,
             " FROM (SELECT 1 AS k, ?%d AS v UNION ALL SELECT 2, ?%d"
             " UNION ALL SELECT 3, ?%d) AS r%s",
             vary + 1, n + 1, vary + 1, cur_fn->module ? ", " : "");
    if (cur_fn->module) {
      char tail[2048];
      call_sql(tail, sizeof tail, "", vary, " AS m");
      snprintf(sql, sizeof sql, "SELECT r.k, m.*%s%s", from, tail);
    } else {
      call_sql(sql, sizeof sql, "SELECT r.k, ", vary, from);
    }
    result q2, a, c;
    run(sql, &other, &q2);
    check_error(&q2, limit);
    rows_of(&q2, 1, &a);
    rows_of(&q2, 3, &c);
    if (q1.rc == SQLITE_OK && q2.rc == SQLITE_OK &&
        (strcmp(a.rows, q1.rows) != 0 || strcmp(c.rows, q1.rows) != 0)) {
      char d[1200];
      snprintf(d, sizeof d, "alone: %.300s\n  row 1: %.300s\n  row 3: %.300s",
               q1.rows, a.rows, c.rows);
      fail("the call over rows differs from the call alone", d);
    }
    if (q1.rc == SQLITE_OK && q2.rc != SQLITE_OK &&
        strncmp(q1.rows, a.rows, strlen(a.rows)) != 0)
      fail("the call over rows began differently", a.rows);
    /* A failed call may have given rows before its error (a table-valued
       function whose value is too long for SQLITE_LIMIT_LENGTH fails at that
       column; url_links streams its rows): over rows, the same rows and then
       the same failure. */
    if (q1.rc != SQLITE_OK && (q2.rc == SQLITE_OK || strcmp(a.rows, q1.rows) != 0)) {
      char d[700];
      snprintf(d, sizeof d, "alone (failed): %.300s\n  row 1: %.300s", q1.rows, a.rows);
      fail("the call alone failed, over rows it did not fail the same way", d);
    }
    free(q2.rows);
    free(a.rows);
    free(c.rows);
  }
  free(q1.rows);

  if (limit) sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1000000000);
  if (psl) { /* a fresh connection, with the default list */
    sqlite3_close(db);
    db = open_db();
  }
  for (int i = 0; i < n; i++) free(cur_args[i].owned);
  free(other.owned);
  return 0;
}
