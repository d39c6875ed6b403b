"""deploy/pod-env.json: the environment the chart gives each service's container, as rendered
with the default values and the demo data on. The production-shape test
(services/fleet/tests/prod_shape.rs) starts every binary with exactly this environment, changing
only what names this machine instead of the cluster (addresses, ports, secrets' values): this
test keeps the file equal to the chart, so the two cannot drift.

After a change to the chart's environment: `UPDATE_POD_ENV=1 scripts/check-deploy.sh -k pod_env`
rewrites the file; review its diff."""

from __future__ import annotations

import json
import os

from conftest import DEPLOY, RELEASE, SERVICES
from test_helm_chart import container_of, of_kind, render

POD_ENV = DEPLOY / "pod-env.json"


def rendered() -> dict:
    manifests = render({"demoData": {"enabled": True}})
    deployments = of_kind(manifests, "Deployment")
    services = {}
    for service in SERVICES:
        env = {}
        for item in container_of(deployments[f"{RELEASE}-{service}"]).get("env", []):
            if "value" in item:
                env[item["name"]] = item["value"]
            else:
                ref = item["valueFrom"]["secretKeyRef"]
                env[item["name"]] = f"<secret {ref['name']}/{ref['key']}>"
        services[service] = env
    return {
        "//": "Rendered from helm/tradewind with demoData.enabled=true by deploy/tests/test_pod_env.py; do not edit by hand.",
        "release": RELEASE,
        "services": services,
    }


def test_pod_env_is_the_charts():
    wanted = rendered()
    text = json.dumps(wanted, indent=2, sort_keys=True) + "\n"
    if os.environ.get("UPDATE_POD_ENV"):
        POD_ENV.write_text(text)
    assert POD_ENV.exists(), "run: UPDATE_POD_ENV=1 scripts/check-deploy.sh -k pod_env"
    assert json.loads(POD_ENV.read_text()) == wanted, (
        "deploy/pod-env.json differs from the chart: UPDATE_POD_ENV=1 scripts/check-deploy.sh -k pod_env"
    )
