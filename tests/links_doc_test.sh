#!/bin/sh
# tests/links_doc_test.sh B: docs/links.md's ```sql blocks, run as
# tests/readme_test.sh runs README.md's (DOC names the file).
DOC=docs/links.md exec sh "$(dirname "$0")/readme_test.sh" "$@"
