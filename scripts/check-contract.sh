#!/usr/bin/env bash
# The API contract check (scripts/contract.py): every service's OpenAPI document against the
# running fleet with schemathesis: no server error, no undocumented status, no answer that does
# not match its schema.
#
# Usage: scripts/check-contract.sh [--service NAME]... [--path REGEX] [--examples N]
#
# schemathesis lives in a virtualenv under ${TRADEWIND_CACHE:-~/.cache/tradewind}/venv-contract,
# made on the first run and refreshed whenever scripts/requirements-contract.txt changes.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${TRADEWIND_CACHE:-${HOME:-/tmp}/.cache/tradewind}
venv=$cache/venv-contract

# shellcheck source=scripts/lib/venv.sh
source "$repo/scripts/lib/venv.sh"
ensure_venv "$venv" "$repo/scripts/requirements-contract.txt"

export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" "$repo/scripts/contract.py" "$@"
