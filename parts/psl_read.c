/*
** Reading a Public Suffix List's rules from its text or DAFSA form, with
** libpsl's meaning (see psl_read.h).
*/
#include "psl_read.h"

#include <idn2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ----------------------------------------------------------------- text */

/* libpsl's rule name limit (psl_entry_t's 128-byte label_buf). */
#define TEXT_NAME_MAX 126

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* strstr within s[0..n) (lines are not NUL-terminated here). */
static int has(const char *s, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0) return 1;
  return 0;
}

static int is_ascii(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)s[i] >= 0x80) return 0;
  return 1;
}

/* Adds a non-ASCII name's xn-- form, as libpsl's add_punycode_if_needed
   does (which, as here, adds nothing when libidn2 fails, for lack of
   memory too). */
static int add_punycode(url_psl_rules *r, const char *name, size_t n,
                        unsigned flags) {
  char z[TEXT_NAME_MAX + 1];
  memcpy(z, name, n);
  z[n] = '\0';
  char *ascii = NULL;
  int rc = URL_OK;
  if (idn2_lookup_u8((const uint8_t *)z, (uint8_t **)&ascii,
                     IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL) == IDN2_OK) {
    size_t an = strlen(ascii);
    if (strcmp(ascii, z) != 0 && an <= TEXT_NAME_MAX)
      rc = url_psl_rules_add(r, ascii, an, flags);
  }
  idn2_free(ascii);
  return rc;
}

/* One line as fgets gave it to libpsl's loader: s[0..n). */
static int text_line(url_psl_rules *r, const char *s, size_t n,
                     unsigned *section, url_psl_read_info *info) {
  size_t i = 0;
  while (i < n && is_space(s[i])) i++;
  if (i == n) return URL_OK;
  if (n - i >= 2 && s[i] == '/' && s[i + 1] == '/') {
    const char *c = s + i + 2;
    size_t cn = n - i - 2;
    if (*section == 0) {
      if (has(c, cn, "===BEGIN ICANN DOMAINS==="))
        *section = URL_PSL_RULE_ICANN;
      else if (has(c, cn, "===BEGIN PRIVATE DOMAINS==="))
        *section = URL_PSL_RULE_PRIVATE;
    } else if (*section == URL_PSL_RULE_ICANN &&
               has(c, cn, "===END ICANN DOMAINS===")) {
      *section = 0;
    } else if (*section == URL_PSL_RULE_PRIVATE &&
               has(c, cn, "===END PRIVATE DOMAINS===")) {
      *section = 0;
    }
    return URL_OK;
  }
  size_t e = i;
  while (e < n && !is_space(s[e])) e++;
  unsigned flags = *section;
  if (s[i] == '!') {
    i++;
    flags |= URL_PSL_RULE_EXCEPTION;
    info->exceptions++;
  } else if (s[i] == '*') {
    if (i + 1 == e || s[i + 1] != '.') return URL_OK; /* "*x": ignored */
    i += 2;
    flags |= URL_PSL_RULE_WILDCARD;
    info->wildcards++;
    info->suffixes++;
  } else {
    info->suffixes++;
  }
  if (e - i > TEXT_NAME_MAX) return URL_OK; /* libpsl ignores it */
  if (*section == URL_PSL_RULE_ICANN) info->icann_rules++;
  /* A non-ASCII name itself is never asked about: hosts are ASCII. */
  if (is_ascii(s + i, e - i)) return url_psl_rules_add(r, s + i, e - i, flags);
  return add_punycode(r, s + i, e - i, flags);
}

int url_psl_read_text(url_psl_rules *r, const char *buf, size_t n,
                      url_psl_read_info *info) {
  *info = (url_psl_read_info){0, 0, 0, 0};
  unsigned section = 0;
  /* fgets(buf, 255) for the first line, fgets(buf, 256) after: a line
     longer than that is read as several. */
  size_t limit = 254;
  for (size_t pos = 0; pos < n;) {
    size_t e = pos;
    while (e < n && e - pos < limit)
      if (buf[e++] == '\n') break;
    int rc = text_line(r, buf + pos, e - pos, &section, info);
    if (rc != URL_OK) return rc;
    pos = e;
    limit = 255;
  }
  return URL_OK;
}

/* ---------------------------------------------------------------- DAFSA */

#define DAFSA_HEADER 16          /* ".DAFSA@PSL_0   \n" */
#define DAFSA_MAX_WORDS (1 << 20)
#define DAFSA_MAX_STEPS (1 << 24) /* node bytes read while enumerating */

int url_psl_is_dafsa(const char *buf, size_t n) {
  /* libpsl: the first line read by fgets is 16 bytes and starts so. */
  return n >= DAFSA_HEADER && memcmp(buf, ".DAFSA@PSL_", 11) == 0 &&
         memchr(buf, '\n', DAFSA_HEADER) == buf + DAFSA_HEADER - 1 &&
         !memchr(buf, '\0', DAFSA_HEADER);
}

/*
** The graph (Chromium's make_dafsa format): a list of offsets to child
** nodes, each 1, 2 or 3 bytes (0x80 set on the last), the first relative to
** the list's start and each next to the previous child; a node is chars
** (7-bit), then a byte with 0x80 set: a return value (0x80-0x9f, the flags
** in its low 4 bits) that ends a word, or the label's last char, followed by
** the node's own list of children.  A char below 0x20 cannot be in a host
** (0x1f starts a UTF-8 sequence): such words are left out.
*/
typedef struct dafsa_list {
  size_t pos;        /* the next offset's byte; SIZE_MAX after the last */
  size_t child;      /* the previous child's position */
  size_t prefix;     /* the word's length before the children */
  uint64_t seen[2];  /* first chars of the children taken */
  int seen_value;    /* a child that ends the word was taken */
} dafsa_list;

typedef struct dafsa {
  const unsigned char *g;
  size_t n;
  dafsa_list *stack; /* at most one list per char of the longest word */
  size_t depth;
  char word[URL_PSL_RULE_MAX + 1];
  size_t steps, words;
} dafsa;

/* Reads the next child of list l (libpsl's GetNextOffset).  Returns 1 and
   sets *child, 0 at the end of the list, -1 if malformed. */
static int next_child(dafsa *d, dafsa_list *l, size_t *child) {
  if (l->pos == SIZE_MAX) return 0;
  /* The lookup stops reading a list where 3 bytes are not left. */
  if (l->pos + 2 >= d->n) return -1;
  const unsigned char *p = d->g + l->pos;
  size_t v, used;
  switch (p[0] & 0x60) {
    case 0x60: v = (size_t)(p[0] & 0x1f) << 16 | (size_t)p[1] << 8 | p[2]; used = 3; break;
    case 0x40: v = (size_t)(p[0] & 0x1f) << 8 | p[1]; used = 2; break;
    default: v = p[0] & 0x3f; used = 1;
  }
  l->pos = (p[0] & 0x80) ? SIZE_MAX : l->pos + used;
  l->child += v;
  if (l->child >= d->n) return -1;
  *child = l->child;
  return 1;
}

/* Whether list l already took a child that starts with byte b: the
   lookup dives into the first that matches and never tries the others. */
static int taken(dafsa_list *l, unsigned char b) {
  if ((b & 0xe0) == 0x80) {
    int was = l->seen_value;
    l->seen_value = 1;
    return was;
  }
  unsigned c = b & 0x7f;
  uint64_t bit = (uint64_t)1 << (c & 63);
  int was = (l->seen[c >> 6] & bit) != 0;
  l->seen[c >> 6] |= bit;
  return was;
}

/* Each list pushed adds a char to the word, so depth <= the word's max. */
static void push(dafsa *d, size_t list, size_t prefix) {
  d->stack[d->depth++] = (dafsa_list){list, list, prefix, {0, 0}, 0};
}

/* Follows the node at `at` from the list on top of the stack. */
static int visit(dafsa *d, url_psl_rules *r, url_psl_read_info *info,
                 size_t at) {
  size_t len = d->stack[d->depth - 1].prefix;
  /* The node's chars run up to the first byte with 0x80 set. */
  size_t end = at;
  while (end < d->n && !(d->g[end] & 0x80)) end++;
  if (end >= d->n) return URL_FAILURE;
  d->steps += end - at + 1;
  if (d->steps > DAFSA_MAX_STEPS) return URL_TOO_LARGE;
  if (len + (end - at) + 1 > URL_PSL_RULE_MAX) return URL_TOO_LARGE;
  for (size_t i = at; i < end; i++) {
    if (d->g[i] < 0x20) return URL_OK; /* not a host's word */
    d->word[len++] = (char)d->g[i];
  }
  unsigned char b = d->g[end];
  if ((b & 0xe0) == 0x80) { /* a return value: the word ends */
    if (++d->words > DAFSA_MAX_WORDS) return URL_TOO_LARGE;
    /* A rule is in one section: Debian's DAFSA also holds two words with
       every flag set ("" and "m"), which no line of a text list gives;
       they are looked up as libpsl does but not counted as rules. */
    const unsigned both = URL_PSL_RULE_ICANN | URL_PSL_RULE_PRIVATE;
    if ((b & both) != both) {
      if (b & URL_PSL_RULE_ICANN) info->icann_rules++;
      if (b & URL_PSL_RULE_EXCEPTION) {
        info->exceptions++;
      } else {
        info->suffixes++;
        if (b & URL_PSL_RULE_WILDCARD) info->wildcards++;
      }
    }
    return url_psl_rules_add(r, d->word, len, b & 0x0f);
  }
  if ((b ^ 0x80) < 0x20) return URL_OK;
  d->word[len++] = (char)(b ^ 0x80);
  push(d, end + 1, len);
  return URL_OK;
}

static int enumerate(dafsa *d, url_psl_rules *r, url_psl_read_info *info) {
  push(d, 0, 0);
  while (d->depth > 0) {
    dafsa_list *l = &d->stack[d->depth - 1];
    size_t child;
    int more = next_child(d, l, &child);
    if (more < 0) return URL_FAILURE;
    if (more == 0) {
      d->depth--;
      continue;
    }
    if (taken(l, d->g[child])) continue;
    int rc = visit(d, r, info, child);
    if (rc != URL_OK) return rc;
  }
  return URL_OK;
}

int url_psl_read_dafsa(url_psl_rules *r, const unsigned char *buf, size_t n,
                       url_psl_read_info *info, const char **why) {
  *info = (url_psl_read_info){0, 0, 0, 0};
  *why = "";
  /* libpsl: atoi() of what follows "PSL_" must be 0. */
  char version[DAFSA_HEADER - 11 + 1];
  memcpy(version, buf + 11, DAFSA_HEADER - 11);
  version[DAFSA_HEADER - 11] = '\0';
  if (atoi(version) != 0) {
    *why = "a DAFSA of another version";
    return URL_FAILURE;
  }
  const url_allocator *mem = r->recs.mem;
  dafsa *d = mem->alloc(sizeof *d);
  dafsa_list *stack = mem->alloc((URL_PSL_RULE_MAX + 2) * sizeof *stack);
  int rc = URL_NOMEM;
  if (d && stack) {
    *d = (dafsa){.g = buf + DAFSA_HEADER, .n = n - DAFSA_HEADER,
                 .stack = stack};
    rc = d->n == 0 ? URL_FAILURE : enumerate(d, r, info);
    if (rc == URL_FAILURE) *why = "a malformed DAFSA";
  }
  if (stack) mem->release(stack);
  if (d) mem->release(d);
  return rc;
}
