#!/usr/bin/env python3
"""Review tool (not a test: needs Debian's python3-html5lib): compares the
rows of url_links over real pages with the links of the same pages as
html5lib's tree builder (a complete HTML Standard parser) builds them.

Usage: python3 tools/compare_links_html5lib.py [build/url.so] [DIR]
       (DIR default ../shared/html; its .html and .html.gz files; pages
       read as UTF-8 on both sides)
       python3 tools/compare_links_html5lib.py --dat [build/url.so] [DIR]
       (DIR default ../shared/html5lib-tests/tree-construction: each test's
       #data against its expected #document tree, no html5lib needed;
       fragment and #script-on tests skipped; prints recall and precision)
       python3 tools/compare_links_html5lib.py --inject [build/url.so] [DIR]
       (the same inputs with a URL attribute added to each start tag that
       can hold one, against html5lib's parse of them)
       python3 tools/compare_links_html5lib.py --random N [build/url.so]
       (N pseudo-random malformed documents, seed 1, against html5lib)

Compared: the plain URL attributes (href, src, action, formaction, cite,
data, poster, manifest, background) of HTML elements outside <template>
contents, as multisets of (tag, attribute, value) per page; srcset, ping
and refresh have their own WPT tables in tests/html_links_test.c.  Prints
each page's differences and the totals."""
import collections
import glob
import gzip
import os
import re
import sqlite3
import sys

HTML = "{http://www.w3.org/1999/xhtml}"
ATTRS = {
    "a": ["href"], "area": ["href"], "link": ["href"], "img": ["src"],
    "source": ["src"], "script": ["src"], "iframe": ["src"], "frame": ["src"],
    "embed": ["src"], "object": ["data"], "video": ["src", "poster"],
    "audio": ["src"], "track": ["src"], "form": ["action"],
    "button": ["formaction"], "input": ["formaction", "src"],
    "blockquote": ["cite"], "q": ["cite"], "del": ["cite"], "ins": ["cite"],
    "html": ["manifest"], "body": ["background"], "table": ["background"],
    "tr": ["background"], "td": ["background"], "th": ["background"],
    "tbody": ["background"], "thead": ["background"], "tfoot": ["background"],
}
ROWS = ("SELECT tag, attribute, raw FROM url_links(?, NULL, 'utf-8') "
        "WHERE attribute NOT IN ('srcset', 'imagesrcset', 'ping', 'content')")


def dat_tests(path):
    """The tests of a tree-construction .dat file: (data, document lines)."""
    tests, cur, section = [], None, None
    for line in open(path, encoding="utf-8").read().split("\n"):
        if line == "#data":
            if cur:
                tests.append(cur)
            cur, section = {"data": [], "#document": [], "flags": set()}, "data"
        elif cur is not None and line.startswith("#") and line[1:].replace("-", "").isalpha():
            section = line
            cur["flags"].add(line)
        elif cur is not None and section in ("data", "#document"):
            cur[section].append(line)
    if cur:
        tests.append(cur)
    out = []
    for t in tests:
        if "#document-fragment" in t["flags"] or "#script-on" in t["flags"]:
            continue
        data = "\n".join(t["data"])
        doc = t["#document"]
        while doc and doc[-1] == "":
            doc.pop()
        out.append((data, doc))
    return out


def dat_links(doc):
    """The plain URL attributes of the HTML elements of an expected tree
    (its "| " lines), outside template contents."""
    out = collections.Counter()
    stack = []  # (indent, name or None for foreign, in_template)
    attr_re = re.compile(r'^([^ =]+)="(.*)"$', re.S)
    lines = []
    for line in doc:
        if line.startswith("| ") or not lines:
            lines.append(line)
        else:
            lines[-1] += "\n" + line  # a value with a newline
    for line in lines:
        body = line[2:]
        indent = len(body) - len(body.lstrip(" "))
        body = body[indent:]
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1] if stack else None
        in_template = parent[2] if parent else False
        if body == "content" and parent and parent[1] == "template":
            stack.append((indent, None, True))
        elif body.startswith("<") and body.endswith(">") and not body.startswith("<!"):
            name = body[1:-1]
            html = " " not in name
            stack.append((indent, name if html else None, in_template))
        else:
            m = attr_re.match(body)
            if m and parent and parent[1] and not parent[2]:
                name, value = m.group(1), m.group(2)
                if name in ATTRS.get(parent[1], []):
                    out[(parent[1], name, value)] += 1
    return out


TAG_RE = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)")


def inject(data):
    """data with a URL attribute of a unique value added to each start tag
    that can hold one (the tree is the same: no rule reads them)."""
    n = [0]

    def add(m):
        attrs = ATTRS.get(m.group(1).lower())
        if not attrs:
            return m.group(0)
        n[0] += 1
        return '%s %s="u%d"' % (m.group(0), attrs[0], n[0])
    return TAG_RE.sub(add, data)


RANDOM_TAGS = ["a", "a", "div", "p", "span", "b", "i", "li", "ul", "table",
               "tr", "td", "th", "tbody", "template", "svg", "math", "mtext",
               "mi", "mglyph", "annotation-xml", "foreignObject", "desc",
               "path", "g", "form", "frameset", "frame", "body", "html",
               "head", "img", "source", "input",
               "button", "object", "nobr", "h1", "h2", "dd", "dt", "caption",
               "title", "style", "script", "textarea", "noscript", "font",
               "iframe", "area", "link", "base", "track", "br"]


def random_doc(rnd):
    out = []
    for _ in range(rnd.randint(1, 30)):
        r = rnd.random()
        tag = rnd.choice(RANDOM_TAGS)
        if r < 0.55:
            extra = ""
            if tag == "input" and rnd.random() < 0.3:
                extra = " type=hidden"
            elif tag == "annotation-xml" and rnd.random() < 0.5:
                extra = " encoding=text/html"
            elif tag == "font" and rnd.random() < 0.5:
                extra = " color=red"
            out.append("<%s%s>" % (tag, extra))
        elif r < 0.9:
            out.append("</%s>" % tag)
        else:
            out.append(rnd.choice(["x", " ", "<!--c-->", "<![CDATA[d]]>"]))
    return inject("".join(out))


def compare_docs(db, docs):
    want_n = got_n = common_n = same = 0
    for data in docs:
        want = html5lib_links(data)
        got = collections.Counter(db.execute(ROWS, (data.encode("utf-8", "surrogatepass"),)))
        want_n += sum(want.values())
        got_n += sum(got.values())
        common_n += sum((want & got).values())
        if want == got:
            same += 1
        else:
            print("%r" % data[:300])
            for k, v in (want - got).items():
                print("   only html5lib: %r x%d" % (k, v))
            for k, v in (got - want).items():
                print("   only url_links: %r x%d" % (k, v))
    print("%d of %d documents identical; html5lib %d links, url_links %d, "
          "in common %d (recall %.2f%%, precision %.2f%%)" %
          (same, len(docs), want_n, got_n, common_n,
           100.0 * common_n / max(want_n, 1), 100.0 * common_n / max(got_n, 1)))


def compare_dat(db, folder):
    want_n = got_n = common_n = docs = docs_same = 0
    for path in sorted(glob.glob(os.path.join(folder, "*.dat"))):
        for data, doc in dat_tests(path):
            want = dat_links(doc)
            got = collections.Counter(db.execute(ROWS, (data.encode("utf-8", "surrogatepass"),)))
            docs += 1
            want_n += sum(want.values())
            got_n += sum(got.values())
            common_n += sum((want & got).values())
            if want == got:
                docs_same += 1
            else:
                print("%s: %r" % (os.path.basename(path), data[:200]))
                for k, v in (want - got).items():
                    print("   only expected: %r x%d" % (k, v))
                for k, v in (got - want).items():
                    print("   only url_links: %r x%d" % (k, v))
    print("%d of %d documents identical; expected %d links, url_links %d, "
          "in common %d (recall %.2f%%, precision %.2f%%)" %
          (docs_same, docs, want_n, got_n, common_n,
           100.0 * common_n / max(want_n, 1), 100.0 * common_n / max(got_n, 1)))


def html5lib_links(text):
    import html5lib
    root = html5lib.parse(text, treebuilder="etree", namespaceHTMLElements=True,
                          scripting=False)
    out = collections.Counter()

    def walk(el, in_template):
        tag = el.tag if isinstance(el.tag, str) else ""
        if tag.startswith(HTML):
            name = tag[len(HTML):]
            if not in_template:
                for a in ATTRS.get(name, []):
                    if a in el.attrib:
                        out[(name, a, el.attrib[a])] += 1
            if name == "template":
                in_template = True
        for child in el:
            walk(child, in_template)

    walk(root, False)
    return out


def main():
    args = sys.argv[1:]
    mode = args[0] if args and args[0].startswith("--") else ""
    count = 0
    if mode:
        args = args[1:]
    if mode == "--random":
        count, args = int(args[0]), args[1:]
    dat = mode in ("--dat", "--inject")
    ext = args[0] if args else "build/url.so"
    folder = args[1] if len(args) > 1 else (
        "../shared/html5lib-tests/tree-construction" if dat else "../shared/html")
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.abspath(ext))
    if mode == "--dat":
        compare_dat(db, folder)
        return
    if mode == "--inject":
        compare_docs(db, [inject(data) for path in sorted(glob.glob(os.path.join(folder, "*.dat")))
                          for data, _ in dat_tests(path)])
        return
    if mode == "--random":
        import random
        rnd = random.Random(1)
        compare_docs(db, [random_doc(rnd) for _ in range(count)])
        return
    total = same = 0
    pages_same = 0
    files = sorted(glob.glob(os.path.join(folder, "*.html")) +
                   glob.glob(os.path.join(folder, "*.html.gz")))
    for path in files:
        body = (gzip.open if path.endswith(".gz") else open)(path, "rb").read()
        text = body.decode("utf-8", "replace")
        if text.startswith("\ufeff"):
            text = text[1:]
        want = html5lib_links(text)
        got = collections.Counter(
            (t, a, r) for t, a, r in db.execute(ROWS, (body,)))
        common = sum((want & got).values())
        total += max(sum(want.values()), sum(got.values()))
        same += common
        if want == got:
            pages_same += 1
        else:
            print("%s: html5lib %d, url_links %d, in common %d" %
                  (os.path.basename(path), sum(want.values()), sum(got.values()), common))
            for k, v in list((want - got).items())[:3]:
                print("   only html5lib: %r x%d" % (k, v))
            for k, v in list((got - want).items())[:3]:
                print("   only url_links: %r x%d" % (k, v))
    print("%d of %d pages identical; %d of %d links in common (%.2f%%)" %
          (pages_same, len(files), same, total, 100.0 * same / max(total, 1)))


if __name__ == "__main__":
    main()
