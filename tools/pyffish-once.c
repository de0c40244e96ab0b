/* Speeds up pyffish for tools/differential-run.sh, without changing an answer.
 *
 * pyffish 0.0.90 rebuilds every piece's attack tables
 * (Stockfish::Bitboards::init_pieces) at the start of every call, because a
 * variant loaded since the last call may define its own pieces. That is ~2.7 ms
 * of a ~2.8 ms call. Preloaded (LD_PRELOAD), this file stands in for that
 * function: it runs the real one until told to skip it, and
 * tools/differential.py tells it to skip only after one call has built the
 * tables for the variant being played, turning skipping off again before the
 * next variant. tools/differential-run.sh replays the first games of every part
 * without this file and stops unless the two records are identical.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INIT_PIECES "_ZN9Stockfish9Bitboards11init_piecesEv"

static void (*real_init_pieces)(void);
static int skipping;

static int find_pyffish(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    if (!strstr(info->dlpi_name, "_pyffish")) return 0;
    void *module = dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD);
    if (module) real_init_pieces = (void (*)(void))dlsym(module, INIT_PIECES);
    return 1;
}

/* Called from Python through ctypes: 1 to skip the rebuild, 0 to do it. */
void differential_skip_init(int on) { skipping = on; }

void _ZN9Stockfish9Bitboards11init_piecesEv(void) {
    if (!real_init_pieces) dl_iterate_phdr(find_pyffish, 0);
    if (!real_init_pieces) {
        fputs("pyffish-once: pyffish's init_pieces not found\n", stderr);
        abort();
    }
    if (!skipping) real_init_pieces();
}
