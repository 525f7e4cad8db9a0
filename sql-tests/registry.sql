-- The exact set of url_* functions the extension registers.  Update the
-- expected list whenever a function is added, renamed or removed: a name
-- that appears here by accident (a leftover, a typo) is as much a bug as a
-- missing one.  Convention: sql-tests/README.md.
INSERT INTO checks VALUES ('registered url_* functions',
  (SELECT group_concat(name) FROM (SELECT DISTINCT name FROM pragma_function_list
     WHERE name LIKE 'url\_%' ESCAPE '\' ORDER BY name)),
  'url_canonical,url_channel,url_content_type_charset,url_decode,url_display_host,url_domain_to_ascii,url_domain_to_unicode,url_encode,url_encoding,url_file_extension,url_hash,url_host,url_host_type,url_host_without_www,url_hostname,url_href,url_html_encoding,url_idna2008_error,url_origin,url_parse_host,url_password,url_pathname,url_pattern_has_regexp_groups,url_pattern_test,url_port,url_port_number,url_protocol,url_psl_info,url_psl_load,url_public_suffix,url_referrer_medium,url_referrer_source,url_registrable_domain,url_resolve,url_restriction_level,url_robots_allowed,url_robots_crawl_delay,url_robots_decision,url_robots_url,url_same_origin,url_same_site,url_search,url_search_param,url_search_param_append,url_search_param_delete,url_search_param_set,url_search_params_sort,url_set,url_skeleton,url_ssurt,url_strip_params,url_subdomain,url_surt,url_text_decode,url_text_encode,url_tld,url_username,url_valid,url_valid_string,url_version');

-- And the table-valued functions (eponymous virtual tables).
INSERT INTO checks VALUES ('registered modules',
  (SELECT group_concat(name) FROM (SELECT name FROM pragma_module_list
     WHERE name LIKE 'url\_%' ESCAPE '\' ORDER BY name)),
  'url_components,url_deceptions,url_hierarchy,url_host_hierarchy,url_links,url_lookup_expressions,url_pattern_components,url_pattern_exec,url_referrer,url_robots_rules,url_robots_verdict,url_search_params,url_traffic_source,url_validation_errors');

-- The uri_* functions (RFC 3986 / RFC 3987, ext/uri.c) and their module.
INSERT INTO checks VALUES ('registered uri_* functions',
  (SELECT group_concat(name) FROM (SELECT DISTINCT name FROM pragma_function_list
     WHERE name LIKE 'uri\_%' ESCAPE '\' ORDER BY name)),
  'uri_decode,uri_encode,uri_equivalent,uri_error,uri_fragment,uri_from_iri,uri_from_url,uri_host,uri_host_type,uri_normalize,uri_path,uri_port,uri_port_number,uri_query,uri_relative,uri_resolve,uri_scheme,uri_set,uri_to_iri,uri_userinfo,uri_valid');
INSERT INTO checks VALUES ('registered uri_* modules',
  (SELECT group_concat(name) FROM (SELECT name FROM pragma_module_list
     WHERE name LIKE 'uri\_%' ESCAPE '\' ORDER BY name)),
  'uri_components');

-- The warc_* table-valued functions (crawl files, ext/warc.c, ext/warc_index.c).
INSERT INTO checks VALUES ('registered warc_* modules',
  (SELECT group_concat(name) FROM (SELECT name FROM pragma_module_list
     WHERE name LIKE 'warc\_%' ESCAPE '\' ORDER BY name)),
  'warc_index,warc_records');
