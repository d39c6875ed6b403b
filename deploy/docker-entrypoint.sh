#!/usr/bin/env bash
# Entrypoint of the Tradewind image: the first argument names the program to run.
#
#   IMAGE hotel-app            runs the hotel-app service
#   IMAGE hotel-app migrate    applies hotel-app's database migrations and exits
#   IMAGE fleet                runs every service in one process (the image's default)
#   IMAGE bash                 any other program on PATH, for debugging
#
# The service runs as PID 1 through exec, so it receives SIGTERM directly and shuts down
# gracefully when the container is stopped.
set -euo pipefail

services=(fleet gateway auth-center saas-main hotel-app ticket-app weixin-server mall-app
    message-server finance-app)

usage() {
    cat <<USAGE
usage: <service> [arguments...]

services: ${services[*]}
  <service>            run the service (configured by TRADEWIND_* environment variables)
  <service> migrate    apply the service's database migrations, then exit
USAGE
}

if [ $# -eq 0 ]; then
    usage >&2
    exit 64
fi

case $1 in
    -h | --help | help)
        usage
        exit 0
        ;;
esac

for service in "${services[@]}"; do
    if [ "$1" = "$service" ]; then
        exec "$@"
    fi
done

if command -v "$1" >/dev/null 2>&1; then
    exec "$@"
fi

echo "tradewind: unknown service or program: $1" >&2
usage >&2
exit 64
