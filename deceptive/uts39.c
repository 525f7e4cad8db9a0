/*
** UTS #39 lookups (uts39.h): binary searches over the generated tables
** (uts39_tables.c: UTS #39 data, Script and Script_Extensions), the
** skeleton, and the restriction level.  Four properties the generated
** tables do not hold (gc=Mn, gc=Nd, Soft_Dotted, Changes_When_Lowercased)
** come through the regular expressions' lookup (regex/uprops.h).
*/
#include "uts39.h"

#include <string.h>

#include "idna.h"
#include "status.h"
#include "utf8.h"
#include "uprops.h"
#include "uts39_tables.h"

static const char *const level_names[] = {
    "ascii-only",             "single-script",         "highly-restrictive",
    "moderately-restrictive", "minimally-restrictive", "unrestricted"};

const char *dec_level_name(int level) {
  return level >= 0 && level <= DEC_UNRESTRICTED ? level_names[level] : "";
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
  range_set mn, nd, sd, cwl;
  known k; /* looked up once */
};

typedef struct collect {
  const url_allocator *mem;
  dec_range *r;
  size_t n, cap;
  int err;
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
    c->cap = cap;
  }
  c->r[c->n].lo = lo;
  c->r[c->n++].hi = hi;
}

/* The interval holding c (the last with lo <= c). */
static const dec_script_iv *find_iv(uint32_t c) {
  size_t lo = 0, hi = dec_script_iv_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (dec_script_ivs[mid].lo <= c) lo = mid + 1;
    else hi = mid;
  }
  return &dec_script_ivs[lo ? lo - 1 : 0]; /* the first starts at 0 */
}

/* One property's ranges as a range_set (gc=Mn, gc=Nd, bin=SD). */
static int load_set(const url_allocator *mem, const char *name, range_set *s) {
  collect c = {mem, NULL, 0, 0, 0};
  int k = pat_uprop_find(name, strlen(name));
  if (k < 0) return URL_FAILURE;
  pat_uprop_ranges(k, collect_add, &c);
  if (c.err) {
    mem->release(c.r);
    return URL_NOMEM;
  }
  s->r = c.r;
  s->n = c.n;
  return URL_OK;
}

void dec_props_free(dec_props *p) {
  if (!p) return;
  p->mem->release(p->mn.r);
  p->mem->release(p->nd.r);
  p->mem->release(p->sd.r);
  p->mem->release(p->cwl.r);
  p->mem->release(p);
}

int dec_script_code(const dec_props *p, const char *code) {
  (void)p;
  for (unsigned i = 0; i < dec_script_count; i++)
    if (!strcmp(dec_script_codes[i], code)) return (int)i;
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
  rc = load_set(mem, "gc=Mn", &p->mn);
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
  (void)p;
  return find_iv(c)->sc;
}

int dec_scx_has(const dec_props *p, uint32_t c, int k) {
  (void)p;
  const dec_sset *x = &dec_scx_sets[find_iv(c)->scx];
  return k >= 0 && (x->w[k / 64] >> (k % 64) & 1);
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
  const dec_sset *x = &dec_scx_sets[find_iv(c)->scx];
  if (sset_has(x, k->zyyy) || sset_has(x, k->zinh) || sset_has(x, without)) {
    sset_all(out);
    return;
  }
  *out = *x;
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
