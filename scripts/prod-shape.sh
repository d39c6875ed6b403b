#!/usr/bin/env bash
# The production shape under faults (services/fleet/tests/prod_shape.rs): every service binary
# its own processes, replicas, PostgreSQL per service, RabbitMQ on a vhost of its own behind a
# relay the test cuts, the gateway in front, the Helm chart's environment (deploy/pod-env.json).
# Needs PostgreSQL and RabbitMQ (scripts/ensure-infra.sh starts them) and rabbitmqctl.
#
# Usage: scripts/prod-shape.sh        PROD_SHAPE_KEEP=1 keeps every process's log.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$repo"
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/tradewind/target}
export TRADEWIND_TEST_POSTGRES_URL=${TRADEWIND_TEST_POSTGRES_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}

# A failure's message is what matters here, and a backtrace of the test's async frames buries it
# (CI keeps an excerpt of the log: with a backtrace, the message fell outside it).
export RUST_BACKTRACE=0

# The test starts the service binaries themselves, as the image does: build them all first.
cargo build --bins --locked
if cargo nextest --version >/dev/null 2>&1; then
    exec cargo nextest run -p fleet --locked --run-ignored only --no-capture -E 'test(the_production_shape)'
fi
exec cargo test -p fleet --locked --test prod_shape -- --ignored --nocapture
