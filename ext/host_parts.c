/*
** Host parts: the public suffix and registrable domain (URL Standard §3.2),
** the subdomain before it, the top-level domain, the host without "www.",
** and the host's type.
**
**   SELECT url_registrable_domain('https://user:pw@www.example.co.uk:8080/');
**                                                        -- 'example.co.uk'
**   SELECT url_public_suffix('whatwg.github.io');        -- 'github.io'
**   SELECT url_public_suffix('whatwg.github.io', 'icann');      -- 'io'
**   SELECT url_registrable_domain('whatwg.github.io', 'icann'); -- 'github.io'
**   SELECT url_subdomain('https://a.b.example.co.uk/');  -- 'a.b'
**   SELECT url_subdomain('https://example.co.uk/');      -- ''
**   SELECT url_tld('https://www.example.co.uk./');       -- 'uk'
**   SELECT url_host_without_www('https://WWW.Example.com/');  -- 'example.com'
**   SELECT url_host_type('http://0x7f.1/');              -- 'ipv4'
**   SELECT url_registrable_domain('[::1]');              -- NULL (not a domain)
**
** Every function takes a URL or a host: the host of the input if it parses
** as an absolute URL, else the input parsed as a host (url_parse_host).
** The host is the parser's serialization, so IDNs come out in their xn--
** form, IPv4 addresses in any notation are addresses, and an opaque host
** (of a non-special URL such as "foo://www.example.com/") is not a domain.
**
**   url_public_suffix(input [, section]), url_registrable_domain(...):
**       the Standard's, under the Public Suffix List in use (url_psl_load);
**       NULL when the host is not a domain, and for the registrable domain
**       when the host is a public suffix itself.
**   url_subdomain(input [, section]): the labels before the registrable
**       domain, '' when there are none, NULL when there is no registrable
**       domain.
**   section: 'all' (the default: both sections of the list, as the
**       Standard) or 'icann' (the ICANN section only, as BigQuery's
**       NET.PUBLIC_SUFFIX and NET.REG_DOMAIN: private suffixes such as
**       github.io are ordinary names).  Any other value is an SQL error;
**       NULL is the default.
**   url_tld(input): the last label of a domain, a trailing dot ignored;
**       NULL for any other host.
**   url_host_without_www(input): the hostname with one leading "www."
**       removed from a domain (ClickHouse's domainWithoutWWW); other hosts
**       as they are; NULL when there is no host.
**   url_host_type(input): 'domain', 'ipv4', 'ipv6', 'opaque' or 'empty'
**       (file:///x); NULL when there is no host (mailto:x) or the input is
**       neither a URL nor a host.  url_components' host_type column.
**
** Performance: the input is parsed into stack storage and every result is
** a slice of the parsed host, copied once; the public suffix lookups walk
** the list's rule table (parts/psl_table.c) and allocate nothing.
*/
#include <string.h>

#include "ext.h"
#include "host_labels.h"
#include "psl.h"

int url_host_part(const url_psl_list *l, int section, int part, url_str h,
                  url_host_type t, url_str *out) {
  url_psl_section sec = (url_psl_section)section;
  *out = (url_str){NULL, 0};
  switch (part) {
    case URL_PART_PUBLIC_SUFFIX:
    case URL_PART_REGISTRABLE_DOMAIN: {
      int reg = part == URL_PART_REGISTRABLE_DOMAIN;
      int rc = url_psl_host_parts_in(l, sec, h.s, h.n, t, reg ? NULL : out,
                                     reg ? out : NULL);
      return rc != URL_OK ? rc : out->s ? URL_OK : URL_FAILURE;
    }
    case URL_PART_SUBDOMAIN:
      return url_host_subdomain(l, sec, h.s, h.n, t, out);
    case URL_PART_TLD:
      return url_host_tld(h.s, h.n, t, out);
    case URL_PART_HOST_WITHOUT_WWW:
      return url_host_without_www(h.s, h.n, t, out);
    default: {
      const char *name = url_host_type_name(t);
      if (!name) return URL_FAILURE;
      *out = (url_str){name, strlen(name)};
      return URL_OK;
    }
  }
}

/* url_public_suffix(input [, section]) and the other host parts: its row's
   argument is the URL_PART_*. */
static void url_fn_host_part(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  int sec = url_arg_option(ctx, argc, argv, 1, "section", url_psl_section_names,
                           URL_PSL_N_SECTIONS, URL_PSL_ALL);
  if (sec < 0) return;
  url_call c;
  url_call_begin(&c, ctx);
  url_str h, part = {NULL, 0};
  url_host_type t;
  int rc = url_call_host(&c, argv[0], &h, &t);
  if (rc == URL_OK)
    rc = url_host_part(url_conn_psl(url_fn_conn(ctx)), sec, url_fn_arg(ctx), h,
                       t, &part);
  url_call_result_host_part(&c, rc, part);
  url_call_end(&c);
}

/* ------------------------------------------------------ registration */

/* URL_PART_* is url_fn_host_part's row argument.  The public suffix
   parts are deterministic for a given list (README: REINDEX after
   url_psl_load). */
static const url_func funcs[] = {
    {"url_public_suffix", URL_ARITY(1, 2), URL_PURE, URL_PART_PUBLIC_SUFFIX, url_fn_host_part},
    {"url_registrable_domain", 1, URL_PURE, URL_PART_REGISTRABLE_DOMAIN,
     url_fn_host_part},
    {"url_registrable_domain", 2, URL_PURE, URL_PART_REGISTRABLE_DOMAIN,
     url_fn_host_part},
    {"url_subdomain", URL_ARITY(1, 2), URL_PURE, URL_PART_SUBDOMAIN, url_fn_host_part},
    {"url_tld", 1, URL_PURE, URL_PART_TLD, url_fn_host_part},
    {"url_host_without_www", 1, URL_PURE, URL_PART_HOST_WITHOUT_WWW,
     url_fn_host_part},
    {"url_host_type", 1, URL_PURE, URL_PART_HOST_TYPE, url_fn_host_part},
};

const url_family url_host_parts_family = {funcs, URL_COUNT(funcs), NULL, 0};
