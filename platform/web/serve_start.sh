# SPDX-FileCopyrightText: 2026 The eddy authors
# SPDX-License-Identifier: MIT
# serve_start.sh - sourced by the web checks (check_page.sh, check_game.sh,
# bench_ratio.sh): serve_start DIR SECONDS LOG starts the loopback static
# server (serve.js, beside this file) on DIR for at most SECONDS, sets
# $server (its process) and $port, and stops it when the script ends.
# Fails (1, with a line on stderr) when the server has not said its port
# within five seconds.
serve_start() {
    # the log goes first: the background job truncates it only when it runs,
    # and a port left in it by the last run would be read meanwhile
    rm -f "$3"
    node "$(dirname "$0")/serve.js" "$1" "$2" >"$3" &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT INT TERM
    port=
    for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
        port=$(awk '/^port /{print $2}' "$3" 2>/dev/null || true)
        [ -n "$port" ] && return 0
        sleep 0.25
    done
    echo "$(basename "$0"): the loopback server did not start (see $3)" >&2
    return 1
}
