/*
** The compiler of the regular-expression engine (regex_internal.h): the
** parser's tree to a program of int32_t words (the ops of PAT_OPS), the
** memo points where a match may note its failures, then tune.c's pass;
** pat_regex_compile and the getters of regex.h, and the dump.
*/
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "regex_internal.h"

/* The op table (PAT_OPS): each op's length in words, and its name. */
#define DEF_SIZE(id, size) size,
#define DEF_NAME(id, size) #id,
const unsigned char pat_re_op_size[] = {PAT_OPS(DEF_SIZE)};
const char *const pat_re_op_name[] = {PAT_OPS(DEF_NAME)};
#undef DEF_SIZE
#undef DEF_NAME

typedef struct compiler {
  parser *p;
  url_buf code; /* int32_t[] */
  uint32_t nregs;
  int untuned; /* PAT_RE_UNTUNED: no OP_STR, no memo points */
  url_buf memo; /* int32_t[]: the pcs of memo points (pat_regex.memo_at) */
  int no_memo;  /* a backreference or a lookaround: no memo points */
  int loose;    /* enclosing loops that make what follows depend on more
                   than the position (their count or their start) */
} compiler;

/* Notes a memo point at pc (pat_regex.memo_at) unless an enclosing loop
   makes what follows depend on more than the position. */
static void memo_point(compiler *c, size_t pc) {
  if (c->loose || c->untuned) return;
  int32_t w = (int32_t)pc;
  arr_push(&c->memo, &w, sizeof w);
}

static size_t here(const compiler *c) { return ARR_N(c->code, int32_t); }
static void emit(compiler *c, int32_t w) { arr_push(&c->code, &w, sizeof w); }
static void patch(compiler *c, size_t at, size_t target) {
  ARR_AT(c->code, int32_t, at) = (int32_t)target;
}

static int node_bits(const node *x, int back) {
  return (back ? B_BACK : 0) | (x->flags & F_ICASE ? B_ICASE : 0) |
         (x->flags & F_MULTI ? B_MULTI : 0) | (x->flags & F_DOTALL ? B_DOTALL : 0);
}

/* Whether x consumes exactly one character with no side effect (so that
   a quantifier of it can use OP_REPEAT). */
static int single_char(const node *x) {
  return x->type == N_CHAR || x->type == N_ANY || x->type == N_SET;
}

static void compile(compiler *c, int32_t i, int back);

/* Whether node i takes at least one character wherever it matches. */
static int takes_one(parser *p, int32_t i) {
  const node *x = N(p, i);
  switch (x->type) {
    case N_CHAR:
    case N_ANY:
    case N_SET:
      return 1;
    case N_SEQ:
      for (int32_t k = x->kid; k >= 0; k = N(p, k)->next)
        if (takes_one(p, k)) return 1;
      return 0;
    case N_ALT:
      for (int32_t k = x->kid; k >= 0; k = N(p, k)->next)
        if (!takes_one(p, k)) return 0;
      return x->kid >= 0;
    case N_GROUP:
      return takes_one(p, x->kid);
    case N_REPEAT:
      return x->a > 0 && takes_one(p, x->kid);
    default: /* the empty string, assertions, backreferences */
      return 0;
  }
}

/* Whether x is a character that can go into an OP_STR. */
static int str_char(const node *x) { return x->type == N_CHAR && x->a < 0x80; }

/*
** The ASCII characters from node k on (forward, with the same `i` flag),
** as one OP_STR when there are two or more: the node after them, or k.
*/
static int32_t compile_str(compiler *c, int32_t k) {
  const node *x = N(c->p, k);
  int icase = x->flags & F_ICASE;
  uint32_t len = 0;
  int32_t end = k;
  while (end >= 0 && len < STR_MAX && str_char(N(c->p, end)) &&
         (N(c->p, end)->flags & F_ICASE) == icase) {
    len++;
    end = N(c->p, end)->next;
  }
  if (len < 2) return k;
  emit(c, (int32_t)(OPW(OP_STR, icase ? B_ICASE : 0) | len << 16));
  unsigned char w[4];
  uint32_t i = 0;
  for (int32_t j = k; j != end; j = N(c->p, j)->next) {
    uint32_t ch = N(c->p, j)->a;
    w[i++ % 4] = (unsigned char)(icase ? fold(ch) : ch);
    if (i % 4 == 0 || i == len) {
      int32_t word = 0;
      memcpy(&word, w, i % 4 ? i % 4 : 4);
      emit(c, word);
    }
  }
  return end;
}

static void compile_kids(compiler *c, int32_t first, int back) {
  /* backward: a sequence is matched last term first */
  int32_t kids[64], n = 0;
  if (!back) {
    for (int32_t k = first; k >= 0;) {
      int32_t after = str_char(N(c->p, k)) && !c->untuned ? compile_str(c, k) : k;
      if (after != k) {
        k = after;
        continue;
      }
      compile(c, k, 0);
      k = N(c->p, k)->next;
    }
    return;
  }
  for (int32_t k = first; k >= 0; k = N(c->p, k)->next) n++;
  int32_t *list = kids;
  url_buf heap;
  arr_init(&heap, c->p->mem);
  if (n > 64) {
    url_buf_reserve(&heap, (size_t)n * sizeof(int32_t));
    if (heap.err) {
      c->code.err = heap.err;
      return;
    }
    list = (int32_t *)(void *)heap.ptr;
  }
  n = 0;
  for (int32_t k = first; k >= 0; k = N(c->p, k)->next) list[n++] = k;
  while (n--) compile(c, list[n], 1);
  url_buf_free(&heap);
}

static void compile(compiler *c, int32_t i, int back) {
  const node *x = N(c->p, i);
  int bits = node_bits(x, back);
  switch (x->type) {
    case N_EMPTY: break;
    case N_CHAR:
      emit(c, OPW(OP_CHAR, bits));
      emit(c, (int32_t)(bits & B_ICASE ? fold(x->a) : x->a));
      break;
    case N_ANY: emit(c, OPW(OP_ANY, bits)); break;
    case N_SET:
      emit(c, OPW(OP_SET, bits));
      emit(c, (int32_t)x->a);
      break;
    case N_BOL: emit(c, OPW(OP_BOL, bits)); break;
    case N_EOL: emit(c, OPW(OP_EOL, bits)); break;
    case N_WORDB: emit(c, OPW(OP_WORDB, bits | (x->neg ? B_NEG : 0))); break;
    case N_SEQ: compile_kids(c, x->kid, back); break;
    case N_ALT: {
      /* L1: SPLIT_NEXT L2; alt1; JMP end; L2: SPLIT_NEXT L3; alt2; ... */
      size_t fix[2] = {0, 0};
      url_buf jumps;
      arr_init(&jumps, c->p->mem);
      for (int32_t k = x->kid; k >= 0; k = N(c->p, k)->next) {
        int last = N(c->p, k)->next < 0;
        if (!last) {
          emit(c, OP_SPLIT_NEXT);
          fix[0] = here(c);
          emit(c, 0);
        }
        compile(c, k, back);
        if (!last) {
          emit(c, OP_JMP);
          size_t j = here(c);
          arr_push(&jumps, &j, sizeof j);
          emit(c, 0);
          if (!c->code.err) patch(c, fix[0], here(c));
        }
      }
      for (size_t k = 0; k < ARR_N(jumps, size_t) && !c->code.err; k++)
        patch(c, ARR_AT(jumps, size_t, k), here(c));
      if (jumps.err) c->code.err = jumps.err;
      url_buf_free(&jumps);
      break;
    }
    case N_GROUP:
      /* backward: the end is known first (§22.2.2.8, "direction is backward") */
      emit(c, OP_SAVE);
      emit(c, (int32_t)(2 * x->a + (back ? 1 : 0)));
      compile(c, x->kid, back);
      emit(c, OP_SAVE);
      emit(c, (int32_t)(2 * x->a + (back ? 0 : 1)));
      break;
    case N_BACKREF:
      c->no_memo = 1;
      emit(c, OPW(OP_BACKREF, bits));
      emit(c, (int32_t)x->a);
      break;
    case N_LOOK: {
      c->no_memo = 1;
      emit(c, OPW(OP_LOOK, (x->neg ? B_NEG : 0)));
      size_t end = here(c);
      emit(c, 0);
      compile(c, x->kid, x->behind);
      emit(c, OP_LOOK_END);
      if (!c->code.err) patch(c, end, here(c));
      break;
    }
    case N_REPEAT: {
      const node *k = N(c->p, x->kid);
      if (x->b == 0) break; /* {0}: matches the empty string */
      if (single_char(k) && !back) {
        /* REPEAT min max <the maps and flags tune() sets> <one char op> */
        emit(c, OPW(OP_REPEAT, x->greedy ? B_GREEDY : 0));
        emit(c, (int32_t)x->a);
        emit(c, (int32_t)x->b);
        size_t at = here(c);
        for (int w = REPEAT_TABLE; w < REPEAT_TAIL; w++) emit(c, 0);
        emit(c, -1);
        compile(c, x->kid, 0);
        /* it at a position past its minimum (no maximum), and what
           follows it */
        if (x->b == INF) memo_point(c, at - 2);
        memo_point(c, here(c));
        break;
      }
      if (x->a == 0 && x->b == 1 && !back && !c->untuned && takes_one(c->p, x->kid)) {
        /* `?` of what cannot match the empty string: RepeatMatcher tries it
           (greedy) or what follows (lazy) first, then the other way; its
           captures need no reset, as they are unset whenever it starts
           (an enclosing quantifier resets them at each of its iterations) */
        emit(c, x->greedy ? OP_SPLIT_NEXT : OP_SPLIT_JUMP);
        size_t skip = here(c);
        emit(c, 0);
        compile(c, x->kid, 0);
        if (!c->code.err) patch(c, skip, here(c));
        break;
      }
      /* RepeatMatcher (§22.2.2.3.1) with a counter and a position register:
           LOOP_INIT r; L: LOOP r min max exit; LOOP_START r; RESET lo hi;
           body; LOOP_END r min L; exit:
         LOOP_START, where both ways into an iteration go (on from LOOP, or
         back to it when a lazy LOOP tried the exit first), notes where the
         iteration starts, which LOOP_END compares with */
      uint32_t r = c->nregs;
      c->nregs += 2;
      emit(c, OP_LOOP_INIT);
      emit(c, (int32_t)r);
      size_t head = here(c);
      /* what follows an iteration depends on the position alone when no
         iteration can be empty (LOOP_END's check never fails), the count
         past the first does not matter (min <= 1, no maximum) */
      int plain = x->a <= 1 && x->b == INF && takes_one(c->p, x->kid);
      if (plain) memo_point(c, head + 1);
      else c->loose++;
      emit(c, OPW(OP_LOOP, x->greedy ? B_GREEDY : 0));
      emit(c, (int32_t)r);
      emit(c, (int32_t)x->a);
      emit(c, (int32_t)x->b);
      size_t exit = here(c);
      emit(c, 0);
      emit(c, OP_LOOP_START);
      emit(c, (int32_t)r);
      if (x->cap_n) {
        emit(c, OP_RESET);
        emit(c, (int32_t)(2 * x->cap_lo));
        emit(c, (int32_t)(2 * (x->cap_lo + x->cap_n) - 1));
      }
      compile(c, x->kid, back);
      emit(c, OP_LOOP_END);
      emit(c, (int32_t)r);
      emit(c, (int32_t)x->a);
      emit(c, (int32_t)head);
      if (!c->code.err) patch(c, exit, here(c));
      if (!plain) c->loose--;
      break;
    }
  }
}

/* Takes b's heap storage (no stack storage: arr_init), shrunk to its
   size, leaving b empty: no second copy at the peak of compiling. */
static void *take(const url_allocator *mem, url_buf *b) {
  void *q = b->ptr ? mem->resize(b->ptr, b->len ? b->len : 1)
                   : mem->alloc(1);
  if (q) {
    b->ptr = NULL;
    b->cap = b->len = 0;
  }
  return q;
}

/* re->memo_at from the memo points' pcs (none: NULL).  Returns 0 when out
   of memory. */
static int memo_table(pat_regex *re, const url_buf *points) {
  size_t n = ARR_N(*points, int32_t);
  if (points->err) return 0;
  if (!n || !re->prog) return 1;
  re->memo_at = re->mem->alloc(re->nprog * sizeof *re->memo_at);
  if (!re->memo_at) return 0;
  for (size_t pc = 0; pc < re->nprog; pc++) re->memo_at[pc] = -1;
  for (size_t k = 0; k < n; k++) {
    int32_t pc = ARR_AT(*points, int32_t, k);
    if (re->memo_at[pc] < 0) re->memo_at[pc] = (int32_t)re->nmemo++;
  }
  re->nbytes += re->nprog * sizeof *re->memo_at;
  return 1;
}

int pat_regex_compile(const char *src, size_t n, int flags,
                      const url_allocator *mem, pat_regex **out, char *err,
                      size_t errn) {
  *out = NULL;
  if (errn) err[0] = 0;
  parser p;
  pat_re_parser_init(&p, src, n, flags, mem, err, errn);
  int32_t root = pat_re_parse(&p);
  if (root < 0) {
    int rc = p.failed ? p.failed : URL_NOMEM;
    pat_re_parser_free(&p);
    return rc;
  }
  compiler c = {.p = &p, .untuned = flags & PAT_RE_UNTUNED};
  arr_init(&c.code, mem);
  arr_init(&c.memo, mem);
  emit(&c, OP_SAVE);
  emit(&c, 0);
  compile(&c, root, 0);
  emit(&c, OP_SAVE);
  emit(&c, 1);
  emit(&c, OP_MATCH);
  if (!c.code.err && here(&c) > PAT_MAX_PROG_PER_BYTE * n + 64) {
    pat_re_fail(&p, "regular expression too large");
    url_buf_free(&c.code);
    url_buf_free(&c.memo);
    pat_re_parser_free(&p);
    return URL_FAILURE;
  }
  pat_regex *re = mem->alloc(sizeof *re);
  int rc = URL_NOMEM;
  if (re && !c.code.err) {
    *re = (pat_regex){.mem = mem, .ngroups = p.ngroups, .nregs = c.nregs};
    re->nprog = here(&c);
    re->nbytes = sizeof *re + c.code.len + p.sets.len + p.refs.len;
    re->prog = take(mem, &c.code);
    re->sets = take(mem, &p.sets);
    re->refs = take(mem, &p.refs);
    if (re->prog && re->sets) pat_re_tune(re, flags & PAT_RE_UNTUNED);
    re->memo_now = flags & PAT_RE_MEMO_NOW;
    int memo_ok = c.no_memo || memo_table(re, &c.memo);
    /* index 0 of the program is SAVE 0; then a ^ without m anchors */
    const node *r = N(&p, root);
    if (r->kid >= 0 && N(&p, r->kid)->next < 0) {
      const node *seq = N(&p, r->kid);
      re->anchored = seq->kid >= 0 && N(&p, seq->kid)->type == N_BOL &&
                     !(N(&p, seq->kid)->flags & F_MULTI);
    }
    if (re->prog && re->sets && re->refs && memo_ok) {
      rc = URL_OK;
      *out = re;
    } else {
      pat_regex_free(re);
    }
  } else if (re) {
    mem->release(re);
  }
  url_buf_free(&c.code);
  url_buf_free(&c.memo);
  pat_re_parser_free(&p);
  return rc;
}

void pat_regex_free(pat_regex *re) {
  if (!re) return;
  const url_allocator *mem = re->mem;
  if (re->prog) mem->release(re->prog);
  if (re->sets) mem->release(re->sets);
  if (re->refs) mem->release(re->refs);
  if (re->memo_at) mem->release(re->memo_at);
  mem->release(re);
}

int pat_regex_groups(const pat_regex *re) { return (int)re->ngroups; }

uint32_t pat_regex_fold(uint32_t c) { return fold(c); }

size_t pat_regex_bytes(const pat_regex *re) { return re->nbytes; }

size_t pat_regex_slots(const pat_regex *re) {
  return 2 * ((size_t)re->ngroups + 1) + re->nregs;
}

/* ------------------------------------------------------------ dump */

/* Appends the formatted text to out (a line of the dump). */
static void dumpf(url_buf *out, const char *fmt, ...) {
  char line[160];
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  if (k > 0) url_buf_append(out, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

/* One op at pc: its name, arguments, modifier bits and, for a REPEAT,
   what tune() chose. */
static void dump_op(const pat_regex *re, const int32_t *op, url_buf *out) {
  int bits = op[0] >> 8, id = op[0] & 0xFF;
  dumpf(out, "%s", id < OP_COUNT ? pat_re_op_name[id] : "?");
  if (id == OP_STR) {
    const char *str = (const char *)(const void *)(op + 1);
    dumpf(out, " \"%.*s\"", (int)STR_LEN(op[0]), str);
  } else if (id == OP_REPEAT) {
    dumpf(out, " min=%ld max=%ld", (long)op[1], op[2] == (int32_t)INF ? -1L : (long)op[2]);
    dumpf(out, "%s", bits & B_POSSESSIVE ? " possessive" : bits & B_GREEDY ? " greedy" : " lazy");
    if (op[REPEAT_FOLLOW] & FOLLOW_KNOWN) dumpf(out, " follow-map");
    if (op[REPEAT_TAIL] >= 0) dumpf(out, " tail=%ld", (long)op[REPEAT_TAIL]);
    dumpf(out, " of ");
    dump_op(re, op + REPEAT_ATOM, out);
    return;
  } else {
    for (size_t k = 1; k < op_len(op[0]); k++) dumpf(out, " %ld", (long)op[k]);
  }
  if (bits & B_BACK) dumpf(out, " back");
  if (bits & B_ICASE) dumpf(out, " i");
  if (bits & B_MULTI) dumpf(out, " m");
  if (bits & B_DOTALL) dumpf(out, " s");
  if (bits & B_NEG) dumpf(out, " neg");
  if ((bits & B_GREEDY) && id == OP_LOOP) dumpf(out, " greedy");
}

void pat_regex_dump(const pat_regex *re, url_buf *out) {
  dumpf(out, "groups %u, registers %u, %zu words%s%s\n", re->ngroups, re->nregs,
        re->nprog, re->anchored ? ", anchored" : "", re->linear ? ", linear" : "");
  for (size_t pc = 0; pc < re->nprog;) {
    const int32_t *op = re->prog + pc;
    dumpf(out, "%5zu ", pc);
    dump_op(re, op, out);
    url_buf_putc(out, '\n');
    pc += (op[0] & 0xFF) == OP_REPEAT ? repeat_len(op) : op_len(op[0]);
  }
}

