/* The portable Keccak-f[1600] in its WebAssembly shape (ni.h, W32_BUILD):
 * the lane-complementing round of keccak/f1600_lcomp.h and the whole-block
 * absorb that keeps the lanes in locals, under w32_ names so they link
 * beside the library's plain round. */
#define W32_BUILD
#include "no_int128/ni.h"

#define zkpi_keccakf1600_portable w32_keccakf1600
#define zkpi_keccak_absorb_portable w32_keccak_absorb
#define zkpi_keccak_rc w32_keccak_rc
#include "keccak/f1600_portable.c"

#if !TMPL_LANE_COMPLEMENT
#error "ZKP_TEST_WASM_ARITH did not select the lane-complementing Keccak round"
#endif
