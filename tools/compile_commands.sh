#!/bin/sh
# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
#
# compile_commands.sh DIR < DRY_RUN - turns the commands `make -n -B` prints
# into a JSON compilation database (compile_commands.json, for clangd and
# other editors): one entry per C or C++ source a command compiles, with
# the command exactly as the Makefile runs it from DIR. Run by
# `make compile_commands.json`; nothing is built.
set -eu
dir=$1
awk -v dir="$dir" '
    function json(s) {
        gsub(/\\/, "\\\\", s)
        gsub(/"/, "\\\"", s)
        gsub(/\t/, " ", s)
        return "\"" s "\""
    }
    # a recipe line continued with a backslash is one command
    /\\$/ { line = line substr($0, 1, length($0) - 1) " "; next }
    {
        line = line $0
        cmd = line
        line = ""
        n = split(cmd, w, /[ \t]+/)
        first = 1
        while (first <= n && w[first] == "") first++
        if (first > n || w[first] !~ /(^|\/)(cc|c\+\+|g\+\+|gcc|clang|clang\+\+)(-[0-9.]+)?$/)
            next
        for (i = first + 1; i <= n; i++) {
            if (w[i] !~ /\.(c|cpp)$/) continue
            if (count++) printf ",\n"
            printf "  {\"directory\": %s, \"file\": %s, \"command\": %s}", json(dir), json(w[i]), json(cmd)
        }
    }
    BEGIN { printf "[\n" }
    END { printf "\n]\n" }
'
