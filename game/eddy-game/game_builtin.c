// SPDX-FileCopyrightText: 2026 The eddy authors
// SPDX-License-Identifier: MIT
/*
 * game_builtin.c - a level compiled into the program. It needs no painted
 * mode, so its asset (box eigenmodes only) is built in well under a second
 * when the game is started without its data (from another directory, or
 * before `make assets`).
 */
#include "game_level.h"

const char game_builtin_level[] =
    "{\n"
    "  \"title\": \"Practice tank\",\n"
    "  \"hint\": \"Drag the white paddle up and down (or W/S) and stir with the right mouse "
    "button: float the orange ball into the glowing corner.\",\n"
    "  \"asset\": { \"domain\": [12, 7.5], \"grid\": [64, 40], \"modes\": 73 },\n"
    "  \"par\": 25,\n"
    "  \"fluid\": { \"density\": 1000, \"viscosity\": 0.002 },\n"
    "  \"buoyancy\": true,\n"
    "  \"damping\": 0.15,\n"
    "  \"init_modes\": [ { \"mode\": 0, \"amp\": 1.5 } ],\n"
    "  \"bodies\": [\n"
    "    { \"name\": \"ball\", \"shape\": \"circle\", \"radius\": 0.4, \"x\": 3, \"y\": 2,\n"
    "      \"density\": 750, \"color\": \"#ff9f43\" },\n"
    "    { \"shape\": \"box\", \"hw\": 0.35, \"hh\": 0.35, \"x\": 6, \"y\": 1, \"density\": 1200 },\n"
    "    { \"shape\": \"box\", \"hw\": 1.2, \"hh\": 0.15, \"x\": 8, \"y\": 4.6, \"type\": \"static\" }\n"
    "  ],\n"
    "  \"paddle\": { \"shape\": \"box\", \"hw\": 0.15, \"hh\": 0.9, \"x\": 1.2, \"y\": 3.75,\n"
    "              \"track\": [[1.2, 1.3], [1.2, 6.2]], \"speed\": 5 },\n"
    "  \"goals\": [ { \"rect\": [9.6, 5.0, 12, 7.5], \"bodies\": [\"ball\"], \"label\": \"home\" } ]\n"
    "}\n";
