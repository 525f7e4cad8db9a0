/*
** Every status code of the project, in one place: what core/, parts/,
** keys/ and pattern/ functions return, and what ext/'s argument readers
** answer besides an index.
*/
#ifndef URL_STATUS_H
#define URL_STATUS_H

enum url_status {
  URL_OK = 0,      /* success */
  URL_FAILURE = 1, /* the Standard's "failure" (input is not valid), or null */
  URL_NOMEM = 2,   /* allocation failed */
  URL_TOOBIG = 3,  /* result would exceed the buffer's `max` */
  /* Not answers but "ask the slower way": */
  URL_NOT_FAST = 4,  /* url_parse_fast: the input needs the state machine */
  URL_TOO_LARGE = 5, /* a list too large for a rule table: libpsl answers */
  /* Errors of the URL Pattern Standard (pattern/): */
  URL_STEP_LIMIT = 6,     /* a regular expression reached its step limit */
  URL_BASE_WITH_INIT = 7, /* a base URL given with a URLPatternInit input */
  URL_NOT_JSON = 8,       /* ext/: text that is not JSON (so a URL string) */
  URL_MEMORY_LIMIT = 9    /* a regular expression's match outgrew its memory cap */
};

/* ext/'s argument readers (url_arg_choice, url_arg_bool) return an index
   or a flag, or one of these. */
#define URL_ARG_NULL (-1)  /* the argument is NULL: the caller decides */
#define URL_ARG_ERROR (-2) /* misuse, already reported as the call's error */

#endif /* URL_STATUS_H */
