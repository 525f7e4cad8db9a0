/*
** Chromium's IDN display policy (chromium.h), re-stated rule by rule from
** idn_spoof_checker.cc and skeleton_generator.cc.  Each rule names the
** Chromium step it restates.
*/
#include "chromium.h"

#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "host.h"
#include "idna.h"
#include "status.h"
#include "utf8.h"

/* Arrays of chars, not of pointers (here and below): no relocation when
   the extension is loaded. */
static const char check_names[][40] = {
    "safe",
    "icu-spoof-checks",
    "tld-specific-characters",
    "unsafe-middle-dot",
    "whole-script-confusable",
    "digit-lookalikes",
    "non-ascii-latin-mixed-with-non-latin",
    "dangerous-pattern",
    "top-domain-lookalike",
    "check-hyphens"};

const char *dec_check_name(int check) {
  return check >= 0 && check <= DEC_CHECK_HYPHENS ? check_names[check] : "";
}

/* SkeletonGenerator's extra_confusable_mapper_: characters ICU's data does
   not map to the ASCII letter or digit they look like. */
static const struct {
  char from[40], to[2];
} extra_map[] = {
    {"æӕ", "ae"}, {"ϼҏ", "p"}, {"ħнћңҥӈӊԋԧԩ", "h"}, {"ĸκкқҝҟҡӄԟ", "k"},
    {"ŋпԥกח", "n"}, {"ŧтҭԏ七丅丆丁", "t"}, {"ƅьҍвß", "b"}, {"ωшщพฟພຟ", "w"},
    {"мӎ", "m"}, {"єҽҿၔ", "e"}, {"ґ", "r"}, {"ғӻ", "f"}, {"ҫင", "c"},
    {"ұ丫", "y"}, {"χҳӽӿ乂", "x"}, {"ԃძ", "d"}, {"ԍဌ", "g"}, {"ടรຣຮ", "s"},
    {"၂", "j"}, {"०০੦૦ଠ୦೦စ", "o"}, {"৭੧૧", "q"}, {"บບ", "u"}, {"θ", "0"},
    {"२২੨૨೩೭շ", "2"}, {"зҙӡउওਤ੩૩౩ဒვპੜკ", "3"}, {"੫丩ㄐ", "4"}, {"ճ", "6"},
    {"৪੪୫", "8"}, {"૭୨౨", "9"}, {"—一―⸺⸻", "-"}};

/* IDNSpoofChecker's digit_lookalikes_. */
static const char digit_lookalikes[] =
    "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/* kAllowedWholeScriptConfusableWords: common Cyrillic words made only of
   Latin lookalikes that spell no Latin word. */
static const char allowed_wsc_words[][20] = {
    "секс", "как", "коса", "курс", "парк", "такий", "укроп", "сахарок",
    "покраска"};

/* kWholeScriptConfusables (Linux): a script, its letters that look like
   Latin ones, and the TLDs where a label of only those is allowed. */
typedef struct wsc {
  char script[5], letters[64], tlds[32]; /* tlds: space-separated */
} wsc;

static const wsc wscs[] = {
    {"Armn", "ագզէլհյոսւօՙ", "am"},
    {"Cyrl", "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ", "bg by kz pyc ru su ua uz"},
    {"Ethi", "ሀሠሰስበነተከዐዕዘጠፐꬅ", "er et"},
    {"Geor", "იოყძხჽჿ", "ge"},
    {"Grek", "αικνρυωηοτ", "gr"},
    {"Hebr", "דוחיןסװײ׳ﬦ", "il"},
    {"Beng", "০৭", ""},
    {"Deva", "ऽ०ॱ", ""},
    {"Gujr", "ડટ૦૧", ""},
    {"Guru", "੦੧", ""},
    {"Knda", "ಽ೦೧", ""},
    {"Mlym", "ടഠധനറ൦", ""},
    {"Orya", "ଠ୦୮", ""},
    {"Taml", "டப௦", ""},
    {"Telu", "౦౧", ""},
    {"Mymr", "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", "mm"},
    {"Thai", "ทนบพรหเแ๐ดลปฟม", "th"}};
#define N_WSC (sizeof wscs / sizeof *wscs)

typedef struct cp_map {
  uint32_t cp;
  const char *to;
} cp_map;

/* One per Unicode version, made together (views[0..1]) and alike but for
   version and allowed: dec_policy_at chooses the bundle once. */
struct dec_policy {
  int version;                           /* DEC_UNICODE16, DEC_UNICODE17 */
  int (*allowed)(void *ctx, uint32_t c); /* Chromium's allowed set under it */
  dec_policy *views;                     /* the two (the allocation) */
  const url_allocator *mem;
  dec_props *props;
  cp_map extra[160];
  size_t n_extra;
  int wsc_script[N_WSC];
  int latn, grek, cyrl, kana, hira, hani, bopo;
};

const dec_props *dec_policy_props(const dec_policy *p) { return p->props; }
const dec_policy *dec_policy_at(const dec_policy *p, int version) {
  return &p->views[version == DEC_UNICODE17];
}
int dec_policy_version(const dec_policy *p) { return p->version; }
const url_allocator *dec_policy_mem(const dec_policy *p) { return p->mem; }

/* Whether the UTF-8 list s holds code point c. */
static int list_has(const char *s, uint32_t c) {
  size_t n = strlen(s), i = 0;
  while (i < n)
    if (url_utf8_next((const unsigned char *)s, n, &i) == c) return 1;
  return 0;
}

static int cmp_map(const void *a, const void *b) {
  uint32_t x = ((const cp_map *)a)->cp, y = ((const cp_map *)b)->cp;
  return x < y ? -1 : x > y;
}

void dec_policy_free(dec_policy *p) {
  if (!p) return;
  dec_props_free(p->props);
  p->mem->release(p->views);
}

static int allowed16(void *ctx, uint32_t c);
static int allowed17(void *ctx, uint32_t c);

int dec_policy_new(const url_allocator *mem, dec_policy **out) {
  dec_policy *p = mem->alloc(2 * sizeof *p);
  int rc;
  *out = NULL;
  if (!p) return URL_NOMEM;
  memset(p, 0, sizeof *p);
  p->views = p;
  p->mem = mem;
  rc = dec_props_new(mem, &p->props);
  if (rc) {
    mem->release(p);
    return rc;
  }
  for (size_t k = 0; k < sizeof extra_map / sizeof *extra_map; k++) {
    const char *s = extra_map[k].from;
    size_t n = strlen(s), i = 0;
    while (i < n && p->n_extra < sizeof p->extra / sizeof *p->extra) {
      p->extra[p->n_extra].cp = url_utf8_next((const unsigned char *)s, n, &i);
      p->extra[p->n_extra++].to = extra_map[k].to;
    }
  }
  qsort(p->extra, p->n_extra, sizeof *p->extra, cmp_map);
  for (size_t k = 0; k < N_WSC; k++)
    p->wsc_script[k] = dec_script_code(p->props, wscs[k].script);
  p->latn = dec_script_code(p->props, "Latn");
  p->grek = dec_script_code(p->props, "Grek");
  p->cyrl = dec_script_code(p->props, "Cyrl");
  p->kana = dec_script_code(p->props, "Kana");
  p->hira = dec_script_code(p->props, "Hira");
  p->hani = dec_script_code(p->props, "Hani");
  p->bopo = dec_script_code(p->props, "Bopo");
  p[1] = p[0];
  p[0].version = DEC_UNICODE16;
  p[0].allowed = allowed16;
  p[1].version = DEC_UNICODE17;
  p[1].allowed = allowed17;
  *out = p;
  return URL_OK;
}

/* ------------------------------------------------------- the allowed set */

/* SetAllowedUnicodeSet: Identifier_Status=Allowed (ICU's recommended and
   inclusion sets) less the characters and blocks Chromium removes. */
static int chromium_allowed(uint32_t c, int version) {
  static const uint32_t removed[] = {0x338,  0x58A,  0x2010, 0x2019, 0x2027,
                                     0x30A0, 0x2BB,  0x2BC,  0x2EC,  0x138};
  static const uint32_t blocks[][2] = {
      {0x01CD, 0x01DC}, /* Latin Extended-B: Pinyin */
      {0x1C80, 0x1C8F}, /* Cyrillic Extended-C */
      {0x1E00, 0x1E9B}, /* Latin Extended Additional */
      {0x1F00, 0x1FFF}, /* Greek Extended */
      {0xA640, 0xA69F}, /* Cyrillic Extended-B */
      {0xA720, 0xA7FF}  /* Latin Extended-D */
  };
  for (size_t i = 0; i < sizeof removed / sizeof *removed; i++)
    if (c == removed[i]) return 0;
  for (size_t i = 0; i < sizeof blocks / sizeof *blocks; i++)
    if (c >= blocks[i][0] && c <= blocks[i][1]) return 0;
  return dec_allowed(c, version);
}

static int allowed16(void *ctx, uint32_t c) {
  (void)ctx;
  return chromium_allowed(c, DEC_UNICODE16);
}

static int allowed17(void *ctx, uint32_t c) {
  (void)ctx;
  return chromium_allowed(c, DEC_UNICODE17);
}

/* ------------------------------------------------------ label checks */

/* A label decoded to code points, on the stack for short labels. */
typedef struct cps {
  uint32_t *p;
  size_t n;
  uint32_t st[128];
  const url_allocator *mem;
} cps;

static int cps_decode(cps *v, const url_allocator *mem, const char *s,
                      size_t n) {
  size_t i = 0;
  v->mem = mem;
  v->p = n <= 128 ? v->st : mem->alloc(n * sizeof *v->p);
  v->n = 0;
  if (!v->p) return URL_NOMEM;
  while (i < n) v->p[v->n++] = url_utf8_next((const unsigned char *)s, n, &i);
  return URL_OK;
}

static void cps_free(cps *v) {
  if (v->p != v->st) v->mem->release(v->p);
}

static int scx(const dec_policy *p, uint32_t c, int k) {
  return dec_scx_has(p->props, c, k);
}

/* ICU's USPOOF_INVISIBLE: the same nonspacing mark twice in one run of
   marks after NFD.  Marks are few in the allowed set; a 2048-bit filter
   keeps a long run linear. */
static int invisible(const dec_policy *p, const char *s, size_t n,
                     url_buf *tmp) {
  uint64_t seen[32];
  uint32_t run[64];
  size_t nrun = 0, i = 0;
  int bad = 0;
  memset(seen, 0, sizeof seen);
  tmp->len = 0;
  if (url_unicode_normalize(s, n, 1, tmp)) return -1;
  while (i < tmp->len && !bad) {
    uint32_t c = url_utf8_next((const unsigned char *)tmp->ptr, tmp->len, &i);
    if (!dec_is_mn(p->props, c)) {
      if (nrun) memset(seen, 0, sizeof seen);
      nrun = 0;
      continue;
    }
    uint32_t h = c % 2048;
    if (seen[h / 64] >> (h % 64) & 1) {
      for (size_t k = 0; k < nrun && k < 64; k++)
        if (run[k] == c) bad = 1;
    }
    seen[h / 64] |= 1ull << (h % 64);
    if (nrun < 64) run[nrun] = c;
    nrun++;
  }
  return bad;
}

/* ICU's USPOOF_HIDDEN_OVERLAY: U+0307 after i, j, l, dotless i or j, or a
   Soft_Dotted letter, skipping marks of other combining classes, in NFD. */
static int hidden_overlay(const dec_policy *p, const url_buf *nfd) {
  int lead = 0;
  size_t i = 0;
  while (i < nfd->len) {
    uint32_t c = url_utf8_next((const unsigned char *)nfd->ptr, nfd->len, &i);
    if (lead && c == 0x307) return 1;
    unsigned k = url_unicode_ccc(c);
    if (k == 0 || k == 230)
      lead = c == 'i' || c == 'j' || c == 'l' || c == 0x131 || c == 0x237 ||
             dec_soft_dotted(p->props, c);
  }
  return 0;
}

/* ICU's USPOOF_MIXED_NUMBERS: digits of more than one decimal system. */
static int mixed_numbers(const dec_policy *p, const cps *l) {
  uint32_t zero = 0, z;
  int have = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (!dec_decimal(p->props, l->p[i], &z)) continue;
    if (have && z != zero) return 1;
    zero = z;
    have = 1;
  }
  return 0;
}

/* HasUnsafeMiddleDot: U+00B7 only between two 'l's under .cat. */
static int unsafe_middle_dot(const cps *l, const dec_tld *t) {
  int cat = t->n == 3 && !memcmp(t->ascii, "cat", 3);
  for (size_t i = 0; i < l->n; i++) {
    if (l->p[i] != 0xB7) continue;
    if (!cat || i == 0 || i + 1 == l->n) return 1;
    if (l->p[i - 1] != 'l' || l->p[i + 1] != 'l') return 1;
  }
  return 0;
}

/* IsLabelWholeScriptConfusableForScript and
   IsWholeScriptConfusableAllowedForTLD. */
static int whole_script_confusable(const dec_policy *p, const cps *l,
                                   const dec_tld *td) {
  const char *tld = td->ascii, *tu = td->uni;
  size_t tn = td->n, tun = td->un;
  /* per script of the list: a letter of it seen, and all of them lookalikes */
  unsigned char any[N_WSC] = {0}, all[N_WSC];
  memset(all, 1, sizeof all);
  for (size_t i = 0; i < l->n; i++) {
    int script = dec_script(p->props, l->p[i]);
    for (size_t k = 0; k < N_WSC; k++) {
      if (p->wsc_script[k] != script) continue;
      any[k] = 1;
      if (all[k] && !list_has(wscs[k].letters, l->p[i])) all[k] = 0;
    }
  }
  for (size_t k = 0; k < N_WSC; k++) {
    if (!any[k] || !all[k]) continue;
    /* allowed: the TLD has a letter of the script, or is listed */
    int script = p->wsc_script[k], allowed = 0;
    for (size_t i = 0; i < tun && !allowed;)
      if (dec_script(p->props, url_utf8_next((const unsigned char *)tu, tun,
                                              &i)) == script)
        allowed = 1;
    const char *t = wscs[k].tlds;
    while (*t && !allowed) {
      size_t w = strcspn(t, " ");
      if (w == tn && !memcmp(t, tld, tn)) allowed = 1;
      t += w + (t[w] == ' ');
    }
    if (!allowed) return 1;
  }
  return 0;
}

/* IsDigitLookalike: only digits and digit lookalikes, at least one. */
static int digit_lookalike(const cps *l) {
  int any = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (l->p[i] >= '0' && l->p[i] <= '9') continue;
    if (!list_has(digit_lookalikes, l->p[i])) return 0;
    any = 1;
  }
  return any;
}

/* lgc_letters_n_ascii_: [[:Latin:][:Greek:][:Cyrillic:][0-9._-]
   [\u0300-\u0339]]. */
static int lgc(const dec_policy *p, uint32_t c) {
  if ((c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-') return 1;
  if (c >= 0x300 && c <= 0x339) return 1;
  int s = dec_script(p->props, c);
  return s >= 0 && (s == p->latn || s == p->grek || s == p->cyrl);
}

static int in_list(uint32_t c, const uint32_t *l, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (c == l[i]) return 1;
  return 0;
}

/* The dangerous_pattern_ regular expression, one alternative at a time. */
static int dangerous_pattern(const dec_policy *p, const cps *l) {
  static const uint32_t slashes[] = {0x30CE, 0x30F3, 0x30BD, 0x30BE,
                                     0x4E36, 0x4E40, 0x4E41, 0x4E3F};
  static const uint32_t cjk_lookalikes[] = {
      0x4E00, 0x3127, 0x4E28, 0x4E5B, 0x4E03, 0x4E05, 0x5341,
      0x3007, 0x3112, 0x311A, 0x311F, 0x3128, 0x3129, 0x3108,
      0x31BA, 0x31B3, 0x5DE5, 0x31B2, 0x8BA0, 0x4E01};
  const uint32_t *s = l->p;
  size_t n = l->n, non_kana = 0, non_hira = 0;
#define JAPANESE(c) (scx(p, c, p->kana) || scx(p, c, p->hira) || scx(p, c, p->hani))
#define CJK(c) (JAPANESE(c) || scx(p, c, p->bopo))
  for (size_t i = 0; i < n; i++) {
    uint32_t c = s[i];
    non_kana += !scx(p, c, p->kana);
    non_hira += !scx(p, c, p->hira);
    /* ノ ン ソ ゾ 丶 乀 乁 丿 between two non-Japanese characters */
    if (i > 0 && i + 1 < n && in_list(c, slashes, 8) && !JAPANESE(s[i - 1]) &&
        !JAPANESE(s[i + 1]))
      return 1;
    /* ヽ ヾ not after Katakana */
    if ((c == 0x30FD || c == 0x30FE) && (i == 0 || !scx(p, s[i - 1], p->kana)))
      return 1;
    /* ー at the start or after neither Katakana nor Hiragana */
    if (c == 0x30FC && (i == 0 || !(scx(p, s[i - 1], p->kana) ||
                                    scx(p, s[i - 1], p->hira))))
      return 1;
    /* ・ next to a-z */
    if (c == 0x30FB && ((i > 0 && s[i - 1] >= 'a' && s[i - 1] <= 'z') ||
                        (i + 1 < n && s[i + 1] >= 'a' && s[i + 1] <= 'z')))
      return 1;
    /* CJK lookalikes of Latin letters next to a non-CJK character */
    if (in_list(c, cjk_lookalikes, 20) &&
        ((i > 0 && !CJK(s[i - 1])) || (i + 1 < n && !CJK(s[i + 1]))))
      return 1;
    if (c >= 0x300 && c <= 0x339 && i > 0) {
      uint32_t b = s[i - 1];
      /* a combining mark after a non-LGC character */
      if (!(scx(p, b, p->latn) || scx(p, b, p->grek) || scx(p, b, p->cyrl)))
        return 1;
      /* after dotless i */
      if (b == 0x131) return 1;
    }
    /* combining Kana voiced sound marks */
    if (c == 0x3099 || c == 0x309A) return 1;
    /* dot above after i, j, l */
    if (c == 0x307 && i > 0 && (s[i - 1] == 'i' || s[i - 1] == 'j' ||
                                s[i - 1] == 'l'))
      return 1;
  }
  /* へべぺ inside an otherwise Katakana label, ヘベペ inside Hiragana */
  for (size_t i = 1; i + 1 < n; i++) {
    if (s[i] >= 0x3078 && s[i] <= 0x307A && non_kana == 1 &&
        !scx(p, s[i], p->kana))
      return 1;
    if (s[i] >= 0x30D8 && s[i] <= 0x30DA && non_hira == 1 &&
        !scx(p, s[i], p->hira))
      return 1;
  }
#undef JAPANESE
#undef CJK
  return 0;
}

/* IDNSpoofChecker::SafeToDisplayAsUnicode. */
static int check_label(const dec_policy *p, const char *s, size_t n,
                       const cps *l, const dec_tld *t, url_buf *tmp) {
  const char *tld = t->ascii;
  size_t tn = t->n;
  int (*allowed)(void *, uint32_t) = p->allowed;
  /* uspoof_check: the restriction level (which is unrestricted outside
     the allowed set, USPOOF_CHAR_LIMIT), invisible characters, mixed
     numbers, hidden overlays. */
  int level = dec_restriction_level(p->props, s, n, allowed, NULL);
  if (level > DEC_HIGHLY_RESTRICTIVE) return DEC_ICU_SPOOF_CHECKS;
  int inv = invisible(p, s, n, tmp);
  if (inv < 0) return -1;
  if (inv || mixed_numbers(p, l) || hidden_overlay(p, tmp))
    return DEC_ICU_SPOOF_CHECKS;
  /* Deviation characters: under non-transitional processing (Chromium's,
     the URL Standard's) ß and ς are safe; ZWNJ and ZWJ, which Chromium
     never shows (IDNToUnicodeDeviationCharacters), are outside the allowed
     set, so the spoof checks above have failed them. */
  /* þ ð only under .is and .fo, ə only under .az */
  if (l->n > 1) {
    int is = tn == 2 && (!memcmp(tld, "is", 2) || !memcmp(tld, "fo", 2));
    int az = tn == 2 && !memcmp(tld, "az", 2);
    for (size_t i = 0; i < l->n; i++) {
      if (!is && (l->p[i] == 0xFE || l->p[i] == 0xF0)) return DEC_TLD_SPECIFIC;
      if (!az && l->p[i] == 0x259) return DEC_TLD_SPECIFIC;
    }
  }
  if (unsafe_middle_dot(l, t)) return DEC_UNSAFE_MIDDLE_DOT;
  if (level == DEC_ASCII_ONLY) return DEC_SAFE;
  if (level == DEC_SINGLE_SCRIPT) {
    int exception = 0;
    for (size_t i = 0; i < l->n; i++) {
      uint32_t c = l->p[i];
      if ((c >= 0x3078 && c <= 0x307A) || (c >= 0x30D8 && c <= 0x30DA) ||
          (c >= 0x30FB && c <= 0x30FE) || (c >= 0x300 && c <= 0x339))
        exception = 1;
    }
    if (!exception) {
      int word = 0;
      for (size_t k = 0; k < sizeof allowed_wsc_words / sizeof *allowed_wsc_words; k++)
        if (strlen(allowed_wsc_words[k]) == n && !memcmp(allowed_wsc_words[k], s, n))
          word = 1;
      if (!word && whole_script_confusable(p, l, t))
        return DEC_WHOLE_SCRIPT_CONFUSABLE;
      return digit_lookalike(l) ? DEC_DIGIT_LOOKALIKES : DEC_SAFE;
    }
  }
  if (digit_lookalike(l)) return DEC_DIGIT_LOOKALIKES;
  /* non-ASCII Latin letters mixed with a non-Latin script */
  int non_ascii_latin = 0, all_lgc = 1;
  for (size_t i = 0; i < l->n; i++) {
    uint32_t c = l->p[i];
    if (c >= 0x80 && dec_script(p->props, c) == p->latn) non_ascii_latin = 1;
    if (!lgc(p, c)) all_lgc = 0;
  }
  if (non_ascii_latin && !all_lgc) return DEC_NON_ASCII_LATIN_MIXED;
  return dangerous_pattern(p, l) ? DEC_DANGEROUS_PATTERN : DEC_SAFE;
}

int dec_label_check(const dec_policy *p, const char *s, size_t n,
                    const dec_tld *t) {
  cps l;
  url_buf tmp;
  char st[256];
  int r;
  if (cps_decode(&l, p->mem, s, n)) return -1;
  url_buf_init(&tmp, p->mem, st, sizeof st, (size_t)-1);
  r = check_label(p, s, n, &l, t, &tmp);
  url_buf_free(&tmp);
  cps_free(&l);
  return r;
}

/* ------------------------------------------------------------ skeletons */

/* MaybeRemoveDiacritics: for an all-LGC host, NFD, nonspacing marks
   removed, NFC, then ł > l, ø > o, đ > d. */
static int remove_diacritics(const dec_policy *p, const char *h, size_t n,
                             url_buf *out) {
  size_t i = 0;
  int all = 1;
  while (i < n && all)
    all = lgc(p, url_utf8_next((const unsigned char *)h, n, &i));
  if (!all) {
    url_buf_append(out, h, n);
    return out->err;
  }
  url_buf d, e;
  char sd[256], se[256];
  int rc;
  url_buf_init_like(&d, out, sd, sizeof sd, (size_t)-1);
  url_buf_init_like(&e, out, se, sizeof se, (size_t)-1);
  rc = url_unicode_normalize(h, n, 1, &d);
  for (i = 0; rc == URL_OK && i < d.len;) {
    size_t at = i;
    uint32_t c = url_utf8_next((const unsigned char *)d.ptr, d.len, &i);
    if (!dec_is_mn(p->props, c)) url_buf_append(&e, d.ptr + at, i - at);
  }
  if (rc == URL_OK && e.err) rc = e.err;
  if (rc == URL_OK) {
    d.len = 0;
    rc = url_unicode_normalize(e.ptr, e.len, 0, &d);
  }
  for (i = 0; rc == URL_OK && i < d.len;) {
    size_t at = i;
    uint32_t c = url_utf8_next((const unsigned char *)d.ptr, d.len, &i);
    if (c == 0x142) url_buf_putc(out, 'l');
    else if (c == 0xF8) url_buf_putc(out, 'o');
    else if (c == 0x111) url_buf_putc(out, 'd');
    else url_buf_append(out, d.ptr + at, i - at);
  }
  if (rc == URL_OK) rc = out->err;
  url_buf_free(&d);
  url_buf_free(&e);
  return rc;
}

static const char *extra_of(const dec_policy *p, uint32_t c) {
  size_t lo = 0, hi = p->n_extra;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (p->extra[mid].cp < c) lo = mid + 1;
    else hi = mid;
  }
  return lo < p->n_extra && p->extra[lo].cp == c ? p->extra[lo].to : NULL;
}

/* character_map_: characters that look like either of two others. */
static const struct {
  uint32_t cp;
  const char *alt[2];
} multi[] = {{0xFE, {"b", "p"}},    /* þ */
             {0x153, {"ce", "oe"}}, /* œ */
             {0x142, {"l", "t"}},   /* ł */
             {0x131, {"l", "i"}}};  /* ı */

static int multi_of(uint32_t c) {
  for (int k = 0; k < 4; k++)
    if (multi[k].cp == c) return k;
  return -1;
}

/* extra_confusable_mapper_ on s[0..n) (one alternative: `alt` says which
   reading each character of character_map_ takes, base 3 per occurrence;
   l_for_04cf maps U+04CF to 'l'), then UTS #39's skeleton, appended to
   out. */
static int one_skeleton(const dec_policy *p, const char *s,
                        size_t n, unsigned alt, int l_for_04cf, url_buf *tmp,
                        url_buf *out) {
  size_t i = 0;
  tmp->len = 0;
  while (i < n) {
    size_t at = i;
    uint32_t c = url_utf8_next((const unsigned char *)s, n, &i);
    const char *x;
    int m = multi_of(c);
    if (m >= 0) {
      unsigned k = alt % 3;
      alt /= 3;
      if (k) {
        url_buf_puts(tmp, multi[m].alt[k - 1]);
        continue;
      }
    }
    if (c == 0x4CF && l_for_04cf) url_buf_putc(tmp, 'l');
    else if ((x = extra_of(p, c)) != NULL) url_buf_puts(tmp, x);
    else url_buf_append(tmp, s + at, i - at);
  }
  if (tmp->err) return tmp->err;
  return dec_skeleton(tmp->ptr, tmp->len, p->version, out);
}

/* The skeletons of every variant of s[0..n) (GenerateSupplementalHostnames:
   each character of character_map_ as itself or either reading, for hosts
   of at most 32 characters with at most 5 such characters, at most 128
   variants; none for a longer host), each also with U+04CF as 'l'
   (AddSkeletonMapping).  all = 0: only the host as it is. */
static int variants(const dec_policy *p, const char *s, size_t n,
                    int all, url_buf *tmp, url_buf *scratch,
                    int (*emit)(void *ctx, const char *s, size_t len),
                    void *ctx) {
  size_t chars = 0, n_multi = 0, i = 0;
  int has04cf = 0, rc = URL_OK;
  while (i < n) {
    uint32_t c = url_utf8_next((const unsigned char *)s, n, &i);
    chars++;
    n_multi += multi_of(c) >= 0;
    has04cf |= c == 0x4CF;
  }
  unsigned n_alt = 1;
  if (all) {
    if (chars > 32 || n_multi > 5) n_alt = 0;
    else
      for (size_t k = 0; k < n_multi; k++) n_alt *= 3;
    if (n_alt > 128) n_alt = 128;
  }
  for (unsigned a = 0; rc == URL_OK && a < n_alt; a++) {
    for (int l04 = 0; rc == URL_OK && l04 <= (all && has04cf); l04++) {
      scratch->len = 0;
      rc = one_skeleton(p, s, n, a, l04, tmp, scratch);
      if (rc == URL_OK) rc = emit(ctx, scratch->ptr, scratch->len);
    }
  }
  return rc;
}

int dec_host_skeletons(const dec_policy *p, const char *h,
                       size_t n, int all, url_buf *scratch,
                       int (*emit)(void *ctx, const char *s, size_t len),
                       void *ctx) {
  url_buf nd, tmp;
  char snd[256], stmp[256];
  int rc;
  if (n && h[n - 1] == '.') n--; /* a trailing dot is not compared */
  url_buf_init_like(&nd, scratch, snd, sizeof snd, (size_t)-1);
  url_buf_init_like(&tmp, scratch, stmp, sizeof stmp, (size_t)-1);
  rc = remove_diacritics(p, h, n, &nd);
  if (rc == URL_OK)
    rc = variants(p, nd.ptr, nd.len, all, &tmp, scratch, emit, ctx);
  /* ShouldComputeSupplementalHostnamesWithDiacritics: ł loses its stroke
     above, so its readings are taken from the host as written too. */
  if (rc == URL_OK && all && (nd.len != n || memcmp(nd.ptr, h, n))) {
    size_t i = 0;
    int stroke = 0;
    while (i < n && !stroke)
      stroke = url_utf8_next((const unsigned char *)h, n, &i) == 0x142;
    if (stroke) rc = variants(p, h, n, all, &tmp, scratch, emit, ctx);
  }
  url_buf_free(&nd);
  url_buf_free(&tmp);
  return rc;
}

static int append_emit(void *ctx, const char *s, size_t len) {
  url_buf *out = ctx;
  url_buf_append(out, s, len);
  return out->err;
}

int dec_host_skeleton(const dec_policy *p, const char *h,
                      size_t n, url_buf *out) {
  url_buf scratch;
  char st[256];
  int rc;
  url_buf_init_like(&scratch, out, st, sizeof st, (size_t)-1);
  rc = dec_host_skeletons(p, h, n, 0, &scratch, append_emit, out);
  url_buf_free(&scratch);
  return rc;
}

/* ---------------------------------------------------------- top domains */

typedef struct entry {
  uint32_t hash;
  uint32_t skel_off, skel_len; /* in pool */
  uint32_t dom;                /* index of the domain */
} entry;

struct dec_domains {
  const url_allocator *mem;
  url_buf pool;       /* skeletons, then domains' ASCII and Unicode forms */
  entry *slots;       /* open addressing, power of two */
  size_t mask, used;
  uint32_t (*dom)[4]; /* ascii off, len, unicode off, len */
  size_t n_dom, cap_dom;
};

static uint32_t fnv(const char *s, size_t n) {
  return url_fnv32(URL_FNV32_BASIS, s, n) | 1; /* 0: empty slot */
}

size_t dec_domains_count(const dec_domains *d) { return d->n_dom; }

void dec_domains_get(const dec_domains *d, size_t i, url_str *ascii,
                     url_str *unicode) {
  const uint32_t *dm = d->dom[i];
  *ascii = (url_str){d->pool.ptr + dm[0], dm[1]};
  *unicode = (url_str){d->pool.ptr + dm[2], dm[3]};
}

void dec_domains_free(dec_domains *d) {
  if (!d) return;
  url_buf_free(&d->pool);
  d->mem->release(d->slots);
  d->mem->release(d->dom);
  d->mem->release(d);
}

static int grow_slots(dec_domains *d) {
  void *s = d->slots;
  int rc = url_hash_grow(d->mem, &s, &d->mask, sizeof *d->slots, 1024);
  d->slots = s;
  return rc;
}

static const entry *find_skel(const dec_domains *d, const char *s, size_t n) {
  uint32_t h = fnv(s, n);
  for (size_t j = h & d->mask; d->slots[j].hash; j = (j + 1) & d->mask) {
    const entry *e = &d->slots[j];
    if (e->hash == h && e->skel_len == n &&
        !memcmp(d->pool.ptr + e->skel_off, s, n))
      return e;
  }
  return NULL;
}

typedef struct add_ctx {
  dec_domains *d;
  uint32_t dom;
} add_ctx;

/* Indexes one skeleton of the domain being added (the first domain of a
   skeleton keeps it). */
static int add_skel(void *ctx, const char *s, size_t n) {
  add_ctx *a = ctx;
  dec_domains *d = a->d;
  if (!n || find_skel(d, s, n)) return URL_OK;
  if ((d->used + 1) * 2 > d->mask + 1 && grow_slots(d)) return URL_NOMEM;
  size_t off = d->pool.len;
  url_buf_append(&d->pool, s, n);
  if (d->pool.err) return URL_NOMEM;
  uint32_t h = fnv(s, n);
  size_t j = h & d->mask;
  while (d->slots[j].hash) j = (j + 1) & d->mask;
  d->slots[j].hash = h;
  d->slots[j].skel_off = (uint32_t)off;
  d->slots[j].skel_len = (uint32_t)n;
  d->slots[j].dom = a->dom;
  d->used++;
  return URL_OK;
}

int dec_domains_new(const dec_policy *p, const char *text,
                    size_t n, dec_domains **out) {
  dec_domains *d = p->mem->alloc(sizeof *d);
  url_buf ascii, uni, scratch;
  char sa[256], su[256], ss[256];
  int rc = URL_OK;
  *out = NULL;
  if (!d) return URL_NOMEM;
  memset(d, 0, sizeof *d);
  d->mem = p->mem;
  url_buf_init(&d->pool, p->mem, NULL, 0, (size_t)-1);
  url_buf_init(&ascii, p->mem, sa, sizeof sa, (size_t)-1);
  url_buf_init(&uni, p->mem, su, sizeof su, (size_t)-1);
  url_buf_init(&scratch, p->mem, ss, sizeof ss, (size_t)-1);
  if (n > UINT32_MAX / 4) rc = URL_NOMEM;
  if (rc == URL_OK) rc = grow_slots(d);
  for (size_t i = 0; rc == URL_OK && i < n;) {
    size_t e = i;
    while (e < n && text[e] != '\n') e++;
    size_t a = i, b = e;
    i = e + 1;
    while (a < b && (text[a] == ' ' || text[a] == '\t' || text[a] == '\r')) a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' ||
                     text[b - 1] == '\r'))
      b--;
    if (a == b || text[a] == '#') continue;
    ascii.len = uni.len = 0;
    url_host_type type;
    int r = url_host_parse(text + a, b - a, 0, &ascii, &type);
    if (r == URL_FAILURE || (r == URL_OK && type != URL_HOST_DOMAIN)) continue;
    if (r) {
      rc = r;
      break;
    }
    if ((rc = url_domain_to_unicode(ascii.ptr, ascii.len, &uni))) break;
    if (d->n_dom == d->cap_dom) {
      size_t cap = d->cap_dom ? d->cap_dom * 2 : 64;
      uint32_t(*nd)[4] = p->mem->resize(d->dom, cap * sizeof *nd);
      if (!nd) {
        rc = URL_NOMEM;
        break;
      }
      d->dom = nd;
      d->cap_dom = cap;
    }
    uint32_t *dm = d->dom[d->n_dom];
    dm[0] = (uint32_t)d->pool.len;
    dm[1] = (uint32_t)ascii.len;
    url_buf_append(&d->pool, ascii.ptr, ascii.len);
    dm[2] = (uint32_t)d->pool.len;
    dm[3] = (uint32_t)uni.len;
    url_buf_append(&d->pool, uni.ptr, uni.len);
    if (d->pool.err) {
      rc = URL_NOMEM;
      break;
    }
    add_ctx ac = {d, (uint32_t)d->n_dom++};
    rc = dec_host_skeletons(p, uni.ptr, uni.len, 1, &scratch,
                            add_skel, &ac);
  }
  url_buf_free(&ascii);
  url_buf_free(&uni);
  url_buf_free(&scratch);
  if (rc) {
    dec_domains_free(d);
    return rc;
  }
  *out = d;
  return URL_OK;
}

typedef struct match_ctx {
  const dec_domains *d;
  const char *h;
  size_t n;
  const char *found;
  size_t len;
} match_ctx;

/* IsSubdomainOf or equal, on the Unicode forms. */
static int same_or_under(const char *h, size_t n, const char *t, size_t tn) {
  if (n && h[n - 1] == '.') n--;
  if (n == tn) return !memcmp(h, t, n);
  return n > tn && h[n - tn - 1] == '.' && !memcmp(h + n - tn, t, tn);
}

/* LookupSkeletonInTopDomains: the skeleton's last four labels, then each
   shorter suffix down to two labels. */
static int match_skel(void *ctx, const char *s, size_t n) {
  match_ctx *m = ctx;
  size_t start = n, dots = 0;
  if (m->found) return URL_OK;
  while (start > 0 && dots < 4) {
    start--;
    if (s[start] == '.') dots++;
  }
  if (dots == 4) start++;
  for (;;) {
    size_t k, labels = 1;
    for (k = start; k < n; k++) labels += s[k] == '.';
    if (labels < 2) break;
    const entry *e = find_skel(m->d, s + start, n - start);
    if (e) {
      const uint32_t *dm = m->d->dom[e->dom];
      if (!same_or_under(m->h, m->n, m->d->pool.ptr + dm[2], dm[3])) {
        m->found = m->d->pool.ptr + dm[0];
        m->len = dm[1];
      }
      return URL_OK; /* Chromium stops at the first skeleton that matches */
    }
    while (start < n && s[start] != '.') start++;
    start++;
    if (start >= n) break;
  }
  return URL_OK;
}

const char *dec_domains_match(const dec_policy *p,
                              const dec_domains *d, const char *h, size_t n,
                              size_t *len, int *rc) {
  url_buf scratch;
  char st[256];
  match_ctx m = {d, h, n, NULL, 0};
  url_buf_init(&scratch, p->mem, st, sizeof st, (size_t)-1);
  *rc = dec_host_skeletons(p, h, n, 1, &scratch, match_skel, &m);
  url_buf_free(&scratch);
  *len = m.len;
  return *rc ? NULL : m.found;
}

typedef struct find_ctx {
  const dec_domains *d;
  long found;
} find_ctx;

static int find_one(void *ctx, const char *s, size_t n) {
  find_ctx *f = ctx;
  const entry *e = f->found < 0 ? find_skel(f->d, s, n) : NULL;
  if (e) f->found = (long)e->dom;
  return URL_OK;
}

long dec_domains_find(const dec_policy *p, const dec_domains *d,
                      const char *h, size_t n, int *rc) {
  url_buf scratch;
  char st[256];
  find_ctx f = {d, -1};
  url_buf_init(&scratch, p->mem, st, sizeof st, (size_t)-1);
  *rc = dec_host_skeletons(p, h, n, 1, &scratch, find_one, &f);
  url_buf_free(&scratch);
  return *rc ? -1 : f.found;
}

/* ------------------------------------------------------- display host */

/* UTS #46 CheckHyphens, which Chromium's IDNToUnicode applies: a label
   with "--" in its third and fourth positions, or starting or ending with
   '-', is not converted (xn-----8kci4dhsd stays, not ру--авто). */
static int check_hyphens(const char *l, size_t n) {
  size_t i = 0, k = 0;
  if (n && (l[0] == '-' || l[n - 1] == '-')) return 1;
  while (i < n && k < 4) {
    uint32_t c = url_utf8_next((const unsigned char *)l, n, &i);
    if (++k >= 3 && c != '-') return 0;
  }
  return k == 4;
}

int dec_display_host(const dec_policy *p, const dec_domains *td,
                     const char *h, size_t n, url_buf *out, dec_verdict *v) {
  size_t start = out->len, tb, te;
  url_buf tu;
  char stu[128];
  int rc = URL_OK, converted = 0;
  *v = (dec_verdict){DEC_SAFE, 0, 0};
  /* The TLD: the last label (before a trailing dot). */
  te = n && h[n - 1] == '.' ? n - 1 : n;
  tb = te;
  while (tb > 0 && h[tb - 1] != '.') tb--;
  url_buf_init_like(&tu, out, stu, sizeof stu, (size_t)-1);
  rc = url_domain_to_unicode(h + tb, te - tb, &tu);
  for (size_t i = 0; rc == URL_OK && i <= n;) {
    size_t e = i;
    while (e < n && h[e] != '.') e++;
    size_t lstart = out->len;
    if (url_label_is_xn(h + i, e - i)) {
      rc = url_domain_to_unicode(h + i, e - i, out);
      size_t ul = out->len - lstart;
      if (rc == URL_OK &&
          !(ul == e - i && !memcmp(out->ptr + lstart, h + i, ul))) {
        dec_tld t = {h + tb, tu.ptr, te - tb, tu.len};
        int r = check_hyphens(out->ptr + lstart, ul)
                    ? DEC_CHECK_HYPHENS
                    : dec_label_check(p, out->ptr + lstart, ul, &t);
        if (r < 0) {
          rc = URL_NOMEM;
        } else if (r != DEC_SAFE) {
          /* IDNToUnicodeOneComponent: an unsafe label stays as it is */
          url_buf_truncate(out, lstart);
          url_buf_append(out, h + i, e - i);
          if (v->check == DEC_SAFE) *v = (dec_verdict){r, i, e - i};
        } else {
          converted = 1;
        }
      }
    } else {
      url_buf_append(out, h + i, e - i);
    }
    if (e < n) url_buf_putc(out, '.');
    i = e + 1;
  }
  if (rc == URL_OK && out->err) rc = out->err;
  /* Leave as Punycode any host that spoofs a top domain. */
  if (rc == URL_OK && converted && td) {
    size_t len;
    if (dec_domains_match(p, td, out->ptr + start, out->len - start,
                          &len, &rc) &&
        rc == URL_OK) {
      *v = (dec_verdict){DEC_TOP_DOMAIN_LOOKALIKE, 0, n};
    }
  }
  url_buf_free(&tu);
  if (rc == URL_OK && v->check == DEC_TOP_DOMAIN_LOOKALIKE) {
    url_buf_truncate(out, start);
    url_buf_append(out, h, n);
    rc = out->err;
  }
  return rc;
}

/* ---------------------------------------------------------------- memo */

#define MEMO_SLOTS 64
#define MEMO_HOST 96
#define MEMO_OUT 192

typedef struct memo_slot {
  uint8_t n, out_n, check, at_len; /* n 0: empty */
  uint8_t at;
  char h[MEMO_HOST], out[MEMO_OUT];
} memo_slot;

struct dec_memo {
  const url_allocator *mem;
  memo_slot slot[MEMO_SLOTS];
};

int dec_memo_new(const url_allocator *mem, dec_memo **out) {
  dec_memo *m = mem->alloc(sizeof *m);
  *out = m;
  if (!m) return URL_NOMEM;
  memset(m, 0, sizeof *m);
  m->mem = mem;
  return URL_OK;
}

void dec_memo_free(dec_memo *m) {
  if (m) m->mem->release(m);
}

int dec_display_host_memo(const dec_policy *p, const dec_domains *td,
                          dec_memo *m, const char *h, size_t n, url_buf *out,
                          dec_verdict *v) {
  if (n == 0 || n > MEMO_HOST) return dec_display_host(p, td, h, n, out, v);
  memo_slot *s = &m->slot[fnv(h, n) % MEMO_SLOTS];
  if (s->n == n && !memcmp(s->h, h, n)) {
    *v = (dec_verdict){s->check, s->at, s->at_len};
    url_buf_append(out, s->out, s->out_n);
    return out->err;
  }
  size_t start = out->len;
  int rc = dec_display_host(p, td, h, n, out, v);
  if (rc == URL_OK && out->len - start <= MEMO_OUT) {
    s->n = (uint8_t)n;
    memcpy(s->h, h, n);
    s->out_n = (uint8_t)(out->len - start);
    memcpy(s->out, out->ptr + start, s->out_n);
    s->check = (uint8_t)v->check;
    s->at = (uint8_t)v->at;
    s->at_len = (uint8_t)v->len;
  }
  return rc;
}
