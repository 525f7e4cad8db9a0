/** The path of the extension file (url.so) inside this package. */
export function getLoadablePath(): string;

/**
 * Loads the extension into db: a node:sqlite DatabaseSync opened with
 * `{ allowExtension: true }` (Node >= 22.13), or a better-sqlite3 Database.
 */
export function load(db: {
  loadExtension(file: string, entryPoint?: string): unknown;
}): void;
