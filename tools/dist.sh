#!/bin/sh
# tools/dist.sh BUNDLE OUT.tar.gz: the release archive (`make dist`) and
# OUT.tar.gz.sha256 beside it (sha256sum's format: `sha256sum -c` checks
# it).  The files sit at the archive's root, as sqlpkg and the releases of
# other SQLite extensions lay them out (sqlpkg unpacks the root's files):
#
#   url.so, lib*.so.*   the extension and the libraries it loads (BUNDLE)
#   README.md, LICENSE
#   docs/               the reference (docs/*.md)
#   licenses/           the bundled libraries' licences (BUNDLE)
#
# Reproducible: names sorted, owner root, every time the last commit's
# (SOURCE_DATE_EPOCH when set), gzip without a name or time: the same
# sources and build give the same bytes, so the same SHA-256.
set -eu

bundle=${1:?usage: tools/dist.sh BUNDLE OUT.tar.gz}
out=${2:?usage: tools/dist.sh BUNDLE OUT.tar.gz}
name=$(basename "$out")
outdir=$(dirname "$out")
stage=$outdir/.stage

rm -rf "$stage" "$out" "$out.sha256"
mkdir -p "$stage/docs"
cp "$bundle"/url.so "$bundle"/lib*.so.* "$stage/"
cp -R "$bundle/licenses" "$stage/"
cp README.md LICENSE "$stage/"
cp docs/*.md "$stage/docs/"
chmod -R u+rwX,go+rX,go-w "$stage"

# Outside a git checkout: the time of the newest document shipped.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null ||
  stat -c %Y $(ls -t README.md LICENSE docs/*.md | head -n 1))}
(cd "$stage" && find . -mindepth 1 | sed 's|^\./||' | LC_ALL=C sort |
  tar --create --no-recursion --files-from=- --owner=0 --group=0 \
      --numeric-owner --mtime="@$epoch" --format=gnu) | gzip -9n >"$out"
rm -rf "$stage"
(cd "$outdir" && sha256sum "$name" >"$name.sha256")
echo "  DIST $out ($(wc -c <"$out" | tr -d ' ') bytes)"
