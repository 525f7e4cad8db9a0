#!/bin/sh
# tests/encoding_doc_test.sh B: docs/encoding.md's ```sql blocks, run as
# tests/readme_test.sh runs README.md's (DOC names the file).
DOC=docs/encoding.md exec sh "$(dirname "$0")/readme_test.sh" "$@"
