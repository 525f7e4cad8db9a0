/*
** The connection's state (url_conn, ext.h): the public suffix list in use,
** the user data of every registered function and module, and what the
** connection keeps from call to call (its cache of parsed bases and
** storage for long inputs, and the objects functions made from arguments:
** compiled URL patterns), and the state a family keeps of its own
** (url_conn_state: robots.c's cache of compiled robots.txt files).  Made
** by url_ext.c's entry point, which sits above it, for the families it
** lists.
*/
#include "ext.h"
#include "psl.h"

typedef struct url_objs url_objs;

struct url_conn {
  int refs;               /* one per registration, plus the creator's */
  url_psl_list psl;       /* the list in use (a reference to the process's
                             shared one, built on first use: psl.h);
                             url_psl_load replaces it */
  url_call_cache *cache;  /* made on first use */
  url_objs *objs;         /* made on first use */
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
  c->objs = NULL;
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
static void objs_free(url_objs *o);

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
    objs_free(c->objs);
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

/* --------------------------------------------------------- kept objects */

/*
** Objects made from an argument's bytes (under a length limit), looked up
** by them: OBJ_SLOTS entries, each key with two places it may go (by two
** parts of its hash), the less recently used of the two replaced.  So a
** set of values that repeats (a join against a table of patterns) finds
** its objects again even when there are more of them than slots, where a
** plain round robin would miss every time.
*/
#define OBJ_SLOTS 64

typedef struct obj_slot {
  const url_obj_kind *kind; /* NULL: empty */
  void *obj;
  uint32_t hash;
  size_t max;
  uint64_t used; /* when last found or put */
  url_buf key;
  char kst[64];
} obj_slot;

struct url_objs {
  obj_slot slot[OBJ_SLOTS];
  uint64_t clock;
  int last; /* the slot last found or filled, looked at first; -1: none */
};

static void slot_empty(obj_slot *s) {
  if (s->kind) s->kind->release(s->obj);
  s->kind = NULL;
  s->obj = NULL;
  url_buf_free(&s->key);
  url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst,
               (size_t)0x7fffffff);
}

static void objs_free(url_objs *o) {
  if (!o) return;
  for (int i = 0; i < OBJ_SLOTS; i++) slot_empty(&o->slot[i]);
  sqlite3_free(o);
}

/* FNV-1a of the key's bytes and its limit. */
static uint32_t key_hash(const char *p, size_t n, size_t max) {
  uint32_t h = 2166136261u ^ (uint32_t)max;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 16777619u;
  return h;
}

/* The two slots a key of hash h may be in. */
static void key_slots(uint32_t h, int at[2]) {
  at[0] = (int)(h % OBJ_SLOTS);
  at[1] = (int)((h / OBJ_SLOTS + 1 + (uint32_t)at[0]) % OBJ_SLOTS);
  if (at[1] == at[0]) at[1] = (at[0] + 1) % OBJ_SLOTS;
}

/* Whether slot s holds an object of that kind for p[0..n) under max. */
static int slot_is(const obj_slot *s, const url_obj_kind *kind, const char *p,
                   size_t n, size_t max) {
  return s->kind == kind && s->max == max && s->key.len == n &&
         (n == 0 || memcmp(s->key.ptr, p, n) == 0);
}

void *url_conn_obj_find(url_conn *c, const url_obj_kind *kind, const char *p,
                        size_t n, size_t max, int *again) {
  url_objs *o = c->objs;
  *again = 0;
  if (!o) return NULL;
  if (o->last >= 0 && slot_is(&o->slot[o->last], kind, p, n, max)) {
    *again = 1; /* the same as last time: no hash to compute */
    return o->slot[o->last].obj;
  }
  uint32_t h = key_hash(p, n, max);
  int at[2];
  key_slots(h, at);
  for (int i = 0; i < 2; i++) {
    obj_slot *s = &o->slot[at[i]];
    if (s->hash == h && slot_is(s, kind, p, n, max)) {
      s->used = ++o->clock;
      o->last = at[i];
      return s->obj;
    }
  }
  return NULL;
}

int url_conn_obj_put(url_conn *c, const url_obj_kind *kind, const char *p,
                     size_t n, size_t max, void *obj) {
  if (!c->objs) {
    url_objs *o = sqlite3_malloc64(sizeof *o);
    if (!o) return URL_NOMEM;
    memset(o, 0, sizeof *o);
    for (int i = 0; i < OBJ_SLOTS; i++)
      url_buf_init(&o->slot[i].key, &url_mem_sqlite, o->slot[i].kst,
                   sizeof o->slot[i].kst, (size_t)0x7fffffff);
    o->last = -1;
    c->objs = o;
  }
  uint32_t h = key_hash(p, n, max);
  int at[2];
  key_slots(h, at);
  obj_slot *a = &c->objs->slot[at[0]], *b = &c->objs->slot[at[1]];
  obj_slot *s = !a->kind ? a : !b->kind ? b : a->used <= b->used ? a : b;
  slot_empty(s);
  url_buf_append(&s->key, p, n);
  if (s->key.err) {
    slot_empty(s);
    return URL_NOMEM;
  }
  s->kind = kind;
  s->obj = obj;
  s->hash = h;
  s->max = max;
  s->used = ++c->objs->clock;
  c->objs->last = (int)(s - c->objs->slot);
  return URL_OK;
}
