/*
** The basic URL parser (URL Standard §4.4), writing the URL serializer's
** output (§4.5) as it goes into the URL record (url_record.h), whose
** getters are slices of it; and a URL's origin.
**
** The parser is the Standard's state machine: a switch over the states in
** run(), one function per state.  It works on UTF-8 bytes: every code point
** the states compare against is ASCII, and UTF-8 percent-encoding a code
** point is percent-encoding its bytes.  Components are appended to u->href
** in serialization order; the few steps that undo output (".." segments,
** credentials that end up empty) truncate the tail of the buffer.  States
** whose steps are the same for a run of code points (scheme, authority,
** path segments, query, fragment) handle the run at once.
**
** url_parse() (parse.c) tries the fast path for canonical input
** (parse_fast.c) before this state machine; that fast path builds on this
** file's types and scheme helpers, so nothing here calls it.
*/
#include "url.h"

#include "encoding.h"
#include "percent.h"
#include "url_errors.h"
#include "utf8.h"

#define EOF_CP 0x100 /* the EOF code point */

/* https://url.spec.whatwg.org/#concept-basic-url-parser (state names) */
typedef enum url_state {
  ST_SCHEME_START,
  ST_NO_SCHEME,
  ST_SPECIAL_RELATIVE_OR_AUTHORITY,
  ST_PATH_OR_AUTHORITY,
  ST_RELATIVE,
  ST_RELATIVE_SLASH,
  ST_SPECIAL_AUTHORITY_SLASHES,
  ST_SPECIAL_AUTHORITY_IGNORE_SLASHES,
  ST_AUTHORITY,
  ST_HOST,
  ST_PORT,
  ST_FILE,
  ST_FILE_SLASH,
  ST_FILE_HOST,
  ST_PATH_START,
  ST_PATH,
  ST_OPAQUE_PATH,
  ST_QUERY,
  ST_FRAGMENT,
  ST_DONE,   /* the state machine ended: url is the result */
  ST_FAILURE /* a step returned failure (or ran out of memory): ps->rc says */
} url_state;


/* ------------------------------------------------------------ schemes */

/* https://url.spec.whatwg.org/#special-scheme */
url_scheme_type url_scheme_type_of(const char *s, size_t n) {
  switch (n) {
    case 2: if (!memcmp(s, "ws", 2)) return URL_SCHEME_WS; break;
    case 3:
      if (!memcmp(s, "wss", 3)) return URL_SCHEME_WSS;
      if (!memcmp(s, "ftp", 3)) return URL_SCHEME_FTP;
      break;
    case 4:
      if (!memcmp(s, "http", 4)) return URL_SCHEME_HTTP;
      if (!memcmp(s, "file", 4)) return URL_SCHEME_FILE;
      break;
    case 5: if (!memcmp(s, "https", 5)) return URL_SCHEME_HTTPS; break;
  }
  return URL_SCHEME_OTHER;
}

/* https://url.spec.whatwg.org/#default-port (-1: null) */
int url_default_port(url_scheme_type t) {
  switch (t) {
    case URL_SCHEME_HTTP: case URL_SCHEME_WS: return 80;
    case URL_SCHEME_HTTPS: case URL_SCHEME_WSS: return 443;
    case URL_SCHEME_FTP: return 21;
    default: return -1;
  }
}

static int is_alpha(int c) { return (unsigned)((c | 0x20) - 'a') < 26; }
static int is_digit(int c) { return (unsigned)(c - '0') < 10; }

/* ------------------------------------------------- path segment tests */

/* https://url.spec.whatwg.org/#windows-drive-letter */
static int is_drive_letter(const char *s, size_t n, int normalized) {
  return n == 2 && is_alpha((unsigned char)s[0]) &&
         (s[1] == ':' || (!normalized && s[1] == '|'));
}

/* https://url.spec.whatwg.org/#start-with-a-windows-drive-letter */
static int starts_with_drive_letter(const char *s, size_t n) {
  if (n < 2 || !is_drive_letter(s, 2, 0)) return 0;
  if (n == 2) return 1;
  char c = s[2];
  return c == '/' || c == '\\' || c == '?' || c == '#';
}

/* ".", or "%2e" (case-insensitive) */
static int is_dot(const char *s, size_t n) {
  if (n == 1) return s[0] == '.';
  return n == 3 && s[0] == '%' && s[1] == '2' && (s[2] | 0x20) == 'e';
}

/* https://url.spec.whatwg.org/#single-dot-path-segment */
static int is_single_dot(const char *s, size_t n) { return is_dot(s, n); }

/* https://url.spec.whatwg.org/#double-dot-path-segment */
static int is_double_dot(const char *s, size_t n) {
  for (size_t k = 1; k <= 3 && k < n; k += 2)
    if (is_dot(s, k) && is_dot(s + k, n - k)) return 1;
  return 0;
}

/* -------------------------------------------------- writing components */

static uint32_t pos(const url *u) { return (uint32_t)u->href.len; }

static uint32_t path_end(const url *u) { return url_path_end(u); }

/* Marks the authority (or its absence) as complete: the path starts here. */
static void end_authority(url *u) {
  u->authority_end = u->path_start = pos(u);
}

/* A URL without host: every authority offset sits after "scheme:". */
static void set_null_host(url *u) {
  uint32_t p = u->scheme_end + 1;
  u->username_start = u->username_end = u->password_start = u->password_end = p;
  u->host_start = u->host_end = p;
  u->host_type = URL_HOST_NONE;
  end_authority(u);
}

/* Writes "//" and an empty authority; credentials and host follow. */
static void start_authority(url *u) {
  url_buf_append(&u->href, "//", 2);
  uint32_t p = pos(u);
  u->username_start = u->username_end = u->password_start = u->password_end = p;
  u->host_start = u->host_end = p;
}

/* Sets an empty host (file URLs). */
static void set_empty_host(url *u) {
  start_authority(u);
  u->host_type = URL_HOST_EMPTY;
  end_authority(u);
}

/* Copies base's scheme; the href is rewritten from its start. */
static void copy_base_scheme(url *u, const url *base) {
  url_buf_truncate(&u->href, 0);
  url_buf_append(&u->href, base->href.ptr, base->scheme_end + 1);
  u->scheme_end = base->scheme_end;
  u->scheme_type = base->scheme_type;
}

/*
** Sets u's username, password, host and port to base's.  u's href is exactly
** base's scheme and ':' at this point, so base's offsets carry over.
*/
static void copy_base_authority(url *u, const url *base) {
  url_buf_truncate(&u->href, base->scheme_end + 1);
  url_buf_append(&u->href, base->href.ptr + base->scheme_end + 1,
                 base->authority_end - base->scheme_end - 1);
  u->username_start = base->username_start;
  u->username_end = base->username_end;
  u->password_start = base->password_start;
  u->password_end = base->password_end;
  u->host_start = base->host_start;
  u->host_end = base->host_end;
  u->host_type = base->host_type;
  u->port = base->port;
  end_authority(u);
}

/* url's path = a clone of base's path (without the "/." serializer prefix). */
static void copy_base_path(url *u, const url *base) {
  url_buf_append(&u->href, base->href.ptr + base->path_start,
                 path_end(base) - base->path_start);
  u->path_segments = base->path_segments;
  u->opaque_path = base->opaque_path;
}

/* url's query = base's query. */
static void copy_base_query(url *u, const url *base) {
  if (base->query_start == URL_NONE) return;
  uint32_t end = base->fragment_start != URL_NONE ? base->fragment_start
                                                  : (uint32_t)base->href.len;
  u->query_start = pos(u);
  url_buf_append(&u->href, base->href.ptr + base->query_start,
                 end - base->query_start);
}

/* Sets the query to the empty string (dropping any query copied from base). */
static void start_query(url *u) {
  if (u->query_start != URL_NONE) url_buf_truncate(&u->href, u->query_start);
  u->query_start = pos(u);
  url_buf_putc(&u->href, '?');
}

static void clear_query(url *u) {
  if (u->query_start == URL_NONE) return;
  url_buf_truncate(&u->href, u->query_start);
  u->query_start = URL_NONE;
}

static void start_fragment(url *u) {
  u->fragment_start = pos(u);
  url_buf_putc(&u->href, '#');
}

/* https://url.spec.whatwg.org/#shorten-a-urls-path (the path ends href) */
static void shorten_path(url *u) {
  const char *h = u->href.ptr;
  if (u->scheme_type == URL_SCHEME_FILE && u->path_segments == 1 &&
      is_drive_letter(h + u->path_start + 1, pos(u) - u->path_start - 1, 1))
    return;
  if (u->path_segments == 0) return;
  uint32_t end = pos(u);
  while (end > u->path_start && h[end - 1] != '/') end--;
  url_buf_truncate(&u->href, end - 1);
  u->path_segments--;
}

/* Appends an empty path segment. */
static void push_empty_segment(url *u) {
  url_buf_putc(&u->href, '/');
  u->path_segments++;
}

/* --------------------------------------------------------------- parser */

typedef struct parser {
  url *u;
  const url *base;
  const char *in;  /* the input after the clean-up steps */
  long n;
  long p;          /* pointer */
  int special;     /* url is special */
  int rc;          /* with ST_FAILURE: URL_FAILURE, URL_NOMEM or URL_TOOBIG */
  url_override ovr; /* the state override, for the URL API setters */
  const url *ctx;   /* with ovr: the URL being modified (u is scratch) */
  /* What the authority state saw of the host that follows its last '@', so
     the host state need not scan it again: where the host's first ':' is
     (-1: none), where the authority ends, and whether a '[' occurs.
     host_end < 0: unknown (the host state scans). */
  long host_colon, host_end;
  int host_bracket;
  /* Recording (url_parse_errors): the list, or NULL; positions are offsets
     in `in`.  The path state checks URL units only from units_from on (the
     file host state's drive letter was read as a buffer, unchecked). */
  url_errors *errs;
  long units_from;
  int enc; /* the encoding (an output encoding): URL_ENC_UTF_8 unless given */
} parser;

/* A step's "return failure" (rc: or the error that stopped it). */
static url_state fail(parser *ps, int rc) {
  ps->rc = rc;
  return ST_FAILURE;
}

static url_state failure(parser *ps) { return fail(ps, URL_FAILURE); }

/* A validation error at in[at] (at == n: at EOF). */
static void record(parser *ps, url_error_type type, long at) {
  url_record(ps->errs, type, (size_t)at);
}

/* "<type> validation error, return failure." */
static url_state failure_at(parser *ps, url_error_type type, long at) {
  record(ps, type, at);
  return failure(ps);
}

static int at(const parser *ps, long i) {
  return i < ps->n ? (unsigned char)ps->in[i] : EOF_CP;
}

/* c is a path or authority delimiter: EOF, '/', '?', '#', or '\' if special. */
static int ends_authority(const parser *ps, int c) {
  return c == EOF_CP || c == '/' || c == '?' || c == '#' ||
         (ps->special && c == '\\');
}

static int is_slash(const parser *ps, int c) {
  return c == '/' || (ps->special && c == '\\');
}

/*
** The URL-unit checks of the path, opaque path, query and fragment states
** for each code point of in[from, to).
*/
static void record_units(parser *ps, long from, long to) {
  url_record_units(ps->errs, ps->in, (size_t)from, (size_t)to, (size_t)ps->n, 0);
}

/* Percent-encodes in[from, to) into href with `set`. */
static void put_encoded(parser *ps, long from, long to, const url_pct_set *set) {
  url_pct_encode(&ps->u->href, ps->in + from, (size_t)(to - from), set, 0);
}

/*
** Percent-encodes code points from ps->p into href with `set` up to the first
** ASCII byte in `stop` (or EOF), which is returned with ps->p on it.  One
** pass: runs of bytes in neither set are copied at once.
*/
static int encode_until(parser *ps, const url_pct_set *set,
                        const url_pct_set *stop) {
  const uint16_t either = set->mask | stop->mask;
  const unsigned char *s = (const unsigned char *)ps->in;
  long i = ps->p, run = i, n = ps->n;
  int c = EOF_CP;
  for (; i < n; i++) {
    if (!(url_char_class[s[i]] & either)) continue;
    if (url_char_class[s[i]] & stop->mask) {
      c = s[i];
      break;
    }
    url_buf_append(&ps->u->href, ps->in + run, (size_t)(i - run));
    url_pct_escape(&ps->u->href, s[i]);
    run = i + 1;
  }
  url_buf_append(&ps->u->href, ps->in + run, (size_t)(i - run));
  ps->p = i;
  return c;
}

/* Sets url's query to the empty string: query state at the next code point. */
static url_state to_query(parser *ps) {
  start_query(ps->u);
  ps->p++;
  return ST_QUERY;
}

/* Sets url's fragment to the empty string: fragment state at the next one. */
static url_state to_fragment(parser *ps) {
  start_fragment(ps->u);
  ps->p++;
  return ST_FRAGMENT;
}

/*
** https://url.spec.whatwg.org/#scheme-start-state and #scheme-state, over
** the whole scheme at once: an ASCII alpha, then ASCII alphanumerics, "+",
** "-" or ".", then ":".  Anything else: no scheme state, from the start.
*/
static url_state scheme_start_state(parser *ps) {
  url *u = ps->u;
  long q = 0;
  if (is_alpha(at(ps, 0))) {
    q = 1;
    for (int c; (c = at(ps, q)) != EOF_CP && (is_alpha(c) || is_digit(c) ||
                                             c == '+' || c == '-' || c == '.');)
      q++;
  }
  if (q == 0 || at(ps, q) != ':') return ST_NO_SCHEME; /* pointer stays 0 */
  url_buf_append_lower(&u->href, ps->in, (size_t)q);
  if (u->href.err) return ST_DONE;
  u->scheme_end = (uint32_t)q;
  url_buf_putc(&u->href, ':');
  if (u->href.err) return ST_DONE;
  u->scheme_type = url_scheme_type_of(u->href.ptr, (size_t)q);
  ps->special = url_is_special(u);
  ps->p = q + 1; /* past ':' */
  if (u->scheme_type == URL_SCHEME_FILE) {
    if (URL_UNLIKELY(ps->errs != NULL) &&
        !(at(ps, ps->p) == '/' && at(ps, ps->p + 1) == '/'))
      record(ps, URL_ERR_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, q);
    return ST_FILE;
  }
  if (ps->special) {
    const url *b = ps->base;
    if (b && b->scheme_type == u->scheme_type) return ST_SPECIAL_RELATIVE_OR_AUTHORITY;
    return ST_SPECIAL_AUTHORITY_SLASHES;
  }
  if (at(ps, ps->p) == '/') {
    ps->p++;
    return ST_PATH_OR_AUTHORITY;
  }
  u->opaque_path = 1; /* url's path is the empty string */
  set_null_host(u);
  return ST_OPAQUE_PATH;
}

/*
** https://url.spec.whatwg.org/#no-scheme-state: without a base (or with an
** opaque-path base, unless c is "#") failure; an opaque-path base gives its
** URL with a new fragment; otherwise the relative or the file state.
*/
static url_state no_scheme_state(parser *ps, int c) {
  url *u = ps->u;
  const url *base = ps->base;
  if (!base || (base->opaque_path && c != '#'))
    return failure_at(ps, URL_ERR_MISSING_SCHEME_NON_RELATIVE_URL, ps->p);
  ps->special = url_is_special(base);
  if (base->opaque_path) {
    copy_base_scheme(u, base);
    set_null_host(u);
    copy_base_path(u, base);
    copy_base_query(u, base);
    return to_fragment(ps);
  }
  return base->scheme_type == URL_SCHEME_FILE ? ST_FILE : ST_RELATIVE;
}

/* https://url.spec.whatwg.org/#special-relative-or-authority-state */
static url_state special_relative_or_authority_state(parser *ps, int c) {
  if (c == '/' && at(ps, ps->p + 1) == '/') {
    ps->p += 2;
    return ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
  }
  record(ps, URL_ERR_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, ps->p);
  return ST_RELATIVE;
}

/* https://url.spec.whatwg.org/#path-or-authority-state */
static url_state path_or_authority_state(parser *ps, int c) {
  if (c == '/') {
    ps->p++;
    return ST_AUTHORITY;
  }
  set_null_host(ps->u);
  return ST_PATH;
}

/*
** The steps the relative and file states share when url keeps base's host:
** url's path and query are base's; then "?" starts a new query, "#" a new
** fragment, and any other code point a path relative to base's, without
** base's query: base's path shortened, or emptied for a file URL whose
** remaining input starts with a Windows drive letter.
*/
static url_state continue_base_path(parser *ps, int c) {
  url *u = ps->u;
  copy_base_authority(u, ps->base);
  copy_base_path(u, ps->base);
  copy_base_query(u, ps->base);
  if (c == '?') return to_query(ps);
  if (c == '#') return to_fragment(ps);
  if (c == EOF_CP) return ST_DONE;
  clear_query(u);
  if (u->scheme_type == URL_SCHEME_FILE &&
      starts_with_drive_letter(ps->in + ps->p, (size_t)(ps->n - ps->p))) {
    record(ps, URL_ERR_FILE_INVALID_WINDOWS_DRIVE_LETTER, ps->p);
    url_buf_truncate(&u->href, u->path_start); /* url's path = « » */
    u->path_segments = 0;
  } else {
    shorten_path(u);
  }
  return ST_PATH;
}

/*
** https://url.spec.whatwg.org/#relative-state: url's scheme is base's; "/"
** (or "\" if special) goes to the relative slash state, anything else
** continues from base's path.
*/
static url_state relative_state(parser *ps, int c) {
  copy_base_scheme(ps->u, ps->base);
  ps->special = url_is_special(ps->u);
  if (is_slash(ps, c)) {
    if (c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
    ps->p++;
    return ST_RELATIVE_SLASH;
  }
  return continue_base_path(ps, c);
}

/* https://url.spec.whatwg.org/#relative-slash-state */
static url_state relative_slash_state(parser *ps, int c) {
  if (is_slash(ps, c)) {
    if (c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
    ps->p++;
    return ps->special ? ST_SPECIAL_AUTHORITY_IGNORE_SLASHES : ST_AUTHORITY;
  }
  copy_base_authority(ps->u, ps->base);
  return ST_PATH;
}

/* https://url.spec.whatwg.org/#special-authority-slashes-state */
static url_state special_authority_slashes_state(parser *ps, int c) {
  if (c == '/' && at(ps, ps->p + 1) == '/')
    ps->p += 2;
  else
    record(ps, URL_ERR_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, ps->p);
  return ST_SPECIAL_AUTHORITY_IGNORE_SLASHES;
}

/* https://url.spec.whatwg.org/#special-authority-ignore-slashes-state */
static url_state special_authority_ignore_slashes_state(parser *ps, int c) {
  while (c == '/' || c == '\\') {
    record(ps, URL_ERR_SPECIAL_SCHEME_MISSING_FOLLOWING_SOLIDUS, ps->p);
    c = at(ps, ++ps->p);
  }
  return ST_AUTHORITY;
}

/*
** Authority state at an "@": the buffer in[from, p) is appended to url's
** username up to its first ":" (if no ":" was seen yet) and to its password
** after it, both userinfo percent-encoded.
*/
static void append_credentials(parser *ps, long from, int *password_token_seen) {
  url *u = ps->u;
  if (!*password_token_seen) {
    long k = from;
    while (k < ps->p && ps->in[k] != ':') k++;
    put_encoded(ps, from, k, &URL_SET_USERINFO);
    u->username_end = pos(u);
    if (k == ps->p) return;
    *password_token_seen = 1;
    url_buf_putc(&u->href, ':');
    u->password_start = pos(u);
    from = k + 1;
  }
  put_encoded(ps, from, ps->p, &URL_SET_USERINFO);
  u->password_end = pos(u);
}

/* The URL serializer's "user[:pass]@", only when either is non-empty. */
static void end_credentials(url *u) {
  if (u->password_end == u->password_start) {
    url_buf_truncate(&u->href, u->username_end);
    u->password_start = u->password_end = u->username_end;
  }
  if (u->username_end > u->username_start || u->password_end > u->password_start)
    url_buf_putc(&u->href, '@');
  else
    url_buf_truncate(&u->href, u->username_start);
  u->host_start = u->host_end = pos(u);
}

/*
** https://url.spec.whatwg.org/#authority-state, over the whole authority:
** credentials up to the last "@" (each "@" but the last becomes "%40"), then
** the host state at the code point after it.
*/
static url_state authority_state(parser *ps) {
  int at_sign_seen = 0, password_token_seen = 0;
  long buf_start = ps->p; /* the buffer is in[buf_start, p) */
  const unsigned char *in = (const unsigned char *)ps->in;
  start_authority(ps->u);
  ps->host_colon = -1;
  ps->host_bracket = 0;
  for (;; ps->p++) {
    /* Skip what cannot end a buffer or matter to the host state. */
    long i = ps->p, n = ps->n; /* locals: ps->p would be reloaded each step */
    while (i < n && !(url_char_class[in[i]] & URL_CC_AUTHORITY)) i++;
    ps->p = i;
    int c = at(ps, ps->p);
    if (c == ':' && ps->host_colon < 0) ps->host_colon = ps->p;
    if (c == '[') ps->host_bracket = 1;
    if (c == '@') {
      record(ps, URL_ERR_INVALID_CREDENTIALS, ps->p);
      ps->host_colon = -1;
      ps->host_bracket = 0;
      if (at_sign_seen) url_buf_append(&ps->u->href, "%40", 3);
      at_sign_seen = 1;
      append_credentials(ps, buf_start, &password_token_seen);
      buf_start = ps->p + 1;
    } else if (ends_authority(ps, c)) {
      if (at_sign_seen && ps->p == buf_start)
        return failure_at(ps, URL_ERR_HOST_MISSING, ps->p);
      ps->host_end = ps->p;
      ps->p = buf_start; /* the host state starts at the buffer's start */
      end_credentials(ps->u);
      return ST_HOST;
    }
  }
}

/* Host parsing of in[from, to) into href; the URL's host is the result. */
static int put_host(parser *ps, long from, long to) {
  url *u = ps->u;
  u->host_start = pos(u);
  int rc = url_host_parse_errors(ps->in + from, (size_t)(to - from),
                                 !ps->special, &u->href, &u->host_type,
                                 ps->errs, (size_t)from);
  u->host_end = pos(u);
  return rc;
}

/*
** https://url.spec.whatwg.org/#host-state (and hostname state): the buffer
** up to ":" outside brackets (then the port state) or the end of the
** authority is host-parsed.
*/
static url_state host_state(parser *ps) {
  int inside_brackets = 0, rc;
  long start = ps->p;
  const unsigned char *in = (const unsigned char *)ps->in;
  if (ps->host_end >= 0 && !ps->host_bracket) /* known from the authority */
    ps->p = ps->host_colon >= 0 ? ps->host_colon : ps->host_end;
  for (;; ps->p++) {
    long i = ps->p, n = ps->n; /* skip lowercase letters and such */
    while (i < n && in[i] > ']') i++;
    ps->p = i;
    int c = at(ps, ps->p);
    if (c == ':' && !inside_brackets) {
      if (ps->p == start) return failure_at(ps, URL_ERR_HOST_MISSING, ps->p);
      if (ps->ovr == URL_OVERRIDE_HOSTNAME) return failure(ps);
      if ((rc = put_host(ps, start, ps->p)) != URL_OK) return fail(ps, rc);
      ps->p++;
      return ST_PORT;
    }
    if (ends_authority(ps, c)) {
      if (ps->special && ps->p == start)
        return failure_at(ps, URL_ERR_HOST_MISSING, ps->p);
      if (ps->ovr && ps->p == start &&
          (url_has_credentials(ps->ctx) || ps->ctx->port >= 0))
        return failure(ps);
      if ((rc = put_host(ps, start, ps->p)) != URL_OK) return fail(ps, rc);
      end_authority(ps->u);
      return ps->ovr ? ST_DONE : ST_PATH_START;
    }
    if (c == '[') inside_brackets = 1;
    if (c == ']') inside_brackets = 0;
  }
}

/*
** https://url.spec.whatwg.org/#port-state: ASCII digits up to the end of
** the authority (with a state override, up to any code point).
*/
static url_state port_state(parser *ps) {
  url *u = ps->u;
  long start = ps->p;
  long port = 0;
  while (is_digit(at(ps, ps->p))) {
    if (port <= 65535) port = port * 10 + (ps->in[ps->p] - '0');
    ps->p++;
  }
  if (!ps->ovr && !ends_authority(ps, at(ps, ps->p)))
    return failure_at(ps, URL_ERR_PORT_INVALID, ps->p);
  if (port > 65535) return failure_at(ps, URL_ERR_PORT_OUT_OF_RANGE, start);
  if (ps->ovr && ps->p == start) return failure(ps); /* no digits */
  if (ps->p > start) u->port = -1; /* the default port is null */
  if (ps->p > start && port != url_default_port(u->scheme_type)) {
    char s[8];
    int k = 0, v = (int)port;
    do s[7 - k++] = (char)('0' + v % 10); while ((v /= 10) > 0);
    url_buf_putc(&u->href, ':');
    url_buf_append(&u->href, s + 8 - k, (size_t)k);
    u->port = (int32_t)port;
  }
  end_authority(u);
  return ps->ovr ? ST_DONE : ST_PATH_START;
}

/*
** https://url.spec.whatwg.org/#file-state: url's scheme is "file" and its
** host empty; "/" or "\" goes to the file slash state; with a file base,
** url continues from base's path; otherwise the path state.
*/
static url_state file_state(parser *ps, int c) {
  url *u = ps->u;
  if (u->href.len == 0) { /* not set by the scheme state: from a base */
    url_buf_append(&u->href, "file:", 5);
    u->scheme_end = 4;
  }
  u->scheme_type = URL_SCHEME_FILE;
  ps->special = 1;
  if (c == '/' || c == '\\') {
    if (c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
    ps->p++;
    return ST_FILE_SLASH;
  }
  if (ps->base && ps->base->scheme_type == URL_SCHEME_FILE)
    return continue_base_path(ps, c);
  set_empty_host(u);
  return ST_PATH;
}

/*
** https://url.spec.whatwg.org/#file-slash-state: a second "/" or "\" goes
** to the file host state; otherwise url's host is base's (if a file URL),
** and so is base's drive letter unless the input brings its own.
*/
static url_state file_slash_state(parser *ps, int c) {
  url *u = ps->u;
  const url *base = ps->base;
  if (c == '/' || c == '\\') {
    if (c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
    ps->p++;
    return ST_FILE_HOST;
  }
  if (!base || base->scheme_type != URL_SCHEME_FILE) {
    set_empty_host(u);
    return ST_PATH;
  }
  copy_base_authority(u, base);
  const char *bp = base->href.ptr + base->path_start;
  size_t bn = path_end(base) - base->path_start;
  if (!starts_with_drive_letter(ps->in + ps->p, (size_t)(ps->n - ps->p)) &&
      base->path_segments > 0 && bn >= 3 && is_drive_letter(bp + 1, 2, 1) &&
      (bn == 3 || bp[3] == '/')) {
    url_buf_append(&u->href, bp, 3); /* base's path[0] */
    u->path_segments = 1;
  }
  return ST_PATH;
}

/*
** https://url.spec.whatwg.org/#file-host-state: the buffer up to the end of
** the authority is a Windows drive letter (the path state takes it), empty
** (an empty host), or host-parsed ("localhost" becomes the empty host).
*/
static url_state file_host_state(parser *ps) {
  url *u = ps->u;
  int rc;
  long start = ps->p;
  while (!ends_authority(ps, at(ps, ps->p))) ps->p++;
  start_authority(u);
  if (!ps->ovr && is_drive_letter(ps->in + start, (size_t)(ps->p - start), 0)) {
    record(ps, URL_ERR_FILE_INVALID_WINDOWS_DRIVE_LETTER_HOST, start);
    u->host_type = URL_HOST_EMPTY;
    end_authority(u);
    ps->units_from = ps->p; /* the buffer's code points were not checked */
    ps->p = start; /* the buffer is not reset: the path state reads it */
    return ST_PATH;
  }
  if (ps->p > start) {
    if ((rc = put_host(ps, start, ps->p)) != URL_OK) return fail(ps, rc);
    if (u->host_end - u->host_start == 9 &&
        !memcmp(u->href.ptr + u->host_start, "localhost", 9)) {
      url_buf_truncate(&u->href, u->host_start);
      u->host_end = u->host_start;
    }
  }
  if (u->host_end == u->host_start) u->host_type = URL_HOST_EMPTY;
  end_authority(u);
  return ps->ovr ? ST_DONE : ST_PATH_START;
}

/* https://url.spec.whatwg.org/#path-start-state */
static url_state path_start_state(parser *ps, int c) {
  if (ps->special) {
    if (c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
    if (c == '/' || c == '\\') ps->p++;
    return ST_PATH;
  }
  if (!ps->ovr && c == '?') return to_query(ps);
  if (!ps->ovr && c == '#') return to_fragment(ps);
  if (c != EOF_CP) {
    if (c == '/') ps->p++;
    return ST_PATH;
  }
  if (ps->ovr && ps->ctx->host_type == URL_HOST_NONE) push_empty_segment(ps->u);
  return ST_DONE;
}

/*
** https://url.spec.whatwg.org/#path-state, one segment from ps->p: the
** buffer is percent-encoded into href as it is read, then checked for "."
** and "..".
*/
static url_state path_state(parser *ps) {
  url *u = ps->u;
  long start = ps->p;
  uint32_t slash = pos(u);
  url_buf_putc(&u->href, '/');
  uint32_t seg = pos(u);
  /* '?' and '#' end the path unless there is a state override. */
  static const url_pct_set stops[2][2] = {
      {{URL_CC_SLASH | URL_CC_QMARK | URL_CC_HASH},
       {URL_CC_SLASH | URL_CC_QMARK | URL_CC_HASH | URL_CC_BACKSLASH}},
      {{URL_CC_SLASH}, {URL_CC_SLASH | URL_CC_BACKSLASH}}};
  int c = encode_until(ps, &URL_SET_PATH, &stops[ps->ovr != 0][ps->special]);
  if (URL_UNLIKELY(ps->errs != NULL)) {
    record_units(ps, start > ps->units_from ? start : ps->units_from, ps->p);
    if (ps->special && c == '\\') record(ps, URL_ERR_INVALID_REVERSE_SOLIDUS, ps->p);
  }
  if (u->href.err) return ST_DONE;
  const char *s = u->href.ptr + seg;
  size_t n = pos(u) - seg;
  int slash_follows = is_slash(ps, c);
  if (is_double_dot(s, n)) {
    url_buf_truncate(&u->href, slash);
    shorten_path(u);
    if (!slash_follows) push_empty_segment(u);
  } else if (is_single_dot(s, n)) {
    url_buf_truncate(&u->href, slash);
    if (!slash_follows) push_empty_segment(u);
  } else {
    if (u->scheme_type == URL_SCHEME_FILE && u->path_segments == 0 &&
        is_drive_letter(s, n, 0))
      u->href.ptr[seg + 1] = ':';
    u->path_segments++;
  }
  if (c == '?') return to_query(ps);
  if (c == '#') return to_fragment(ps);
  if (c == EOF_CP) return ST_DONE;
  ps->p++; /* past the slash: next segment */
  return ST_PATH;
}

/*
** https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state (opaque
** path state): C0-control percent-encoding up to "?" or "#"; a space right
** before either is written "%20".
*/
static url_state opaque_path_state(parser *ps) {
  url *u = ps->u;
  long start = ps->p;
  int c;
  while ((c = at(ps, ps->p)) != EOF_CP && c != '?' && c != '#') ps->p++;
  long end = ps->p;
  if (URL_UNLIKELY(ps->errs != NULL)) record_units(ps, start, end);
  int space_last = c != EOF_CP && end > start && ps->in[end - 1] == ' ';
  put_encoded(ps, start, end - space_last, &URL_SET_C0);
  if (space_last) url_buf_append(&u->href, "%20", 3);
  if (c == '?') return to_query(ps);
  if (c == '#') return to_fragment(ps);
  return ST_DONE;
}

/* The query state's encoding (url.h). */
int url_query_encoding(const url *u, int enc) {
  if (enc != URL_ENC_UTF_8 &&
      (!url_is_special(u) || u->scheme_type == URL_SCHEME_WS ||
       u->scheme_type == URL_SCHEME_WSS))
    enc = URL_ENC_UTF_8;
  return enc;
}

/*
** https://url.spec.whatwg.org/#query-state: (special-)query percent-encoding
** up to "#" (or EOF with a state override).
*/
static url_state query_state(parser *ps) {
  static const url_pct_set stops[2] = {{URL_CC_HASH}, {0}};
  long start = ps->p;
  const url_pct_set *set = ps->special ? &URL_SET_SPECIAL_QUERY : &URL_SET_QUERY;
  /* "If encoding is not UTF-8 and url is not special or url's scheme is
     "ws" or "wss", then set encoding to UTF-8." */
  int enc = url_query_encoding(ps->u, ps->enc);
  int c;
  if (!URL_UNLIKELY(enc != URL_ENC_UTF_8)) {
    c = encode_until(ps, set, &stops[ps->ovr != 0]);
  } else {
    /* "Percent-encode after encoding, with encoding, buffer, and
       queryPercentEncodeSet": the buffer is all up to "#" (or EOF), at
       once, as ISO-2022-JP's state runs through it. */
    const char *h = ps->ovr ? NULL : memchr(ps->in + start, '#',
                                            (size_t)(ps->n - start));
    long end = h ? (long)(h - ps->in) : ps->n;
    url_pct_encode_after(&ps->u->href, enc, ps->in + start,
                         (size_t)(end - start), set, 0);
    ps->p = end;
    c = h ? '#' : EOF_CP;
  }
  if (URL_UNLIKELY(ps->errs != NULL)) record_units(ps, start, ps->p);
  if (c == EOF_CP) return ST_DONE;
  return to_fragment(ps);
}

/* https://url.spec.whatwg.org/#fragment-state */
static url_state fragment_state(parser *ps) {
  if (URL_UNLIKELY(ps->errs != NULL)) record_units(ps, ps->p, ps->n);
  put_encoded(ps, ps->p, ps->n, &URL_SET_FRAGMENT);
  ps->p = ps->n;
  return ST_DONE;
}

/*
** https://url.spec.whatwg.org/#concept-basic-url-parser: runs the state
** machine from `state` at ps->p; returns a status code.  Each state function
** leaves the pointer on the code point the next state starts with.
*/
static int run(parser *ps, url_state state) {
  url *u = ps->u;
  while (state < ST_DONE && !u->href.err) {
    int c = at(ps, ps->p);
    switch (state) {
      case ST_SCHEME_START: state = scheme_start_state(ps); break;
      case ST_NO_SCHEME: state = no_scheme_state(ps, c); break;
      case ST_SPECIAL_RELATIVE_OR_AUTHORITY:
        state = special_relative_or_authority_state(ps, c);
        break;
      case ST_PATH_OR_AUTHORITY: state = path_or_authority_state(ps, c); break;
      case ST_RELATIVE: state = relative_state(ps, c); break;
      case ST_RELATIVE_SLASH: state = relative_slash_state(ps, c); break;
      case ST_SPECIAL_AUTHORITY_SLASHES:
        state = special_authority_slashes_state(ps, c);
        break;
      case ST_SPECIAL_AUTHORITY_IGNORE_SLASHES:
        state = special_authority_ignore_slashes_state(ps, c);
        break;
      case ST_AUTHORITY: state = authority_state(ps); break;
      case ST_HOST: state = host_state(ps); break;
      case ST_PORT: state = port_state(ps); break;
      case ST_FILE: state = file_state(ps, c); break;
      case ST_FILE_SLASH: state = file_slash_state(ps, c); break;
      case ST_FILE_HOST: state = file_host_state(ps); break;
      case ST_PATH_START: state = path_start_state(ps, c); break;
      case ST_PATH: state = path_state(ps); break;
      case ST_OPAQUE_PATH: state = opaque_path_state(ps); break;
      case ST_QUERY: state = query_state(ps); break;
      case ST_FRAGMENT: state = fragment_state(ps); break;
      case ST_DONE: case ST_FAILURE: break;
    }
  }
  if (u->href.err) return u->href.err;
  return state == ST_FAILURE ? ps->rc : URL_OK;
}

/*
** URL serializer step: a path of two or more segments whose first is empty,
** in a URL without host, gets "/." in front so it doesn't read as a host.
*/
static void add_dot_prefix(url *u) {
  if (u->host_type != URL_HOST_NONE || u->opaque_path || u->path_segments < 2)
    return;
  uint32_t p = u->path_start;
  if (pos(u) - p < 2 || u->href.ptr[p] != '/' || u->href.ptr[p + 1] != '/')
    return;
  if (url_buf_reserve(&u->href, 2)) return;
  memmove(u->href.ptr + p + 2, u->href.ptr + p, u->href.len - p);
  u->href.ptr[p] = '/';
  u->href.ptr[p + 1] = '.';
  u->href.len += 2;
  u->path_start += 2;
  if (u->query_start != URL_NONE) u->query_start += 2;
  if (u->fragment_start != URL_NONE) u->fragment_start += 2;
}

/* C0 control or space */
static int is_c0_space(unsigned char c) { return c <= 0x20; }
static int is_tab_newline(unsigned char c) {
  return c == 0x09 || c == 0x0A || c == 0x0D;
}

/* Index of the first tab or newline in s[0..n), or n.  Eight bytes at a
   time: a word with no byte below 0x0E has none. */
static size_t first_tab_newline(const char *s, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    memcpy(&w, s + i, 8);
    if ((w - 0x0E0E0E0E0E0E0E0EULL) & ~w & 0x8080808080808080ULL) break;
  }
  for (; i < n; i++)
    if (is_tab_newline((unsigned char)s[i])) break;
  return i;
}

int url_remove_tab_newline(const char **in, size_t *n, url_buf *clean) {
  const char *s = *in;
  for (size_t i = first_tab_newline(s, *n); i < *n; i++) {
    if (!is_tab_newline((unsigned char)s[i])) continue;
    url_buf_append(clean, s, i);
    for (size_t j = i + 1; j < *n; j++)
      if (!is_tab_newline((unsigned char)s[j])) url_buf_putc(clean, s[j]);
    if (clean->err) return clean->err;
    *in = clean->ptr;
    *n = clean->len;
    break;
  }
  return URL_OK;
}

/*
** Positions of e->v[from..] were offsets in the input the state machine ran
** on; makes them offsets in the caller's: + lead (the stripped leading C0
** controls and spaces) + the tabs and newlines removed before them (when
** `removed`; s[0..n) is the input as it was before their removal).
*/
static int map_positions(url_errors *e, size_t from, const char *s, size_t n,
                         size_t lead, int removed) {
  size_t *keys = NULL, nk = 0;
  if (removed) {
    /* The k-th removed byte, at s[i], follows i - k kept ones: a kept byte
       at offset c had every removal with key i - k <= c before it. */
    for (size_t i = 0; i < n; i++) nk += is_tab_newline((unsigned char)s[i]);
    keys = e->mem->alloc(nk * sizeof *keys);
    if (!keys) return URL_NOMEM;
    for (size_t i = 0, k = 0; i < n; i++)
      if (is_tab_newline((unsigned char)s[i])) keys[k] = i - k, k++;
  }
  for (size_t j = from; j < e->n; j++) {
    size_t c = e->v[j].pos, lo = 0, hi = nk;
    if (c == URL_NO_POS) continue;
    while (lo < hi) { /* the number of keys <= c */
      size_t mid = lo + (hi - lo) / 2;
      if (keys[mid] <= c) lo = mid + 1;
      else hi = mid;
    }
    e->v[j].pos = lead + c + lo;
  }
  if (keys) e->mem->release(keys);
  return URL_OK;
}

/* url_parse, recording into errs unless it is NULL. */
static int parse(url *u, const char *in, size_t n, const url *base,
                 url_errors *errs, int enc) {
  size_t lead = 0, len = n, first = errs ? errs->n : 0;
  /* Strip leading and trailing C0 control or space. */
  while (len > 0 && is_c0_space((unsigned char)in[lead])) lead++, len--;
  while (len > 0 && is_c0_space((unsigned char)in[lead + len - 1])) len--;
  if (len > u->href.max) return URL_TOOBIG;
  int stripped = len < n;
  if (URL_UNLIKELY(errs != NULL) && stripped) /* 1.2. */
    url_errors_add(errs, URL_ERR_INVALID_URL_UNIT, lead ? 0 : len);
  const char *trimmed = in + lead, *s = trimmed;
  char st[256];
  url_buf clean;
  url_buf_init_like(&clean, &u->href, st, sizeof st, u->href.max);
  int rc = url_remove_tab_newline(&s, &len, &clean);
  int removed = s != trimmed;
  if (URL_UNLIKELY(errs != NULL) && removed) /* 2. */
    url_errors_add(errs, URL_ERR_INVALID_URL_UNIT,
                   lead + first_tab_newline(trimmed, n - lead));
  if (rc == URL_OK) {
    parser ps = {.u = u, .base = base, .in = s, .n = (long)len, .host_colon = -1,
                 .host_end = -1, .errs = errs, .enc = enc};
    rc = run(&ps, ST_SCHEME_START);
  }
  if (rc == URL_OK) {
    add_dot_prefix(u);
    rc = u->href.err;
  }
  url_buf_free(&clean);
  if (URL_UNLIKELY(errs != NULL)) {
    size_t mapped = first + stripped + removed; /* the two above are mapped */
    int mrc = map_positions(errs, mapped, trimmed, n - lead, lead, removed);
    if (rc == URL_FAILURE && errs->n > first) errs->v[errs->n - 1].failure = 1;
    if (rc == URL_OK || rc == URL_FAILURE) rc = mrc ? mrc : errs->err ? errs->err : rc;
  }
  return rc;
}

int url_parse_full(url *u, const char *in, size_t n, const url *base) {
  return parse(u, in, n, base, NULL, URL_ENC_UTF_8);
}

int url_parse_full_enc(url *u, const char *in, size_t n, const url *base,
                       int enc) {
  return parse(u, in, n, base, NULL, url_encoding_output(enc));
}

int url_parse_errors(url *u, const char *in, size_t n, const url *base,
                     url_errors *errs) {
  return parse(u, in, n, base, errs, URL_ENC_UTF_8);
}

int url_parse_override(url *s, const url *ctx, const char *in, size_t n,
                       url_override ovr) {
  if (n > s->href.max) return URL_TOOBIG;
  char st[256];
  url_buf clean;
  url_buf_init_like(&clean, &s->href, st, sizeof st, s->href.max);
  int rc = url_remove_tab_newline(&in, &n, &clean);
  s->scheme_type = ctx->scheme_type;
  s->port = -2; /* unchanged, unless the port state sets it */
  url_state state = ST_DONE;
  switch (ovr) {
    case URL_OVERRIDE_HOST:
    case URL_OVERRIDE_HOSTNAME:
      state = ctx->scheme_type == URL_SCHEME_FILE ? ST_FILE_HOST : ST_HOST;
      break;
    case URL_OVERRIDE_PORT: state = ST_PORT; break;
    case URL_OVERRIDE_PATH_START: state = ST_PATH_START; break;
    case URL_OVERRIDE_QUERY: state = ST_QUERY; break;
    case URL_OVERRIDE_FRAGMENT: state = ST_FRAGMENT; break;
    case URL_OVERRIDE_OPAQUE_PATH: state = ST_OPAQUE_PATH; break;
    case URL_OVERRIDE_NONE: break;
  }
  if (rc == URL_OK) {
    parser ps = {.u = s, .in = in, .n = (long)n, .special = url_is_special(ctx),
                 .ovr = ovr, .ctx = ctx, .host_colon = -1, .host_end = -1};
    rc = run(&ps, state);
  }
  url_buf_free(&clean);
  return rc;
}

/* https://url.spec.whatwg.org/#concept-url-origin */
int url_origin(const url *u, url_buf *out) {
  switch (u->scheme_type) {
    case URL_SCHEME_HTTP: case URL_SCHEME_HTTPS: case URL_SCHEME_WS:
    case URL_SCHEME_WSS: case URL_SCHEME_FTP: {
      url_str p = url_protocol(u), h = url_host(u);
      url_buf_append(out, p.s, p.n);
      url_buf_append(out, "//", 2);
      url_buf_append(out, h.s, h.n);
      return out->err;
    }
    case URL_SCHEME_OTHER:
      if (u->scheme_end == 4 && !memcmp(u->href.ptr, "blob", 4)) {
        /* The origin of the URL its path names, if that is http(s). */
        url_str path = url_pathname(u);
        char st[256];
        url inner;
        url_init(&inner, u->href.mem, st, sizeof st, u->href.max);
        int rc = parse(&inner, path.s, path.n, NULL, NULL, URL_ENC_UTF_8);
        int tuple = rc == URL_OK && (inner.scheme_type == URL_SCHEME_HTTP ||
                                     inner.scheme_type == URL_SCHEME_HTTPS);
        if (tuple) rc = url_origin(&inner, out);
        url_free(&inner);
        if (tuple || rc == URL_NOMEM || rc == URL_TOOBIG) return rc;
      }
      break;
    default:
      break;
  }
  url_buf_append(out, "null", 4); /* an opaque origin */
  return out->err;
}
