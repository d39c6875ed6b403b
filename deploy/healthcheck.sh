#!/usr/bin/env bash
# Container healthcheck without curl in the image: exits 0 when GET http://127.0.0.1:PORT/PATH
# answers 200, non-zero otherwise (503 from /actuator/health, refused connection, timeout).
#
# Usage: tradewind-healthcheck PORT [PATH]     (PATH defaults to /actuator/health)
set -euo pipefail

port=${1:?usage: tradewind-healthcheck PORT [PATH]}
path=${2:-/actuator/health}

# bash's /dev/tcp: HTTP/1.0 so the server closes the connection after its answer.
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$path" "$port" >&3
status=""
IFS= read -r -t 5 status <&3 || true
exec 3<&-
status=${status%$'\r'}

case $status in
    "HTTP/1."?" 200 "*) exit 0 ;;
esac
echo "unhealthy: GET $path on port $port answered: ${status:-nothing}" >&2
exit 1
