#!/usr/bin/env node
// Regenerates tests/data/validation-errors.json: for each input (and base),
// what the URL Standard's reference implementation says, so that
// tests/validation_test.c can check the C parser offline.
//
//   cd tools/gen-validation-errors && npm ci && node gen.js [KASZTP]
//
// KASZTP defaults to $SHARED_DIR/data/kasztp.txt ($SHARED_DIR: ../shared
// beside the checkout; the WPT inputs come from its wpt/) (MIT-licensed real URLs;
// only the few thousand selected and mutated below are committed, inside the
// expectations file, never the list itself).
//
// Reference: whatwg-url 17.3.0 (parseURLWithValidationErrors,
// isValidURLString), pinned in package.json / package-lock.json, with its
// tr46 dependency overridden to 6.0.0: the same code as tr46 7.0.0 with the
// Unicode 17.0 IDNA tables, the Unicode version of core/idna_tables.c (tr46
// 7.0.0 carries Unicode 18.0).  Node's String.prototype.normalize must be
// Unicode 17 as well (Node 20.20 / ICU 78: process.versions.unicode 17.0).
//
// Inputs, in this order:
//   urltestdata  every case of ../shared/wpt/urltestdata.json, with its base
//                (cases whose base does not parse are left out: the input
//                is never parsed);
//   toascii      each ../shared/wpt/toascii.json input as the host of
//                "https://" + input + "/x" (as WPT's toascii.window.js
//                tests it) and of "foo://" + input + "/x" (opaque host);
//   idna         each ../shared/wpt/IdnaTestV2.json input as an https host;
//   handpicked   cases for the valid-URL-string grammar (ports, IPv6
//                forms, file and opaque-path URLs, relative references)
//                and each error type;
//   kasztp       every 16th URL of KASZTP;
//   mutated      URLs of KASZTP with one to three deterministic mutations
//                (seeded PRNG), some as relative references to a base.
// Inputs are made well-formed (lone surrogates become U+FFFD), as the URL
// API's USVString conversion does before the parser sees them.
//
// Each case: {input, base (string or null), errors (names in order),
// failure (the parse returned failure), valid (isValidURLString), from}.
"use strict";

const fs = require("fs");
const path = require("path");
const whatwg = require("whatwg-url");

const ROOT = path.resolve(__dirname, "..", "..");
const DATA = path.join(ROOT, "tests", "data");
// Third-party data beside the checkout (tests/shared_data.h): $SHARED_DIR or
// ../shared from the repository root.
const SHARED = path.resolve(ROOT, process.env.SHARED_DIR || path.join("..", "shared"));
const WPT = path.join(SHARED, "wpt");
const KASZTP = process.argv[2] || path.join(SHARED, "data", "kasztp.txt");
function readShared(file) {
  if (!fs.existsSync(file)) {
    console.error(`missing ${file}: the generator reads ../shared beside the checkout (or SHARED_DIR=DIR)`);
    process.exit(1);
  }
  console.error(`data: ${file}`);
  return fs.readFileSync(file, "utf8");
}
const OUT = path.join(DATA, "validation-errors.json");

const pkg = require("whatwg-url/package.json");
const tr46pkg = require("tr46/package.json");
if (pkg.version !== "17.3.0" || tr46pkg.version !== "6.0.0")
  throw new Error(`need whatwg-url 17.3.0 and tr46 6.0.0 (npm ci), have ${pkg.version} and ${tr46pkg.version}`);
if (process.versions.unicode !== "17.0")
  throw new Error(`Node's Unicode is ${process.versions.unicode}, need 17.0 (NFC must match the IDNA tables)`);

const cases = [];
const seen = new Set();

function add(input, base, from) {
  input = input.toWellFormed();
  if (base !== null) base = base.toWellFormed();
  const key = JSON.stringify([input, base]);
  if (seen.has(key)) return;
  let baseURL = null;
  if (base !== null) {
    baseURL = whatwg.parseURL(base);
    if (baseURL === null) return;
  }
  seen.add(key);
  const r = whatwg.parseURLWithValidationErrors(input, { baseURL });
  cases.push({
    input,
    base,
    errors: r.validationErrors,
    failure: r.url === null,
    valid: whatwg.isValidURLString(input, { baseURL }),
    from
  });
}

// --------------------------------------------------------------- WPT data

for (const c of JSON.parse(readShared(path.join(WPT, "urltestdata.json")))) {
  if (typeof c === "string") continue;
  add(c.input, c.base ?? null, "urltestdata");
}
for (const c of JSON.parse(readShared(path.join(WPT, "toascii.json")))) {
  if (typeof c === "string") continue;
  add(`https://${c.input}/x`, null, "toascii");
  add(`foo://${c.input}/x`, null, "toascii");
}
for (const c of JSON.parse(readShared(path.join(WPT, "IdnaTestV2.json")))) {
  if (typeof c === "string") continue;
  add(`https://${c.input}/x`, null, "idna");
}

// ------------------------------------------------------------ handpicked

const HANDPICKED = [
  // ports, hosts, domains
  ["https://example.com:0080/", null], ["https://[::1]:65535/", null], ["https://[::1]:65536/", null],
  ["https://h:/", null], ["https://1.2.3.4/", null], ["https://1.2.3/", null], ["https://0x1.2.3.4/", null],
  ["https://example.123/", null], ["https://example.0x1/", null], ["https://ex-ample.com", null],
  ["https://-ex.com", null], ["https://ab--c.com", null], ["https://xn--mnchen-3ya.de", null],
  ["https://münchen.de", null], ["https://MÜNCHEN.DE", null], ["https://a.b.c.d.e.f.g/", null],
  ["https://example.com./", null], ["https://" + "a".repeat(63) + ".com/", null],
  ["https://" + "a".repeat(64) + ".com/", null], ["https://" + "a.".repeat(126) + "a/", null],
  ["https://" + "a.".repeat(127) + "a/", null], ["https://xn--ls8h.la/", null], ["https://☕.us/", null],
  // IPv6 forms
  ["https://[1:2:3:4:5:6:7:8]/", null], ["https://[::]/", null], ["https://[0::]/", null],
  ["https://[00::]/", null], ["https://[::1.2.3.4]/", null], ["https://[1:2:3:4:5:6:1.2.3.4]/", null],
  ["https://[1:2:3:4:5:6:7::]/", null], ["https://[::1:2:3:4:5:6:7]/", null], ["https://[1::2::3]/", null],
  ["https://[1:2:3:4:5:6:7:8::]/", null], ["https://[::ffff:1.2.3.4]/", null], ["https://[ABCD::]/", null],
  ["https://[0:0:0:0:0:0:0:0]/", null], ["https://[0:0:0:0:0:0:0:00]/", null], ["https://[::1.2.3.4.5]/", null],
  ["https://[::01.2.3.4]/", null], ["https://[1:2:3:4:5:6:7:1.2.3.4]/", null], ["https://[:::]/", null],
  // file, opaque paths, non-special
  ["file://host/x", null], ["file://host:80/", null], ["file:///", null], ["file://", null],
  ["file:///C:/x", null], ["file:///C|/x", null], ["file://C:/x", null], ["file:/x", null], ["file:x", null],
  ["sc://", null], ["sc:", null], ["sc:/", null], ["sc://h:/", null], ["sc://h:99999/", null], ["sc://[::1]/", null],
  ["sc://a%20b/", null], ["sc://ü/", null], ["sc:/.//p", null], ["sc://h/a/../b", null], ["sc:a/b?c#d", null],
  ["sc:/a:b", null], ["sc:?", null], ["sc:#", null], ["sc:a?b?c#d#e", null], ["data:,a b", null],
  ["https://h/%2e%2E/a/.%2e/", null], ["https://h/a?b'c", null], ["https://h/`{}`", null],
  // relative references
  ["a/b", "https://h/x"], ["//h2/p", "https://h/x"], ["/\\x", "https://h/x"], ["?q", "https://h/x"],
  ["#f", "https://h/x"], ["a:b", "https://h/x"], ["", "https://h/x"], ["..", "https://h/x"],
  ["//h2:8080", "https://h/x"], ["//", "https://h/x"], ["///x", "https://h/x"], ["//[::1]/", "https://h/x"],
  ["#f", "mailto:x"], ["x", "mailto:x"], ["", "mailto:x"], ["#", "mailto:x"],
  ["//host/x", "file:///C:/a"], ["//c:/x", "file:///C:/a"], ["/c:/x", "file:///C:/a"], ["c|/x", "file:///C:/a"],
  ["C|\\x", "file:///C:/a"], ["//", "file:///C:/a"], ["//h:1/", "file:///C:/a"],
  ["//h/x", "sc://a/b"], ["//", "sc://a/b"], ["//h:1/x", "sc://a/b"], ["/x", "sc://a/b"], ["x:y", "sc://a/b"]
];
for (const [input, base] of HANDPICKED) add(input, base, "handpicked");

// ------------------------------------------------------- real and mutated

let state = 0x2545F491; // xorshift32, fixed seed: the same file every run
function rand(n) {
  state ^= state << 13;
  state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5;
  state >>>= 0;
  return state % n;
}
const pick = a => a[rand(a.length)];

const HOSTS = [
  "127.0.0.1", "0x7f.1", "0177.0.0.1", "127.1", "1.2.3.4.5", "127.0.0.1.", "256.0.0.1",
  "1.2.3.09", "0x", "4294967296", "1.256", "0x100000000", "1.2.3.0x4", "..1", "1..2",
  "[::1]", "[0:0::1]", "[::01]", "[1:2:3:4:5:6:7:8:9]", "[::1", "[1::1::1]",
  "[::ffff:1.2.3.4]", "[::1.2.3.04]", "[:1]", "[1:2:3]", "[::1.2.3]", "[1:2:3:4:5:6:7:1.2.3.4]",
  "[::1.2.3.256]", "[::1.2.3.4.5]", "[0001::]", "[::%31]", "[::1]x",
  "münchen.de", "xn--mnchen-3ya.de", "☕.example", "ＥＸＡＭＰＬＥ.com", "xn--a.com",
  "a_b.com", "-a.com", "a-.com", "a--b.com", "ab--c.com", "example.com.", "a..b",
  "x".repeat(64) + ".com", ("abcdefghij".repeat(6) + ".").repeat(5) + "com", "faß.de",
  "ex%41mple.com", "%zz.com", "exa%23mple.org", "xn--8i7caa", "ex ample.com", "a<b",
  "١٢٣.example", "a\u200cb.com", "xn--ls8h", "EXAMPLE.COM", "localhost", "LOCALHOST",
  "%30x7f.1", "１２７.0.0.1", "é.example", "a%2Eb", "a%00b", "a%ffb", "\u00ad.com"
];
const INSERTS = [
  " ", "\"", "<", ">", "`", "{", "}", "|", "^", "%", "%zz", "%4", "%41", "\u0080", "\u009f",
  "\u00a0", "é", "\ufdd0", "\ufffe", "\u{1f600}", "\u{10ffff}", "[", "]", "\\", "#", "?",
  "\t", "\n", "\u0000", "\u007f", "'", "/./", "/../", "/%2e/", "/.%2E/", "//", "&", "=", "@", ":"
];
const SCHEMES = ["http", "HTTPS", "ws", "wss", "ftp", "file", "foo", "mailto", "data", "javascript", "blob", "Https", "h t"];
const AUTH_STARTS = ["", "/", "///", "\\\\", "/\\", "\\/", "////"];

function splitURL(s) {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/)?([^/?#\\]*)(.*)$/su.exec(s);
  return m ? { scheme: m[1], slashes: m[2] ?? "", host: m[3], rest: m[4] } : null;
}
const join = u => `${u.scheme}:${u.slashes}${u.host}${u.rest}`;
function insertAt(s, i, t) {
  return s.slice(0, i) + t + s.slice(i);
}
// A position in the path, query or fragment (after the authority).
function restPos(u) {
  return rand(u.rest.length + 1);
}

const MUTATIONS = [
  u => { u.scheme = u.scheme.toUpperCase(); },
  u => { u.scheme = pick(SCHEMES); },
  u => { u.slashes = pick(AUTH_STARTS); },
  u => { u.rest = u.rest.replace(/\//gu, () => (rand(2) ? "\\" : "/")); },
  u => { u.host = pick(HOSTS); },
  u => { u.host = `${pick(["user", "user:pass", "", ":", "a@b", "u%40", "ü"])}@${u.host}`; },
  u => { u.host += pick([":8080", ":0", ":65536", ":99999", ":8x", ":", ":0080", ":443", ":80", ":-1"]); },
  u => { u.host = u.host.replace(/[a-z]/u, c => `%${c.charCodeAt(0).toString(16)}`); },
  u => { u.host = u.host.toUpperCase(); },
  u => { u.rest = insertAt(u.rest, restPos(u), pick(INSERTS)); },
  u => { u.rest = insertAt(u.rest, restPos(u), pick(INSERTS) + pick(INSERTS)); },
  u => { u.rest += pick(["#", "#a b", "#`x`", "?", "?a b", "?a'b", "?%zz", "#%", "?q=1#f=<2>"]); },
  u => { u.rest = pick(["/C|/x", "/c:/x", "/C|", "/c:", ""]) + u.rest; u.scheme = "file"; },
  u => { u.host = pick(["C|", "c:", "localhost", "", "loc%61lhost"]); u.scheme = "file"; },
  u => { u.rest = u.rest.replace(/[a-z]/gu, c => (rand(8) ? c : "%" + c.charCodeAt(0).toString(16).toUpperCase())); }
];

function mutate(s) {
  const u = splitURL(s);
  if (!u) return s;
  const n = 1 + rand(3);
  for (let i = 0; i < n; i++) pick(MUTATIONS)(u);
  let out = join(u);
  switch (rand(12)) { // whole-string damage, sometimes
    case 0: out = pick([" ", "\t", "\u0000", "\u001f ", "\n"]) + out; break;
    case 1: out += pick([" ", "\t\n", "\u0000", " \u0001"]); break;
    case 2: out = insertAt(out, rand(out.length + 1), pick(["\t", "\n", "\r"])); break;
    default: break;
  }
  return out;
}

// A relative reference made from a URL: its path, query or fragment, or a
// network-path reference, with mutations of its own.
function relative(s) {
  const u = splitURL(s);
  if (!u) return s;
  const forms = [
    u.rest, u.rest.replace(/^\//u, ""), `//${u.host}${u.rest}`, `\\\\${u.host}${u.rest}`,
    `..${u.rest}`, `./${u.rest}`, `?${u.host}`, `#${u.host}`, "", " ", "\\x\\y",
    `${u.scheme}:${u.rest}`, "c:/x", "C|\\x", "/c:/x", "//c:/x", "..\\..\\x", "%2e%2e/x"
  ];
  let out = pick(forms);
  if (rand(2)) out = insertAt(out, rand(out.length + 1), pick(INSERTS));
  return out;
}

const lines = readShared(KASZTP).split("\n").map(l => l.replace(/\r$/u, "")).filter(l => l !== "");
const BASES = ["https://example.org/a/b?c#d", "file:///C:/dir/file", "foo://host/p/q", "mailto:someone@example.org", "ws://h:1/x"];
for (let i = 0; i < lines.length; i += 16) add(lines[i], null, "kasztp");
for (let i = 0; i < 3000; i++) add(mutate(pick(lines)), null, "mutated");
for (let i = 0; i < 1000; i++) {
  const base = rand(3) ? pick(lines) : pick(BASES);
  add(relative(pick(lines)), base, "mutated");
}

// ------------------------------------------------------------------ write

const counts = {};
for (const c of cases) counts[c.from] = (counts[c.from] ?? 0) + 1;
const header = {
  comment: [
    "GENERATED by tools/gen-validation-errors/gen.js; do not edit (run it again instead).",
    `Reference: whatwg-url ${pkg.version} (parseURLWithValidationErrors, isValidURLString), tr46 ${tr46pkg.version} (Unicode 17.0), Node ${process.version}.`,
    "Each case: input, base (string or null), errors (the validation error names in order), failure (the parse failed), valid (a valid URL string), from (which input list).",
    `Cases: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}.`
  ]
};
const text = `{\n"comment": ${JSON.stringify(header.comment, null, 1)},\n"cases": [\n${
  cases.map(c => JSON.stringify(c)).join(",\n")}\n]\n}\n`;
fs.writeFileSync(OUT, text);
console.log(`${OUT}: ${cases.length} cases (${header.comment[3]})`);
