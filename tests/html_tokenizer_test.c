/*
** The HTML tokenizer (html/tokenizer.c) against html5lib-tests' tokenizer
** suite (../shared/html5lib-tests/tokenizer/, 14 files, 6,810 tests): each test
** runs once per initial state, with its lastStartTag, and the tokens (with
** adjacent characters coalesced) must be exactly its `output`.  The `errors`
** field (parse errors) is not compared: the tokenizer does not report them.
**
** Skipped, each with its reason and counted:
**   - xmlViolation.test: the output of an XML-compatible tokenizer (form
**     feeds, non-XML characters rewritten), not the HTML Standard's;
**   - doubleEscaped tests whose input holds a lone surrogate: the tokenizer
**     reads the decoded document as UTF-8, where no surrogate can occur.
**
** Then unit cases: CR LF handling in every kind of text, many attributes
** (the duplicate check's hash table), CDATA with the foreign flag, and the
** callback's state switch.
*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "json.h"
#include "mem_libc.h"
#include "shared_data.h"
#include "tokenizer.h"

/* A growable byte string. */
typedef struct str {
  char *p;
  size_t n, cap;
} str;

static void put(str *s, const void *d, size_t n) {
  if (s->n + n + 1 > s->cap) {
    s->cap = (s->n + n + 1) * 2;
    s->p = realloc(s->p, s->cap);
    if (!s->p) abort();
  }
  memcpy(s->p + s->n, d, n);
  s->n += n;
  s->p[s->n] = 0;
}
static void puts_(str *s, const char *z) { put(s, z, strlen(z)); }
static void put_field(str *s, const char *d, size_t n) {
  put(s, "\xff\x1f", 2);
  if (d) put(s, d, n);
  else put(s, "\xff\x02", 2); /* null */
}

/* The token stream as one string: tokens begin with FF 1E, fields with FF 1F
   (FF is never in UTF-8); adjacent character tokens are merged (pending). */
typedef struct run {
  str out;
  str chars;
  const char *switch_to; /* unit cases: a tag name that switches state */
  int switch_state;
} run;

static void end_chars(run *r) {
  if (r->chars.n == 0) return;
  puts_(&r->out, "\xff\x1eT");
  put_field(&r->out, r->chars.p, r->chars.n);
  r->chars.n = 0;
}

static int on_token(void *ctx, html_tokenizer *t, const html_token *k) {
  run *r = ctx;
  if (k->type == HTML_CHARACTER) {
    put(&r->chars, k->data, k->len);
    return 0;
  }
  end_chars(r);
  switch (k->type) {
  case HTML_DOCTYPE:
    puts_(&r->out, "\xff\x1e" "D");
    put_field(&r->out, k->name, k->name_len);
    put_field(&r->out, k->public_id, k->public_len);
    put_field(&r->out, k->system_id, k->system_len);
    put_field(&r->out, k->force_quirks ? "0" : "1", 1);
    break;
  case HTML_START_TAG:
    puts_(&r->out, "\xff\x1eS");
    put_field(&r->out, k->name, k->name_len);
    for (size_t i = 0; i < k->nattrs; i++) {
      put_field(&r->out, k->attrs[i].name, k->attrs[i].name_len);
      put(&r->out, "=", 1);
      put(&r->out, k->attrs[i].value, k->attrs[i].value_len);
    }
    if (k->self_closing) put_field(&r->out, "/", 1);
    if (r->switch_to && k->name_len == strlen(r->switch_to) &&
        memcmp(k->name, r->switch_to, k->name_len) == 0)
      html_tokenizer_set_state(t, r->switch_state);
    break;
  case HTML_END_TAG:
    puts_(&r->out, "\xff\x1e" "E");
    put_field(&r->out, k->name, k->name_len);
    break;
  case HTML_COMMENT:
    puts_(&r->out, "\xff\x1e" "C");
    put_field(&r->out, k->data, k->len);
    break;
  case HTML_EOF:
    break;
  }
  return 0;
}

/* Appends code point cp as UTF-8. */
static void put_cp(str *s, unsigned cp) {
  char b[4];
  size_t n;
  if (cp < 0x80) b[0] = (char)cp, n = 1;
  else if (cp < 0x800) b[0] = (char)(0xC0 | cp >> 6), b[1] = (char)(0x80 | (cp & 63)), n = 2;
  else if (cp < 0x10000)
    b[0] = (char)(0xE0 | cp >> 12), b[1] = (char)(0x80 | ((cp >> 6) & 63)),
    b[2] = (char)(0x80 | (cp & 63)), n = 3;
  else
    b[0] = (char)(0xF0 | cp >> 18), b[1] = (char)(0x80 | ((cp >> 12) & 63)),
    b[2] = (char)(0x80 | ((cp >> 6) & 63)), b[3] = (char)(0x80 | (cp & 63)), n = 4;
  put(s, b, n);
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  c |= 0x20;
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* doubleEscaped: "\uHHHH" sequences to code points (pairs combined);
   returns 0 if a lone surrogate remains. */
static int unescape(const char *s, size_t n, str *out) {
  int ok = 1;
  out->n = 0;
  put(out, "", 0);
  for (size_t i = 0; i < n;) {
    unsigned cp;
    if (i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u' && hexval(s[i + 2]) >= 0 &&
        hexval(s[i + 3]) >= 0 && hexval(s[i + 4]) >= 0 && hexval(s[i + 5]) >= 0) {
      cp = (unsigned)(hexval(s[i + 2]) << 12 | hexval(s[i + 3]) << 8 |
                      hexval(s[i + 4]) << 4 | hexval(s[i + 5]));
      i += 6;
      if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= n && s[i] == '\\' &&
          s[i + 1] == 'u') {
        unsigned lo = (unsigned)(hexval(s[i + 2]) << 12 | hexval(s[i + 3]) << 8 |
                                 hexval(s[i + 4]) << 4 | hexval(s[i + 5]));
        if (lo >= 0xDC00 && lo <= 0xDFFF) {
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
          i += 6;
        }
      }
      if (cp >= 0xD800 && cp <= 0xDFFF) ok = 0;
      put_cp(out, cp);
    } else {
      put(out, s + i, 1);
      i++;
    }
  }
  return ok;
}

/* A string of the expected output: the same form as on_token's. */
static void field_json(str *out, const json_value *v, int dbl) {
  if (json_is_null(v)) {
    put_field(out, NULL, 0);
    return;
  }
  size_t n;
  const char *s = json_str(v, &n);
  if (!dbl) {
    put_field(out, s, n);
    return;
  }
  str u = {0};
  unescape(s, n, &u);
  put_field(out, u.p, u.n);
  free(u.p);
}

static void expected(const json_value *output, int dbl, str *out) {
  str chars = {0};
  for (size_t i = 0; i < json_len(output); i++) {
    const json_value *tok = json_at(output, i);
    const char *kind = json_str(json_at(tok, 0), NULL);
    if (!kind) continue;
    if (strcmp(kind, "Character") == 0) {
      size_t n;
      const char *s = json_str(json_at(tok, 1), &n);
      if (dbl) {
        str u = {0};
        unescape(s, n, &u);
        put(&chars, u.p, u.n);
        free(u.p);
      } else {
        put(&chars, s, n);
      }
      continue;
    }
    if (chars.n) {
      puts_(out, "\xff\x1eT");
      put_field(out, chars.p, chars.n);
      chars.n = 0;
    }
    if (strcmp(kind, "DOCTYPE") == 0) {
      puts_(out, "\xff\x1e" "D");
      field_json(out, json_at(tok, 1), dbl);
      field_json(out, json_at(tok, 2), dbl);
      field_json(out, json_at(tok, 3), dbl);
      put_field(out, json_at(tok, 4)->type == JSON_TRUE ? "1" : "0", 1);
    } else if (strcmp(kind, "StartTag") == 0) {
      puts_(out, "\xff\x1eS");
      field_json(out, json_at(tok, 1), dbl);
      const json_value *attrs = json_at(tok, 2);
      for (size_t j = 0; attrs && j < attrs->count; j++) {
        field_json(out, &attrs->keys[j], dbl);
        put(out, "=", 1);
        size_t n0 = out->n;
        field_json(out, &attrs->items[j], dbl);
        /* drop the field separator field_json put before the value */
        memmove(out->p + n0, out->p + n0 + 2, out->n - n0 - 2);
        out->n -= 2;
      }
      const json_value *sc = json_at(tok, 3);
      if (sc && sc->type == JSON_TRUE) put_field(out, "/", 1);
    } else if (strcmp(kind, "EndTag") == 0) {
      puts_(out, "\xff\x1e" "E");
      field_json(out, json_at(tok, 1), dbl);
    } else if (strcmp(kind, "Comment") == 0) {
      puts_(out, "\xff\x1e" "C");
      field_json(out, json_at(tok, 1), dbl);
    }
  }
  if (chars.n) {
    puts_(out, "\xff\x1eT");
    put_field(out, chars.p, chars.n);
  }
  free(chars.p);
}

static int state_of(const char *name) {
  static const char *names[] = {"Data state", "RCDATA state", "RAWTEXT state",
                                "Script data state", "PLAINTEXT state",
                                "CDATA section state"};
  for (int i = 0; i < 6; i++)
    if (strcmp(name, names[i]) == 0) return i;
  return -1;
}

/* Tokenizes s[0..n) from `state`; the stream in r->out. */
static void tokenize(run *r, const char *s, size_t n, int state,
                     const char *last, int foreign, int want_text) {
  html_tokenizer t;
  r->out.n = 0;
  r->chars.n = 0;
  put(&r->out, "", 0);
  html_tokenizer_init(&t, &url_mem_libc, s, n, on_token, r);
  t.foreign = foreign;
  t.want_text = want_text;
  html_tokenizer_set_state(&t, state);
  if (last) html_tokenizer_set_last_start(&t, last, strlen(last));
  int rc = html_tokenize(&t);
  end_chars(r);
  html_tokenizer_free(&t);
  if (rc) puts_(&r->out, "\xff\x1e(error)");
}

/* The stream without its character tokens (what want_text = 0 gives). */
static void strip_text(const str *in, str *out) {
  out->n = 0;
  put(out, "", 0);
  for (size_t i = 0; i < in->n;) {
    size_t j = i + 2;
    while (j < in->n && !(in->p[j] == '\xff' && in->p[j + 1] == '\x1e')) j++;
    if (in->p[i + 2] != 'T') put(out, in->p + i, j - i);
    i = j;
  }
}

static void print_stream(const str *s) {
  json_print_str(s->p, s->n);
  putchar('\n');
}

static int files_total, skipped;

static void run_file(const char *name) {
  char rel[256], path[4096];
  snprintf(rel, sizeof rel, "html5lib-tests/tokenizer/%s", name);
  fclose(shared_open(rel, "rb"));
  json_value *doc = json_parse_file(shared_path(path, sizeof path, rel));
  if (!doc) {
    check_named(0, rel);
    return;
  }
  const json_value *tests = json_get(doc, "tests");
  int xml = 0;
  if (!tests) {
    tests = json_get(doc, "xmlViolationTests");
    xml = 1;
  }
  int p0 = passed, f0 = failed, s0 = skipped;
  run r = {0};
  str want = {0}, input = {0}, notext = {0};
  for (size_t i = 0; i < json_len(tests); i++) {
    const json_value *tc = json_at(tests, i);
    files_total++;
    const char *desc = json_str(json_get(tc, "description"), NULL);
    const json_value *dv = json_get(tc, "doubleEscaped");
    int dbl = dv && dv->type == JSON_TRUE;
    if (xml) {
      skipped++;
      if (check_verbose())
        printf("skip (XML-compatible tokenizer, not the Standard's): %s\n", desc);
      continue;
    }
    size_t n;
    const char *in = json_str(json_get(tc, "input"), &n);
    input.n = 0;
    put(&input, "", 0);
    if (dbl) {
      if (!unescape(in, n, &input)) {
        skipped++;
        if (check_verbose())
          printf("skip (lone surrogate: not in UTF-8 input): %s\n", desc);
        continue;
      }
    } else {
      put(&input, in, n);
    }
    want.n = 0;
    put(&want, "", 0);
    expected(json_get(tc, "output"), dbl, &want);
    const json_value *states = json_get(tc, "initialStates");
    const char *last = json_str(json_get(tc, "lastStartTag"), NULL);
    size_t ns = states ? json_len(states) : 1;
    for (size_t k = 0; k < ns; k++) {
      const char *sn = states ? json_str(json_at(states, k), NULL) : "Data state";
      int st = state_of(sn ? sn : "");
      /* With character tokens, then without (as the link extractor
         runs it: the other tokens must be the same). */
      for (int text = 1; text >= 0; text--) {
        tokenize(&r, input.p, input.n, st < 0 ? 0 : st, last, 0, text);
        const str *w = &want;
        if (!text) {
          strip_text(&want, &notext);
          w = &notext;
        }
        if (!check(st >= 0 && r.out.n == w->n && memcmp(r.out.p, w->p, w->n) == 0)) {
          printf("FAIL %s: %s [%s]%s\n  input: ", name, desc, sn,
                 text ? "" : " without text");
          json_print_str(input.p, input.n);
          printf("\n  want:  ");
          print_stream(w);
          printf("  got:   ");
          print_stream(&r.out);
        }
      }
    }
  }
  printf("%s: %d passed, %d failed, %d skipped\n", name, passed - p0,
         failed - f0, skipped - s0);
  free(r.out.p);
  free(r.chars.p);
  free(want.p);
  free(input.p);
  free(notext.p);
  json_free(doc);
}

/* One unit case: s tokenized from the data state gives the stream `want`
   written with '|' for FF 1F and '#' for FF 1E. */
static void unit(const char *what, const char *s, size_t n, int foreign,
                 const char *switch_to, int switch_state, const char *want) {
  run r = {0};
  r.switch_to = switch_to;
  r.switch_state = switch_state;
  tokenize(&r, s, n, 0, NULL, foreign, 1);
  size_t k = 0;
  for (size_t i = 0; i < r.out.n; i++) {
    if (r.out.p[i] == '\xff' && r.out.p[i + 1] == '\x1f') r.out.p[k++] = '|', i++;
    else if (r.out.p[i] == '\xff' && r.out.p[i + 1] == '\x1e') r.out.p[k++] = '#', i++;
    else r.out.p[k++] = r.out.p[i];
  }
  r.out.p[k] = 0;
  if (!check(strcmp(r.out.p, want) == 0))
    printf("FAIL %s\n  want: %s\n  got:  %s\n", what, want, r.out.p);
  free(r.out.p);
  free(r.chars.p);
}

static void units(void) {
  unit("CR LF in text", "a\r\nb\rc", sizeof "a\r\nb\rc" - 1, 0, NULL, 0, "#T|a\nb\nc");
  unit("CR LF in attribute values", "<a x=\"1\r\n2\" y='3\r4'>", sizeof "<a x=\"1\r\n2\" y='3\r4'>" - 1, 0, NULL, 0,
       "#S|a|x=1\n2|y=3\n4");
  unit("CR LF in a comment", "<!--a\r\n-\r\nb-->", sizeof "<!--a\r\n-\r\nb-->" - 1, 0, NULL, 0,
       "#C|a\n-\nb");
  unit("CR as whitespace in a tag", "<a\rb\r\n=\rc>", sizeof "<a\rb\r\n=\rc>" - 1, 0, NULL, 0,
       "#S|a|b=c");
  unit("CDATA in foreign content", "<![CDATA[x]]y]]>z", sizeof "<![CDATA[x]]y]]>z" - 1, 1, NULL, 0,
       "#T|x]]yz");
  unit("CDATA in HTML content", "<![CDATA[x]]>", sizeof "<![CDATA[x]]>" - 1, 0, NULL, 0,
       "#C|[CDATA[x]]");
  unit("callback switches to RAWTEXT", "<style><b></style><b>", sizeof "<style><b></style><b>" - 1, 0,
       "style", HTML_STATE_RAWTEXT, "#S|style#T|<b>#E|style#S|b");
  unit("callback switches to RCDATA", "<title>&amp;<i></title>", sizeof "<title>&amp;<i></title>" - 1, 0,
       "title", HTML_STATE_RCDATA, "#S|title#T|&<i>#E|title");
  unit("callback switches to PLAINTEXT", "<plaintext></plaintext>", sizeof "<plaintext></plaintext>" - 1, 0,
       "plaintext", HTML_STATE_PLAINTEXT, "#S|plaintext#T|</plaintext>");
  unit("named reference without ';' in text", "&notit;", sizeof "&notit;" - 1, 0, NULL, 0,
       "#T|\xC2\xACit;");
  unit("named reference before '=' in an attribute", "<a x='&not=1'>", sizeof "<a x='&not=1'>" - 1,
       0, NULL, 0, "#S|a|x=&not=1");

  /* 100,000 attributes, every other one a duplicate: each dropped (the
     hash table; a quadratic scan would be 5e9 comparisons). */
  str big = {0}, want = {0};
  puts_(&big, "<a");
  puts_(&want, "#S|a");
  char b[64];
  for (int i = 0; i < 100000; i++) {
    snprintf(b, sizeof b, " n%d=%d n%d=x", i, i, i);
    puts_(&big, b);
    snprintf(b, sizeof b, "|n%d=%d", i, i);
    puts_(&want, b);
  }
  puts_(&big, ">");
  unit("100,000 attributes with duplicates", big.p, big.n, 0, NULL, 0, want.p);
  free(big.p);
  free(want.p);
}

int main(void) {
  static const char *files[] = {
      "contentModelFlags.test", "domjs.test", "entities.test",
      "escapeFlag.test", "namedEntities.test", "numericEntities.test",
      "pendingSpecChanges.test", "test1.test", "test2.test", "test3.test",
      "test4.test", "unicodeChars.test", "unicodeCharsProblematic.test",
      "xmlViolation.test"};
  for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) run_file(files[i]);
  printf("html5lib tokenizer: %d tests (%d skipped with their reason: "
         "VERBOSE=1 lists them); %d runs passed, %d failed; parse errors "
         "not compared\n",
         files_total, skipped, passed, failed);
  units();
  return check_summary();
}
