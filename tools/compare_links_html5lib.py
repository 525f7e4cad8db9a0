#!/usr/bin/env python3
"""Review tool (not a test: needs Debian's python3-html5lib): compares the
rows of url_links over real pages with the links of the same pages as
html5lib's tree builder (a complete HTML Standard parser) builds them.

Usage: python3 tools/compare_links_html5lib.py [build/url.so] [DIR]
       (DIR default ../shared/html; its .html and .html.gz files; pages
       read as UTF-8 on both sides)

Compared: the plain URL attributes (href, src, action, formaction, cite,
data, poster, manifest, background) of HTML elements outside <template>
contents, as multisets of (tag, attribute, value) per page; srcset, ping
and refresh have their own WPT tables in tests/html_links_test.c.  Prints
each page's differences and the totals."""
import collections
import glob
import gzip
import os
import sqlite3
import sys

import html5lib

HTML = "{http://www.w3.org/1999/xhtml}"
ATTRS = {
    "a": ["href"], "area": ["href"], "link": ["href"], "img": ["src"],
    "source": ["src"], "script": ["src"], "iframe": ["src"], "frame": ["src"],
    "embed": ["src"], "object": ["data"], "video": ["src", "poster"],
    "audio": ["src"], "track": ["src"], "form": ["action"],
    "button": ["formaction"], "input": ["formaction", "src"],
    "blockquote": ["cite"], "q": ["cite"], "del": ["cite"], "ins": ["cite"],
    "html": ["manifest"], "body": ["background"],
}


def html5lib_links(text):
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
    ext = sys.argv[1] if len(sys.argv) > 1 else "build/url.so"
    folder = sys.argv[2] if len(sys.argv) > 2 else "../shared/html"
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.abspath(ext))
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
            (t, a, r) for t, a, r in db.execute(
                "SELECT tag, attribute, raw FROM url_links(?, NULL, 'utf-8') "
                "WHERE attribute NOT IN ('srcset', 'imagesrcset', 'ping', 'content')",
                (body,)))
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
