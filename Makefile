# sqlite-url: the WHATWG URL Standard as a SQLite extension.
#
#   make            build build/url.so
#   make test       build and run every test (WPT conformance, unit, SQL)
#   make test-sanitize   the same suite under ASan + UBSan (build-san/)
#   make demo       load the extension and run it over sample data
#   make bench      ns/row of the main functions vs an identity function
#   make fuzz       short libFuzzer run (clang) of the parser
#
# Dependencies are Debian packages; tools/deps.sh installs them (as root) or
# prints the apt-get line.

B       ?= build
CC      ?= cc
PKGS    := sqlite3 libidn2 libpsl
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wno-unused-parameter
# Recursive (=) on purpose: on a fresh machine pkg-config only exists once
# the deps target has run, after this file was read.
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lsqlite3 -lidn2 -lpsl)
ALL_CFLAGS = $(WARN) $(CFLAGS) $(SAN) -fPIC -D_POSIX_C_SOURCE=200809L -Icore $(PKG_CFLAGS)
LDLIBS  = $(PKG_LIBS)

CORE_SRC := $(wildcard core/*.c)
EXT_SRC  := $(wildcard ext/*.c)
CORE_OBJ := $(CORE_SRC:%.c=$(B)/%.o)
EXT_OBJ  := $(EXT_SRC:%.c=$(B)/%.o)
TEST_SRC := $(wildcard tests/*_test.c)
TEST_BIN := $(TEST_SRC:tests/%.c=$(B)/tests/%)
TEST_LIB := $(B)/tests/json.o

.PHONY: all deps test test-sanitize demo bench fuzz clean

all: deps $(B)/url.so

deps:
	@sh tools/deps.sh

$(B)/%.o: %.c $(wildcard core/*.h ext/*.h tests/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/url.so: $(CORE_OBJ) $(EXT_OBJ)
	$(CC) $(ALL_CFLAGS) -shared -o $@ $^ $(LDLIBS)

$(B)/tests/json.o: tests/json.c tests/json.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(B)/tests/%: tests/%.c $(CORE_OBJ) $(TEST_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests -o $@ $< $(CORE_OBJ) $(TEST_LIB) $(LDLIBS)

test: deps $(B)/url.so $(TEST_BIN)
	@sh tools/run-tests.sh $(B)

# Sanitizers: a separate build tree; the sqlite3 shell (not instrumented) gets
# the runtime preloaded so it can load the instrumented extension.
test-sanitize: deps
	@$(MAKE) --no-print-directory B=build-san OPT=-O1 \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  build-san/url.so $(TEST_SRC:tests/%.c=build-san/tests/%)
	@SANITIZE=1 sh tools/run-tests.sh build-san

demo: all
	@sh tools/demo.sh $(B)

bench: all
	@$(MAKE) --no-print-directory -C bench B=../$(B)

fuzz:
	@sh tools/deps.sh fuzz
	@$(MAKE) --no-print-directory -f fuzz/Makefile

clean:
	rm -rf build build-san build-fuzz
