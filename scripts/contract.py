"""The API contract check: every service's own `/openapi.json` against the running service.

Starts the fleet as `make run` does (every service in one process, fresh SQLite files, demo data)
on free ports, signs in, and runs schemathesis over each service's document through the gateway:
requests generated from the document (valid ones and ones that break its rules), each answer
checked for a server error, a status the document does not list, a body or content type that
does not match the documented schema. Any such failure fails the check.

Usage (through scripts/check-contract.sh, which makes the virtualenv):
    check-contract.sh [--service hotel-app] [--examples 30]
Needs the fleet binary (`cargo build --bin fleet`); FLEET_BIN names another one.
"""

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
    ]
)
# Calls that end the session the run works with, or would wait on a socket.
SKIPPED = r"/api/auth/logout|/websocket$"


def fleet_binary() -> str:
    if os.environ.get("FLEET_BIN"):
        return os.environ["FLEET_BIN"]
    target = os.environ.get("CARGO_TARGET_DIR") or str(Path.home() / ".cache/tradewind/target")
    profile = os.environ.get("PROFILE", "dev")
    return str(Path(target) / ("debug" if profile == "dev" else profile) / "fleet")


def services() -> list[str]:
    registry = json.loads((REPO / "services/registry.json").read_text())
    return [s["name"] for s in registry["services"] if s["name"] != "gateway"]


def start_fleet(data: str) -> tuple[subprocess.Popen, str]:
    # The gateway's per-user limit (1,200 a minute) would answer most generated requests with
    # 429 and leave the services untested: the check lifts it.
    env = dict(
        os.environ,
        TRADEWIND_DATA_DIR=data,
        TRADEWIND_LOG="warn",
        TRADEWIND_GATEWAY__RATE_LIMITS="/api/**=1:1000000/60",
    )
    registry = json.loads((REPO / "services/registry.json").read_text())
    for s in registry["services"]:
        env[f"TRADEWIND_{s['envPrefix']}__HTTP__PORT"] = "0"
    child = subprocess.Popen(
        [fleet_binary(), "--target", "all"], env=env, stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None
    for line in child.stdout:
        m = re.match(r"^Tradewind is up: (\S+)", line)
        if m:
            # Keep draining its output so the fleet never blocks on a full pipe.
            threading.Thread(target=lambda: [None for _ in child.stdout], daemon=True).start()
            return child, m.group(1).rstrip("/")
    raise SystemExit(f"contract: the fleet exited ({child.wait()}) before it was up")


def login(url: str, username: str, password: str) -> str:
    body = json.dumps({"username": username, "password": password}).encode()
    req = urllib.request.Request(
        f"{url}/api/auth-center/api/auth/login",
        data=body,
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)["token"]


def run(url: str, service: str, token: str, examples: int, only: str | None, report: Path) -> bool:
    # schemathesis keeps a cache (.schemathesis/) in its working directory: the run's, not the clone.
    st = Path(sys.executable).parent / "schemathesis"
    args = [
        str(st),
        "run",
        f"{url}/api/{service}/openapi.json",
        "--header",
        f"Authorization: Bearer {token}",
        "--checks",
        CHECKS,
        "--max-examples",
        str(examples),
        "--seed",
        "20261125",
        "--workers",
        "1",
        "--request-timeout",
        "30",
        "--exclude-path-regex",
        SKIPPED,
        "--report",
        "junit",
        "--report-junit-path",
        str(report / f"{service}.xml"),
        "--no-color",
    ]
    if only:
        args += ["--include-path-regex", only]
    print(f"contract: {service}", flush=True)
    return subprocess.run(args, cwd=report.parent).returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--service", action="append", help="only these services")
    parser.add_argument("--path", help="only the operations whose path matches this regex")
    parser.add_argument("--examples", type=int, default=int(os.environ.get("CONTRACT_EXAMPLES", "20")))
    opts = parser.parse_args()

    data = tempfile.mkdtemp(prefix="tradewind-contract-")
    report = Path(os.environ.get("CONTRACT_REPORT_DIR", Path(data) / "reports"))
    report.mkdir(parents=True, exist_ok=True)
    child, url = start_fleet(data)
    failed = []
    try:
        # The tenant's administrator holds every code of the tenant scope; the platform
        # administrator the platform's own (`/saas/platform/**`, `/internal/**`).
        tenant = login(url, "demo", "demo123")
        platform = login(url, "admin", "admin123")
        for service in opts.service or services():
            tenant_ok = run(url, service, tenant, opts.examples, opts.path, report / "tenant")
            only = opts.path or r"^/(saas/platform|internal)/"
            platform_ok = run(url, service, platform, opts.examples, only, report / "platform")
            if not (tenant_ok and platform_ok):
                failed.append(service)
    finally:
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=60)
        if not os.environ.get("CONTRACT_KEEP"):
            shutil.rmtree(data, ignore_errors=True)
    if failed:
        print(f"contract: failed for {', '.join(failed)}", file=sys.stderr)
        return 1
    print("contract: every service answers as its document says")
    return 0


if __name__ == "__main__":
    sys.exit(main())
