// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_tutorial.c - the first level's cards (game_tutorial.h).
 */
#include "game_tutorial.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define LATE_SECONDS 15.0  /* a card's late text comes after this */

const char *game_color_name(game_color c)
{
    double r = c.r / 255.0, g = c.g / 255.0, b = c.b / 255.0;
    double mx = fmax(r, fmax(g, b)), mn = fmin(r, fmin(g, b)), d = mx - mn;
    if (mx < 0.2) return "black";
    if (d < 0.22 * mx) return mx > 0.8 ? "white" : "grey"; /* #8d99ae, a blue-grey: grey */
    double h = mx == r ? fmod((g - b) / d + 6.0, 6.0) : mx == g ? (b - r) / d + 2.0 : (r - g) / d + 4.0;
    h *= 60.0;
    if (h < 15 || h >= 345) return "red";
    if (h < 40) return "orange";
    if (h < 70) return "yellow";
    if (h < 165) return "green";
    if (h < 190) return "turquoise"; /* #4cc9f0 and #5ad1ff, sky blues (194, 197): blue */
    if (h < 255) return "blue";
    if (h < 295) return "purple";
    return "pink";
}

/* "top right", "bottom left", "middle", ... of a rectangle in the tank. */
static void place_name(const game_level *L, const double rect[4], char *out, size_t cap)
{
    double cx = (rect[0] + rect[2]) / 2 / L->asset.width, cy = (rect[1] + rect[3]) / 2 / L->asset.height;
    const char *v = cy > 0.62 ? "top" : cy < 0.38 ? "bottom" : "";
    const char *h = cx > 0.62 ? "right" : cx < 0.38 ? "left" : "";
    if (!*v && !*h) snprintf(out, cap, "middle");
    else snprintf(out, cap, "%s%s%s", v, *v && *h ? " " : "", h);
}

static game_tutorial_card *add(game_tutorial *t, game_tutorial_wait wait)
{
    if (t->count >= GAME_TUTORIAL_MAX_CARDS) return NULL;
    game_tutorial_card *c = &t->cards[t->count++];
    memset(c, 0, sizeof *c);
    c->wait = wait;
    return c;
}

/* A body's name as a player reads it: "leaf-a" is a leaf (a name's last
 * "-x" part only tells like bodies apart). */
static void plain_name(const game_level *L, int b, char *out, size_t cap)
{
    const char *name = b < L->body_count && L->bodies[b].name[0] ? L->bodies[b].name : "object";
    snprintf(out, cap, "%s", name);
    char *dash = strrchr(out, '-');
    if (dash && dash != out && strlen(dash) <= 3) *dash = '\0';
}

/* "the yellow ball" (colour and name of scene body b). */
static void object_name(const game_level *L, int b, char *out, size_t cap)
{
    char name[GAME_NAME_MAX + 1];
    plain_name(L, b, name, sizeof name);
    const char *colour = b < L->body_count && L->bodies[b].has_color ? game_color_name(L->bodies[b].color) : NULL;
    if (colour && strcmp(colour, name) != 0) /* a body named "red" is "the red one", not "the red red" */
        snprintf(out, cap, "the %s %s", colour, name);
    else if (colour)
        snprintf(out, cap, "the %s one", name);
    else
        snprintf(out, cap, "the %s", name);
}

/* "the three green leaves" when every body of a goal reads the same, else
 * "the red stone and the yellow cork". */
static void goal_objects(const game_level *L, const game_goal *goal, char *out, size_t cap)
{
    static const char *const numbers[] = {"", "one", "two", "three", "four", "five", "six", "seven", "eight"};
    char first[96], one[96];
    out[0] = '\0';
    if (goal->body_count == 0) return;
    object_name(L, goal->bodies[0], first, sizeof first);
    bool alike = goal->body_count > 1 && goal->body_count < 9;
    for (int k = 1; k < goal->body_count && alike; k++) {
        object_name(L, goal->bodies[k], one, sizeof one);
        alike = strcmp(one, first) == 0;
    }
    if (alike) {
        size_t n = strlen(first);
        const char *plural = n > 0 && first[n - 1] == 'f' ? "ves" : n > 0 && (first[n - 1] == 's' || first[n - 1] == 'x') ? "es" : "s";
        if (n > 0 && first[n - 1] == 'f') first[n - 1] = '\0';
        snprintf(out, cap, "the %s %s%s", numbers[goal->body_count], first + 4, plural);
        return;
    }
    for (int k = 0; k < goal->body_count; k++) {
        object_name(L, goal->bodies[k], one, sizeof one);
        size_t w = strlen(out);
        snprintf(out + w, cap - w, "%s%s", k == 0 ? "" : k + 1 == goal->body_count ? " and " : ", ", one);
    }
}

void game_goal_sentence(const game_level *L, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (int g = 0; g < L->goal_count && n + 1 < cap; g++) {
        const game_goal *goal = &L->goals[g];
        char who[300], where[32];
        goal_objects(L, goal, who, sizeof who);
        place_name(L, goal->rect, where, sizeof where);
        int wrote = snprintf(out + n, cap - n, "%s%s into the glowing box %s the %s",
                             g == 0 ? "Bring " : g + 1 == L->goal_count ? ", and " : ", ", who,
                             strcmp(where, "middle") == 0 ? "in" : "at", where);
        if (wrote < 0) break;
        n += (size_t)wrote;
        if (n >= cap) n = cap - 1;
    }
    if (n + 1 < cap) snprintf(out + n, cap - n, ".");
}

void game_tutorial_start(game_tutorial *t, const game_level *L)
{
    memset(t, 0, sizeof *t);
    /* the goal first, then the idea */
    game_tutorial_card *c = add(t, GAME_WAIT_KEY);
    char goal[300];
    game_goal_sentence(L, goal, sizeof goal);
    snprintf(c->text, sizeof c->text,
             "%s You never touch the objects here: you move the water, and the water moves them.",
             goal);
    /* what the first goal wants, in words */
    char what[96] = "the object", where[32] = "side";
    if (L->goal_count > 0 && L->goals[0].body_count > 0) {
        object_name(L, L->goals[0].bodies[0], what, sizeof what);
        place_name(L, L->goals[0].rect, where, sizeof where);
    }
    if (L->jet_count > 0) {
        c = add(t, GAME_WAIT_JET);
        snprintf(c->text, sizeof c->text,
                 "Press %c to switch on a current. Its button at the top right lights up while it "
                 "runs; press %c again to stop it.", L->jets[0].key, L->jets[0].key);
        c = add(t, GAME_WAIT_KEY);
        snprintf(c->text, sizeof c->text,
                 "The current pushes the water along, and the water carries %s with it.", what);
    }
    if (L->paddle.present) {
        c = add(t, GAME_WAIT_PADDLE);
        const double(*tr)[2] = L->paddle.track;
        bool upright = fabs(tr[1][1] - tr[0][1]) >= fabs(tr[1][0] - tr[0][0]);
        snprintf(c->text, sizeof c->text,
                 "Drag the white paddle along its dashed track with the left mouse button, or hold "
                 "%s: as it moves, it pushes the water.", upright ? "W and S" : "A and D");
    }
    c = add(t, GAME_WAIT_GOAL);
    snprintf(c->text, sizeof c->text,
             "Bring %s into the glowing box at the %s and keep it there for a moment.", what, where);
    if (L->stir.enabled)
        snprintf(c->late, sizeof c->late,
                 "Stuck? Hold the right mouse button and move the mouse to stir the water. Then "
                 "bring %s into the glowing box.", what);
}

static bool any_jet_on(const game_sim *sim)
{
    for (int j = 0; j < game_sim_level(sim)->jet_count; j++)
        if (game_sim_jet_on(sim, j)) return true;
    return false;
}

static bool paddle_moved(const game_sim *sim)
{
    const game_level *L = game_sim_level(sim);
    if (!L->paddle.present) return false;
    double tg[2];
    game_sim_paddle_target(sim, tg);
    double s0[2] = {L->paddle.track[0][0] + L->paddle.start * (L->paddle.track[1][0] - L->paddle.track[0][0]),
                    L->paddle.track[0][1] + L->paddle.start * (L->paddle.track[1][1] - L->paddle.track[0][1])};
    return hypot(tg[0] - s0[0], tg[1] - s0[1]) > 0.05;
}

void game_tutorial_update(game_tutorial *t, const game_sim *sim, double now)
{
    t->now = now;
    if (game_sim_status(sim) == GAME_WON) t->won = true, t->current = t->count; /* no cards after a win */
    for (int guard = 0; t->current < t->count && guard < GAME_TUTORIAL_MAX_CARDS; guard++) {
        const game_tutorial_card *c = &t->cards[t->current];
        bool done = false;
        switch (c->wait) {
        case GAME_WAIT_KEY:
            done = game_sim_stirring(sim) ||
                   (t->current + 1 < t->count && t->cards[t->current + 1].wait == GAME_WAIT_JET &&
                    any_jet_on(sim));
            break;
        case GAME_WAIT_JET: done = any_jet_on(sim); break;
        case GAME_WAIT_PADDLE: done = paddle_moved(sim); break;
        case GAME_WAIT_STIR: done = game_sim_stirring(sim); break;
        case GAME_WAIT_GOAL: done = t->won; break;
        }
        if (!done) break;
        t->current++;
        t->shown_at = now;
    }
}

const char *game_tutorial_text(const game_tutorial *t)
{
    if (t->current >= t->count) return NULL;
    const game_tutorial_card *c = &t->cards[t->current];
    return c->late[0] && t->now - t->shown_at >= LATE_SECONDS ? c->late : c->text;
}

void game_tutorial_next(game_tutorial *t, double now)
{
    if (t->current >= t->count) return;
    t->current++;
    t->shown_at = t->now = now;
}

bool game_tutorial_waits_key(const game_tutorial *t)
{
    return t->current < t->count && t->cards[t->current].wait == GAME_WAIT_KEY;
}
