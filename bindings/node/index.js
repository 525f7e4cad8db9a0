"use strict";
/*
** sqlite-url for Node: the WHATWG URL Standard as a SQLite extension.
**
**   const { DatabaseSync } = require("node:sqlite");   // Node >= 22.13
**   const db = new DatabaseSync(":memory:", { allowExtension: true });
**   require("sqlite-url").load(db);
**   db.prepare("SELECT url_host(?) AS host").get("https://a.example:8080/");
**   // { host: 'a.example:8080' }
**
** load(db) takes a node:sqlite DatabaseSync or a better-sqlite3 Database
** (both have loadExtension(file)); getLoadablePath() is the file for any
** other host.  The package carries the extension built for linux-x64 with
** the libraries it loads beside it (docs/packages.md).
*/
const fs = require("node:fs");
const path = require("node:path");

// `make bundle`'s folder, which package.json's "files" ships.
const BUNDLE = path.join(__dirname, "..", "..", "build", "bundle");

/** The path of the extension file (url.so) inside this package. */
function getLoadablePath() {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `sqlite-url: this package carries the extension for linux-x64, not ` +
        `${process.platform}-${process.arch}: build it from the repository ` +
        `(make) and load build/url`
    );
  }
  const file = path.join(BUNDLE, "url.so");
  if (!fs.existsSync(file)) {
    throw new Error(
      `sqlite-url: ${file} is missing (a package installed from a clone ` +
        `needs \`make bundle\` there first)`
    );
  }
  return file;
}

/** Loads the extension into db (node:sqlite DatabaseSync, better-sqlite3). */
function load(db) {
  if (!db || typeof db.loadExtension !== "function") {
    throw new TypeError(
      "sqlite-url: load(db) takes a node:sqlite DatabaseSync or a " +
        "better-sqlite3 Database; other hosts load getLoadablePath()"
    );
  }
  try {
    db.loadExtension(getLoadablePath());
  } catch (e) {
    // node:sqlite refuses unless the database was opened allowing it.
    if (e && e.code === "ERR_INVALID_STATE") {
      const err = new Error(
        "sqlite-url: this node:sqlite database does not allow extensions: " +
          "open it with new DatabaseSync(path, { allowExtension: true })",
        { cause: e }
      );
      err.code = e.code;
      throw err;
    }
    throw e;
  }
}

module.exports = { getLoadablePath, load };
