/*
** The objects functions make from their arguments (ext.h, url_obj): one
** cache per connection, with a budget per kind, a slot for objects there
** is one of per connection, and the one path by which a function gets
** "the compiled object of this argument".
**
**   -- compiled once per statement (auxdata), from its second row on:
**   SELECT count(url_pattern_test('https://:host.example.com', u)) FROM urls;
**   -- made once per distinct pattern, kept by the connection:
**   SELECT count(url_pattern_test(r.p, u)) FROM urls, routes AS r;
**
** Each kind's objects are kept in a table of kind->slots slots (made on
** first use), in buckets of OBJ_WAYS, the least recently used of a
** bucket replaced: a join cycling over a set of values a little smaller
** than the table keeps them all, where a plain round robin would miss on
** every row.  A kind's objects hold at most kind->budget bytes in all
** (url_obj.bytes); past it the kind's table starts again empty, and an
** object over kind->one_max is not kept at all (made per statement or per
** call).  Kinds do not share slots: a join over many robots.txt files does
** not evict the compiled patterns of the same statement.
*/
#include <string.h>

#include "ext.h"

#define OBJ_WAYS 8
#define OBJ_KINDS 8 /* kinds a connection may keep (pattern, domains x2, robots) */
#define OBJ_ONES 4  /* one-per-connection objects */

typedef struct obj_slot {
  url_obj *obj; /* NULL: empty */
  uint64_t hash, used;
  size_t max;   /* the length limit it was made under */
  char *key;    /* the argument's bytes (sqlite3_malloc) */
  size_t n;
} obj_slot;

/* One kind's table. */
typedef struct obj_table {
  const url_obj_kind *kind; /* NULL: unused */
  obj_slot *slot;           /* kind->slots of them */
  int n_slots;
  uint64_t clock;
  size_t bytes;             /* url_obj.bytes of the objects in slot[] */
  int last;                 /* the slot last found or filled; -1: none */
} obj_table;

typedef struct url_objs {
  obj_table t[OBJ_KINDS];
  url_obj *one[OBJ_ONES]; /* one-per-connection objects, by kind */
} url_objs;

/* ------------------------------------------------------------ objects */

void url_obj_init(url_obj *o, const url_obj_kind *kind, size_t bytes) {
  memset(o, 0, sizeof *o);
  o->kind = kind;
  o->refs = 1;
  o->bytes = bytes;
}

void url_obj_release(void *v) {
  url_obj *o = v;
  if (!o || --o->refs > 0) return;
  o->kind->free(o);
}

/* ------------------------------------------------------------- tables */

static void slot_empty(obj_table *t, obj_slot *s) {
  if (!s->obj) return;
  t->bytes -= s->obj->bytes;
  url_obj_release(s->obj);
  sqlite3_free(s->key);
  memset(s, 0, sizeof *s);
}

static void table_empty(obj_table *t) {
  for (int i = 0; i < t->n_slots; i++) slot_empty(t, &t->slot[i]);
  t->last = -1;
}

/* Frees the connection's objects (its URL_CONN_OBJS state). */
static void objs_free(void *v) {
  url_objs *o = v;
  for (int k = 0; k < OBJ_KINDS; k++) {
    if (!o->t[k].kind) continue;
    table_empty(&o->t[k]);
    sqlite3_free(o->t[k].slot);
  }
  for (int i = 0; i < OBJ_ONES; i++) url_obj_release(o->one[i]);
  sqlite3_free(o);
}

/* The connection's objects, made on first use (NULL if out of memory). */
static url_objs *objs_of(url_conn *c) {
  url_objs *o = url_conn_state(c, URL_CONN_OBJS);
  if (!o) {
    o = sqlite3_malloc64(sizeof *o);
    if (!o) return NULL;
    memset(o, 0, sizeof *o);
    url_conn_set_state(c, URL_CONN_OBJS, o, objs_free);
  }
  return o;
}

/* kind's table in o: found, or made when make is set; NULL when there
   is none (or no memory for one). */
static obj_table *table_of(url_objs *o, const url_obj_kind *kind, int make) {
  for (int k = 0; k < OBJ_KINDS; k++) {
    obj_table *t = &o->t[k];
    if (t->kind == kind) return t;
    if (t->kind) continue;
    if (!make) return NULL;
    int n = kind->slots < OBJ_WAYS ? OBJ_WAYS : kind->slots / OBJ_WAYS * OBJ_WAYS;
    t->slot = sqlite3_malloc64((sqlite3_uint64)n * sizeof *t->slot);
    if (!t->slot) return NULL;
    memset(t->slot, 0, (size_t)n * sizeof *t->slot);
    t->kind = kind;
    t->n_slots = n;
    t->last = -1;
    return t;
  }
  return NULL; /* more kinds than OBJ_KINDS: not kept */
}

/*
** A hash of the key's length, its limit and at most 24 of its 8-octet
** words (8 at its start, 8 at its end, 8 spread through the middle),
** mixed in two chains: lookups compare the whole key anyway, so sampling
** costs only a collision now and then, and a row of a join does not hash
** a whole robots.txt file.
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
  /* a multiply carries differences only upwards: fold the high bits into
     the low ones the bucket is taken from (MurmurHash3's finalizer) */
  a = (a ^ (a >> 33)) * 0xFF51AFD7ED558CCDULL;
  a = (a ^ (a >> 33)) * 0xC4CEB9FE1A85EC53ULL;
  return a ^ (a >> 33);
}

/* Keys that differ often differ near their ends (files of one site, a
   pattern's last segment): the last octets are compared first. */
static int slot_is(const obj_slot *s, const char *p, size_t n, size_t max) {
  if (!s->obj || s->n != n || s->max != max) return 0;
  size_t t = n < 16 ? n : 16;
  return n == 0 || (memcmp(s->key + n - t, p + n - t, t) == 0 &&
                    memcmp(s->key, p, n - t) == 0);
}

/* The object kept for p[0..n) under max, or NULL. */
static url_obj *table_find(obj_table *t, const char *p, size_t n, size_t max,
                           uint64_t h) {
  int b = (int)(h % (uint64_t)(t->n_slots / OBJ_WAYS)) * OBJ_WAYS;
  for (int i = b; i < b + OBJ_WAYS; i++) {
    obj_slot *s = &t->slot[i];
    if (s->hash == h && slot_is(s, p, n, max)) {
      s->used = ++t->clock;
      t->last = i;
      return s->obj;
    }
  }
  return NULL;
}

/* Keeps obj (with a reference of the table's own) for p[0..n) under max
   when it fits; nothing when memory is short (obj is still the
   caller's). */
static void table_put(obj_table *t, const char *p, size_t n, size_t max,
                      uint64_t h, url_obj *obj) {
  const url_obj_kind *kind = t->kind;
  if (obj->bytes > kind->one_max) return;
  char *key = sqlite3_malloc64(n ? n : 1);
  if (!key) return;
  if (n) memcpy(key, p, n);
  int b = (int)(h % (uint64_t)(t->n_slots / OBJ_WAYS)) * OBJ_WAYS;
  obj_slot *s = &t->slot[b];
  for (int i = b + 1; i < b + OBJ_WAYS && s->obj; i++)
    if (!t->slot[i].obj || t->slot[i].used < s->used) s = &t->slot[i];
  slot_empty(t, s);
  if (t->bytes + obj->bytes > kind->budget) table_empty(t);
  *s = (obj_slot){obj, h, ++t->clock, max, key, n};
  obj->refs++;
  t->bytes += obj->bytes;
  t->last = (int)(s - t->slot);
}

/* ----------------------------------------------- the object of a value */

int url_conn_obj(url_conn *c, const url_obj_kind *kind, sqlite3_value *v,
                 size_t max, url_obj_make make, void *arg, url_obj **out,
                 int *again, char **msg) {
  const char *p;
  size_t n;
  *out = NULL;
  *msg = NULL;
  *again = 0;
  int rc = url_arg_bytes(v, &p, &n);
  if (rc != URL_OK) return rc == URL_FAILURE ? URL_NOMEM : rc; /* not NULL here */
  if (!p) p = "";
  url_objs *o = objs_of(c);
  obj_table *t = o ? table_of(o, kind, 1) : NULL;
  if (t && t->last >= 0 && slot_is(&t->slot[t->last], p, n, max)) {
    *again = 1; /* the same as last time: no hash to compute */
    *out = t->slot[t->last].obj;
    (*out)->refs++;
    return URL_OK;
  }
  uint64_t h = key_hash(p, n, max);
  if (t && (*out = table_find(t, p, n, max, h)) != NULL) {
    (*out)->refs++;
    return URL_OK;
  }
  rc = make(arg, v, max, out, msg);
  if (rc != URL_OK || !t) return rc;
  /* v's bytes may have moved (make may have read it as text): again */
  if (url_arg_bytes(v, &p, &n) == URL_OK)
    table_put(t, p ? p : "", n, max, key_hash(p ? p : "", n, max), *out);
  return URL_OK;
}

/* SQLite's auxdata destructor: drops the statement's reference, noting
   when the statement had no row that used it (keep_or_drop). */
static void aux_release(void *v) {
  url_obj *o = v;
  if (o->aux_hits == o->aux_hits_then) o->aux_unused = 1;
  url_obj_release(o);
}

url_obj *url_arg_obj(sqlite3_context *ctx, int i, sqlite3_value *v,
                     const url_obj_kind *kind, size_t max, url_obj_make make,
                     void *arg, int *held, int *rc, char **msg) {
  url_obj *o = sqlite3_get_auxdata(ctx, i);
  *held = 0;
  *rc = URL_OK;
  *msg = NULL;
  if (o) {
    o->aux_hits++;
    return o;
  }
  int again;
  *rc = url_conn_obj(url_fn_conn(ctx), kind, v, max, make, arg, &o, &again, msg);
  if (*rc != URL_OK) return NULL;
  *held = again ? 2 : 1;
  return o;
}

/*
** An object found twice in a row (a constant argument, from the
** statement's second row on) is handed to SQLite as auxdata, which keeps
** it while the argument is constant; not one that changes every row,
** which SQLite would take and drop each row (allocating), nor one SQLite
** dropped unused before (a statement run once per bound value, reset
** after each row).
*/
void url_arg_obj_done(sqlite3_context *ctx, int i, url_obj *o, int held) {
  if (held == 2 && !o->aux_unused) {
    o->aux_hits_then = o->aux_hits;
    sqlite3_set_auxdata(ctx, i, o, aux_release);
  } else if (held) {
    url_obj_release(o);
  }
}

/* ------------------------------------------ one-per-connection objects */

int url_conn_one(url_conn *c, const url_obj_kind *kind,
                 int (*make)(url_obj **out), url_obj **out) {
  *out = NULL;
  url_objs *o = objs_of(c);
  if (!o) return URL_NOMEM;
  int free_at = -1;
  for (int i = 0; i < OBJ_ONES; i++) {
    if (o->one[i] && o->one[i]->kind == kind) {
      *out = o->one[i];
      return URL_OK;
    }
    if (!o->one[i] && free_at < 0) free_at = i;
  }
  if (free_at < 0) return URL_NOMEM; /* more kinds than OBJ_ONES */
  int rc = make(out);
  if (rc == URL_OK) o->one[free_at] = *out;
  return rc;
}
