// Writes tests/data/warc/: the project's expected records and index lines
// for every archive file under ../shared/warc, from warcio.js as the oracle.
//
//   node tools/gen-warc-expected/gen.mjs [SHARED_DIR] [OUT_DIR]
//
// Test-only: warcio.js (npm "warcio", 2.4.11 when written) is installed
// by `npm install` in tools/gen-warc-expected/ (package.json pins it;
// node_modules is not committed), or named by WARCIO_JS=dir of the package;
// nothing at build or run time needs it.  Deterministic: run it again and
// `git diff tests/data/warc` shows what changed.
//
// One file per archive, tests/data/warc/<folder>/<name>.txt, lines of
// tab-separated fields (\t \n \r \\ escaped as such):
//   oracle       what warcio.js does with the bytes as this script hands
//                them (gzip inflated, zstd frames decompressed, ARC records
//                rewritten as WARC): "ok N records", or where it (or the
//                inflating) stops; or why the file's answer is by hand
//   oracle_warn  what warcio.js warns about
//   oracle_file  for gzip, zstd and ARC files: what warcio.js itself reads
//                from the file as it is (the records here come from the
//                members/frames/ARC records walked by this script)
//   oracle_diff  a record whose payload warcio.js decodes otherwise, and why
//   rec          offset length warc_type target_uri http_status
//                sha1(block) sha1(payload_raw) sha1(payload)
//   cdxj         the line cdxj-indexer 1.4 writes with its defaults
//   cdx          the line of its `-11` form
// after a cdxj/cdx line, "unsure": the SURT key needs canonicalization this
// script does not model (IDNA, percent-encoding, non-http schemes): the
// test holds the line after the key (the key is url_surt's, tested in
// keys/); "ours: ...": where python would write something else, and what.
//
// warcio.js (2.4.11) is the oracle for the WARC headers and fields; what it
// cannot answer is done here and said where: offsets and lengths (CDX's:
// the gzip member or zstd frame; uncompressed, without the closing CRLFs;
// warcio.js miscounts gzip lengths and lags after a wrong Content-Length),
// gzip members and zstd frames (warcio.js reads no zstd), ARC records
// (warcio.js reads only WARC), the HTTP message of the rec lines (the
// issue's rules: ourHttp, decodePayload: de-chunking only what is chunked,
// br and zstd decoded, a coding that fails keeps the bytes as stored).
// Files warcio.js misreads have their answer in hand/<folder>__<name>.txt.
//
// The cdxj/cdx lines follow cdxj-indexer 1.4 (webrecorder/cdxj-indexer
// main.py on python warcio 1.8's Indexer), not warcio.js's own indexer, which
// differs (it pairs requests and appends POST bodies to the key; its SURT
// keeps trailing slashes and session ids):
//   records response, revisit, resource, metadata; resource and metadata
//     whose WARC Content-Type is exactly application/warc-fields left out;
//   key: surt.surt(url), recorded here as python surt 0.3.1 writes it
//     (surtKey below implements its default canonicalizer for the URLs of
//     these files; the project's url_surt is what the C side uses);
//   timestamp: the digits of WARC-Date as python's iso_date_to_timestamp;
//   JSON: python json.dumps (", " and ": ", non-ASCII as \uXXXX), fields
//     url, mime, status, digest, length, offset, filename, absent ones left
//     out; url with <> removed and spaces as %20 (warcio's recordloader);
//   mime: warc/revisit for revisits; the HTTP Content-Type of responses and
//     requests (none when the record has no HTTP message); else the WARC
//     Content-Type; cut at the first ';' or white space;
//   status: of responses and revisits with an HTTP message;
//   digest: WARC-Payload-Digest, or "sha1:" + base32 sha1 of the raw payload
//     when there is none (warcio's ensure_digest); the cdx form drops "x:".
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import childProcess from "node:child_process";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "../..");
const shared = path.resolve(process.argv[2] || process.env.SHARED_DIR || path.join(repo, "../shared"), "warc");
const outDir = path.resolve(process.argv[3] || path.join(repo, "tests/data/warc"));
const warcioDir = process.env.WARCIO_JS || path.join(here, "node_modules/warcio");
const { WARCParser } = await import(path.join(warcioDir, "dist/index.js"));
const warcioVersion = JSON.parse(fs.readFileSync(path.join(warcioDir, "package.json"))).version;

const ARCHIVE = /\.(warc|arc)(\.gz|\.zst)?$|\.warc\.gz\.bad$|\.gz$/;

function listArchives(dir, rel = "") {
  let out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const r = rel ? rel + "/" + e.name : e.name;
    if (e.isDirectory()) out = out.concat(listArchives(path.join(dir, e.name), r));
    else if (ARCHIVE.test(e.name)) out.push(r);
  }
  return out;
}

const sha1hex = (b) => crypto.createHash("sha1").update(b).digest("hex");
const B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
function base32(buf) {
  let bits = 0, val = 0, s = "";
  for (const byte of buf) {
    val = (val << 8) | byte; bits += 8;
    while (bits >= 5) { s += B32[(val >>> (bits - 5)) & 31]; bits -= 5; }
  }
  if (bits > 0) s += B32[(val << (5 - bits)) & 31];
  return s;
}
const esc = (s) => (s === null || s === undefined ? "-" : String(s).replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r"));

// python json.dumps with ensure_ascii: \uXXXX for every non-ASCII UTF-16 unit.
function pyJsonString(s) {
  let o = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) o += '\\"';
    else if (c === 0x5c) o += "\\\\";
    else if (c === 0x0a) o += "\\n";
    else if (c === 0x0d) o += "\\r";
    else if (c === 0x09) o += "\\t";
    else if (c === 0x08) o += "\\b";
    else if (c === 0x0c) o += "\\f";
    else if (c < 0x20 || c > 0x7e) o += "\\u" + c.toString(16).padStart(4, "0");
    else o += s[i];
  }
  return o + '"';
}
const pyJson = (obj) => "{" + Object.entries(obj).map(([k, v]) => pyJsonString(k) + ": " + pyJsonString(v)).join(", ") + "}";

// python warcio's iso_date_to_timestamp: split on non-digits, datetime(...).
function pyTimestamp(date) {
  let nums = (date || "").split(/[^\d]/);
  if (nums[nums.length - 1] === "") nums = nums.slice(0, -1);
  const n = nums.map((x) => parseInt(x, 10));
  if (nums.length < 3 || nums.length > 7 || n.some((x) => Number.isNaN(x))) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = n;
  const dim = [31, (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > dim[mo - 1] || h > 23 || mi > 59 || s > 59) return null; // python raises
  const p = (x, w) => String(x).padStart(w, "0");
  return p(y, 4) + p(mo, 2) + p(d, 2) + p(h, 2) + p(mi, 2) + p(s, 2);
}

// python surt 0.3.1 surt(url) with its defaults, for the URLs these files
// hold: lower case, www\d*. stripped from the host, default port dropped,
// userinfo and fragment dropped, trailing slash of a non-root path dropped,
// query arguments sorted and an empty query dropped.  Session-id stripping
// and the IDNA/percent normalisation of its GoogleURLCanonicalizer are not
// modelled: a URL that would need them is flagged (surtUnsure) so the test
// does not hold that key as an expectation.
function surtKey(url) {
  if (!url) return "-";
  if (url.startsWith("filedesc") || url.startsWith("warcinfo") || url.startsWith("whois://")) return url;
  if (url.startsWith("dns:")) return url.toLowerCase();
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url);
  if (!m) return url.toLowerCase(); // no host: scheme ":" path, lower case
  if (m[2] === "") return (m[1] + ":" + m[3]).toLowerCase();
  let [, scheme, auth, p, q] = m;
  scheme = scheme.toLowerCase();
  let host = auth.replace(/^.*@/, "").toLowerCase();
  let port = "";
  const pm = /^(.*):(\d*)$/.exec(host);
  if (pm && !host.startsWith("[")) { host = pm[1]; port = pm[2]; }
  if ((scheme === "http" && port === "80") || (scheme === "https" && port === "443")) port = "";
  host = host.replace(/^www\d*\./, "").replace(/\.+$/, "");
  let key = host.split(".").reverse().join(",");
  if (port) key += ":" + port;
  p = p.toLowerCase();
  if (p === "") p = "/";
  if (p.length > 1 && p.endsWith("/")) p = p.slice(0, -1);
  key += ")" + p;
  if (q && q.length > 1) {
    const args = q.slice(1).toLowerCase().split("&");
    args.sort();
    key += "?" + args.join("&");
  }
  return key;
}
const surtUnsure = (url) => /[^\x21-\x7e]|%|sessionid|jsessionid|sid=|phpsessid|aspsessionid|cfid|cftoken/i.test(url || "") || !/^https?:\/\//i.test(url || "");

// The file's bytes as one plain stream, with where each compressed member
// (gzip member, zstd frame) starts and ends in the file and in the stream.
// Offsets and lengths are computed here, not taken from warcio.js: its gzip
// lengths stop short of the member's end (1228 where cdxj-indexer says 1242
// in warcio/example.warc.gz), it reads no zstd, and its offsets lag after a
// record whose Content-Length is wrong.
function gzipMembers(buf) {
  const members = [];
  let pos = 0, plainPos = 0;
  const parts = [];
  while (pos < buf.length) {
    if (buf.length - pos < 18 || buf[pos] !== 0x1f || buf[pos + 1] !== 0x8b) {
      return { members, plain: Buffer.concat(parts), error: `no gzip member at ${pos}` };
    }
    const flg = buf[pos + 3];
    let h = pos + 10;
    if (flg & 4) h += 2 + buf.readUInt16LE(h);
    if (flg & 8) { while (buf[h] !== 0) h++; h++; }
    if (flg & 16) { while (buf[h] !== 0) h++; h++; }
    if (flg & 2) h += 2;
    let res;
    try {
      res = zlib.inflateRawSync(buf.subarray(h), { info: true, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (e) {
      return { members, plain: Buffer.concat(parts), error: `gzip member at ${pos}: ${e.message}` };
    }
    const used = res.engine.bytesWritten;
    const end = h + used + 8;
    if (end > buf.length) {
      parts.push(res.buffer);
      members.push({ cstart: pos, cend: buf.length, pstart: plainPos, pend: plainPos + res.buffer.length });
      return { members, plain: Buffer.concat(parts), error: `gzip member at ${pos} cut short` };
    }
    parts.push(res.buffer);
    members.push({ cstart: pos, cend: end, pstart: plainPos, pend: plainPos + res.buffer.length });
    plainPos += res.buffer.length;
    pos = end;
  }
  return { members, plain: Buffer.concat(parts), error: null };
}

// zstd frames: walked by their block headers, each inflated by the zstd
// command (Debian's zstd), the dictionary from a first skippable frame
// 0x184D2A5D as the warc-zstd proposal says.
function zstdFrames(buf) {
  const members = [];
  const parts = [];
  let pos = 0, plainPos = 0, dict = null;
  while (pos + 8 <= buf.length) {
    const magic = buf.readUInt32LE(pos);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      const size = buf.readUInt32LE(pos + 4);
      if (magic === 0x184d2a5d && pos === 0) {
        dict = path.join(fs.mkdtempSync("/tmp/warc-gen-"), "dict");
        let d = buf.subarray(8, 8 + size);
        if (d.readUInt32LE(0) === 0xfd2fb528) d = childProcess.execFileSync("zstd", ["-dc"], { input: d });
        fs.writeFileSync(dict, d);
      }
      pos += 8 + size;
      continue;
    }
    if (magic !== 0xfd2fb528) return { members, plain: Buffer.concat(parts), error: `no zstd frame at ${pos}` };
    const fhd = buf[pos + 4];
    const fcsFlag = fhd >> 6, single = (fhd >> 5) & 1, checksum = (fhd >> 2) & 1, didFlag = fhd & 3;
    let h = pos + 5 + (single ? 0 : 1) + [0, 1, 2, 4][didFlag] + [single ? 1 : 0, 2, 4, 8][fcsFlag];
    for (;;) {
      const bh = buf[h] | (buf[h + 1] << 8) | (buf[h + 2] << 16);
      const last = bh & 1, type = (bh >> 1) & 3, size = bh >>> 3;
      h += 3 + (type === 1 ? 1 : size);
      if (last) break;
    }
    if (checksum) h += 4;
    const args = ["-dc", "--no-check"].concat(dict ? ["-D", dict] : []);
    const out = childProcess.execFileSync("zstd", args, { input: buf.subarray(pos, h) });
    parts.push(out);
    members.push({ cstart: pos, cend: h, pstart: plainPos, pend: plainPos + out.length });
    plainPos += out.length;
    pos = h;
  }
  return { members, plain: Buffer.concat(parts), error: null };
}

// ARC v1 (warcio.js reads WARC only): records walked here, each rewritten as
// a WARC record for warcio.js to parse the HTTP inside, as python warcio's
// arc2warc does (filedesc -> warcinfo, the rest -> response; a length that
// is no number or negative reads as 0; a URL with spaces is the fields
// before the last four; the date's first 14 digits as YYYY-MM-DDThh:mm:ssZ).
// Span: the header line and the block; blank lines between records are not
// counted (python warcio's ArchiveIterator).
function arcRecords(plain) {
  const spans = [], warcs = [];
  let pos = 0;
  while (pos < plain.length) {
    while (pos < plain.length && (plain[pos] === 0x0a || plain[pos] === 0x0d)) pos++;
    if (pos >= plain.length) break;
    let nl = plain.indexOf(0x0a, pos);
    if (nl < 0) nl = plain.length;
    const line = plain.subarray(pos, nl).toString("utf8").replace(/\r$/, "");
    const f = line.split(" ");
    if (f.length < 5) break;
    const url = f.slice(0, f.length - 4).join(" ");
    const date = f[f.length - 3].replace(/\D/g, "").slice(0, 14);
    let len = /^\d+$/.test(f[f.length - 1]) ? parseInt(f[f.length - 1], 10) : 0;
    const start = pos, bstart = Math.min(plain.length, nl + 1);
    if (url.startsWith("filedesc:") && !/^\d+$/.test(f[f.length - 1])) {
      // a filedesc with no usable length (warcio/bad.arc: -1): its version
      // block is the lines up to the first blank one
      const blank = plain.indexOf("\n\n", nl, "latin1");
      len = blank < 0 ? plain.length - bstart : blank + 1 - bstart;
    }
    const end = Math.min(plain.length, bstart + len);
    const block = plain.subarray(bstart, end);
    const iso = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(8, 10)}:${date.slice(10, 12)}:${date.slice(12, 14)}Z`;
    const type = url.startsWith("filedesc:") ? "warcinfo" : "response";
    const head = `WARC/1.0\r\nWARC-Type: ${type}\r\nWARC-Target-URI: ${url}\r\nWARC-Date: ${iso}\r\n` +
      `Content-Type: ${type === "response" && /^https?:/.test(url) ? "application/http; msgtype=response" : f[f.length - 2]}\r\nContent-Length: ${block.length}\r\n\r\n`;
    warcs.push(Buffer.from(head, "utf8"), block, Buffer.from("\r\n\r\n"));
    spans.push({ start, end });
    pos = end;
  }
  return { spans, warc: Buffer.concat(warcs) };
}

function plainOf(buf) {
  if (buf[0] === 0x1f && buf[1] === 0x8b) return { kind: "gzip", ...gzipMembers(buf) };
  if (buf.length >= 4 && (buf.readUInt32LE(0) === 0xfd2fb528 || (buf.readUInt32LE(0) & 0xfffffff0) === 0x184d2a50)) return { kind: "zstd", ...zstdFrames(buf) };
  return { kind: "plain", members: null, plain: buf, error: null };
}

// One pass of warcio.js over the plain bytes; returns records or the error
// it stops with.
async function readAll(plain, parseHttp) {
  const recs = [];
  const warns = [];
  const warn = console.warn;
  console.warn = (...a) => warns.push(a.join(" "));
  let error = null;
  try {
    async function* one() { yield new Uint8Array(plain); }
    const parser = new WARCParser(one(), { parseHttp, keepHeadersCase: true });
    for await (const record of parser) {
      const raw = Buffer.from(await record.readFully(false));
      let decoded = null;
      if (parseHttp && record.httpHeaders) {
        try {
          decoded = Buffer.from(await record._createDecodingReader([raw]).readFully());
        } catch (e) {
          decoded = null;
        }
      }
      recs.push({ record, raw, decoded });
    }
  } catch (e) {
    error = String(e && e.message ? e.message : e).split("\n")[0];
  } finally {
    console.warn = warn;
  }
  return { recs, error, warns };
}

// Where each record starts in the plain stream: its "WARC/" line, found from
// where the previous record's declared block ended; the end is the start +
// headers + Content-Length.
function locate(plain, recs) {
  const spans = [];
  let cursor = 0;
  for (const r of recs) {
    let pos = cursor;
    for (;;) {
      const i = plain.indexOf("WARC/", pos, "latin1");
      if (i < 0) { pos = -1; break; }
      if (i === 0 || plain[i - 1] === 0x0a) { pos = i; break; }
      pos = i + 1;
    }
    if (pos < 0) break;
    const he = headEnd(plain, pos);
    const cl = Number(wh(r.record, "Content-Length") || 0);
    const end = Math.min(plain.length, (he < 0 ? plain.length : he) + cl);
    spans.push({ start: pos, end });
    cursor = end;
  }
  return spans;
}

function fileSpan(p, spans, i) {
  const { start } = spans[i];
  if (!p.members) return { offset: start, length: spans[i].end - start };
  const holding = (x) => p.members.find((m) => m.pstart <= x && x < m.pend) || p.members[p.members.length - 1];
  const m0 = holding(start);
  // Up to the member where the next record starts, when that is another
  // one (members that split a record: warcio/example-wrong-chunks.warc.gz,
  // whose response's closing CRLFs open the request's member, ends there:
  // python warcio refuses that file; ours).  Else, sharing a member (a whole
  // file in one) or last: through the member holding the byte before the
  // next record, the closing CRLFs counted, as python warcio does.
  if (i + 1 < spans.length) {
    const mn = holding(spans[i + 1].start);
    if (mn !== m0) return { offset: m0.cstart, length: mn.cstart - m0.cstart };
  }
  const last = i + 1 < spans.length ? spans[i + 1].start - 1 : p.plain.length - 1;
  return { offset: m0.cstart, length: holding(last).cend - m0.cstart };
}

// The end of a head: after the first line that is empty but for CRs
// (python warcio reads lines and strips them: \r\n, \n and \r\r\n alike);
// -1 without one.
function headEnd(buf, from) {
  let pos = from;
  for (;;) {
    const nl = buf.indexOf(0x0a, pos);
    if (nl < 0) return -1;
    let k = pos;
    while (k < nl && buf[k] === 0x0d) k++;
    if (k === nl && pos > from) return nl + 1;
    pos = nl + 1;
  }
}

// An HTTP message as python warcio's StatusAndHeadersParser reads it: the
// first line stripped is the status line (protocol, then the rest), header
// lines to the first blank one, the payload after.
function pyHttp(block) {
  const nl = block.indexOf(0x0a);
  const first = block.subarray(0, nl < 0 ? block.length : nl).toString("latin1").trim();
  let bodyStart;
  if (first === "") bodyStart = nl < 0 ? block.length : nl + 1;
  else {
    const e = headEnd(block, 0);
    bodyStart = e < 0 ? block.length : e;
  }
  const head = block.subarray(0, bodyStart).toString("utf8");
  const lines = head.split("\n").map((l) => l.trim());
  const sp = first.indexOf(" ");
  const protocol = sp < 0 ? first : first.slice(0, sp);
  const rest = sp < 0 ? "" : first.slice(sp + 1);
  const headers = [];
  for (const l of lines.slice(1)) {
    if (!l) break;
    const c = l.indexOf(":");
    if (c > 0) headers.push([l.slice(0, c).trim(), l.slice(c + 1).trim()]);
  }
  return { protocol, status: rest.split(" ", 1)[0], headers, payloadRaw: block.subarray(bodyStart) };
}

// A WARC header by name, ASCII case-insensitively (python warcio's
// get_header; warcio.js with keepHeadersCase matches case-sensitively and
// misses "warc-type:" in synthetic/edge-cases.warc).
function wh(rec, name) {
  const want = name.toLowerCase();
  for (const [k, v] of rec.warcHeaders.headers.entries()) if (k.toLowerCase() === want) return v;
  return null;
}

// Our HTTP reading for the rec lines (the issue's rules, which warc_records
// follows): a status line is "HTTP..." then a 3-digit code (python's
// verify_http=False reads "HTTPX/1.1 200 OK" too); a response without one
// is HTTP/0.9: no status, the whole block is the payload.  A request's
// head is its request line and headers.  The head ends at the first line
// empty but for CRs; header lines without a colon are skipped; a line
// starting with white space continues the previous one.
function ourHttp(block, isRequest) {
  const nl = block.indexOf(0x0a);
  const first = block.subarray(0, nl < 0 ? block.length : nl).toString("latin1").replace(/\r+$/, "");
  const m = /^HTTP\S*[ \t]+(\d{3})(?:[ \t]|$)/.exec(first);
  if (!m && !isRequest) return { status: null, headers: [], body: block };
  const e = headEnd(block, 0);
  const body = e < 0 ? block.subarray(block.length) : block.subarray(e);
  const head = block.subarray(0, e < 0 ? block.length : e).toString("latin1").split("\n").slice(1);
  const headers = [];
  for (const raw of head) {
    const l = raw.replace(/\r+$/, "");
    if (l === "") break;
    if (/^[ \t]/.test(l) && headers.length) { headers[headers.length - 1][1] += " " + l.trim(); continue; }
    const c = l.indexOf(":");
    if (c > 0) headers.push([l.slice(0, c).trim().toLowerCase(), l.slice(c + 1).trim()]);
  }
  return { status: m ? m[1] : null, headers, body };
}

// De-chunking, where the body is chunked (it starts with a hex size line;
// pywb stores de-chunked bodies under "Transfer-Encoding: chunked": kept as
// they are); null when it is not.
function dechunk(body) {
  if (!/^[0-9a-fA-F]+[ \t]*(;[^\n]*)?\r?\n/.test(body.subarray(0, 200).toString("latin1"))) return null;
  const out = [];
  let pos = 0;
  for (;;) {
    const nl = body.indexOf(0x0a, pos);
    if (nl < 0) return null;
    const size = parseInt(body.subarray(pos, nl).toString("latin1").split(";")[0].trim(), 16);
    if (Number.isNaN(size)) return null;
    pos = nl + 1;
    if (size === 0) break;
    if (pos + size > body.length) return null;
    out.push(body.subarray(pos, pos + size));
    pos += size;
    if (body[pos] === 0x0d) pos++;
    if (body[pos] === 0x0a) pos++;
  }
  return Buffer.concat(out);
}

// The payload: de-chunked, then each Content-Encoding undone, last first
// (gzip, x-gzip, deflate zlib-wrapped or raw, br by Node's zlib, zstd by
// the zstd command); a step that fails keeps the bytes as stored.
function decodePayload(h) {
  const te = (h.headers.find(([k]) => k === "transfer-encoding") || [])[1] || "";
  const ce = (h.headers.find(([k]) => k === "content-encoding") || [])[1] || "";
  let data = h.body;
  if (/chunked/i.test(te)) data = dechunk(data) ?? data;
  const codings = ce.split(",").map((x) => x.trim().toLowerCase()).filter((x) => x && x !== "identity");
  try {
    for (const c of codings.reverse()) {
      if (c === "gzip" || c === "x-gzip") data = zlib.gunzipSync(data);
      else if (c === "deflate") {
        try { data = zlib.inflateSync(data); } catch (e) { data = zlib.inflateRawSync(data); }
      } else if (c === "br") data = zlib.brotliDecompressSync(data);
      else if (c === "zstd") data = childProcess.execFileSync("zstd", ["-dc"], { input: data, stdio: ["pipe", "pipe", "ignore"] });
      else throw new Error("unknown coding " + c);
    }
  } catch (e) {
    return { payload: dechunkedOrBody(h, te), failed: String(e.message || e) };
  }
  return { payload: data, failed: null };
}
const dechunkedOrBody = (h, te) => (/chunked/i.test(te) ? dechunk(h.body) ?? h.body : h.body);

const hdr = (h, name) => {
  if (!h) return null;
  const hh = h.headers;
  for (const [k, v] of hh.entries()) if (k.toLowerCase() === name.toLowerCase()) return v;
  return null;
};

function cdxLines(r, filename) {
  const rec = r.record;
  const type = wh(rec, "WARC-Type");
  const wct = wh(rec, "Content-Type");
  if (!["response", "revisit", "resource", "metadata"].includes(type)) return null;
  if ((type === "resource" || type === "metadata") && wct === "application/warc-fields") return null;
  let url = wh(rec, "WARC-Target-URI");
  if (url && url.startsWith("<") && url.endsWith(">")) url = url.slice(1, -1);
  if (url && url.includes(" ")) url = url.replace(/ /g, "%20");
  const isHttp = r.http;
  let mime = null;
  if (type === "revisit") mime = "warc/revisit";
  else if (type === "response" || type === "request") {
    const f = isHttp ? r.ph.headers.find(([k]) => k.toLowerCase() === "content-type") : null;
    mime = f ? f[1] : null;
  }
  else mime = wct;
  if (mime) mime = mime.split(/[;\s]/, 1)[0].trim();
  // python writes the second word of whatever the first line is (a line of
  // an HTTP/0.9 body, say); our answer has a status only where there is a
  // status line: such lines are marked "ours".
  let status = isHttp && (type === "response" || type === "revisit") ? r.pyStatus : null;
  let ours = false;
  if (status !== null && !/^\d{3}$/.test(status)) { status = null; ours = true; }
  let digest = wh(rec, "WARC-Payload-Digest");
  if (!digest) digest = "sha1:" + base32(crypto.createHash("sha1").update(r.payloadRaw).digest());
  // where python raises (an invalid date), ours: the first 14 digits,
  // zero-padded (cdxj-indexer stops at such a record)
  const date = wh(rec, "WARC-Date");
  let ts = pyTimestamp(date);
  const tsOurs = ts === null;
  if (tsOurs) ts = ((date || "").replace(/\D/g, "") + "00000000000000").slice(0, 14);
  const key = surtKey(url);
  const o = {};
  if (url) o.url = url;
  if (mime !== null && mime !== undefined) o.mime = mime;
  if (status !== null) o.status = status;
  o.digest = digest;
  o.length = String(r.length);
  o.offset = String(r.offset);
  o.filename = filename;
  const cdxj = `${key} ${ts} ${pyJson(o)}`;
  const d = (v) => (v === null || v === undefined ? "-" : v);
  const cdx = [key, ts, d(o.url), d(o.mime), d(o.status), digest.split(":").pop(), "-", "-", o.length, o.offset, filename].join(" ");
  return { cdxj, cdx, unsure: surtUnsure(url), ours, tsOurs };
}

async function expectFor(rel) {
  const file = path.join(shared, rel);
  const base = path.basename(rel);
  const handFile = path.join(here, "hand", rel.replace(/\//g, "__") + ".txt");
  const lines = [`# ${rel}: written by tools/gen-warc-expected/gen.mjs (warcio.js ${warcioVersion}); do not edit`];
  if (fs.existsSync(handFile)) {
    // warcio.js cannot answer for this file: our answer, written by hand.
    lines.push(...fs.readFileSync(handFile, "utf8").trimEnd().split("\n"));
    return lines.join("\n") + "\n";
  }
  const p = plainOf(fs.readFileSync(file));
  const isArc = p.plain.subarray(0, 11).toString("latin1") === "filedesc://";
  const arc = isArc ? arcRecords(p.plain) : null;
  const blocks = await readAll(isArc ? arc.warc : p.plain, false);
  const https = await readAll(isArc ? arc.warc : p.plain, true);
  const err = p.error || https.error || blocks.error;
  const spans = isArc ? arc.spans : locate(p.plain, https.recs);
  if (isArc) lines.push("format\tarc: records walked by gen.mjs, the HTTP inside parsed by warcio.js");
  const n = Math.min(blocks.recs.length, https.recs.length, spans.length);
  lines.push(`oracle\t${esc(err ? `stops after ${n} records: ${err}` : `ok ${n} records`)}`);
  for (const w of [...new Set(https.warns)]) lines.push(`oracle_warn\t${esc(w)}`);
  if (p.kind !== "plain" || isArc) {
    // warcio.js on the file as it is (it inflates gzip itself, reads no
    // zstd nor ARC): what a warcio.js user gets
    const own = await readAll(fs.readFileSync(file), true);
    const types = own.recs.map((r) => wh(r.record, "WARC-Type") || "-").join(",");
    lines.push(`oracle_file\t${esc(`${p.kind}${isArc ? " arc" : ""}: warcio.js reads ${own.recs.length} records${own.error ? `, then stops: ${own.error}` : ""} (types ${types.length > 200 ? types.slice(0, 200) + "..." : types})`)}`);
  }
  for (let i = 0; i < n; i++) {
    const b = blocks.recs[i], h = https.recs[i];
    const { offset, length } = fileSpan(p, spans, i);
    const rec = h.record;
    const type = wh(rec, "WARC-Type");
    const ct = (wh(rec, "Content-Type") || "").toLowerCase();
    let url = wh(rec, "WARC-Target-URI");
    if (url && url.startsWith("<") && url.endsWith(">")) url = url.slice(1, -1);
    // An HTTP message where python warcio's load_http_headers finds one:
    // a response, request or revisit with an http: or https: target and a
    // non-empty block, read as pyHttp does (python warcio's parser, not
    // warcio.js's, which wants CRLF line ends and sees no message in a
    // block of blank lines, warcio/bad.arc).  For the index lines.
    const http = ["response", "request", "revisit"].includes(type) && /^https?:/.test(url || "") && b.raw.length > 0;
    const ph = http ? pyHttp(b.raw) : null;
    const r = { record: rec, offset, length, http, ph };
    r.payloadRaw = http ? ph.payloadRaw : b.raw;
    r.pyStatus = http && type !== "request" ? ph.status : null;
    // For the rec lines, the reader's own rules: an HTTP message in a
    // response, request or revisit with an application/http Content-Type or
    // an http(s) target (ARC: always), read by ourHttp, decoded by
    // decodePayload; where warcio.js decoded it otherwise, an oracle_diff
    // line says so (warcio.js de-chunks pywb's stored-de-chunked bodies and
    // decodes no br or zstd).
    const recHttp = ["response", "request", "revisit"].includes(type) && (ct.startsWith("application/http") || /^https?:/i.test(url || "") || isArc);
    let status = null, raw = b.raw, payload = b.raw;
    if (recHttp && b.raw.length > 0) {
      const oh = ourHttp(b.raw, type === "request");
      status = type === "request" ? null : oh.status;
      raw = oh.body;
      const d = decodePayload(oh);
      payload = d.payload;
      if (h.record.httpHeaders && h.raw.equals(raw) && h.decoded && !h.decoded.equals(payload))
        lines.push(`oracle_diff\trecord ${i}: warcio.js decodes the payload to sha1 ${sha1hex(h.decoded)}${d.failed ? ` (ours: ${d.failed}: kept as stored)` : ""}`);
    }
    lines.push(["rec", offset, length, esc(type), esc(url), status ?? "-", sha1hex(b.raw), sha1hex(raw), sha1hex(payload)].join("\t"));
    const c = cdxLines(r, base);
    if (c) {
      const mark = (c.unsure ? "\tunsure" : "") + (c.ours ? "\tours: python's status is no status code" : "") + (c.tsOurs ? "\tours: python cannot read the date" : "");
      lines.push(`cdxj\t${esc(c.cdxj)}${mark}`);
      lines.push(`cdx\t${esc(c.cdx)}${mark}`);
    }
  }
  return lines.join("\n") + "\n";
}

let total = 0;
for (const rel of listArchives(shared)) {
  const text = await expectFor(rel);
  const out = path.join(outDir, rel + ".txt");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  const recs = text.split("\n").filter((l) => l.startsWith("rec\t")).length;
  total += recs;
  console.log(`${rel}\t${recs} records\t${text.split("\n").find((l) => l.startsWith("oracle\t")) || "hand-written"}`);
}
console.log(`total ${total} records`);
