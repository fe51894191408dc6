// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* json_text.c - one JSON document read strictly, the same way by every
 * loader of JSON text (scenes, game levels, shape catalogues, the walls
 * eddy-paint reads): RFC 8259 text, so UTF-8 without a zero byte, exactly
 * one value with nothing but white space after it, and no string holding
 * the escape \u0000 (cJSON ends a string at the NUL it decodes, so a name
 * "je\u0000t" would silently read as "je"), and numbers as RFC 8259 writes
 * them (cJSON reads with strtod, which also takes "01", "-007" and "1.";
 * issue 30). Every refusal names the line and column. */
#include "fluid_internal.h"
#include "scene_internal.h"

#include <string.h>

long eddy_json_find_nul_escape(const char *text, size_t size)
{
    bool in_string = false;
    for (size_t i = 0; i < size; i++) {
        if (text[i] == '"') {
            in_string = !in_string;
        } else if (in_string && text[i] == '\\' && i + 1 < size) {
            if (text[i + 1] == 'u' && i + 5 < size && memcmp(text + i + 2, "0000", 4) == 0)
                return (long)i;
            i++; /* the escaped character, whatever it is */
        }
    }
    return -1;
}

static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

/* The end of the RFC 8259 number at text[i] (-? (0 | [1-9][0-9]*)
 * (.[0-9]+)? ([eE][+-]?[0-9]+)?), or 0 when what starts there is not one;
 * *why says what is wrong. */
static size_t number_end(const char *text, size_t size, size_t i, const char **why)
{
    *why = "a malformed number";
    if (i < size && text[i] == '-') i++;
    if (i >= size || !is_digit(text[i])) return 0;
    if (text[i] == '0' && i + 1 < size && is_digit(text[i + 1])) {
        *why = "a number with a leading zero (JSON numbers have none: write 1, not 01)";
        return 0;
    }
    while (i < size && is_digit(text[i])) i++;
    if (i < size && text[i] == '.') {
        if (++i >= size || !is_digit(text[i])) return 0;
        while (i < size && is_digit(text[i])) i++;
    }
    if (i < size && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < size && (text[i] == '+' || text[i] == '-')) i++;
        if (i >= size || !is_digit(text[i])) return 0;
        while (i < size && is_digit(text[i])) i++;
    }
    return i;
}

/* The first number outside strings that RFC 8259 does not allow, or -1. */
static long find_bad_number(const char *text, size_t size, const char **why)
{
    bool in_string = false;
    for (size_t i = 0; i < size; i++) {
        char ch = text[i];
        if (in_string) {
            if (ch == '\\') i++;
            else if (ch == '"') in_string = false;
        } else if (ch == '"') {
            in_string = true;
        } else if (ch == '-' || is_digit(ch)) {
            size_t end = number_end(text, size, i, why);
            if (end == 0) return (long)i;
            i = end - 1;
        }
    }
    return -1;
}

void eddyi_json_line_column(const char *text, size_t pos, long *line, long *column)
{
    long l = 1, c = 1;
    for (size_t i = 0; i < pos; i++) {
        if (text[i] == '\n') {
            l++;
            c = 1;
        } else {
            c++;
        }
    }
    *line = l;
    *column = c;
}

static bool json_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
}

static eddy_result refuse_at(const char *what, const char *text, size_t pos, const char *why,
                             eddy_error *err)
{
    long line, column;
    eddyi_json_line_column(text, pos, &line, &column);
    return eddy_fail(err, EDDY_ERR_FORMAT, "%s: line %ld, column %ld (byte %zu): %s", what, line,
                     column, pos, why);
}

eddy_result eddyi_json_parse_text(const char *text, size_t size, const char *what, cJSON **out,
                                 eddy_error *err)
{
    *out = NULL;
    const char *nul = size ? memchr(text, '\0', size) : NULL;
    if (nul)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: a zero byte at offset %zu (not JSON text)",
                         what, (size_t)(nul - text));
    long bad = eddy_utf8_invalid_at(text, size);
    if (bad >= 0)
        return refuse_at(what, text, (size_t)bad, "the text is not UTF-8 (JSON text must be)",
                         err);
    size_t first = 0;
    while (first < size && json_space(text[first])) first++;
    if (first == size)
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: empty document (expected a JSON object)", what);
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, size, &end, 0);
    if (!root) {
        size_t pos = end && end >= text && end <= text + size ? (size_t)(end - text) : size;
        long line, column;
        eddyi_json_line_column(text, pos, &line, &column);
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: invalid JSON at line %ld, column %ld (byte %zu)",
                         what, line, column, pos);
    }
    size_t rest = end && end >= text && end <= text + size ? (size_t)(end - text) : size;
    while (rest < size && json_space(text[rest])) rest++;
    if (rest < size) {
        cJSON_Delete(root);
        long line, column;
        eddyi_json_line_column(text, rest, &line, &column);
        return eddy_fail(err, EDDY_ERR_FORMAT, "%s: invalid JSON at line %ld, column %ld (byte "
                         "%zu): text after the value (a document holds one)", what, line, column,
                         rest);
    }
    const char *why = NULL;
    long bad_number = find_bad_number(text, size, &why);
    if (bad_number >= 0) {
        cJSON_Delete(root);
        return refuse_at(what, text, (size_t)bad_number, why, err);
    }
    long nul_escape = eddy_json_find_nul_escape(text, size);
    if (nul_escape >= 0) {
        cJSON_Delete(root);
        return refuse_at(what, text, (size_t)nul_escape, "a string holds the escape \\u0000 (a "
                         "NUL byte), which no name or text may contain", err);
    }
    *out = root;
    return EDDY_OK;
}

eddy_result eddy_json_check_text(const char *text, size_t size, const char *what, eddy_error *err)
{
    if (!text && size > 0) return eddy_fail(err, EDDY_ERR_ARGUMENT, "JSON text: NULL text");
    cJSON *root = NULL;
    eddy_result rc = eddyi_json_parse_text(text ? text : "", size, what ? what : "JSON", &root, err);
    cJSON_Delete(root);
    return rc;
}
