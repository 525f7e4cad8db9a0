/*
** ECMAScript regular expressions with the `v` flag (and `i`), as the URL
** Pattern Standard compiles each component: RegExpCreate(source, "v" or
** "vi") and RegExpBuiltinExec from lastIndex 0.  ECMA-262 §22.2 syntax
** (no Annex B) and semantics: backtracking in the Standard's order,
** captures of a quantified group reset at each iteration, an iteration that
** matches the empty string past the minimum fails, lookbehind matched
** backwards, backreferences to unset groups match the empty string,
** `v`-mode character classes (nested classes, `--`, `&&`, `\q{...}`),
** Unicode property escapes (\p{...}, \P{...}: General_Category, Script,
** Script_Extensions and the binary properties of code points, Unicode 17.0;
** uprops.h) and modifiers `(?ims-ims:...)`.
**
** Input is UTF-8 (code points are the units, as `v` makes them).  What
** differs from a JavaScript engine (README, "Regular expressions"):
**   - the properties of strings (\p{RGI_Emoji} and the six others) are a
**     syntax error here;
**   - under `i`, Canonicalize is exact for ASCII input (the URL Pattern
**     Standard only ever matches canonicalized components, which are
**     ASCII), folding A-Z, U+212A KELVIN SIGN to k and U+017F LONG S to s;
**     other non-ASCII code points match only themselves.
**
** Matching has a step limit: a pattern that backtracks without end is the
** error URL_STEP_LIMIT, never a hang; and a memory limit: one that needs a
** backtracking stack of more than PAT_MAX_MATCH_BYTES is URL_MEMORY_LIMIT.
** A program with no backreference or lookaround memoizes where it failed
** (exec.c), so the URL Pattern Standard's own expressions (no regexp
** groups) match in time linear in the input.  The compiled program is immutable,
** so one may serve many threads.
*/
#ifndef PAT_REGEX_H
#define PAT_REGEX_H

#include <stddef.h>
#include <stdint.h>

#include "url_buf.h"

/* Status beyond url_status: the step limit was reached. */

/* Flags: the `i` flag (the `v` flag is always on); PAT_RE_UNTUNED
   compiles without the shortcuts that give the same results faster
   (literal runs as one op, quantifiers that never give back, the
   straight-line matcher): the reference tests compare them with. */
#define PAT_RE_ICASE 1
#define PAT_RE_UNTUNED 2
/* Memoization from a match's first step (by default it starts once a
   match has backtracked PAT_MEMO_AFTER steps): for the tests, which
   compare it with PAT_RE_UNTUNED. */
#define PAT_RE_MEMO_NOW 4

typedef struct pat_regex pat_regex;

/* Bounds (errors, not hangs or unbounded memory): at most PAT_MAX_GROUPS
   capturing groups (as QuickJS's libregexp), and a program of at most
   PAT_MAX_PROG_PER_BYTE words per byte of the source (plus a few). */
#define PAT_MAX_GROUPS 255
#define PAT_MAX_PROG_PER_BYTE 16

/*
** Compiles src[0..n) (UTF-8).  Returns URL_OK with *out set, URL_FAILURE
** for a syntax error (a message in err[0..errn)), or URL_NOMEM.
*/
int pat_regex_compile(const char *src, size_t n, int flags,
                      const url_allocator *mem, pat_regex **out, char *err,
                      size_t errn);
void pat_regex_free(pat_regex *re);

/* The bytes re holds (for a cache bounded in bytes). */
size_t pat_regex_bytes(const pat_regex *re);

/* The number of capturing groups (group 0, the match, not counted). */
int pat_regex_groups(const pat_regex *re);

/* The longs pat_regex_exec needs at caps: the captures, 2 * (groups + 1),
   then the registers of its loops (so that a match allocates nothing
   beyond a deep backtracking stack). */
size_t pat_regex_slots(const pat_regex *re);

/*
** RegExpBuiltinExec from index 0 (no g or y flag): the first match of re
** in in[0..n) (valid UTF-8).  caps (pat_regex_slots longs): its first
** 2 * (groups + 1) get byte offsets of each group's start and end, -1 for
** a group that did not participate; the rest is scratch.
** max_steps bounds the work (0: the default, PAT_DEFAULT_STEPS plus 64
** per input byte).  Returns URL_OK (a match), URL_FAILURE (none),
** URL_NOMEM, URL_STEP_LIMIT, or URL_MEMORY_LIMIT (PAT_MAX_MATCH_BYTES).
*/
/* Canonicalize(rer, c) as the engine does it under `i` (regex.h above). */
uint32_t pat_regex_fold(uint32_t c);

/* Appends a listing of re's program to out, an op a line, with what the
   tuner chose (possessive, follow map, tail, linear): for debugging. */
void pat_regex_dump(const pat_regex *re, url_buf *out);

#define PAT_DEFAULT_STEPS 10000000u
/* The memory a match may hold (its backtracking stack and its memo of
   failed positions, exec.c): past it, URL_MEMORY_LIMIT. */
#define PAT_MAX_MATCH_BYTES ((size_t)256 << 20)
int pat_regex_exec(const pat_regex *re, const char *in, size_t n,
                   long *caps, size_t max_steps);

#endif /* PAT_REGEX_H */
