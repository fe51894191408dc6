// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * kit_font.h - finding the font files eddy-game and eddy-paint draw their
 * text with: the DejaVu family (fonts-dejavu-core), or what EDDY_FONT names.
 *
 *   EDDY_FONT=/path/Font.ttf    that file for the regular face; the other
 *                               faces (bold, mono) from its folder if there
 *   EDDY_FONT=/path/folder      the faces from that folder
 *
 * then the usual system folders, then Liberation Sans or FreeSans for the
 * regular face. The older names EDDY_GAME_FONT (a file) and
 * EDDY_PAINT_FONT_DIR (a folder) are still read, after EDDY_FONT.
 */
#ifndef KIT_FONT_H
#define KIT_FONT_H

#include <stdbool.h>
#include <stddef.h>

#define KIT_FONT_ENV "EDDY_FONT"

#define KIT_FONT_REGULAR "DejaVuSans.ttf"
#define KIT_FONT_BOLD "DejaVuSans-Bold.ttf"
#define KIT_FONT_MONO "DejaVuSansMono.ttf"

/* The index-th readable file for face (one of the names above), index 0 the
 * preferred; false (out "") when there are no more. */
bool kit_font_candidate(const char *face, int index, char *out, size_t cap);

/* What to tell a user without fonts. */
#define KIT_FONT_HELP "install fonts-dejavu-core, or set EDDY_FONT to a .ttf file or a folder"

#endif /* KIT_FONT_H */
