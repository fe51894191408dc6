// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/* fuzz_paint.c - libFuzzer target for eddy-paint's script interpreter
 * (paint_script_run and paint_script_line, game/paint/paint_script.c) on a
 * headless document (paint_doc.c). Seeds: the shipped scripts, assets/modes/NAME.paint.
 *
 * The input is a script. It is run as the tool runs it (paint_script_run,
 * which stops at the first failing line), and then every later line is run
 * on its own (paint_script_line), so that commands after a broken line are
 * reached too. Before that, the harness tames what would leave the process
 * or cost without bound, keeping the line count so that messages still name
 * the input's lines:
 *   - file commands (save, save-snapshots, load, walls, save-walls) become
 *     comments: a fuzzer must not write or read files;
 *   - a grid larger than FUZZ_PAINT_CELLS cells a side is cut to that size;
 *   - step and record take at most FUZZ_PAINT_STEPS steps, and at most
 *     FUZZ_PAINT_SOLVES lines per input solve anything (project, step,
 *     record); later ones become comments.
 * After every line the document must still be one: 1..PAINT_MAX_PAGES modes
 * with the current one among them, a field of the grid's size, finite
 * samples, a brush with a positive radius, a name in UTF-8. A failing line reports a line
 * failure (never a file one: there are no file commands), a code, and a
 * message starting "fuzz:LINE: ". */
#include "fuzz_util.h"
#include "paint_script.h"

#include <math.h>
#include <string.h>

#define FUZZ_PAINT_CELLS 16
#define FUZZ_PAINT_STEPS 3
#define FUZZ_PAINT_SOLVES 6

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct paint_tamer {
    int solves; /* lines that solve, so far */
} paint_tamer;

static bool paint_blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* Up to max words of line (in place, as the interpreter splits them; a word
 * starting with '#' ends the line). */
static int paint_words(char *line, char **word, int max)
{
    int n = 0;
    for (char *p = line; *p && n < max;) {
        while (paint_blank(*p)) p++;
        if (!*p || *p == '#') break;
        word[n++] = p;
        while (*p && !paint_blank(*p)) p++;
        if (*p) *p++ = '\0';
    }
    return n;
}

/* A whole number in word, or -1 when it is not one. */
static long paint_whole(const char *word)
{
    char *end = NULL;
    long v = strtol(word, &end, 10);
    return (*end || end == word || v < 0) ? -1 : v;
}

/* The tamed form of a grid or step line in out, or false to keep the line.
 * Words are copied whole: cutting one short could turn a word the script
 * refuses into a number it accepts (fuzz_paint found "000...0100r22..."
 * cut to 40 bytes, a 100-cell grid). */
static bool paint_tame_words(char **w, int count, char *out, size_t cap)
{
    const char *cmd = count > 0 ? w[0] : "";
    if (!strcmp(cmd, "grid") && count == 5 &&
        (paint_whole(w[3]) > FUZZ_PAINT_CELLS || paint_whole(w[4]) > FUZZ_PAINT_CELLS)) {
        char most[16];
        snprintf(most, sizeof most, "%d", FUZZ_PAINT_CELLS);
        snprintf(out, cap, "grid %s %s %s %s", w[1], w[2],
                 paint_whole(w[3]) > FUZZ_PAINT_CELLS ? most : w[3],
                 paint_whole(w[4]) > FUZZ_PAINT_CELLS ? most : w[4]);
        return true;
    }
    if ((!strcmp(cmd, "step") || !strcmp(cmd, "record")) && count == 3 &&
        paint_whole(w[1]) > FUZZ_PAINT_STEPS) {
        snprintf(out, cap, "%s %d %s", cmd, FUZZ_PAINT_STEPS, w[2]);
        return true;
    }
    return false;
}

/* Writes the tamed form of line (len bytes, no newline) into out (cap bytes,
 * at least len + 128): never longer than the line plus a few bytes. */
static void paint_tame(paint_tamer *t, const char *line, size_t len, char *out, size_t cap)
{
    char *copy = malloc(len + 1), *w[6];
    fuzz_require(copy != NULL);
    memcpy(copy, line, len);
    copy[len] = '\0';
    int count = paint_words(copy, w, 6);
    const char *cmd = count > 0 ? w[0] : "";
    /* every command that opens a file: what a file holds is the other
     * targets' work (fuzz_level reads levels), and a missing one is a read
     * failure, not a refused line */
    bool file = !strcmp(cmd, "save") || !strcmp(cmd, "save-snapshots") || !strcmp(cmd, "load") ||
                !strcmp(cmd, "walls") || !strcmp(cmd, "save-walls") || !strcmp(cmd, "level");
    bool solves = !strcmp(cmd, "project") || !strcmp(cmd, "step") || !strcmp(cmd, "record");
    if (file || (solves && t->solves >= FUZZ_PAINT_SOLVES)) {
        snprintf(out, cap, "# %s (skipped by the harness)", file ? "file command" : "solve");
    } else if (!paint_tame_words(w, count, out, cap)) {
        memcpy(out, line, len);
        out[len] = '\0';
    }
    t->solves += solves && !file;
    free(copy);
}

/* The tamed script: as many lines as the input, each tamed. */
static char *paint_tame_text(const uint8_t *data, size_t size, size_t *out_size)
{
    size_t cap = size + 128 * (size + 1) + 1; /* a tamed line is at most 128 bytes longer */
    char *text = malloc(cap);
    fuzz_require(text != NULL);
    paint_tamer t = {0};
    size_t pos = 0, len = 0;
    while (pos < size) {
        size_t start = pos;
        while (pos < size && data[pos] != '\n') pos++;
        paint_tame(&t, (const char *)data + start, pos - start, text + len, cap - len);
        if (memchr(data + start, '\0', pos - start)) { /* keep the NUL: the script refuses it */
            memcpy(text + len, data + start, pos - start);
            len += pos - start;
        } else {
            len += strlen(text + len);
        }
        if (pos < size) text[len++] = data[pos++];
    }
    *out_size = len;
    return text;
}

static void paint_check_doc(const paint_doc *doc)
{
    int pages = paint_doc_page_count(doc), page = paint_doc_page(doc);
    fuzz_require(pages >= 1 && pages <= PAINT_MAX_PAGES && page >= 0 && page < pages);
    const eddy_mac *g = paint_doc_mac(doc);
    fuzz_require(g->nx >= 2 && g->ny >= 2 && g->nx <= FUZZ_PAINT_CELLS && g->ny <= FUZZ_PAINT_CELLS);
    fuzz_require(paint_doc_field_size(doc) == eddy_mac_size(g));
    const double *f = paint_doc_field(doc);
    for (int s = 0; s < paint_doc_field_size(doc); ++s) fuzz_require(isfinite(f[s]));
    paint_brush b = paint_doc_brush(doc);
    fuzz_require(isfinite(b.radius) && b.radius > 0 && isfinite(b.strength));
    fuzz_require(paint_doc_frame_count(doc) >= 0);
    const char *name = paint_doc_name(doc); /* it reaches mode files and messages */
    fuzz_require(eddy_utf8_invalid_at(name, strlen(name)) < 0);
}

static void paint_check_failure(eddy_result rc, const paint_script_error *e, int line)
{
    fuzz_require(rc != EDDY_OK && e->kind == PAINT_FAIL_LINE && e->code != EDDY_OK);
    fuzz_require(e->line == line);
    char prefix[32];
    int n = snprintf(prefix, sizeof prefix, "fuzz:%d: ", line);
    fuzz_require(strncmp(e->message, prefix, (size_t)n) == 0 && e->message[n] != '\0');
}

/* Runs every line after line `after` of text on its own, checking each. */
static void paint_run_rest(paint_doc *doc, const char *text, size_t size, int after)
{
    size_t pos = 0;
    for (int k = 1; pos < size; ++k) {
        const char *nl = memchr(text + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (text + pos)) : size - pos;
        if (k > after && !memchr(text + pos, '\0', len)) {
            char *line = malloc(len + 1);
            fuzz_require(line != NULL);
            memcpy(line, text + pos, len);
            line[len] = '\0';
            paint_script_error e;
            eddy_result rc = paint_script_line(doc, line, "fuzz", k, NULL, &e);
            if (rc != EDDY_OK && e.code != EDDY_ERR_MEMORY) paint_check_failure(rc, &e, k);
            free(line);
            paint_check_doc(doc);
        }
        pos += len + 1;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t tamed_size = 0;
    char *text = paint_tame_text(data, size, &tamed_size);
    paint_doc *doc = NULL;
    eddy_error err = {0};
    fuzz_require(paint_doc_create(10, 10, 8, 8, &doc, &err) == EDDY_OK);
    paint_doc_set_history_budget(doc, (size_t)1 << 20);
    paint_script_error e;
    eddy_result rc = paint_script_run(doc, text, tamed_size, "fuzz", NULL, &e);
    paint_check_doc(doc);
    if (rc == EDDY_OK) {
        fuzz_require(e.kind == PAINT_FAIL_NONE);
    } else if (e.code != EDDY_ERR_MEMORY) {
        paint_check_failure(rc, &e, e.line);
        paint_run_rest(doc, text, tamed_size, e.line); /* each later line on its own */
    }
    paint_doc_destroy(doc);
    free(text);
    return 0;
}
