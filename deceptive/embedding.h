/*
** Target embedding, re-stated from Chromium's
** components/lookalikes/core/lookalike_url_util.cc (GetTargetEmbeddingType,
** SearchForEmbeddings): a target's registrable domain written inside a
** host, its tokens separated by dots or hyphens (google.com-login.com,
** google-com.evil.example, www-google.com, googlecom-foo.com), unless the
** host is that target or under it, the embedded part is allowlisted, or it
** is the same name on another registry (google.com.mx).
*/
#ifndef DEC_EMBEDDING_H
#define DEC_EMBEDDING_H

#include <stddef.h>

#include "lookalike.h"

/*
** The target embedded in the host h[0..n) (ASCII, serialized), or -1: its
** listed domain through dec_targets_domain.  *at, *at_len: the embedded
** part of h; *tail: it ends h (www-google.com: Chromium's Safety Tip, the
** others its interstitial, which is preferred).  Only targets whose name
** before the registry has 5 characters or more take part
** (kMinE2LDLengthForTargetEmbedding).  *rc: URL_OK or URL_NOMEM.
*/
long dec_embedded_target(const dec_targets *t, const char *h, size_t n,
                         size_t *at, size_t *at_len, int *tail, int *rc);

#endif /* DEC_EMBEDDING_H */
