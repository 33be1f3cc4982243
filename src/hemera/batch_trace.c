/*
 * zkp_hemera_trace_batch: witness matrices of many permutations through the
 * batch kernels (the table of batch.c; each kernel's traced schedule is
 * batch_tmpl.h's hb_trace_soa, its stores batch_trace_tmpl.h). The layout
 * is two strides per element, so one kernel entry serves both layouts.
 */
#include "hemera/batch_internal.h"
#include "zkprim/hemera.h"

void zkpi_hb_trace_with(const hb_kernel *k, const uint64_t (*states)[16], size_t n, int layout, uint64_t *matrix) {
    hb_trace_out o;
    o.base = matrix;
    o.sp = layout == ZKP_HEMERA_TRACE_ROW_MAJOR ? ZKP_HEMERA_TRACE_COLS : 1;
    o.sc = layout == ZKP_HEMERA_TRACE_ROW_MAJOR ? 1 : n;
    o.stream = n >= HB_TR_STREAM_BYTES / (ZKP_HEMERA_TRACE_COLS * sizeof(uint64_t));
    while (n) {
        unsigned g = n >= HB_MAX_LANES ? HB_MAX_LANES : (unsigned)n;
#if ZKP_HEMERA_PERMUTE_ONLY
        (void)k;
        zkpi_hb_trace_portable(states, g, &o);
#else
        k->trace(states, g, &o);
#endif
        states += g;
        o.base += g * o.sp;
        n -= g;
    }
}

zkp_status zkp_hemera_trace_batch(const uint64_t (*states)[ZKP_HEMERA_WIDTH], size_t n, zkp_hemera_trace_layout layout,
                                  uint64_t *matrix) {
    if (n == 0) return layout == ZKP_HEMERA_TRACE_ROW_MAJOR || layout == ZKP_HEMERA_TRACE_COL_MAJOR ? ZKP_OK : ZKP_ERR_PARAM;
    if (!states || !matrix) return ZKP_ERR_NULL;
    if (layout != ZKP_HEMERA_TRACE_ROW_MAJOR && layout != ZKP_HEMERA_TRACE_COL_MAJOR) return ZKP_ERR_PARAM;
    if (!zkpi_array_ok(n, ZKP_HEMERA_TRACE_COLS * sizeof(uint64_t))) return ZKP_ERR_LENGTH;
    zkpi_hb_trace_with(zkpi_hb_kernel_active(), states, n, (int)layout, matrix);
    return ZKP_OK;
}
