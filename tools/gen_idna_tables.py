#!/usr/bin/env python3
"""Generates core/idna_tables.c from the Unicode data in ../shared/unicode/
($SHARED_DIR/unicode: third-party files, not committed) and data/unicode/.

Inputs (../shared/unicode/; each path read is printed on stderr):
  IdnaMappingTable-17.0.0.txt   UTS #46 section 5 status and mapping
  JoiningType-17.0.0.txt        Joining_Type (RFC 5892 ContextJ rule A.1)
  UnicodeData-15.0.0.txt        General_Category, Canonical_Combining_Class,
                                decompositions
  CompositionExclusions-15.0.0.txt  (no new exclusions since)
  DerivedBidiClass-15.0.0.txt   Bidi_Class incl. the defaults of unassigned
                                code points (RFC 5893)
Input (data/unicode/, the project's own):
  UnicodeData-delta-17.0.0.txt  the UnicodeData fields of the marks and
                                composites added in 16.0 and 17.0
                                (tools/gen_ucd_delta.js)

Output: two-level tables for the per-code-point data, sorted arrays for
decompositions and compositions; see core/idna_tables.h for the layout.  Usage: python3 tools/gen_idna_tables.py
(from anywhere); the output is deterministic.
"""

import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, 'data', 'unicode')
# Third-party data beside the checkout (tests/shared_data.h): $SHARED_DIR
# (make exports it) or ../shared from the repository root.
SHARED = os.environ.get('SHARED_DIR') or os.path.join(ROOT, '..', 'shared')
if not os.path.isabs(SHARED):
    SHARED = os.path.join(ROOT, SHARED)
IN_SHARED = ('IdnaMappingTable-17.0.0.txt', 'JoiningType-17.0.0.txt',
             'UnicodeData-15.0.0.txt', 'CompositionExclusions-15.0.0.txt',
             'DerivedBidiClass-15.0.0.txt')
OUT = os.path.join(ROOT, 'core', 'idna_tables.c')
NCP = 0x110000

# Must match core/idna_tables.h.
ST_VALID, ST_MAPPED, ST_IGNORED, ST_DISALLOWED = range(4)
BIDI = {'L': 0, 'R': 1, 'AL': 2, 'AN': 3, 'EN': 4, 'ES': 5, 'CS': 6,
        'ET': 7, 'ON': 8, 'BN': 9, 'NSM': 10}
BIDI_OTHER = 11
BIDI_LONG = {
    'Left_To_Right': 'L', 'Right_To_Left': 'R', 'Arabic_Letter': 'AL',
    'Arabic_Number': 'AN', 'European_Number': 'EN',
    'European_Separator': 'ES', 'Common_Separator': 'CS',
    'European_Terminator': 'ET', 'Other_Neutral': 'ON',
    'Boundary_Neutral': 'BN', 'Nonspacing_Mark': 'NSM'}
JT = {'U': 0, 'D': 1, 'R': 2, 'L': 3, 'C': 4, 'T': 5}
P_BIDI_SHIFT = 8
P_JT_SHIFT = 12
P_MARK = 1 << 15
P_DECOMP = 1 << 16
P_COMP2 = 1 << 17

S_BASE, L_BASE, V_BASE, T_BASE = 0xAC00, 0x1100, 0x1161, 0x11A7
L_COUNT, V_COUNT, T_COUNT = 19, 21, 28
S_COUNT = L_COUNT * V_COUNT * T_COUNT


def data_path(name):
    """The path of an input: ../shared/unicode/ for the third-party files."""
    if name not in IN_SHARED:
        return os.path.join(DATA, name)
    path = os.path.join(SHARED, 'unicode', name)
    if not os.path.exists(path):
        sys.exit('missing %s: the generator reads ../shared beside the '
                 'checkout (or SHARED_DIR=DIR)' % path)
    print('data: %s' % path, file=sys.stderr)
    return path


def lines(name):
    with open(data_path(name), encoding='utf-8') as f:
        for raw in f:
            line = raw.split('#', 1)[0].strip()
            if line:
                yield [x.strip() for x in line.split(';')]


def cp_range(field):
    a, _, b = field.partition('..')
    return int(a, 16), int(b or a, 16)


def parse_idna():
    """UTS #46 section 5.  Nontransitional: deviation is valid.  The
    disallowed_STD3_* values of tables before 16.0 behave as their
    non-STD3 counterparts because UseSTD3ASCIIRules is false."""
    status = [None] * NCP
    mapping = [()] * NCP
    for f in lines('IdnaMappingTable-17.0.0.txt'):
        a, b = cp_range(f[0])
        st = f[1]
        m = tuple(int(x, 16) for x in f[2].split()) if len(f) > 2 else ()
        if st in ('valid', 'deviation', 'disallowed_STD3_valid'):
            s, m = ST_VALID, ()
        elif st in ('mapped', 'disallowed_STD3_mapped'):
            s = ST_MAPPED
        elif st == 'ignored':
            s, m = ST_IGNORED, ()
        elif st == 'disallowed':
            s, m = ST_DISALLOWED, ()
        else:
            sys.exit('unknown IDNA status ' + st)
        for c in range(a, b + 1):
            status[c] = s
            mapping[c] = m
    if None in status:
        sys.exit('IdnaMappingTable does not cover every code point')
    return status, mapping


def parse_ucd():
    ccc = [0] * NCP
    mark = [False] * NCP
    decomp = {}
    bidi_override = {}
    for name in ('UnicodeData-15.0.0.txt', 'UnicodeData-delta-17.0.0.txt'):
        first = None
        for f in lines(name):
            c = int(f[0], 16)
            if f[1].endswith('First>'):
                first = c
                continue
            lo = first if f[1].endswith('Last>') else c
            first = None
            for x in range(lo, c + 1):
                ccc[x] = int(f[3])
                mark[x] = f[2].startswith('M')
            if f[5] and not f[5].startswith('<'):
                decomp[c] = tuple(int(x, 16) for x in f[5].split())
            if f[4]:
                bidi_override[c] = f[4]
    return ccc, mark, decomp, bidi_override


def parse_bidi(override):
    bidi = ['L'] * NCP
    with open(data_path('DerivedBidiClass-15.0.0.txt'), encoding='utf-8') as f:
        for raw in f:
            m = re.match(r'#\s*@missing:\s*([0-9A-F.]+)\s*;\s*(\w+)', raw)
            if m:
                a, b = cp_range(m.group(1))
                bidi[a:b + 1] = [BIDI_LONG[m.group(2)]] * (b - a + 1)
    for f in lines('DerivedBidiClass-15.0.0.txt'):
        a, b = cp_range(f[0])
        bidi[a:b + 1] = [f[1]] * (b - a + 1)
    for c, v in override.items():
        bidi[c] = v
    return [BIDI.get(v, BIDI_OTHER) for v in bidi]


def parse_jt():
    jt = [0] * NCP
    for f in lines('JoiningType-17.0.0.txt'):
        a, b = cp_range(f[0])
        for c in range(a, b + 1):
            jt[c] = JT[f[1]]
    return jt


def full_decomp(c, decomp):
    if c not in decomp:
        return (c,)
    out = ()
    for x in decomp[c]:
        out += full_decomp(x, decomp)
    return out


def compositions(decomp, ccc):
    excl = set()
    for f in lines('CompositionExclusions-15.0.0.txt'):
        excl.add(int(f[0], 16))
    pairs = {}
    for c, d in decomp.items():
        # Full_Composition_Exclusion: listed, singleton, non-starter.
        if c in excl or len(d) != 2 or ccc[c] or ccc[d[0]]:
            continue
        pairs[d] = c
    return pairs


BLOCK_SHIFT = 6  # must match core/idna_tables.h


def two_level(values):
    """Splits a per-code-point array into an index of block numbers and the
    distinct blocks of 1 << BLOCK_SHIFT values."""
    size = 1 << BLOCK_SHIFT
    index, blocks, seen = [], [], {}
    for i in range(0, NCP, size):
        block = tuple(values[i:i + size])
        if block not in seen:
            seen[block] = len(seen)
            blocks.extend(block)
        index.append(seen[block])
    assert len(seen) < (1 << 16)
    return index, blocks


def emit_array(out, ctype, name, values, per_line, fmt):
    out.append('const %s %s[%d] = {' % (ctype, name, len(values)))
    for i in range(0, len(values), per_line):
        out.append('  ' + ', '.join(fmt % v for v in values[i:i + per_line])
                   + ',')
    out.append('};')
    out.append('')


def main():
    status, mapping = parse_idna()
    ccc, mark, decomp, bidi_override = parse_ucd()
    bidi = parse_bidi(bidi_override)
    jt = parse_jt()
    pairs = compositions(decomp, ccc)
    second = {b for (_, b) in pairs}

    # IDNA mapping: one word per code point, mappings deduplicated into a
    # pool of code points.
    pool, pool_index = [], {}
    map_val = [0] * NCP
    for c in range(NCP):
        m = mapping[c]
        if m not in pool_index:
            pool_index[m] = len(pool)
            pool.extend(m)
        assert len(m) < 32 and len(pool) < (1 << 25)
        map_val[c] = status[c] | len(m) << 2 | pool_index[m] << 7

    # Per-code-point properties.
    hangul_v = range(V_BASE, V_BASE + V_COUNT)
    hangul_t = range(T_BASE + 1, T_BASE + T_COUNT)
    prop_val = [0] * NCP
    for c in range(NCP):
        v = ccc[c] | bidi[c] << P_BIDI_SHIFT | jt[c] << P_JT_SHIFT
        if mark[c]:
            v |= P_MARK
        if c in decomp or S_BASE <= c < S_BASE + S_COUNT:
            v |= P_DECOMP
        if c in second or c in hangul_v or c in hangul_t:
            v |= P_COMP2
        prop_val[c] = v

    map_index, map_blocks = two_level(map_val)
    prop_index, prop_blocks = two_level(prop_val)

    # Full canonical decompositions (Hangul is algorithmic).
    dec_cp, dec_data, dec_pool = [], [], []
    for c in sorted(decomp):
        d = full_decomp(c, decomp)
        assert len(d) < 8
        dec_cp.append(c)
        dec_data.append(len(dec_pool) << 3 | len(d))
        dec_pool.extend(d)

    comp_key = sorted(pairs)
    out = [
        '/*',
        '** Generated by tools/gen_idna_tables.py from ../shared/unicode/ and',
        '** data/unicode/UnicodeData-delta-17.0.0.txt; do not',
        '** edit.  IDNA mapping: Unicode 17.0.0.  Joining_Type: 17.0.0.',
        '** Normalization, General_Category=Mark, Bidi_Class: Unicode 15.0',
        '** plus the marks and composites added in 16.0/17.0.',
        '*/',
        '#include "idna_tables.h"',
        '',
        'const size_t url_idna_decomp_count = %d;' % len(dec_cp),
        'const size_t url_idna_comp_count = %d;' % len(comp_key),
        '',
    ]
    emit_array(out, 'uint16_t', 'url_idna_map_index', map_index, 16, '%d')
    emit_array(out, 'uint32_t', 'url_idna_map_blocks', map_blocks, 8, '0x%X')
    emit_array(out, 'uint32_t', 'url_idna_map_pool', pool, 8, '0x%X')
    emit_array(out, 'uint16_t', 'url_idna_prop_index', prop_index, 16, '%d')
    emit_array(out, 'uint32_t', 'url_idna_prop_blocks', prop_blocks, 8, '0x%X')
    emit_array(out, 'uint32_t', 'url_idna_decomp_cp', dec_cp, 10, '0x%X')
    emit_array(out, 'uint16_t', 'url_idna_decomp_data', dec_data, 12, '0x%X')
    emit_array(out, 'uint32_t', 'url_idna_decomp_pool', dec_pool, 10, '0x%X')
    emit_array(out, 'uint64_t', 'url_idna_comp_key',
               [a << 21 | b for (a, b) in comp_key], 6, 'UINT64_C(0x%X)')
    emit_array(out, 'uint32_t', 'url_idna_comp_val',
               [pairs[k] for k in comp_key], 10, '0x%X')
    assert len(dec_pool) < (1 << 13)
    with open(OUT, 'w', encoding='utf-8', newline='\n') as f:
        f.write('\n'.join(out))
    print('%s: %d map blocks, %d pool, %d prop blocks, %d decomps, %d pairs'
          % (os.path.relpath(OUT, ROOT), len(map_blocks) >> BLOCK_SHIFT,
             len(pool), len(prop_blocks) >> BLOCK_SHIFT, len(dec_cp),
             len(comp_key)))


if __name__ == '__main__':
    main()
