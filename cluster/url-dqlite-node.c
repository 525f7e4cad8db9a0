/*
** url-dqlite-node: a dqlite node (Raft-replicated SQLite) whose every SQLite
** connection has the URL functions.
**
**   url-dqlite-node ID ADDRESS DATA_DIR [JOIN_ADDRESS]
**
**   url-dqlite-node 1 127.0.0.1:9001 /var/lib/url/1 &              # bootstraps
**   url-dqlite-node 2 127.0.0.1:9002 /var/lib/url/2 127.0.0.1:9001 &  # joins
**   url-dqlite-node 3 127.0.0.1:9003 /var/lib/url/3 127.0.0.1:9001 &
**   dqlite -s 127.0.0.1:9001,127.0.0.1:9002,127.0.0.1:9003 links \
**     "SELECT url_hostname('https://Example.COM/a')"
**
** Node 1 bootstraps a one-node cluster the first time it starts on an empty
** DATA_DIR (dqlite's rule).  A node given JOIN_ADDRESS (any member) asks it
** for the leader and has the leader ADD it and ASSIGN it the voter role, over
** dqlite's wire protocol; it does nothing when it is a voter already, so the
** same command restarts it.  SIGTERM or SIGINT stops the node cleanly.
**
** The extension is linked in and registered with sqlite3_auto_extension(),
** after sqlite3_config(SQLITE_CONFIG_SINGLETHREAD): dqlite drives SQLite from
** its one event-loop thread, and sqlite3_auto_extension() initializes SQLite,
** after which it could no longer be configured.  Every node must run the
** same build (the same URL functions and Public Suffix List), or replicated
** statements could give different answers on different nodes.
*/
#include <dqlite.h>
#include <sqlite3.h>

#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

/* The extension's entry point (ext/url_ext.c). */
int sqlite3_url_init(sqlite3 *db, char **pzErrMsg,
                     const sqlite3_api_routines *pApi);

/* Seconds a joining node keeps trying (the cluster may still be electing). */
#define JOIN_SECONDS 30

/* --- dqlite's wire protocol, client side: just what joining needs. */

enum { /* from dqlite's src/protocol.h */
  REQ_LEADER = 0, REQ_ADD = 12, REQ_ASSIGN = 13, REQ_CLUSTER = 16,
  RES_FAILURE = 0, RES_SERVER = 1, RES_SERVERS = 3, RES_EMPTY = 8,
  ROLE_VOTER = 0, PROTOCOL_VERSION = 1, CLUSTER_FORMAT_V1 = 1
};

/* A message body: little-endian 64-bit words, text NUL-terminated and padded
** to a word. */
typedef struct wire_msg {
  uint8_t b[4096];
  size_t n;   /* bytes used (writing) or held (reading) */
  size_t pos; /* read position */
} wire_msg;

static void put_u64(wire_msg *m, uint64_t v) {
  for (int i = 0; i < 8 && m->n < sizeof m->b; i++) m->b[m->n++] = (uint8_t)(v >> (8 * i));
}

static void put_text(wire_msg *m, const char *s) {
  size_t len = strlen(s) + 1, padded = (len + 7) / 8 * 8;
  if (m->n + padded > sizeof m->b) return;
  memset(m->b + m->n, 0, padded);
  memcpy(m->b + m->n, s, len);
  m->n += padded;
}

static int get_u64(wire_msg *m, uint64_t *v) {
  if (m->n - m->pos < 8) return -1;
  *v = 0;
  for (int i = 0; i < 8; i++) *v |= (uint64_t)m->b[m->pos + i] << (8 * i);
  m->pos += 8;
  return 0;
}

/* The text at the read position (terminated in the buffer), or NULL. */
static const char *get_text(wire_msg *m) {
  const char *s = (const char *)m->b + m->pos;
  const void *nul = memchr(s, 0, m->n - m->pos);
  if (!nul) return NULL;
  size_t len = (size_t)((const char *)nul - s) + 1;
  m->pos += (len + 7) / 8 * 8;
  if (m->pos > m->n) m->pos = m->n;
  return s;
}

static int write_all(int fd, const void *p, size_t n) {
  const uint8_t *b = p;
  while (n > 0) {
    ssize_t k = write(fd, b, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    b += k;
    n -= (size_t)k;
  }
  return 0;
}

static int read_all(int fd, void *p, size_t n) {
  uint8_t *b = p;
  while (n > 0) {
    ssize_t k = read(fd, b, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return -1;
    b += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Connects to "host:port" and sends the protocol version; -1 on failure. */
static int wire_connect(const char *address) {
  char host[256];
  const char *colon = strrchr(address, ':');
  if (!colon || (size_t)(colon - address) >= sizeof host) return -1;
  memcpy(host, address, (size_t)(colon - address));
  host[colon - address] = 0;
  struct addrinfo hints = {0}, *ai;
  hints.ai_socktype = SOCK_STREAM;
  if (getaddrinfo(host, colon + 1, &hints, &ai) != 0) return -1;
  int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
  if (fd >= 0) {
    struct timeval tv = {5, 0}; /* a node that stops answering fails the try */
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    wire_msg v = {.n = 0};
    put_u64(&v, PROTOCOL_VERSION);
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0 || write_all(fd, v.b, v.n) != 0) {
      close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(ai);
  return fd;
}

/*
** Sends request `type` with body *m, and reads the response into *m.  Returns
** the response type, or -1 on an I/O or framing error.  A FAILURE response
** is logged.
*/
static int wire_call(int fd, int type, wire_msg *m) {
  uint8_t h[8] = {0};
  uint32_t words = (uint32_t)(m->n / 8);
  for (int i = 0; i < 4; i++) h[i] = (uint8_t)(words >> (8 * i));
  h[4] = (uint8_t)type;
  if (write_all(fd, h, 8) != 0 || write_all(fd, m->b, m->n) != 0) return -1;
  if (read_all(fd, h, 8) != 0) return -1;
  words = (uint32_t)h[0] | (uint32_t)h[1] << 8 | (uint32_t)h[2] << 16 | (uint32_t)h[3] << 24;
  if ((size_t)words * 8 > sizeof m->b) return -1;
  m->n = (size_t)words * 8;
  m->pos = 0;
  if (read_all(fd, m->b, m->n) != 0) return -1;
  if (h[4] == RES_FAILURE) {
    uint64_t code = 0;
    const char *msg = get_u64(m, &code) == 0 ? get_text(m) : NULL;
    fprintf(stderr, "url-dqlite-node: request %d: error %llu: %s\n", type,
            (unsigned long long)code, msg ? msg : "?");
  }
  return h[4];
}

/* Copies the leader's address, as `address` sees it, into out; 0 if known. */
static int find_leader(const char *address, char *out, size_t size) {
  int fd = wire_connect(address), rc = -1;
  if (fd < 0) return -1;
  wire_msg m = {.n = 0};
  put_u64(&m, 0);
  if (wire_call(fd, REQ_LEADER, &m) == RES_SERVER) {
    uint64_t id;
    const char *leader = get_u64(&m, &id) == 0 ? get_text(&m) : NULL;
    if (leader && *leader && strlen(leader) < size) {
      strcpy(out, leader);
      rc = 0;
    }
  }
  close(fd);
  return rc;
}

/* This node's role in the leader's configuration: ROLE_*, or -1 if absent. */
static int role_of(int fd, uint64_t id) {
  wire_msg m = {.n = 0};
  put_u64(&m, CLUSTER_FORMAT_V1);
  if (wire_call(fd, REQ_CLUSTER, &m) != RES_SERVERS) return -2;
  uint64_t n, sid, role;
  if (get_u64(&m, &n) != 0) return -2;
  for (uint64_t i = 0; i < n; i++) {
    if (get_u64(&m, &sid) != 0 || !get_text(&m) || get_u64(&m, &role) != 0) return -2;
    if (sid == id) return (int)role;
  }
  return -1;
}

/* One attempt to make node `id` at `address` a voter; 0 when it is one. */
static int join_once(const char *via, uint64_t id, const char *address) {
  char leader[256];
  if (find_leader(via, leader, sizeof leader) != 0) return -1;
  int fd = wire_connect(leader);
  if (fd < 0) return -1;
  int role = role_of(fd, id), rc = -1;
  if (role == -1) { /* not a member yet */
    wire_msg m = {.n = 0};
    put_u64(&m, id);
    put_text(&m, address);
    if (wire_call(fd, REQ_ADD, &m) == RES_EMPTY) role = role_of(fd, id);
  }
  if (role == ROLE_VOTER) {
    rc = 0;
  } else if (role >= 0) {
    wire_msg m = {.n = 0};
    put_u64(&m, id);
    put_u64(&m, ROLE_VOTER);
    if (wire_call(fd, REQ_ASSIGN, &m) == RES_EMPTY) rc = 0;
  }
  close(fd);
  return rc;
}

static int join(const char *via, uint64_t id, const char *address) {
  time_t deadline = time(NULL) + JOIN_SECONDS;
  while (join_once(via, id, address) != 0) {
    if (time(NULL) >= deadline) return -1;
    nanosleep(&(struct timespec){0, 200 * 1000 * 1000}, NULL);
  }
  return 0;
}

/* --- the node */

static int usage(void) {
  fprintf(stderr,
          "usage: url-dqlite-node ID ADDRESS DATA_DIR [JOIN_ADDRESS]\n"
          "  ID            node id (1 bootstraps a new cluster)\n"
          "  ADDRESS       host:port to listen on, as the other nodes reach it\n"
          "  DATA_DIR      the node's Raft log and snapshots (created if missing)\n"
          "  JOIN_ADDRESS  a member of the cluster to join (nodes other than 1)\n");
  return 2;
}

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5) return usage();
  char *end;
  unsigned long long id = strtoull(argv[1], &end, 10);
  if (*end || id == 0) return usage();
  const char *address = argv[2], *dir = argv[3], *via = argc == 5 ? argv[4] : NULL;

  /* A peer that goes away must not kill this node on its next write. */
  signal(SIGPIPE, SIG_IGN);
  if (sqlite3_config(SQLITE_CONFIG_SINGLETHREAD) != SQLITE_OK ||
      sqlite3_auto_extension((void (*)(void))sqlite3_url_init) != SQLITE_OK) {
    fprintf(stderr, "url-dqlite-node: configuring SQLite failed\n");
    return 1;
  }
  if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
    fprintf(stderr, "url-dqlite-node: %s: %s\n", dir, strerror(errno));
    return 1;
  }

  /* dqlite's thread inherits this mask: the signals come to sigwait below. */
  sigset_t stop;
  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);

  dqlite_node *node = NULL;
  int rc = dqlite_node_create(id, address, dir, &node);
  if (rc == 0) rc = dqlite_node_set_bind_address(node, address);
  if (rc == 0) rc = dqlite_node_start(node);
  if (rc != 0) {
    fprintf(stderr, "url-dqlite-node: starting node %llu at %s: %s\n", id, address,
            node ? dqlite_node_errmsg(node) : "out of memory");
    if (node) dqlite_node_destroy(node);
    return 1;
  }
  if (via && join(via, id, address) != 0) {
    fprintf(stderr, "url-dqlite-node: node %llu could not join through %s\n", id, via);
    dqlite_node_stop(node);
    dqlite_node_destroy(node);
    return 1;
  }
  fprintf(stderr, "url-dqlite-node: node %llu serving %s\n", id, address);

  int sig;
  sigwait(&stop, &sig);
  dqlite_node_stop(node);
  dqlite_node_destroy(node);
  return 0;
}
