/*
** The already-canonical fast path of the basic URL parser (url.h): for an
** input such as "https://www.example.com/a/b.html?q=1#top" every state of
** the Standard's parser would copy the code points it reads, so one pass
** checks that it would (the percent-encode sets' class table of
** percent.h, the host parser's ASCII domain rules, the port's canonical
** form, no "." or ".." segment) and one memcpy writes href; the scheme and
** host are ASCII-lowercased in place, eight bytes at a time.  Anything else
** (credentials, IPv6 and non-canonical IPv4 addresses, IDNA, bytes to percent-encode, dot segments,
** default ports, file: and non-special schemes, tabs, newlines, leading or
** trailing spaces, relative references) returns URL_NOT_FAST before
** writing anything, and the full parser runs.  tests/fastpath_test.c checks
** both parsers give byte-identical URLs over WPT's inputs and real URLs.
*/
#include "parse_fast.h"
#include "url.h"

#include <stdint.h>
#include <string.h>

#include "host.h"
#include "percent.h"
#include "utf8.h"

#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The bytes that take each component off the fast path, or end it. */
#define HOST_STOP (URL_CC_FORBIDDEN_DOMAIN | URL_CC_HOST_SLOW)
#define PATH_STOP (URL_CC_PATH | URL_CC_SLASH | URL_CC_BACKSLASH)
#define QUERY_STOP URL_CC_SPECIAL_QUERY /* includes '#' */
#define FRAGMENT_STOP URL_CC_FRAGMENT

static int is_alpha(unsigned c) { return (c | 0x20) - 'a' < 26; }
static int is_digit(unsigned c) { return c - '0' < 10; }

/* Index of the first byte at or after i in s[0..n) whose class has a bit of
   `stop`, or n. */
static inline __attribute__((always_inline)) size_t scan(const unsigned char *s,
                                                         size_t i, size_t n,
                                                         unsigned stop) {
  while (i + 4 <= n && !((url_char_class[s[i]] | url_char_class[s[i + 1]] |
                          url_char_class[s[i + 2]] | url_char_class[s[i + 3]]) &
                         stop))
    i += 4;
  while (i < n && !(url_char_class[s[i]] & stop)) i++;
  return i;
}

/* https://url.spec.whatwg.org/#ends-in-a-number-checker, conservatively:
   whether the last label (after one trailing ".") starts with a digit, so
   that every host that ends in a number goes to the IPv4 parser (or, in
   the IPv4 serializer's form, is taken as it is). */
static int may_end_in_number(const unsigned char *s, size_t n) {
  if (n > 0 && s[n - 1] == '.') n--;
  size_t k = n;
  while (k > 0 && s[k - 1] != '.') k--;
  return k < n && is_digit(s[k]);
}

/* https://url.spec.whatwg.org/#single-dot-path-segment and
   #double-dot-path-segment: ".", "..", with "%2e" for any dot. */
static int is_dot_segment(const unsigned char *s, size_t n) {
  size_t dots = 0, i = 0;
  while (i < n) {
    if (s[i] == '.') {
      i++;
    } else if (i + 3 <= n && s[i] == '%' && s[i + 1] == '2' &&
               (s[i + 2] | 0x20) == 'e') {
      i += 3;
    } else {
      return 0;
    }
    dots++;
  }
  return dots == 1 || dots == 2;
}

/* Whether the segment that starts at s[j] (ending at "/", "?", "#" or n)
   is "." or "..": at most six bytes, "%2e%2e". */
static int dot_segment_at(const unsigned char *s, size_t j, size_t n) {
  size_t e = j;
  while (e < n && e - j <= 6 && s[e] != '/' && s[e] != '?' && s[e] != '#') e++;
  return e - j <= 6 && is_dot_segment(s + j, e - j);
}

#ifdef __SSE2__
static inline __m128i eq8(__m128i x, char c) {
  return _mm_cmpeq_epi8(x, _mm_set1_epi8(c));
}

/* The sum of the sixteen byte lanes of x. */
static inline uint32_t sum_lanes(__m128i x) {
  __m128i sums = _mm_sad_epu8(x, _mm_setzero_si128());
  return (uint32_t)(_mm_cvtsi128_si32(sums) +
                    _mm_cvtsi128_si32(_mm_unpackhi_epi64(sums, sums)));
}

static inline unsigned popcount16(unsigned x) {
  x = x - ((x >> 1) & 0x5555);
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0F0F;
  return (x + (x >> 8)) & 0x1F;
}
#endif

/*
** The host from s[i]: the index of the first byte the host parser's ASCII
** domain path does not keep as it is (a forbidden domain code point, "%",
** non-ASCII; the ":", "/", "?", "#" that end it are among them), or n.
** *upper: whether it has ASCII upper case letters (to lowercase).  With
** SSE2, sixteen bytes at a time while sixteen remain.
*/
static size_t scan_host(const unsigned char *s, size_t i, size_t n,
                        int *upper) {
  unsigned up = 0;
#ifdef __SSE2__
  for (; n - i >= 16; i += 16) {
    __m128i x = _mm_loadu_si128((const __m128i *)(s + i));
    __m128i x2 = _mm_or_si128(x, _mm_set1_epi8(2));
    /* C0 controls, space, non-ASCII (signed), DEL; "<" ">" and "\\" "^"
       in pairs (x|2); the other forbidden domain code points and "%". */
    __m128i bad = _mm_cmplt_epi8(x, _mm_set1_epi8(0x21));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, 0x7F), eq8(x2, '>')));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x2, '^'), eq8(x, '#')));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, '%'), eq8(x, '/')));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, ':'), eq8(x, '?')));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, '@'), eq8(x, '[')));
    bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, ']'), eq8(x, '|')));
    __m128i az = _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8('A' - 1)),
                               _mm_cmplt_epi8(x, _mm_set1_epi8('Z' + 1)));
    unsigned stop = (unsigned)_mm_movemask_epi8(bad);
    unsigned keep = stop ? (1u << __builtin_ctz(stop)) - 1 : 0xFFFF;
    up |= (unsigned)_mm_movemask_epi8(az) & keep;
    if (stop) {
      *upper = up != 0;
      return i + (size_t)__builtin_ctz(stop);
    }
  }
#endif
  for (; i < n && !(url_char_class[s[i]] & HOST_STOP); i++)
    up |= (unsigned)(s[i] - 'A') < 26;
  *upper = up != 0;
  return i;
}

/*
** The path from s[i], a "/": returns the index of the first byte that ends
** it ("?", "#", n) or leaves the fast path (a byte the path percent-encode
** set holds, "\"), adding one segment per "/" to *segs; SIZE_MAX if a
** segment is "." or "..".  With SSE2, sixteen bytes at a time while
** sixteen remain: masks of the bytes to stop at, of the "/" and of the "."
** and "%" (a dot segment can only start with one right after a "/"); the
** rest byte by byte.
*/
static size_t scan_path(const unsigned char *s, size_t i, size_t n,
                        uint32_t *segs) {
#ifdef __SSE2__
  if (n - i >= 16) {
    unsigned carry = 0; /* the byte before the block is a "/" */
    /* "/" counts per byte lane (each "/" subtracts -1), summed every 255
       blocks and at the end. */
    __m128i lanes = _mm_setzero_si128();
    unsigned blocks = 0;
    for (; n - i >= 16; i += 16) {
      __m128i x = _mm_loadu_si128((const __m128i *)(s + i));
      /* Below 0x21 as signed bytes: C0 controls, space, non-ASCII.  Then
         the path set's other bytes and the stops, in pairs that differ in
         one bit: "\"" "#" (x|1 == "#"), "<" ">", "\\" "^", "}" DEL
         (x|2 == ">", "^", DEL), and "?", "`", "{". */
      __m128i x1 = _mm_or_si128(x, _mm_set1_epi8(1));
      __m128i x2 = _mm_or_si128(x, _mm_set1_epi8(2));
      __m128i bad = _mm_cmplt_epi8(x, _mm_set1_epi8(0x21));
      bad = _mm_or_si128(bad, _mm_or_si128(eq8(x1, '#'), eq8(x2, '>')));
      bad = _mm_or_si128(bad, _mm_or_si128(eq8(x2, '^'), eq8(x2, 0x7F)));
      bad = _mm_or_si128(bad, _mm_or_si128(eq8(x, '?'), eq8(x, '`')));
      bad = _mm_or_si128(bad, eq8(x, '{'));
      unsigned stop = (unsigned)_mm_movemask_epi8(bad);
      unsigned keep = stop ? (1u << __builtin_ctz(stop)) - 1 : 0xFFFF;
      __m128i sl = eq8(x, '/');
      unsigned slash = (unsigned)_mm_movemask_epi8(sl) & keep;
      unsigned dp = (unsigned)_mm_movemask_epi8(
                        _mm_or_si128(eq8(x, '.'), eq8(x, '%'))) & keep;
      for (unsigned starts = ((slash << 1) | carry) & dp; starts;
           starts &= starts - 1)
        if (dot_segment_at(s, i + (size_t)__builtin_ctz(starts), n))
          return SIZE_MAX;
      if (stop) {
        *segs += popcount16(slash) + sum_lanes(lanes);
        return i + (size_t)__builtin_ctz(stop);
      }
      lanes = _mm_sub_epi8(lanes, sl);
      if (++blocks == 255) {
        *segs += sum_lanes(lanes);
        lanes = _mm_setzero_si128();
        blocks = 0;
      }
      carry = slash >> 15;
    }
    *segs += sum_lanes(lanes);
    /* The tail, byte by byte: the segment under way (its start is
       checked; a "/" right before i starts one here), then the others. */
    if (carry && i < n && (s[i] == '.' || s[i] == '%') &&
        dot_segment_at(s, i, n))
      return SIZE_MAX;
    i = scan(s, i, n, PATH_STOP);
  }
#endif
  while (i < n && s[i] == '/') {
    size_t seg = ++i;
    (*segs)++;
    i = scan(s, i, n, PATH_STOP);
    if (seg < n && (s[seg] == '.' || s[seg] == '%') &&
        is_dot_segment(s + seg, i - seg))
      return SIZE_MAX;
  }
  return i;
}

int url_parse_fast(url *u, const char *in, size_t n) {
  const unsigned char *s = (const unsigned char *)in;

  /* Scheme: ASCII letters and ":", a special scheme but "file"; "https://"
     and "http://" are one compare of a word with its letters lowercased. */
  size_t ns = 0;
  url_scheme_type type;
  char scheme[8];
  uint64_t w = 0;
  if (n >= 8) memcpy(&w, s, 8);
  if (n >= 8 && (w | 0x0000002020202020ULL) == 0x2F2F3A7370747468ULL) {
    ns = 5, type = URL_SCHEME_HTTPS; /* "https://" */
  } else if (n >= 8 && ((w | 0x20202020ULL) & 0x00FFFFFFFFFFFFFFULL) ==
                           0x002F2F3A70747468ULL) {
    ns = 4, type = URL_SCHEME_HTTP; /* "http://" */
  } else {
    while (ns < n && ns < 6 && is_alpha(s[ns])) ns++;
    if (ns < 2 || ns > 5 || ns + 2 >= n || s[ns] != ':' || s[ns + 1] != '/' ||
        s[ns + 2] != '/')
      return URL_NOT_FAST;
    for (size_t i = 0; i < ns; i++) scheme[i] = (char)(s[i] | 0x20);
    type = url_scheme_type_of(scheme, ns);
    if (type == URL_SCHEME_OTHER || type == URL_SCHEME_FILE)
      return URL_NOT_FAST;
  }

  /* Host: the host parser's ASCII domain (no "%", no forbidden domain code
     point), which it only lowercases, and not an IPv4 address. */
  int upper;
  size_t host = ns + 3, i = scan_host(s, host, n, &upper);
  size_t host_end = i;
  url_host_type host_type = URL_HOST_DOMAIN;
  if (i == host) return URL_NOT_FAST;
  if (may_end_in_number(s + host, i - host)) {
    /* The IPv4 parser's answer is the input only in its serialized form. */
    if (!url_is_valid_ipv4_string((const char *)s + host, i - host))
      return URL_NOT_FAST;
    host_type = URL_HOST_IPV4;
  }

  /* Port: canonical digits (no leading zero, not the default). */
  int32_t port = -1;
  if (i < n && s[i] == ':') {
    size_t d = ++i;
    long v = 0;
    while (i < n && i - d < 6 && is_digit(s[i])) v = v * 10 + (s[i++] - '0');
    if (i == d || v > 65535 || (s[d] == '0' && i - d > 1) ||
        v == url_default_port(type))
      return URL_NOT_FAST;
    port = (int32_t)v;
  }
  size_t authority_end = i;

  /* Path: segments the path state copies, none "." or "..". */
  uint32_t segments = 1;
  int add_slash = i == n || s[i] != '/';
  if (!add_slash) {
    segments = 0;
    i = scan_path(s, i, n, &segments);
    if (i == SIZE_MAX) return URL_NOT_FAST;
  }
  size_t query = SIZE_MAX, fragment = SIZE_MAX;
  if (i < n && s[i] == '?') {
    query = i;
    i = scan(s, i + 1, n, QUERY_STOP);
  }
  if (i < n && s[i] == '#') {
    fragment = i;
    i = scan(s, i + 1, n, FRAGMENT_STOP);
  }
  if (i < n) return URL_NOT_FAST;

  /* Write href: the input, with "/" at the end of the authority if the
     path was empty. */
  size_t len = n + (size_t)add_slash;
  if (len > u->href.max) return URL_NOT_FAST; /* the parser's TOOBIG */
  if (url_buf_reserve(&u->href, len)) return u->href.err;
  char *h = u->href.ptr;
  memcpy(h, in, authority_end);
  if (add_slash) h[authority_end] = '/';
  memcpy(h + authority_end + add_slash, in + authority_end, n - authority_end);
  u->href.len = len;
  url_ascii_lower_n(h, ns);
  if (upper) url_ascii_lower_n(h + host, host_end - host);

  uint32_t a = (uint32_t)add_slash;
  u->scheme_type = type;
  u->scheme_end = (uint32_t)ns;
  u->username_start = u->username_end = (uint32_t)host;
  u->password_start = u->password_end = (uint32_t)host;
  u->host_start = (uint32_t)host;
  u->host_end = (uint32_t)host_end;
  u->host_type = host_type;
  u->port = port;
  u->authority_end = u->path_start = (uint32_t)authority_end;
  u->path_segments = segments;
  if (query != SIZE_MAX) u->query_start = (uint32_t)query + a;
  if (fragment != SIZE_MAX) u->fragment_start = (uint32_t)fragment + a;
  return URL_OK;
}
