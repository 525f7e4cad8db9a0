/*
** Public suffix, registrable domain and same site: lists opened, then looked
** up in their own rule table (psl_table.h) or by libpsl (see psl.h).
*/
#include "parse.h"
#include "psl.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "psl_read.h"
#include "utf8.h"

#define MAX_LIST_BYTES ((size_t)64 << 20) /* the real list is ~250 KB */
#define MAX_LABELS 9 /* libpsl looks at no more of a domain either */

/* ------------------------------------------------------------ opening */

static void set_why(char *why, size_t size, const char *msg) {
  if (size) snprintf(why, size, "%s", msg);
}

static void set_errno_why(char *why, size_t size, int err) {
  char msg[128];
  if (strerror_r(err, msg, sizeof msg) != 0) snprintf(msg, sizeof msg, "error %d", err);
  set_why(why, size, msg);
}

/* Reads the regular file at fd (at most MAX_LIST_BYTES) into a buffer from
   mem.  Returns URL_OK, URL_FAILURE (why set) or URL_NOMEM. */
static int read_all(int fd, const url_allocator *mem, char **out,
                    size_t *out_n, char *why, size_t why_size) {
  struct stat st;
  if (fstat(fd, &st) != 0) {
    set_errno_why(why, why_size, errno);
    return URL_FAILURE;
  }
  if (!S_ISREG(st.st_mode)) {
    set_why(why, why_size, "not a regular file");
    return URL_FAILURE;
  }
  if (st.st_size < 0 || (unsigned long long)st.st_size > MAX_LIST_BYTES) {
    set_why(why, why_size, "larger than 64 MiB");
    return URL_FAILURE;
  }
  /* The size is a hint only (files under /proc say 0; a file may grow). */
  size_t cap = (size_t)st.st_size + 1, n = 0;
  if (cap < 4096) cap = 4096;
  char *buf = mem->alloc(cap);
  if (!buf) return URL_NOMEM;
  for (;;) {
    if (n == cap) {
      if (cap > MAX_LIST_BYTES) {
        mem->release(buf);
        set_why(why, why_size, "larger than 64 MiB");
        return URL_FAILURE;
      }
      char *p = mem->resize(buf, cap * 2);
      if (!p) {
        mem->release(buf);
        return URL_NOMEM;
      }
      buf = p;
      cap *= 2;
    }
    ssize_t r = read(fd, buf + n, cap - n);
    if (r == 0) break;
    if (r < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      mem->release(buf);
      set_errno_why(why, why_size, err);
      return URL_FAILURE;
    }
    n += (size_t)r;
  }
  if (n > MAX_LIST_BYTES) {
    mem->release(buf);
    set_why(why, why_size, "larger than 64 MiB");
    return URL_FAILURE;
  }
  *out = buf;
  *out_n = n;
  return URL_OK;
}

/* Parses buf[0..n) with libpsl.  Returns the context or NULL (*nomem set
   when it was fmemopen that failed for lack of memory). */
static psl_ctx_t *load_mem(char *buf, size_t n, int *nomem) {
  *nomem = 0;
  FILE *fp = fmemopen(buf, n, "r");
  if (!fp) {
    *nomem = errno == ENOMEM;
    return NULL;
  }
  psl_ctx_t *ctx = psl_load_fp(fp);
  fclose(fp);
  return ctx;
}

/* Builds l's table from r; checks first that the file was a list. */
static int build_table(url_psl_list *l, const url_psl_rules *r,
                       const url_psl_read_info *info, char *why,
                       size_t why_size) {
  if (r->n == 0) {
    set_why(why, why_size, "no rules in the file");
    return URL_FAILURE;
  }
  if (info->icann_rules == 0) {
    set_why(why, why_size,
            "not a public suffix list (no rules in an ICANN section: "
            "// ===BEGIN ICANN DOMAINS===)");
    return URL_FAILURE;
  }
  return url_psl_table_build(&l->table, r, l->mem);
}

/* The text list buf[0..n) into l. */
static int open_text(url_psl_list *l, const char *buf, size_t n, char *why,
                     size_t why_size) {
  /* libpsl takes any text as rules; refuse what cannot be a list. */
  if (memchr(buf, '\0', n) ||
      url_utf8_valid_prefix((const unsigned char *)buf, n) != n) {
    set_why(why, why_size, "not a public suffix list (binary data)");
    return URL_FAILURE;
  }
  url_psl_rules r;
  url_psl_rules_init(&r, l->mem);
  url_psl_read_info info;
  int rc = url_psl_read_text(&r, buf, n, &info);
  if (rc == URL_OK) rc = build_table(l, &r, &info, why, why_size);
  url_psl_rules_free(&r);
  l->rules = info.suffixes;
  l->exceptions = info.exceptions;
  l->wildcards = info.wildcards;
  l->format = URL_PSL_TEXT;
  return rc;
}

/* The DAFSA file buf[0..n) into l: a table of its words, or libpsl's
   context when there are too many to enumerate. */
static int open_dafsa(url_psl_list *l, char *buf, size_t n, char *why,
                      size_t why_size) {
  url_psl_rules r;
  url_psl_rules_init(&r, l->mem);
  url_psl_read_info info;
  const char *reason;
  int rc = url_psl_read_dafsa(&r, (const unsigned char *)buf, n, &info,
                              &reason);
  if (rc == URL_OK) rc = build_table(l, &r, &info, why, why_size);
  url_psl_rules_free(&r);
  if (rc == URL_FAILURE && *reason)
    set_why(why, why_size, reason);
  if (rc == URL_TOO_LARGE) {
    int nomem;
    l->psl = l->owned = load_mem(buf, n, &nomem);
    rc = l->psl ? URL_OK : nomem ? URL_NOMEM : URL_FAILURE;
    if (rc == URL_FAILURE) set_why(why, why_size, "not a DAFSA libpsl can read");
  }
  l->rules = l->exceptions = l->wildcards = -1;
  l->format = URL_PSL_DAFSA;
  return rc;
}

int url_psl_open_file(url_psl_list *l, const url_allocator *mem,
                      const char *path, char *why, size_t why_size) {
  set_why(why, why_size, "");
  /* O_NONBLOCK: opening a FIFO must not wait for a writer (it is then
     rejected as not a regular file); it changes nothing for regular files. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    set_errno_why(why, why_size, errno);
    return URL_FAILURE;
  }
  struct stat st;
  int have_st = fstat(fd, &st) == 0;
  char *buf = NULL;
  size_t n = 0;
  int rc = read_all(fd, mem, &buf, &n, why, why_size);
  close(fd);
  if (rc != URL_OK) return rc;
  url_psl_list nl;
  memset(&nl, 0, sizeof nl);
  nl.mem = mem;
  if (n == 0) {
    set_why(why, why_size, "empty file");
    rc = URL_FAILURE;
  } else if (url_psl_is_dafsa(buf, n)) {
    rc = open_dafsa(&nl, buf, n, why, why_size);
  } else {
    rc = open_text(&nl, buf, n, why, why_size);
  }
  mem->release(buf);
  size_t plen = strlen(path);
  if (rc == URL_OK && !(nl.path = mem->alloc(plen + 1))) rc = URL_NOMEM;
  if (rc != URL_OK) {
    url_psl_close(&nl);
    return rc;
  }
  memcpy(nl.path, path, plen + 1);
  nl.date = have_st ? st.st_mtime : 0;
  *l = nl;
  return URL_OK;
}

int url_psl_open_default(url_psl_list *l, const url_allocator *mem) {
  memset(l, 0, sizeof *l);
  l->mem = mem;
  /* psl_latest(NULL)'s candidates, newest first (ties: in this order),
     each only if newer than the built-in data. */
  time_t builtin_time = psl_builtin_file_time();
  const char *files[2] = {psl_dist_filename(), psl_builtin_filename()};
  time_t mtimes[2];
  const char *order[2];
  int k = 0;
  for (int i = 0; i < 2; i++) {
    struct stat st;
    if (!files[i] || !*files[i] || stat(files[i], &st) != 0 ||
        st.st_mtime <= builtin_time)
      continue;
    if (k == 1 && st.st_mtime > mtimes[0]) {
      order[1] = order[0];
      mtimes[1] = mtimes[0];
      order[0] = files[i];
      mtimes[0] = st.st_mtime;
    } else {
      order[k] = files[i];
      mtimes[k] = st.st_mtime;
    }
    k++;
  }
  for (int i = 0; i < k; i++) {
    char why[160];
    int rc = url_psl_open_file(l, mem, order[i], why, sizeof why);
    if (rc != URL_FAILURE) return rc;
  }
  /* The built-in list has no file to read its rules from: libpsl answers. */
  const psl_ctx_t *b = psl_builtin();
  if (b) {
    l->psl = b;
    l->date = builtin_time;
    l->format = URL_PSL_BUILTIN;
    l->rules = psl_suffix_count(b);
    l->exceptions = psl_suffix_exception_count(b);
    l->wildcards = psl_suffix_wildcard_count(b);
    return URL_OK;
  }
  /* libpsl built without its list and no file: just the "*" rule. */
  url_psl_rules none;
  url_psl_rules_init(&none, mem);
  l->format = URL_PSL_EMPTY;
  l->rules = l->exceptions = l->wildcards = 0;
  return url_psl_table_build(&l->table, &none, mem);
}

void url_psl_close(url_psl_list *l) {
  if (!l) return;
  url_psl_table_free(&l->table);
  if (l->owned) psl_free(l->owned); /* never the built-in list */
  if (l->path) l->mem->release(l->path);
  memset(l, 0, sizeof *l);
}

int url_psl_rule_count(const url_psl_list *l) { return l->rules; }
int url_psl_exception_count(const url_psl_list *l) { return l->exceptions; }
int url_psl_wildcard_count(const url_psl_list *l) { return l->wildcards; }

/* -------------------------------------------------------------- lookups */

const char *const url_psl_section_names[URL_PSL_N_SECTIONS] = {
    [URL_PSL_ALL] = "all",
    [URL_PSL_ICANN] = "icann",
};

int url_psl_host_parts(const url_psl_list *l, const char *h, size_t n,
                       url_host_type t, url_str *suffix,
                       url_str *registrable) {
  return url_psl_host_parts_in(l, URL_PSL_ALL, h, n, t, suffix, registrable);
}

/*
** libpsl's answer for h[0..m) (no trailing dot; the start of the MAX_LABELS
** rightmost labels is `start`): the PSL algorithm's longest public suffix,
** with psl_is_public_suffix2 deciding each candidate (exceptions, wildcards,
** the "*" rule for a single label).  Sets *off; returns URL_OK or URL_NOMEM.
*/
static int libpsl_suffix(const url_psl_list *l, url_psl_section sec,
                         const char *h, size_t start, size_t m, size_t *off) {
  /* libpsl wants a NUL-terminated string. */
  char st[256];
  url_buf b;
  url_buf_init(&b, l->mem, st, sizeof st, SIZE_MAX);
  url_buf_append(&b, h + start, m - start);
  url_buf_putc(&b, '\0');
  if (b.err) {
    url_buf_free(&b);
    return URL_NOMEM;
  }
  const int type = sec == URL_PSL_ICANN ? PSL_TYPE_ICANN : PSL_TYPE_ANY;
  const char *c = b.ptr, *end = b.ptr + (m - start);
  for (;;) {
    const char *dot = memchr(c, '.', (size_t)(end - c));
    if (!dot) break; /* one label: a public suffix by the "*" rule */
    /* An empty leftmost label matches no rule (libpsl would skip it). */
    if (*c != '.' && psl_is_public_suffix2(l->psl, c, type)) break;
    c = dot + 1;
  }
  *off = start + (size_t)(c - b.ptr);
  url_buf_free(&b);
  return URL_OK;
}

/* Where the label of h that ends at `end` starts. */
static size_t label_start(const char *h, size_t end) {
  while (end > 0 && h[end - 1] != '.') end--;
  return end;
}

int url_psl_host_parts_in(const url_psl_list *l, url_psl_section sec,
                          const char *h, size_t n, url_host_type t,
                          url_str *suffix, url_str *registrable) {
  if (suffix) *suffix = (url_str){NULL, 0};
  if (registrable) *registrable = (url_str){NULL, 0};
  if (t != URL_HOST_DOMAIN || n == 0 || (!l->table.slots && !l->psl))
    return URL_OK;
  /* The Standard's trailingDot: removed for the lookup, kept in results
     (they are suffixes of h, which still ends with it). */
  size_t m = h[n - 1] == '.' ? n - 1 : n;
  if (m > 0 && h[m - 1] == '.') {
    /* Still a trailing dot: the rightmost label is empty, so no rule
       matches and the "*" rule makes that empty label the public suffix
       ("a.com.." -> "." / "com..").  Asked about "com.", libpsl would
       answer as if a wildcard matched the empty label. */
    size_t p = label_start(h, m - 1);
    if (suffix) *suffix = (url_str){h + m, n - m};
    if (registrable) *registrable = (url_str){h + p, n - p};
    return URL_OK;
  }
  size_t off;
  if (l->table.slots) {
    off = url_psl_table_suffix(&l->table, h, m, sec == URL_PSL_ICANN,
                               MAX_LABELS);
  } else {
    /* Only the MAX_LABELS rightmost labels can match a rule. */
    size_t start = 0;
    int dots = 0;
    for (size_t i = m; i > 0; i--) {
      if (h[i - 1] == '.' && ++dots == MAX_LABELS) {
        start = i;
        break;
      }
    }
    int rc = libpsl_suffix(l, sec, h, start, m, &off);
    if (rc != URL_OK) return rc;
  }
  if (suffix) *suffix = (url_str){h + off, n - off};
  if (registrable && off > 0) {
    /* The public suffix plus the label before it (h[off - 1] is a dot). */
    size_t p = label_start(h, off - 1);
    *registrable = (url_str){h + p, n - p};
  }
  return URL_OK;
}

int url_psl_public_suffix(const url_psl_list *l, const char *h, size_t n,
                          url_host_type t, url_str *out) {
  int rc = url_psl_host_parts(l, h, n, t, out, NULL);
  return rc != URL_OK ? rc : out->s ? URL_OK : URL_FAILURE;
}

int url_psl_registrable_domain(const url_psl_list *l, const char *h, size_t n,
                               url_host_type t, url_str *out) {
  int rc = url_psl_host_parts(l, h, n, t, NULL, out);
  return rc != URL_OK ? rc : out->s ? URL_OK : URL_FAILURE;
}

/* ------------------------------------------------------------ same site */

static int str_eq(const char *a, size_t na, const char *b, size_t nb) {
  return na == nb && (na == 0 || memcmp(a, b, na) == 0);
}

int url_psl_hosts_schemelessly_same_site(const url_psl_list *l,
                                         const char *ha, size_t na,
                                         url_host_type ta, const char *hb,
                                         size_t nb, url_host_type tb,
                                         int *same) {
  *same = 0;
  /* Equal hosts: same site whether their registrable domain is null (the
     first rule) or not (then the registrable domains are equal too). */
  if (ta == tb && str_eq(ha, na, hb, nb)) {
    *same = 1;
    return URL_OK;
  }
  url_str ra, rb;
  int rc = url_psl_host_parts(l, ha, na, ta, NULL, &ra);
  if (rc == URL_OK) rc = url_psl_host_parts(l, hb, nb, tb, NULL, &rb);
  if (rc != URL_OK) return rc;
  *same = ra.s && rb.s && str_eq(ra.s, ra.n, rb.s, rb.n);
  return URL_OK;
}

/* An origin: its serialization, and for a tuple origin that serialization
   parsed as a URL (which gives its scheme, host and host type). */
typedef struct origin {
  url_buf ser;
  url u;
  int tuple;
  char ser_st[256];
  char u_st[256];
} origin;

static int origin_get(const url *src, origin *o, int parse) {
  size_t max = src->href.max ? src->href.max : SIZE_MAX;
  url_buf_init_like(&o->ser, &src->href, o->ser_st, sizeof o->ser_st, max);
  url_init(&o->u, src->href.mem, o->u_st, sizeof o->u_st, max);
  o->tuple = 0;
  int rc = url_origin(src, &o->ser);
  if (rc != URL_OK) return rc;
  if (str_eq(o->ser.ptr, o->ser.len, "null", 4)) return URL_OK; /* opaque */
  o->tuple = 1;
  if (!parse) return URL_OK;
  rc = url_parse(&o->u, o->ser.ptr, o->ser.len, NULL);
  if (rc == URL_FAILURE) o->tuple = 0; /* cannot happen: "scheme://host" */
  return rc == URL_FAILURE ? URL_OK : rc;
}

static void origin_free(origin *o) {
  url_buf_free(&o->ser);
  url_free(&o->u);
}

int url_psl_same_origin(const url *a, const url *b, int *same) {
  origin oa, ob;
  *same = 0;
  int rc = origin_get(a, &oa, 0);
  if (rc == URL_OK) {
    rc = origin_get(b, &ob, 0);
    /* A tuple origin's serialization determines it (the port is null when
       it is the scheme's default, so it is then left out on both sides). */
    if (rc == URL_OK)
      *same = oa.tuple && ob.tuple &&
              str_eq(oa.ser.ptr, oa.ser.len, ob.ser.ptr, ob.ser.len);
    origin_free(&ob);
  }
  origin_free(&oa);
  return rc;
}

/* need_scheme: same site (schemes must match) vs schemelessly same site. */
static int same_site(const url_psl_list *l, const url *a, const url *b,
                     int need_scheme, int *same) {
  origin oa, ob;
  *same = 0;
  int rc = origin_get(a, &oa, 1);
  if (rc == URL_OK) {
    rc = origin_get(b, &ob, 1);
    if (rc == URL_OK && oa.tuple && ob.tuple) {
      url_str sa = url_scheme(&oa.u), sb = url_scheme(&ob.u);
      if (!need_scheme || str_eq(sa.s, sa.n, sb.s, sb.n)) {
        url_str ha = url_hostname(&oa.u), hb = url_hostname(&ob.u);
        rc = url_psl_hosts_schemelessly_same_site(l, ha.s, ha.n,
                                                  oa.u.host_type, hb.s, hb.n,
                                                  ob.u.host_type, same);
      }
    }
    origin_free(&ob);
  }
  origin_free(&oa);
  return rc;
}

int url_psl_same_site(const url_psl_list *l, const url *a, const url *b,
                      int *same) {
  return same_site(l, a, b, 1, same);
}

int url_psl_schemelessly_same_site(const url_psl_list *l, const url *a,
                                   const url *b, int *same) {
  return same_site(l, a, b, 0, same);
}
