/*
** UTS #39 lookups (uts39.h): binary searches over the generated tables,
** the skeleton, and the restriction level over an index of scripts built
** from the regular expressions' property tables (regex/uprops_table.h).
*/
#include "uts39.h"

#include <stdlib.h>
#include <string.h>

#include "idna.h"
#include "status.h"
#include "utf8.h"
#include "uprops.h"
#include "uprops_table.h"
#include "uts39_tables.h"

static const char *const level_names[] = {
    "ascii-only",             "single-script",         "highly-restrictive",
    "moderately-restrictive", "minimally-restrictive", "unrestricted"};

const char *dec_level_name(int level) {
  return level >= 0 && level <= DEC_UNRESTRICTED ? level_names[level] : "";
}

static const char *const type_names[] = {
    "Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
    "Not_XID",       "Exclusion",  "Obsolete",          "Technical",
    "Uncommon_Use",  "Limited_Use", "Inclusion",        "Recommended"};

const char *dec_type_name(int bit) {
  return bit >= 0 && bit < 12 ? type_names[bit] : "";
}

/* ---------------------------------------------------------------- tables */

static int in_ranges(const dec_range *r, size_t n, uint32_t c) {
  size_t lo = 0, hi = n;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r[mid].hi < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < n && r[lo].lo <= c;
}

int dec_allowed(uint32_t c, int version) {
  return version == DEC_UNICODE17
             ? in_ranges(dec_allowed17, dec_allowed17_count, c)
             : in_ranges(dec_allowed16, dec_allowed16_count, c);
}

int dec_allowed16_cb(void *ctx, uint32_t c) {
  (void)ctx;
  return dec_allowed(c, DEC_UNICODE16);
}

int dec_allowed17_cb(void *ctx, uint32_t c) {
  (void)ctx;
  return dec_allowed(c, DEC_UNICODE17);
}

unsigned dec_identifier_types(uint32_t c, int version) {
  const dec_type_range *r = version == DEC_UNICODE17 ? dec_types17 : dec_types16;
  size_t lo = 0, hi = version == DEC_UNICODE17 ? dec_types17_count
                                               : dec_types16_count, n = hi;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r[mid].hi < c) lo = mid + 1;
    else hi = mid;
  }
  /* §3.1: code points the file does not list are Not_Character. */
  return lo < n && r[lo].lo <= c ? r[lo].types : 1u;
}

const char *dec_prototype(uint32_t c, int version, size_t *len) {
  const dec_confusable *t =
      version == DEC_UNICODE17 ? dec_confusables17 : dec_confusables16;
  size_t lo = 0, hi = version == DEC_UNICODE17 ? dec_confusables17_count
                                               : dec_confusables16_count;
  size_t n = hi;
  if (c < 0x22) return NULL; /* the first source is U+0022 in both */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (t[mid].cp < c) lo = mid + 1;
    else hi = mid;
  }
  if (lo == n || t[lo].cp != c) return NULL;
  *len = t[lo].len;
  return dec_proto_pool + t[lo].off;
}

/* Default_Ignorable_Code_Point (DerivedCoreProperties.txt, the same in
   Unicode 16.0 and 17.0); deceptive_test checks it against the regular
   expressions' table of the property (regex/uprops.h). */
static const uint32_t default_ignorable[][2] = {
    {0x00AD, 0x00AD},   {0x034F, 0x034F},   {0x061C, 0x061C},
    {0x115F, 0x1160},   {0x17B4, 0x17B5},   {0x180B, 0x180F},
    {0x200B, 0x200F},   {0x202A, 0x202E},   {0x2060, 0x206F},
    {0x3164, 0x3164},   {0xFE00, 0xFE0F},   {0xFEFF, 0xFEFF},
    {0xFFA0, 0xFFA0},   {0xFFF0, 0xFFF8},   {0x1BCA0, 0x1BCA3},
    {0x1D173, 0x1D17A}, {0xE0000, 0xE0FFF}};

int dec_default_ignorable(uint32_t c) {
  size_t lo = 0, hi = sizeof default_ignorable / sizeof *default_ignorable;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (default_ignorable[mid][1] < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < sizeof default_ignorable / sizeof *default_ignorable &&
         default_ignorable[lo][0] <= c;
}

/* §4 as revised for Unicode 15.1: skeleton(X) = NFD(prototypes of NFD(X)
   less its Default_Ignorable_Code_Point characters). */
int dec_skeleton(const char *s, size_t n, int version, url_buf *out) {
  url_buf a, b;
  char sa[256], sb[256];
  int rc;
  url_buf_init_like(&a, out, sa, sizeof sa, (size_t)-1);
  url_buf_init_like(&b, out, sb, sizeof sb, (size_t)-1);
  rc = url_unicode_normalize(s, n, 1, &a);
  for (size_t i = 0; rc == URL_OK && i < a.len;) {
    size_t at = i, len;
    uint32_t c = url_utf8_next((const unsigned char *)a.ptr, a.len, &i);
    if (dec_default_ignorable(c)) continue;
    const char *p = dec_prototype(c, version, &len);
    if (p) url_buf_append(&b, p, len);
    else url_buf_append(&b, a.ptr + at, i - at);
    if (b.err) rc = b.err;
  }
  if (rc == URL_OK) rc = url_unicode_normalize(b.ptr, b.len, 1, out);
  url_buf_free(&a);
  url_buf_free(&b);
  return rc;
}

/* ------------------------------------------------- the index of scripts */

#define MAX_SCRIPTS 192 /* dec_sset's bits */

typedef struct interval {
  uint32_t lo;  /* up to the next interval's lo */
  int16_t sc;   /* Script id, -1 */
  dec_sset scx; /* Script_Extensions */
} interval;

typedef struct range_set {
  dec_range *r;
  size_t n, cap;
} range_set;

/* The script ids §5.1 names. */
typedef struct known {
  int zyyy, zinh, latn, hani, hira, kana, hang, bopo, hanb, jpan, kore, cyrl,
      grek;
} known;

struct dec_props {
  const url_allocator *mem;
  interval *iv;
  size_t n_iv;
  int n_scripts;
  char codes[MAX_SCRIPTS][5]; /* four-letter code per id */
  range_set mn, nd, sd, cwl;
  known k; /* looked up once */
};

typedef struct collect {
  const url_allocator *mem;
  dec_range *r;
  int *id;
  size_t n, cap;
  int cur, err;
} collect;

static void collect_add(void *ctx, uint32_t lo, uint32_t hi) {
  collect *c = ctx;
  if (c->err) return;
  if (c->n == c->cap) {
    size_t cap = c->cap ? c->cap * 2 : 1024;
    dec_range *r = c->mem->resize(c->r, cap * sizeof *r);
    if (!r) {
      c->err = 1;
      return;
    }
    c->r = r;
    int *id = c->mem->resize(c->id, cap * sizeof *id);
    if (!id) {
      c->err = 1;
      return;
    }
    c->id = id;
    c->cap = cap;
  }
  c->r[c->n].lo = lo;
  c->r[c->n].hi = hi;
  c->id[c->n++] = c->cur;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The interval holding c (the last with lo <= c), or NULL. */
static const interval *find_iv(const dec_props *p, uint32_t c) {
  size_t lo = 0, hi = p->n_iv;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (p->iv[mid].lo <= c) lo = mid + 1;
    else hi = mid;
  }
  return lo ? &p->iv[lo - 1] : NULL;
}

/* One property's ranges as a range_set (gc=Mn, gc=Nd, bin=SD). */
static int load_set(const url_allocator *mem, const char *name, range_set *s) {
  collect c = {mem, NULL, NULL, 0, 0, 0, 0};
  int k = pat_uprop_find(name, strlen(name));
  if (k < 0) return URL_FAILURE;
  pat_uprop_ranges(k, collect_add, &c);
  mem->release(c.id);
  if (c.err) {
    mem->release(c.r);
    return URL_NOMEM;
  }
  s->r = c.r;
  s->n = c.n;
  return URL_OK;
}

/*
** Script and Script_Extensions per code point: every script's sc= and
** scx= ranges cut the code points into intervals that each have one Script
** and one Script_Extensions set (a few thousand, binary searched).
*/
static int load_scripts(dec_props *p) {
  const url_allocator *mem = p->mem;
  collect sc = {mem, NULL, NULL, 0, 0, 0, 0}, scx = sc;
  uint32_t offs[MAX_SCRIPTS];
  int rc = URL_NOMEM;
  uint32_t *cut = NULL;
  for (unsigned k = 0; k < PAT_UPROP_NKEYS; k++) {
    const char *key = pat_uprop_name(k);
    int seen = 0;
    if (strncmp(key, "sc=", 3) != 0) continue;
    for (int i = 0; i < p->n_scripts; i++)
      if (offs[i] == pat_uprop_keys[k].off) seen = 1;
    if (seen) {
      /* the alias: keep the four-letter code */
      if (strlen(key + 3) == 4) {
        for (int i = 0; i < p->n_scripts; i++)
          if (offs[i] == pat_uprop_keys[k].off) memcpy(p->codes[i], key + 3, 5);
      }
      continue;
    }
    if (p->n_scripts == MAX_SCRIPTS - 3) return URL_FAILURE;
    int id = p->n_scripts++;
    offs[id] = pat_uprop_keys[k].off;
    if (strlen(key + 3) == 4) memcpy(p->codes[id], key + 3, 5);
    else p->codes[id][0] = 0;
    char name[80];
    size_t nl = strlen(key + 3);
    if (nl + 5 > sizeof name) return URL_FAILURE;
    memcpy(name, "scx=", 4);
    memcpy(name + 4, key + 3, nl + 1);
    sc.cur = scx.cur = id;
    pat_uprop_ranges((int)k, collect_add, &sc);
    int kx = pat_uprop_find(name, nl + 4);
    if (kx >= 0) pat_uprop_ranges(kx, collect_add, &scx);
  }
  /* UTS #39 §5.1's augmented sets: Hanb, Jpan, Kore. */
  memcpy(p->codes[p->n_scripts++], "Hanb", 5);
  memcpy(p->codes[p->n_scripts++], "Jpan", 5);
  memcpy(p->codes[p->n_scripts++], "Kore", 5);
  if (sc.err || scx.err) goto done;
  size_t nc = 0, ncut = 2 * (sc.n + scx.n);
  cut = mem->alloc((ncut ? ncut : 1) * sizeof *cut);
  if (!cut) goto done;
  for (size_t i = 0; i < sc.n; i++) {
    cut[nc++] = sc.r[i].lo;
    cut[nc++] = sc.r[i].hi + 1;
  }
  for (size_t i = 0; i < scx.n; i++) {
    cut[nc++] = scx.r[i].lo;
    cut[nc++] = scx.r[i].hi + 1;
  }
  qsort(cut, nc, sizeof *cut, cmp_u32);
  size_t u = 0;
  for (size_t i = 0; i < nc; i++)
    if (!u || cut[u - 1] != cut[i]) cut[u++] = cut[i];
  p->iv = mem->alloc((u ? u : 1) * sizeof *p->iv);
  if (!p->iv) goto done;
  memset(p->iv, 0, (u ? u : 1) * sizeof *p->iv);
  for (size_t i = 0; i < u; i++) {
    p->iv[i].lo = cut[i];
    p->iv[i].sc = -1;
  }
  p->n_iv = u;
  /* Each range covers the intervals from its lo up to its hi. */
  for (int pass = 0; pass < 2; pass++) {
    collect *c = pass ? &scx : &sc;
    for (size_t i = 0; i < c->n; i++) {
      interval *v = (interval *)find_iv(p, c->r[i].lo);
      interval *end = p->iv + p->n_iv;
      for (; v < end && v->lo <= c->r[i].hi; v++) {
        if (pass) v->scx.w[c->id[i] / 64] |= 1ull << (c->id[i] % 64);
        else v->sc = (int16_t)c->id[i];
      }
    }
  }
  rc = URL_OK;
done:
  mem->release(cut);
  mem->release(sc.r);
  mem->release(sc.id);
  mem->release(scx.r);
  mem->release(scx.id);
  return rc;
}

void dec_props_free(dec_props *p) {
  if (!p) return;
  p->mem->release(p->iv);
  p->mem->release(p->mn.r);
  p->mem->release(p->nd.r);
  p->mem->release(p->sd.r);
  p->mem->release(p->cwl.r);
  p->mem->release(p);
}

int dec_script_code(const dec_props *p, const char *code) {
  for (int i = 0; i < p->n_scripts; i++)
    if (!strcmp(p->codes[i], code)) return i;
  return -1;
}

static void known_ids(const dec_props *p, known *k) {
  k->zyyy = dec_script_code(p, "Zyyy");
  k->zinh = dec_script_code(p, "Zinh");
  k->latn = dec_script_code(p, "Latn");
  k->hani = dec_script_code(p, "Hani");
  k->hira = dec_script_code(p, "Hira");
  k->kana = dec_script_code(p, "Kana");
  k->hang = dec_script_code(p, "Hang");
  k->bopo = dec_script_code(p, "Bopo");
  k->hanb = dec_script_code(p, "Hanb");
  k->jpan = dec_script_code(p, "Jpan");
  k->kore = dec_script_code(p, "Kore");
  k->cyrl = dec_script_code(p, "Cyrl");
  k->grek = dec_script_code(p, "Grek");
}

int dec_props_new(const url_allocator *mem, dec_props **out) {
  dec_props *p = mem->alloc(sizeof *p);
  int rc;
  *out = NULL;
  if (!p) return URL_NOMEM;
  memset(p, 0, sizeof *p);
  p->mem = mem;
  rc = load_scripts(p);
  if (rc == URL_OK) rc = load_set(mem, "gc=Mn", &p->mn);
  if (rc == URL_OK) rc = load_set(mem, "gc=Nd", &p->nd);
  if (rc == URL_OK) rc = load_set(mem, "Soft_Dotted", &p->sd);
  if (rc == URL_OK) rc = load_set(mem, "Changes_When_Lowercased", &p->cwl);
  if (rc != URL_OK) {
    dec_props_free(p);
    return rc;
  }
  known_ids(p, &p->k);
  *out = p;
  return URL_OK;
}


int dec_script(const dec_props *p, uint32_t c) {
  const interval *v = find_iv(p, c);
  return v ? v->sc : -1;
}

int dec_scx_has(const dec_props *p, uint32_t c, int k) {
  const interval *v = find_iv(p, c);
  return v && k >= 0 && (v->scx.w[k / 64] >> (k % 64) & 1);
}

int dec_is_mn(const dec_props *p, uint32_t c) {
  return in_ranges(p->mn.r, p->mn.n, c);
}

int dec_soft_dotted(const dec_props *p, uint32_t c) {
  return in_ranges(p->sd.r, p->sd.n, c);
}

int dec_changes_when_lowercased(const dec_props *p, uint32_t c) {
  return in_ranges(p->cwl.r, p->cwl.n, c);
}

int dec_decimal(const dec_props *p, uint32_t c, uint32_t *zero) {
  size_t lo = 0, hi = p->nd.n;
  const dec_range *r = p->nd.r;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r[mid].hi < c) lo = mid + 1;
    else hi = mid;
  }
  if (lo == p->nd.n || r[lo].lo > c) return 0;
  /* Decimal digits come in runs of ten from zero: a merged range starts at
     a zero and holds whole runs. */
  *zero = c - (c - r[lo].lo) % 10;
  return 1;
}

/* ------------------------------------------------- restriction levels */

static void sset_all(dec_sset *s) {
  memset(s->w, 0xFF, sizeof s->w);
}

static int sset_has(const dec_sset *s, int k) {
  return k >= 0 && (s->w[k / 64] >> (k % 64) & 1);
}

static void sset_add(dec_sset *s, int k) {
  if (k >= 0) s->w[k / 64] |= 1ull << (k % 64);
}

static int sset_empty(const dec_sset *s) {
  return !(s->w[0] | s->w[1] | s->w[2]);
}

/* §5.1: the augmented Script_Extensions of c; Common and Inherited are
   every script.  `without` (a script id or -1): a set holding it is also
   every script (ICU's resolved set "without Latin"). */
static void augmented(const dec_props *p, const known *k, uint32_t c,
                      int without, dec_sset *out) {
  const interval *v = find_iv(p, c);
  if (!v || sset_has(&v->scx, k->zyyy) || sset_has(&v->scx, k->zinh) ||
      sset_has(&v->scx, without)) {
    sset_all(out);
    return;
  }
  *out = v->scx;
  if (sset_has(out, k->hani)) {
    sset_add(out, k->hanb);
    sset_add(out, k->jpan);
    sset_add(out, k->kore);
  }
  if (sset_has(out, k->hira) || sset_has(out, k->kana)) sset_add(out, k->jpan);
  if (sset_has(out, k->hang)) sset_add(out, k->kore);
  if (sset_has(out, k->bopo)) sset_add(out, k->hanb);
}

/* The resolved script set of s (§5.1), intersected over code points. */
static void resolved(const dec_props *p, const known *k, const char *s,
                     size_t n, int without, dec_sset *out) {
  size_t i = 0;
  sset_all(out);
  while (i < n && !sset_empty(out)) {
    dec_sset a;
    augmented(p, k, url_utf8_next((const unsigned char *)s, n, &i), without,
              &a);
    for (int w = 0; w < 3; w++) out->w[w] &= a.w[w];
  }
}

int dec_restriction_level(const dec_props *p, const char *s, size_t n,
                          int (*allowed)(void *ctx, uint32_t c), void *ctx) {
  size_t i = 0;
  int ascii = 1;
  const known *k = &p->k;
  dec_sset r;
  /* 1. Outside the identifier profile: unrestricted. */
  while (i < n) {
    uint32_t c = url_utf8_next((const unsigned char *)s, n, &i);
    if (c >= 0x80) ascii = 0;
    if (!allowed(ctx, c)) return DEC_UNRESTRICTED;
  }
  /* 2. ASCII-only. */
  if (ascii) return DEC_ASCII_ONLY;
  /* 3-4. A non-empty resolved script set: single script. */
  resolved(p, k, s, n, -1, &r);
  if (!sset_empty(&r)) return DEC_SINGLE_SCRIPT;
  /* 5-6. Without Latin, one of the CJK sets: highly restrictive. */
  resolved(p, k, s, n, k->latn, &r);
  if (sset_has(&r, k->hanb) || sset_has(&r, k->jpan) || sset_has(&r, k->kore))
    return DEC_HIGHLY_RESTRICTIVE;
  /* 7. Latin and one other script, not Cyrillic or Greek. */
  if (!sset_empty(&r) && !sset_has(&r, k->cyrl) && !sset_has(&r, k->grek))
    return DEC_MODERATELY_RESTRICTIVE;
  return DEC_MINIMALLY_RESTRICTIVE;
}
