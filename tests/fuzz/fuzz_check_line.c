/*
 * Fuzz target: the `zkprim hash --check` line parser (tools/zkprim/check_line.c).
 *
 * The whole input is one line as getline() would hand it over (NUL bytes
 * and all). Checked:
 *   - the verdict equals a reference grammar written here differently (a
 *     leading backslash marks an escaped name; then the first "  " splits
 *     the line; what precedes it must be an even, non-zero number of hex
 *     digits; an escaped name's backslashes pair with \\, n or r);
 *   - an accepted line's fields point inside it and say what it carries: the
 *     digest length is the hex digits before the separator / 2 (so a
 *     truncated digest can never pass for a longer one), the name is the
 *     rest of the line less its line end;
 *   - a line built from the input as sha256sum prints one, "<hex>  <name>\n"
 *     (or with "\r\n"; escaped, after a backslash, when the name holds a
 *     backslash, newline or CR), is what the CLI's writer prints, and parses
 *     back to the same digest and name; cut by one byte of digest, it parses
 *     to one byte less.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include "fuzz.h"

#include "cli.h"

#define MAX_LINE 4096

static int ref_is_hex(unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/* The plain name of an escaped one into out; its length, or -1 when a
 * backslash is not one of the three escapes. */
static long ref_unescape(const uint8_t *e, size_t n, uint8_t *out) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (e[i] != '\\') { out[k++] = e[i]; continue; }
        if (i + 1 == n) return -1;
        switch (e[++i]) {
        case '\\': out[k++] = '\\'; break;
        case 'n': out[k++] = '\n'; break;
        case 'r': out[k++] = '\r'; break;
        default: return -1;
        }
    }
    return (long)k;
}

/* Reference verdict and, when OK, the hex span, the name span and whether
 * the line is escaped. */
static cli_check_kind ref_parse(const uint8_t *p, size_t n, size_t *hex_off, size_t *hexlen, size_t *name_off,
                                size_t *name_len, int *escaped) {
    if (n && p[n - 1] == '\n') n--;
    if (n && p[n - 1] == '\r') n--;
    if (n == 0) return CLI_CHECK_BLANK;
    for (size_t i = 0; i < n; i++)
        if (p[i] == 0) return CLI_CHECK_MALFORMED;
    const size_t h = p[0] == '\\' ? 1 : 0;
    size_t sep = h;
    while (sep + 1 < n && !(p[sep] == ' ' && p[sep + 1] == ' ')) sep++;
    if (sep + 1 >= n) return CLI_CHECK_MALFORMED;  /* no "  " */
    if (sep == h || (sep - h) % 2) return CLI_CHECK_MALFORMED;
    for (size_t i = h; i < sep; i++)
        if (!ref_is_hex(p[i])) return CLI_CHECK_MALFORMED;
    if (n - sep - 2 == 0) return CLI_CHECK_MALFORMED;  /* no name */
    static uint8_t scratch[MAX_LINE];
    if (h && ref_unescape(p + sep + 2, n - sep - 2, scratch) < 0) return CLI_CHECK_MALFORMED;
    *hex_off = h;
    *hexlen = sep - h;
    *name_off = sep + 2;
    *name_len = n - sep - 2;
    *escaped = (int)h;
    return CLI_CHECK_OK;
}

/* The input itself as a line: verdict and fields against the reference. */
static void check_raw(const uint8_t *data, size_t size) {
    const char *line = (const char *)data;
    cli_check_line l;
    const cli_check_kind k = cli_parse_check_line(line, size, &l);
    size_t hex_off = 0, hexlen = 0, name_off = 0, name_len = 0;
    int escaped = 0;
    FUZZ_CHECK(k == ref_parse(data, size, &hex_off, &hexlen, &name_off, &name_len, &escaped));
    if (k != CLI_CHECK_OK) return;
    FUZZ_CHECK(l.hex == line + hex_off && l.escaped == escaped);
    FUZZ_CHECK(l.digest_len >= 1 && 2 * l.digest_len == hexlen);
    FUZZ_CHECK(l.name == line + name_off && l.name_len == name_len);
    FUZZ_CHECK(l.name + l.name_len <= line + size);
    FUZZ_CHECK(memchr(l.name, '\0', l.name_len) == NULL);
    uint8_t digest[MAX_LINE / 2];
    FUZZ_CHECK(cli_decode_hex(l.hex, digest, l.digest_len) == 0);
    if (escaped) { /* the CLI's unescape (here into a copy) against the reference */
        uint8_t want[MAX_LINE];
        char got[MAX_LINE];
        const long w = ref_unescape(data + name_off, name_len, want);
        memcpy(got, l.name, name_len);
        const size_t g = cli_unescape_name(got, name_len, got);  /* in place, as the CLI does */
        FUZZ_CHECK(w >= 1 && g == (size_t)w && memcmp(got, want, g) == 0);
    }
}

/* Formats "<hex>  <name>" + line end into buf as sha256sum does (a
 * backslash first and the name escaped when it holds a backslash, newline or
 * CR); returns its length. */
static size_t format_line(char *buf, const uint8_t *digest, size_t dlen, const char *name, size_t nlen, int crlf) {
    static const char hx[] = "0123456789abcdef";
    int esc = 0;
    for (size_t i = 0; i < nlen; i++) esc |= name[i] == '\\' || name[i] == '\n' || name[i] == '\r';
    size_t n = 0;
    if (esc) buf[n++] = '\\';
    for (size_t i = 0; i < dlen; i++) {
        buf[n++] = hx[digest[i] >> 4];
        buf[n++] = hx[digest[i] & 15];
    }
    buf[n++] = ' ';
    buf[n++] = ' ';
    for (size_t i = 0; i < nlen; i++) {
        const char c = name[i];
        if (esc && (c == '\\' || c == '\n' || c == '\r')) {
            buf[n++] = '\\';
            buf[n++] = c == '\\' ? '\\' : c == '\n' ? 'n' : 'r';
        } else buf[n++] = c;
    }
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
    /* the name: the rest, without NUL (no file name holds one; newlines,
     * CRs and backslashes are escaped), and not empty */
    char name[MAX_LINE];
    size_t nlen = 0;
    while (c.n && nlen < 256) {
        const char ch = (char)fz_u8(&c);
        name[nlen++] = ch == '\0' ? '_' : ch;
    }
    if (nlen == 0) name[nlen++] = '-';
    name[nlen] = '\0';

    char buf[MAX_LINE];
    const size_t n = format_line(buf, digest, dlen, name, nlen, flags & 1);
    if (!(flags & 1)) { /* the CLI's writer prints the same line */
        char printed[MAX_LINE];
        FILE *f = fmemopen(printed, sizeof printed, "w");
        FUZZ_CHECK(f != NULL);
        cli_print_digest_line(f, digest, dlen, name);
        const long plen = ftell(f);
        fclose(f);
        FUZZ_CHECK(plen == (long)n && memcmp(printed, buf, n) == 0);
    }
    cli_check_line l;
    FUZZ_CHECK(cli_parse_check_line(buf, n, &l) == CLI_CHECK_OK);
    FUZZ_CHECK(l.digest_len == dlen);
    uint8_t got[64];
    FUZZ_CHECK(cli_decode_hex(l.hex, got, l.digest_len) == 0 && memcmp(got, digest, dlen) == 0);
    char plain[MAX_LINE];
    memcpy(plain, l.name, l.name_len);
    const size_t plen = l.escaped ? cli_unescape_name(plain, l.name_len, plain) : l.name_len;
    FUZZ_CHECK(plen == nlen && memcmp(plain, name, nlen) == 0);
    /* upper-case digits are the same digest */
    for (size_t i = l.escaped; i < l.escaped + 2 * dlen; i++)
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
