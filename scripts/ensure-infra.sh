#!/usr/bin/env bash
# Makes sure PostgreSQL and RabbitMQ answer on localhost for the tests (and Chromium is there for
# the browser tests): starts them when they are
# installed but stopped, installs them with apt-get when missing (as root), and otherwise stops
# with a message saying what to do.
#
# PostgreSQL started or installed here gets the password "postgres" for the postgres user, which
# matches the default TRADEWIND_TEST_POSTGRES_URL (a trust-auth server ignores it).
set -euo pipefail

log() { printf '[infra] %s\n' "$*"; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_port() {
  local port=$1 what=$2 tries=${3:-60}
  for _ in $(seq "$tries"); do
    port_open "$port" && return 0
    sleep 1
  done
  log "$what did not open port $port in ${tries}s"
  return 1
}

is_root() { [ "$(id -u)" -eq 0 ]; }

apt_install() {
  if ! is_root; then
    log "missing: $* — install it (sudo apt-get install -y $*) or run as root"
    exit 1
  fi
  log "installing $* with apt-get"
  if [ -z "${TRADEWIND_APT_UPDATED:-}" ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    export TRADEWIND_APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_postgres() {
  if port_open 5432; then
    log "PostgreSQL answers on 5432"
    return
  fi
  if ! command -v pg_ctlcluster >/dev/null 2>&1; then
    apt_install postgresql
  fi
  local version
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  if [ -z "$version" ]; then
    log "PostgreSQL is installed but has no cluster; creating one"
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    pg_createcluster "$version" main >/dev/null
  fi
  log "starting PostgreSQL $version"
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || pg_ctlcluster "$version" main start
  wait_port 5432 PostgreSQL 60
  if is_root; then
    su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'postgres'\"" >/dev/null
  fi
}

ensure_rabbitmq() {
  if port_open 5672; then
    log "RabbitMQ answers on 5672"
    return
  fi
  if ! command -v rabbitmq-server >/dev/null 2>&1; then
    apt_install rabbitmq-server
  fi
  if port_open 5672; then
    log "RabbitMQ answers on 5672"
    return
  fi
  log "starting RabbitMQ"
  rabbitmq-server -detached >/dev/null 2>&1 || true
  wait_port 5672 RabbitMQ 90
}

# The browser tests drive Debian's Chromium (playwright-core cannot download browsers here);
# CJK fonts so Chinese pages render in screenshots.
ensure_chromium() {
  if command -v chromium >/dev/null 2>&1; then
    return 0
  fi
  apt_install chromium fonts-noto-cjk
}

case "${1:-all}" in
  postgres) ensure_postgres ;;
  rabbitmq) ensure_rabbitmq ;;
  chromium) ensure_chromium ;;
  all) ensure_postgres; ensure_rabbitmq; ensure_chromium ;;
  *) echo "usage: $0 [all|postgres|rabbitmq|chromium]" >&2; exit 2 ;;
esac
