/*
** warc_records and warc_index against the project's expected data
** (tests/data/warc/, written by tools/gen-warc-expected/gen.mjs; its header
** says the rules) for every archive file of ../shared/warc:
**
**   SELECT record_offset, record_length, warc_type, target_uri, http_status,
**          payload_raw, payload, error FROM warc_records(path);
**   SELECT line FROM warc_index(path [, 'cdx']);
**
** One check per expected record (offset, length, type, target URI, status,
** SHA-1 of payload_raw and of payload; "-" in the data is no expectation
** for that field) and per expected index line (byte for byte; where the
** data marks the SURT key "unsure", the line after the key), one per file
** for the count of records and index lines, and for a file the oracle
** could not read to its end, one that warc_records says so in some row's
** error or an SQL error.  Prints the agreement counts.
*/
#include <dirent.h>
#include <nettle/sha1.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ext_db.h"
#include "shared_data.h"

#define DATA_DIR "tests/data/warc"

typedef struct counts {
  int files, records, records_ok, lines, lines_ok;
} counts;

static counts total;

/* Undoes gen.mjs's escapes (\t \n \r \\) in place. */
static void unescape(char *s) {
  char *o = s;
  for (; *s; s++) {
    if (*s == '\\' && s[1]) {
      s++;
      *o++ = *s == 't' ? '\t' : *s == 'n' ? '\n' : *s == 'r' ? '\r' : *s;
    } else {
      *o++ = *s;
    }
  }
  *o = 0;
}

/* Splits line at tabs into at most max fields; returns how many. */
static int split_tabs(char *line, char **f, int max) {
  int n = 0;
  char *p = line;
  while (n < max) {
    f[n++] = p;
    char *t = strchr(p, '\t');
    if (!t) break;
    *t = 0;
    p = t + 1;
  }
  return n;
}

static void sha1_hex(const void *p, size_t n, char out[41]) {
  struct sha1_ctx c;
  uint8_t h[SHA1_DIGEST_SIZE];
  sha1_init(&c);
  sha1_update(&c, n, p);
  sha1_digest(&c, SHA1_DIGEST_SIZE, h);
  for (int i = 0; i < SHA1_DIGEST_SIZE; i++) sprintf(out + 2 * i, "%02x", h[i]);
}

typedef struct expect {
  char **rec;   /* rec lines, fields split */
  int n_rec, cap_rec;
  char **idx[2]; /* cdxj, cdx lines */
  int unsure_n[2], n_idx[2], cap_idx[2];
  int *unsure[2];
  int oracle_stopped;
} expect;

static char *xstrdup(const char *s) {
  char *d = strdup(s);
  if (!d) {
    printf("out of memory\n0 passed, 1 failed\n");
    exit(1);
  }
  return d;
}

static void push(char ***a, int *n, int *cap, char *s) {
  if (*n == *cap) {
    *cap = *cap ? *cap * 2 : 16;
    *a = realloc(*a, (size_t)*cap * sizeof **a);
    if (!*a) {
      printf("out of memory\n0 passed, 1 failed\n");
      exit(1);
    }
  }
  (*a)[(*n)++] = s;
}

static int read_expect(const char *path, expect *e) {
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  memset(e, 0, sizeof *e);
  char *line = NULL;
  size_t cap = 0;
  ssize_t got;
  int cap_u[2] = {0, 0};
  while ((got = getline(&line, &cap, f)) > 0) {
    if (line[got - 1] == '\n') line[--got] = 0;
    if (strncmp(line, "rec\t", 4) == 0) {
      push(&e->rec, &e->n_rec, &e->cap_rec, xstrdup(line + 4));
    } else if (strncmp(line, "cdxj\t", 5) == 0 || strncmp(line, "cdx\t", 4) == 0) {
      int k = line[3] == 'j' ? 0 : 1;
      char *s = xstrdup(line + (k == 0 ? 5 : 4));
      char *tab = strchr(s, '\t');
      int unsure = tab && strstr(tab, "unsure") != NULL;
      if (tab) *tab = 0;
      unescape(s);
      push(&e->idx[k], &e->n_idx[k], &e->cap_idx[k], s);
      if (e->n_idx[k] > cap_u[k]) {
        cap_u[k] = e->cap_idx[k];
        e->unsure[k] = realloc(e->unsure[k], (size_t)cap_u[k] * sizeof(int));
        if (!e->unsure[k]) exit(1);
      }
      e->unsure[k][e->n_idx[k] - 1] = unsure;
    } else if (strncmp(line, "oracle\t", 7) == 0) {
      e->oracle_stopped = strncmp(line + 7, "stops", 5) == 0;
    }
  }
  free(line);
  fclose(f);
  return 0;
}

static void free_expect(expect *e) {
  for (int i = 0; i < e->n_rec; i++) free(e->rec[i]);
  free(e->rec);
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < e->n_idx[k]; i++) free(e->idx[k][i]);
    free(e->idx[k]);
    free(e->unsure[k]);
  }
}

static const char *text_or_dash(const unsigned char *t) {
  return t ? (const char *)t : "-";
}

/* warc_records against the rec lines. */
static void check_records(sqlite3 *db, const char *rel, const char *archive,
                          expect *e) {
  sqlite3_stmt *st;
  const char *sql =
      "SELECT record_offset, record_length, warc_type, target_uri, "
      "http_status, payload_raw, payload, error FROM warc_records(?1)";
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    ext_check(0, "%s: prepare: %s", rel, sqlite3_errmsg(db));
    return;
  }
  sqlite3_bind_text(st, 1, archive, -1, SQLITE_TRANSIENT);
  int row = 0, errors = 0, rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    if (sqlite3_column_type(st, 7) != SQLITE_NULL) errors++;
    if (row >= e->n_rec) {
      row++;
      continue;
    }
    char *f[8];
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", e->rec[row]);
    int nf = split_tabs(buf, f, 8);
    for (int i = 0; i < nf; i++) unescape(f[i]);
    char got_off[32], got_len[32], got_status[16], raw[41], pay[41];
    snprintf(got_off, sizeof got_off, "%lld", sqlite3_column_int64(st, 0));
    snprintf(got_len, sizeof got_len, "%lld", sqlite3_column_int64(st, 1));
    if (sqlite3_column_type(st, 4) == SQLITE_NULL) strcpy(got_status, "-");
    else snprintf(got_status, sizeof got_status, "%d", sqlite3_column_int(st, 4));
    const char *type = text_or_dash(sqlite3_column_text(st, 2));
    char type_c[256];
    snprintf(type_c, sizeof type_c, "%s", type);
    const char *uri = text_or_dash(sqlite3_column_text(st, 3));
    char uri_c[4096];
    snprintf(uri_c, sizeof uri_c, "%s", uri);
    sha1_hex(sqlite3_column_blob(st, 5), (size_t)sqlite3_column_bytes(st, 5), raw);
    sha1_hex(sqlite3_column_blob(st, 6), (size_t)sqlite3_column_bytes(st, 6), pay);
    const char *what = NULL;
    if (nf < 8) what = "malformed data line";
    else if (strcmp(f[0], got_off)) what = "record_offset";
    else if (strcmp(f[1], got_len)) what = "record_length";
    else if (strcmp(f[2], type_c)) what = "warc_type";
    else if (strcmp(f[3], uri_c)) what = "target_uri";
    else if (strcmp(f[4], got_status)) what = "http_status";
    else if (strcmp(f[6], raw)) what = "sha1(payload_raw)";
    else if (strcmp(f[7], "-") && strcmp(f[7], pay)) what = "sha1(payload)";
    total.records++;
    if (ext_check(what == NULL,
                  "%s record %d: %s: expected offset %s length %s %s %s status %s "
                  "raw %s payload %s; got %s %s %s %s %s raw %s payload %s",
                  rel, row, what ? what : "", nf > 0 ? f[0] : "", nf > 1 ? f[1] : "",
                  nf > 2 ? f[2] : "", nf > 3 ? f[3] : "", nf > 4 ? f[4] : "",
                  nf > 6 ? f[6] : "", nf > 7 ? f[7] : "", got_off, got_len,
                  type_c, uri_c, got_status, raw, pay))
      total.records_ok++;
    row++;
  }
  int sql_error = rc != SQLITE_DONE;
  if (sql_error && !e->oracle_stopped)
    ext_check(0, "%s: warc_records: %s", rel, sqlite3_errmsg(db));
  sqlite3_finalize(st);
  ext_check(row == e->n_rec || (e->oracle_stopped && row >= e->n_rec),
            "%s: %d records, expected %d", rel, row, e->n_rec);
  if (e->oracle_stopped)
    ext_check(errors > 0 || sql_error,
              "%s: a broken file read with no error in any row", rel);
}

/* warc_index(archive, fmt) against the expected lines. */
static void check_index(sqlite3 *db, const char *rel, const char *archive,
                        expect *e, int k) {
  sqlite3_stmt *st;
  const char *sql = k == 0 ? "SELECT line FROM warc_index(?1)"
                           : "SELECT line FROM warc_index(?1, 'cdx')";
  if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
    ext_check(0, "%s: prepare: %s", rel, sqlite3_errmsg(db));
    return;
  }
  sqlite3_bind_text(st, 1, archive, -1, SQLITE_TRANSIENT);
  int row = 0, rc;
  int skip = k == 1; /* the cdx header */
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *got = (const char *)sqlite3_column_text(st, 0);
    if (skip) {
      skip = 0;
      ext_check(got && strcmp(got, " CDX N b a m s k r M S V g") == 0,
                "%s: cdx header %s", rel, ext_show(got));
      continue;
    }
    if (row < e->n_idx[k]) {
      const char *want = e->idx[k][row];
      int ok;
      if (e->unsure[k][row]) {
        /* the key is url_surt's (tests of keys/ hold it): the rest */
        const char *a = got ? strchr(got, ' ') : NULL, *b = strchr(want, ' ');
        ok = a && b && strcmp(a, b) == 0;
      } else {
        ok = got && strcmp(got, want) == 0;
      }
      total.lines++;
      if (ext_check(ok, "%s %s line %d:\n  expected %s\n  got      %s", rel,
                    k ? "cdx" : "cdxj", row, want, ext_show(got)))
        total.lines_ok++;
    }
    row++;
  }
  if (rc != SQLITE_DONE && !e->oracle_stopped)
    ext_check(0, "%s: warc_index: %s", rel, sqlite3_errmsg(db));
  sqlite3_finalize(st);
  ext_check(row == e->n_idx[k], "%s: %d %s lines, expected %d", rel, row,
            k ? "cdx" : "cdxj", e->n_idx[k]);
}

static void walk(sqlite3 *db, const char *dir, const char *rel) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *ent;
  char **names = NULL;
  int n = 0, cap = 0;
  while ((ent = readdir(d)) != NULL)
    if (ent->d_name[0] != '.') push(&names, &n, &cap, xstrdup(ent->d_name));
  closedir(d);
  /* sorted, so the output is stable */
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j];
      names[j] = names[j - 1];
      names[j - 1] = t;
    }
  for (int i = 0; i < n; i++) {
    char path[4096], sub[4096];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    snprintf(sub, sizeof sub, "%s%s%s", rel, *rel ? "/" : "", names[i]);
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
      walk(db, path, sub);
    } else {
      size_t l = strlen(sub);
      if (l > 4 && strcmp(sub + l - 4, ".txt") == 0) {
        char arel[4096], archive[4096];
        snprintf(arel, sizeof arel, "warc/%.*s", (int)(l - 4), sub);
        shared_file(archive, sizeof archive, arel);
        expect e;
        if (!ext_check(read_expect(path, &e) == 0, "cannot read %s", path)) continue;
        total.files++;
        check_records(db, arel, archive, &e);
        check_index(db, arel, archive, &e, 0);
        check_index(db, arel, archive, &e, 1);
        free_expect(&e);
      }
    }
    free(names[i]);
  }
  free(names);
}

int main(int argc, char **argv) {
  (void)argc;
  sqlite3 *db = ext_open(ext_so_path(argv[0]));
  if (!db) return 1;
  walk(db, DATA_DIR, "");
  printf("warc expected data: %d files; warc_records %d/%d records agree; "
         "warc_index %d/%d lines agree (cdxj and cdx)\n",
         total.files, total.records_ok, total.records, total.lines_ok,
         total.lines);
  ext_check(total.files > 0, "no expected data under %s", DATA_DIR);
  sqlite3_close(db);
  return ext_summary();
}
