/*
** The machines of the regular-expression engine (regex_internal.h): the
** backtracking one, with the semantics of ECMA-262 §22.2.2 (Pattern
** Semantics), a step limit, a memory limit and a memo of failed
** positions; and the straight-line one for a program tune.c marked
** linear.  The backtracking stack lives on the heap only when the one in
** its frame is full; quantifiers of one character (`.*`, `[^/]+?`) cost
** one stack entry however many characters they take.
*/
#include <string.h>

#include "regex_internal.h"

#include "utf8.h"

/* -------------------------------------------------------------- matching */

enum { BT_BRANCH, BT_SLOT, BT_REG, BT_REPEAT };

typedef struct bt {
  int32_t kind, pc;
  long pos;
  long a; /* BT_SLOT/REG: index, old value in pos; BT_REPEAT: count */
} bt;

typedef struct vm {
  const pat_regex *re;
  const unsigned char *in;
  long n;
  long *caps, *regs;
  bt *stack;
  size_t top, cap;
  bt *inline_stack;
  size_t steps, max_steps;
  uint32_t *memo;    /* a bit per memo point and position (re->memo_at) */
  size_t memo_bytes;
  size_t memo_after; /* the step count at which memoizing starts */
  int err;
} vm;

/* The one exit for the memory limit: whether holding more bytes than the
   match holds now would pass PAT_MAX_MATCH_BYTES (m->err then set). */
static int out_of_memory(vm *m, size_t more) {
  size_t held = m->memo_bytes + (m->stack == m->inline_stack ? 0 : m->cap * sizeof(bt));
  if (more <= PAT_MAX_MATCH_BYTES && held <= PAT_MAX_MATCH_BYTES - more) return 0;
  m->err = URL_MEMORY_LIMIT;
  return 1;
}

/* The steps a match takes before it starts memoizing (plus 4 per input
   byte): a match that backtracks little allocates nothing. */
#define MEMO_AFTER 4096

/* Doubles the backtracking stack (onto the heap). */
static int grow(vm *m) {
  size_t cap = m->cap * 2;
  bt *q;
  if (out_of_memory(m, cap * sizeof *q)) return -1;
  if (m->stack == m->inline_stack) {
    q = m->re->mem->alloc(cap * sizeof *q);
    if (q) memcpy(q, m->stack, m->top * sizeof *q);
  } else {
    q = m->re->mem->resize(m->stack, cap * sizeof *q);
  }
  if (!q) {
    m->err = URL_NOMEM;
    return -1;
  }
  m->stack = q;
  m->cap = cap;
  return 0;
}

static inline int push(vm *m, int32_t kind, int32_t pc, long pos, long a) {
  if (m->top == m->cap && grow(m) < 0) return -1;
  m->stack[m->top++] = (bt){kind, pc, pos, a};
  return 0;
}

/*
** Starts memoizing (re->memo_at): a bit per memo point and position.  A
** match that backtracks little never pays for it; one that would go on
** past the memory limit goes on without (the step limit then bounds it).
*/
static void memo_start(vm *m) {
  m->memo_after = SIZE_MAX;
  size_t bits = (size_t)m->re->nmemo * (size_t)(m->n + 1);
  size_t bytes = (bits + 31) / 32 * sizeof *m->memo;
  if (bits / (size_t)(m->n + 1) != m->re->nmemo || out_of_memory(m, bytes)) {
    m->err = 0;
    return;
  }
  m->memo = m->re->mem->alloc(bytes);
  if (!m->memo) return;
  memset(m->memo, 0, bytes);
  m->memo_bytes = bytes;
  m->steps += bytes / 64; /* clearing it is work too */
}

/* Whether the memo point at pc (re->memo_at) was at pos before; notes
   that it is now.  0 when there is no memo. */
static inline int memo_seen(vm *m, size_t pc, long pos) {
  if (!m->memo) return 0;
  int32_t k = m->re->memo_at[pc];
  if (k < 0) return 0;
  size_t bit = (size_t)k * (size_t)(m->n + 1) + (size_t)pos;
  uint32_t *w = &m->memo[bit >> 5], b = (uint32_t)1 << (bit & 31);
  if (*w & b) return 1;
  *w |= b;
  return 0;
}

/* The code point at pos going forward (*next past it), or backward
   (*next before it); -1 at the end of the input. */
static int32_t read_cp(const vm *m, long pos, int back, long *next) {
  if (!back) {
    if (pos >= m->n) return -1;
    if (m->in[pos] < 0x80) {
      *next = pos + 1;
      return m->in[pos];
    }
    size_t k = (size_t)pos;
    uint32_t c = url_utf8_next(m->in, (size_t)m->n, &k);
    *next = (long)k;
    return (int32_t)c;
  }
  if (pos <= 0) return -1;
  long k = pos - 1;
  while (k > 0 && (m->in[k] & 0xC0) == 0x80) k--;
  size_t j = (size_t)k;
  uint32_t c = url_utf8_next(m->in, (size_t)m->n, &j);
  *next = k;
  return (int32_t)c;
}

/* One character op at pc against the input at pos: the position past it,
   or -1. */
static inline long match_char(const vm *m, const int32_t *op, long pos) {
  if (!(op[0] >> 8 & B_BACK) && pos < m->n && m->in[pos] < 0x80)
    return op_takes(m->re, op, m->in[pos]) ? pos + 1 : -1;
  long next;
  int32_t c = read_cp(m, pos, op[0] >> 8 & B_BACK, &next);
  return c >= 0 && op_takes(m->re, op, (uint32_t)c) ? next : -1;
}

/* OP_STR at pos: the position past its characters, or -1. */
static long match_str(const vm *m, const int32_t *op, long pos) {
  uint32_t len = STR_LEN(op[0]);
  const unsigned char *s = (const unsigned char *)(const void *)(op + 1);
  if (!(op[0] >> 8 & B_ICASE))
    return m->n - pos >= (long)len && !memcmp(m->in + pos, s, len) ? pos + (long)len : -1;
  for (uint32_t i = 0; i < len; i++) {
    long next;
    int32_t c = read_cp(m, pos, 0, &next);
    if (c < 0 || fold((uint32_t)c) != s[i]) return -1;
    pos = next;
  }
  return pos;
}

/*
** The REPEAT op's characters from pos, forward: up to `want` of those its
** character op takes, ASCII ones by its table.  Returns the position
** after them, their number in *count.
*/
static long take_run(const vm *m, const int32_t *op, long pos, uint32_t want,
                     long *count) {
  const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_TABLE);
  const unsigned char *in = m->in;
  long k = 0;
  while ((uint32_t)k < want && pos < m->n) {
    long end = m->n, from = pos;
    if (want != INF && (long)(want - (uint32_t)k) < end - pos)
      end = pos + (long)(want - (uint32_t)k);
    while (pos < end && in[pos] < 0x80 && MAP_HAS(map, in[pos])) pos++;
    k += pos - from;
    if (pos == end || in[pos] < 0x80) break;
    long next = match_char(m, op + REPEAT_ATOM, pos); /* not ASCII */
    if (next < 0) break;
    pos = next;
    k++;
  }
  *count = k;
  return pos;
}

static int is_word(int32_t c, int icase) {
  if (c < 0) return 0;
  if (c < 128) return re_is_alpha(c) || re_is_digit(c) || c == '_';
  return icase && (c == 0x17F || c == 0x212A);
}

/* Whether what follows the REPEAT op may start at pos: not where its
   follow map says the character there cannot start it. */
static inline int may_follow(const vm *m, const int32_t *op, long pos) {
  int32_t flags = op[REPEAT_FOLLOW];
  if (!(flags & FOLLOW_KNOWN) || pos >= m->n) return 1;
  unsigned char b = m->in[pos];
  if (b >= 0x80) return flags & FOLLOW_NON_ASCII;
  const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_FOLLOW_MAP);
  return map[b >> 5] >> (b & 31) & 1;
}

/*
** The next try of a REPEAT (op, at pc) that took *count characters up to
** *pos: one fewer (greedy) or one more (lazy), passing over the positions
** where what follows cannot start (each a step: the try it saves would
** fail).  Returns 0 when no try is left (lazy: also when the memo says
** this REPEAT was at that position before, and so made every try on).
*/
static int repeat_retry(vm *m, const int32_t *op, size_t pc, long *pos, long *count) {
  uint32_t min = (uint32_t)op[1], max = (uint32_t)op[2];
  long p = *pos, k = *count, next = p;
  int32_t flags = op[REPEAT_FOLLOW];
  if ((op[0] >> 8 & B_GREEDY) && (flags & FOLLOW_KNOWN)) {
    /* back to the last character that can start what follows */
    const uint32_t *map = (const uint32_t *)(const void *)(op + REPEAT_FOLLOW_MAP);
    const unsigned char *in = m->in;
    long k0 = k;
    for (;;) {
      if ((uint32_t)k <= min) return 0;
      k--;
      unsigned char b = in[--p];
      if (b < 0x80) {
        if (map[b >> 5] >> (b & 31) & 1) break;
      } else {
        while (p > 0 && (in[p] & 0xC0) == 0x80) p--;
        if (flags & FOLLOW_NON_ASCII) break;
      }
    }
    m->steps += (size_t)(k0 - k);
    *pos = p;
    *count = k;
    return 1;
  }
  do {
    if (op[0] >> 8 & B_GREEDY) {
      if ((uint32_t)k <= min) return 0;
      /* back over the last character taken */
      for (next = p - 1; next > 0 && (m->in[next] & 0xC0) == 0x80; next--) {}
      k--;
    } else {
      if ((uint32_t)k >= max || (next = match_char(m, op + REPEAT_ATOM, p)) < 0)
        return 0;
      k++;
      /* lazy, here before: every try from here on was made */
      if (memo_seen(m, pc + 1, next)) return 0;
    }
    p = next;
    m->steps++;
  } while (!may_follow(m, op, p));
  *pos = p;
  *count = k;
  return 1;
}

/*
** A REPEAT whose what-follows is fixed text up to `$` (REPEAT_TAIL bytes):
** of all the counts it may try, only the one that ends where that text
** must start can lead to a match.  Returns that position, or -1 when the
** op cannot take the characters up to it (too few or too many of them).
** (A position inside a character cannot start that text, which is ASCII.)
*/
static long repeat_to_tail(vm *m, const int32_t *op, long pos) {
  long at = m->n - op[REPEAT_TAIL], count, end;
  if (at < pos) return -1;
  end = take_run(m, op, pos, (uint32_t)op[2], &count);
  m->steps += (size_t)count;
  if (at > end) return -1;
  for (long i = at; i < end; i++) /* characters given back */
    if ((m->in[i] & 0xC0) != 0x80) count--;
  return (uint32_t)count >= (uint32_t)op[1] ? at : -1;
}

/* Whether the assertion op (OP_BOL, OP_EOL, OP_WORDB) holds at pos. */
static int holds(const vm *m, const int32_t *op, long pos) {
  int bits = op[0] >> 8;
  long x;
  switch (op[0] & 0xFF) {
    case OP_BOL:
      return pos == 0 || ((bits & B_MULTI) && is_line_term(read_cp(m, pos, 1, &x)));
    case OP_EOL:
      return pos == m->n || ((bits & B_MULTI) && is_line_term(read_cp(m, pos, 0, &x)));
    default: { /* OP_WORDB */
      int icase = bits & B_ICASE;
      int a = is_word(read_cp(m, pos, 1, &x), icase);
      int b = is_word(read_cp(m, pos, 0, &x), icase);
      return (a != b) != !!(bits & B_NEG);
    }
  }
}

/*
** run() for a linear program (tune()): it has one way through, so it
** needs no backtracking and no step count (its work is bounded by the
** program and the input).  Returns 1 (*end the position) or 0.
*/
static int run_linear(vm *m, long pos, long *end) {
  for (const int32_t *op = m->re->prog;;) {
    switch (op[0] & 0xFF) {
      case OP_MATCH:
        *end = pos;
        return 1;
      case OP_SAVE:
        m->caps[op[1]] = pos;
        op += 2;
        continue;
      case OP_CHAR:
      case OP_ANY:
      case OP_SET:
        if ((pos = match_char(m, op, pos)) < 0) return 0;
        op += op_len(op[0]);
        continue;
      case OP_STR:
        if ((pos = match_str(m, op, pos)) < 0) return 0;
        op += op_len(op[0]);
        continue;
      case OP_REPEAT: {
        long count;
        pos = take_run(m, op, pos, (uint32_t)op[2], &count);
        if ((uint32_t)count < (uint32_t)op[1]) return 0;
        op += repeat_len(op);
        continue;
      }
      default: /* OP_BOL, OP_EOL, OP_WORDB */
        if (!(pos == 0 && (op[0] & 0xFF) == OP_BOL) &&
            !(pos == m->n && (op[0] & 0xFF) == OP_EOL) && !holds(m, op, pos))
          return 0;
        op++;
        continue;
    }
  }
}

/* Sets caps[slot] = v, remembering the old value. */
static inline int set_slot(vm *m, long *arr, int kind, long slot, long v) {
  if (push(m, kind, 0, arr[slot], slot) < 0) return -1;
  arr[slot] = v;
  return 0;
}

/*
** After a lookaround's body matched: of the entries above mark, keeps the
** undo log (BT_SLOT, BT_REG) and drops the alternatives (undo: restores
** what the log saved and drops it all).
*/
static void keep_undo_log(vm *m, size_t mark, int undo) {
  size_t k = mark;
  if (undo) {
    while (m->top > mark) {
      const bt *b = &m->stack[--m->top];
      if (b->kind == BT_SLOT) m->caps[b->a] = b->pos;
      else if (b->kind == BT_REG) m->regs[b->a] = b->pos;
    }
    return;
  }
  for (size_t i = mark; i < m->top; i++)
    if (m->stack[i].kind == BT_SLOT || m->stack[i].kind == BT_REG)
      m->stack[k++] = m->stack[i];
  m->top = k;
}

/* The one exit for the step limit: whether the work so far is over it
   (m->err then set). */
static inline int out_of_steps(vm *m) {
  if (m->steps <= m->max_steps) return 0;
  m->err = URL_STEP_LIMIT;
  return 1;
}

/*
** BackreferenceMatcher: the group of that number (or name) that
** participated; an unset group matches the empty string.  Returns the
** position past it, or -1.  Each byte compared is a step.
*/
static long match_backref(vm *m, const int32_t *op, long pos) {
  int bits = op[0] >> 8, back = bits & B_BACK;
  const uint32_t *list = m->re->refs + op[1];
  long s = -1, e = -1;
  for (uint32_t k = 1; k <= list[0]; k++) {
    uint32_t g = list[k];
    if (m->caps[2 * g] >= 0 && m->caps[2 * g + 1] >= 0) {
      s = m->caps[2 * g];
      e = m->caps[2 * g + 1];
      break;
    }
  }
  if (s < 0) return pos;
  m->steps += (size_t)(e - s);
  long p = pos, q = back ? e : s;
  while (back ? q > s : q < e) {
    long qn, pn;
    int32_t a = read_cp(m, q, back, &qn);
    int32_t b = read_cp(m, p, back, &pn);
    if (b < 0 || (bits & B_ICASE ? fold((uint32_t)a) != fold((uint32_t)b) : a != b))
      return -1;
    q = qn;
    p = pn;
  }
  return p;
}

/*
** repeat_enter() while memoizing, for a REPEAT with no maximum: the memo
** point at pc + 1 is "the REPEAT past its minimum at a position", whose
** every try on (more characters, or what follows there) depends on the
** position alone.  Lazy: repeat_retry() notes each position.  Greedy,
** possessive or before fixed text up to `$`: the run is taken a character
** at a time, noting each position, up to one noted before: every try from
** there on was made, so the run ends before it (a greedy REPEAT tried
** again at each position of a run takes its run's rest once, not again
** and again).  Returns 1 (*pos past what it took), 0 or -1, as
** repeat_enter().
*/
static int repeat_enter_memo(vm *m, const int32_t *op, size_t pc, long *pos) {
  int bits = op[0] >> 8;
  uint32_t min = (uint32_t)op[1];
  long count, p = take_run(m, op, *pos, min, &count);
  m->steps += (size_t)count;
  if ((uint32_t)count < min) return 0;
  if (!(bits & (B_GREEDY | B_POSSESSIVE))) {
    if (memo_seen(m, pc + 1, p)) return 0;
    if (!may_follow(m, op, p) && !repeat_retry(m, op, pc, &p, &count)) return 0;
    *pos = p;
    return push(m, BT_REPEAT, (int32_t)pc, p, count) < 0 ? -1 : 1;
  }
  long first = p, last = p, next;
  int seen;
  while (!(seen = memo_seen(m, pc + 1, p))) {
    last = p;
    if ((next = match_char(m, op + REPEAT_ATOM, p)) < 0) break;
    p = next;
    count++;
    m->steps++;
  }
  if (seen) {
    if (p == first || (bits & B_POSSESSIVE)) return 0; /* nothing new */
    count--;
  }
  if (op[REPEAT_TAIL] >= 0) { /* the one place what follows can start */
    long at = m->n - op[REPEAT_TAIL];
    if (at < first || at > last) return 0;
    *pos = at;
    return 1;
  }
  *pos = last;
  if (bits & B_POSSESSIVE) return 1;
  if (!may_follow(m, op, last) && !repeat_retry(m, op, pc, pos, &count)) return 0;
  if ((uint32_t)count > min && push(m, BT_REPEAT, (int32_t)pc, *pos, count) < 0) return -1;
  return 1;
}

/*
** OP_REPEAT at pc from *pos: as many as it may (greedy, possessive) or
** must (lazy), with an entry to try other counts unless possessive.
** Returns 1 (*pos past them), 0 (no way) or -1 (error).
*/
static int repeat_enter(vm *m, const int32_t *op, size_t pc, long *pos) {
  int bits = op[0] >> 8;
  uint32_t min = (uint32_t)op[1], max = (uint32_t)op[2];
  long count;
  if (m->memo && m->re->memo_at[pc + 1] >= 0) return repeat_enter_memo(m, op, pc, pos);
  if (op[REPEAT_TAIL] >= 0) /* what follows can start at one place */
    return (*pos = repeat_to_tail(m, op, *pos)) >= 0;
  uint32_t want = bits & (B_GREEDY | B_POSSESSIVE) ? max : min;
  *pos = take_run(m, op, *pos, want, &count);
  m->steps += (size_t)count;
  if ((uint32_t)count < min) return 0;
  if (bits & B_POSSESSIVE) return 1;
  if (!may_follow(m, op, *pos) && !repeat_retry(m, op, pc, pos, &count)) return 0;
  if ((bits & B_GREEDY) ? (uint32_t)count > min : (uint32_t)count < max)
    if (push(m, BT_REPEAT, (int32_t)pc, *pos, count) < 0) return -1;
  return 1;
}

/*
** Backtracks to the newest alternative above base: undoes what the log
** saved on the way and resumes at *pc, *pos.  Returns 1, or 0 when no
** alternative is left.
*/
static int backtrack(vm *m, size_t base, size_t *pc, long *pos) {
  for (;;) {
    if (m->top == base) return 0;
    bt *b = &m->stack[--m->top];
    if (b->kind == BT_SLOT) {
      m->caps[b->a] = b->pos;
      continue;
    }
    if (b->kind == BT_REG) {
      m->regs[b->a] = b->pos;
      continue;
    }
    m->steps++;
    if (!m->memo && m->steps >= m->memo_after) memo_start(m);
    if (b->kind == BT_BRANCH) {
      *pc = (size_t)b->pc;
      *pos = b->pos;
      return 1;
    }
    /* BT_REPEAT: its next try, if any is left (the entry stays for the
       one after) */
    const int32_t *rop = m->re->prog + b->pc;
    long count = b->a, p = b->pos;
    if (!repeat_retry(m, rop, (size_t)b->pc, &p, &count)) continue;
    if (rop[0] >> 8 & B_GREEDY ? (uint32_t)count > (uint32_t)rop[1]
                               : (uint32_t)count < (uint32_t)rop[2]) {
      b->pos = p;
      b->a = count;
      m->top++;
    }
    *pc = (size_t)b->pc + repeat_len(rop);
    *pos = p;
    return 1;
  }
}

static int run(vm *m, size_t pc, long pos, long *end);

/*
** OP_LOOK at pc: runs the body at pos.  Lookarounds are atomic: the first
** way the body matches is kept (with its captures), never revisited; the
** body's undo log stays (keep_undo_log).  Returns 1 (go on past it), 0
** (fail) or -1 (error).
*/
static int look(vm *m, const int32_t *op, size_t pc, long pos) {
  size_t mark = m->top;
  long e;
  int rc = run(m, pc + 2, pos, &e);
  if (rc < 0) return -1;
  int neg = op[0] >> 8 & B_NEG;
  if (rc > 0) keep_undo_log(m, mark, neg);
  return (rc > 0) != !!neg;
}

/*
** Runs the program from pc at pos until OP_MATCH or OP_LOOK_END (1, with
** *end the position), or until every alternative failed (0); -1 on error
** (m->err).  Backtracking entries above the stack's height at entry are
** its own.  Each op and each backtrack is a step; work that grows with
** the input or the program (a run of characters, a backreference, a
** reset of groups) counts what it does.
*/
static int run(vm *m, size_t pc, long pos, long *end) {
  const int32_t *prog = m->re->prog;
  size_t base = m->top;
  for (;;) {
    m->steps++;
    if (out_of_steps(m)) return -1;
    const int32_t *op = prog + pc;
    int rc = 1; /* 0: this way fails; -1: an error */
    if (memo_seen(m, pc, pos)) { /* its every way on failed before */
      if (!backtrack(m, base, &pc, &pos)) return 0;
      continue;
    }
    switch (op[0] & 0xFF) {
      case OP_MATCH:
      case OP_LOOK_END:
        *end = pos;
        return 1;
      case OP_CHAR:
      case OP_ANY:
      case OP_SET:
        rc = (pos = match_char(m, op, pos)) >= 0;
        pc += op_len(op[0]);
        break;
      case OP_STR:
        rc = (pos = match_str(m, op, pos)) >= 0;
        pc += op_len(op[0]);
        break;
      case OP_BOL:
      case OP_EOL:
      case OP_WORDB:
        rc = holds(m, op, pos);
        pc++;
        break;
      case OP_SPLIT_NEXT: /* try the next op first */
        rc = push(m, BT_BRANCH, op[1], pos, 0) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_SPLIT_JUMP:
        rc = push(m, BT_BRANCH, (int32_t)(pc + 2), pos, 0) < 0 ? -1 : 1;
        pc = (size_t)op[1];
        break;
      case OP_JMP:
        pc = (size_t)op[1];
        break;
      case OP_SAVE:
        rc = set_slot(m, m->caps, BT_SLOT, op[1], pos) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_RESET: /* a step per group it looks at */
        m->steps += (size_t)(op[2] - op[1]) / 2;
        for (long k = op[1]; k <= op[2] && rc > 0; k++)
          if (m->caps[k] != -1 && set_slot(m, m->caps, BT_SLOT, k, -1) < 0) rc = -1;
        pc += 3;
        break;
      case OP_LOOP_INIT:
        rc = set_slot(m, m->regs, BT_REG, op[1], 0) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_LOOP: {
        /* RepeatMatcher: regs[r] iterations done so far */
        long k = m->regs[op[1]];
        uint32_t min = (uint32_t)op[2], max = (uint32_t)op[3];
        size_t body = pc + 5, exit = (size_t)op[4];
        if (max != INF && (uint32_t)k >= max) {
          pc = exit;
        } else if ((uint32_t)k < min) {
          pc = body;
        } else if (memo_seen(m, pc + 1, pos)) { /* past its minimum here before */
          rc = 0;
        } else if (op[0] >> 8 & B_GREEDY) {
          rc = push(m, BT_BRANCH, (int32_t)exit, pos, 0) < 0 ? -1 : 1;
          pc = body;
        } else {
          rc = push(m, BT_BRANCH, (int32_t)body, pos, 0) < 0 ? -1 : 1;
          pc = exit;
        }
        break;
      }
      case OP_LOOP_START: /* the iteration's start, for LOOP_END */
        rc = set_slot(m, m->regs, BT_REG, op[1] + 1, pos) < 0 ? -1 : 1;
        pc += 2;
        break;
      case OP_LOOP_END: {
        long r = op[1], k = m->regs[r];
        /* an iteration past the minimum must not match the empty string */
        if ((uint32_t)k >= (uint32_t)op[2] && pos == m->regs[r + 1]) rc = 0;
        else rc = set_slot(m, m->regs, BT_REG, r, k + 1) < 0 ? -1 : 1;
        pc = (size_t)op[3];
        break;
      }
      case OP_REPEAT:
        rc = repeat_enter(m, op, pc, &pos);
        pc += repeat_len(op);
        break;
      case OP_BACKREF:
        rc = (pos = match_backref(m, op, pos)) >= 0;
        pc += 2;
        break;
      case OP_LOOK:
        rc = look(m, op, pc, pos);
        pc = (size_t)op[1];
        break;
    }
    if (rc < 0) return -1;
    if (rc == 0 && !backtrack(m, base, &pc, &pos)) return 0;
  }
}

int pat_regex_exec(const pat_regex *re, const char *in, size_t n, long *caps,
                   size_t max_steps) {
  size_t nslots = 2 * ((size_t)re->ngroups + 1);
  long end = 0;
  if (re->linear && re->anchored) { /* one try, one way: no stack, no regs */
    vm m = {.re = re, .in = (const unsigned char *)in, .n = (long)n, .caps = caps};
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    if (run_linear(&m, 0, &end)) return URL_OK;
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    return URL_FAILURE;
  }
  /* the loops' registers follow the captures in the caller's slots (each
     is set before it is read: LOOP_INIT, LOOP_START) */
  long *regs = caps + nslots;
  for (uint32_t k = 0; k < re->nregs; k++) regs[k] = 0;
  bt stack_st[128];
  vm m = {.re = re, .in = (const unsigned char *)in, .n = (long)n,
          .caps = caps, .regs = regs, .stack = stack_st, .cap = 128,
          .inline_stack = stack_st,
          .max_steps = max_steps ? max_steps : PAT_DEFAULT_STEPS + 64 * n,
          .memo_after = !re->nmemo ? SIZE_MAX : re->memo_now ? 0 : MEMO_AFTER + 4 * n};
  int rc = 0;
  /* RegExpBuiltinExec: try each index from lastIndex 0 */
  for (long start = 0; start <= (long)n; start++) {
    for (size_t k = 0; k < nslots; k++) caps[k] = -1;
    m.steps += nslots / 2; /* the reset is work too */
    m.top = 0;
    rc = run(&m, 0, start, &end);
    if (rc != 0 || re->anchored) break;
    if (start < (long)n) /* to the next code point */
      while (start + 1 < (long)n && (m.in[start + 1] & 0xC0) == 0x80) start++;
  }
  if (m.stack != stack_st) re->mem->release(m.stack);
  if (m.memo) re->mem->release(m.memo);
  if (rc < 0) return m.err;
  return rc ? URL_OK : URL_FAILURE;
}
