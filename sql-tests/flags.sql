-- The flags README.md states (section "Reference"): every url_* function is
-- SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS except url_psl_load (DIRECTONLY:
-- it reads a file, so no view, trigger or schema may call it) and
-- url_psl_info (neither: its answer changes with url_psl_load).  Change
-- README.md with this file.  Masks: DETERMINISTIC 0x800, DIRECTONLY
-- 0x80000, INNOCUOUS 0x200000.
INSERT INTO checks VALUES ('functions not DETERMINISTIC|INNOCUOUS',
  (SELECT group_concat(name || ':' || printf('0x%x', f), ',') FROM
    (SELECT DISTINCT name, flags & 0x280800 AS f FROM pragma_function_list
      WHERE name LIKE 'url\_%' ESCAPE '\' AND f <> 0x200800 ORDER BY name)),
  'url_psl_info:0x0,url_psl_load:0x80000');
-- Every other function has both flags (with any number of arguments).
INSERT INTO checks VALUES ('the others are DETERMINISTIC|INNOCUOUS',
  (SELECT count(DISTINCT name) FROM pragma_function_list
    WHERE name LIKE 'url\_%' ESCAPE '\' AND flags & 0x280800 = 0x200800) + 2,
  (SELECT count(DISTINCT name) FROM pragma_function_list
    WHERE name LIKE 'url\_%' ESCAPE '\'));
-- Every uri_* function (ext/uri.c) has both flags.
INSERT INTO checks VALUES ('uri_* functions are DETERMINISTIC|INNOCUOUS',
  (SELECT count(*) FROM pragma_function_list
    WHERE name LIKE 'uri\_%' ESCAPE '\' AND flags & 0x280800 <> 0x200800), 0);
