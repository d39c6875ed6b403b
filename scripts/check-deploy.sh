#!/usr/bin/env bash
# Checks the production shape without Docker, a Kubernetes cluster or a helm binary: lints
# deploy/Dockerfile (hadolint) and the shell scripts (shellcheck), validates
# deploy/docker-compose.yml against the compose specification, and lints, renders and validates
# the Helm chart helm/tradewind against the Kubernetes schemas (deploy/tests/).
#
# Usage: scripts/check-deploy.sh [pytest arguments...]     e.g. -k helm, -x, -q
#
# The tools live in a virtualenv under ${TRADEWIND_CACHE:-~/.cache/tradewind}/venv-deploy, made on the
# first run and refreshed whenever deploy/requirements-check.txt changes. Needs python3 3.11 or
# newer (Debian 12 and later; PYTHON=... names another interpreter) and access to PyPI.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${TRADEWIND_CACHE:-${HOME:-/tmp}/.cache/tradewind}
venv=$cache/venv-deploy
requirements=$repo/deploy/requirements-check.txt

# shellcheck source=scripts/lib/venv.sh
source "$repo/scripts/lib/venv.sh"
ensure_venv "$venv" "$requirements"

# No __pycache__ in the work tree.
export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" -m pytest "$repo/deploy/tests" "$@"
