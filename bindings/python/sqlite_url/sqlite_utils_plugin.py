"""The sqlite-utils plugin: every sqlite_utils.Database gets the functions.

sqlite-utils 3.34 and later load the modules of the "sqlite_utils" entry
point group (pyproject.toml names this one) and call their
prepare_connection(conn) on each connection they open:

    pip install .        # beside sqlite-utils
    sqlite-utils memory "SELECT url_host('https://a.example/')"

Older sqlite-utils (Debian 12 has 3.30) have no plugins: give them the
file, sqlite-utils --load-extension "$(python3 -c 'import sqlite_url;
print(sqlite_url.loadable_path())')".
"""

import warnings

import pluggy

from . import load

# sqlite_utils.hookimpl is this marker; made here so that the module needs
# only pluggy (which such sqlite-utils install) to be imported and tested.
hookimpl = pluggy.HookimplMarker("sqlite_utils")


@hookimpl
def prepare_connection(conn):
    """Loads the extension into each connection sqlite-utils opens."""
    try:
        load(conn)
    except Exception as e:  # a failed plugin must not stop every command
        warnings.warn("sqlite-url: not loaded into sqlite-utils: %s" % e,
                      RuntimeWarning, stacklevel=2)
