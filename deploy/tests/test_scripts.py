"""The shell scripts: shellcheck, and behaviour of the image's entrypoint and healthcheck and of
the cargo skeleton the Dockerfile builds dependencies from."""

from __future__ import annotations

import http.server
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

from conftest import BACKENDS, BINARIES, DEPLOY, REPO, SERVICES, tool

SCRIPTS = [
    DEPLOY / "docker-entrypoint.sh",
    DEPLOY / "healthcheck.sh",
    DEPLOY / "cargo-skeleton.sh",
    DEPLOY / "postgres" / "init-databases.sh",
    REPO / "scripts" / "check-deploy.sh",
    REPO / "scripts" / "check-contract.sh",
    REPO / "scripts" / "prod-shape.sh",
    REPO / "scripts" / "lib" / "venv.sh",
]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(REPO)))
def test_shellcheck(script: Path):
    # -x from the repository's root: the scripts' `# shellcheck source=scripts/...` are followed.
    result = subprocess.run(
        [tool("shellcheck"), "-x", str(script)], capture_output=True, text=True, cwd=REPO
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: str(p.relative_to(REPO)))
def test_scripts_are_executable(script: Path):
    assert os.access(script, os.X_OK), f"chmod +x {script.relative_to(REPO)}"


# --- entrypoint ---------------------------------------------------------------------------------


@pytest.fixture()
def fake_bin(tmp_path: Path) -> Path:
    """A PATH directory where every binary of the image prints its name and arguments."""
    for binary in BINARIES:
        script = tmp_path / binary
        script.write_text(f'#!/bin/sh\necho "{binary} $*"\n')
        script.chmod(0o755)
    return tmp_path


def entrypoint(fake_bin: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{fake_bin}:{os.environ['PATH']}"}
    return subprocess.run(
        ["bash", str(DEPLOY / "docker-entrypoint.sh"), *args], capture_output=True, text=True, env=env
    )


@pytest.mark.parametrize("service", BINARIES)
def test_entrypoint_runs_the_named_service(fake_bin: Path, service: str):
    assert entrypoint(fake_bin, service).stdout.strip() == service
    migrated = entrypoint(fake_bin, service, "migrate")
    assert migrated.returncode == 0 and migrated.stdout.strip() == f"{service} migrate"


def test_entrypoint_usage(fake_bin: Path):
    empty = entrypoint(fake_bin)
    assert empty.returncode == 64 and "hotel-app" in empty.stderr
    unknown = entrypoint(fake_bin, "no-such-service")
    assert unknown.returncode == 64 and "unknown" in unknown.stderr
    helped = entrypoint(fake_bin, "--help")
    assert helped.returncode == 0 and all(binary in helped.stdout for binary in BINARIES)


# --- healthcheck --------------------------------------------------------------------------------


def serve(status: int) -> http.server.HTTPServer:
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (http.server's naming)
            code = status if self.path == "/actuator/health" else 404
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"status":"UP"}' if code == 200 else b'{"status":"DOWN"}')

        def log_message(self, *args):
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def healthcheck(port: int) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", str(DEPLOY / "healthcheck.sh"), str(port)], capture_output=True, text=True, timeout=20
    )


@pytest.mark.parametrize(("status", "healthy"), [(200, True), (503, False)])
def test_healthcheck_follows_the_status(status: int, healthy: bool):
    server = serve(status)
    try:
        assert (healthcheck(server.server_port).returncode == 0) is healthy
    finally:
        server.shutdown()
        server.server_close()


def test_healthcheck_fails_when_nothing_listens():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free_port = probe.getsockname()[1]
    assert healthcheck(free_port).returncode != 0


# --- cargo skeleton -----------------------------------------------------------------------------


def skeleton(src: Path, dest: Path) -> None:
    subprocess.run(["bash", str(DEPLOY / "cargo-skeleton.sh"), str(src), str(dest)], check=True)


def test_skeleton_of_the_workspace(tmp_path: Path):
    dest = tmp_path / "skeleton"
    skeleton(REPO, dest)
    assert (dest / "Cargo.toml").read_text() == (REPO / "Cargo.toml").read_text()
    assert (dest / "Cargo.lock").exists()
    manifests = [
        p.relative_to(REPO)
        for p in REPO.rglob("Cargo.toml")
        if not {"target", "node_modules", ".git"} & set(p.relative_to(REPO).parts)
        and p.relative_to(REPO).parts[0] != "frontend"
    ]
    for manifest in manifests:
        assert (dest / manifest).read_text() == (REPO / manifest).read_text()
    for service in [*SERVICES, "fleet"]:
        main = dest / "services" / service / "src" / "main.rs"
        assert main.read_text().strip() == "fn main() {}", main
    # Nothing but manifests and stubs: the skeleton must not change when a source does.
    for path in dest.rglob("*.rs"):
        assert path.read_text().strip() in ("", "fn main() {}"), path


def test_skeleton_stubs_every_kind_of_target(tmp_path: Path):
    src = tmp_path / "src"
    crate = src / "crates" / "demo"
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["crates/demo"]\n',
        "Cargo.lock": "# lock\n",
        "crates/demo/Cargo.toml": '[package]\nname = "demo"\n\n[[bench]]\nname = "speed"\nharness = false\n\n[[bin]]\nname = "tool"\npath = "tools/tool.rs"\n',
        "crates/demo/build.rs": "fn main() { println!(\"x\"); }\n",
        "crates/demo/src/lib.rs": "pub fn real() {}\n",
        "crates/demo/src/main.rs": "fn main() { demo::real(); }\n",
        "crates/demo/src/bin/extra.rs": "fn main() {}\n",
        "crates/demo/src/bin/multi/main.rs": "fn main() {}\n",
        "crates/demo/tests/api.rs": "#[test] fn t() {}\n",
        "crates/demo/tests/common/mod.rs": "pub fn helper() {}\n",
        "crates/demo/benches/speed.rs": "fn main() {}\n",
        "crates/demo/tools/tool.rs": "fn main() {}\n",
    }
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    dest = tmp_path / "dest"
    skeleton(src, dest)
    demo = dest / "crates" / "demo"
    assert (demo / "src" / "lib.rs").read_text() == ""
    for stub in ["build.rs", "src/main.rs", "src/bin/extra.rs", "src/bin/multi/main.rs",
                 "tests/api.rs", "benches/speed.rs", "tools/tool.rs"]:
        assert (demo / stub).read_text().strip() == "fn main() {}", stub
    # Modules that are not targets are left out.
    assert not (demo / "tests" / "common").exists()
    assert crate.exists()


# --- databases ----------------------------------------------------------------------------------


def test_init_script_names_every_database():
    text = (DEPLOY / "postgres" / "init-databases.sh").read_text()
    for service in BACKENDS:
        assert SERVICES[service][3] in text, service


def postgres_bindir() -> Path | None:
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "initdb").exists():
            return candidate
    found = shutil.which("initdb")
    return Path(found).parent if found else None


def test_init_script_against_a_throwaway_postgres():
    """Runs init-databases.sh as the postgres image would, on a scratch cluster (Unix socket only):
    each service's role owns its database and cannot connect to another's."""
    bindir = postgres_bindir()
    if bindir is None:
        pytest.skip("no PostgreSQL server binaries (initdb) on this machine")
    as_postgres: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        if shutil.which("runuser") is None or subprocess.run(["id", "postgres"], capture_output=True).returncode:
            pytest.skip("running as root without a postgres user to run initdb as")
        as_postgres = ["runuser", "-u", "postgres", "--"]
    work = Path(tempfile.mkdtemp(prefix="tradewind-initdb-"))
    try:
        if as_postgres:
            shutil.chown(work, user="postgres")
        data = work / "data"

        def run(*command: str, env: dict | None = None) -> subprocess.CompletedProcess:
            return subprocess.run([*as_postgres, *command], capture_output=True, text=True,
                                  env={**os.environ, **(env or {})}, timeout=120)

        assert run(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust").returncode == 0
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = str(probe.getsockname()[1])
        started = run(str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l", str(work / "log"),
                      "-o", f"-p {port} -k {work} -c listen_addresses=''", "start")
        assert started.returncode == 0, started.stderr
        try:
            pg = {"PGHOST": str(work), "PGPORT": port}
            init = run("bash", str(DEPLOY / "postgres" / "init-databases.sh"),
                       env={**pg, "POSTGRES_USER": "postgres", "TRADEWIND_DB_PASSWORD": "pw"})
            assert init.returncode == 0, init.stdout + init.stderr
            owners = run(str(bindir / "psql"), "-U", "postgres", "-d", "postgres", "-Atc",
                         "select datname || '=' || pg_get_userbyid(datdba) from pg_database", env=pg)
            expected = {f"{SERVICES[s][3]}={SERVICES[s][3]}" for s in BACKENDS}
            assert expected <= set(owners.stdout.split()), owners.stdout + owners.stderr
            own = run(str(bindir / "psql"), "-U", "hotel_app", "-d", "hotel_app", "-c",
                      "CREATE TABLE probe (id BIGINT)", env=pg)
            assert own.returncode == 0, own.stderr
            other = run(str(bindir / "psql"), "-U", "hotel_app", "-d", "finance_app", "-c", "SELECT 1", env=pg)
            assert other.returncode != 0 and "CONNECT" in other.stderr
        finally:
            run(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
    finally:
        shutil.rmtree(work, ignore_errors=True)
