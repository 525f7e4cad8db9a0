#!/usr/bin/env python3
"""Generates referrers/referrer_tables.c (the referrer lists as constant C
tables with a hash table computed here, so nothing is built at run time, and
every string in one pool the tables point into by offset, so the loader has
no pointer to relocate) and
tests/data/referrer_cases.txt (a case for every host pattern of the lists and
each {} expansion the lookup supports), from

  - Matomo's SearchEngines.yml, Socials.yml and AIAssistants.yml (CC0;
    $SHARED_DIR/referrers, its README names the commit),
  - referrers/own_search_engines.yml (the project's own search engines, in
    SearchEngines.yml's format with a source per configuration; read after
    Matomo's, so a key in both takes the project's configuration),
  - referrers/own_lists.tsv (the project's own: webmail hosts, ad-click
    hosts, click ids, video, shopping and social sources, charsets and
    hidden-keyword paths for engines of the lists),
  - the two-letter top-level rules of $SHARED_DIR/psl/public_suffix_list.dat
    (the country codes Matomo's "lossy" host form replaces by {}).

Usage: python3 tools/gen_referrer_tables.py   (make referrer-tables)

The lists' YAML is a small subset (mappings of lists, lists of mappings,
scalars plain or single-quoted, [] for an empty list); read_yaml reads just
that and fails loudly on anything else, so no YAML library is needed."""
import os
import re
import sys

SHARED = os.environ.get("SHARED_DIR", "../shared")
REF = os.path.join(SHARED, "referrers")


def fail(msg):
    sys.exit("gen_referrer_tables.py: " + msg)


def scalar(s):
    s = s.strip()
    if s == "[]":
        return []
    if len(s) >= 2 and s[0] == "'" and s[-1] == "'":
        return s[1:-1].replace("''", "'")
    if len(s) >= 2 and s[0] == '"' and s[-1] == '"':
        if "\\" in s:
            fail("escapes in double-quoted scalar: " + s)
        return s[1:-1]
    if s[:1] in ("&", "*", "!", "|", ">", "{", "[", "%", "@", "`"):
        fail("unsupported YAML scalar: " + s)
    return s


def read_yaml(path):
    """The lists' subset: {name: [scalar | {key: scalar | [scalar]}]}."""
    top = {}
    cur = None       # the current top-level list
    item = None      # the current mapping item
    key = None       # the mapping key whose list is being read
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n").rstrip()
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            ind = len(line) - len(line.lstrip(" "))
            text = line.strip()
            where = "%s:%d" % (path, no)
            if ind == 0:
                if not text.endswith(":"):
                    fail(where + ": expected 'name:'")
                name = scalar(text[:-1])
                if name in top:
                    fail(where + ": duplicate name " + name)
                cur = top[name] = []
                item = key = None
            elif ind == 2 and text.startswith("-"):
                rest = text[1:].strip()
                if not rest:
                    item = {}
                    cur.append(item)
                    key = None
                elif re.match(r"^[a-z]+:", rest):
                    item = {}
                    cur.append(item)
                    key = None
                    k, v = rest.split(":", 1)
                    if v.strip():
                        item[k] = scalar(v)
                    else:
                        item[k] = []
                        key = k
                else:
                    cur.append(scalar(rest))
                    item = None
            elif ind == 4 and item is not None and re.match(r"^[a-z]+:", text):
                k, v = text.split(":", 1)
                if v.strip():
                    item[k] = scalar(v)
                    key = None
                else:
                    item[k] = []
                    key = k
            elif ind == 6 and key is not None and text.startswith("- "):
                item[key].append(scalar(text[2:]))
            else:
                fail(where + ": unsupported YAML line")
    return top


def read_commit():
    with open(os.path.join(REF, "README.md"), encoding="utf-8") as f:
        m = re.search(r"commit\s+`([0-9a-f]{40})`\s*\(([0-9-]+)\)", f.read())
    if not m:
        fail("no commit in %s/README.md" % REF)
    return m.group(1), m.group(2)


def read_countries():
    """Two-letter top-level rules of the PSL's ICANN section."""
    out = set()
    with open(os.path.join(SHARED, "psl", "public_suffix_list.dat"),
              encoding="utf-8") as f:
        for line in f:
            if "===END ICANN DOMAINS===" in line:
                break
            line = line.strip()
            if re.fullmatch(r"[a-z]{2}", line):
                out.add(line)
    if len(out) < 200:
        fail("too few country codes in the PSL")
    return out


def read_own():
    rows = []
    with open("referrers/own_lists.tsv", encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if len(cols) != 4 or cols[0] not in (
                    "email", "paid", "clickid", "video", "shopping", "social",
                    "search", "charsets", "hidden") or not cols[3]:
                fail("referrers/own_lists.tsv:%d: expected kind key name source" % no)
            rows.append(cols)
    return rows


def c_str(s):
    b = s.encode("utf-8")
    out = '"'
    for ch in b:
        if ch in (0x22, 0x5C):
            out += "\\" + chr(ch)
        elif 0x20 <= ch < 0x7F and ch != 0x3F:  # '?': no trigraphs
            out += chr(ch)
        else:
            out += "\\%03o" % ch
    return out + '"'


def fnv1a(b):
    h = 2166136261
    for ch in b:
        h ^= ch
        h = (h * 16777619) & 0xFFFFFFFF
    return h


# Hidden-keyword and keyword-parameter forms.  A regex whose whole meaning
# is a fixed test is given that test here, so no regex runs for it.
def pattern_kind(p, is_param):
    if len(p) > 1 and p[0] == "/" and p[-1] == "/":
        src = p[1:-1]
        if is_param:
            return "REF_P_REGEX", src
        if src == "^$":
            return "REF_H_EMPTY", ""
        if src == ".*":
            return "REF_H_ANY", ""
        # ^LIT (maybe followed by .*): "starts with LIT"
        m = re.fullmatch(r"\^((?:[A-Za-z0-9_=-]|\\[/?.])+)(?:\.\*)?", src)
        if m:
            return "REF_H_PREFIX", re.sub(r"\\(.)", r"\1", m.group(1))
        # LIT1.*LIT2.* ... (a last .* or (\?.*)? optional): "contains LIT1,
        # then LIT2 after it, ...", literals NUL-separated; one pass, where
        # a backtracking search of LIT1.*LIT2 is quadratic
        lit = r"(?:[A-Za-z0-9_=-]|\\[/?.])+"
        m = re.fullmatch(r"(%s(?:\.\*%s)*)(?:\.\*|\(\\\?\.\*\)\?)?" % (lit, lit), src)
        if m:
            parts = [re.sub(r"\\(.)", r"\1", x) for x in m.group(1).split(".*")]
            return "REF_H_SEQ", "\0".join(parts)
        return "REF_H_REGEX", src
    return ("REF_P_NAME" if is_param else "REF_H_EXACT"), p


CATS = {"search": 1, "social": 2, "video": 4, "shopping": 8}


def main():
    commit, date = read_commit()
    engines_yml = read_yaml(os.path.join(REF, "SearchEngines.yml"))
    n_matomo_engines = len(engines_yml)
    own_engines = read_yaml("referrers/own_search_engines.yml")
    n_own_configs = 0
    for ename, configs in own_engines.items():  # after Matomo's: they win
        for cfg in configs:
            if not isinstance(cfg, dict) or not cfg.get("source"):
                fail("own_search_engines.yml: %s: a configuration without source" % ename)
            n_own_configs += 1
        engines_yml.setdefault(ename, []).extend(configs)
    socials_yml = read_yaml(os.path.join(REF, "Socials.yml"))
    ai_yml = read_yaml(os.path.join(REF, "AIAssistants.yml"))
    own = read_own()
    countries = read_countries()

    names = []
    name_idx = {}

    def name_of(n):
        if n not in name_idx:
            name_idx[n] = len(names)
            names.append(n)
        return name_idx[n]

    entries = {}  # key -> dict

    def entry(key):
        if key not in entries:
            entries[key] = {"engine": -1, "social": -1, "ai": -1, "email": -1,
                            "paid": -1, "cats": 0, "paths": 0, "flags": set()}
        return entries[key]

    def add_key(key, field, value):
        """A host key (maybe host/path): its host entry is marked when
        the key has a path."""
        if "/" in key and not key.startswith("/"):
            host = key.split("/", 1)[0]
            entry(host)["paths"] = 1
        entry(key)[field] = value

    # own_lists.tsv's additions to engines of the lists: charsets (for the
    # configurations naming none) and hidden-keyword paths
    own_charsets, own_hidden = {}, {}
    for kind, key, name, src in own:
        if kind in ("charsets", "hidden") and key not in engines_yml:
            fail("own_lists.tsv: %s for an engine no list names: %s" % (kind, key))
        if kind == "charsets":
            own_charsets[key] = name.split(",")
        elif kind == "hidden":
            own_hidden.setdefault(key, []).append(name)

    pats = []          # (kind, text)
    engines = []       # rows
    skipped = []
    cases = []         # (referrer, medium, source, term)
    exact_keys = {}    # search key -> engine index (last definition wins)
    for ename, configs in engines_yml.items():
        ni = name_of(ename)
        entry(ename.lower())["flags"].add("search")
        for cfg in configs:
            if not isinstance(cfg, dict) or "urls" not in cfg:
                fail("engine %s: a configuration without urls" % ename)
            urls = [u for u in cfg["urls"] if not u.startswith("/")]
            skipped += [(ename, u) for u in cfg["urls"] if u.startswith("/")]
            params = cfg.get("params", [])
            # Matomo's SearchEngine.php: a configuration without hidden-
            # keyword paths has these (a referrer at the engine's root is
            # a search without a keyword); the project's own additions
            # (own_lists.tsv 'hidden') come after
            hidden = (cfg.get("hiddenkeyword") or ["/^$/", "/"]) + own_hidden.get(ename, [])
            charsets = cfg.get("charsets") or own_charsets.get(ename, [])
            if len(charsets) > 3:
                fail("engine %s: more than three charsets" % ename)
            p0 = len(pats)
            pats += [pattern_kind(p, True) for p in params]
            h0 = len(pats)
            pats += [pattern_kind(h, False) for h in hidden]
            ix = len(engines)
            engines.append((ni, cfg.get("backlink"), p0, len(params), h0,
                            len(hidden), charsets, ename, params, hidden, urls))
            for u in urls:
                exact_keys[u] = ix
    for u, ix in exact_keys.items():
        add_key(u, "engine", ix)
        entry(u)["flags"].add("search")
    for sname, hosts in socials_yml.items():
        ni = name_of(sname)
        entry(sname.lower())["flags"].add("social")
        for h in hosts:
            add_key(h, "social", ni)
            entry(h)["flags"].add("social")
    for aname, hosts in ai_yml.items():
        ni = name_of(aname)
        entry(aname.lower())["flags"].add("ai")
        for h in hosts:
            add_key(h, "ai", ni)
            entry(h)["flags"].add("ai")
    clickids = []
    for kind, key, name, src in own:
        if kind == "clickid":
            s, m = name.split("/")
            clickids.append((key, s, m))
            continue
        if kind in ("charsets", "hidden"):
            continue
        ni = name_of(name)
        if kind in ("email", "paid"):
            add_key(key, kind, ni)
        else:
            entry(key)["flags"].add(kind)
            entry(name.lower())["flags"].add(kind)
    # One category a key: the project's video and shopping sources over the
    # lists' (YouTube is a social network there), an AI assistant none (its
    # referrals are GA4 referrals, though ChatGPT is also a search engine
    # in the list), a social network over a search engine (Facebook is both).
    for e in entries.values():
        f = e["flags"]
        for cat in ("video", "shopping", "ai", "social", "search"):
            if cat in f:
                e["cats"] = CATS.get(cat, 0)
                break

    for k, e in entries.items():  # referrer.c's suffix walk skips bare TLDs
        if max(e["social"], e["ai"], e["email"], e["paid"]) >= 0 and \
                "." not in k.split("/")[0]:
            fail("a listed host without a dot: " + k)
    keys = sorted(entries, key=lambda k: k.encode())
    if len(keys) >= 0x7FFF or len(names) >= 0x7FFF or len(pats) >= 0xFFFF:
        fail("tables too large for their index types")
    slots = 1
    while slots < 2 * len(keys):
        slots *= 2
    table = [0] * slots
    probes = 0
    for i, k in enumerate(keys):
        h = fnv1a(k.encode()) & (slots - 1)
        while table[h]:
            h = (h + 1) & (slots - 1)
            probes += 1
        table[h] = i + 1
    key_max = max(len(k.encode()) for k in keys)

    # Every string in one pool, each table holding offsets into it: no
    # pointer in the tables, so the dynamic loader relocates nothing when
    # the extension loads (as ICU's and Chromium's generated tables are
    # laid out).  Offset 0 is the empty string: "none".
    pool = bytearray(b"\0")
    pool_at = {"": 0}
    records = [""]  # the pool's strings in order (a text may hold NULs)

    def off(text):
        if text is None:
            return 0
        if text not in pool_at:
            pool_at[text] = len(pool)
            pool.extend(text.encode("utf-8") + b"\0")
            records.append(text)
        return pool_at[text]

    name_offs = [off(n) for n in names]
    pat_rows = [(kind, len(text.encode()), off(text)) for kind, text in pats]
    engine_rows = []
    for (ni, back, p0, pn, h0, hn, cs, ename, *_rest) in engines:
        engine_rows.append((ni, off(back), p0, pn, h0, hn,
                            [off(c) for c in cs] + [0] * (3 - len(cs))))
    entry_rows = [(off(k), len(k.encode()), entries[k]) for k in keys]
    clickid_rows = [(off(key), len(key), off(s), off(m)) for key, s, m in clickids]
    if len(pool) >= 1 << 32:
        fail("string pool too large for 32-bit offsets")

    out = open("referrers/referrer_tables.c", "w", encoding="utf-8")
    w = out.write
    w("/*\n** Generated by tools/gen_referrer_tables.py (make referrer-tables): do not\n"
      "** edit.  From Matomo's searchengine-and-social-list (CC0 1.0) at commit\n"
      "** %s (%s): SearchEngines.yml, Socials.yml,\n"
      "** AIAssistants.yml; the project's referrers/own_lists.tsv and\n"
      "** referrers/own_search_engines.yml; the country codes are the two-letter\n"
      "** top-level rules of the Public Suffix List.\n"
      "**\n** %d engines in %d configurations (%d of Matomo's engines, %d own\n"
      "** configurations), %d social networks, %d AI assistants, %d own entries;\n"
      "** %d keys in %d slots (%d extra probes); %d bytes of strings, referred\n"
      "** to by offset (no pointer: nothing to relocate).\n*/\n"
      % (commit, date, len(engines_yml), len(engines), n_matomo_engines, n_own_configs,
         len(socials_yml), len(ai_yml), len(own), len(keys), slots, probes, len(pool)))
    w('#include "referrer_tables.h"\n\n')
    w('const char ref_lists_commit[] = "%s";\n\n' % commit)
    w("const char ref_pool[%d] =\n" % len(pool))
    # the pool as literals of whole strings, each with its \0 written out
    # (the array's size leaves out the literal's own terminator)
    chunks = [c_str(r + "\0") for r in records]
    for i in range(0, len(chunks), 4):
        w("    " + " ".join(chunks[i:i + 4]) + "\n")
    w("    ;\n\n")
    w("const uint32_t ref_names[%d] = {\n" % len(names))
    for i in range(0, len(name_offs), 12):
        w("    " + ", ".join(str(x) for x in name_offs[i:i + 12]) + ",\n")
    w("};\n\n")
    w("const ref_pattern ref_patterns[%d] = {\n" % len(pats))
    for (kind, _), (_, n, o) in zip(pats, pat_rows):
        w("    {%s, %d, %d},\n" % (kind, n, o))
    w("};\n\n")
    w("const ref_engine ref_engines[%d] = {\n" % len(engines))
    for (ni, bo, p0, pn, h0, hn, cs) in engine_rows:
        w("    {%d, %d, %d, %d, %d, %d, {%s}},\n"
          % (ni, bo, p0, pn, h0, hn, ", ".join(str(c) for c in cs)))
    w("};\n\n")
    w("const ref_entry ref_entries[%d] = {\n" % len(keys))
    for (ko, kn, e) in entry_rows:
        w("    {%d, %d, %d, %d, %d, %d, %d, %d, %d},\n"
          % (ko, kn, e["engine"], e["social"], e["ai"],
             e["email"], e["paid"], e["cats"], e["paths"]))
    w("};\n\n")
    w("const uint32_t ref_slot_mask = %d;\n" % (slots - 1))
    w("const size_t ref_key_max = %d;\n" % key_max)
    w("const size_t ref_n_engines = %d, ref_n_names = %d, ref_n_patterns = %d,\n"
      "             ref_n_entries = %d, ref_n_clickids = %d;\n\n"
      % (len(engines), len(names), len(pats), len(keys), len(clickids)))
    w("const uint16_t ref_slots[%d] = {\n" % slots)
    for i in range(0, slots, 16):
        w("    " + ", ".join(str(x) for x in table[i:i + 16]) + ",\n")
    w("};\n\n")
    w("const ref_clickid ref_clickids[%d] = {\n" % len(clickids))
    for (ko, kn, so, mo) in clickid_rows:
        w("    {%d, %d, %d, %d},\n" % (ko, kn, so, mo))
    w("};\n\n")
    bits = []
    for a in "abcdefghijklmnopqrstuvwxyz":
        v = 0
        for j, b in enumerate("abcdefghijklmnopqrstuvwxyz"):
            if a + b in countries:
                v |= 1 << j
        bits.append(v)
    w("/* Bit j of row i: the code of letters i, j is a country code. */\n")
    w("const uint32_t ref_country_bits[26] = {\n")
    for i in range(0, 26, 4):
        w("    " + ", ".join("0x%07x" % b for b in bits[i:i + 4]) + ",\n")
    w("};\n")
    out.close()

    write_cases(engines, engines_yml, socials_yml, ai_yml, own, exact_keys,
                entries, names, commit, countries)
    if skipped:
        sys.stderr.write("skipped (a regex among urls): %s\n" % skipped)


# ---------------------------------------------------------------- cases
#
# Each host pattern of the lists becomes a referrer and the row expected of
# it.  The expectation is what the lists say (the last definition of a key
# wins, as Matomo's array does; AI before search before social), computed
# here from the YAML, not from the C tables.

SUBS = ["de", "fr"]              # {} as a subdomain label
TLDS = ["de", "co.uk", "com.br"] # {} as a top-level domain


def expand(u):
    if "{}" not in u:
        return [u]
    host = u.split("/", 1)[0]
    if host.endswith(".{}"):
        return [u.replace("{}", t) for t in TLDS]
    return [u.replace("{}", s) for s in SUBS]


def seq_in(parts, s):
    at = 0
    for p in parts:
        i = s.find(p, at)
        if i < 0:
            return False
        at = i + len(p)
    return True


def hidden_match(hidden, path):
    """Matomo's hidden-keyword test on path?query#fragment (here: the path),
    with /^$/ taking the root path of a URL without query as empty."""
    for x in hidden:
        kind, text = pattern_kind(x, False)
        if (kind == "REF_H_EXACT" and text == path or kind == "REF_H_ANY"
                or kind == "REF_H_EMPTY" and path in ("", "/")
                or kind == "REF_H_SEQ" and seq_in(text.split("\0"), path)
                or kind == "REF_H_PREFIX" and path.startswith(text)
                or kind == "REF_H_REGEX" and re.search(text, path)):
            return True
    return False


def keyword(params, url, query):
    """The first keyword parameter that gives a keyword (Python's re for the
    regex ones, on the whole URL as Matomo matches them)."""
    from urllib.parse import unquote_plus
    for p in params:
        if len(p) > 1 and p[0] == "/" and p[-1] == "/":
            m = re.search(p[1:-1], url)
            if m and m.group(1) is not None:
                return unquote_plus(m.group(1)).strip()
            continue
        for pair in query.split("&"):
            k, _, v = pair.partition("=")
            if unquote_plus(k) == p and unquote_plus(v).strip():
                return unquote_plus(v).strip()
    return None


def lossy(host, countries):
    """UrlHelper::getLossyUrl's replacements, as PHP's preg_replace does them
    (Python's re.sub: the same leftmost, non-overlapping matches)."""
    cc = "|".join(sorted(countries))
    host = re.sub(r"^(w+[0-9]*|search)\.", "", host, count=1)
    host = re.sub(r"(^|\.)m\.", r"\1", host)
    host = re.sub(r"(\.(com|org|net|co|it|edu))?\.(" + cc + r")(\/|$)", r".{}\4", host)
    host = re.sub(r"(^|\.)(" + cc + r")\.", r"\1{}.", host)
    return host


def write_cases(engines, engines_yml, socials_yml, ai_yml, own, exact_keys,
                entries, names, commit, countries):
    ai_keys = {}
    for aname, hosts in ai_yml.items():
        for h in hosts:
            ai_keys[h] = aname
    suffix_kinds = [("social", {h: n for n, hs in socials_yml.items() for h in hs})]
    for kind in ("email", "paid"):
        suffix_kinds.append((kind, {k: n for kd, k, n, s in own if kd == kind}))

    def suffixes(host):
        labels = host.split(".")
        return [".".join(labels[i:]) for i in range(len(labels))]

    def fallback(host):
        """Not a search: the longest listed suffix of host, of any kind."""
        for suf in suffixes(host):
            for kind, d in suffix_kinds:
                if suf in d:
                    return kind, d[suf]
        return "website", host

    def engine_for(h, path):
        """getEngineHostFromUrl, on the keys as the YAML lists them."""
        lh = lossy(h, countries)
        for k in (h + path, h, lh + path, lh):
            if k in exact_keys:
                return exact_keys[k]
        return None

    lines = []
    n_expanded = 0
    for key, ix in sorted(exact_keys.items()):
        if not re.fullmatch(r"[a-z0-9.{}-]+(/[A-Za-z0-9/_-]*)?", key):
            continue
        for host in expand(key):
            if host != key:
                n_expanded += 1
            h, _, path = host.partition("/")
            path = "/" + path
            if any(x in ai_keys for x in suffixes(h)):
                continue
            ix = engine_for(h, path)
            if ix is None:  # a key Matomo's lookup never reaches
                kind, src = fallback(h)
                lines.append("http://%s%s?q=x\t%s\t%s\t" % (h, path, kind, src))
                continue
            (ni, back, p0, pn, h0, hn, cs, ename, params, hidden, urls) = engines[ix]
            plain = [p for p in params if not p.startswith("/")]
            if plain and (not cs or cs[0].lower() == "utf-8"):
                q = "%s=caf%%C3%%A9+au+lait" % plain[0].replace(" ", "%20")
                url = "http://%s%s?%s" % (h, path, q)
                term = keyword(params, url, q)
                if term is not None:
                    lines.append("%s\tsearch\t%s\t%s" % (url, ename, term))
            url = "http://%s%s" % (h, path)
            term = keyword(params, url, "")
            if term is not None:
                lines.append("%s\tsearch\t%s\t%s" % (url, ename, term))
            elif hidden_match(hidden, path):
                lines.append("%s\tsearch\t%s\t" % (url, ename))
            else:
                kind, src = fallback(h)
                lines.append("%s\t%s\t%s\t" % (url, kind, src))
    for sname, hosts in socials_yml.items():
        for h in hosts:
            if h in exact_keys or h in ai_keys or "/" in h:
                continue
            lines.append("https://%s/some/page\tsocial\t%s\t" % (h, sname))
            lines.append("https://sub.%s/\tsocial\t%s\t" % (h, sname))
    for aname, hosts in ai_yml.items():
        for h in hosts:
            lines.append("https://%s/\tai\t%s\t" % (h, aname))
    for kind, key, name, src in own:
        if kind in ("email", "paid") and key not in exact_keys:
            host, _, path = key.partition("/")
            lines.append("https://%s/%s\t%s\t%s\t" % (host, path, kind, name))
    # The lossy form of hosts (Python's re with Matomo's four regexes): the
    # list's hosts and variants that reach each replacement.
    hosts = set()
    for key in exact_keys:
        h = key.split("/", 1)[0]
        if re.fullmatch(r"[a-z0-9.-]+", h):
            hosts.add(h)
    extra = ["www.a.com", "ww2.a.de", "w3.a.co.uk", "wwwgoogle.com", "search.a.fr",
             "searcha.fr", "m.a.com", "a.m.b.com", "a.m.m.b.com", "m.m.a.com", "m.de",
             "de.fr.a.com", "a.de.fr.b.com", "a.uk.de", "a.com.br.de", "a.co.it",
             "a.it", "de", ".de", "a..de", "fr.m.de", "m.fr.de.com", "a.edu.au",
             "www.m.de.a.co.uk", "wx.a.com", "w.a.b", "a.zz", "a.net.zz", "ab.cd.ef"]
    lossy_lines = []
    for h in sorted(hosts) + extra:
        for v in (h, "www." + h, "m." + h):
            lossy_lines.append("%s\t%s" % (v, lossy(v, countries)))
    with open("tests/data/referrer_lossy.txt", "w", encoding="utf-8") as f:
        f.write("# Generated by tools/gen_referrer_tables.py: host, Matomo's lossy form\n"
                "# (UrlHelper::getLossyUrl's regexes run by Python's re).\n")
        for line in lossy_lines:
            f.write(line + "\n")
    with open("tests/data/referrer_cases.txt", "w", encoding="utf-8") as f:
        f.write("# Generated by tools/gen_referrer_tables.py from Matomo's lists at %s\n"
                "# and referrers/own_lists.tsv: referrer, medium, source, term (tab-separated).\n"
                "# %d cases, %d of them {} expansions.\n" % (commit, len(lines), n_expanded))
        for line in lines:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
