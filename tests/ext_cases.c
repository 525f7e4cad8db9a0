/*
** Representative statements for every function (see ext_cases.h).
*/
#include "ext_cases.h"

/* One row per kind of input; url, base, host, text per row. */
const char ext_fixture[] =
    "CREATE TEMP TABLE inputs(url, base, host, text);"
    "INSERT INTO inputs VALUES"
    " ('https://user:pw@example.com:8080/a/../b?x=1&y=2#frag', NULL,"
    "  'EXAMPLE.com', 'a b&c'),"
    " ('https://Bücher.example/ä?ö=ü&k=é#ñ', 'https://base.example/',"
    "  'münchen.de', 'café au lait+%C3%A9'),"
    " ('https://a.example/p?' || replace(printf('%.150c', '&'), '&',"
    "  'k=v%20é&'), NULL, 'xn--mnchen-3ya.de.', printf('%.3000c', 'é')),"
    " ('../rel?q=1#h', 'https://b.example/dir/page', '[0:0::1]', x'ff61ff'),"
    " ('http://[::1]:80/', 'http://x/', '0x7f.1', '%zz%41'),"
    " ('http://exa mple/', 'not a base', 'a b', NULL),"
    " (NULL, NULL, NULL, '');";

/* 63 component, value pairs (SQLite's default limit is 127 arguments);
   the 64th setter is a second url_set around the first. */
#define PAIRS7                                                          \
  "'protocol','http', 'username','ü s', 'password','p@ss', "           \
  "'hostname','Bücher.example', 'port','8080', 'pathname','/a b/ä', " \
  "'search','?q=é', "
#define PAIRS9 PAIRS7 "'hash','#f g', 'host','xn--mnchen-3ya.de:81', "
#define SET64                                                            \
  "SELECT url_set(url_set(url, " PAIRS9 PAIRS9 PAIRS9 PAIRS9 PAIRS9 PAIRS9 \
  PAIRS7 "'href','https://z.example/'), 'hash', 'end') FROM inputs"

const ext_case ext_cases[] = {
    {"url_version", 0, "SELECT url_version()"},
    {"url_parse_host", 1, "SELECT url_parse_host(host) FROM inputs"},
    {"url_parse_host", 2, "SELECT url_parse_host(text, 1) FROM inputs"},
    {"url_domain_to_unicode", 1,
     "SELECT url_domain_to_unicode(url_parse_host(host)) FROM inputs"},
    {"url_domain_to_ascii", 1, "SELECT url_domain_to_ascii(host) FROM inputs"},
    {"url_domain_to_ascii", 2,
     "SELECT url_domain_to_ascii(host, 'idna2008') FROM inputs"},
    {"url_domain_to_unicode", 2,
     "SELECT url_domain_to_unicode(url_parse_host(host), 'idna2008') FROM inputs"},
    {"url_idna2008_error", 1,
     "SELECT url_idna2008_error(url), url_idna2008_error(host) FROM inputs"},
    {"url_href", 1, "SELECT url_href(url) FROM inputs"},
    {"url_href", 2, "SELECT url_href(url, base) FROM inputs"},
    {"url_href", 2, "SELECT url_href(url, 'https://c.example/d/') FROM inputs"},
    {"url_protocol", 1, "SELECT url_protocol(url) FROM inputs"},
    {"url_protocol", 2, "SELECT url_protocol(url, base) FROM inputs"},
    {"url_username", 1, "SELECT url_username(url) FROM inputs"},
    {"url_username", 2, "SELECT url_username(url, base) FROM inputs"},
    {"url_password", 1, "SELECT url_password(url) FROM inputs"},
    {"url_password", 2, "SELECT url_password(url, base) FROM inputs"},
    {"url_host", 1, "SELECT url_host(url) FROM inputs"},
    {"url_host", 2, "SELECT url_host(url, base) FROM inputs"},
    {"url_hostname", 1, "SELECT url_hostname(url) FROM inputs"},
    {"url_hostname", 2, "SELECT url_hostname(url, base) FROM inputs"},
    {"url_port", 1, "SELECT url_port(url) FROM inputs"},
    {"url_port", 2, "SELECT url_port(url, base) FROM inputs"},
    {"url_port_number", 1, "SELECT url_port_number(url) FROM inputs"},
    {"url_port_number", 2, "SELECT url_port_number(url, base) FROM inputs"},
    {"url_pathname", 1, "SELECT url_pathname(url) FROM inputs"},
    {"url_pathname", 2, "SELECT url_pathname(url, base) FROM inputs"},
    {"url_search", 1, "SELECT url_search(url) FROM inputs"},
    {"url_search", 2, "SELECT url_search(url, base) FROM inputs"},
    {"url_hash", 1, "SELECT url_hash(url) FROM inputs"},
    {"url_hash", 2, "SELECT url_hash(url, base) FROM inputs"},
    {"url_resolve", 2, "SELECT url_resolve(url, base) FROM inputs"},
    {"url_resolve", 2, "SELECT url_resolve(url, 'https://c.example/d/') FROM inputs"},
    {"url_origin", 1, "SELECT url_origin(url) FROM inputs"},
    {"url_origin", 2, "SELECT url_origin(url, base) FROM inputs"},
    {"url_valid", 1, "SELECT url_valid(url) FROM inputs"},
    {"url_valid", 2, "SELECT url_valid(url, base) FROM inputs"},
    {"url_valid_string", 1, "SELECT url_valid_string(url) FROM inputs"},
    {"url_valid_string", 2, "SELECT url_valid_string(url, base) FROM inputs"},
    {"url_set", -1, "SELECT url_set(url, 'hostname', host, 'search', text) FROM inputs"},
    {"url_set", -1, SET64},
    {"url_search_param", 2, "SELECT url_search_param(url, 'k') FROM inputs"},
    {"url_search_param", 2, "SELECT url_search_param(text, 'a') FROM inputs"},
    {"url_search_param_append", 3,
     "SELECT url_search_param_append(url, 'n', text) FROM inputs"},
    {"url_search_param_set", 3,
     "SELECT url_search_param_set(url, 'k', text) FROM inputs"},
    {"url_search_param_delete", 2,
     "SELECT url_search_param_delete(url, 'k') FROM inputs"},
    {"url_search_param_delete", 3,
     "SELECT url_search_param_delete(url, 'x', '1') FROM inputs"},
    {"url_search_params_sort", 1, "SELECT url_search_params_sort(url) FROM inputs"},
    {"url_encode", 1, "SELECT url_encode(text) FROM inputs"},
    {"url_encode", 2, "SELECT url_encode(text, 'form'), url_encode(url, 'path') FROM inputs"},
    {"url_decode", 1, "SELECT url_decode(url_encode(text)) FROM inputs"},
    {"url_decode", 2, "SELECT url_decode(text, 'form') FROM inputs"},
    {"url_href", 3, "SELECT url_href(url, base, 'shift_jis') FROM inputs"},
    {"url_search", 3, "SELECT url_search(url, base, 'gbk') FROM inputs"},
    {"url_resolve", 3, "SELECT url_resolve(url, base, 'windows-1252') FROM inputs"},
    {"url_encode", 3, "SELECT url_encode(text, 'form', 'iso-2022-jp') FROM inputs"},
    {"url_decode", 3, "SELECT url_decode(text, 'form', 'gb18030') FROM inputs"},
    {"url_search_param_append", 4,
     "SELECT url_search_param_append(url, 'n', text, 'euc-kr') FROM inputs"},
    {"url_search_param_set", 4,
     "SELECT url_search_param_set(url, 'k', text, 'big5') FROM inputs"},
    {"url_search_param_delete", 4,
     "SELECT url_search_param_delete(url, 'x', '1', 'euc-jp') FROM inputs"},
    {"url_search_params_sort", 2, "SELECT url_search_params_sort(url, 'koi8-r') FROM inputs"},
    {"url_search_param", 3, "SELECT url_search_param(url, 'k', 'windows-1251') FROM inputs"},
    {"url_encoding", 1, "SELECT url_encoding(host), url_encoding('latin1') FROM inputs"},
    {"url_text_decode", 2,
     "SELECT url_text_decode(text, 'shift_jis'), url_text_decode(url, 'utf-16le') FROM inputs"},
    {"url_text_encode", 2, "SELECT url_text_encode(text, 'gbk') FROM inputs"},
    {"url_search_params", EXT_MODULE,
     "SELECT p.*, p.encoding FROM inputs AS i, url_search_params(i.url, 'gbk') AS p"},
    {"url_public_suffix", 1,
     "SELECT url_public_suffix(url), url_public_suffix(host) FROM inputs"},
    {"url_registrable_domain", 1,
     "SELECT url_registrable_domain(url), url_registrable_domain(host) FROM inputs"},
    {"url_public_suffix", 2, "SELECT url_public_suffix(url, 'icann') FROM inputs"},
    {"url_registrable_domain", 2,
     "SELECT url_registrable_domain(host, 'icann') FROM inputs"},
    {"url_subdomain", 1, "SELECT url_subdomain(url), url_subdomain(host) FROM inputs"},
    {"url_subdomain", 2, "SELECT url_subdomain(url, 'icann') FROM inputs"},
    {"url_tld", 1, "SELECT url_tld(url), url_tld(host) FROM inputs"},
    {"url_host_without_www", 1, "SELECT url_host_without_www(url) FROM inputs"},
    {"url_host_type", 1, "SELECT url_host_type(url), url_host_type(host) FROM inputs"},
    {"url_file_extension", 1, "SELECT url_file_extension(url) FROM inputs"},
    {"url_same_origin", 2, "SELECT url_same_origin(url, base) FROM inputs"},
    {"url_same_site", 2, "SELECT url_same_site(url, base) FROM inputs"},
    {"url_psl_info", 0, "SELECT url_psl_info()"},
    {"url_psl_load", 1,
     "SELECT url_psl_load('/usr/share/publicsuffix/public_suffix_list.dat')"
     " ->> '$.format', url_registrable_domain('a.b.example.co.uk')"},
    {"url_components", EXT_MODULE,
     "SELECT c.* FROM inputs AS i, url_components(i.url, i.base) AS c"},
    {"url_components", EXT_MODULE,
     "SELECT c.*, c.input FROM inputs AS i, url_components(i.url) AS c"},
    {"url_search_params", EXT_MODULE,
     "SELECT i.rowid, p.* FROM inputs AS i, url_search_params(i.url) AS p"},
    {"url_search_params", EXT_MODULE,
     "SELECT p.*, p.input FROM inputs AS i, url_search_params(i.text) AS p"},
    {"url_hierarchy", EXT_MODULE,
     "SELECT i.rowid, h.* FROM inputs AS i, url_hierarchy(i.url) AS h"},
    {"url_host_hierarchy", EXT_MODULE,
     "SELECT i.rowid, h.* FROM inputs AS i, url_host_hierarchy(i.host) AS h"},
    {"url_links", EXT_MODULE,
     "SELECT i.rowid, l.* FROM inputs AS i, url_links(i.text, i.url) AS l"},
    {"url_links", EXT_MODULE,
     "SELECT l.*, l.html FROM inputs AS i,"
     " url_links('<base href=' || i.text || '><a href=' || i.url || ' ping=\"a b\">"
     "<img srcset=\"' || i.url || ' 2x, b 1x\">', i.base, 'utf-8') AS l"},
    {"url_html_encoding", 1, "SELECT url_html_encoding(text) FROM inputs"},
    {"url_html_encoding", 2, "SELECT url_html_encoding(text, 'koi8-r') FROM inputs"},
    {"url_content_type_charset", 1,
     "SELECT url_content_type_charset(text),"
     " url_content_type_charset('text/html; charset=\"' || text || '\"') FROM inputs"},
    {"url_validation_errors", EXT_MODULE,
     "SELECT i.rowid, e.* FROM inputs AS i,"
     " url_validation_errors(i.url, i.base) AS e"},
    {"url_canonical", 1,
     "SELECT url_canonical(url), url_canonical(host), url_canonical(text) FROM inputs"},
    {"url_canonical", 2,
     "SELECT url_canonical(url, 'google'), url_canonical(url, 'aggressive'),"
     " url_canonical(text, 'semantic_precise'), url_canonical(url, 'whatwg') FROM inputs"},
    {"url_surt", 1, "SELECT url_surt(url), url_surt(host), url_surt(text) FROM inputs"},
    {"url_surt", 2,
     "SELECT url_surt(url, '{\"with_scheme\": true, \"public_suffix\": true}'),"
     " url_surt(url, '{\"canonicalizer\": \"aggressive\", \"heritrix\": true}')"
     " FROM inputs"},
    {"url_ssurt", 1, "SELECT url_ssurt(url) FROM inputs"},
    {"url_strip_params", -1,
     "SELECT url_strip_params(url, '@tracking', 'a*', 'q') FROM inputs"},
    {"url_pattern_test", 2,
     "SELECT url_pattern_test('https://*.example/:x', url),"
     " url_pattern_test('{\"pathname\": \"/:a/:b?\", \"ignoreCase\": true}', url),"
     " url_pattern_test('{\"pathname\": \"/' || rowid || '*\"}', url) FROM inputs"},
    {"url_pattern_test", 3,
     "SELECT url_pattern_test('[\"/dir/:p*\", \"https://b.example/\"]', url, base),"
     " url_pattern_test('https://b.example/:x', '{\"pathname\": \"/y\", \"baseURL\": \"https://b.example/\"}', NULL)"
     " FROM inputs"},
    {"url_pattern_has_regexp_groups", 1,
     "SELECT url_pattern_has_regexp_groups('[\"/:id(\\\\d+)\", \"https://a/\"]'),"
     " url_pattern_has_regexp_groups('{\"hostname\": \"{:x.}?a.example\"}')"},
    {"url_pattern_exec", EXT_MODULE,
     "SELECT i.rowid, e.* FROM inputs AS i, url_pattern_exec('https://*/:x*', i.url, i.base) AS e"},
    {"url_pattern_exec", EXT_MODULE,
     "SELECT e.*, e.pattern, e.url FROM inputs AS i,"
     " url_pattern_exec('{\"search\": \"k=:v&*\"}', i.url) AS e"},
    {"url_pattern_components", EXT_MODULE,
     "SELECT c.*, c.source FROM url_pattern_components("
     "'{\"hostname\": \"{:sub.}?example.com\", \"pathname\": \"/:id(\\\\d+)\"}') AS c"},
    {"url_lookup_expressions", EXT_MODULE,
     "SELECT i.rowid, e.*, e.input FROM inputs AS i, url_lookup_expressions(i.url) AS e"},
    {"url_referrer", EXT_MODULE,
     "SELECT i.rowid, r.*, r.referrer FROM inputs AS i, url_referrer(i.url, i.base) AS r"},
    {"url_referrer", EXT_MODULE,
     "SELECT r.*, r.page_url FROM inputs AS i,"
     " url_referrer('https://www.google.co.uk/search?q=' || i.text, i.url) AS r"},
    {"url_referrer_medium", 1, "SELECT url_referrer_medium(url) FROM inputs"},
    {"url_referrer_medium", 2, "SELECT url_referrer_medium(url, base) FROM inputs"},
    {"url_referrer_source", 1,
     "SELECT url_referrer_source('http://www.baidu.com/s?wd=' || text) FROM inputs"},
    {"url_referrer_source", 2, "SELECT url_referrer_source(url, base) FROM inputs"},
    {"url_traffic_source", EXT_MODULE,
     "SELECT i.rowid, t.*, t.referrer, t.page_url FROM inputs AS i,"
     " url_traffic_source(i.base, i.url || '&utm_campaign=' || i.text) AS t"},
    {"url_traffic_source", EXT_MODULE,
     "SELECT t.* FROM inputs AS i,"
     " url_traffic_source('https://www.google.co.uk/search?q=' || i.text, i.url) AS t"},
    {"url_channel", 1,
     "SELECT url_channel(url), url_channel(url || '&utm_source=' || text) FROM inputs"},
    {"url_channel", 2, "SELECT url_channel(base, url) FROM inputs"},
    {"url_robots_allowed", 3,
     "SELECT url_robots_allowed('User-agent: *' || char(10) || 'Disallow: /b'"
     " || char(10) || 'Allow: /*' || text || '$', 'bot', url),"
     " url_robots_allowed(text, host, url) FROM inputs"},
    {"url_robots_decision", 3,
     "SELECT url_robots_decision('user-agent: ' || host || char(13) ||"
     " 'disallow: /*?' || char(10) || 'allow: /a/index.html', host, url) FROM inputs"},
    {"url_robots_crawl_delay", 2,
     "SELECT url_robots_crawl_delay('user-agent: ' || host || char(10) ||"
     " 'crawl-delay: 1.5', host), url_robots_crawl_delay(text, 'x') FROM inputs"},
    {"url_robots_rules", EXT_MODULE,
     "SELECT r.*, r.robots_txt FROM inputs AS i, url_robots_rules('sitemap: ' ||"
     " i.url || char(10) || 'user-agent: ' || i.host || char(10) || 'disalow ' ||"
     " i.text || char(10) || i.text) AS r"},
    {"url_robots_url", 1,
     "SELECT url_robots_url(url), url_robots_url(text), url_robots_url(base) FROM inputs"},
    {"url_robots_verdict", EXT_MODULE,
     "SELECT v.*, v.robots_txt FROM inputs AS i, url_robots_verdict('user-agent: ' ||"
     " i.host || char(10) || 'disallow: /*' || i.text || char(10) || 'allow: /' ||"
     " i.text, i.host || '/1.0', i.url) AS v"},
    /* RFC 3986 / RFC 3987 (ext/uri.c) */
    {"uri_valid", 1, "SELECT uri_valid(url) FROM inputs"},
    {"uri_valid", 2, "SELECT uri_valid(url, 'IRI-reference'), uri_valid(text, 'relative-ref') FROM inputs"},
    {"uri_error", 1, "SELECT uri_error(url) FROM inputs"},
    {"uri_error", 2, "SELECT uri_error(text, 'IRI') FROM inputs"},
    {"uri_scheme", 1, "SELECT uri_scheme(url) FROM inputs"},
    {"uri_userinfo", 1, "SELECT uri_userinfo(url) FROM inputs"},
    {"uri_host", 1, "SELECT uri_host(url) FROM inputs"},
    {"uri_host_type", 1, "SELECT uri_host_type(url) FROM inputs"},
    {"uri_port", 1, "SELECT uri_port(url) FROM inputs"},
    {"uri_port_number", 1, "SELECT uri_port_number(url) FROM inputs"},
    {"uri_path", 1, "SELECT uri_path(url) FROM inputs"},
    {"uri_query", 1, "SELECT uri_query(url) FROM inputs"},
    {"uri_fragment", 1, "SELECT uri_fragment(url) FROM inputs"},
    /* warc_records: three records (response, request, revisit) plain, a
       gzip member each, a zstd frame each (sql-tests/warc.sql's files). */
    {"warc_records", EXT_MODULE,
     "SELECT w.* FROM warc_records(x'"
     "574152432F312E310D0A574152432D547970653A20726573706F6E73650D0A574152432D5461726765742D5552493A20"
     "3C687474703A2F2F652E636F6D2F703E0D0A574152432D446174653A20323032342D30312D30325430333A30343A3035"
     "5A0D0A574152432D5265636F72642D49443A203C75726E3A757569643A313E0D0A436F6E74656E742D547970653A2061"
     "70706C69636174696F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5061796C6F61642D"
     "4469676573743A20736861313A514947514B51483537495436535A5447524F5944595837454556494943364E510D0A43"
     "6F6E74656E742D4C656E6774683A2039370D0A0D0A485454502F312E3120323030204F4B0D0A436F6E74656E742D5479"
     "70653A20546578742F48544D4C3B20636861727365743D2253686966745F4A4953220D0A582D413A20310D0A582D413A"
     "20320D0A0D0A3C6120687265663D2F783E783C2F613E0D0A0D0A574152432F312E310D0A574152432D547970653A2072"
     "6571756573740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A436F6E74656E74"
     "2D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726571756573740D0A574152432D43"
     "6F6E63757272656E742D546F3A203C75726E3A757569643A313E0D0A574152432D436F6E63757272656E742D546F3A20"
     "3C75726E3A757569643A393E0D0A436F6E74656E742D4C656E6774683A2033320D0A0D0A474554202F7020485454502F"
     "312E310D0A486F73743A20652E636F6D0D0A0D0A0D0A0D0A574152432F312E310D0A574152432D547970653A20726576"
     "697369740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A574152432D50726F66"
     "696C653A20687474703A2F2F6E657470726573657276652E6F72672F776172632F312E312F726576697369742F696465"
     "6E746963616C2D7061796C6F61642D6469676573740D0A574152432D5265666572732D546F2D5461726765742D555249"
     "3A20687474703A2F2F652E636F6D2F700D0A574152432D5265666572732D546F2D446174653A20323032342D30312D30"
     "315430303A30303A30305A0D0A574152432D5061796C6F61642D4469676573743A20736861313A514947514B51483537"
     "495436535A5447524F5944595837454556494943364E510D0A436F6E74656E742D547970653A206170706C6963617469"
     "6F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5472756E63617465643A206C656E6774"
     "680D0A436F6E74656E742D4C656E6774683A20300D0A0D0A0D0A0D0A"
     "') AS w"},
    {"warc_records", EXT_MODULE,
     "SELECT w.* FROM warc_records(x'"
     "1F8B08000000000002035D50598BC230107E2FF43F04DF63D2AE071B0F102B36ABAEB666D7E365093536054D4B3A42FD"
     "F7DB4297059F6698F9AE99C32C9E13AFEBB9CEA1EEB078168A21ABCA2237A5FA1B4A9B2AC05F316768AC010A4688EA26"
     "F99D14D3161248A8793EF57B987A98FA82BE31DA63B47F6E01B14A727BC13CA8251ED6B0C723BB30AFA6CF7303CA40EB"
     "2C8BE2962512B2DC90C66984EE650AF56AF29269279FB75C5E7090A5AA04864A2D3D16F165B48AC2FE908BC1FE2C96F1"
     "F6149C8EC3C5E29BF3F9E033FA775B2B938266E87DE83AAE130AB16B9E501F40D176F51A4AA80A482836EB114AB4B4A5"
     "824967AFB32BFC7CF07DC7758E78C690D756BF111C4BA4ADBA4E4835ADC6444E9BD92FEACDA7A26A0100001F8B080000"
     "0000000203858FC10AC2300C86EF85BE435E602BD393510732C4091E6454761E336C03D7D62E3DF8F66E53114F924BC8"
     "FF7FF9937257642A891329CAB18BF4C31182A77BA0813FB3CA37C4D1A53822B4CC0E95A2B8B6BD725264D630197E7395"
     "73B7AEAEB8B3464DCE35F443C3A3B4FDDD385275F07E062DC22678832174574CD27F8E55FA0D3D9169B845582EA490E2"
     "B0D7A01CE45A9F5F0FE5766084F9D4499FEA0990106AA3EE0000001F8B08000000000002038590CF6E83300CC6EF48BC"
     "435E2004AAAE9532ED3041D5A14DDB6074FD738BC08548348912AF53DF7E2983F538D9073BFEE4DF176F1FCB94255112"
     "065B5FD1EA6280130B67E9244E6FC2B6807453E69C748886330651AD4FCC8C8277AB8FB287BFA90234161CD83344DAB6"
     "EC5BD8FACA60E35E261B50286BD153232EBD160D6D640B6E02967004EB68A5FF47DFA49940EF6016CFE6344E7C5671CC"
     "873C4C2E475436A038719D487891AF8BE7E2E96E99578B8F43B52EDFF6D97EB75CAD3EF33C5DBC1661906A85DEED7819"
     "614CEF8DA3D48A5D0DDD93936BD18F1EFC878D560EA6A3D92FE575D070D2836AB1BB6D7A197A4EE230F88D1FFC1F6725"
     "84010000"
     "', 283) AS w"},
    {"warc_records", EXT_MODULE,
     "SELECT w.* FROM warc_records(x'"
     "28B52FFD0458BD0800D6113E250007EB01118F6AFDCB5A65AD906706281E134601ED32E072AAE7004E52F5EBD2DF4202"
     "01043100330036001095954A0344A168FD3325EDC9D9AE82CF69F7BF8EA2BD56817CC7B8EC9DB6EDCEB9687D7FB09C2C"
     "46E5C15AA873B218959B4F9E2C7C7F1EEB3851B1FFF5D4B6ECF3956DF6CEAFF96BDBF4A0546D26EB74ACC675A268A92B"
     "33DC76B98539506BA01680E2B116EA9C60FC78F0C14440B4FA31CD23150162BAD7A0D148582ED4456239308682C03771"
     "785490CA712B5BB3EEA2FDCEB18C9299BC050F3E28E5197924CF5C689CD331470F3E08D56819D2F2208172050E5E9369"
     "0A61F1DE71595F511119C08FF91EC71049A4140A09005EE5975803A474BB8A63835EAC0FF4211389CA78A3320E899907"
     "CB1CC4AF28B52FFD0458FD04007249201F5067DD4014DC112E1034A4AA60CF23005AEBDC98AA524DD8F7ADC6EC44316B"
     "A9A9A9A9CB4FBD25A0B5657D6D4B2852530784E5E821D70049214178408A911D8C87E507617CDC6388F6EA216A5A83FF"
     "47CB3DE99D47227077DEF5BBC7527D4DEF397A2DF6FF6879C10818DF10749EEA58D070B9BD6A06639426153990C518A5"
     "0909002E1325AA8D8187AD8B2EEB0E59B9B6DB2AC8A1AD1CE1DE99079143207E28B52FFD0458DD0700A2CF3324208BE8"
     "01787C346577165FE33FF6F6BC560051A852AD0DEEA5A863A2F80008218A1E02068B2DB6D862B04983E9A5EA5493917F"
     "43D5017BAEF666C7037EAB97B2A409DCFFE9554BBF214ADDDB5FFDAB5D166B0E12CB9C0C0C86A2E1C13C109CC6035148"
     "3C531140D014348DD9C8D8536E928148089F085D840E0001114DFA37631F97B147DCC92ED1C8456DA9AAAFA31AA25F3D"
     "A2EF45253E08F7C393B0557C823D3BBEEFD5291AB138E13E8985147F4FDEFFA9C9E92CB87709F7D34C278E9BF45B3D6E"
     "71168EC5A212DFE22C1C010F00334268702FE11079D04113A0B11BCE52E6313A714EB7E58793D041705BC838A8B2232A"
     "0F8E9879C02D4199"
     "') AS w"},
    /* warc_index: the same plain records (cdx form) and gzip members. */
    {"warc_index", EXT_MODULE,
     "SELECT w.* FROM warc_index(x'"
     "574152432F312E310D0A574152432D547970653A20726573706F6E73650D0A574152432D5461726765742D5552493A20"
     "3C687474703A2F2F652E636F6D2F703E0D0A574152432D446174653A20323032342D30312D30325430333A30343A3035"
     "5A0D0A574152432D5265636F72642D49443A203C75726E3A757569643A313E0D0A436F6E74656E742D547970653A2061"
     "70706C69636174696F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5061796C6F61642D"
     "4469676573743A20736861313A514947514B51483537495436535A5447524F5944595837454556494943364E510D0A43"
     "6F6E74656E742D4C656E6774683A2039370D0A0D0A485454502F312E3120323030204F4B0D0A436F6E74656E742D5479"
     "70653A20546578742F48544D4C3B20636861727365743D2253686966745F4A4953220D0A582D413A20310D0A582D413A"
     "20320D0A0D0A3C6120687265663D2F783E783C2F613E0D0A0D0A574152432F312E310D0A574152432D547970653A2072"
     "6571756573740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A436F6E74656E74"
     "2D547970653A206170706C69636174696F6E2F687474703B206D7367747970653D726571756573740D0A574152432D43"
     "6F6E63757272656E742D546F3A203C75726E3A757569643A313E0D0A574152432D436F6E63757272656E742D546F3A20"
     "3C75726E3A757569643A393E0D0A436F6E74656E742D4C656E6774683A2033320D0A0D0A474554202F7020485454502F"
     "312E310D0A486F73743A20652E636F6D0D0A0D0A0D0A0D0A574152432F312E310D0A574152432D547970653A20726576"
     "697369740D0A574152432D5461726765742D5552493A20687474703A2F2F652E636F6D2F700D0A574152432D50726F66"
     "696C653A20687474703A2F2F6E657470726573657276652E6F72672F776172632F312E312F726576697369742F696465"
     "6E746963616C2D7061796C6F61642D6469676573740D0A574152432D5265666572732D546F2D5461726765742D555249"
     "3A20687474703A2F2F652E636F6D2F700D0A574152432D5265666572732D546F2D446174653A20323032342D30312D30"
     "315430303A30303A30305A0D0A574152432D5061796C6F61642D4469676573743A20736861313A514947514B51483537"
     "495436535A5447524F5944595837454556494943364E510D0A436F6E74656E742D547970653A206170706C6963617469"
     "6F6E2F687474703B206D7367747970653D726573706F6E73650D0A574152432D5472756E63617465643A206C656E6774"
     "680D0A436F6E74656E742D4C656E6774683A20300D0A0D0A0D0A0D0A"
     "', 'cdx', 'f.warc') AS w"},
    {"warc_index", EXT_MODULE,
     "SELECT w.* FROM warc_index(x'"
     "1F8B08000000000002035D50598BC230107E2FF43F04DF63D2AE071B0F102B36ABAEB666D7E365093536054D4B3A42FD"
     "F7DB4297059F6698F9AE99C32C9E13AFEBB9CEA1EEB078168A21ABCA2237A5FA1B4A9B2AC05F316768AC010A4688EA26"
     "F99D14D3161248A8793EF57B987A98FA82BE31DA63B47F6E01B14A727BC13CA8251ED6B0C723BB30AFA6CF7303CA40EB"
     "2C8BE2962512B2DC90C66984EE650AF56AF29269279FB75C5E7090A5AA04864A2D3D16F165B48AC2FE908BC1FE2C96F1"
     "F6149C8EC3C5E29BF3F9E033FA775B2B938266E87DE83AAE130AB16B9E501F40D176F51A4AA80A482836EB114AB4B4A5"
     "824967AFB32BFC7CF07DC7758E78C690D756BF111C4BA4ADBA4E4835ADC6444E9BD92FEACDA7A26A0100001F8B080000"
     "0000000203858FC10AC2300C86EF85BE435E602BD393510732C4091E6454761E336C03D7D62E3DF8F66E53114F924BC8"
     "FF7FF9937257642A891329CAB18BF4C31182A77BA0813FB3CA37C4D1A53822B4CC0E95A2B8B6BD725264D630197E7395"
     "73B7AEAEB8B3464DCE35F443C3A3B4FDDD385275F07E062DC22678832174574CD27F8E55FA0D3D9169B845582EA490E2"
     "B0D7A01CE45A9F5F0FE5766084F9D4499FEA0990106AA3EE0000001F8B08000000000002038590CF6E83300CC6EF48BC"
     "435E2004AAAE9532ED3041D5A14DDB6074FD738BC08548348912AF53DF7E2983F538D9073BFEE4DF176F1FCB94255112"
     "065B5FD1EA6280130B67E9244E6FC2B6807453E69C748886330651AD4FCC8C8277AB8FB287BFA90234161CD83344DAB6"
     "EC5BD8FACA60E35E261B50286BD153232EBD160D6D640B6E02967004EB68A5FF47DFA49940EF6016CFE6344E7C5671CC"
     "873C4C2E475436A038719D487891AF8BE7E2E96E99578B8F43B52EDFF6D97EB75CAD3EF33C5DBC1661906A85DEED7819"
     "614CEF8DA3D48A5D0DDD93936BD18F1EFC878D560EA6A3D92FE575D070D2836AB1BB6D7A197A4EE230F88D1FFC1F6725"
     "84010000"
     "') AS w"},
    {"uri_components", EXT_MODULE,
     "SELECT i.rowid, c.*, c.input FROM inputs AS i, uri_components(i.url) AS c"},
    {"uri_resolve", 2, "SELECT uri_resolve(url, base), uri_resolve('x/../y?q', url) FROM inputs"},
    {"uri_relative", 2, "SELECT uri_relative(url, base), uri_relative(url, 'https://b.example/dir/x') FROM inputs"},
    {"uri_normalize", 1, "SELECT uri_normalize(url) FROM inputs"},
    {"uri_normalize", 2, "SELECT uri_normalize(url, 'scheme') FROM inputs"},
    {"uri_equivalent", 2, "SELECT uri_equivalent(url, base) FROM inputs"},
    {"uri_equivalent", 3, "SELECT uri_equivalent(url, upper(url), 'scheme-nofragment') FROM inputs"},
    {"uri_encode", 1, "SELECT uri_encode(text) FROM inputs"},
    {"uri_encode", 2, "SELECT uri_encode(text, 'rfc3986-path'), uri_encode(CAST(text AS BLOB), 'form') FROM inputs"},
    {"uri_encode", 3, "SELECT uri_encode(text, 'query', 'shift_jis') FROM inputs"},
    {"uri_decode", 1, "SELECT uri_decode(text) FROM inputs"},
    {"uri_decode", 2, "SELECT uri_decode(uri_encode(text), 'legacy') FROM inputs"},
    {"uri_decode", 3, "SELECT uri_decode(uri_encode(text), 'all', 'gbk'), uri_decode(text, NULL, 'binary') FROM inputs"},
    {"uri_from_iri", 1, "SELECT uri_from_iri(url) FROM inputs"},
    {"uri_from_iri", 2, "SELECT uri_from_iri(url, 'idna') FROM inputs"},
    {"uri_to_iri", 1, "SELECT uri_to_iri(uri_from_iri(url)) FROM inputs"},
    {"uri_to_iri", 2, "SELECT uri_to_iri(uri_from_iri(url, 'idna'), 'idna') FROM inputs"},
    {"uri_from_url", 1, "SELECT uri_from_url(url) FROM inputs"},
    {"uri_set", -1, "SELECT uri_set(url, 'port', NULL, 'query', text), uri_set(url, 'path', '/' || text) FROM inputs"},
    {"url_display_host", 1,
     "SELECT url_display_host(url), url_display_host(host),"
     " url_display_host('xn--80ak6aa92e.com') FROM inputs"},
    {"url_display_host", 2,
     "SELECT url_display_host(host, 'munchen.de' || char(10) || text),"
     " url_display_host('https://xn--pypal-4ve.com/', 'paypal.com') FROM inputs"},
    {"url_display_host", 3,
     "SELECT url_display_host(host, NULL, '17.0') FROM inputs"},
    {"url_skeleton", 1, "SELECT url_skeleton(text), url_skeleton(host) FROM inputs"},
    {"url_skeleton", 2, "SELECT url_skeleton(text, 'uts39') FROM inputs"},
    {"url_skeleton", 3, "SELECT url_skeleton(host, 'chromium', '17.0') FROM inputs"},
    {"url_restriction_level", 1, "SELECT url_restriction_level(text) FROM inputs"},
    {"url_restriction_level", 2, "SELECT url_restriction_level(host, '17.0') FROM inputs"},
    {"url_deceptions", EXT_MODULE,
     "SELECT i.rowid, d.*, d.input FROM inputs AS i, url_deceptions(i.url) AS d"},
    {"url_deceptions", EXT_MODULE,
     "SELECT d.*, d.targets FROM inputs AS i,"
     " url_deceptions('https://' || i.host || '@xn--pypal-4ve.com;.x.example/',"
     " 'paypal.com' || char(10) || i.host, '16.0') AS d"},
};
const int ext_n_cases = (int)(sizeof ext_cases / sizeof ext_cases[0]);
