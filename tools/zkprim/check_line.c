/*
 * One line of a `zkprim hash --check` list: "<hex digest>  <file name>".
 * A pure function of the bytes (no I/O, no allocation) so that
 * tests/fuzz/fuzz_check_line.c can drive it with any input.
 */
#include <string.h>

#include "cli.h"

/* Drops the line end: "\n", then a "\r" before it (lists written on Windows). */
static size_t strip_line_end(const char *line, size_t len) {
    if (len > 0 && line[len - 1] == '\n') len--;
    if (len > 0 && line[len - 1] == '\r') len--;
    return len;
}

cli_check_kind cli_parse_check_line(const char *line, size_t len, cli_check_line *out) {
    memset(out, 0, sizeof *out);
    len = strip_line_end(line, len);
    if (len == 0) return CLI_CHECK_BLANK;
    /* getline() hands over NUL bytes like any other; a C-string view of the
     * line would end at the first one, turning "\0\0\0" into a blank line or
     * "<hex>  a\0b" into a check of file "a". Neither is what the line says. */
    if (memchr(line, '\0', len)) return CLI_CHECK_MALFORMED;
    size_t hexlen = 0;
    while (hexlen < len && cli_hex_digit(line[hexlen]) >= 0) hexlen++;
    if (hexlen == 0 || hexlen % 2 != 0) return CLI_CHECK_MALFORMED;
    if (len - hexlen < 3 || line[hexlen] != ' ' || line[hexlen + 1] != ' ') return CLI_CHECK_MALFORMED;
    out->hex = line;
    out->digest_len = hexlen / 2;
    out->name = line + hexlen + 2;
    out->name_len = len - hexlen - 2;
    return CLI_CHECK_OK;
}
