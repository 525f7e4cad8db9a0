#!/usr/bin/env python3
"""Generates deceptive/uts39_tables.c: the project's own tables of UTS #39
(Unicode Security Mechanisms) data for Unicode 16.0 and 17.0.

    python3 tools/gen_uts39_tables.py ../shared/unicode-security > deceptive/uts39_tables.c

From each version folder: confusables.txt (§4: each source code point's
prototype, the skeleton mapping), IdentifierStatus.txt (§3.1: the Allowed
ranges; everything else is Restricted) and IdentifierType.txt (§3.1: each
range's set of types; unlisted code points are Not_Character).  From
17.0.0 alone: Scripts.txt, ScriptExtensions.txt and PropertyValueAliases.txt
(the four-letter codes), as the intervals of code points with one Script
and one Script_Extensions set (§5.1's resolved script set starts there),
then §5.1's augmented sets Hanb, Jpan, Kore as script ids of their own.
"""
import hashlib
import os
import sys

VERSIONS = ["16.0.0", "17.0.0"]
# Identifier_Type values, as bits (the order of UTS #39 Table 1).
TYPES = ["Not_Character", "Deprecated", "Default_Ignorable", "Not_NFKC",
         "Not_XID", "Exclusion", "Obsolete", "Technical", "Uncommon_Use",
         "Limited_Use", "Inclusion", "Recommended"]


def data_lines(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.lstrip("\ufeff").split("#", 1)[0].strip()
            if line:
                yield [x.strip() for x in line.split(";")]


def cp_range(field):
    if ".." in field:
        a, b = field.split("..")
        return int(a, 16), int(b, 16)
    return int(field, 16), int(field, 16)


def confusables(path):
    out = {}
    for f in data_lines(path):
        src = int(f[0], 16)
        out[src] = "".join(chr(int(x, 16)) for x in f[1].split())
    return out


def allowed(path):
    rs = []
    for f in data_lines(path):
        if f[1] == "Allowed":
            rs.append(cp_range(f[0]))
    return merge(sorted(rs))


def merge(rs):
    out = []
    for lo, hi in rs:
        if out and out[-1][1] + 1 >= lo:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return out


def types(path):
    rs = []
    for f in data_lines(path):
        mask = 0
        for t in f[1].split():
            mask |= 1 << TYPES.index(t)
        lo, hi = cp_range(f[0])
        if rs and rs[-1][1] + 1 == lo and rs[-1][2] == mask:
            rs[-1][1] = hi
        else:
            rs.append([lo, hi, mask])
    return sorted(rs)


SCRIPT_FILES = ("Scripts.txt", "ScriptExtensions.txt", "PropertyValueAliases.txt")
AUGMENTED = ["Hanb", "Jpan", "Kore"]
SSET_WORDS = 3  # dec_sset's 64-bit words (deceptive/uts39.h)


def scripts(folder):
    """The script codes (ids), the Script_Extensions sets (lists of ids,
    deduplicated) and the intervals [lo, sc id, set index]."""
    long_to_code = {}
    for f in data_lines(os.path.join(folder, "PropertyValueAliases.txt")):
        if f[0] == "sc":
            for name in f[1:]:
                long_to_code[name] = f[1]
    sc = {}
    for f in data_lines(os.path.join(folder, "Scripts.txt")):
        lo, hi = cp_range(f[0])
        for c in range(lo, hi + 1):
            sc[c] = long_to_code[f[1]]
    scx = {}
    for f in data_lines(os.path.join(folder, "ScriptExtensions.txt")):
        lo, hi = cp_range(f[0])
        for c in range(lo, hi + 1):
            scx[c] = tuple(sorted(long_to_code.get(x, x) for x in f[1].split()))
    codes = sorted(set(long_to_code.values())) + AUGMENTED
    assert len(codes) <= 64 * SSET_WORDS
    ids = {c: i for i, c in enumerate(codes)}
    sets, set_ids, ivs = [], {}, []
    for c in range(0x110000):
        s = sc.get(c, "Zzzz")
        x = scx.get(c, (s,))
        if x not in set_ids:
            set_ids[x] = len(sets)
            sets.append([ids[k] for k in x])
        row = (ids[s], set_ids[x])
        if not ivs or ivs[-1][1:] != list(row):
            ivs.append([c, row[0], row[1]])
    return codes, sets, ivs


def write_scripts(w, folder):
    codes, sets, ivs = scripts(folder)
    w("/* 17.0.0 Scripts.txt and ScriptExtensions.txt: %d scripts (four-letter\n"
      "   codes, PropertyValueAliases.txt), then UTS #39 section 5.1's %s. */\n"
      % (len(codes) - len(AUGMENTED), ", ".join(AUGMENTED)))
    w("const char dec_script_codes[][5] = {\n")
    for i in range(0, len(codes), 10):
        w("    %s,\n" % ", ".join('"%s"' % c for c in codes[i:i + 10]))
    w("};\nconst unsigned dec_script_count = %d;\n\n" % len(codes))
    w("/* The Script_Extensions sets (bit k: script k), %d of them. */\n" % len(sets))
    w("const dec_sset dec_scx_sets[] = {\n")
    for ks in sets:
        words = [0] * SSET_WORDS
        for k in ks:
            words[k // 64] |= 1 << (k % 64)
        w("    {{%s}},\n" % ", ".join("0x%016XULL" % x for x in words))
    w("};\n\n")
    w("/* From lo up to the next lo: Script id, Script_Extensions set (%d). */\n" % len(ivs))
    w("const dec_script_iv dec_script_ivs[] = {\n")
    for lo, s, x in ivs:
        w("    {0x%04X, %d, %d},\n" % (lo, s, x))
    w("};\nconst unsigned dec_script_iv_count = %d;\n" % len(ivs))


def c_bytes(b):
    return "".join("\\%03o" % x if x >= 0x80 or x < 0x20 or x in b'"\\?'
                   else chr(x) for x in b)


def main():
    root = sys.argv[1]
    w = sys.stdout.write
    digests = []
    for v in VERSIONS:
        for name in ("confusables.txt", "IdentifierStatus.txt", "IdentifierType.txt"):
            with open(os.path.join(root, v, name), "rb") as f:
                digests.append("%s/%s sha256 %s" % (v, name, hashlib.sha256(f.read()).hexdigest()[:16]))
    for name in SCRIPT_FILES:
        with open(os.path.join(root, VERSIONS[-1], name), "rb") as f:
            digests.append("%s/%s sha256 %s" % (VERSIONS[-1], name, hashlib.sha256(f.read()).hexdigest()[:16]))
    w("/* Generated by tools/gen_uts39_tables.py from UTS #39 data (Unicode\n")
    w("   16.0.0 and 17.0.0, unicode-org/unicodetools commit 2c1309ab2ac1de5c62f09089c8ed6bf6f1d37920,\n")
    w("   Unicode License v3); do not edit.\n")
    for d in digests:
        w("     %s\n" % d)
    w("*/\n#include \"uts39_tables.h\"\n\n")
    # One pool of prototypes (UTF-8) shared by both versions.
    pool = bytearray()
    where = {}
    conf = {v: confusables(os.path.join(root, v, "confusables.txt")) for v in VERSIONS}
    for v in VERSIONS:
        for src in sorted(conf[v]):
            t = conf[v][src].encode("utf-8")
            if t not in where:
                where[t] = len(pool)
                pool += t
    w("const char dec_proto_pool[] =\n")
    for i in range(0, len(pool), 60):
        chunk = bytes(pool[i:i + 60])
        w('    "%s"\n' % c_bytes(chunk))
    w("    ;\n\n")
    for v in VERSIONS:
        tag = v.split(".")[0]
        m = conf[v]
        w("/* %s confusables.txt: %d mappings. */\n" % (v, len(m)))
        w("const dec_confusable dec_confusables%s[] = {\n" % tag)
        for src in sorted(m):
            t = m[src].encode("utf-8")
            assert len(t) < 256
            w("    {0x%04X, %d, %d},\n" % (src, where[t], len(t)))
        w("};\nconst unsigned dec_confusables%s_count = %d;\n\n" % (tag, len(m)))
        a = allowed(os.path.join(root, v, "IdentifierStatus.txt"))
        w("/* %s IdentifierStatus.txt: Allowed, %d code points in %d ranges. */\n"
          % (v, sum(hi - lo + 1 for lo, hi in a), len(a)))
        w("const dec_range dec_allowed%s[] = {\n" % tag)
        for lo, hi in a:
            w("    {0x%04X, 0x%04X},\n" % (lo, hi))
        w("};\nconst unsigned dec_allowed%s_count = %d;\n\n" % (tag, len(a)))
        t = types(os.path.join(root, v, "IdentifierType.txt"))
        w("/* %s IdentifierType.txt: %d ranges (bit i: the i-th type of UTS #39 Table 1). */\n" % (v, len(t)))
        w("const dec_type_range dec_types%s[] = {\n" % tag)
        for lo, hi, mask in t:
            w("    {0x%04X, 0x%04X, 0x%03X},\n" % (lo, hi, mask))
        w("};\nconst unsigned dec_types%s_count = %d;\n\n" % (tag, len(t)))
    write_scripts(w, os.path.join(root, VERSIONS[-1]))


if __name__ == "__main__":
    main()
