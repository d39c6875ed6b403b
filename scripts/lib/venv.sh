#!/usr/bin/env bash
# Sourced by the scripts that run Python tools (check-deploy.sh, check-contract.sh).
# `ensure_venv DIR REQUIREMENTS` makes a virtualenv at DIR on the first run and installs
# REQUIREMENTS into it, again only when that file changed since the last successful install.
# Needs python3 3.11 or newer (PYTHON=... names another interpreter) and access to PyPI.

ensure_venv() {
    local venv=$1 requirements=$2 python=${PYTHON:-python3}
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
        echo "$python is older than Python 3.11" >&2
        return 2
    fi
    if [ ! -x "$venv/bin/python" ]; then
        echo "creating $venv" >&2
        mkdir -p "$(dirname "$venv")"
        rm -rf "$venv"
        if ! "$python" -m venv "$venv" 2>/dev/null; then
            # Debian's python3 without the python3-venv package has no ensurepip: make the venv
            # without pip, then let the system's pip install pip into it.
            rm -rf "$venv"
            "$python" -m venv --without-pip "$venv"
            "$python" -m pip --python "$venv/bin/python" install --quiet --disable-pip-version-check pip
        fi
    fi
    local stamp wanted
    stamp=$venv/.requirements.sha256
    wanted=$("$venv/bin/python" -c 'import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], "rb").read()).hexdigest())' "$requirements")
    if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$wanted" ]; then
        echo "installing $(basename "$requirements") into $venv" >&2
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
        echo "$wanted" >"$stamp"
    fi
}
