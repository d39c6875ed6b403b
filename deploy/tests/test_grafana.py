"""deploy/grafana/: the fleet dashboard (panels, queries, the metric names they use) and, in the
compose stack, the Grafana provisioning that loads it."""

from __future__ import annotations

import json
import re

import pytest

from conftest import DEPLOY, REPO, load_yaml

DASHBOARD = DEPLOY / "grafana" / "tradewind-fleet.json"
PROVISIONING = DEPLOY / "grafana" / "provisioning"

# The metrics the services publish, by type (all registered in platform::metrics: the first
# three for HTTP and the pool, the others for the event bus).
METRICS = {
    "tradewind_http_requests_total": "counter",
    "tradewind_http_request_duration_seconds": "histogram",
    "tradewind_db_pool_connections": "gauge",
    "tradewind_outbox_pending": "gauge",
    "tradewind_bus_consumer_lag_seconds": "histogram",
    "tradewind_bus_dead_letters_total": "counter",
}
EVENT_BACKBONE = {"tradewind_outbox_pending", "tradewind_bus_consumer_lag_seconds", "tradewind_bus_dead_letters_total"}
# What PromQL may name: counters and gauges as they are, histograms through their series.
SERIES = {
    series: metric
    for metric, kind in METRICS.items()
    for series in ([f"{metric}_bucket", f"{metric}_sum", f"{metric}_count"] if kind == "histogram" else [metric])
}
# Every metric has the const label service; the http ones method, route and status; the pool
# gauge state; histograms le.
LABELS = {"service", "method", "route", "status", "state", "le"}

FUNCTIONS = {
    "abs", "avg", "avg_over_time", "ceil", "clamp_max", "clamp_min", "count", "delta", "deriv",
    "floor", "histogram_quantile", "increase", "irate", "label_replace", "max", "max_over_time",
    "min", "min_over_time", "quantile", "rate", "round", "sort", "sort_desc", "sum", "time",
    "topk", "bottomk", "vector",
}
KEYWORDS = {"and", "or", "unless", "bool", "offset", "group_left", "group_right"}
GROUPING = r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)"
SELECTOR = r"\{([^}]*)\}"
MATCHER = r"([A-Za-z_][A-Za-z0-9_]*)\s*(?:=~|!~|!=|=)\s*\"(?:[^\"\\]|\\.)*\""
SERVICE_FILTER = 'service=~"$service"'


def metric_names(expr: str) -> set[str]:
    """The metric names a PromQL expression selects (what is left once strings, label matchers,
    ranges, groupings, numbers, functions and keywords are taken out)."""
    rest = re.sub(r'"(?:[^"\\]|\\.)*"', '""', expr)
    rest = re.sub(SELECTOR, " ", rest)
    rest = re.sub(r"\[[^\]]*\]", " ", rest)
    rest = re.sub(GROUPING, " ", rest)
    names = set()
    # A number, with a duration's unit if it is one (offset 5m), or a word.
    for token in re.finditer(r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?[A-Za-z]*|[A-Za-z_:][A-Za-z0-9_:]*", rest):
        word = token.group()
        if word[0].isdigit() or word in KEYWORDS:
            continue
        if rest[token.end() :].lstrip().startswith("("):
            assert word in FUNCTIONS, f"unknown PromQL function {word} in {expr}"
            continue
        names.add(word)
    return names


def label_names(expr: str) -> set[str]:
    """The label names an expression matches on or groups by."""
    names = set()
    for selector in re.findall(SELECTOR, expr):
        names.update(re.findall(MATCHER, selector))
    for grouping in re.findall(GROUPING, expr):
        names.update(label.strip() for label in grouping.split(",") if label.strip())
    return names


@pytest.fixture(scope="module")
def dashboard() -> dict:
    return json.loads(DASHBOARD.read_text())


def all_panels(dashboard: dict) -> list[dict]:
    """Every panel, rows and the panels of collapsed rows included."""
    found = []
    for panel in dashboard["panels"]:
        found.append(panel)
        found.extend(panel.get("panels", []))
    return found


def query_panels(dashboard: dict) -> list[dict]:
    return [panel for panel in all_panels(dashboard) if panel["type"] != "row"]


def expressions(dashboard: dict) -> list[str]:
    return [target["expr"] for panel in query_panels(dashboard) for target in panel["targets"]]


def variable(dashboard: dict, name: str) -> dict:
    return next(v for v in dashboard["templating"]["list"] if v["name"] == name)


# --- the extractors themselves -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("expr", "names"),
    [
        ('sum by (service) (rate(tradewind_http_requests_total{service=~"$service"}[5m]))', {"tradewind_http_requests_total"}),
        ("histogram_quantile(0.99, sum by (le) (rate(http_request_duration_bucket[5m])))", {"http_request_duration_bucket"}),
        ('a{x="rate(b)"} / on (service) group_left c > 1e3', {"a", "c"}),
        ("tradewind_outbox_pending offset 5m", {"tradewind_outbox_pending"}),
    ],
)
def test_metric_names_finds_every_selected_metric(expr: str, names: set[str]):
    assert metric_names(expr) == names


def test_label_names_finds_matchers_and_groupings():
    expr = 'sum by (service, le) (rate(x{status=~"5..", route!="/a,b"}[5m]))'
    assert label_names(expr) == {"service", "le", "status", "route"}


# --- the dashboard -----------------------------------------------------------------------------


def test_dashboard_identity(dashboard: dict):
    assert dashboard["uid"] == "tradewind-fleet"
    assert dashboard["title"]
    assert dashboard["schemaVersion"] >= 36
    # An id belongs to one Grafana database: a shared dashboard has none.
    assert dashboard.get("id") is None


def test_variables(dashboard: dict):
    datasource = variable(dashboard, "datasource")
    assert datasource["type"] == "datasource" and datasource["query"] == "prometheus"
    service = variable(dashboard, "service")
    assert service["type"] == "query" and service["multi"] is True
    assert service["datasource"] == {"type": "prometheus", "uid": "${datasource}"}
    query = service["query"]["query"] if isinstance(service["query"], dict) else service["query"]
    assert re.sub(r"\s", "", query) == "label_values(tradewind_http_requests_total,service)"


def test_panel_ids_are_unique(dashboard: dict):
    ids = [panel["id"] for panel in all_panels(dashboard)]
    assert len(ids) == len(set(ids)), sorted(ids)


def test_panels_do_not_overlap(dashboard: dict):
    taken: dict[tuple[int, int], str] = {}
    for panel in all_panels(dashboard):
        grid = panel["gridPos"]
        assert grid["x"] + grid["w"] <= 24, panel["title"]
        for x in range(grid["x"], grid["x"] + grid["w"]):
            for y in range(grid["y"], grid["y"] + grid["h"]):
                assert (x, y) not in taken, f"{panel['title']} overlaps {taken[(x, y)]}"
                taken[(x, y)] = panel["title"]


def test_every_panel_has_a_title_a_datasource_and_targets(dashboard: dict):
    panels = query_panels(dashboard)
    assert len(panels) >= 8
    for panel in panels:
        assert panel.get("title"), panel["id"]
        assert panel.get("datasource") == {"type": "prometheus", "uid": "${datasource}"}, panel["title"]
        assert panel.get("targets"), panel["title"]
        refs = [target["refId"] for target in panel["targets"]]
        assert len(refs) == len(set(refs)), panel["title"]
        for target in panel["targets"]:
            assert target.get("expr", "").strip(), panel["title"]
            assert target.get("datasource", panel["datasource"]) == panel["datasource"], panel["title"]


def test_expressions_use_only_the_published_metrics(dashboard: dict):
    for expr in expressions(dashboard):
        names = metric_names(expr)
        assert names, f"no metric in {expr}"
        assert names <= set(SERIES), f"unknown metric {names - set(SERIES)} in {expr}"
        assert label_names(expr) <= LABELS, f"unknown label {label_names(expr) - LABELS} in {expr}"


def test_every_published_metric_is_on_the_dashboard(dashboard: dict):
    used = {SERIES.get(name, name) for expr in expressions(dashboard) for name in metric_names(expr)}
    assert used == set(METRICS)


def test_every_selector_follows_the_service_variable(dashboard: dict):
    for expr in expressions(dashboard):
        for selector in re.finditer(r"\b(tradewind_[A-Za-z0-9_]+)(\s*\{[^}]*\})?", expr):
            assert selector.group(2) and SERVICE_FILTER in selector.group(2), f"{selector.group(1)} in {expr}"


def test_event_backbone_panels_say_where_their_metrics_come_from(dashboard: dict):
    for panel in query_panels(dashboard):
        metrics = {SERIES.get(name, name) for target in panel["targets"] for name in metric_names(target["expr"])}
        if metrics & EVENT_BACKBONE:
            assert "event backbone" in panel.get("description", ""), panel["title"]


def test_the_platform_publishes_the_metrics_it_is_said_to():
    source = (REPO / "services" / "platform" / "src" / "metrics.rs").read_text()
    assert 'Some("tradewind".to_owned())' in source
    for metric in METRICS:
        assert f'"{metric.removeprefix("tradewind_")}"' in source, metric


# --- Grafana in the compose stack ----------------------------------------------------------------


@pytest.fixture(scope="module")
def grafana() -> dict:
    return load_yaml(DEPLOY / "docker-compose.yml")["services"]["grafana"]


def mounts(service: dict) -> dict[str, str]:
    """Container path -> host path (relative to deploy/) of the service's bind mounts."""
    found = {}
    for volume in service["volumes"]:
        source, target = volume.split(":")[:2]
        if source.startswith("."):
            found[target] = source
    return found


def test_grafana_in_compose(grafana: dict):
    assert grafana["image"].startswith("grafana/grafana:")
    assert grafana["ports"] == ["127.0.0.1:3000:3000"]
    assert "prometheus" in grafana["depends_on"]
    assert any(v.startswith("grafana-data:") for v in grafana["volumes"])


def test_grafana_provisions_the_prometheus_of_the_stack(grafana: dict):
    target = next(t for t, s in mounts(grafana).items() if s == "./grafana/provisioning/datasources")
    assert target == "/etc/grafana/provisioning/datasources"
    (datasource,) = load_yaml(PROVISIONING / "datasources" / "prometheus.yaml")["datasources"]
    assert datasource["type"] == "prometheus"
    assert datasource["url"] == "http://prometheus:9090"
    assert datasource["isDefault"] is True


def test_grafana_provisions_the_dashboard(grafana: dict):
    bind = mounts(grafana)
    assert bind["/etc/grafana/provisioning/dashboards"] == "./grafana/provisioning/dashboards"
    (provider,) = load_yaml(PROVISIONING / "dashboards" / "tradewind.yaml")["providers"]
    assert provider["type"] == "file"
    directory = provider["options"]["path"]
    # The directory, not the file: a file's bind mount keeps the inode it started with, and misses
    # an edit that replaces the file (as git does).
    assert (DEPLOY / bind[directory]).resolve() == DASHBOARD.parent
    home = grafana["environment"]["GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH"]
    assert home == f"{directory}/{DASHBOARD.name}"
