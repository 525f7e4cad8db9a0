"""sqlite-url: the WHATWG URL Standard as a SQLite extension.

    import sqlite3, sqlite_url
    con = sqlite3.connect(":memory:")
    sqlite_url.load(con)
    con.execute("SELECT url_host('https://a.example:8080/')").fetchone()
    # ('a.example:8080',)

The package carries the compiled extension (url.so, with the libraries it
loads beside it: docs/packages.md).  load() takes a connection of the
standard library's sqlite3 or of apsw; loadable_path() is the file's path
for anything else that loads SQLite extensions (sqlite-utils
--load-extension, SQLAlchemy, sqlean.py).
"""

import os

__all__ = ["load", "loadable_path"]


def loadable_path():
    """The path of the extension file (url.so) inside this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "url.so")


def _no_extension_loading():
    """The error for a connection whose sqlite3 module cannot load extensions."""
    import sqlite3
    import sys

    return sqlite3.NotSupportedError(
        "sqlite_url.load: this Python's sqlite3 module cannot load extensions "
        "(%s, Python %s, has no Connection.enable_load_extension): it was built "
        "without --enable-loadable-sqlite-extensions, as pyenv builds Python by "
        "default.  Use a Python built with it (Debian's python3; pyenv: "
        "PYTHON_CONFIGURE_OPTS=--enable-loadable-sqlite-extensions pyenv install "
        "VERSION), or apsw: sqlite_url.load(apsw.Connection(path))"
        % (sys.executable, sys.version.split()[0])
    )


def load(conn):
    """Loads the extension into conn: a sqlite3.Connection or an apsw.Connection.

    Extension loading is enabled for the load and disabled again after it
    (SQLite's default, which keeps SQL's load_extension() off); the
    functions stay registered on the connection.
    """
    # sqlite3 and apsw >= 3.41 spell them so; older apsw (Debian 12's 3.40)
    # without the underscores.
    enable = getattr(conn, "enable_load_extension", None) or getattr(
        conn, "enableloadextension", None
    )
    load_file = getattr(conn, "load_extension", None) or getattr(
        conn, "loadextension", None
    )
    if enable is None or load_file is None:
        try:
            import sqlite3
        except ImportError:  # no sqlite3 module at all: not its connection
            sqlite3 = None
        if sqlite3 and isinstance(conn, sqlite3.Connection):
            raise _no_extension_loading()
        raise TypeError(
            "sqlite_url.load: expected a sqlite3 or apsw connection, got %s.%s "
            "(other hosts: load the file sqlite_url.loadable_path() names)"
            % (type(conn).__module__, type(conn).__name__)
        )
    enable(True)
    try:
        load_file(loadable_path())
    finally:
        enable(False)
