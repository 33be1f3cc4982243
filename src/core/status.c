/* Names and descriptions of zkp_status codes, and the library version. */
#include "zkprim/zkprim.h"
#include "zkprim_build_config.h"

typedef struct { const char *name, *text; } status_info;

/* [code] = {"code", text}: the name is the code's own spelling. */
#define STATUS(code, text) [code] = {#code, text}

static const status_info k_status[] = {
    STATUS(ZKP_OK, "success"),
    STATUS(ZKP_ERR_NULL, "NULL pointer where data is required"),
    STATUS(ZKP_ERR_LENGTH, "invalid length"),
    STATUS(ZKP_ERR_RANGE, "value out of range (a field element not below its modulus, an index past the end, or the inverse of zero)"),
    STATUS(ZKP_ERR_COUNT, "wrong number of inputs"),
    STATUS(ZKP_ERR_STATE, "call out of order (object already finalised or not ready)"),
    STATUS(ZKP_ERR_PARAM, "invalid parameter"),
    STATUS(ZKP_ERR_EMPTY_INPUT, "empty input"),
    STATUS(ZKP_ERR_CPU, "this CPU lacks a feature the requested kernel needs"),
    STATUS(ZKP_ERR_NOMEM, "out of memory"),
    STATUS(ZKP_ERR_VERIFY, "verification failed"),
    STATUS(ZKP_ERR_PROOF_SHAPE, "proof has the wrong shape or size"),
    STATUS(ZKP_ERR_IO, "input/output error"),
};

static const status_info *lookup(zkp_status s) {
    static const status_info unknown = {"ZKP_ERR_UNKNOWN", "unknown status code"};
    if ((unsigned)s >= sizeof k_status / sizeof k_status[0] || !k_status[s].name) return &unknown;
    return &k_status[s];
}

const char *zkp_status_name(zkp_status s) { return lookup(s)->name; }
const char *zkp_status_str(zkp_status s) { return lookup(s)->text; }
const char *zkp_version(void) { return ZKP_VERSION_STRING; }
