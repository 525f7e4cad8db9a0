#!/bin/sh
# tools/bundle.sh DIR: completes DIR/url.so, linked by the Makefile with
# DT_RPATH $ORIGIN (`make bundle`), into what every package ships (the
# Python wheel, the npm tarball, the release archive; docs/packages.md):
#
#   url.so             the extension (the Makefile links it stripped)
#   lib*.so.*          the libraries it loads, as the dynamic linker finds
#                      them here, less glibc's own (libidn2, libpsl,
#                      libunistring on Debian)
#   licenses/          each bundled library's Debian copyright file, the
#                      licence texts they refer to, and README naming
#                      which is which and the source package of each
#
# DT_RPATH, not RUNPATH: the dynamic linker then also looks in $ORIGIN for
# the libraries that the bundled libraries load (libidn2's libunistring).
# Run on Debian (dpkg names each library's package and licence); the
# licences are what the LGPL asks for when its libraries are conveyed:
# they stay separate shared objects that a user can replace.
set -eu

dir=${1:?usage: tools/bundle.sh DIR}
so=$dir/url.so
die() { echo "tools/bundle.sh: $*" >&2; exit 1; }

[ "$(uname -s)" = Linux ] || die "packages are built on Linux only"
[ -f "$so" ] || die "no $so (make bundle links it)"
command -v dpkg-query >/dev/null 2>&1 ||
  die "dpkg-query not found: the bundled libraries' licences are read from Debian's packages"

rm -rf "$dir/licenses"
find "$dir" -maxdepth 1 -name 'lib*.so.*' -exec rm -f {} +
mkdir "$dir/licenses"

# The libraries url.so loads (ldd lists them transitively), by the path the
# dynamic linker resolves now that none is beside it.
ldd "$so" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }' >"$dir/licenses/.libs"
readme=$dir/licenses/README
cat >"$readme" <<'EOF'
Licences of what this package contains

url.so              sqlite-url, MIT: LICENSE (beside this folder, or in the
                    package's metadata)
EOF
pkgs=""
while read -r name path; do
  case $name in
    # glibc: the system's own, never bundled.
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*) continue ;;
  esac
  cp -L "$path" "$dir/$name"
  chmod 644 "$dir/$name"
  real=$(readlink -f "$path")
  # dpkg knows merged-/usr paths under /usr, or without it (zlib1g's
  # /lib/x86_64-linux-gnu/libz.so.1).
  pkg=$(dpkg-query -S "$real" 2>/dev/null || dpkg-query -S "/usr${real#/usr}" 2>/dev/null ||
        dpkg-query -S "${real#/usr}" 2>/dev/null) ||
    die "no Debian package owns $real: its licence is unknown"
  pkg=${pkg%%:*}
  src=$(dpkg-query -W -f='${source:Package} ${source:Version}' "$pkg")
  printf '%-19s %s (Debian package %s; source: apt-get source %s=%s):\n%19s licenses/%s.copyright\n' \
    "$name" "${src%% *}" "$pkg" "${src%% *}" "${src#* }" '' "$pkg" >>"$readme"
  pkgs="$pkgs $pkg"
  # libpsl's built-in Public Suffix List comes from Debian's publicsuffix
  # package (MPL-2.0).
  case $name in
    libpsl.so.*)
      printf '%19s its built-in Public Suffix List: licenses/publicsuffix.copyright (MPL-2.0)\n' '' >>"$readme"
      pkgs="$pkgs publicsuffix" ;;
  esac
done <"$dir/licenses/.libs"
rm -f "$dir/licenses/.libs"

# Each package's copyright file, and the full licence texts it refers to.
for pkg in $pkgs; do
  f=/usr/share/doc/$pkg/copyright
  [ -r "$f" ] || die "no $f"
  cp "$f" "$dir/licenses/$pkg.copyright"
  for text in $(grep -o '/usr/share/common-licenses/[A-Za-z0-9.+-]*[A-Za-z0-9]' "$f" | sort -u); do
    [ -r "$text" ] && cp "$text" "$dir/licenses/"
  done
done
cat >>"$readme" <<'EOF'

The bundled libraries are separate shared objects, found through url.so's
DT_RPATH ($ORIGIN): replacing one of them with another build of the same
library (same soname) is enough to use that one instead.  The full texts
of the licences the copyright files name are in this folder.
EOF
