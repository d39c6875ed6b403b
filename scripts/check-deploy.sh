#!/usr/bin/env bash
# Checks the production shape without Docker, a Kubernetes cluster or a helm binary: lints
# deploy/Dockerfile (hadolint) and the shell scripts (shellcheck), validates
# deploy/docker-compose.yml against the compose specification, and lints, renders and validates
# the Helm chart helm/tradewind against the Kubernetes schemas (deploy/tests/).
#
# Usage: scripts/check-deploy.sh [pytest arguments...]     e.g. -k helm, -x, -q
#
# The tools live in a virtualenv under ${TRADEWIND_CACHE:-~/.cache/tradewind}/venv, made on the
# first run and refreshed whenever deploy/requirements-check.txt changes. Needs python3 3.11 or
# newer (Debian 12 and later; PYTHON=... names another interpreter) and access to PyPI.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache=${TRADEWIND_CACHE:-${HOME:-/tmp}/.cache/tradewind}
venv=$cache/venv
requirements=$repo/deploy/requirements-check.txt
python=${PYTHON:-python3}

if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "check-deploy: $python is older than Python 3.11 (check-jsonschema needs 3.11)" >&2
    exit 2
fi

if [ ! -x "$venv/bin/python" ]; then
    echo "check-deploy: creating $venv" >&2
    mkdir -p "$cache"
    rm -rf "$venv"
    if ! "$python" -m venv "$venv" 2>/dev/null; then
        # Debian's python3 without the python3-venv package has no ensurepip: make the venv
        # without pip, then let the system's pip install pip into it.
        rm -rf "$venv"
        "$python" -m venv --without-pip "$venv"
        "$python" -m pip --python "$venv/bin/python" install --quiet --disable-pip-version-check pip
    fi
fi

# Reinstall only when the requirements changed since the last successful install.
stamp=$venv/.requirements-check.sha256
wanted=$("$venv/bin/python" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$requirements")
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
    echo "check-deploy: installing $(basename "$requirements")" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    echo "$wanted" >"$stamp"
fi

# No __pycache__ in the work tree.
export PYTHONDONTWRITEBYTECODE=1
exec "$venv/bin/python" -m pytest "$repo/deploy/tests" "$@"
