/*
** RFC 3986's character classes (§2.2, §2.3, §3.3, Appendix A) as constant
** expressions over one byte c, written once for uri/: uri.c's parser
** builds its class table from them, encode.c its encode sets, iri.c checks
** a reg-name's characters.  Non-ASCII is in none of them.
*/
#ifndef URI_CHARS_H
#define URI_CHARS_H

#define URI_IS_ALPHA(c) (((c) >= 'a' && (c) <= 'z') || ((c) >= 'A' && (c) <= 'Z'))
#define URI_IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define URI_IS_HEX(c)                                                    \
  (URI_IS_DIGIT(c) || ((c) >= 'a' && (c) <= 'f') || ((c) >= 'A' && (c) <= 'F'))
/* unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
#define URI_IS_UNRES(c) (URI_IS_ALPHA(c) || URI_IS_DIGIT(c) || (c) == '-' || \
                         (c) == '.' || (c) == '_' || (c) == '~')
/* sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" */
#define URI_IS_SUB(c) ((c) == '!' || (c) == '$' || (c) == '&' || (c) == '\'' || \
                       (c) == '(' || (c) == ')' || (c) == '*' || (c) == '+' ||  \
                       (c) == ',' || (c) == ';' || (c) == '=')
/* pchar = unreserved / pct-encoded / sub-delims / ":" / "@" (but '%') */
#define URI_IS_PCHAR(c) (URI_IS_UNRES(c) || URI_IS_SUB(c) || (c) == ':' || (c) == '@')

#endif /* URI_CHARS_H */
