# sqlite-url: the WHATWG URL Standard as a SQLite extension.
# `make help` lists the targets.
#
# Variables: CC, CPPFLAGS, CFLAGS (default -O2 -g), LDFLAGS, PREFIX
# (/usr/local), DESTDIR, EXTDIR (where `make install` puts the extension),
# B (build directory), VERBOSE=1 (`make test`: print each case a test lists
# as a deliberate difference from its data, not only their count), V=1 (print
# each compiler command in full, not one short line per file), SHARED_DIR
# (third-party test data, default ../shared).
#
# Builds run in parallel, one job per processor, unless -j is given (or the
# goals include clean, which must not race the build).
#
# What the build needs is checked once per build directory by tools/deps.sh
# (a stamp file, $(B)/.deps-GROUP, made before anything is compiled under any
# -j): as root with apt-get it installs missing Debian packages, otherwise it
# prints the install line for the system's package manager.

B       ?= build

NPROC := $(shell nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)
ifeq ($(filter -j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(NPROC)
endif
# One short line per file ("  CC core/url.c"); V=1 shows the commands.
ifeq ($(V),1)
say =
else
say = @printf '  %-4s %s\n' '$(1)' '$(2)';
endif
CC      ?= cc
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
LDFLAGS ?=
PREFIX  ?= /usr/local
EXTDIR  ?= $(PREFIX)/lib/sqlite3-url
PKGS    := sqlite3 libidn2 libpsl
# warc/: the inflaters and hashes a web archive needs (tools/deps.sh, build).
WARC_PKGS := zlib libzstd libbrotlidec nettle libisal
WARC_LIBS_FALLBACK := -lz -lzstd -lbrotlidec -lnettle -lisal
# Third-party data the tests and generators read (tests/shared_data.h).
SHARED_DIR ?= ../shared
export SHARED_DIR

# The shared object's suffix and link flag by system.
UNAME_S := $(shell uname -s)
ifeq ($(UNAME_S),Darwin)
SO      := .dylib
SHARED  := -dynamiclib
else
SO      := .so
SHARED  := -shared
endif

WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
# pkg-config is asked once, when a recipe first needs it: after the deps stamp
# (on a fresh machine pkg-config only exists from then on).
PKG_CFLAGS  = $(eval PKG_CFLAGS := $$(shell pkg-config --cflags $(PKGS) $(WARC_PKGS) 2>/dev/null))$(PKG_CFLAGS)
EXT_LIBS    = $(eval EXT_LIBS := $$(shell pkg-config --libs libidn2 libpsl $(WARC_PKGS) 2>/dev/null || echo -lidn2 -lpsl $(WARC_LIBS_FALLBACK)))$(EXT_LIBS)
TEST_LIBS   = $(eval TEST_LIBS := $$(shell pkg-config --libs $(PKGS) $(WARC_PKGS) 2>/dev/null || echo -lsqlite3 -lidn2 -lpsl $(WARC_LIBS_FALLBACK)))$(TEST_LIBS)
# -fvisibility=hidden: the extension exports only its two entry points.
# The layers below ext/ (docs/internals.md): each folder's headers
# are included by their bare names.
include layers.mk
ALL_CFLAGS  = $(WARN) $(CPPFLAGS) $(CFLAGS) $(SAN) -fPIC -fvisibility=hidden \
              -D_POSIX_C_SOURCE=200809L $(LAYERS:%=-I%) $(PKG_CFLAGS)

LIB_SRC := $(foreach d,$(LAYERS),$(wildcard $(d)/*.c))
LIB_HDR := $(foreach d,$(LAYERS),$(wildcard $(d)/*.h))
EXT_SRC  := $(wildcard ext/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
EXT_OBJ  := $(EXT_SRC:%.c=$(B)/%.o)
TEST_SRC := $(wildcard tests/*_test.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_LIB := $(B)/tests/json.o $(B)/tests/mem_libc.o $(B)/tests/idna2008_ref.o
LIB      := $(B)/url$(SO)
# The release version, from the one place that states it: what url_version()
# reports (ext/url_ext.c).
VERSION  := $(shell sed -n 's/^\#define URL_EXT_VERSION "\(.*\)"$$/\1/p' ext/url_ext.c)
NODE     := $(B)/url-dqlite-node

.PHONY: all help deps test test-full test-sanitize test-cluster demo bench bench-count fuzz install \
        bench-encoding growth-count \
        uninstall clean idna2008-data tsan referrer-tables tables \
        bundle dist wheel test-packages version
.SECONDARY: $(TEST_LIB)

all: $(LIB) ## build the extension: build/url.so (url.dylib on macOS)

help: ## list the targets
	@echo 'make [TARGET] [CC=...] [CFLAGS=...] [PREFIX=/usr/local] [DESTDIR=...]'
	@sed -n 's/^\([a-z0-9-]*\):.*## \(.*\)$$/\1|\2/p' $(firstword $(MAKEFILE_LIST)) | \
	  awk -F'|' '{ printf "  %-14s %s\n", $$1, $$2 }'

deps: $(B)/.deps-build ## check (and as root install) the build dependencies

# One stamp per dependency group; each group's check runs at most once,
# before anything that needs it.  The later groups wait for the build group
# so that two package installs never run at once under -j.
$(B)/.deps-build: tools/deps.sh
	@mkdir -p $(B)
	@sh tools/deps.sh build
	@touch $@
$(B)/.deps-test $(B)/.deps-packages $(B)/.deps-fuzz $(B)/.deps-bench $(B)/.deps-cluster: $(B)/.deps-%: tools/deps.sh | $(B)/.deps-build
	@sh tools/deps.sh $*
	@touch $@

$(B)/%.o: %.c $(LIB_HDR) $(wildcard ext/*.h tests/*.h) | $(B)/.deps-build
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIB): $(LIB_OBJ) $(EXT_OBJ)
	$(call say,LD,$@)$(CC) $(ALL_CFLAGS) $(SHARED) $(LDFLAGS) -o $@ $^ $(EXT_LIBS)

$(B)/tests/%: tests/%.c $(LIB_OBJ) $(TEST_LIB) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(TEST_LIB) $(TEST_LIBS)

# tests/uriparser_diff_test: uri/ against Debian's liburiparser, a test
# dependency only (tools/deps.sh's test group), linked into this program
# alone.
URIPARSER_LIBS = $(eval URIPARSER_LIBS := $$(shell pkg-config --libs liburiparser 2>/dev/null || echo -luriparser))$(URIPARSER_LIBS)
$(B)/tests/uriparser_diff_test: tests/uriparser_diff_test.c $(LIB_OBJ) $(TEST_LIB) $(wildcard tests/*.h) | $(B)/.deps-test
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(TEST_LIB) $(TEST_LIBS) $(URIPARSER_LIBS)

# SQL-level tests (tests/ext_*_test.c: out of memory, length limits, flags,
# threads) load $(LIB) into the system's libsqlite3 as users do: they link
# tests/ext_db.c and tests/ext_cases.c, not core/.
EXT_TEST_LIB := $(B)/tests/ext_db.o $(B)/tests/ext_cases.o
.SECONDARY: $(EXT_TEST_LIB)
$(B)/tests/ext_%_test: tests/ext_%_test.c $(EXT_TEST_LIB) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(EXT_TEST_LIB) $(TEST_LIBS) -lpthread

# tests/sql_fuzz_test: fuzz/sql_fuzz.c's oracles over fuzz/sql_corpus/ and
# pseudo-random inputs, with the extension linked in as in the fuzzer.
$(B)/tests/sql_fuzz_test: tests/sql_fuzz_test.c fuzz/sql_fuzz.c $(LIB_OBJ) $(EXT_OBJ) $(LIB_HDR) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $(filter %.c,$^) $(LIB_OBJ) $(EXT_OBJ) $(TEST_LIBS)

# tests/NAME_fuzz_test (html, referrers, robots, ...): fuzz/NAME_fuzz.c's
# oracles over fuzz/NAME_corpus/ and pseudo-random inputs; psl_diff_test: the
# rule table against libpsl, with fuzz/psl_fuzz.c's oracle for its hosts.
$(B)/tests/%_fuzz_test: tests/%_fuzz_test.c fuzz/%_fuzz.c $(LIB_OBJ) $(TEST_LIB) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $(filter %.c,$^) $(LIB_OBJ) $(TEST_LIB) $(TEST_LIBS)
$(B)/tests/psl_diff_test: tests/psl_diff_test.c fuzz/psl_fuzz.c $(LIB_OBJ) $(TEST_LIB) $(wildcard tests/*.h)
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $(filter %.c,$^) $(LIB_OBJ) $(TEST_LIB) $(TEST_LIBS)

test: $(LIB) $(TEST_BIN) $(B)/bench/growth_count $(B)/.deps-test ## build and run every test (sweeps sampled); ends with "N passed, N failed"
	@sh tools/run-tests.sh $(B)

# The same tests with their exhaustive sweeps (URL_TEST_FULL=1, tests/check.h:
# every allocation failed in ext_oom_test, the growth cases at 16 kB and
# 256 kB); CI runs it (.ci/run).
test-full: $(LIB) $(TEST_BIN) $(B)/bench/growth_count $(B)/.deps-test ## every test with its exhaustive sweeps (what CI runs); ends with "N passed, N failed"
	@URL_TEST_FULL=1 sh tools/run-tests.sh $(B)

# Sanitizers: a separate build tree; the sqlite3 shell (not instrumented) gets
# the runtime preloaded so it can load the instrumented extension.
# CC=clang (`make test-sanitize CC=clang`): its own tree, build-san-clang/;
# clang's UBSan catches what gcc's does not (a zero offset added to NULL).
SAN_B := build-san$(if $(findstring clang,$(CC)),-clang)
test-sanitize: ## the test programs and SQL tests under ASan + UBSan (build-san/; CC=clang: build-san-clang/; URL_TEST_FULL=1: full sweeps)
	@$(MAKE) --no-print-directory B=$(SAN_B) OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  $(SAN_B)/url$(SO) $(TEST_SRC:tests/%.c=$(SAN_B)/tests/%)
	@SANITIZE=1 CC="$(CC)" sh tools/run-tests.sh $(SAN_B)

# ThreadSanitizer: the extension and tests/ext_threads_test (4 threads, 4
# connections; then 8 threads x 500 connections sharing the public suffix
# lists) built with -fsanitize=thread in build-tsan/; any report fails.
tsan: ## the threads test under ThreadSanitizer (build-tsan/)
	@$(MAKE) --no-print-directory B=build-tsan OPT=-O1 \
	  SAN="-fsanitize=thread -fno-omit-frame-pointer" \
	  build-tsan/url$(SO) build-tsan/tests/ext_threads_test
	@TSAN_OPTIONS="halt_on_error=1 exitcode=66$${TSAN_OPTIONS:+ $$TSAN_OPTIONS}" \
	  build-tsan/tests/ext_threads_test

# The dqlite node: the extension's objects linked in, registered on every
# connection (cluster/url-dqlite-node.c).
$(NODE): cluster/url-dqlite-node.c $(LIB_OBJ) $(EXT_OBJ) $(B)/.deps-cluster
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(EXT_OBJ) \
	  $$(pkg-config --cflags --libs dqlite sqlite3) $(EXT_LIBS)

test-cluster: $(NODE) $(LIB) ## three dqlite nodes on 127.0.0.1: URL queries survive the leader's loss
	@sh cluster/test-cluster.sh $(B)

demo: $(LIB) ## load the extension in the sqlite3 shell over the sample data
	@sh tools/demo.sh $(B)

bench: $(LIB) $(B)/bench/html_bench $(B)/bench/warc_bench ## ns/row of the main functions, as ratios to an identity function and ada; MB/s of url_links; WARC scan vs inflaters
	@$(MAKE) --no-print-directory -C bench B=../$(B) EXT_LIBS="$(EXT_LIBS)"
	@$(B)/bench/html_bench $(B)/url$(SO)
	@$(B)/bench/warc_bench $(B)/url$(SO) $(B)/bench/warc-bench.warc.gz

# A .warc.gz scanned by warc/'s reader against zlib, ISA-L's igzip and
# libdeflate inflating it alone, and warcio.js (bench/warc_bench.c).
$(B)/bench/warc_bench: bench/warc_bench.c $(LIB_OBJ) $(B)/tests/mem_libc.o | $(B)/.deps-bench
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(B)/tests/mem_libc.o $(TEST_LIBS) -lisal -ldeflate

# MB/s of the HTML tokenizer and of url_links over ../shared's real pages
# (zlib reads the gzipped ones; libgumbo, if installed, is the comparison:
# the bench only).
GUMBO = $(shell pkg-config --exists gumbo 2>/dev/null && echo -DHAVE_GUMBO $$(pkg-config --cflags --libs gumbo))
$(B)/bench/html_bench: bench/html_bench.c $(LIB_OBJ) $(B)/tests/mem_libc.o | $(B)/.deps-bench
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(B)/tests/mem_libc.o $(TEST_LIBS) -lz $(GUMBO)

bench-encoding: ## MB/s of core/encoding.c's encoders and decoders, one encoding per family
	@$(MAKE) --no-print-directory -C bench B=../$(B) encoding

# Exact, repeatable cost of the parser: callgrind's instruction count of
# bench/parse_count's parse loop over the first BENCH_COUNT_N URLs of
# BENCH_COUNT_URLS, divided by the number of URLs; then the same recording
# the validation errors (-e).
BENCH_COUNT_URLS ?= $(SHARED_DIR)/data/kasztp.txt
BENCH_COUNT_N    ?= 50000
bench-count: $(B)/bench/parse_count ## instructions per URL of the core parser (callgrind)
	@sh tools/bench-count.sh $(B)/bench/parse_count $(BENCH_COUNT_URLS) $(BENCH_COUNT_N)
	@sh tools/bench-count.sh $(B)/bench/parse_count $(BENCH_COUNT_URLS) $(BENCH_COUNT_N) -e

# Every growth case (bench/growth_cases.h) under callgrind at 64 kB and 1 MB:
# instruction counts and their growth; fails above n log n (GROWTH_LIMIT).
# GROWTH_FILTER=s: only the cases whose label contains s.
growth-count: $(B)/bench/growth_count $(LIB) ## instruction growth 64 kB -> 1 MB of every function (callgrind)
	@sh tools/growth-count.sh $(B)/bench/growth_count $(LIB) '$(GROWTH_FILTER)'

$(B)/bench/growth_count: bench/growth_count.c bench/growth_cases.h | $(B)/.deps-build
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(TEST_LIBS)

$(B)/bench/parse_count: bench/parse_count.c $(LIB_OBJ) $(B)/tests/mem_libc.o
	@mkdir -p $(dir $@)
	$(call say,CC,$<)$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $@ $< $(LIB_OBJ) $(B)/tests/mem_libc.o $(EXT_LIBS)

fuzz: $(B)/.deps-fuzz ## libFuzzer runs: the parser, the SQL surface, the public suffix table, patterns, HTML (FUZZ_SECONDS each, default 60)
	@$(MAKE) --no-print-directory -f fuzz/Makefile

install: $(LIB) ## copy it to $DESTDIR$PREFIX/lib/sqlite3-url/url.so (PREFIX=/usr/local)
	install -d '$(DESTDIR)$(EXTDIR)'
	install -m 644 $(LIB) '$(DESTDIR)$(EXTDIR)/url$(SO)'

uninstall: ## remove what install put there (and its directory, if empty)
	rm -f '$(DESTDIR)$(EXTDIR)/url$(SO)'
	@rmdir '$(DESTDIR)$(EXTDIR)' 2>/dev/null || true

# ---- packages (docs/packages.md): the Python wheel, the npm tarball and
# the release archive all ship $(B)/bundle/: the extension relinked stripped
# with DT_RPATH $ORIGIN, beside the libraries it loads and their licences
# (tools/bundle.sh).  `pip install .`, `python3 -m build` (setup.py) and
# `npm pack` (package.json's prepack) run `make bundle`.
PLATFORM := $(shell uname -s | tr A-Z a-z)-$(shell uname -m)
BUNDLE   := $(B)/bundle
DIST     := $(B)/dist/sqlite-url-$(VERSION)-$(PLATFORM).tar.gz

version: ## print the version (the one url_version() reports)
	@echo $(VERSION)

bundle: $(BUNDLE)/url$(SO) ## the extension and the libraries it loads, as the packages ship them: build/bundle/

$(BUNDLE)/url$(SO): $(LIB_OBJ) $(EXT_OBJ) tools/bundle.sh
	@mkdir -p $(dir $@)
	$(call say,LD,$@)$(CC) $(ALL_CFLAGS) $(SHARED) $(LDFLAGS) -s \
	  -Wl,-rpath,'$$ORIGIN' -Wl,--disable-new-dtags -o $@ $(LIB_OBJ) $(EXT_OBJ) $(EXT_LIBS)
	@sh tools/bundle.sh $(BUNDLE)

dist: $(DIST) ## the release archive build/dist/sqlite-url-VERSION-linux-x86_64.tar.gz and its .sha256

$(DIST): $(BUNDLE)/url$(SO) README.md LICENSE $(wildcard docs/*.md) tools/dist.sh
	@sh tools/dist.sh $(BUNDLE) $@

wheel: ## the Python wheel, build/dist/sqlite_url-VERSION-py3-none-linux_x86_64.whl (python3 -m build)
	python3 -m build --wheel --no-isolation --outdir $(B)/dist .

# The packages built from a clean copy of this tree, installed as users
# install them and queried: the wheel in a fresh venv, apsw, sqlite-utils,
# the npm tarball under node:sqlite (Node 22 from the npm registry) and
# better-sqlite3, the release archive from the sqlite3 shell.
test-packages: $(B)/.deps-test $(B)/.deps-packages ## build each package from a clean copy, install it and query it (npm registry for Node 22)
	@sh tests/packages/test.sh $(B)

# Regenerates tests/data/idna2008.json from the installed libidn2 (on purpose
# only: see tools/gen_idna2008_data.c).
idna2008-data: $(TEST_LIB) ## regenerate tests/data/idna2008.json from libidn2
	$(CC) $(ALL_CFLAGS) -Itests $(LDFLAGS) -o $(B)/gen_idna2008_data tools/gen_idna2008_data.c $(TEST_LIB) $(TEST_LIBS)
	$(B)/gen_idna2008_data >tests/data/idna2008.json.tmp
	mv tests/data/idna2008.json.tmp tests/data/idna2008.json

# Regenerates referrers/referrer_tables.c and tests/data/referrer_cases.txt
# from $(SHARED_DIR)/referrers (Matomo's lists), referrers/own_lists.tsv,
# referrers/own_search_engines.yml and the PSL's country codes (on purpose
# only: the output is committed).
referrer-tables: ## regenerate the referrer tables from ../shared/referrers and referrers/own_*
	python3 tools/gen_referrer_tables.py

# Regenerates every generated table from its generator (each table's header
# names it) and the third-party data in $(SHARED_DIR), on purpose only: the
# output is committed, so a fresh clone builds without generators or
# ../shared.  The Node generators install their pinned npm packages first.
# `git diff` afterwards shows what new data changed.
tables: referrer-tables ## regenerate every generated table (core/, html/, pattern/, referrers/, deceptive/)
	python3 tools/gen_idna_tables.py
	python3 tools/gen_encoding_tables.py
	python3 tools/gen_html_entities.py >html/entities.c.tmp
	mv html/entities.c.tmp html/entities.c
	python3 tools/gen_uts39_tables.py $(SHARED_DIR)/unicode-security >deceptive/uts39_tables.c.tmp
	mv deceptive/uts39_tables.c.tmp deceptive/uts39_tables.c
	cd tools/gen-unicode-props && npm install --no-audit --no-fund && node gen.mjs && node gen_id_tables.mjs

clean: ## remove the build directories
	rm -rf build build-san build-fuzz build-tsan
