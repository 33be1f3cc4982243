/*
 * Fuzz target: the `zkprim hash --check` line parser (tools/zkprim/check_line.c).
 *
 * The whole input is one line as getline() would hand it over (NUL bytes
 * and all). Checked:
 *   - the verdict equals a reference grammar written here differently (the
 *     first "  " splits the line; what precedes it must be an even, non-zero
 *     number of hex digits);
 *   - an accepted line's fields point inside it and say what it carries: the
 *     digest length is the hex digits before the separator / 2 (so a
 *     truncated digest can never pass for a longer one), the name is the
 *     rest of the line less its line end;
 *   - a line built from the input as the CLI prints one, "<hex>  <name>\n"
 *     (or with "\r\n"), parses back to the same digest and name; cut by one
 *     byte of digest, it parses to one byte less.
 */
#include "fuzz.h"

#include "cli.h"

#define MAX_LINE 4096

static int ref_is_hex(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* Reference verdict and, when OK, the hex length and name span. */
static cli_check_kind ref_parse(const uint8_t *p, size_t n, size_t *hexlen, size_t *name_off, size_t *name_len) {
    if (n && p[n - 1] == '\n') n--;
    if (n && p[n - 1] == '\r') n--;
    if (n == 0) return CLI_CHECK_BLANK;
    for (size_t i = 0; i < n; i++)
        if (p[i] == 0) return CLI_CHECK_MALFORMED;
    size_t sep = 0;
    while (sep + 1 < n && !(p[sep] == ' ' && p[sep + 1] == ' ')) sep++;
    if (sep + 1 >= n) return CLI_CHECK_MALFORMED;  /* no "  " */
    if (sep == 0 || sep % 2) return CLI_CHECK_MALFORMED;
    for (size_t i = 0; i < sep; i++)
        if (!ref_is_hex(p[i])) return CLI_CHECK_MALFORMED;
    if (n - sep - 2 == 0) return CLI_CHECK_MALFORMED;  /* no name */
    *hexlen = sep;
    *name_off = sep + 2;
    *name_len = n - sep - 2;
    return CLI_CHECK_OK;
}

/* The input itself as a line: verdict and fields against the reference. */
static void check_raw(const uint8_t *data, size_t size) {
    const char *line = (const char *)data;
    cli_check_line l;
    const cli_check_kind k = cli_parse_check_line(line, size, &l);
    size_t hexlen = 0, name_off = 0, name_len = 0;
    FUZZ_CHECK(k == ref_parse(data, size, &hexlen, &name_off, &name_len));
    if (k != CLI_CHECK_OK) return;
    FUZZ_CHECK(l.hex == line);
    FUZZ_CHECK(l.digest_len >= 1 && 2 * l.digest_len == hexlen);
    FUZZ_CHECK(l.name == line + name_off && l.name_len == name_len);
    FUZZ_CHECK(l.name + l.name_len <= line + size);
    FUZZ_CHECK(memchr(l.name, '\0', l.name_len) == NULL);
    uint8_t digest[MAX_LINE / 2];
    FUZZ_CHECK(cli_decode_hex(l.hex, digest, l.digest_len) == 0);
}

/* Formats "<hex>  <name>" + line end into buf; returns its length. */
static size_t format_line(char *buf, const uint8_t *digest, size_t dlen, const char *name, size_t nlen, int crlf) {
    static const char hx[] = "0123456789abcdef";
    size_t n = 0;
    for (size_t i = 0; i < dlen; i++) {
        buf[n++] = hx[digest[i] >> 4];
        buf[n++] = hx[digest[i] & 15];
    }
    buf[n++] = ' ';
    buf[n++] = ' ';
    memcpy(buf + n, name, nlen);
    n += nlen;
    if (crlf) buf[n++] = '\r';
    buf[n++] = '\n';
    return n;
}

/* A well-formed line from the input: parse(format(digest, name)) gives them back. */
static void check_round_trip(const uint8_t *data, size_t size) {
    fz_cursor c = {data, size};
    const unsigned flags = fz_u8(&c);
    const size_t dlen = 1 + fz_u8(&c) % 64;
    uint8_t digest[64];
    fz_bytes(&c, digest, dlen);
    /* the name: the rest, without what a line cannot hold (NUL, "\n", a
     * trailing "\r"), and not empty */
    char name[MAX_LINE];
    size_t nlen = 0;
    while (c.n && nlen < 256) {
        const char ch = (char)fz_u8(&c);
        name[nlen++] = ch == '\0' || ch == '\n' ? '_' : ch;
    }
    while (nlen && name[nlen - 1] == '\r') nlen--;
    if (nlen == 0) name[nlen++] = '-';

    char buf[MAX_LINE];
    const size_t n = format_line(buf, digest, dlen, name, nlen, flags & 1);
    cli_check_line l;
    FUZZ_CHECK(cli_parse_check_line(buf, n, &l) == CLI_CHECK_OK);
    FUZZ_CHECK(l.digest_len == dlen);
    uint8_t got[64];
    FUZZ_CHECK(cli_decode_hex(l.hex, got, l.digest_len) == 0 && memcmp(got, digest, dlen) == 0);
    FUZZ_CHECK(l.name_len == nlen && memcmp(l.name, name, nlen) == 0);
    /* upper-case digits are the same digest */
    for (size_t i = 0; i < 2 * dlen; i++)
        if (buf[i] >= 'a' && buf[i] <= 'f') buf[i] = (char)(buf[i] - 'a' + 'A');
    FUZZ_CHECK(cli_parse_check_line(buf, n, &l) == CLI_CHECK_OK && l.digest_len == dlen);
    FUZZ_CHECK(cli_decode_hex(l.hex, got, dlen) == 0 && memcmp(got, digest, dlen) == 0);
    /* one byte of digest less: one byte shorter (or no digest: malformed),
     * never the original length */
    if (dlen > 1) {
        const size_t m = format_line(buf, digest, dlen - 1, name, nlen, flags & 1);
        FUZZ_CHECK(cli_parse_check_line(buf, m, &l) == CLI_CHECK_OK && l.digest_len == dlen - 1);
    } else {
        const size_t m = format_line(buf, digest, 0, name, nlen, flags & 1);
        FUZZ_CHECK(cli_parse_check_line(buf, m, &l) == CLI_CHECK_MALFORMED);
    }
    /* a NUL anywhere in the line makes it malformed */
    format_line(buf, digest, dlen, name, nlen, flags & 1);
    const size_t at = (flags >> 1) % (n - 1);  /* not the final "\n" */
    buf[at] = '\0';
    FUZZ_CHECK(cli_parse_check_line(buf, n, &l) == CLI_CHECK_MALFORMED);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > MAX_LINE) size = MAX_LINE;
    check_raw(data, size);
    check_round_trip(data, size);
    return 0;
}
