"""deploy/docker-compose.yml and the files it mounts: the compose specification's JSON schema
(vendored by check-jsonschema), references between services, and the facts of the stack."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from conftest import BACKENDS, DEPLOY, REPO, SERVICES, load_yaml, tool

COMPOSE = DEPLOY / "docker-compose.yml"


@pytest.fixture(scope="module")
def compose() -> dict:
    return load_yaml(COMPOSE)


def check_compose_schema(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(path)],
        capture_output=True,
        text=True,
    )


def test_matches_the_compose_specification():
    result = check_compose_schema(COMPOSE)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_schema_check_catches_mistakes(tmp_path: Path, compose: dict):
    broken = dict(compose)
    broken["services"] = dict(compose["services"])
    broken["services"]["gateway"] = {**compose["services"]["gateway"], "port": ["8080:8080"]}
    path = tmp_path / "docker-compose.yml"
    path.write_text(yaml.safe_dump(broken))
    assert check_compose_schema(path).returncode != 0


def test_references_resolve(compose: dict):
    services = compose["services"]
    for name, service in services.items():
        for dependency in service.get("depends_on", {}):
            assert dependency in services, f"{name} depends on unknown {dependency}"
        for volume in service.get("volumes", []):
            source = volume.split(":")[0]
            if source.startswith("."):
                assert (DEPLOY / source).exists(), f"{name} mounts missing {source}"
            else:
                assert source in compose.get("volumes", {}), f"{name} uses undeclared {source}"
        if "build" in service:
            context = (DEPLOY / service["build"]["context"]).resolve()
            assert context == REPO
            assert (context / service["build"]["dockerfile"]).exists()


def test_infrastructure(compose: dict):
    services = compose["services"]
    assert services["postgres"]["image"] == "postgres:15"
    assert any("init-databases.sh:/docker-entrypoint-initdb.d/" in v for v in services["postgres"]["volumes"])
    assert services["rabbitmq"]["image"] == "rabbitmq:3-management"
    assert any(p.endswith("15672:15672") for p in services["rabbitmq"]["ports"])
    assert any(p.endswith("16686:16686") for p in services["jaeger"]["ports"])
    collector_ports = services["otel-collector"]["ports"]
    assert any(p.endswith("4317:4317") for p in collector_ports)
    assert any(p.endswith("4318:4318") for p in collector_ports)
    assert any("prometheus.yml" in v for v in services["prometheus"]["volumes"])
    for name in ("postgres", "rabbitmq"):
        assert services[name]["healthcheck"]["test"], name


@pytest.mark.parametrize("service", list(SERVICES))
def test_each_service_runs_from_the_one_image(compose: dict, service: str):
    definition = compose["services"][service]
    assert definition["command"] == [service]
    assert definition["image"] == "${TRADEWIND_IMAGE:-tradewind:local}"
    assert definition["build"]["dockerfile"] == "deploy/Dockerfile"
    port = SERVICES[service][2]
    assert definition["healthcheck"]["test"] == ["CMD", "tradewind-healthcheck", str(port)]
    env = definition["environment"]
    assert env["TRADEWIND_LOG_FORMAT"] == "json"
    assert env["OTEL_EXPORTER_OTLP_ENDPOINT"] == "http://otel-collector:4318"
    assert env["TRADEWIND_AMQP_URL"].startswith("amqp://") and "@rabbitmq:5672/" in env["TRADEWIND_AMQP_URL"]


@pytest.mark.parametrize("service", BACKENDS)
def test_each_service_migrates_its_own_database_first(compose: dict, service: str):
    services = compose["services"]
    _, env_prefix, _, database = SERVICES[service]
    migrate = services[f"{service}-migrate"]
    assert migrate["command"] == [service, "migrate"]
    assert migrate["depends_on"]["postgres"]["condition"] == "service_healthy"
    url = services[service]["environment"][f"TRADEWIND_{env_prefix}__DATABASE__URL"]
    assert url.startswith("postgres://") and url.endswith(f"@postgres:5432/{database}")
    assert migrate["environment"][f"TRADEWIND_{env_prefix}__DATABASE__URL"] == url
    depends = services[service]["depends_on"]
    assert depends[f"{service}-migrate"]["condition"] == "service_completed_successfully"
    assert depends["rabbitmq"]["condition"] == "service_healthy"


def test_gateway(compose: dict):
    gateway = compose["services"]["gateway"]
    assert any(p.endswith(":8080") for p in gateway["ports"])
    for service in BACKENDS:
        _, env_prefix, port, _ = SERVICES[service]
        assert gateway["environment"][f"TRADEWIND_GATEWAY__UPSTREAMS__{env_prefix}__URL"] == f"http://{service}:{port}"
        assert gateway["depends_on"][service]["condition"] == "service_healthy"


@pytest.mark.parametrize("service", list(SERVICES))
def test_every_service_is_pointed_at_auth_center(compose: dict, service: str):
    env = compose["services"][service]["environment"]
    assert env["TRADEWIND_AUTH_URL"] == f"http://auth-center:{SERVICES['auth-center'][2]}"


def test_auth_center_keeps_its_signing_key_in_a_volume(compose: dict):
    auth = compose["services"]["auth-center"]
    key_file = auth["environment"]["TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE"]
    mounts = dict(volume.split(":")[:2] for volume in auth["volumes"])
    key_dir = str(Path(key_file).parent)
    assert key_dir in mounts.values(), (key_file, mounts)
    source = next(src for src, target in mounts.items() if target == key_dir)
    assert source in compose["volumes"], "a named volume, so the key outlives the container"
    # The image makes that directory for its user, so a fresh volume is writable by the service.
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    assert f"install -d -o 10001 -g 10001 -m 0700 {key_dir}" in dockerfile
    # Only auth-center holds the key.
    for name, service in compose["services"].items():
        if name != "auth-center":
            assert "TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE" not in service.get("environment", {}), name
            assert not any(v.startswith(f"{source}:") for v in service.get("volumes", [])), name


def test_demo_data_is_off_unless_asked_for(compose: dict):
    env = compose["services"]["auth-center"]["environment"]
    assert env["TRADEWIND_AUTH_CENTER__DEMO__ENABLED"] == "${TRADEWIND_DEMO_DATA:-false}"


def test_gateway_edge_settings_pass_through(compose: dict):
    env = compose["services"]["gateway"]["environment"]
    # Empty values mean unset to the services: the built-in rules, same origin only.
    assert env["TRADEWIND_GATEWAY__RATE_LIMITS"] == "${TRADEWIND_RATE_LIMITS:-}"
    assert env["TRADEWIND_GATEWAY__CORS_ORIGINS"] == "${TRADEWIND_CORS_ORIGINS:-}"


def test_prometheus_scrapes_every_service():
    config = load_yaml(DEPLOY / "prometheus.yml")
    job = next(j for j in config["scrape_configs"] if j["job_name"] == "tradewind")
    assert job["metrics_path"] == "/actuator/prometheus"
    targets = {t for group in job["static_configs"] for t in group["targets"]}
    assert targets == {f"{name}:{spec[2]}" for name, spec in SERVICES.items()}


def test_collector_forwards_otlp_to_jaeger():
    config = load_yaml(DEPLOY / "otel-collector.yaml")
    protocols = config["receivers"]["otlp"]["protocols"]
    assert protocols["grpc"]["endpoint"].endswith(":4317")
    assert protocols["http"]["endpoint"].endswith(":4318")
    exporter = config["exporters"]["otlp/jaeger"]
    assert exporter["endpoint"] == "jaeger:4317"
    pipeline = config["service"]["pipelines"]["traces"]
    assert pipeline["receivers"] == ["otlp"] and pipeline["exporters"] == ["otlp/jaeger"]
    for processor in pipeline["processors"]:
        assert processor in config["processors"]
