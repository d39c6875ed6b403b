"""Shared facts and fixtures of the production-shape checks (see scripts/check-deploy.sh).

The checks need no Docker engine, no cluster and no helm binary: hadolint and shellcheck come
from PyPI wheels, the chart is rendered with helm-python-sdk (Helm's Go SDK), and the manifests
are validated offline against the Kubernetes schemas shipped by kubernetes-validate.
"""

from __future__ import annotations

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

# The fleet: service name -> (values key, environment prefix, port, database name or None).
SERVICES: dict[str, tuple[str, str, int, str | None]] = {
    "gateway": ("gateway", "GATEWAY", 8080, None),
    "auth-center": ("authCenter", "AUTH_CENTER", 8081, "auth_center"),
    "saas-main": ("saasMain", "SAAS_MAIN", 8082, "saas_main"),
    "hotel-app": ("hotelApp", "HOTEL_APP", 8083, "hotel_app"),
    "ticket-app": ("ticketApp", "TICKET_APP", 8084, "ticket_app"),
    "weixin-server": ("weixinServer", "WEIXIN_SERVER", 8085, "weixin_server"),
    "mall-app": ("mallApp", "MALL_APP", 8086, "mall_app"),
    "message-server": ("messageServer", "MESSAGE_SERVER", 8087, "message_server"),
    "finance-app": ("financeApp", "FINANCE_APP", 8088, "finance_app"),
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
