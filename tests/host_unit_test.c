/*
** Table-driven unit tests of url_host_parse() (URL Standard §3.5, §3.6).
**
** Expectations come from the Standard's text: the host parser examples table
** (§3.5), the validation-error table (§1.3, "Host parsing"), and by walking
** the steps of the IPv4, IPv6, opaque-host and ends-in-a-number algorithms;
** comments name the step or table row.  Every case also checks the host type
** and the buffer contract of host.h: the host is appended after what `out`
** already holds, and on failure `out` keeps its original length.
**
** Prints mismatches and the final line "N passed, N failed"; exits non-zero
** if anything failed.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "host.h"
#include "json.h"
#include "mem_libc.h"

/* Input with explicit length, so inputs may contain NUL. */
#define S(lit) lit, sizeof(lit) - 1

enum { SPECIAL = 0, OPAQUE = 1 };
#define FAIL NULL /* expected output: failure */
#define NONE URL_HOST_NONE
#define DOM URL_HOST_DOMAIN
#define IP4 URL_HOST_IPV4
#define IP6 URL_HOST_IPV6
#define OPQ URL_HOST_OPAQUE
#define EMP URL_HOST_EMPTY

typedef struct host_case {
  const char *in;
  size_t len;
  int is_opaque;
  const char *want; /* serialized host, or FAIL */
  url_host_type type;
} host_case;

static const host_case cases[] = {
    /* ---- §3.5 host parser examples table (both columns) ---- */
    {S("EXAMPLE.COM"), SPECIAL, "example.com", DOM},
    {S("EXAMPLE.COM"), OPAQUE, "EXAMPLE.COM", OPQ},
    {S("example%2Ecom"), SPECIAL, "example.com", DOM},
    {S("example%2Ecom"), OPAQUE, "example%2Ecom", OPQ},
    {S("faß.example"), SPECIAL, "xn--fa-hia.example", DOM},
    {S("faß.example"), OPAQUE, "fa%C3%9F.example", OPQ},
    {S("0"), SPECIAL, "0.0.0.0", IP4},
    {S("0"), OPAQUE, "0", OPQ},
    {S("%30"), SPECIAL, "0.0.0.0", IP4},
    {S("%30"), OPAQUE, "%30", OPQ},
    {S("0x"), SPECIAL, "0.0.0.0", IP4},
    {S("0x"), OPAQUE, "0x", OPQ},
    {S("0xffffffff"), SPECIAL, "255.255.255.255", IP4},
    {S("0xffffffff"), OPAQUE, "0xffffffff", OPQ},
    {S("[0:0::1]"), SPECIAL, "[::1]", IP6},
    {S("[0:0::1]"), OPAQUE, "[::1]", IP6},
    {S("[0:0::1%5D"), SPECIAL, FAIL, NONE},
    {S("[0:0::1%5D"), OPAQUE, FAIL, NONE},
    {S("[0:0::%31]"), SPECIAL, FAIL, NONE},
    {S("[0:0::%31]"), OPAQUE, FAIL, NONE},
    {S("09"), SPECIAL, FAIL, NONE},
    {S("09"), OPAQUE, "09", OPQ},
    {S("example.255"), SPECIAL, FAIL, NONE},
    {S("example.255"), OPAQUE, "example.255", OPQ},
    {S("example^example"), SPECIAL, FAIL, NONE},
    {S("example^example"), OPAQUE, FAIL, NONE},

    /* ---- IPv4: validation-error table examples ---- */
    {S("127.0.0.1."), SPECIAL, "127.0.0.1", IP4},  /* IPv4-empty-part: not fatal */
    {S("1.2.3.4.5"), SPECIAL, FAIL, NONE},         /* IPv4-too-many-parts */
    {S("test.42"), SPECIAL, FAIL, NONE},           /* IPv4-non-numeric-part */
    {S("127.0.0x0.1"), SPECIAL, "127.0.0.1", IP4}, /* IPv4-non-decimal-part */
    {S("255.255.4000.1"), SPECIAL, FAIL, NONE},    /* IPv4-out-of-range-part */

    /* ---- IPv4 parser and number parser, step by step ---- */
    {S("1.2.3.4"), SPECIAL, "1.2.3.4", IP4},
    {S("0x7f.1"), SPECIAL, "127.0.0.1", IP4},      /* last part fills 24 bits */
    {S("0X7F.1"), SPECIAL, "127.0.0.1", IP4},      /* "0X" and upper hex */
    {S("0300.0250.0.1"), SPECIAL, "192.168.0.1", IP4}, /* octal */
    {S("01.02.03.04"), SPECIAL, "1.2.3.4", IP4},
    {S("0x1.0x2.0x3.0x4"), SPECIAL, "1.2.3.4", IP4},
    {S("0377.0xff.255.0"), SPECIAL, "255.255.255.0", IP4},
    {S("0x.0x.0"), SPECIAL, "0.0.0.0", IP4},      /* "0x" alone is (0, true) */
    {S("0X"), SPECIAL, "0.0.0.0", IP4},
    {S("0.0.0.0"), SPECIAL, "0.0.0.0", IP4},
    {S("255.255.255.255"), SPECIAL, "255.255.255.255", IP4},
    {S("4294967295"), SPECIAL, "255.255.255.255", IP4},
    {S("4294967296"), SPECIAL, FAIL, NONE},        /* >= 256^(5-1) */
    {S("0x100000000"), SPECIAL, FAIL, NONE},
    {S("99999999999999999999999"), SPECIAL, FAIL, NONE},   /* no wrap-around */
    {S("0xffffffffffffffffffff01"), SPECIAL, FAIL, NONE},
    {S("0000000000000000000000000000001"), SPECIAL, "0.0.0.1", IP4},
    {S("1.2.3"), SPECIAL, "1.2.0.3", IP4},         /* last part: 16 bits */
    {S("1.2.65535"), SPECIAL, "1.2.255.255", IP4},
    {S("1.2.65536"), SPECIAL, FAIL, NONE},
    {S("1.256"), SPECIAL, "1.0.1.0", IP4},         /* last part: 24 bits */
    {S("1.16777215"), SPECIAL, "1.255.255.255", IP4},
    {S("1.16777216"), SPECIAL, FAIL, NONE},
    {S("256.1"), SPECIAL, FAIL, NONE},             /* non-last part > 255 */
    {S("0400.0.0.0"), SPECIAL, FAIL, NONE},        /* octal 256 */
    {S("0.0.0.256"), SPECIAL, FAIL, NONE},
    {S("1.2.3.256"), SPECIAL, FAIL, NONE},
    {S("1.2.3.4."), SPECIAL, "1.2.3.4", IP4},      /* one trailing dot dropped */
    {S("1.2.3.4.5."), SPECIAL, FAIL, NONE},        /* still five parts */
    {S("1..2"), SPECIAL, FAIL, NONE},              /* empty part: failure */
    {S("0..0x300"), SPECIAL, FAIL, NONE},
    {S("1.2.3.09"), SPECIAL, FAIL, NONE},          /* 9 is not an octal digit */
    {S("08"), SPECIAL, FAIL, NONE},
    {S("foo.09"), SPECIAL, FAIL, NONE},            /* ends in a number */
    {S("foo.0x"), SPECIAL, FAIL, NONE},            /* "0x" parses: a number */
    {S("foo.0x1F"), SPECIAL, FAIL, NONE},
    {S("a.1"), SPECIAL, FAIL, NONE},
    {S("-1.2.3.4"), SPECIAL, FAIL, NONE},
    {S("+1.2.3.4"), SPECIAL, FAIL, NONE},
    {S("%31%32%37.0.0.1"), SPECIAL, "127.0.0.1", IP4}, /* decoded first */
    {S("1.2.3.4%2E"), SPECIAL, "1.2.3.4", IP4},
    {S("\xEF\xBC\x91\xEF\xBC\x92\xEF\xBC\x97.0.0.1"), SPECIAL, "127.0.0.1",
     IP4}, /* fullwidth digits: domain to ASCII maps them first */
    {S("127\xE3\x80\x82" "0\xE3\x80\x82" "0\xE3\x80\x82" "1"), SPECIAL,
     "127.0.0.1", IP4}, /* U+3002 IDEOGRAPHIC FULL STOP maps to '.' */
    /* Not ending in a number: a domain, even when IPv4-like. */
    {S("1.2.3.4.."), SPECIAL, "1.2.3.4..", DOM},  /* last part is empty */
    {S("1.2.3.4a"), SPECIAL, "1.2.3.4a", DOM},
    {S("0xg"), SPECIAL, "0xg", DOM},               /* not an IPv4 number */
    {S("1.0xg"), SPECIAL, "1.0xg", DOM},
    {S("1.a"), SPECIAL, "1.a", DOM},
    {S("."), SPECIAL, ".", DOM},
    {S(".."), SPECIAL, "..", DOM},
    {S("1.2.3.4"), OPAQUE, "1.2.3.4", OPQ},        /* no IPv4 when opaque */

    /* ---- IPv6 parser and serializer ---- */
    {S("[::]"), SPECIAL, "[::]", IP6},
    {S("[::1]"), SPECIAL, "[::1]", IP6},
    {S("[1::]"), SPECIAL, "[1::]", IP6},
    {S("[0:0:0:0:0:0:0:0]"), SPECIAL, "[::]", IP6},
    {S("[1:2:3:4:5:6:7:8]"), SPECIAL, "[1:2:3:4:5:6:7:8]", IP6},
    {S("[1:0:0:2:0:0:0:3]"), SPECIAL, "[1:0:0:2::3]", IP6}, /* longest run */
    {S("[1:0:0:2:0:0:3:4]"), SPECIAL, "[1::2:0:0:3:4]", IP6}, /* first of equal */
    {S("[1:0:2:3:4:5:6:7]"), SPECIAL, "[1:0:2:3:4:5:6:7]", IP6}, /* lone 0 */
    {S("[0:1:2:3:4:5:6:7]"), SPECIAL, "[0:1:2:3:4:5:6:7]", IP6},
    {S("[1:2:3:4:5:6:7:0]"), SPECIAL, "[1:2:3:4:5:6:7:0]", IP6},
    {S("[0:0:1:0:0:0:0:0]"), SPECIAL, "[0:0:1::]", IP6},
    {S("[1:2:3:4:5:6:7::]"), SPECIAL, "[1:2:3:4:5:6:7:0]", IP6},
    {S("[::1:2:3:4:5:6:7]"), SPECIAL, "[0:1:2:3:4:5:6:7]", IP6},
    {S("[ABCD:EF01::]"), SPECIAL, "[abcd:ef01::]", IP6},
    {S("[0001:002:03:4::]"), SPECIAL, "[1:2:3:4::]", IP6},
    {S("[::127.0.0.1]"), SPECIAL, "[::7f00:1]", IP6},
    {S("[::ffff:192.168.0.1]"), SPECIAL, "[::ffff:c0a8:1]", IP6},
    {S("[1:2:3:4:5:6:1.2.3.4]"), SPECIAL, "[1:2:3:4:5:6:102:304]", IP6},
    {S("[::0.0.0.0]"), SPECIAL, "[::]", IP6},
    {S("[::1.2.3.4]"), SPECIAL, "[::102:304]", IP6},
    /* Failures, by validation error. */
    {S("[::1"), SPECIAL, FAIL, NONE},                 /* IPv6-unclosed */
    {S("["), SPECIAL, FAIL, NONE},
    {S("[:1]"), SPECIAL, FAIL, NONE},                 /* IPv6-invalid-compression */
    {S("[:]"), SPECIAL, FAIL, NONE},
    {S("[1:2:3:4:5:6:7:8:9]"), SPECIAL, FAIL, NONE},  /* IPv6-too-many-pieces */
    {S("[::1:2:3:4:5:6:7:8]"), SPECIAL, FAIL, NONE},
    /* "::" takes a piece index ("increase pointer and pieceIndex by 1"), so
       it stands for at least one zero piece: eight more is one too many. */
    {S("[1:2:3:4::5:6:7:8]"), SPECIAL, FAIL, NONE},
    {S("[1::1::1]"), SPECIAL, FAIL, NONE},            /* IPv6-multiple-compression */
    {S("[1:::]"), SPECIAL, FAIL, NONE},
    {S("[1:2:3!:4]"), SPECIAL, FAIL, NONE},           /* IPv6-invalid-code-point */
    {S("[1:2:3:]"), SPECIAL, FAIL, NONE},             /* ...unexpected end */
    {S("[12345::]"), SPECIAL, FAIL, NONE},            /* five hex digits */
    {S("[g::]"), SPECIAL, FAIL, NONE},
    {S("[::1 ]"), SPECIAL, FAIL, NONE},
    {S("[1:2:3]"), SPECIAL, FAIL, NONE},              /* IPv6-too-few-pieces */
    {S("[]"), SPECIAL, FAIL, NONE},
    {S("[1.2.3.4]"), SPECIAL, FAIL, NONE},
    {S("[1:1:1:1:1:1:1:127.0.0.1]"), SPECIAL, FAIL, NONE}, /* IPv4-in-IPv6-too-many-pieces */
    {S("[ffff::.0.0.1]"), SPECIAL, FAIL, NONE},       /* IPv4-in-IPv6-invalid-code-point */
    {S("[ffff::127.0.xyz.1]"), SPECIAL, FAIL, NONE},
    {S("[ffff::127.0xyz]"), SPECIAL, FAIL, NONE},
    {S("[ffff::127.00.0.1]"), SPECIAL, FAIL, NONE},   /* leading zero */
    {S("[ffff::127.0.0.1.2]"), SPECIAL, FAIL, NONE},
    {S("[::1.2.3.4:5]"), SPECIAL, FAIL, NONE},
    {S("[ffff::127.0.0.4000]"), SPECIAL, FAIL, NONE}, /* IPv4-in-IPv6-out-of-range-part */
    {S("[::256.0.0.0]"), SPECIAL, FAIL, NONE},
    {S("[ffff::127.0.0]"), SPECIAL, FAIL, NONE},      /* IPv4-in-IPv6-too-few-parts */
    {S("[::1.2.3.]"), SPECIAL, FAIL, NONE},
    {S("[::1"), OPAQUE, FAIL, NONE},
    {S("[1::1::1]"), OPAQUE, FAIL, NONE},

    /* ---- opaque-host parser (isNotSpecial) ---- */
    {S(""), OPAQUE, "", EMP},                       /* the empty host */
    {S("%zz"), OPAQUE, "%zz", OPQ},                 /* invalid-URL-unit only */
    {S("%"), OPAQUE, "%", OPQ},
    {S("a%2"), OPAQUE, "a%2", OPQ},
    {S("\x01\x1F\x7F"), OPAQUE, "%01%1F%7F", OPQ},  /* C0 control set */
    {S("\xC3\xA9"), OPAQUE, "%C3%A9", OPQ},
    {S("münchen.de"), OPAQUE, "m%C3%BCnchen.de", OPQ},
    {S("x\xEF\xBF\xBD"), OPAQUE, "x%EF%BF%BD", OPQ},
    {S("!\"$%&'()*+,-.;=_`{}~"), OPAQUE, "!\"$%&'()*+,-.;=_`{}~", OPQ},
    /* Forbidden host code points. */
    {S("a\0b"), OPAQUE, FAIL, NONE},
    {S("a\tb"), OPAQUE, FAIL, NONE},
    {S("a\nb"), OPAQUE, FAIL, NONE},
    {S("a\rb"), OPAQUE, FAIL, NONE},
    {S("a b"), OPAQUE, FAIL, NONE},
    {S("a#b"), OPAQUE, FAIL, NONE},
    {S("a/b"), OPAQUE, FAIL, NONE},
    {S("a:b"), OPAQUE, FAIL, NONE},
    {S("a<b"), OPAQUE, FAIL, NONE},
    {S("a>b"), OPAQUE, FAIL, NONE},
    {S("a?b"), OPAQUE, FAIL, NONE},
    {S("a@b"), OPAQUE, FAIL, NONE},
    {S("a[b"), OPAQUE, FAIL, NONE},
    {S("a\\b"), OPAQUE, FAIL, NONE},
    {S("a]b"), OPAQUE, FAIL, NONE},
    {S("a^b"), OPAQUE, FAIL, NONE},
    {S("a|b"), OPAQUE, FAIL, NONE},
    {S("exa[mple.org"), OPAQUE, FAIL, NONE},        /* host-invalid-code-point */

    /* ---- special hosts: percent-decoding, then domain to ASCII ---- */
    {S("%41.com"), SPECIAL, "a.com", DOM},
    {S("%E2%98%95.example"), SPECIAL, "xn--53h.example", DOM},
    {S("\xE2\x98\x95.example"), SPECIAL, "xn--53h.example", DOM},
    {S("%C3%BC.de"), SPECIAL, "xn--tda.de", DOM},
    {S("exa%23mple.org"), SPECIAL, FAIL, NONE},     /* domain-invalid-code-point */
    {S("a%2Fb"), SPECIAL, FAIL, NONE},
    {S("%5B::1%5D"), SPECIAL, FAIL, NONE},          /* '[' after decoding */
    {S("%00"), SPECIAL, FAIL, NONE},
    {S("%zz"), SPECIAL, FAIL, NONE},                /* '%' is forbidden */
    {S("%"), SPECIAL, FAIL, NONE},
    {S("a%b"), SPECIAL, FAIL, NONE},
    {S("%ff.com"), SPECIAL, FAIL, NONE},            /* decodes to U+FFFD */
    {S("a\xEF\xBF\xBD"), SPECIAL, FAIL, NONE},      /* U+FFFD is disallowed */
    /* Spec asserts a special host is never empty; host.c reports failure. */
    {S(""), SPECIAL, FAIL, NONE},
    /* Forbidden domain code points: forbidden host ones, C0, '%', DEL. */
    {S("a\0b"), SPECIAL, FAIL, NONE},
    {S("a\tb"), SPECIAL, FAIL, NONE},
    {S("a\nb"), SPECIAL, FAIL, NONE},
    {S("a\rb"), SPECIAL, FAIL, NONE},
    {S("a b"), SPECIAL, FAIL, NONE},
    {S("a#b"), SPECIAL, FAIL, NONE},
    {S("a/b"), SPECIAL, FAIL, NONE},
    {S("a:b"), SPECIAL, FAIL, NONE},
    {S("a<b"), SPECIAL, FAIL, NONE},
    {S("a>b"), SPECIAL, FAIL, NONE},
    {S("a?b"), SPECIAL, FAIL, NONE},
    {S("a@b"), SPECIAL, FAIL, NONE},
    {S("a[b"), SPECIAL, FAIL, NONE},
    {S("a\\b"), SPECIAL, FAIL, NONE},
    {S("a]b"), SPECIAL, FAIL, NONE},
    {S("a^b"), SPECIAL, FAIL, NONE},
    {S("a|b"), SPECIAL, FAIL, NONE},
    {S("a\x01" "b"), SPECIAL, FAIL, NONE},
    {S("a\x1F" "b"), SPECIAL, FAIL, NONE},
    {S("a\x7F" "b"), SPECIAL, FAIL, NONE},
    /* The other ASCII punctuation is fine in a domain. */
    {S("!\"$&'()*+,-.;=_`{}~"), SPECIAL, "!\"$&'()*+,-.;=_`{}~", DOM},
    /* Case and non-ASCII. */
    {S("ExAmPlE.CoM"), SPECIAL, "example.com", DOM},
    {S("münchen.de"), SPECIAL, "xn--mnchen-3ya.de", DOM},
    {S("MÜNCHEN.DE"), SPECIAL, "xn--mnchen-3ya.de", DOM},
    {S("xn--mnchen-3ya.de"), SPECIAL, "xn--mnchen-3ya.de", DOM},
};

static const char *type_str(url_host_type t) {
  const char *s = url_host_type_name(t);
  return s ? s : "none";
}

/*
** Runs one parse after a "PRE:" prefix already in the buffer, and checks
** status, output, type and the buffer contract.  stack_cap 0 makes every
** append go through the heap path.  Prints a mismatch; returns 1 if it passed.
*/
static int parses_as(const char *in, size_t len, int is_opaque,
                     const char *want, size_t want_len,
                     url_host_type want_type, size_t stack_cap) {
  char stack[256];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, stack_cap ? stack : NULL, stack_cap,
               (size_t)1 << 24);
  url_buf_puts(&out, "PRE:");
  url_host_type type = URL_HOST_NONE;
  int rc = url_host_parse(in, len, is_opaque, &out, &type);
  int ok;
  if (want) {
    ok = rc == URL_OK && type == want_type && out.len == 4 + want_len &&
         memcmp(out.ptr, "PRE:", 4) == 0 &&
         memcmp(out.ptr + 4, want, want_len) == 0;
  } else {
    ok = rc == URL_FAILURE && out.len == 4 && memcmp(out.ptr, "PRE:", 4) == 0;
  }
  if (!ok) {
    printf("FAIL %s ", is_opaque ? "opaque" : "special");
    json_print_str(in, len > 200 ? 200 : len);
    printf(" expected ");
    if (want) json_print_str(want, want_len > 200 ? 200 : want_len), printf(" (%s)", type_str(want_type));
    else printf("failure");
    printf(" got ");
    if (rc == URL_OK && out.len >= 4 && memcmp(out.ptr, "PRE:", 4) == 0)
      json_print_str(out.ptr + 4, out.len > 204 ? 200 : out.len - 4), printf(" (%s)", type_str(type));
    else if (rc == URL_OK) /* the prefix was damaged: show everything */
      json_print_str(out.ptr, out.len > 204 ? 204 : out.len), printf(" (%s, whole buffer)", type_str(type));
    else if (rc == URL_FAILURE) printf("failure, buffer length %zu", out.len);
    else printf("status %d", rc);
    printf(" [stack %zu]\n", stack_cap);
  }
  url_buf_free(&out);
  return ok;
}

/* A label far beyond DNS limits: VerifyDnsLength is false. */
static void check_long_host(void) {
  size_t n = 100000;
  char *in = malloc(n);
  if (!in) abort();
  memset(in, 'A', n);
  char *want = malloc(n);
  if (!want) abort();
  memset(want, 'a', n);
  check(parses_as(in, n, SPECIAL, want, n, DOM, 256));
  check(parses_as(in, n, OPAQUE, in, n, OPQ, 256));
  free(in);
  free(want);
}

/* The buffer's `max` is enforced: URL_TOOBIG, not truncated output. */
static void check_too_big(void) {
  char stack[8];
  url_buf out;
  url_buf_init(&out, &url_mem_libc, stack, sizeof stack, 10);
  url_host_type type;
  int rc = url_host_parse(S("example.com"), SPECIAL, &out, &type);
  if (!check(rc == URL_TOOBIG))
    printf("FAIL max=10 \"example.com\": expected status %d got %d\n",
           URL_TOOBIG, rc);
  url_buf_free(&out);
}

static void check_type_names(void) {
  static const struct { url_host_type t; const char *name; } names[] = {
      {URL_HOST_DOMAIN, "domain"}, {URL_HOST_IPV4, "ipv4"},
      {URL_HOST_IPV6, "ipv6"},     {URL_HOST_OPAQUE, "opaque"},
      {URL_HOST_EMPTY, "empty"},   {URL_HOST_NONE, NULL},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *got = url_host_type_name(names[i].t);
    int ok = names[i].name ? got && strcmp(got, names[i].name) == 0 : !got;
    if (!check(ok))
      printf("FAIL url_host_type_name(%d): expected %s got %s\n",
             (int)names[i].t, names[i].name ? names[i].name : "NULL",
             got ? got : "NULL");
  }
}

/* url_buf's max holds for every append, not only those that grow it: a
   buffer grown by doubling must not take bytes past max. */
static void check_buf_max(void) {
  char x[70];
  memset(x, 'x', sizeof x);
  url_buf b;
  url_buf_init(&b, &url_mem_libc, NULL, 0, 100);
  url_buf_append(&b, x, 70); /* grows: 64, then 128 were past max */
  url_buf_append(&b, x, 20);
  url_buf_append(&b, x, 20); /* 110 > 100 */
  if (!check(b.err == URL_TOOBIG && b.len == 90))
    printf("FAIL url_buf max 100: err %d len %zu\n", b.err, b.len);
  url_buf_free(&b);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const host_case *c = &cases[i];
    size_t want_len = c->want ? strlen(c->want) : 0;
    /* Once from stack storage, once all on the heap; one count per case. */
    check(parses_as(c->in, c->len, c->is_opaque, c->want, want_len, c->type,
                    256) &&
          parses_as(c->in, c->len, c->is_opaque, c->want, want_len, c->type,
                    0));
  }
  check_long_host();
  check_too_big();
  check_type_names();
  check_buf_max();
  return check_summary();
}
