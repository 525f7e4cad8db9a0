/*
** The connection's state (url_conn, ext.h): the public suffix list in use,
** the user data of every registered function and module, and what the
** connection keeps from call to call (its cache of parsed bases and
** storage for long inputs, and the objects functions made from arguments:
** compiled URL patterns, compiled robots.txt files, kept in one cache with
** a budget per kind).  Made by url_ext.c's entry point, which sits above
** it, for the families it lists.
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
    sqlite3_free(c);
  }
}

const url_psl_list *url_conn_psl(const url_conn *c) { return &c->psl; }

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
** by them, in one cache with a budget per kind:
**   - the shared table: OBJ_SLOTS entries for the kinds without slots of
**     their own (compiled patterns, the deceptive family's objects), each
**     key with two places it may go (by two parts of its hash), the less
**     recently used of the two replaced.  So a set of values that repeats
**     (a join against a table of patterns) finds its objects again even
**     when there are more of them than slots, where a plain round robin
**     would miss every time;
**   - a kind with slots of its own (kind->slots: compiled robots.txt
**     files, a thousand distinct ones in a join) has a table of buckets of
**     OWN_WAYS places, the least recently used of a bucket replaced, and a
**     byte budget (kind->budget, the objects' kind->bytes plus their keys):
**     past it the kind's table starts again empty.
** The hash samples long keys (lookups compare the whole key anyway), so a
** row of a join does not hash its whole argument.
*/
#define OBJ_SLOTS 64
#define OWN_WAYS 8
#define OWN_KINDS 2 /* kinds with a table of their own, at most */

typedef struct obj_slot {
  const url_obj_kind *kind; /* NULL: empty */
  void *obj;
  uint64_t hash;
  size_t max;
  size_t bytes;  /* what the slot counts against its kind's budget */
  uint64_t used; /* when last found or put */
  url_buf key;
  char kst[64];
} obj_slot;

typedef struct obj_table {
  const url_obj_kind *own; /* NULL: the shared table */
  obj_slot *slot;
  int n_slots;
  size_t bytes; /* kept against own->budget */
} obj_table;

struct url_objs {
  obj_table shared;
  obj_table own[OWN_KINDS];
  uint64_t clock;
  obj_slot *last; /* the slot last found or filled, looked at first */
  obj_slot shared_slot[OBJ_SLOTS];
};

static void slot_init(obj_slot *s) {
  url_buf_init(&s->key, &url_mem_sqlite, s->kst, sizeof s->kst,
               (size_t)0x7fffffff);
}

static void slot_empty(obj_table *t, obj_slot *s) {
  if (s->kind) {
    t->bytes -= s->bytes;
    s->kind->release(s->obj);
  }
  s->kind = NULL;
  s->obj = NULL;
  s->bytes = 0;
  url_buf_free(&s->key);
  slot_init(s);
}

static void table_empty(obj_table *t) {
  for (int i = 0; i < t->n_slots; i++) slot_empty(t, &t->slot[i]);
}

static void objs_free(url_objs *o) {
  if (!o) return;
  table_empty(&o->shared);
  for (int k = 0; k < OWN_KINDS; k++)
    if (o->own[k].own) {
      table_empty(&o->own[k]);
      sqlite3_free(o->own[k].slot);
    }
  sqlite3_free(o);
}

/*
** A hash of the key's length, its limit and at most 24 of its 8-octet
** words (8 at its start, 8 at its end, 8 spread through the middle),
** mixed in two chains, then MurmurHash3's finalizer (a multiply carries
** differences only upwards: the low bits the slot is taken from need the
** high ones folded in).
*/
static uint64_t word_at(const char *p) {
  uint64_t w;
  memcpy(&w, p, 8);
  return w;
}

static uint64_t key_hash(const char *p, size_t n, size_t max) {
  const uint64_t K = 0x9E3779B97F4A7C15ULL;
  uint64_t a = (n ^ ((uint64_t)max << 32)) * K, b = ~n;
  if (n < 8) {
    for (size_t i = 0; i < n; i++) a = (a ^ (unsigned char)p[i]) * K;
  } else {
    size_t words = n / 8, step = words > 24 ? (words - 16) / 8 : 1;
    for (size_t i = 0; i < 8 && i < words; i++) {
      a = (a ^ word_at(p + 8 * i)) * K;
      b = (b ^ word_at(p + n - 8 - 8 * i)) * K;
    }
    for (size_t i = 8, k = 0; k < 8 && i + 8 < words; i += step, k++)
      a = (a ^ word_at(p + 8 * i)) * K;
    a ^= b;
  }
  a = (a ^ (a >> 33)) * 0xFF51AFD7ED558CCDULL;
  a = (a ^ (a >> 33)) * 0xC4CEB9FE1A85EC53ULL;
  return a ^ (a >> 33);
}

/* The places a key of hash h may be in: two of the shared table's, or
   the bucket of a kind's own table.  Returns their number. */
static int key_slots(const obj_table *t, uint64_t h, int at[OWN_WAYS]) {
  if (!t->own) {
    at[0] = (int)(h % OBJ_SLOTS);
    at[1] = (int)((h / OBJ_SLOTS + 1 + (uint64_t)at[0]) % OBJ_SLOTS);
    if (at[1] == at[0]) at[1] = (at[0] + 1) % OBJ_SLOTS;
    return 2;
  }
  int b = (int)(h % (uint64_t)(t->n_slots / OWN_WAYS)) * OWN_WAYS;
  for (int i = 0; i < OWN_WAYS; i++) at[i] = b + i;
  return OWN_WAYS;
}

/* Whether slot s holds an object of that kind for p[0..n) under max; a
   key's last octets are compared first (files of one site often differ
   only near their ends). */
static int slot_is(const obj_slot *s, const url_obj_kind *kind, const char *p,
                   size_t n, size_t max) {
  if (s->kind != kind || s->max != max || s->key.len != n) return 0;
  size_t t = n < 16 ? n : 16;
  return n == 0 || (memcmp(s->key.ptr + n - t, p + n - t, t) == 0 &&
                    memcmp(s->key.ptr, p, n - t) == 0);
}

/* The table of kind: its own (made now when make is set), or the shared
   one; NULL when its own could not be made. */
static obj_table *table_of(url_objs *o, const url_obj_kind *kind, int make) {
  if (!kind->slots) return &o->shared;
  for (int k = 0; k < OWN_KINDS; k++)
    if (o->own[k].own == kind) return &o->own[k];
  if (!make) return NULL;
  for (int k = 0; k < OWN_KINDS; k++) {
    obj_table *t = &o->own[k];
    if (t->own) continue;
    int n = kind->slots < OWN_WAYS ? OWN_WAYS : kind->slots / OWN_WAYS * OWN_WAYS;
    t->slot = sqlite3_malloc64((sqlite3_uint64)n * sizeof(obj_slot));
    if (!t->slot) return NULL;
    memset(t->slot, 0, (size_t)n * sizeof(obj_slot));
    for (int i = 0; i < n; i++) slot_init(&t->slot[i]);
    t->n_slots = n;
    t->bytes = 0;
    t->own = kind;
    return t;
  }
  return NULL; /* more kinds than OWN_KINDS: a bug, caught by tests */
}

void *url_conn_obj_find(url_conn *c, const url_obj_kind *kind, const char *p,
                        size_t n, size_t max, int *again) {
  url_objs *o = c->objs;
  *again = 0;
  if (!o) return NULL;
  if (o->last && slot_is(o->last, kind, p, n, max)) {
    *again = 1; /* the same as last time: no hash to compute */
    return o->last->obj;
  }
  obj_table *t = table_of(o, kind, 0);
  if (!t) return NULL;
  uint64_t h = key_hash(p, n, max);
  int at[OWN_WAYS], k = key_slots(t, h, at);
  for (int i = 0; i < k; i++) {
    obj_slot *s = &t->slot[at[i]];
    if (s->hash == h && slot_is(s, kind, p, n, max)) {
      s->used = ++o->clock;
      o->last = s;
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
    for (int i = 0; i < OBJ_SLOTS; i++) slot_init(&o->shared_slot[i]);
    o->shared.slot = o->shared_slot;
    o->shared.n_slots = OBJ_SLOTS;
    c->objs = o;
  }
  url_objs *o = c->objs;
  obj_table *t = table_of(o, kind, 1);
  if (!t) return URL_NOMEM;
  size_t bytes = kind->bytes ? kind->bytes(obj) + n : 0;
  if (kind->budget && bytes > kind->budget) return URL_NOMEM; /* not kept */
  uint64_t h = key_hash(p, n, max);
  int at[OWN_WAYS], k = key_slots(t, h, at);
  obj_slot *s = &t->slot[at[0]];
  for (int i = 1; i < k && s->kind; i++) {
    obj_slot *x = &t->slot[at[i]];
    if (!x->kind || x->used < s->used) s = x;
  }
  if (o->last == s) o->last = NULL;
  slot_empty(t, s);
  if (kind->budget && t->bytes + bytes > kind->budget) {
    table_empty(t); /* past the budget: start again */
    o->last = NULL;
  }
  url_buf_append(&s->key, p, n);
  if (s->key.err) {
    slot_empty(t, s);
    return URL_NOMEM;
  }
  s->kind = kind;
  s->obj = obj;
  s->hash = h;
  s->max = max;
  s->bytes = bytes;
  t->bytes += bytes;
  s->used = ++o->clock;
  o->last = s;
  return URL_OK;
}
