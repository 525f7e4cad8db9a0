/*
** https://urlpattern.spec.whatwg.org/#constructor-string-parsing: a
** constructor string ("https://{*.}?example.com/books/:id") cut into the
** pattern strings of its components, over the "lenient" token list.
*/
#include <string.h>

#include "internal.h"

/* https://urlpattern.spec.whatwg.org/#constructor-string-parser-state */
typedef enum cstate {
  S_INIT, S_PROTOCOL, S_AUTHORITY, S_USERNAME, S_PASSWORD, S_HOSTNAME,
  S_PORT, S_PATHNAME, S_SEARCH, S_HASH, S_DONE
} cstate;

/* The component a state's text goes to (-1: none). */
static const int state_component[] = {
    -1, PAT_PROTOCOL, -1, PAT_USERNAME, PAT_PASSWORD, PAT_HOSTNAME,
    PAT_PORT, PAT_PATHNAME, PAT_SEARCH, PAT_HASH, -1};

/* https://urlpattern.spec.whatwg.org/#constructor-string-parser */
typedef struct cparser {
  const char *in;
  const pat_token *tokens;
  size_t ntokens;
  pat_init *result;
  size_t component_start, token_index, token_increment, group_depth;
  long ipv6_depth;
  int protocol_special;
  cstate state;
} cparser;

/* https://urlpattern.spec.whatwg.org/#get-a-safe-token */
static const pat_token *safe_token(const cparser *p, size_t index) {
  if (index < p->ntokens) return &p->tokens[index];
  return &p->tokens[p->ntokens - 1]; /* the end token */
}

/* https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char */
static int is_non_special(const cparser *p, size_t index, char value) {
  const pat_token *t = safe_token(p, index);
  if (t->vlen != 1 || p->in[t->voff] != value) return 0;
  return t->type == TOK_CHAR || t->type == TOK_ESCAPED_CHAR ||
         t->type == TOK_INVALID_CHAR;
}

/* is a protocol suffix, password prefix, port prefix: ':'; is an identity
   terminator: '@'; is a pathname start: '/'; is a hash prefix: '#'; is an
   IPv6 open / close: '[' / ']' */
static int at_char(const cparser *p, char c) {
  return is_non_special(p, p->token_index, c);
}

/* https://urlpattern.spec.whatwg.org/#next-is-authority-slashes */
static int next_is_authority_slashes(const cparser *p) {
  return is_non_special(p, p->token_index + 1, '/') &&
         is_non_special(p, p->token_index + 2, '/');
}

/* https://urlpattern.spec.whatwg.org/#is-a-search-prefix */
static int is_search_prefix(const cparser *p) {
  if (at_char(p, '?')) return 1;
  const pat_token *t = &p->tokens[p->token_index];
  if (t->vlen != 1 || p->in[t->voff] != '?') return 0;
  if (p->token_index == 0) return 1;
  pat_token_type prev = safe_token(p, p->token_index - 1)->type;
  return !(prev == TOK_NAME || prev == TOK_REGEXP || prev == TOK_CLOSE ||
           prev == TOK_ASTERISK);
}

/* https://urlpattern.spec.whatwg.org/#make-a-component-string */
static url_str component_string(const cparser *p) {
  const pat_token *t = &p->tokens[p->token_index];
  size_t start = safe_token(p, p->component_start)->index;
  return (url_str){p->in + start, t->index - start};
}

static void set(cparser *p, pat_component c, const char *s, size_t n) {
  p->result->c[c] = (url_str){s, n};
}
static int exists(const cparser *p, pat_component c) {
  return p->result->c[c].s != NULL;
}

/* https://urlpattern.spec.whatwg.org/#change-state */
static void change_state(cparser *p, cstate new_state, size_t skip) {
  cstate s = p->state;
  if (s != S_INIT && s != S_AUTHORITY && s != S_DONE) {
    url_str v = component_string(p);
    set(p, (pat_component)state_component[s], v.s, v.n);
  }
  if (s != S_INIT && new_state != S_DONE) {
    int before_host = s == S_PROTOCOL || s == S_AUTHORITY ||
                      s == S_USERNAME || s == S_PASSWORD;
    if (before_host &&
        (new_state == S_PORT || new_state == S_PATHNAME ||
         new_state == S_SEARCH || new_state == S_HASH) &&
        !exists(p, PAT_HOSTNAME))
      set(p, PAT_HOSTNAME, "", 0);
    int before_path = before_host || s == S_HOSTNAME || s == S_PORT;
    if (before_path && (new_state == S_SEARCH || new_state == S_HASH) &&
        !exists(p, PAT_PATHNAME)) {
      if (p->protocol_special) set(p, PAT_PATHNAME, "/", 1);
      else set(p, PAT_PATHNAME, "", 0);
    }
    if ((before_path || s == S_PATHNAME) && new_state == S_HASH &&
        !exists(p, PAT_SEARCH))
      set(p, PAT_SEARCH, "", 0);
  }
  p->state = new_state;
  p->token_index += skip;
  p->component_start = p->token_index;
  p->token_increment = 0;
}

/* https://urlpattern.spec.whatwg.org/#rewind */
static void rewind_parser(cparser *p) {
  p->token_index = p->component_start;
  p->token_increment = 0;
}

/* https://urlpattern.spec.whatwg.org/#rewind-and-set-state */
static void rewind_and_set(cparser *p, cstate s) {
  rewind_parser(p);
  p->state = s;
}

int pat_parse_constructor_string(const char *in, size_t n, pat_init *init,
                                 const url_allocator *mem, char *err,
                                 size_t errn) {
  pat_token st[64];
  url_buf tokens;
  url_buf_init(&tokens, mem, (char *)st, sizeof st, (size_t)1 << 30);
  int rc = pat_tokenize(in, n, 1, &tokens, err, errn);
  memset(init, 0, sizeof *init);
  cparser p = {.in = in, .tokens = (const pat_token *)(const void *)tokens.ptr,
               .ntokens = tokens.len / sizeof(pat_token), .result = init,
               .token_increment = 1, .state = S_INIT};
  while (rc == URL_OK && p.token_index < p.ntokens) {
    p.token_increment = 1;
    const pat_token *t = &p.tokens[p.token_index];
    if (t->type == TOK_END) {
      if (p.state == S_INIT) {
        /* no protocol terminator: a relative constructor string */
        rewind_parser(&p);
        if (at_char(&p, '#')) change_state(&p, S_HASH, 1);
        else if (is_search_prefix(&p)) change_state(&p, S_SEARCH, 1);
        else change_state(&p, S_PATHNAME, 0);
        p.token_index += p.token_increment;
        continue;
      }
      if (p.state == S_AUTHORITY) {
        /* no "@": no username or password */
        rewind_and_set(&p, S_HOSTNAME);
        p.token_index += p.token_increment;
        continue;
      }
      change_state(&p, S_DONE, 0);
      break;
    }
    if (t->type == TOK_OPEN) { /* is a group open */
      p.group_depth++;
      p.token_index += p.token_increment;
      continue;
    }
    if (p.group_depth > 0) {
      if (t->type == TOK_CLOSE) {
        p.group_depth--;
      } else {
        p.token_index += p.token_increment;
        continue;
      }
    }
    switch (p.state) {
      case S_INIT:
        if (at_char(&p, ':')) rewind_and_set(&p, S_PROTOCOL);
        break;
      case S_PROTOCOL:
        if (at_char(&p, ':')) {
          /* compute protocol matches a special scheme flag */
          url_str proto = component_string(&p);
          rc = pat_protocol_matches_special(proto.s, proto.n, mem,
                                            &p.protocol_special, err, errn);
          if (rc != URL_OK) break;
          cstate next = S_PATHNAME;
          size_t skip = 1;
          if (next_is_authority_slashes(&p)) {
            next = S_AUTHORITY;
            skip = 3;
          } else if (p.protocol_special) {
            next = S_AUTHORITY;
          }
          change_state(&p, next, skip);
        }
        break;
      case S_AUTHORITY:
        if (at_char(&p, '@')) rewind_and_set(&p, S_USERNAME);
        else if (at_char(&p, '/') || is_search_prefix(&p) || at_char(&p, '#'))
          rewind_and_set(&p, S_HOSTNAME);
        break;
      case S_USERNAME:
        if (at_char(&p, ':')) change_state(&p, S_PASSWORD, 1);
        else if (at_char(&p, '@')) change_state(&p, S_HOSTNAME, 1);
        break;
      case S_PASSWORD:
        if (at_char(&p, '@')) change_state(&p, S_HOSTNAME, 1);
        break;
      case S_HOSTNAME:
        if (at_char(&p, '[')) p.ipv6_depth++;
        else if (at_char(&p, ']')) p.ipv6_depth--;
        else if (at_char(&p, ':') && p.ipv6_depth == 0) change_state(&p, S_PORT, 1);
        else if (at_char(&p, '/')) change_state(&p, S_PATHNAME, 0);
        else if (is_search_prefix(&p)) change_state(&p, S_SEARCH, 1);
        else if (at_char(&p, '#')) change_state(&p, S_HASH, 1);
        break;
      case S_PORT:
        if (at_char(&p, '/')) change_state(&p, S_PATHNAME, 0);
        else if (is_search_prefix(&p)) change_state(&p, S_SEARCH, 1);
        else if (at_char(&p, '#')) change_state(&p, S_HASH, 1);
        break;
      case S_PATHNAME:
        if (is_search_prefix(&p)) change_state(&p, S_SEARCH, 1);
        else if (at_char(&p, '#')) change_state(&p, S_HASH, 1);
        break;
      case S_SEARCH:
        if (at_char(&p, '#')) change_state(&p, S_HASH, 1);
        break;
      case S_HASH:
      case S_DONE:
        break;
    }
    p.token_index += p.token_increment;
  }
  /* a hostname without a port means the default port */
  if (rc == URL_OK && exists(&p, PAT_HOSTNAME) && !exists(&p, PAT_PORT))
    set(&p, PAT_PORT, "", 0);
  url_buf_free(&tokens);
  return rc;
}
