/*
** Public suffix, registrable domain and same site: lists opened, then looked
** up in their own rule table (psl_table.h) or by libpsl (see psl.h).
*/
#include "hash.h"
#include "parse.h"
#include "psl.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
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
static int build_table(url_psl_data *l, const url_psl_rules *r,
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
static int open_text(url_psl_data *l, const char *buf, size_t n, char *why,
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
static int open_dafsa(url_psl_data *l, char *buf, size_t n, char *why,
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
  /* Counted as libpsl counts a text list's rules; libpsl itself says -1. */
  l->rules = l->psl ? -1 : info.suffixes;
  l->exceptions = l->psl ? -1 : info.exceptions;
  l->wildcards = l->psl ? -1 : info.wildcards;
  l->format = URL_PSL_DAFSA;
  return rc;
}

/* Releases what d holds; leaves it zeroed. */
static void data_free(url_psl_data *d) {
  url_psl_table_free(&d->table);
  if (d->owned) psl_free(d->owned); /* never the built-in list */
  if (d->path) d->mem->release(d->path);
  memset(d, 0, sizeof *d);
}

/* Builds d from the file's bytes buf[0..n) (named path).  Returns URL_OK,
   URL_FAILURE (why set) or URL_NOMEM; d is then empty. */
static int data_build(url_psl_data *d, const url_allocator *mem, char *buf,
                      size_t n, const char *path, time_t mtime, char *why,
                      size_t why_size) {
  memset(d, 0, sizeof *d);
  d->mem = mem;
  int rc;
  if (n == 0) {
    set_why(why, why_size, "empty file");
    rc = URL_FAILURE;
  } else if (url_psl_is_dafsa(buf, n)) {
    rc = open_dafsa(d, buf, n, why, why_size);
  } else {
    rc = open_text(d, buf, n, why, why_size);
  }
  size_t plen = strlen(path);
  if (rc == URL_OK && !(d->path = mem->alloc(plen + 1))) rc = URL_NOMEM;
  if (rc != URL_OK) {
    data_free(d);
    return rc;
  }
  memcpy(d->path, path, plen + 1);
  d->date = mtime;
  return URL_OK;
}

/* A hash of a file's bytes, so that a file rewritten within one tick of
   the file system's clock, at the same size, is still told apart. */
static uint64_t content_hash(const char *p, size_t n) {
  return url_fnv64(URL_FNV64_BASIS ^ n, p, n);
}

/* ----------------------------------------------------------- registry */

/*
** The lists in use in the process, so that each file's table is built
** once and shared (psl.h): the one mutable state shared by connections
** and threads, which issue 28 asks for (a table per connection cost 3.95
** ms per connection opened and ~300 KB each).  `lock` guards the list of
** entries, every entry's refs, and the building of an entry's data; an
** entry's `ready` is written once, under the lock, with release ordering,
** so that a lookup's acquire load of it sees the whole data without
** taking the lock.
*/

/* What tells two states of a file apart without reading it: ctime changes
   with every write and cannot be set back by a user (utimensat sets mtime
   only). */
typedef struct file_id {
  dev_t dev;
  ino_t ino;
  off_t size;
  struct timespec mtime, ctime;
} file_id;

#ifdef __APPLE__
#define ST_MTIM(st) ((st)->st_mtimespec)
#define ST_CTIM(st) ((st)->st_ctimespec)
#else
#define ST_MTIM(st) ((st)->st_mtim)
#define ST_CTIM(st) ((st)->st_ctim)
#endif

static file_id id_of(const struct stat *st) {
  return (file_id){st->st_dev, st->st_ino, st->st_size, ST_MTIM(st),
                   ST_CTIM(st)};
}

static int id_eq(const file_id *a, const file_id *b) {
  return a->dev == b->dev && a->ino == b->ino && a->size == b->size &&
         a->mtime.tv_sec == b->mtime.tv_sec &&
         a->mtime.tv_nsec == b->mtime.tv_nsec &&
         a->ctime.tv_sec == b->ctime.tv_sec &&
         a->ctime.tv_nsec == b->ctime.tv_nsec;
}

enum {
  E_FILE,    /* a file, built when opened; key: path and id */
  E_DEFAULT, /* the system's newest list, built on first use; key: the
                candidate files, newest first, and their ids */
  E_CTX      /* libpsl's context (url_psl_open_ctx); not in the registry */
};

struct url_psl_entry {
  url_psl_entry *next; /* in the registry */
  int refs;
  int kind;
  char *path;              /* E_FILE: from mem */
  file_id id;              /* E_FILE, with its bytes' count and hash */
  size_t bytes;
  uint64_t hash;
  int n_cand;              /* E_DEFAULT: candidates (libpsl's file names) */
  const char *cand[2];
  file_id cand_id[2];
  url_psl_entry *target;   /* E_DEFAULT: the file entry it uses, if any */
  _Atomic(const url_psl_data *) ready; /* NULL until built */
  url_psl_data own;        /* the data, unless target's is used */
  const url_allocator *mem;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static url_psl_entry *registry; /* guarded by lock */

static url_psl_entry *entry_new(const url_allocator *mem, int kind) {
  url_psl_entry *e = mem->alloc(sizeof *e);
  if (!e) return NULL;
  memset(e, 0, sizeof *e);
  e->refs = 1;
  e->kind = kind;
  e->mem = mem;
  atomic_init(&e->ready, NULL);
  return e;
}

/* Drops a reference; the last frees the entry.  Under lock. */
static void entry_release(url_psl_entry *e) {
  if (--e->refs > 0) return;
  for (url_psl_entry **p = &registry; *p; p = &(*p)->next) {
    if (*p == e) {
      *p = e->next;
      break;
    }
  }
  if (e->target) entry_release(e->target);
  data_free(&e->own);
  if (e->path) e->mem->release(e->path);
  e->mem->release(e);
}

/* The registry's entry for the file open at fd (read whole: its identity
   is its stat() and its bytes), made and built if there is none: URL_OK (*out holds a new reference), URL_FAILURE (why set) or
   URL_NOMEM.  Under lock. */
static int file_entry(const url_allocator *mem, int fd, const char *path,
                      url_psl_entry **out, char *why, size_t why_size) {
  struct stat st;
  if (fstat(fd, &st) != 0) {
    set_errno_why(why, why_size, errno);
    return URL_FAILURE;
  }
  file_id id = id_of(&st);
  char *buf;
  size_t n;
  int rc = read_all(fd, mem, &buf, &n, why, why_size);
  if (rc != URL_OK) return rc;
  uint64_t hash = content_hash(buf, n);
  for (url_psl_entry *e = registry; e; e = e->next) {
    if (e->kind == E_FILE && id_eq(&e->id, &id) && e->bytes == n &&
        e->hash == hash && !strcmp(e->path, path)) {
      mem->release(buf);
      e->refs++;
      *out = e;
      return URL_OK;
    }
  }
  url_psl_entry *e = entry_new(mem, E_FILE);
  size_t plen = strlen(path);
  if (!e || !(e->path = mem->alloc(plen + 1))) {
    if (e) mem->release(e);
    mem->release(buf);
    return URL_NOMEM;
  }
  memcpy(e->path, path, plen + 1);
  e->id = id;
  e->bytes = n;
  e->hash = hash;
  rc = data_build(&e->own, mem, buf, n, path, st.st_mtime, why, why_size);
  mem->release(buf);
  if (rc != URL_OK) {
    mem->release(e->path);
    mem->release(e);
    return rc;
  }
  atomic_store_explicit(&e->ready, &e->own, memory_order_release);
  e->next = registry;
  registry = e;
  *out = e;
  return URL_OK;
}

/* Opens path and finds or makes its entry.  Under lock. */
static int file_entry_at(const url_allocator *mem, const char *path,
                         url_psl_entry **out, char *why, size_t why_size) {
  set_why(why, why_size, "");
  /* O_NONBLOCK: opening a FIFO must not wait for a writer (it is then
     rejected as not a regular file); it changes nothing for regular files. */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    set_errno_why(why, why_size, errno);
    return URL_FAILURE;
  }
  int rc = file_entry(mem, fd, path, out, why, why_size);
  close(fd);
  return rc;
}

/* Builds the default entry e: the first candidate file that loads, else
   the built-in list, else no list.  Under lock. */
static int default_build(url_psl_entry *e) {
  for (int i = 0; i < e->n_cand; i++) {
    char why[160];
    url_psl_entry *f;
    int rc = file_entry_at(e->mem, e->cand[i], &f, why, sizeof why);
    if (rc == URL_NOMEM) return rc;
    if (rc == URL_OK) {
      e->target = f;
      atomic_store_explicit(&e->ready, &f->own, memory_order_release);
      return URL_OK;
    }
  }
  url_psl_data *d = &e->own;
  d->mem = e->mem;
  /* The built-in list has no file to read its rules from: libpsl answers. */
  const psl_ctx_t *b = psl_builtin();
  if (b) {
    d->psl = b;
    d->date = psl_builtin_file_time();
    d->format = URL_PSL_BUILTIN;
    d->rules = psl_suffix_count(b);
    d->exceptions = psl_suffix_exception_count(b);
    d->wildcards = psl_suffix_wildcard_count(b);
  } else {
    /* libpsl built without its list and no file: just the "*" rule. */
    url_psl_rules none;
    url_psl_rules_init(&none, e->mem);
    d->format = URL_PSL_EMPTY;
    d->rules = d->exceptions = d->wildcards = 0;
    int rc = url_psl_table_build(&d->table, &none, e->mem);
    if (rc != URL_OK) return rc;
  }
  atomic_store_explicit(&e->ready, d, memory_order_release);
  return URL_OK;
}

/* The first use of the default entry e: builds it under the lock. */
static int data_first_use(url_psl_entry *e, const url_psl_data **out) {
  pthread_mutex_lock(&lock);
  const url_psl_data *d = atomic_load_explicit(&e->ready, memory_order_relaxed);
  int rc = URL_OK;
  if (!d) { /* only a default entry is ever not ready */
    rc = default_build(e);
    d = atomic_load_explicit(&e->ready, memory_order_relaxed);
  }
  pthread_mutex_unlock(&lock);
  *out = d;
  return rc;
}

/* Every lookup's way to the data: one acquire load once it is built. */
static inline int data_get(const url_psl_list *l, const url_psl_data **out) {
  url_psl_entry *e = l->e;
  *out = NULL;
  if (!e) return URL_OK;
  *out = atomic_load_explicit(&e->ready, memory_order_acquire);
  return *out ? URL_OK : data_first_use(e, out);
}

int url_psl_data_get(const url_psl_list *l, const url_psl_data **out) {
  return data_get(l, out);
}

/* ------------------------------------------------------------ opening */

int url_psl_open_file(url_psl_list *l, const url_allocator *mem,
                      const char *path, char *why, size_t why_size) {
  url_psl_entry *e;
  pthread_mutex_lock(&lock);
  int rc = file_entry_at(mem, path, &e, why, why_size);
  pthread_mutex_unlock(&lock);
  if (rc == URL_OK) l->e = e;
  return rc;
}

int url_psl_open_default(url_psl_list *l, const url_allocator *mem) {
  l->e = NULL;
  /* psl_latest(NULL)'s candidates, newest first (ties: in this order),
     each only if newer than the built-in data. */
  time_t builtin_time = psl_builtin_file_time();
  const char *files[2] = {psl_dist_filename(), psl_builtin_filename()};
  const char *order[2];
  file_id ids[2];
  int k = 0;
  for (int i = 0; i < 2; i++) {
    struct stat st;
    if (!files[i] || !*files[i] || stat(files[i], &st) != 0 ||
        st.st_mtime <= builtin_time)
      continue;
    file_id id = id_of(&st);
    if (k == 1 && st.st_mtime > ids[0].mtime.tv_sec) {
      order[1] = order[0];
      ids[1] = ids[0];
      order[0] = files[i];
      ids[0] = id;
    } else {
      order[k] = files[i];
      ids[k] = id;
    }
    k++;
  }
  pthread_mutex_lock(&lock);
  url_psl_entry *e = registry;
  for (; e; e = e->next) {
    if (e->kind != E_DEFAULT || e->n_cand != k) continue;
    int same = 1;
    for (int i = 0; i < k && same; i++)
      same = !strcmp(e->cand[i], order[i]) && id_eq(&e->cand_id[i], &ids[i]);
    if (same) break;
  }
  if (e) {
    e->refs++;
  } else if ((e = entry_new(mem, E_DEFAULT))) {
    e->n_cand = k;
    for (int i = 0; i < k; i++) {
      e->cand[i] = order[i]; /* libpsl's own strings */
      e->cand_id[i] = ids[i];
    }
    e->next = registry;
    registry = e;
  }
  pthread_mutex_unlock(&lock);
  if (!e) return URL_NOMEM;
  l->e = e;
  return URL_OK;
}

int url_psl_open_ctx(url_psl_list *l, const url_allocator *mem,
                     const psl_ctx_t *ctx, url_psl_format format) {
  l->e = NULL;
  url_psl_entry *e = entry_new(mem, E_CTX);
  if (!e) return URL_NOMEM;
  url_psl_data *d = &e->own;
  d->mem = mem;
  d->psl = ctx;
  d->format = format;
  d->rules = psl_suffix_count(ctx);
  d->exceptions = psl_suffix_exception_count(ctx);
  d->wildcards = psl_suffix_wildcard_count(ctx);
  if (format == URL_PSL_BUILTIN) d->date = psl_builtin_file_time();
  atomic_store_explicit(&e->ready, d, memory_order_release);
  l->e = e;
  return URL_OK;
}

void url_psl_close(url_psl_list *l) {
  if (!l || !l->e) return;
  pthread_mutex_lock(&lock);
  entry_release(l->e);
  pthread_mutex_unlock(&lock);
  l->e = NULL;
}

int url_psl_rule_count(const url_psl_data *d) { return d->rules; }
int url_psl_exception_count(const url_psl_data *d) { return d->exceptions; }
int url_psl_wildcard_count(const url_psl_data *d) { return d->wildcards; }

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
static int libpsl_suffix(const url_psl_data *l, url_psl_section sec,
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

int url_psl_host_parts_in(const url_psl_list *list, url_psl_section sec,
                          const char *h, size_t n, url_host_type t,
                          url_str *suffix, url_str *registrable) {
  if (suffix) *suffix = (url_str){NULL, 0};
  if (registrable) *registrable = (url_str){NULL, 0};
  if (t != URL_HOST_DOMAIN || n == 0) return URL_OK;
  const url_psl_data *l;
  int rc = data_get(list, &l);
  if (rc != URL_OK) return rc;
  if (!l || (!l->table.keys && !l->psl)) return URL_OK;
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
  size_t off, before = SIZE_MAX;
  if (l->table.keys) {
    off = url_psl_table_suffix(&l->table, h, m, sec == URL_PSL_ICANN,
                               MAX_LABELS, &before);
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
    rc = libpsl_suffix(l, sec, h, start, m, &off);
    if (rc != URL_OK) return rc;
  }
  if (suffix) *suffix = (url_str){h + off, n - off};
  if (registrable && off > 0) {
    /* The public suffix plus the label before it (h[off - 1] is a dot),
       which the table's walk may have found already. */
    size_t p = before != SIZE_MAX ? before : label_start(h, off - 1);
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
