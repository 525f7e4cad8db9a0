/*
** The SQLite side of the extension: one way in (url_arg_read), one way out
** (url_result*), one eponymous table-valued function helper (vtab.c), and
** a family per file (url_family: each function file registers its own
** functions from static tables, which url_ext.c joins).  Every ext/ file
** but url_ext.c uses the API through SQLITE_EXTENSION_INIT3.
**
** Layers, each file using only those below it: mem.c (the allocator);
** value.c (arguments, parsed values, results, errors); conn.c (the
** connection's state); call.c (one call's storage); vtab.c, then the
** function files; url_ext.c (the entry point) on top.
**
** A scalar function is
**
**   static void fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
**
** with a row in its file's funcs[]: name, argument count, flags and an
** integer argument (url_fn_arg()).  Its user data is a url_fn: its row and
** the connection's url_conn (the public suffix list in use).
**
** The API routines pointer is declared here (SQLITE_EXTENSION_INIT3) and
** defined in url_ext.c (SQLITE_EXTENSION_INIT1).
*/
#ifndef URL_EXT_H
#define URL_EXT_H

#include <sqlite3ext.h>

#include "url.h"
#include "url_buf.h"

SQLITE_EXTENSION_INIT3

#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0
#endif
#ifndef SQLITE_DETERMINISTIC
#define SQLITE_DETERMINISTIC 0
#endif
#ifndef SQLITE_DIRECTONLY
#define SQLITE_DIRECTONLY 0
#endif

/* Flags of every pure function: the same arguments give the same result,
   and it is safe in views, triggers, indexes and generated columns. */
#define URL_PURE (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* Bytes of stack storage for an argument or a result before the heap. */
#define URL_STACK 512

/* The allocator ext/ hands to every core buffer, list and call: SQLite's
   (mem.c). */
extern const url_allocator url_mem_sqlite;

/* ------------------------------------------------ the connection's state */

/*
** What a connection needs (conn.c), hung off the user data of each of its
** functions and modules (no global state but parts/psl.c's registry of
** shared list data): the public suffix list in use,
** one url_fn per registered function, one url_tvf_reg per module, and the
** cache below.  Reference-counted: each registration holds a reference
** that SQLite's destructor callback releases, so the last to go frees it,
** whatever order SQLite drops them in.
*/
typedef struct url_conn url_conn;
struct url_psl_list;
struct url_tvf;
struct url_tvf_reg;
struct url_kept;

/* One row of a family's table of scalar functions. */
typedef struct url_func {
  const char *name;
  int n_arg; /* -1: variadic; URL_ARITY(lo, hi): each of lo..hi (one row
                for a function's optional arguments) */
  int flags;         /* SQLITE_UTF8 | ... */
  int arg;           /* url_fn_arg(): which getter, operation, ... */
  void (*fn)(sqlite3_context *, int, sqlite3_value **);
} url_func;

/* The arities d is registered with: n_arg itself, or lo..hi of URL_ARITY. */
#define URL_ARITY(LO, HI) ((LO) | (HI) << 8)
static inline int url_func_min_arg(const url_func *d) {
  return d->n_arg < 0 ? d->n_arg : (d->n_arg & 0xff);
}
static inline int url_func_max_arg(const url_func *d) {
  return d->n_arg >> 8 ? d->n_arg >> 8 : url_func_min_arg(d);
}

/* The user data of every scalar function (one per row of every family,
   inside the connection's url_conn). */
typedef struct url_fn {
  const url_func *def;
  url_conn *conn;
} url_fn;

/* The connection state of the function being called. */
static inline url_conn *url_fn_conn(sqlite3_context *ctx) {
  return ((const url_fn *)sqlite3_user_data(ctx))->conn;
}
/* The name it was registered under, and its row's argument. */
static inline const char *url_fn_name(sqlite3_context *ctx) {
  return ((const url_fn *)sqlite3_user_data(ctx))->def->name;
}
static inline int url_fn_arg(sqlite3_context *ctx) {
  return ((const url_fn *)sqlite3_user_data(ctx))->def->arg;
}

/*
** A connection's state for the families fams[0..n) (url_ext.c's list),
** with the default public suffix list; NULL if out of memory.  The creator
** holds one reference.
*/
struct url_family;
url_conn *url_conn_new(const struct url_family *const *fams, int n);
url_conn *url_conn_retain(url_conn *c);
/* Drops a reference; the last frees the connection's state. */
void url_conn_release(url_conn *c);
/* The user data to register the i-th function with, and the client data of
   the k-th table-valued function, counting through the families in order. */
url_fn *url_conn_fn(url_conn *c, int i);
struct url_tvf_reg *url_conn_tvf(url_conn *c, int k);

/* The public suffix list in use; it changes when url_psl_load runs, so read
   it at each use. */
const struct url_psl_list *url_conn_psl(const url_conn *c);
/* Replaces the list in use with *l (taken over); frees the old one. */
void url_conn_set_psl(url_conn *c, struct url_psl_list *l);

/*
** The connection's cache of parsed bases and of storage for long inputs,
** which calls on it share (url_call_parse): made on first use (NULL if out
** of memory) and freed with the connection.
*/
typedef struct url_call_cache url_call_cache;
url_call_cache *url_conn_cache(url_conn *c);
/*
** The base v, whose bytes are p[0..n), parsed under the length limit max:
** the cached parse of the same bytes, else parsed now into the slot a miss
** replaces.  *out is the parsed base, or NULL when it is not a valid URL.
** Returns URL_OK, URL_FAILURE (invalid base) or an error.
*/
int url_call_cache_base(url_call_cache *cc, sqlite3_value *v, const char *p,
                        size_t n, size_t max, const url **out);
/* The kept storage for an input too long for a call's stack. */
struct url_kept *url_call_cache_long_input(url_call_cache *cc);

/*
** Objects a function makes from an argument and that do not change once
** made (compiled URL patterns, lists of top domains, compiled robots.txt
** files), kept by the connection by the argument's bytes and the length
** limit they were made under (objs.c), so that a value that changes from
** row to row but repeats (a join against a table of patterns) is made
** once, not once per row, and a constant one is made once per statement.
** An object starts with a url_obj and counts its references (the
** connection's cache, statements' auxdata, cursors, a call).  Its kind
** says how it is freed and how many of its kind a connection keeps.
*/
typedef struct url_obj_kind {
  void (*free)(void *obj); /* when its last reference goes */
  int slots;               /* objects kept (rounded to buckets of 8) */
  size_t budget;           /* their url_obj.bytes in all; past it the
                              kind's cache starts again empty */
  size_t one_max;          /* a bigger object is not kept */
} url_obj_kind;

typedef struct url_obj {
  const url_obj_kind *kind;
  int refs;
  size_t bytes; /* what it holds, counted against its kind's budget */
  /* statements' auxdata: rows that found it there, that count when it was
     last handed over, and whether SQLite dropped it unused */
  unsigned long aux_hits, aux_hits_then;
  int aux_unused;
} url_obj;

/* Starts o with one reference (the maker's). */
void url_obj_init(url_obj *o, const url_obj_kind *kind, size_t bytes);
/* Drops a reference (o may be NULL); the last frees it. */
void url_obj_release(void *o);

/*
** Makes the object of argument v (not NULL) under the length limit max,
** with one reference, into *out.  Returns URL_OK, URL_FAILURE (*msg: the
** error to report, sqlite3_malloc'd) or URL_NOMEM / URL_TOOBIG.
*/
typedef int (*url_obj_make)(void *arg, sqlite3_value *v, size_t max,
                            url_obj **out, char **msg);

/*
** The object of kind for v (not NULL) under max, with a reference for the
** caller: the connection's (*again: 1 when it is the one the previous
** lookup of that kind gave), else made now by make(arg, ...) and kept
** when it fits.  Returns as make.
*/
int url_conn_obj(url_conn *c, const url_obj_kind *kind, sqlite3_value *v,
                 size_t max, url_obj_make make, void *arg, url_obj **out,
                 int *again, char **msg);
/*
** The compiled object of argument i of a call (v = argv[i], not NULL):
** the statement's (auxdata), else url_conn_obj's.  NULL with *rc (and
** *msg for URL_FAILURE) on error.  *held says what url_arg_obj_done, which
** ends the call's use of it, is to do.
*/
url_obj *url_arg_obj(sqlite3_context *ctx, int i, sqlite3_value *v,
                     const url_obj_kind *kind, size_t max, url_obj_make make,
                     void *arg, int *held, int *rc, char **msg);
void url_arg_obj_done(sqlite3_context *ctx, int i, url_obj *o, int held);

/*
** The connection's one object of kind (a per-connection index), made by
** make on first use; borrowed: the connection holds it until it closes,
** and not in the keyed cache above, which a join could empty.  Returns
** URL_OK or make's error.
*/
int url_conn_one(url_conn *c, const url_obj_kind *kind,
                 int (*make)(url_obj **out), url_obj **out);

/*
** State a part of ext/ keeps for the connection (objs.c's objects above),
** made on first use and freed with the
** connection by the function it gave.  One slot per id.
*/
enum { URL_CONN_OBJS, URL_CONN_STATES };
void *url_conn_state(url_conn *c, int id);
void url_conn_set_state(url_conn *c, int id, void *p, void (*destroy)(void *));

/* --------------------------------------------------------------- arguments */

/* The connection's SQLITE_LIMIT_LENGTH: the longest result we may return. */
size_t url_max_len(sqlite3_context *ctx);
size_t url_db_max_len(sqlite3 *db);

/*
** An argument read as the Standard's string: TEXT by length (an embedded
** NUL is data), integers and reals as their text, BLOBs as bytes; invalid
** UTF-8 decoded with U+FFFD replacement.  `s`/`n` stay valid until the value
** changes or url_arg_free().
*/
typedef struct url_arg {
  const char *s;
  size_t n;
  url_buf fix; /* holds the repaired text, if repair was needed */
  char stack[URL_STACK];
} url_arg;

/*
** The one argument reader.  Returns URL_OK, URL_FAILURE for NULL (a->s is
** "" then), or URL_NOMEM / URL_TOOBIG (repair longer than max).  Always
** pair with url_arg_free().
*/
int url_arg_read(url_arg *a, sqlite3_value *v, size_t max);
void url_arg_free(url_arg *a);

/*
** url_arg_read, but a BLOB is read as its octets as they are, not as UTF-8
** (docs/conventions.md, rule 5: octets in, octets out): what the
** percent-encoders and -decoders take.
*/
int url_arg_octets(url_arg *a, sqlite3_value *v, size_t max);

/*
** The bytes of v as SQLite holds them, unrepaired (may be invalid UTF-8):
** only for a fast path that takes any bytes and falls back on
** url_arg_read (url_parse_value, url_canonical).  Returns URL_OK (*p NULL
** when empty), URL_FAILURE for NULL, or URL_NOMEM.
*/
int url_arg_bytes(sqlite3_value *v, const char **p, size_t *n);

/*
** The one reader of a label or option name (an encoding label, a mode, a
** set, a profile): v's bytes, TEXT and BLOB alike read as UTF-8 text,
** numbers as their text.  Returns URL_OK (*p never NULL), URL_FAILURE for
** NULL, or URL_NOMEM.
*/
int url_arg_label(sqlite3_value *v, const char **p, size_t *n);

/*
** Which of names[0..n) the label v is (url_arg_label): sets *k to its
** index, or -1 when it is none of them.  An entry is a name, or names
** joined by '|' (the project's, then a standard's own: "form|application/
** x-www-form-urlencoded"); they match ASCII case-insensitively
** (docs/conventions.md, rule 3).  Returns URL_OK, URL_FAILURE for NULL, or
** URL_NOMEM.  url_arg_choice's lookup, for callers that report errors
** their own way (a table-valued function's cursor).
*/
int url_label_find(sqlite3_value *v, const char *const *names, int n, int *k);

/*
** An argument argv[i] that names one of `names[0..n)` (a percent-encode
** set, a profile, a mode; matched as url_label_find does): returns its
** index, URL_ARG_NULL when it is NULL (the caller decides), or
** URL_ARG_ERROR after reporting "FN: unknown WHAT 'x' (expected one of: a,
** b, c)".  A constant argument is looked up once per statement (auxdata).
*/
int url_arg_choice(sqlite3_context *ctx, sqlite3_value **argv, int i,
                   const char *what, const char *const *names, int n);
/*
** An optional option argument argv[i] (absent when i >= argc): its index,
** dflt when it is absent or NULL (a NULL option is one not given,
** docs/conventions.md rule 2), or URL_ARG_ERROR after reporting an
** unknown name.
*/
int url_arg_option(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                   int i, const char *what, const char *const *names, int n,
                   int dflt);
/*
** A setter's arguments (FIRST, part, value [, part, value ...]): checks
** the count and every part name (names[0..n), as url_arg_choice), setting
** which[] to their indexes.  Returns the number of pairs; URL_ARG_NULL when
** a name is NULL (every name still checked; the values are the caller's
** to read); or URL_ARG_ERROR
** after reporting misuse ("expected FIRST followed by WHAT, value pairs").
*/
#define URL_MAX_PAIRS 64
int url_arg_pairs(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                  const char *first, const char *what,
                  const char *const *names, int n, int *which);
/* Reports that error for v (which may be NULL: a NULL name is misuse where
   the caller says so). */
void url_error_choice(sqlite3_context *ctx, sqlite3_value *v,
                      const char *what, const char *const *names, int n);

/*
** Positions in an argument as SQL's substr() counts it (docs/conventions.md,
** rule 4): 1-based, in characters of a TEXT value, bytes of a BLOB, so
** that substr(arg, position) starts at the place reported.  A TEXT
** value's characters are counted as SQLite counts them: a byte of 0xC0 or
** more with the continuation bytes after it, any other byte alone (on
** invalid UTF-8 that is not a U+FFFD per maximal subsequence); a byte
** inside a character has that character's position.  p[0..n) are the
** argument's bytes as SQLite holds them (url_arg_bytes; a hidden column's
** copy); with `repaired`, the offsets asked are into their
** url_utf8_sanitize form (url_arg_read's text), mapped back first.
** Offsets asked in ascending order cost one pass over p in all.
*/
typedef struct url_position {
  const unsigned char *p;
  size_t n;
  int blob, repaired;
  size_t b;          /* a character's first byte ... */
  sqlite3_int64 c;   /* ... and how many characters come before it */
  size_t si, so;     /* the repair's walk (url_utf8_source_offset) */
} url_position;
void url_position_init(url_position *x, const void *p, size_t n, int blob, int repaired);
/* The position of byte offset off (of p, or of its repair). */
sqlite3_int64 url_position_of(url_position *x, size_t off);

/* A 0/1 flag argument: NULL is 0, the integer or real 0 or 1 is itself;
   any other number, text or blob is the error "FN: WHAT must be 0 or 1"
   (URL_ARG_ERROR). */
int url_arg_bool(sqlite3_context *ctx, sqlite3_value *v, const char *what);

/* Parses argument v (NULL: URL_FAILURE) into u, freshly initialised,
   against base (NULL: none).  Returns a status code. */
int url_parse_value(url *u, sqlite3_value *v, const url *base);
/* The same with an encoding (core/parse.h url_parse_enc). */
int url_parse_value_enc(url *u, sqlite3_value *v, const url *base, int enc);

/*
** A URL parsed again and again into the same storage: inline at first,
** then the largest heap buffer a parse grew it to, kept for the next one,
** so that a stream of long URLs allocates once, not once per row (the
** url_components cursor, the statement's cache of bases).  Holds pointers
** into itself: initialise it where it stays.
*/
typedef struct url_kept {
  url u;        /* the last parse */
  char *mem;    /* u's storage: st, or the kept heap buffer */
  size_t cap;
  char st[URL_STACK];
} url_kept;

/* Kept storage beyond this is given back after the call that grew it. */
#define URL_KEEP_MAX ((size_t)1 << 22)

void url_kept_init(url_kept *k);
void url_kept_free(url_kept *k);
/* url_parse_value(&k->u, v, base) over the kept storage. */
int url_kept_parse(url_kept *k, sqlite3_value *v, const url *base, size_t max);
int url_kept_parse_enc(url_kept *k, sqlite3_value *v, const url *base,
                       size_t max, int enc);

/* ------------------------------------------------------------- one call */

/*
** The stack storage of one scalar call: the parsed input URL, its base, and
** an output buffer, all starting in inline storage (URL_STACK bytes each)
** so that a common call allocates nothing.  Always end with url_call_end().
*/
typedef struct url_call {
  sqlite3_context *ctx;
  size_t max;      /* SQLITE_LIMIT_LENGTH */
  url u;           /* the parsed input (url_call_parse) */
  url b;           /* the parsed base, when the call had one to parse */
  url_buf out;     /* text a function builds */
  url_buf host;    /* an input parsed as a host (url_call_host) */
  struct url_kept *kept; /* the connection's storage u views, or NULL */
  char ust[URL_STACK], bst[URL_STACK], ost[URL_STACK], hst[URL_STACK];
} url_call;

void url_call_begin(url_call *c, sqlite3_context *ctx);
void url_call_end(url_call *c);

/*
** Parses argv[in] against the base argv[ib] (ib < 0: no base argument; a
** NULL base means no base) into c->u.  A base constant for the statement
** is parsed once (kept as auxdata).  Returns URL_OK, URL_FAILURE (NULL or
** invalid input, invalid base) or an error.
*/
int url_call_parse(url_call *c, sqlite3_value **argv, int in, int ib);
/* The same with an encoding (an encoding of core/encoding.h: the URL
   parser's, for a special URL's query). */
int url_call_parse_enc(url_call *c, sqlite3_value **argv, int in, int ib,
                       int enc);

/* The base argument argv[ib] alone, as url_call_parse reads it: *out is the
   parsed base, or NULL for a NULL base (no base).  Returns URL_OK,
   URL_FAILURE (not a valid URL) or an error. */
int url_call_base(url_call *c, sqlite3_value **argv, int ib, const url **out);

/*
** The host an input stands for: the host of v if v parses as an absolute
** URL (into c->u), else v parsed as a host (into c->host), as
** url_parse_host(v) does.  *t is URL_HOST_NONE when there is none.
** Returns URL_OK, URL_FAILURE (NULL, or neither a URL nor a host) or an
** error.
*/
int url_call_host(url_call *c, sqlite3_value *v, url_str *h,
                  url_host_type *t);
/* The same without a call: the URL into u, the host into hb (both freshly
   initialised by the caller). */
int url_value_host(sqlite3_value *v, url *u, url_buf *hb, url_str *h,
                   url_host_type *t);
/* Sets the call's result to s, a slice of the host url_call_host gave (or
   any other string), copied once and NUL-terminated (url_result_part);
   ends nothing: pair with url_call_end. */
void url_call_result_host_part(url_call *c, int rc, url_str s);

/* ---------------------------------------------------------------- JSON */

/*
** JSON text (url_surt's options, the URLPattern constructor's arguments)
** read into at most URL_JSON_VALUES values (json.c).  v[0] is the top
** value; an array's or object's items are v[first], then each item's next
** (-1 ends the list).  Strings are decoded (text, and a member's name)
** into the reader's store, numbers are their text as written.
*/
typedef enum url_json_type {
  URL_JSON_NULL,
  URL_JSON_FALSE,
  URL_JSON_TRUE,
  URL_JSON_NUMBER,
  URL_JSON_STRING,
  URL_JSON_ARRAY,
  URL_JSON_OBJECT
} url_json_type;

typedef struct url_json_value {
  url_json_type type;
  url_str text; /* a string, decoded; a number, as written */
  url_str name; /* an object's member: its name, decoded; else s NULL */
  int first;    /* an array's or object's first item; -1: none */
  int next;     /* the next item of the same array or object; -1: none */
} url_json_value;

#define URL_JSON_VALUES 64
typedef struct url_json {
  url_json_value v[URL_JSON_VALUES];
  int n;
  url_buf store; /* decoded strings (from url_mem_sqlite, up to max) */
  char st[256];
  char why[64]; /* why the text is not JSON (or too large) */
} url_json;

/* Reads s[0..n) (valid UTF-8).  Returns URL_OK, URL_FAILURE (not JSON, or
   too many values or too deep: why says) or the store's error.  Pair with
   url_json_free whatever the result. */
int url_json_parse(url_json *j, const char *s, size_t n, size_t max);
void url_json_free(url_json *j);
/* Whether v is a member named `name`. */
int url_json_name_is(const url_json_value *v, const char *name);
/* How much of v's name an error message quotes ("%.*s"): at most max
   bytes, of whole characters (a message must be valid UTF-8). */
int url_json_name_shown(const url_json_value *v, size_t max);
/* Appends s[0..n) as a JSON string (invalid UTF-8 as U+FFFD; '"', '\\'
   and control characters escaped). */
void url_json_append_string(sqlite3_str *out, const char *s, size_t n);
/* A JSON array of strings written into out, a fresh sqlite3_str:
   url_json_array_add appends an item ('[' before the first, ',' before the
   others); url_json_array_finish closes it ("[]" when empty) and returns
   its text (to sqlite3_free; *len: its bytes), NULL when out of memory. */
void url_json_array_add(sqlite3_str *out, const char *s, size_t n);
char *url_json_array_finish(sqlite3_str *out, int *len);

/* ------------------------------------------------------------- results */

/*
** The one result path.  From a core status code: URL_OK gives the text
** s[0..n) (copied), URL_FAILURE NULL, URL_NOMEM / URL_TOOBIG the SQLite
** errors (SQLite itself refuses text over SQLITE_LIMIT_LENGTH as too big).
*/
void url_result(sqlite3_context *ctx, int rc, const char *s, size_t n);
/* The same with a slice, or an integer (0/1 flags, counts). */
void url_result_str(sqlite3_context *ctx, int rc, url_str s);
void url_result_int(sqlite3_context *ctx, int rc, sqlite3_int64 v);
/* url_result_str of s, a slice of b: when s starts b's heap storage,
   SQLite takes that storage over instead of copying it (b is left empty;
   it grew with url_mem_sqlite, so sqlite3_free is its destructor). */
void url_result_buf(sqlite3_context *ctx, int rc, url_str s, url_buf *b);
/* The same for s, a part of a URL serialization (which has no NUL byte)
   in b: SQLite gets it NUL-terminated where a NUL can be written after it
   (anywhere in b when it is `scratch` the call is done with, else only
   past b's contents), so reading the result as a C string costs no second
   copy. */
void url_result_part(sqlite3_context *ctx, int rc, url_str s, url_buf *b,
                     int scratch);
/* url_result_buf of c->out, then url_call_end(c). */
void url_call_result(url_call *c, int rc);

/*
** Reports "FN: message" as the SQL error of this call, FN being the name
** the function was registered under.  printf-style; %s arguments must be
** valid UTF-8 (quote user bytes with url_quote()).
*/
void url_error(sqlite3_context *ctx, const char *fmt, ...);

/*
** Appends v to str as a quoted string for an error message: 'text', cut
** after 64 bytes with "...", bytes that are not valid UTF-8 or are control
** characters written as \xHH, so the message is always valid UTF-8.
*/
void url_quote(sqlite3_str *str, sqlite3_value *v);

/* ------------------------------------------------ table-valued functions */

/*
** An eponymous-only table-valued function (after SQLite's series.c):
** visible columns, then hidden columns for its arguments, and callbacks
** that compute the rows of one set of arguments.  The cursor is one
** allocation of `cursor_size` bytes, starting with url_tvf_cursor, reused
** from row to row of a join.  The helper owns xBestIndex (every required
** argument must be an equality constraint; SQLITE_CONSTRAINT makes the
** planner try another join order), the hidden columns (copies of the
** arguments, without sqlite3_value_dup), rowids and errors.
*/
#define URL_TVF_MAX_ARGS 3

typedef struct url_tvf url_tvf;

/* A copy of one argument, for its hidden column. */
typedef struct url_tvf_arg {
  int type; /* SQLITE_NULL also when absent */
  sqlite3_int64 i;
  double r;
  url_buf bytes; /* text or blob */
  char st[64];
  int same; /* url_tvf_arg_same found this filter's value equal: kept */
} url_tvf_arg;

typedef struct url_tvf_cursor {
  sqlite3_vtab_cursor base;
  const url_tvf *def;
  url_conn *conn;
  sqlite3 *db;
  size_t max;            /* SQLITE_LIMIT_LENGTH, read at each filter */
  sqlite3_int64 row;     /* current row, from 0 */
  sqlite3_int64 n_rows;  /* rows of the current arguments */
  url_tvf_arg args[URL_TVF_MAX_ARGS]; /* the previous arguments, in filter */
} url_tvf_cursor;

struct url_tvf {
  const char *name;           /* also the prefix of its error messages */
  const char *const *columns; /* visible columns: {"href TEXT", ...} */
  int n_columns;
  const char *const *arg_names; /* hidden columns, in argument order */
  int n_args;
  int n_required;             /* leading arguments that must be given */
  int direct_only;            /* SQLITE_VTAB_DIRECTONLY (reads files named
                                 in SQL): not from views, triggers, schema */
  size_t cursor_size;         /* >= sizeof(url_tvf_cursor) */
  /* After the cursor is allocated (zeroed) and before it is freed. */
  void (*open)(url_tvf_cursor *c);
  void (*close)(url_tvf_cursor *c);
  /* Computes the rows for argv[0..n_args) (NULL: not given), setting
     c->n_rows; c->args still hold the previous call's arguments.  Returns
     URL_OK, URL_NOMEM or URL_TOOBIG (no rows then), or URL_FAILURE after
     reporting the misuse with url_tvf_error (an SQL error). */
  int (*filter)(url_tvf_cursor *c, sqlite3_value **argv);
  /* Sets the result of visible column i of row c->row. */
  void (*column)(url_tvf_cursor *c, sqlite3_context *ctx, int i);
  /* Optional, for rows computed as they are read (url_links): after
     c->row is advanced, makes it the next row, setting c->n_rows past it
     if there is one.  Returns as filter does (URL_FAILURE: error set). */
  int (*next)(url_tvf_cursor *c);
};

/* The first fields of a url_tvf from its name, its arrays of columns and
   of argument names (counted here, not by hand), how many arguments it
   needs and its cursor type; the callbacks follow by name:
     static const url_tvf url_x_tvf = {
         URL_TVF_SHAPE("url_x", x_columns, x_args, 1, x_cursor),
         .open = x_open, .close = x_close, .filter = x_filter, .column = x_column};
*/
#define URL_TVF_SHAPE(NAME, COLUMNS, ARGS, REQUIRED, CURSOR)                 \
  .name = (NAME), .columns = (COLUMNS), .n_columns = URL_COUNT(COLUMNS),     \
  .arg_names = (ARGS), .n_args = URL_COUNT(ARGS), .n_required = (REQUIRED),  \
  .cursor_size = sizeof(CURSOR)

/* Whether v is of a's type and reads as the same bytes as the copy a (both
   non-NULL); if so, the copy is kept as it is after this filter. */
int url_tvf_arg_same(url_tvf_arg *a, sqlite3_value *v);

/* Sets the error "NAME: text" of c's function, for a filter that then
   returns URL_FAILURE. */
void url_tvf_error(url_tvf_cursor *c, const char *text);

/*
** A cursor's base URL argument, kept parsed while the argument's value
** stays the same from row to row (a join with a constant base parses it
** once per cursor).
*/
typedef struct url_tvf_base {
  url_kept b; /* storage kept from row to row */
  int rc; /* -1: nothing kept; else how parsing the kept value went */
} url_tvf_base;
void url_tvf_base_open(url_tvf_base *tb, size_t max);
void url_tvf_base_close(url_tvf_base *tb);
/*
** The base for argument number `arg` of this filter, v (NULL: not given):
** *out is the parsed base, or NULL when v is absent or NULL (no base).
** Returns URL_OK, URL_FAILURE (not a valid URL) or an error.
*/
int url_tvf_base_get(url_tvf_cursor *cur, url_tvf_base *tb, int arg,
                     sqlite3_value *v, const url **out);

/* The module's client data: which function, on which connection. */
typedef struct url_tvf_reg {
  const url_tvf *def;
  url_conn *conn;
} url_tvf_reg;

/* The one sqlite3_module behind every url_tvf (vtab.c); registered by
   url_ext.c with a url_tvf_reg as client data. */
extern const sqlite3_module url_tvf_module;

/* ------------------------------------------------------------ families */

/*
** What one ext/ file registers: its scalar functions (one row per name and
** argument count) and its table-valued functions, in static tables of its
** own, joined by url_ext.c's list of families.  A new SQL function is a row
** in its file's table (and tests).
*/
typedef struct url_family {
  const url_func *funcs;
  int n_funcs;
  const url_tvf *const *tvfs;
  int n_tvfs;
} url_family;

#define URL_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

extern const url_family url_hosts_family;         /* hosts.c */
extern const url_family url_api_family;           /* url_api.c */
extern const url_family url_validation_family;    /* validation.c */
extern const url_family url_set_family;           /* set.c */
extern const url_family url_search_params_family; /* search_params.c */
extern const url_family url_components_family;    /* components.c */
extern const url_family url_host_parts_family;    /* host_parts.c */
extern const url_family url_path_parts_family;    /* path_parts.c */
extern const url_family url_hierarchy_family;     /* hierarchy.c */
extern const url_family url_sites_family;         /* sites.c */
extern const url_family url_links_family;         /* links.c */
extern const url_family url_warc_family;          /* warc_records.c */
extern const url_family url_keys_family;          /* keys.c */
extern const url_family url_pattern_family;       /* pattern.c */
extern const url_family url_encoding_family;      /* encoding.c */
extern const url_family url_referrers_family;    /* referrers.c */
extern const url_family url_robots_family;        /* robots.c */
extern const url_family url_uri_family;           /* uri.c */
extern const url_family url_deceptive_family;     /* deceptive.c */
extern const url_family url_warc_index_family;    /* warc_index.c */

/*
** An encoding argument argv[i] (encoding.c): a label of the Encoding
** Standard (https://encoding.spec.whatwg.org/#names-and-labels), read as
** the Standard's "get an encoding" (ASCII case-insensitive, whitespace
** trimmed).  Returns the encoding (core/encoding.h), URL_ARG_NULL when it
** is NULL (the caller decides), or URL_ARG_ERROR after reporting
** "FN: unknown encoding 'x'".  A constant argument is looked up once per
** statement (auxdata).
*/
int url_arg_encoding(sqlite3_context *ctx, sqlite3_value **argv, int i);
/* The same reading of a value v where no call context reports the error (a
   table-valued function's argument): the encoding, URL_ARG_NULL, or
   URL_ARG_ERROR with *msg "unknown encoding 'x'" (sqlite3_free it; NULL
   when out of memory). */
int url_value_encoding(sqlite3_value *v, char **msg);

/*
** The encoding argument argv[i] of a decoder (url_decode, uri_decode;
** encoding.c): an Encoding Standard label as url_arg_encoding reads it, or
** 'binary' (ASCII case-insensitive): the bytes themselves, URL_ENC_BINARY.
** Absent (i >= argc) or NULL: UTF-8.  URL_ARG_ERROR after reporting an
** unknown label.
*/
#define URL_ENC_BINARY (-10)
int url_arg_decode_to(sqlite3_context *ctx, int argc, sqlite3_value **argv,
                      int i);
/*
** Sets the result of a decoder from the bytes it wrote to c->out (rc: its
** status): text, the bytes decoded in enc with replacement (UTF-8: each
** maximal invalid subsequence a U+FFFD), or for URL_ENC_BINARY a BLOB of
** the bytes.  Ends the call.
*/
void url_call_result_decoded(url_call *c, int rc, int enc);

/*
** A decoding function's whole call once its options are read: text read as
** bytes, decode(out, s, n, mode) writing them, the result as
** url_call_result_decoded sets it (url_decode, uri_decode).
*/
typedef void (*url_decoder)(url_buf *out, const char *s, size_t n, int mode);
void url_call_decode(sqlite3_context *ctx, sqlite3_value *text, int enc,
                     url_decoder decode, int mode);

/* url_encode and uri_encode (search_params.c): one function for both. */
void url_fn_percent_encode(sqlite3_context *ctx, int argc, sqlite3_value **argv);

/* url_host_part's `part` (host_parts.c), also the argument of its rows. */
enum {
  URL_PART_PUBLIC_SUFFIX,
  URL_PART_REGISTRABLE_DOMAIN,
  URL_PART_SUBDOMAIN,
  URL_PART_TLD,
  URL_PART_HOST_WITHOUT_WWW,
  URL_PART_HOST_TYPE
};

/*
** One part of the host h of type t (host_parts.c): under the list l and
** its section `section` (a url_psl_section) for the parts that use it.
** *out is a slice of h, or for URL_PART_HOST_TYPE a static name.  Returns
** URL_OK, URL_FAILURE (null) or URL_NOMEM.  Shared by the scalar functions
** and url_components.
*/
int url_host_part(const struct url_psl_list *l, int section, int part,
                  url_str h, url_host_type t, url_str *out);

/*
** The entry points, the only symbols the shared object exports (everything
** else is built -fvisibility=hidden).  SQLite looks for
** sqlite3_extension_init first, whatever the file is called, then for
** sqlite3_X_init with X taken from the file name (url.so: sqlite3_url_init).
*/
#ifdef _WIN32
#define URL_EXPORT __declspec(dllexport)
#else
#define URL_EXPORT __attribute__((visibility("default")))
#endif
URL_EXPORT int sqlite3_url_init(sqlite3 *, char **,
                                const sqlite3_api_routines *);
URL_EXPORT int sqlite3_extension_init(sqlite3 *, char **,
                                      const sqlite3_api_routines *);

#endif /* URL_EXT_H */
