/* Fixture for the mustuse-selftest ctest: a zkp_status function declared
 * without ZKP_MUST_USE, which tests/mustuse/check.cmake must name. Never
 * included by the library. */
#include "zkprim/zkprim.h"

ZKP_API zkp_status zkp_mustuse_unmarked(const uint8_t *in, size_t len, uint8_t (*out)[32]);
