"""setup.py: what pyproject.toml cannot say about the sqlite-url package.

  - the version: the one url_version() reports (ext/url_ext.c), as the
    Makefile's `make version` and `make dist` read it;
  - the build: `make bundle` (the extension relinked to find the libraries
    copied beside it, tools/bundle.sh), its files copied into the package;
  - the wheel's tag: py3-none-PLATFORM, since url.so is no Python
    extension module (any Python 3 loads it through sqlite3 or apsw) but
    is machine code for one platform;
  - setuptools' own build files under build/python/, beside the Makefile's.
"""

import os
import re
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

ROOT = os.path.dirname(os.path.abspath(__file__))
BUNDLE = os.path.join(ROOT, "build", "bundle")


def version():
    with open(os.path.join(ROOT, "ext", "url_ext.c"), encoding="utf-8") as f:
        m = re.search(r'^#define URL_EXT_VERSION "([^"]+)"$', f.read(), re.M)
    if not m:
        sys.exit("setup.py: no URL_EXT_VERSION in ext/url_ext.c")
    return m.group(1)


class build_py_make(build_py):
    """build_py, then the extension from the Makefile into the package."""

    def run(self):
        super().run()
        if not os.path.exists(os.path.join(ROOT, "Makefile")):
            sys.exit("setup.py: no Makefile: build from a clone of the repository")
        # Not part of a calling make's jobserver; B is the Makefile's default.
        env = {k: v for k, v in os.environ.items()
               if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
        subprocess.run(["make", "--no-print-directory", "B=build", "bundle"],
                       cwd=ROOT, env=env, check=True)
        dest = os.path.join(self.build_lib, "sqlite_url")
        for name in os.listdir(BUNDLE):
            src = os.path.join(BUNDLE, name)
            if os.path.isdir(src):
                shutil.copytree(src, os.path.join(dest, name), dirs_exist_ok=True)
            else:
                shutil.copy2(src, dest)


class PlatformDistribution(Distribution):
    """Machine code inside: platlib, a platform wheel (not a pure one)."""

    def has_ext_modules(self):
        return True


cmdclass = {"build_py": build_py_make}
try:
    from wheel.bdist_wheel import bdist_wheel

    class bdist_wheel_platform(bdist_wheel):
        def get_tag(self):
            return ("py3", "none") + tuple(super().get_tag()[2:])

    cmdclass["bdist_wheel"] = bdist_wheel_platform
except ImportError:  # no wheel package: installs that need no wheel
    pass

os.makedirs(os.path.join(ROOT, "build", "python"), exist_ok=True)
setup(
    distclass=PlatformDistribution,
    version=version(),
    cmdclass=cmdclass,
    options={
        "build": {"build_base": "build/python"},
        "egg_info": {"egg_base": "build/python"},
    },
)
