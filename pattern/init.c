/*
** The components' names (init.h).
*/
#include "init.h"

const char *const pat_component_names[PAT_N] = {
    "protocol", "username", "password", "hostname",
    "port",     "pathname", "search",   "hash"};
