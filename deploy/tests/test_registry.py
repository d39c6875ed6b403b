"""Every copy of the list of services agrees with services/registry.json (the chart's values,
compose and Prometheus are checked through conftest.SERVICES by their own tests)."""

from __future__ import annotations

import re

from conftest import CHART, DEPLOY, REPO, SERVICES, load_yaml

NAMES = list(SERVICES)
BINARIES = ["fleet", *NAMES]


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z][a-z-]*[a-z]", text)


def test_the_image_builds_every_binary():
    dockerfile = (DEPLOY / "Dockerfile").read_text()
    loop = re.search(r"for bin in (.*?); do", dockerfile, re.S)
    assert loop, "the Dockerfile's copy loop"
    assert _words(loop.group(1).replace("\\", " ")) == BINARIES
    ports = sorted(spec[2] for spec in SERVICES.values())
    assert f"EXPOSE {ports[0]}-{ports[-1]}" in dockerfile


def test_the_entrypoint_knows_every_binary():
    entry = (DEPLOY / "docker-entrypoint.sh").read_text()
    listed = re.search(r"services=\((.*?)\)", entry, re.S)
    assert listed
    assert _words(listed.group(1)) == BINARIES


def test_the_bench_starts_every_service():
    bench = (REPO / "scripts" / "bench.sh").read_text()
    listed = re.search(r"^SERVICES=\((.*?)\)", bench, re.M)
    assert listed
    assert sorted(_words(listed.group(1))) == sorted(NAMES)


def test_prometheus_scrapes_each_service_on_its_port():
    text = (DEPLOY / "prometheus.yml").read_text()
    for name, (_, _, port, _) in SERVICES.items():
        assert f'"{name}:{port}"' in text, name


def test_the_chart_has_a_values_block_and_templates_per_service():
    values = load_yaml(CHART / "values.yaml")
    for name, (key, _, _, _) in SERVICES.items():
        assert key in values, f"values.yaml has no {key} block for {name}"
        assert (CHART / "templates" / name).is_dir(), f"templates/{name}/"


def test_the_console_client_knows_every_service_and_its_timeout():
    api = (REPO / "frontend" / "packages" / "shared" / "src" / "api.ts").read_text()
    for name, _ in SERVICES.items():
        if name == "gateway":
            continue
        timeout = next(s["timeoutSecs"] for s in __import__("conftest").REGISTRY if s["name"] == name)
        assert re.search(rf"'{name}': {timeout}_000,", api), f"{name}: {timeout} s in api.ts"


def test_the_charts_service_table_matches():
    helpers = (CHART / "templates" / "_helpers.tpl").read_text()
    rows = re.findall(
        r"^([a-z-]+):\s+\{key: (\w+),\s+env: (\w+),\s+port: (\d+), database: (true|false),\s+seals: (?:true|false),\s+channels: (?:true|false)\}",
        helpers,
        re.M,
    )
    table = {name: (key, env, int(port), db == "true") for name, key, env, port, db in rows}
    wanted = {
        name: (key, env, port, database is not None)
        for name, (key, env, port, database) in SERVICES.items()
    }
    assert table == wanted


def test_the_compose_postgres_makes_every_database():
    script = (DEPLOY / "postgres" / "init-databases.sh").read_text()
    listed = re.search(r"databases=\((.*?)\)", script, re.S)
    assert listed
    made = re.findall(r"[a-z_]+", listed.group(1))
    assert made == [db for (_, _, _, db) in SERVICES.values() if db is not None]
