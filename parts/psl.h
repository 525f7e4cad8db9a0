/*
** The URL Standard's public suffix and registrable domain of a host (§3.2,
** "host miscellaneous") over libpsl, and HTML's "same site" / "schemelessly
** same site" for origins (URL Standard §4.6 defers to HTML).
**
** A url_psl_list is one Public Suffix List: libpsl's built-in list, or a
** file (the .dat text format or libpsl's DAFSA binary).  Lookups take the
** list to use.  What a list holds (url_psl_data: its rule table, ~300 KB
** for the public list) is immutable once built and shared: one per list
** file per process, whoever opened it, reference-counted, freed when the
** last list that uses it is closed; a file whose identity changed (another
** path, or the same path with another inode, size, mtime, ctime or
** content) gets its own.  The system's default list is built on first use, not when it
** is opened, so opening costs a few stat() calls.  That sharing is the one
** piece of process-wide mutable state here: a registry of the lists in
** use, guarded by one mutex (psl.c), taken to open and close a list and to
** build one, never by a lookup (which reads a pointer published with
** release/acquire ordering).  So lookups on one list may run concurrently,
** and lists may be opened and closed from any thread.
**
** How the Standard's algorithm maps onto libpsl (checked against every row
** of the Standard's example table by tests/psl_test.c):
**   - only a domain has a public suffix (IPv4, IPv6, opaque, empty: null);
**   - the domain is the host serializer's output: lowercase ASCII (IDNs in
**     their xn-- form), which is what libpsl's lists are matched against;
**   - one trailing dot is removed before the lookup and put back on the
**     result ("example.com." -> "com." / "example.com.");
**   - the full list (ICANN and private sections) with the implicit "*"
**     rule, so an unlisted TLD is a public suffix ("example.zz" -> "zz");
**   - the registrable domain is null when the host is a public suffix.
** Two cases the PSL algorithm does not spell out, for hosts with empty labels
** (the host parser accepts "a..com", ".com", "com.."):
**   - a suffix whose leftmost label is empty matches no rule, not even a
**     wildcard ("a..com" -> "com"; libpsl alone would say ".com");
**   - the label before the public suffix may be empty: the registrable
**     domain of "a..com" is ".com", as "the public suffix plus the label
**     before it" says literally.
** As libpsl does, at most the 9 rightmost labels are looked up (no list has
** a rule that long), which bounds the work on hosts with many labels.
*/
#ifndef URL_PSL_H
#define URL_PSL_H

#include <stddef.h>
#include <time.h>

#include <libpsl.h>

#include "host.h"
#include "psl_table.h"
#include "url.h"
#include "url_buf.h"

typedef enum url_psl_format {
  URL_PSL_BUILTIN = 0, /* libpsl's built-in list */
  URL_PSL_TEXT,        /* a public_suffix_list.dat file */
  URL_PSL_DAFSA,       /* a DAFSA file (psl-make-dafsa --output-format=binary) */
  URL_PSL_EMPTY        /* no list at all: only the "*" rule (see open_default) */
} url_psl_format;

/*
** What a list holds.  Lookups walk its own rule table (psl_table.h), built
** from the rules of its file (psl_read.h).  libpsl answers only where the
** rules cannot be enumerated: its built-in list (compiled into libpsl, with
** no file to read) and a DAFSA too large to enumerate.
*/
typedef struct url_psl_data {
  url_psl_table table;   /* the rules; table.keys is NULL when libpsl answers */
  const psl_ctx_t *psl;  /* libpsl's context when it answers, else NULL */
  psl_ctx_t *owned;      /* psl when it must be psl_free()d, else NULL */
  char *path;            /* file path from mem; NULL for the built-in list */
  time_t date;           /* the data's date (file mtime); 0: unknown */
  url_psl_format format;
  int rules, exceptions, wildcards; /* -1: unknown (the DAFSA libpsl reads) */
  const url_allocator *mem; /* what the data was allocated with */
} url_psl_data;

/* One holder's reference to a list (psl.c's registry entry); all zero:
   closed (lookups then find no list: every part is null). */
typedef struct url_psl_entry url_psl_entry;
typedef struct url_psl_list {
  url_psl_entry *e;
} url_psl_list;

/*
** The list's data, built now if this is its first use: URL_OK (*out is
** NULL for a closed list) or URL_NOMEM.  The lookups below call it; a
** caller that reads the data itself (url_psl_info) does too.
*/
int url_psl_data_get(const url_psl_list *l, const url_psl_data **out);

/*
** Opens the newest list the system has, as psl_latest(NULL) chooses it: of
** libpsl's distribution file (psl_dist_filename(), Debian's DAFSA) and the
** file the built-in list was made from (psl_builtin_filename()), the newest
** that is newer than the built-in data and loads; otherwise the built-in
** list (psl_builtin()).  The choice is made here rather than by calling
** psl_latest() so that the list can say which file it is.  If libpsl has no
** built-in list either, the list is empty (only the "*" rule).  Only the
** candidates' stat() is taken now: the files are read, and the choice
** among them made, on first use, once for every list opened while the
** candidates are the same files.  A list built anew allocates with mem
** (libpsl's own data excepted).  Returns URL_OK or URL_NOMEM; on error *l
** is left closed (url_psl_close is a no-op).
*/
int url_psl_open_default(url_psl_list *l, const url_allocator *mem);

/*
** Opens the list in the file `path` (NUL-terminated): the .dat text format
** or DAFSA, told apart by the DAFSA header as libpsl does.  Rejected, with a
** reason written to why[0..why_size) (NUL-terminated, no path in it):
** a file that cannot be opened or read, is not a regular file, is larger
** than 64 MiB, is empty, is a text list that is not UTF-8 text (binary data),
** has no rules or no ICANN section (no "===BEGIN ICANN DOMAINS===" marker
** before its rules: an HTML page, /etc/passwd), or a DAFSA of another
** version, malformed, or without rules of the ICANN section.
** The file is read into memory from mem, and its table built, unless a
** list open in the process already holds the same file (path, device,
** inode, size, mtime and ctime as fstat() gives them on the descriptor
** read, and a hash of the bytes read): that one's data is then shared.  Returns URL_OK, URL_FAILURE
** (rejected; *l untouched), or URL_NOMEM.
*/
int url_psl_open_file(url_psl_list *l, const url_allocator *mem,
                      const char *path, char *why, size_t why_size);

/*
** A list answered by libpsl's context ctx (not freed with the list), of
** the given format: libpsl's built-in list (psl_builtin()), or in the tests
** a context to compare the tables with.  Not shared.  URL_OK or URL_NOMEM.
*/
int url_psl_open_ctx(url_psl_list *l, const url_allocator *mem,
                     const psl_ctx_t *ctx, url_psl_format format);

/* Drops this reference and leaves the list closed; the last reference to
   a list's data frees it.  NULL-safe, and a no-op on a closed list. */
void url_psl_close(url_psl_list *l);

/* Rule counts of the data: libpsl's psl_suffix_count & co. for a text
   list and the built-in one; for a DAFSA the same counts of the rules
   enumerated from it (libpsl says -1), and -1 when libpsl answers. */
int url_psl_rule_count(const url_psl_data *d);
int url_psl_exception_count(const url_psl_data *d);
int url_psl_wildcard_count(const url_psl_data *d);

/*
** Which rules of the list apply:
**   URL_PSL_ALL    both sections, as the URL Standard uses the list;
**   URL_PSL_ICANN  the ICANN section only (BigQuery's NET.PUBLIC_SUFFIX,
**                  tldextract's default): private rules such as github.io
**                  or blogspot.com are then ordinary names, so
**                  "whatwg.github.io" has the suffix "io" and the
**                  registrable domain "github.io".
** In both, a name that no rule matches falls back on the "*" rule: its
** last label is a public suffix ("example.zz" -> "zz").
**
** ICANN answers as libpsl's psl_is_public_suffix2(PSL_TYPE_ICANN) per
** candidate suffix.  tests/psl_test.c checks, over every rule of the system's list
** (text, DAFSA and built-in), that it answers exactly as the full lookup
** does on a list made of the ICANN section alone.  libpsl keys its rules
** by name, so two kinds of list would break that equivalence: a private
** rule just below an ICANN wildcard (libpsl finds the private name and
** never tries the wildcard), and one name in both sections.  The public
** list has neither (the test asserts it of the system's copy).
*/
typedef enum url_psl_section {
  URL_PSL_ALL = 0,
  URL_PSL_ICANN,
  URL_PSL_N_SECTIONS
} url_psl_section;

/* The sections' names, indexed by url_psl_section: "all", "icann". */
extern const char *const url_psl_section_names[URL_PSL_N_SECTIONS];

/*
** The public suffix and registrable domain of the host h[0..n) of type t
** (a URL's hostname and host_type, or url_host_parse's output) under the
** rules of section `sec`: each is a suffix of h, so *suffix / *registrable
** are slices of h, or {NULL, 0} when null.  Either pointer may be NULL.
** Returns URL_OK, or URL_NOMEM where libpsl answers (no rule table) and a
** host's 9 rightmost labels are longer than 256 bytes (libpsl needs a
** NUL-terminated copy), or where the list's first use could not build it.
** The rule table allocates nothing.
** url_psl_host_parts is URL_PSL_ALL.
*/
int url_psl_host_parts_in(const url_psl_list *l, url_psl_section sec,
                          const char *h, size_t n, url_host_type t,
                          url_str *suffix, url_str *registrable);
int url_psl_host_parts(const url_psl_list *l, const char *h, size_t n,
                       url_host_type t, url_str *suffix, url_str *registrable);

/* One of the two, as a slice of h: URL_OK, URL_FAILURE (null) or URL_NOMEM. */
int url_psl_public_suffix(const url_psl_list *l, const char *h, size_t n,
                          url_host_type t, url_str *out);
int url_psl_registrable_domain(const url_psl_list *l, const char *h, size_t n,
                               url_host_type t, url_str *out);

/*
** HTML "schemelessly same site" for two hosts of tuple origins: the hosts
** are equal and have a null registrable domain, or their registrable domains
** are equal and not null.  (Hosts are compared as serialized; a domain and
** an IP address never serialize alike.)  Sets *same to 1 or 0; returns
** URL_OK or URL_NOMEM.
*/
int url_psl_hosts_schemelessly_same_site(const url_psl_list *l,
                                         const char *ha, size_t na,
                                         url_host_type ta, const char *hb,
                                         size_t nb, url_host_type tb,
                                         int *same);

/*
** Same origin / same site of the origins of two parsed URLs (url_origin()
** decides each origin, blob: URLs included).  An opaque origin is "a new
** opaque origin" each time a URL's origin is obtained, so it is never same
** origin, same site or schemelessly same site with another URL's origin,
** even an identical one (data:,x vs data:,x), as in browsers.  Tuple origins:
**   same origin: equal scheme, host and port;
**   schemelessly same site: url_psl_hosts_schemelessly_same_site of hosts;
**   same site: same scheme and schemelessly same site.
** Each sets *same to 1 or 0 and returns URL_OK, or URL_NOMEM / URL_TOOBIG.
*/
int url_psl_same_origin(const url *a, const url *b, int *same);
int url_psl_same_site(const url_psl_list *l, const url *a, const url *b,
                      int *same);
int url_psl_schemelessly_same_site(const url_psl_list *l, const url *a,
                                   const url *b, int *same);

#endif /* URL_PSL_H */
