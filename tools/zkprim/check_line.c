/*
 * One line of a `zkprim hash --check` list: "<hex digest>  <file name>", or
 * coreutils' escaped form "\\<hex digest>  <escaped name>". Pure functions
 * of the bytes (no I/O, no allocation) so that tests/fuzz/fuzz_check_line.c
 * can drive them with any input; the two line writers (cli_put_escaped_name,
 * cli_print_digest_line) are the exception.
 */
#include <stdio.h>
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
    /* A leading backslash: the name is escaped (sha256sum and b3sum write
     * lines so for names holding a backslash, a newline or a CR). */
    const int escaped = line[0] == '\\';
    const char *hex = line + escaped;
    len -= (size_t)escaped;
    size_t hexlen = 0;
    while (hexlen < len && cli_hex_digit(hex[hexlen]) >= 0) hexlen++;
    if (hexlen == 0 || hexlen % 2 != 0) return CLI_CHECK_MALFORMED;
    if (len - hexlen < 3 || hex[hexlen] != ' ' || hex[hexlen + 1] != ' ') return CLI_CHECK_MALFORMED;
    const char *name = hex + hexlen + 2;
    const size_t name_len = len - hexlen - 2;
    if (escaped && cli_unescape_name(name, name_len, NULL) == (size_t)-1) return CLI_CHECK_MALFORMED;
    out->hex = hex;
    out->digest_len = hexlen / 2;
    out->name = name;
    out->name_len = name_len;
    out->escaped = escaped;
    return CLI_CHECK_OK;
}

size_t cli_unescape_name(const char *in, size_t len, char *out) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++, n++) {
        char c = in[i];
        if (c == '\\') {
            if (++i == len) return (size_t)-1; /* a lone backslash at the end */
            c = in[i] == '\\' ? '\\' : in[i] == 'n' ? '\n' : in[i] == 'r' ? '\r' : 0;
            if (!c) return (size_t)-1; /* no other escape exists */
        }
        if (out) out[n] = c;
    }
    return n;
}

int cli_name_needs_escape(const char *name, const char *chars) { return name[strcspn(name, chars)] != '\0'; }

void cli_put_escaped_name(FILE *f, const char *name) {
    for (; *name; name++) {
        if (*name == '\\') fputs("\\\\", f);
        else if (*name == '\n') fputs("\\n", f);
        else if (*name == '\r') fputs("\\r", f);
        else fputc(*name, f);
    }
}

void cli_print_digest_line(FILE *f, const uint8_t *digest, size_t len, const char *name) {
    const int esc = cli_name_needs_escape(name, "\\\n\r");
    if (esc) fputc('\\', f);
    cli_print_hex(f, digest, len);
    fputs("  ", f);
    if (esc) cli_put_escaped_name(f, name);
    else fputs(name, f);
    fputc('\n', f);
}
