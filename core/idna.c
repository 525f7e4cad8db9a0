/*
** UTS #46 (Unicode IDNA Compatibility Processing, revision for Unicode
** 17.0) as the URL Standard uses it (§3.3 "domain parser" and "domain to
** Unicode"): CheckBidi=true, CheckJoiners=true, Transitional_Processing=
** false, IgnoreInvalidPunycode=false, and CheckHyphens, UseSTD3ASCIIRules
** and VerifyDnsLength all equal to the domain parser's beStrict (false when
** parsing; true for the domain-to-ASCII validation error and valid
** domains).  Punycode: RFC 3492.
**
** Everything works on arrays of code points (cpvec) that start in stack
** storage and move to the heap, through the output buffer's allocator, only
** for long domains.  No mutable static state: the functions are reentrant
** and thread-safe.
*/
#include "idna.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idna_tables.h"
#include "utf8.h"

const char *url_idna_unicode_version(void) { return "17.0.0"; }

/* ------------------------------------------------------------------ */
/* Code point vectors                                                 */
/* ------------------------------------------------------------------ */

#define CV_STACK 256

typedef struct cpvec {
  uint32_t *p;
  size_t len, cap;
  uint32_t *stack;
  size_t stack_cap;
  const url_allocator *mem; /* the output buffer's */
} cpvec;

static void cv_init(cpvec *v, const url_allocator *mem, uint32_t *stack,
                    size_t cap) {
  v->p = v->stack = stack;
  v->mem = mem;
  v->len = 0;
  v->cap = v->stack_cap = cap;
}

/* Back to the empty stack storage (the vector stays usable). */
static void cv_free(cpvec *v) {
  if (v->p != v->stack) v->mem->release(v->p);
  v->p = v->stack;
  v->len = 0;
  v->cap = v->stack_cap;
}

/* Room for `extra` more code points; URL_OK or URL_NOMEM. */
static int cv_reserve(cpvec *v, size_t extra) {
  if (v->cap - v->len >= extra) return URL_OK;
  if (extra > SIZE_MAX / sizeof(uint32_t) / 2 - v->len) return URL_NOMEM;
  size_t cap = v->cap * 2;
  if (cap < v->len + extra) cap = v->len + extra;
  uint32_t *p;
  if (v->p == v->stack) {
    p = v->mem->alloc(cap * sizeof *p);
    if (p && v->len) memcpy(p, v->p, v->len * sizeof *p);
  } else {
    p = v->mem->resize(v->p, cap * sizeof *p);
  }
  if (!p) return URL_NOMEM;
  v->p = p;
  v->cap = cap;
  return URL_OK;
}

static void cv_swap(cpvec *x, cpvec *y) {
  cpvec t = *x;
  *x = *y;
  *y = t;
}

static int cv_push(cpvec *v, uint32_t c) {
  if (v->len == v->cap && cv_reserve(v, 1)) return URL_NOMEM;
  v->p[v->len++] = c;
  return URL_OK;
}

static int cv_append(cpvec *v, const uint32_t *s, size_t n) {
  if (cv_reserve(v, n)) return URL_NOMEM;
  if (n) memcpy(v->p + v->len, s, n * sizeof *s);
  v->len += n;
  return URL_OK;
}

/* ------------------------------------------------------------------ */
/* Table lookups                                                      */
/* ------------------------------------------------------------------ */

/* Code points above U+10FFFF cannot occur (valid UTF-8, checked Punycode);
   the clamp keeps a broken caller from reading out of bounds. */
static uint32_t prop(uint32_t c) {
  return url_idna_prop_value(c <= 0x10FFFF ? c : 0x10FFFF);
}

static uint32_t map_data(uint32_t c) {
  return url_idna_map_value(c <= 0x10FFFF ? c : 0x10FFFF);
}

static unsigned status(uint32_t c) { return map_data(c) & 3u; }
static unsigned ccc(uint32_t c) { return IDNA_P_CCC(prop(c)); }
static unsigned bidi(uint32_t c) { return IDNA_P_BIDI(prop(c)); }
static unsigned jtype(uint32_t c) { return IDNA_P_JT(prop(c)); }

/* ------------------------------------------------------------------ */
/* UTS #46 §4 step 1: Map                                             */
/* ------------------------------------------------------------------ */

/*
** Decodes the UTF-8 input and applies the IDNA Mapping Table: mapped code
** points are replaced, ignored ones dropped, deviations (nontransitional)
** and disallowed ones kept (disallowed fail validation in step 4).
*/
static int map_domain(const unsigned char *s, size_t n, cpvec *out) {
  size_t i = 0;
  out->len = 0;
  while (i < n) {
    uint32_t c = url_utf8_next(s, n, &i);
    if (c < 0x80) {
      if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
      if (cv_push(out, c)) return URL_NOMEM;
      continue;
    }
    uint32_t d = map_data(c);
    switch (d & 3u) {
      case IDNA_MAPPED:
        if (cv_append(out, url_idna_map_pool + (d >> 7), (d >> 2) & 31u))
          return URL_NOMEM;
        break;
      case IDNA_IGNORED:
        break;
      default:
        if (cv_push(out, c)) return URL_NOMEM;
    }
  }
  return URL_OK;
}

/* ------------------------------------------------------------------ */
/* Normalization Form C (UAX #15)                                     */
/* ------------------------------------------------------------------ */

#define S_BASE 0xAC00u
#define L_BASE 0x1100u
#define V_BASE 0x1161u
#define T_BASE 0x11A7u
#define L_COUNT 19u
#define V_COUNT 21u
#define T_COUNT 28u
#define N_COUNT (V_COUNT * T_COUNT)
#define S_COUNT (L_COUNT * N_COUNT)

/* Appends the full canonical decomposition of c. */
static int decompose(uint32_t c, uint32_t p, cpvec *out) {
  if (!(p & IDNA_P_DECOMP)) return cv_push(out, c);
  if (c - S_BASE < S_COUNT) {
    uint32_t s = c - S_BASE, t = s % T_COUNT;
    if (cv_push(out, L_BASE + s / N_COUNT) ||
        cv_push(out, V_BASE + (s % N_COUNT) / T_COUNT))
      return URL_NOMEM;
    return t ? cv_push(out, T_BASE + t) : URL_OK;
  }
  size_t lo = 0, hi = url_idna_decomp_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (url_idna_decomp_cp[mid] < c) lo = mid + 1;
    else hi = mid;
  }
  /* The generator sets IDNA_P_DECOMP exactly for listed code points. */
  if (lo == url_idna_decomp_count || url_idna_decomp_cp[lo] != c)
    return cv_push(out, c);
  uint16_t d = url_idna_decomp_data[lo];
  return cv_append(out, url_idna_decomp_pool + (d >> 3), d & 7u);
}

/* Primary composite of the pair (a, b), or 0. */
static uint32_t compose_pair(uint32_t a, uint32_t b) {
  if (a - L_BASE < L_COUNT && b - V_BASE < V_COUNT)
    return S_BASE + ((a - L_BASE) * V_COUNT + (b - V_BASE)) * T_COUNT;
  if (a - S_BASE < S_COUNT && (a - S_BASE) % T_COUNT == 0 &&
      b - T_BASE - 1 < T_COUNT - 1)
    return a + (b - T_BASE);
  uint64_t key = (uint64_t)a << 21 | b;
  size_t lo = 0, hi = url_idna_comp_count;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (url_idna_comp_key[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo < url_idna_comp_count && url_idna_comp_key[lo] == key
             ? url_idna_comp_val[lo]
             : 0;
}

/*
** Canonical Ordering Algorithm on a run of non-starters: a stable sort by
** ccc.  Insertion sort for the usual short runs, counting sort (via `tmp`)
** so that a long run of marks stays linear.
*/
static int sort_run(uint32_t *s, size_t n, cpvec *tmp) {
  if (n <= 32) {
    for (size_t i = 1; i < n; i++) {
      uint32_t c = s[i];
      unsigned k = ccc(c);
      size_t j = i;
      while (j > 0 && ccc(s[j - 1]) > k) {
        s[j] = s[j - 1];
        j--;
      }
      s[j] = c;
    }
    return URL_OK;
  }
  size_t count[257] = {0};
  tmp->len = 0;
  if (cv_reserve(tmp, n)) return URL_NOMEM;
  for (size_t i = 0; i < n; i++) count[ccc(s[i]) + 1]++;
  for (size_t k = 1; k < 257; k++) count[k] += count[k - 1];
  for (size_t i = 0; i < n; i++) tmp->p[count[ccc(s[i])]++] = s[i];
  memcpy(s, tmp->p, n * sizeof *s);
  return URL_OK;
}

/* Canonical Composition Algorithm, in place; returns the new length. */
static size_t compose(uint32_t *s, size_t n) {
  size_t w = 0, starter = SIZE_MAX;
  int last = -1; /* ccc of the last kept character after the starter */
  for (size_t r = 0; r < n; r++) {
    uint32_t c = s[r], p = prop(c);
    int k = (int)IDNA_P_CCC(p);
    /* Not blocked: nothing in between, or a lower non-zero ccc. */
    if (starter != SIZE_MAX && last < k && (p & IDNA_P_COMP2)) {
      uint32_t comp = compose_pair(s[starter], c);
      if (comp) {
        s[starter] = comp;
        continue;
      }
    }
    if (k == 0) {
      starter = w;
      last = -1;
    } else {
      last = k;
    }
    s[w++] = c;
  }
  return w;
}

/* A code point that is its own NFC and that nothing before it composes
   with or reorders across: not decomposable, not a composable second, a
   starter.  U+00C0 is the first that is not. */
static int nfc_boundary(uint32_t c) {
  if (c < 0xC0) return 1;
  uint32_t p = prop(c);
  return !(p & (IDNA_P_DECOMP | IDNA_P_COMP2)) && !IDNA_P_CCC(p);
}

/*
** NFC of s[0..n) into out (cleared first); tmp is scratch.  Text splits
** into chunks before each boundary code point: nothing composes or reorders
** across one, so each chunk is decomposed, ordered and composed on its own
** at out's end, and out never holds more than the result and one chunk's
** decomposition.
*/
/* The length of s's leading run of boundaries: all of s is NFC if n. */
static size_t nfc_quick(const uint32_t *s, size_t n) {
  size_t i = 0;
  while (i < n && nfc_boundary(s[i])) i++;
  return i;
}

/* NFC (or, with decompose_only, NFD) of s[0..n) into out. */
static int normalize(const uint32_t *s, size_t n, cpvec *out, cpvec *tmp,
                     int decompose_only) {
  size_t i = nfc_quick(s, n);
  out->len = 0;
  if (i == n) return cv_append(out, s, n);
  /* s[i - 1] is a boundary: the first chunk starts there. */
  if (i > 0) i--;
  if (cv_append(out, s, i)) return URL_NOMEM;
  while (i < n) {
    size_t base = out->len, j = i + 1;
    while (j < n && !nfc_boundary(s[j])) j++;
    for (; i < j; i++) {
      if (decompose(s[i], prop(s[i]), out)) return URL_NOMEM;
    }
    uint32_t *d = out->p + base;
    size_t dn = out->len - base;
    for (size_t a = 0; a < dn;) {
      if (ccc(d[a]) == 0) {
        a++;
        continue;
      }
      size_t b = a + 1;
      while (b < dn && ccc(d[b]) != 0) b++;
      if (b - a > 1 && sort_run(d + a, b - a, tmp)) return URL_NOMEM;
      a = b;
    }
    out->len = base + (decompose_only ? dn : compose(d, dn));
  }
  return URL_OK;
}

static int nfc(const uint32_t *s, size_t n, cpvec *out, cpvec *tmp) {
  return normalize(s, n, out, tmp, 0);
}

/* ------------------------------------------------------------------ */
/* Punycode (RFC 3492)                                                */
/* ------------------------------------------------------------------ */

#define PC_BASE 36u
#define PC_TMIN 1u
#define PC_TMAX 26u
#define PC_SKEW 38u
#define PC_DAMP 700u
#define PC_MAXINT UINT32_MAX

/* §6.1 bias adaptation. */
static uint32_t pc_adapt(uint32_t delta, uint32_t numpoints, int first) {
  uint32_t k = 0;
  delta = first ? delta / PC_DAMP : delta / 2;
  delta += delta / numpoints;
  while (delta > ((PC_BASE - PC_TMIN) * PC_TMAX) / 2) {
    delta /= PC_BASE - PC_TMIN;
    k += PC_BASE;
  }
  return k + (PC_BASE - PC_TMIN + 1) * delta / (delta + PC_SKEW);
}

static uint32_t pc_threshold(uint32_t k, uint32_t bias) {
  return k <= bias ? PC_TMIN : k >= bias + PC_TMAX ? PC_TMAX : k - bias;
}

/*
** Fenwick tree over slots 1..n, for the O(n log n) placement that keeps
** 100 kB labels from costing quadratic time in both directions.
*/
/* Adds d (UINT32_MAX to subtract one: unsigned arithmetic wraps). */
static void fw_add(uint32_t *t, size_t n, size_t i, uint32_t d) {
  for (; i <= n; i += i & (~i + 1)) t[i] += d;
}

static uint32_t fw_prefix(const uint32_t *t, size_t i) {
  uint32_t s = 0;
  for (; i > 0; i -= i & (~i + 1)) s += t[i];
  return s;
}

/* 0-based slot holding the (k+1)-th one. */
static size_t fw_kth(const uint32_t *t, size_t n, uint32_t k) {
  size_t pos = 0, step = 1;
  while (step <= n / 2) step <<= 1;
  for (; step; step >>= 1) {
    if (pos + step <= n && t[pos + step] <= k) {
      pos += step;
      k -= t[pos];
    }
  }
  return pos;
}

/*
** §6.2 decoding of in[0..n) (ASCII), appended to out.  The main loop only
** records each insertion's value and index; final positions are resolved
** afterwards, newest insertion first, as the k-th still-free slot.
** Returns URL_OK, URL_FAILURE or URL_NOMEM.
*/
static int puny_decode(const uint32_t *in, size_t n, cpvec *out,
                       cpvec *tmp) {
  size_t basic = 0, pos = 0, m = 0, len;
  for (size_t j = n; j > 0; j--) {
    if (in[j - 1] == '-') {
      basic = j - 1;
      break;
    }
  }
  if (basic > 0) pos = basic + 1;
  for (size_t j = 0; j < basic; j++) {
    if (in[j] >= 0x80) return URL_FAILURE;
  }
  if (n - pos > (PC_MAXINT - 1) / 2 || basic > PC_MAXINT / 2)
    return URL_FAILURE;
  /* tmp: values[0..r), indexes[r..2r), Fenwick tree [2r..2r+T] where r
     bounds the insertions (each takes at least one input character). */
  size_t r = n - pos;
  tmp->len = 0;
  if (cv_reserve(tmp, 2 * r + basic + r + 1)) return URL_NOMEM;
  uint32_t *val = tmp->p, *idx = tmp->p + r;
  uint32_t cp = 0x80, i = 0, bias = 72;
  len = basic;
  while (pos < n) {
    uint32_t oldi = i, w = 1;
    for (uint32_t k = PC_BASE;; k += PC_BASE) {
      uint32_t c, digit, t;
      if (pos >= n) return URL_FAILURE;
      c = in[pos++];
      if (c - '0' < 10) digit = c - '0' + 26;
      else if (c - 'a' < 26) digit = c - 'a';
      else if (c - 'A' < 26) digit = c - 'A';
      else return URL_FAILURE;
      if (digit > (PC_MAXINT - i) / w) return URL_FAILURE;
      i += digit * w;
      t = pc_threshold(k, bias);
      if (digit < t) break;
      if (w > PC_MAXINT / (PC_BASE - t)) return URL_FAILURE;
      w *= PC_BASE - t;
    }
    uint32_t np = (uint32_t)len + 1;
    bias = pc_adapt(i - oldi, np, oldi == 0);
    if (i / np > PC_MAXINT - cp) return URL_FAILURE;
    cp += i / np;
    i %= np;
    /* Not a scalar value: cannot be a code point of a label. */
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return URL_FAILURE;
    val[m] = cp;
    idx[m] = i;
    m++;
    len++;
    i++;
  }
  uint32_t *fw = tmp->p + 2 * r;
  size_t total = len, base = out->len;
  for (size_t j = 1; j <= total; j++) fw[j] = (uint32_t)(j & (~j + 1));
  if (cv_reserve(out, total)) return URL_NOMEM;
  uint32_t *dst = out->p + base;
  for (size_t j = 0; j < total; j++) dst[j] = UINT32_MAX;
  for (size_t j = m; j > 0; j--) {
    size_t slot = fw_kth(fw, total, idx[j - 1]);
    dst[slot] = val[j - 1];
    fw_add(fw, total, slot + 1, UINT32_MAX);
  }
  for (size_t j = 0, b = 0; j < total; j++) {
    if (dst[j] == UINT32_MAX) dst[j] = in[b++];
  }
  out->len += total;
  return URL_OK;
}

static char pc_digit(uint32_t d) {
  return (char)(d < 26 ? 'a' + d : '0' + (d - 26));
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/*
** §6.3 encoding of s[0..n) (at least one non-ASCII code point), appended
** to out.  Non-basic code points are visited in (value, position) order; a
** Fenwick tree over positions counts the already-present characters before
** each one, which is the decoder's insertion index.
*/
static int puny_encode(const uint32_t *s, size_t n, url_buf *out) {
  uint64_t key_stack[64];
  uint32_t fw_stack[65];
  uint64_t *key = key_stack;
  uint32_t *fw = fw_stack;
  size_t nk = 0, h, b;
  int rc = URL_FAILURE;
  if (n > PC_MAXINT / 2) return URL_FAILURE;
  if (n > 64) {
    key = out->mem->alloc(n * sizeof *key);
    fw = out->mem->alloc((n + 1) * sizeof *fw);
    if (!key || !fw) {
      rc = URL_NOMEM;
      goto done;
    }
  }
  fw[0] = 0;
  for (size_t j = 0; j < n; j++) {
    fw[j + 1] = 0;
    if (s[j] < 0x80) url_buf_putc(out, (char)s[j]);
    else key[nk++] = (uint64_t)s[j] << 32 | j;
  }
  b = h = n - nk;
  if (b > 0) url_buf_putc(out, '-');
  /* Linear build of the tree from the basic positions. */
  for (size_t j = 0; j < n; j++) {
    size_t parent;
    if (s[j] < 0x80) fw[j + 1]++;
    parent = (j + 1) + ((j + 1) & (~(j + 1) + 1));
    if (parent <= n) fw[parent] += fw[j + 1];
  }
  if (nk <= 32) {
    for (size_t j = 1; j < nk; j++) {
      uint64_t x = key[j];
      size_t k = j;
      for (; k > 0 && key[k - 1] > x; k--) key[k] = key[k - 1];
      key[k] = x;
    }
  } else {
    qsort(key, nk, sizeof *key, cmp_u64);
  }
  uint32_t cp = 0x80, bias = 72, cur = 0;
  for (size_t j = 0; j < nk; j++) {
    uint32_t m = (uint32_t)(key[j] >> 32);
    size_t at = (size_t)(key[j] & 0xFFFFFFFFu);
    uint32_t ix = fw_prefix(fw, at);
    uint64_t delta = (uint64_t)(m - cp) * (h + 1) + ix - cur;
    if (delta > PC_MAXINT) goto done;
    uint32_t q = (uint32_t)delta;
    for (uint32_t k = PC_BASE;; k += PC_BASE) {
      uint32_t t = pc_threshold(k, bias);
      if (q < t) break;
      url_buf_putc(out, pc_digit(t + (q - t) % (PC_BASE - t)));
      q = (q - t) / (PC_BASE - t);
    }
    url_buf_putc(out, pc_digit(q));
    bias = pc_adapt((uint32_t)delta, (uint32_t)h + 1, h == b);
    h++;
    cp = m;
    cur = ix + 1;
    fw_add(fw, n, at + 1, 1);
  }
  rc = URL_OK;
done:
  if (key != key_stack) out->mem->release(key);
  if (fw != fw_stack) out->mem->release(fw);
  return rc;
}

/* ------------------------------------------------------------------ */
/* UTS #46 §4.1 Validity Criteria                                     */
/* ------------------------------------------------------------------ */

/* V8, RFC 5892 appendix A.1 (ZWNJ) and A.2 (ZWJ). */
static int joiners_ok(const uint32_t *l, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (l[i] != 0x200C && l[i] != 0x200D) continue;
    if (i > 0 && ccc(l[i - 1]) == 9) continue; /* after a Virama */
    if (l[i] == 0x200D) return 0;
    /* (Joining_Type:{L,D})(Joining_Type:T)* ZWNJ (Joining_Type:T)*
       (Joining_Type:{R,D}) */
    size_t j = i;
    unsigned t;
    while (j > 0 && (t = jtype(l[j - 1])) == JT_T) j--;
    if (j == 0 || (t != JT_L && t != JT_D)) return 0;
    j = i + 1;
    while (j < n && (t = jtype(l[j])) == JT_T) j++;
    if (j == n || (t != JT_R && t != JT_D)) return 0;
  }
  return 1;
}

/* UseSTD3ASCIIRules: an ASCII code point must be a-z, 0-9 or "-". */
static int std3_ok(uint32_t c) {
  return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
         c == '-';
}

/*
** V2-V8 (V1 is checked by the caller where it can fail).  strict: the
** domain parser's beStrict, i.e. CheckHyphens and UseSTD3ASCIIRules.
*/
static int label_valid(const uint32_t *l, size_t n, int strict) {
  if (strict) {
    /* V2: no "--" in the third and fourth positions; V3: no "-" first or
       last. */
    if (n >= 4 && l[2] == '-' && l[3] == '-') return 0;
    if (n > 0 && (l[0] == '-' || l[n - 1] == '-')) return 0;
  } else if (n >= 4 && l[0] == 'x' && l[1] == 'n' && l[2] == '-' &&
             l[3] == '-') {
    return 0; /* V4: not CheckHyphens, so no "xn--" prefix */
  }
  /* V6: must not begin with General_Category=Mark. */
  if (n > 0 && l[0] >= 0x300 && (prop(l[0]) & IDNA_P_MARK)) return 0;
  for (size_t i = 0; i < n; i++) {
    /* V5: no FULL STOP.  V7: valid or (nontransitional) deviation, and
       with UseSTD3ASCIIRules only a-z, 0-9 and "-" of ASCII. */
    if (l[i] == '.' || status(l[i]) != IDNA_VALID) return 0;
    if (strict && !std3_ok(l[i])) return 0;
  }
  return joiners_ok(l, n);
}

/* RFC 5893 §2 rules 1-6 for one label of a Bidi domain name. */
static int bidi_ok(const uint32_t *l, size_t n) {
  unsigned first, last, c;
  int has_en = 0, has_an = 0;
  size_t e = n;
  if (n == 0) return 1; /* nothing to check in an empty label */
  first = bidi(l[0]);
  if (first != BIDI_L && first != BIDI_R && first != BIDI_AL) return 0;
  while (e > 1 && bidi(l[e - 1]) == BIDI_NSM) e--;
  last = bidi(l[e - 1]);
  for (size_t i = 0; i < n; i++) {
    c = bidi(l[i]);
    if (first == BIDI_L) {
      /* Rule 5. */
      if (c == BIDI_R || c == BIDI_AL || c == BIDI_AN || c == BIDI_OTHER)
        return 0;
    } else {
      /* Rule 2. */
      if (c == BIDI_L || c == BIDI_OTHER) return 0;
      has_en |= c == BIDI_EN;
      has_an |= c == BIDI_AN;
    }
  }
  if (first == BIDI_L) return last == BIDI_L || last == BIDI_EN; /* 6 */
  if (has_en && has_an) return 0;                                  /* 4 */
  return last == BIDI_R || last == BIDI_AL || last == BIDI_EN ||   /* 3 */
         last == BIDI_AN;
}

/* ------------------------------------------------------------------ */
/* UTS #46 §4 Processing                                              */
/* ------------------------------------------------------------------ */

typedef struct idna_work {
  cpvec a, b, res, tmp;
  uint32_t sa[CV_STACK], sb[CV_STACK], sres[CV_STACK], stmp[CV_STACK];
} idna_work;

static void work_init(idna_work *w, const url_allocator *mem) {
  cv_init(&w->a, mem, w->sa, CV_STACK);
  cv_init(&w->b, mem, w->sb, CV_STACK);
  cv_init(&w->res, mem, w->sres, CV_STACK);
  cv_init(&w->tmp, mem, w->stmp, CV_STACK);
}

static void work_free(idna_work *w) {
  cv_free(&w->a);
  cv_free(&w->b);
  cv_free(&w->res);
  cv_free(&w->tmp);
}

/* Step 4 for an "xn--" label (l points past the prefix); appends the
   decoded label to w->res. */
static int convert_xn_label(const uint32_t *l, size_t n, idna_work *w,
                            int strict) {
  size_t start = w->res.len;
  int ascii_only = 1, rc;
  /* 4.1: the Punycode part must be ASCII. */
  for (size_t i = 0; i < n; i++) {
    if (l[i] >= 0x80) return URL_FAILURE;
  }
  /* 4.2: decode; IgnoreInvalidPunycode is false. */
  rc = puny_decode(l, n, &w->res, &w->tmp);
  if (rc) return rc;
  const uint32_t *d = w->res.p + start;
  size_t dn = w->res.len - start;
  /* 4.3: empty or all-ASCII results are errors. */
  for (size_t i = 0; i < dn; i++) {
    if (d[i] >= 0x80) ascii_only = 0;
  }
  if (dn == 0 || ascii_only) return URL_FAILURE;
  /* 4.4, V1: the decoded label must already be NFC. */
  if (nfc(d, dn, &w->a, &w->tmp)) return URL_NOMEM;
  if (w->a.len != dn || memcmp(w->a.p, d, dn * sizeof *d) != 0)
    return URL_FAILURE;
  return label_valid(d, dn, strict) ? URL_OK : URL_FAILURE;
}

/*
** Runs the Processing steps on in[0..n) and leaves the converted labels,
** joined by '.', in w->res.  Any recorded error is URL_FAILURE: every
** caller only needs to know that there was one, so there is no need to go
** on.  strict: CheckHyphens and UseSTD3ASCIIRules (see label_valid).
*/
static int process(const char *in, size_t n, idna_work *w, int strict) {
  int rc;
  /* Steps 1-2: map, then normalize to NFC. */
  if (map_domain((const unsigned char *)in, n, &w->a)) return URL_NOMEM;
  if (nfc_quick(w->a.p, w->a.len) == w->a.len) {
    cv_swap(&w->a, &w->b); /* already NFC: no copy */
  } else if (nfc(w->a.p, w->a.len, &w->b, &w->tmp)) {
    return URL_NOMEM;
  }
  /* The mapped text is done with (a is label scratch from here): its
     memory goes before res grows, keeping a long domain's peak low. */
  cv_free(&w->a);
  /* Steps 3-4: break at U+002E and convert/validate each label.  Labels of
     NFC text split at '.' (which never composes) are NFC: V1 holds.  The
     result is b itself until an "xn--" label changes it: only then is
     b[0..i) copied to res, and res built from there on. */
  const uint32_t *s = w->b.p;
  size_t len = w->b.len, i = 0;
  int bidi_domain = 0, copied = 0;
  w->res.len = 0;
  for (;;) {
    size_t j = i;
    while (j < len && s[j] != '.') j++;
    if (j - i >= 4 && s[i] == 'x' && s[i + 1] == 'n' && s[i + 2] == '-' &&
        s[i + 3] == '-') {
      if (!copied && cv_append(&w->res, s, i)) return URL_NOMEM;
      copied = 1;
      rc = convert_xn_label(s + i + 4, j - i - 4, w, strict);
      if (rc) return rc;
    } else {
      if (!label_valid(s + i, j - i, strict)) return URL_FAILURE;
      if (copied && cv_append(&w->res, s + i, j - i)) return URL_NOMEM;
    }
    if (j == len) break;
    if (copied && cv_push(&w->res, '.')) return URL_NOMEM;
    i = j + 1;
  }
  if (!copied) cv_swap(&w->res, &w->b); /* no "xn--" label: b is it */
  /* V9 (CheckBidi): only in a Bidi domain name, i.e. one with an R, AL or
     AN character (RFC 5893 §1.4), checked after all labels are decoded. */
  const uint32_t *r = w->res.p;
  len = w->res.len;
  for (i = 0; i < len && !bidi_domain; i++) {
    if (r[i] >= 0x590) { /* no R, AL or AN below the Hebrew block */
      unsigned c = bidi(r[i]);
      bidi_domain = c == BIDI_R || c == BIDI_AL || c == BIDI_AN;
    }
  }
  if (bidi_domain) {
    for (i = 0;;) {
      size_t j = i;
      while (j < len && r[j] != '.') j++;
      if (!bidi_ok(r + i, j - i)) return URL_FAILURE;
      if (j == len) break;
      i = j + 1;
    }
  }
  return URL_OK;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                       */
/* ------------------------------------------------------------------ */

/* §4.2 ToASCII step 3: the labels of w->res, Punycode-encoded where they
   are not ASCII, joined by ".", appended to out. */
static int encode_labels(const idna_work *w, url_buf *out) {
  const uint32_t *r = w->res.p;
  size_t len = w->res.len;
  for (size_t i = 0;;) {
    size_t j = i;
    int ascii = 1;
    while (j < len && r[j] != '.') ascii &= r[j++] < 0x80;
    if (ascii) {
      for (size_t k = i; k < j; k++) url_buf_putc(out, (char)r[k]);
    } else {
      url_buf_append(out, "xn--", 4);
      int rc = puny_encode(r + i, j - i, out);
      if (rc) return rc;
    }
    if (j == len) break;
    url_buf_putc(out, '.');
    i = j + 1;
  }
  return out->err;
}

/*
** URL Standard "domain parser" with beStrict false, but for the forbidden
** code points: an all-ASCII domain is only lowercased (one pass, straight
** into out); anything else is UTS #46 §4.2 ToASCII.
*/
int url_domain_to_ascii(const char *in, size_t n, url_buf *out) {
  size_t start = out->len, i;
  idna_work w;
  int rc;
  if (out->err) return out->err;
  if (n > out->max - out->len) {
    /* An ASCII result would not fit, but a non-ASCII input may shrink. */
    for (i = 0; i < n && (unsigned char)in[i] < 0x80; i++) {
    }
    if (i < n) goto full;
  }
  /* One pass: lowercase into out until a non-ASCII byte shows up. */
  if (url_buf_reserve(out, n)) return out->err;
  for (i = 0; i < n; i++) {
    unsigned char c = (unsigned char)in[i];
    if (c >= 0x80) break;
    if (c >= 'A' && c <= 'Z') c += 'a' - 'A';
    out->ptr[out->len++] = (char)c;
  }
  if (i == n) return n ? URL_OK : URL_FAILURE;
  out->len = start;

full:
  work_init(&w, out->mem);
  rc = process(in, n, &w, 0);
  if (rc == URL_OK) rc = encode_labels(&w, out);
  work_free(&w);
  if (rc) return rc;
  return out->len > start ? URL_OK : URL_FAILURE;
}

/* §4.2 ToASCII step 4, VerifyDnsLength: the name has 1 to 253 octets and
   each label (an empty root label too) 1 to 63. */
static int dns_length_ok(const char *s, size_t n) {
  if (n == 0 || n > 253) return 0;
  for (size_t i = 0;;) {
    size_t j = i;
    while (j < n && s[j] != '.') j++;
    if (j == i || j - i > 63) return 0;
    if (j == n) return 1;
    i = j + 1;
  }
}

/*
** ToASCII with beStrict of an ASCII domain without "xn--" labels, into out:
** mapping only lowercases, and no label can be a Bidi or joiner problem, so
** only the hyphen (V2, V3) and STD3 rules remain.
*/
static int ascii_to_ascii_strict(const char *in, size_t n, url_buf *out) {
  url_buf_append_lower(out, in, n);
  if (out->err) return out->err;
  char *d = out->ptr + out->len - n;
  for (size_t i = 0;;) {
    size_t j = i;
    while (j < n && d[j] != '.') {
      if (!std3_ok((unsigned char)d[j])) return URL_FAILURE;
      j++;
    }
    if (j > i && (d[i] == '-' || d[j - 1] == '-')) return URL_FAILURE;
    if (j - i >= 4 && d[i + 2] == '-' && d[i + 3] == '-') return URL_FAILURE;
    if (j == n) return URL_OK;
    i = j + 1;
  }
}

int url_domain_to_ascii_strict(const char *in, size_t n, url_buf *out) {
  size_t start = out->len, i = 0;
  idna_work w;
  int rc;
  if (out->err) return out->err;
  while (i < n && (unsigned char)in[i] < 0x80) i++;
  if (i == n && !url_has_xn_label(in, n)) {
    rc = ascii_to_ascii_strict(in, n, out);
  } else {
    work_init(&w, out->mem);
    rc = process(in, n, &w, 1);
    if (rc == URL_OK) rc = encode_labels(&w, out);
    work_free(&w);
  }
  if (rc == URL_OK && !dns_length_ok(out->ptr + start, out->len - start))
    rc = URL_FAILURE;
  return rc;
}

/*
** URL Standard "domain to Unicode": UTS #46 §4.3 ToUnicode, or, if that
** records an error, the domain unchanged.  ASCII labels without "xn--"
** always pass validation (every ASCII code point is valid without STD3
** rules, and an ASCII-only domain is never a Bidi domain name), so such a
** domain is just lowercased.
*/
int url_domain_to_unicode(const char *in, size_t n, url_buf *out) {
  size_t i;
  idna_work w;
  int rc;
  for (i = 0; i < n && (unsigned char)in[i] < 0x80; i++) {
  }
  if (i == n && !url_has_xn_label(in, n)) {
    url_buf_append_lower(out, in, n);
    return out->err;
  }
  work_init(&w, out->mem);
  rc = process(in, n, &w, 0);
  if (rc == URL_OK) {
    for (i = 0; i < w.res.len; i++) url_buf_put_utf8(out, w.res.p[i]);
  } else if (rc == URL_FAILURE) {
    url_buf_append(out, in, n); /* 2. an error was recorded: domain */
    rc = URL_OK;
  }
  work_free(&w);
  if (rc) return rc;
  return out->err ? out->err : URL_OK;
}

/* NFC / NFD of valid UTF-8 for other layers (UTS #39 skeletons), over the
   same tables and steps as the IDNA normalization above. */
int url_unicode_normalize(const char *in, size_t n, int nfd, url_buf *out) {
  idna_work w;
  size_t i = 0;
  int rc = URL_OK;
  work_init(&w, out->mem);
  while (i < n && rc == URL_OK) {
    uint32_t c = url_utf8_next((const unsigned char *)in, n, &i);
    rc = cv_push(&w.a, c);
  }
  if (rc == URL_OK) rc = normalize(w.a.p, w.a.len, &w.b, &w.tmp, nfd);
  if (rc == URL_OK)
    for (i = 0; i < w.b.len; i++) url_buf_put_utf8(out, w.b.p[i]);
  work_free(&w);
  if (rc) return rc;
  return out->err ? out->err : URL_OK;
}

unsigned url_unicode_ccc(uint32_t c) { return ccc(c); }
