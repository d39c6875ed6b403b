"""Shared facts and fixtures of the production-shape checks (see scripts/check-deploy.sh).

The checks need no Docker engine, no cluster and no helm binary: hadolint and shellcheck come
from PyPI wheels, the chart is rendered with helm-python-sdk (Helm's Go SDK), and the manifests
are validated offline against the Kubernetes schemas shipped by kubernetes-validate.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
CHART = REPO / "helm" / "tradewind"
PRODUCTION_VALUES = CHART / "values-production.example.yaml"
RELEASE = "tradewind"
NAMESPACE = "tradewind"

# The fleet, from the one registry: service name -> (values key, environment prefix, port,
# database name or None).
REGISTRY = json.loads((REPO / "services" / "registry.json").read_text())["services"]
SERVICES: dict[str, tuple[str, str, int, str | None]] = {
    s["name"]: (s["valuesKey"], s["envPrefix"], s["port"], s["database"]) for s in REGISTRY
}
BACKENDS = [name for name, spec in SERVICES.items() if spec[3] is not None]
BINARIES = ["fleet", *SERVICES]


def tool(name: str) -> str:
    """Path of a command installed into the running virtualenv (or else on PATH)."""
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: run scripts/check-deploy.sh")
    return found


def load_yaml(path: Path):
    return yaml.safe_load(path.read_text())
