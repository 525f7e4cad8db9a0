/*
** The connection's state (url_conn, ext.h): the public suffix list in use,
** the user data of every registered function and module, and what the
** connection keeps from call to call (its cache of parsed bases and
** storage for long inputs), and the state a part of ext/ keeps of its own
** (url_conn_state: objs.c's objects made from arguments, compiled
** robots.txt files among them).  Made
** by url_ext.c's entry point, which sits above it, for the families it
** lists.
*/
#include "ext.h"
#include "psl.h"

struct url_conn {
  int refs;               /* one per registration, plus the creator's */
  url_psl_list psl;       /* the list in use (a reference to the process's
                             shared one, built on first use: psl.h);
                             url_psl_load replaces it */
  url_call_cache *cache;  /* made on first use */
  void *state[URL_CONN_STATES]; /* families' own state (url_conn_state) */
  void (*destroy[URL_CONN_STATES])(void *);
  url_tvf_reg *tvfs;      /* the table-valued functions' client data, after fns[] */
  url_fn fns[];           /* the scalar functions' user data */
};

url_conn *url_conn_new(const url_family *const *fams, int n) {
  int n_funcs = 0, n_tvfs = 0;
  for (int f = 0; f < n; f++) {
    n_funcs += fams[f]->n_funcs;
    n_tvfs += fams[f]->n_tvfs;
  }
  /* One allocation: the struct, fns[n_funcs], then tvfs[n_tvfs]. */
  url_conn *c = sqlite3_malloc64(sizeof *c + n_funcs * sizeof(url_fn) +
                                 n_tvfs * sizeof(url_tvf_reg));
  if (!c) return NULL;
  c->refs = 1;
  c->cache = NULL;
  for (int i = 0; i < URL_CONN_STATES; i++) {
    c->state[i] = NULL;
    c->destroy[i] = NULL;
  }
  if (url_psl_open_default(&c->psl, &url_mem_sqlite) != URL_OK) {
    sqlite3_free(c);
    return NULL;
  }
  c->tvfs = (url_tvf_reg *)(void *)(c->fns + n_funcs);
  int i = 0, k = 0;
  for (int f = 0; f < n; f++) {
    for (int j = 0; j < fams[f]->n_funcs; j++)
      c->fns[i++] = (url_fn){&fams[f]->funcs[j], c};
    for (int j = 0; j < fams[f]->n_tvfs; j++)
      c->tvfs[k++] = (url_tvf_reg){fams[f]->tvfs[j], c};
  }
  return c;
}

url_fn *url_conn_fn(url_conn *c, int i) { return &c->fns[i]; }
url_tvf_reg *url_conn_tvf(url_conn *c, int k) { return &c->tvfs[k]; }

static void cache_free(url_call_cache *cc);

/* Reference counts change only in registration and in destructor
   callbacks, which SQLite runs under the connection's mutex. */
url_conn *url_conn_retain(url_conn *c) {
  c->refs++;
  return c;
}

void url_conn_release(url_conn *c) {
  if (--c->refs == 0) {
    url_psl_close(&c->psl);
    cache_free(c->cache);
    for (int i = 0; i < URL_CONN_STATES; i++)
      if (c->state[i]) c->destroy[i](c->state[i]);
    sqlite3_free(c);
  }
}

const url_psl_list *url_conn_psl(const url_conn *c) { return &c->psl; }

void *url_conn_state(url_conn *c, int id) { return c->state[id]; }

void url_conn_set_state(url_conn *c, int id, void *p, void (*destroy)(void *)) {
  if (c->state[id]) c->destroy[id](c->state[id]);
  c->state[id] = p;
  c->destroy[id] = destroy;
}

void url_conn_set_psl(url_conn *c, url_psl_list *l) {
  url_psl_list old = c->psl;
  c->psl = *l;
  url_psl_close(&old);
}

/* ------------------------------------------------------ connection cache */

/*
** What a connection keeps from call to call (calls on one connection never
** overlap, and no URL function runs SQL):
**   - the bases it parsed, looked up by their bytes (and the length limit
**     they were parsed under): a constant base is parsed once, and a base
**     that changes every row is parsed into a slot's kept storage, so
**     url_resolve(page, href) allocates nothing per row;
**   - kept storage for inputs too long for a call's stack, so that long
**     URLs do not allocate per row either.
** Whether a statement scans a table or is run once per row with bound
** values, nothing is allocated per call.  Kept storage beyond
** URL_KEEP_MAX is given back after the call that needed it.
*/
#define BASE_SLOTS 2

typedef struct base_slot {
  int rc;       /* URL_OK or URL_FAILURE (invalid base); -1: empty */
  size_t max;   /* the length limit it was parsed under */
  url_buf key;  /* the base argument's bytes */
  url_kept b;   /* the parsed base, when rc is URL_OK */
  char kst[128];
} base_slot;

struct url_call_cache {
  base_slot slot[BASE_SLOTS];
  int next;       /* the slot a miss replaces */
  url_kept long_input;
};

static void cache_free(url_call_cache *cc) {
  if (!cc) return;
  for (int i = 0; i < BASE_SLOTS; i++) {
    url_buf_free(&cc->slot[i].key);
    url_kept_free(&cc->slot[i].b);
  }
  url_kept_free(&cc->long_input);
  sqlite3_free(cc);
}

url_call_cache *url_conn_cache(url_conn *c) {
  if (c->cache) return c->cache;
  url_call_cache *cc = sqlite3_malloc64(sizeof *cc);
  if (!cc) return NULL;
  for (int i = 0; i < BASE_SLOTS; i++) {
    base_slot *s = &cc->slot[i];
    s->rc = -1;
    url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst,
                 (size_t)0x7fffffff);
    url_kept_init(&s->b);
  }
  cc->next = 0;
  url_kept_init(&cc->long_input);
  return c->cache = cc;
}

/* Parses the base v, whose bytes are p[0..n), into the slot s. */
static int base_slot_fill(base_slot *s, sqlite3_value *v, const char *p,
                          size_t n, size_t max) {
  s->rc = -1;
  if (s->key.err || s->key.cap > URL_KEEP_MAX) {
    url_buf_free(&s->key);
    url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst,
                 s->key.max);
  }
  if (s->b.cap > URL_KEEP_MAX) url_kept_free(&s->b);
  s->key.len = 0;
  url_buf_append(&s->key, p, n);
  if (s->key.err) return s->key.err;
  int rc = url_kept_parse(&s->b, v, NULL, max);
  if (rc == URL_OK || rc == URL_FAILURE) {
    s->rc = rc;
    s->max = max;
  }
  return rc;
}

int url_call_cache_base(url_call_cache *cc, sqlite3_value *v, const char *p,
                        size_t n, size_t max, const url **out) {
  *out = NULL;
  base_slot *s = NULL;
  for (int i = 0; i < BASE_SLOTS && !s; i++) {
    base_slot *t = &cc->slot[i];
    if (t->rc >= 0 && t->key.len == n && t->max == max &&
        (n == 0 || memcmp(t->key.ptr, p, n) == 0))
      s = t;
  }
  if (!s) {
    s = &cc->slot[cc->next];
    cc->next = (cc->next + 1) % BASE_SLOTS;
    int rc = base_slot_fill(s, v, p, n, max);
    if (rc != URL_OK && rc != URL_FAILURE) return rc;
  }
  if (s->rc == URL_OK) *out = &s->b.u;
  return s->rc;
}

url_kept *url_call_cache_long_input(url_call_cache *cc) {
  return &cc->long_input;
}
