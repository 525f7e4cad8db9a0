# The layers below ext/ (docs/internals.md), each after the layers it
# includes: the one list the Makefile and fuzz/Makefile both read (include
# paths, sources).  A new layer is one word here.
LAYERS := core html parts keys regex pattern referrers robots uri deceptive warc
