/* The multiproof oracle (multiproof_oracle.h). */
#include "multiproof_oracle.h"

#include <stdlib.h>
#include <string.h>

static uint64_t width(const mpo_shape *s, unsigned l) { return ((s->n - 1) >> l) + 1; }

/* Does node `a` of level l have a sibling at all? */
static int has_sibling(const mpo_shape *s, unsigned l, uint64_t a) {
    if (s->n == 0) return 1;
    return !(width(s, l) % 2 == 1 && a == width(s, l) - 1);
}

static int contains(const uint64_t *set, size_t m, uint64_t v) {
    for (size_t i = 0; i < m; i++)
        if (set[i] == v) return 1;
    return 0;
}

/* Ancestors of the leaf set at level l, sorted, without repeats. */
static size_t ancestors(const uint64_t *idx, size_t k, unsigned l, uint64_t *out) {
    size_t m = 0;
    for (size_t i = 0; i < k; i++) {
        uint64_t a = l >= 64 ? 0 : idx[i] >> l;
        if (!contains(out, m, a)) out[m++] = a;
    }
    return m; /* idx is sorted, so out is too */
}

size_t mpo_needed(const mpo_shape *s, const uint64_t *idx, size_t k, unsigned *lev, uint64_t *node, size_t cap) {
    uint64_t *anc = malloc((k ? k : 1) * sizeof *anc);
    size_t count = 0;
    for (unsigned l = 0; l < s->levels; l++) {
        size_t m = ancestors(idx, k, l, anc);
        for (size_t i = 0; i < m; i++) {
            if (!has_sibling(s, l, anc[i]) || contains(anc, m, anc[i] ^ 1)) continue;
            if (count < cap) lev[count] = l, node[count] = anc[i] ^ 1;
            count++;
        }
    }
    free(anc);
    return count;
}

int mpo_root(const mpo_shape *s, const uint64_t *idx, size_t k, const uint8_t (*leaf)[32], const uint8_t *stream,
             size_t nstream, void (*pair)(const uint8_t *l, const uint8_t *r, int is_top, uint8_t *out),
             uint8_t out[32]) {
    uint64_t *anc = malloc(k * sizeof *anc), *up = malloc(k * sizeof *up);
    uint8_t(*val)[32] = malloc(k * 32), (*upval)[32] = malloc(k * 32);
    size_t m = k, used = 0;
    memcpy(anc, idx, k * sizeof *anc);
    memcpy(val, leaf, k * 32);
    for (unsigned l = 0; l < s->levels; l++) {
        size_t mu = 0;
        for (size_t i = 0; i < m; i++) {
            uint64_t a = anc[i];
            uint8_t sib[32];
            if (!has_sibling(s, l, a)) { /* carried up unchanged */
                up[mu] = a >> 1;
                memcpy(upval[mu++], val[i], 32);
                continue;
            }
            if (a & 1 && i > 0 && anc[i - 1] == (a ^ 1)) continue; /* its parent came with the left child */
            if (!(a & 1) && i + 1 < m && anc[i + 1] == (a ^ 1)) {
                memcpy(sib, val[i + 1], 32);
            } else {
                if (used == nstream) goto bad;
                memcpy(sib, stream + 32 * used++, 32);
            }
            int top = l + 1 == s->levels;
            if (a & 1) pair(sib, val[i], top, upval[mu]);
            else pair(val[i], sib, top, upval[mu]);
            up[mu++] = a >> 1;
        }
        memcpy(anc, up, mu * sizeof *anc);
        memcpy(val, upval, mu * 32);
        m = mu;
    }
    if (used != nstream || m != 1) goto bad;
    memcpy(out, val[0], 32);
    free(anc), free(up), free(val), free(upval);
    return 1;
bad:
    free(anc), free(up), free(val), free(upval);
    return 0;
}
