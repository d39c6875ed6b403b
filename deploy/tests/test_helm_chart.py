"""helm/tradewind: lint, render (default values and values-production.example.yaml), validate every
manifest against the Kubernetes schemas, and check the facts an operator relies on."""

from __future__ import annotations

import base64
import copy
import re
from functools import cache

import helm_python as helm
import kubernetes_validate
import pytest
import yaml

from conftest import BACKENDS, CHART, NAMESPACE, PRODUCTION_VALUES, RELEASE, SERVICES, load_yaml

# The oldest Kubernetes the chart supports (Chart.yaml kubeVersion) and the newest schemas shipped.
KUBERNETES_VERSIONS = ["1.25.0", kubernetes_validate.utils.latest_version()]
# Custom resources: no schema in kubernetes-validate; checked by hand below.
CUSTOM_KINDS = {"ServiceMonitor"}


def production_values() -> dict:
    return load_yaml(PRODUCTION_VALUES)


def deep_merge(base: dict, override: dict) -> dict:
    merged = copy.deepcopy(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


@cache
def chart() -> helm.Chart:
    return helm.Chart.load(CHART)


def render(values: dict | None = None) -> list[dict]:
    """Every manifest the chart renders with these values (NOTES.txt and empty files left out)."""
    rendered = chart().render(values or {}, name=RELEASE, namespace=NAMESPACE)
    manifests = []
    for path, text in sorted(rendered.items()):
        if path.endswith("NOTES.txt"):
            continue
        for document in yaml.safe_load_all(text):
            if document:
                document["__source__"] = path
                manifests.append(document)
    return manifests


@cache
def default_manifests() -> tuple:
    return tuple(render())


@cache
def production_manifests() -> tuple:
    return tuple(render(production_values()))


SETUPS = {"default": default_manifests, "production": production_manifests}


def of_kind(manifests, kind: str) -> dict[str, dict]:
    return {m["metadata"]["name"]: m for m in manifests if m["kind"] == kind}


def name_of(service: str) -> str:
    return f"{RELEASE}-{service}"


def env_of(container: dict) -> dict[str, dict]:
    return {item["name"]: item for item in container.get("env", [])}


def container_of(manifest: dict) -> dict:
    containers = manifest["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1
    return containers[0]


def secret_ref(env: dict[str, dict], name: str) -> tuple[str, str]:
    ref = env[name]["valueFrom"]["secretKeyRef"]
    return ref["name"], ref["key"]


# --- lint, schema, Kubernetes validity ---------------------------------------------------------


@pytest.mark.parametrize("setup", ["default", "production"])
def test_lint_is_clean(setup: str):
    values = production_values() if setup == "production" else None
    report = helm.lint(CHART, values, strict=True, namespace=NAMESPACE)
    problems = [m for m in report["messages"] if m["severity"] >= 2]
    assert not report["errors"] and not problems, report


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("setup", list(SETUPS))
def test_every_manifest_is_valid_kubernetes(setup: str, version: str):
    manifests = SETUPS[setup]()
    assert manifests
    for manifest in manifests:
        document = {k: v for k, v in manifest.items() if k != "__source__"}
        if document["kind"] in CUSTOM_KINDS:
            continue
        try:
            kubernetes_validate.validate(document, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(f"{manifest['__source__']}: {error}")


@pytest.mark.parametrize(
    ("values", "complaint"),
    [
        ({"hotelApp": {"replicas": "abc"}}, "replicas"),
        ({"hotelApp": {"replica": 2}}, "replica"),
        ({"image": {"pullPolicy": "Sometimes"}}, "pullPolicy"),
        ({"gateway": {"resources": {"limits": {"memory": "lots"}}}}, "memory"),
        ({"externalDatabase": {"hotelApp": {"url": "mysql://x"}}}, "url"),
        ({"networkPolicy": {"enabled": "yes"}}, "enabled"),
    ],
)
def test_wrong_values_fail_against_the_schema(values: dict, complaint: str):
    with pytest.raises(helm.HelmValuesError, match=complaint):
        chart().validate_schema(values)
    # An install renders through the same check.
    with pytest.raises(helm.HelmValuesError):
        chart().render(values, name=RELEASE, namespace=NAMESPACE)


def test_production_example_passes_the_schema():
    chart().validate_schema(production_values())


# --- the chart's own structure -----------------------------------------------------------------


@pytest.mark.parametrize("service", list(SERVICES))
def test_per_service_templates_are_thin_includes(service: str):
    kinds = {"deployment": "deployment", "service": "service", "hpa": "hpa", "pdb": "pdb"}
    if service in BACKENDS:
        kinds["migration-job"] = "migrationJob"
    for file, template in kinds.items():
        text = (CHART / "templates" / service / f"{file}.yaml").read_text()
        code = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("{{- /*")]
        assert code == [f'{{{{ include "tradewind.{template}" (dict "root" $ "service" "{service}") }}}}'], file


def key_shape(value):
    if isinstance(value, dict):
        return {key: key_shape(child) for key, child in value.items()}
    return None


def test_service_blocks_share_one_shape():
    values = chart().values
    shapes = {key: key_shape(values[key]) for key, *_ in SERVICES.values()}
    reference = shapes["gateway"]
    for key, shape in shapes.items():
        assert shape == reference, key


def test_every_value_is_documented():
    """Each key in values.yaml has a comment on the line(s) just above it."""
    lines = (CHART / "values.yaml").read_text().splitlines()
    undocumented = []
    for number, line in enumerate(lines):
        if not re.match(r"^\s*[\w./-]+:", line):
            continue
        previous = next((lines[i] for i in range(number - 1, -1, -1) if lines[i].strip()), "")
        if not previous.lstrip().startswith("#"):
            undocumented.append(f"values.yaml:{number + 1}: {line.strip()}")
    assert not undocumented, "\n".join(undocumented)


# --- Deployments ------------------------------------------------------------------------------


@pytest.mark.parametrize("setup", list(SETUPS))
def test_nine_deployments_with_probes_resources_and_non_root(setup: str):
    deployments = of_kind(SETUPS[setup](), "Deployment")
    assert set(deployments) == {name_of(s) for s in SERVICES}
    for service, (_, env_prefix, port, _) in SERVICES.items():
        deployment = deployments[name_of(service)]
        pod = deployment["spec"]["template"]["spec"]
        container = container_of(deployment)
        assert container["args"] == [service]
        assert container["ports"] == [{"name": "http", "containerPort": port, "protocol": "TCP"}]
        for probe, path in (("livenessProbe", "liveness"), ("readinessProbe", "readiness")):
            expected = {"path": f"/actuator/health/{path}", "port": "http"}
            assert container[probe]["httpGet"] == expected, service
        for bound in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(container["resources"][bound]), service
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] != 0
        security = container["securityContext"]
        assert security["runAsNonRoot"] is True
        assert security["readOnlyRootFilesystem"] is True
        assert security["allowPrivilegeEscalation"] is False
        assert security["capabilities"]["drop"] == ["ALL"]
        mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
        volumes = {v["name"]: v for v in pod["volumes"]}
        assert "emptyDir" in volumes[mounts["/tmp"]]
        env = env_of(container)
        assert env[f"TRADEWIND_{env_prefix}__HTTP__HOST"]["value"] == "0.0.0.0"
        assert env[f"TRADEWIND_{env_prefix}__HTTP__PORT"]["value"] == str(port)
        assert env["TRADEWIND_LOG_FORMAT"]["value"] == "json"
        # Pod labels are what the Service selects.
        selector = deployment["spec"]["selector"]["matchLabels"]
        assert selector.items() <= deployment["spec"]["template"]["metadata"]["labels"].items()


@pytest.mark.parametrize("setup", list(SETUPS))
def test_each_service_has_a_database_secret_of_its_own(setup: str):
    deployments = of_kind(SETUPS[setup](), "Deployment")
    references = {}
    for service in BACKENDS:
        env = env_of(container_of(deployments[name_of(service)]))
        env_prefix = SERVICES[service][1]
        references[service] = secret_ref(env, f"TRADEWIND_{env_prefix}__DATABASE__URL")
        assert "TRADEWIND_AMQP_URL" in env
        # No service is handed another's database.
        others = [f"TRADEWIND_{SERVICES[o][1]}__DATABASE__URL" for o in BACKENDS if o != service]
        assert not set(others) & set(env)
    assert len(set(references.values())) == len(BACKENDS), references
    gateway_env = env_of(container_of(deployments[name_of("gateway")]))
    assert not [name for name in gateway_env if "DATABASE" in name or name == "TRADEWIND_AMQP_URL"]


def test_default_values_create_the_secrets_they_reference():
    manifests = default_manifests()
    secrets = of_kind(manifests, "Secret")
    deployments = of_kind(manifests, "Deployment")
    for service in BACKENDS:
        env = env_of(container_of(deployments[name_of(service)]))
        name, key = secret_ref(env, f"TRADEWIND_{SERVICES[service][1]}__DATABASE__URL")
        url = base64.b64decode(secrets[name]["data"][key]).decode()
        assert url.endswith(f"/{SERVICES[service][3]}"), url
        name, key = secret_ref(env, "TRADEWIND_AMQP_URL")
        assert base64.b64decode(secrets[name]["data"][key]).decode().startswith("amqp://")


def test_production_values_use_existing_secrets_only():
    values = production_values()
    manifests = production_manifests()
    assert not of_kind(manifests, "Secret"), "production values must not make the chart create Secrets"
    deployments = of_kind(manifests, "Deployment")
    for service in BACKENDS:
        key = SERVICES[service][0]
        env = env_of(container_of(deployments[name_of(service)]))
        expected = values["externalDatabase"][key]
        assert secret_ref(env, f"TRADEWIND_{SERVICES[service][1]}__DATABASE__URL") == (
            expected["existingSecret"],
            expected["existingSecretKey"],
        )
        assert secret_ref(env, "TRADEWIND_AMQP_URL") == (
            values["externalRabbitmq"]["existingSecret"],
            values["externalRabbitmq"]["existingSecretKey"],
        )
    auth_env = env_of(container_of(deployments[name_of("auth-center")]))
    assert secret_ref(auth_env, "TRADEWIND_AUTH_CENTER__JWT__PRIVATE_KEY") == (
        values["signingKey"]["existingSecret"],
        values["signingKey"]["existingSecretKey"],
    )


def test_gateway_routes_to_every_service():
    manifests = default_manifests()
    services = of_kind(manifests, "Service")
    env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("gateway")]))
    for service in BACKENDS:
        env_prefix = SERVICES[service][1]
        url = env[f"TRADEWIND_GATEWAY__UPSTREAMS__{env_prefix}__URL"]["value"]
        host, port = re.fullmatch(r"http://([\w-]+):(\d+)", url).groups()
        assert services[host]["spec"]["ports"][0]["port"] == int(port) == SERVICES[service][2]
        assert int(env[f"TRADEWIND_GATEWAY__UPSTREAMS__{env_prefix}__TIMEOUT_SECS"]["value"]) > 0


def test_upstream_timeout_overrides():
    manifests = render({"gatewayUpstreams": {"timeoutSeconds": 20, "timeoutOverrides": {"financeApp": 120}}})
    env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("gateway")]))
    assert env["TRADEWIND_GATEWAY__UPSTREAMS__FINANCE_APP__TIMEOUT_SECS"]["value"] == "120"
    assert env["TRADEWIND_GATEWAY__UPSTREAMS__HOTEL_APP__TIMEOUT_SECS"]["value"] == "20"


def test_otel_endpoint_reaches_every_service_only_when_set():
    for deployment in of_kind(default_manifests(), "Deployment").values():
        assert "OTEL_EXPORTER_OTLP_ENDPOINT" not in env_of(container_of(deployment))
    endpoint = "http://collector.observability:4318"
    manifests = render({"otel": {"endpoint": endpoint}})
    for kind in ("Deployment", "Job"):
        for manifest in of_kind(manifests, kind).values():
            assert env_of(container_of(manifest))["OTEL_EXPORTER_OTLP_ENDPOINT"]["value"] == endpoint


def test_image_tag_defaults_to_app_version_and_can_be_overridden():
    app_version = chart().metadata["appVersion"]
    for deployment in of_kind(default_manifests(), "Deployment").values():
        assert container_of(deployment)["image"] == f"tradewind:{app_version}"
    manifests = render({"image": {"repository": "registry.example.com/tw", "tag": "abc123"},
                        "hotelApp": {"image": {"tag": "hotfix"}}})
    deployments = of_kind(manifests, "Deployment")
    assert container_of(deployments[name_of("gateway")])["image"] == "registry.example.com/tw:abc123"
    assert container_of(deployments[name_of("hotel-app")])["image"] == "registry.example.com/tw:hotfix"


def test_extra_env_is_appended():
    manifests = render({"mallApp": {"extraEnv": [{"name": "FEATURE_X", "value": "on"}]}})
    env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("mall-app")]))
    assert env["FEATURE_X"]["value"] == "on"


# --- signing key ----------------------------------------------------------------------------------


def test_signing_key_is_generated_once_and_kept():
    manifests = default_manifests()
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-auth-center-signing-key"]
    assert secret["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    assert "helm.sh/hook" not in secret["metadata"]["annotations"]
    pem = base64.b64decode(secret["data"]["private-key.pem"]).decode()
    assert pem.startswith("-----BEGIN RSA PRIVATE KEY-----")
    env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("auth-center")]))
    assert secret_ref(env, "TRADEWIND_AUTH_CENTER__JWT__PRIVATE_KEY") == (secret["metadata"]["name"], "private-key.pem")
    template = (CHART / "templates" / "auth-center" / "signing-key-secret.yaml").read_text()
    assert 'lookup "v1" "Secret"' in template
    for deployment in of_kind(manifests, "Deployment").values():
        if deployment["metadata"]["name"] != name_of("auth-center"):
            assert "TRADEWIND_AUTH_CENTER__JWT__PRIVATE_KEY" not in env_of(container_of(deployment))


# --- migrations ------------------------------------------------------------------------------------


def hook_weight(manifest: dict) -> int:
    return int(manifest["metadata"]["annotations"]["helm.sh/hook-weight"])


@pytest.mark.parametrize("setup", list(SETUPS))
def test_migration_job_per_service_before_install_and_upgrade(setup: str):
    manifests = SETUPS[setup]()
    jobs = of_kind(manifests, "Job")
    deployments = of_kind(manifests, "Deployment")
    assert set(jobs) == {f"{name_of(s)}-migrate" for s in BACKENDS}
    for service in BACKENDS:
        job = jobs[f"{name_of(service)}-migrate"]
        annotations = job["metadata"]["annotations"]
        assert set(annotations["helm.sh/hook"].split(",")) == {"pre-install", "pre-upgrade"}
        container = container_of(job)
        assert container["args"] == [service, "migrate"]
        assert job["spec"]["template"]["spec"]["restartPolicy"] == "Never"
        variable = f"TRADEWIND_{SERVICES[service][1]}__DATABASE__URL"
        deployment_env = env_of(container_of(deployments[name_of(service)]))
        assert secret_ref(env_of(container), variable) == secret_ref(deployment_env, variable)
        assert {"cpu", "memory"} <= set(container["resources"]["limits"])
        assert container["securityContext"]["runAsNonRoot"] is True
        # A pre-install hook runs before the chart's ServiceAccount exists.
        assert "serviceAccountName" not in job["spec"]["template"]["spec"]
    # Chart-created Secrets the Jobs read are hooks of a lower weight: they exist first.
    for secret in of_kind(manifests, "Secret").values():
        if secret["metadata"]["name"].endswith(("-database", "-rabbitmq")):
            assert "pre-install" in secret["metadata"]["annotations"]["helm.sh/hook"]
            assert all(hook_weight(secret) < hook_weight(job) for job in jobs.values())


def test_migrations_can_be_switched_off():
    assert not of_kind(render({"migrations": {"enabled": False}}), "Job")


# --- scaling -----------------------------------------------------------------------------------------


def test_no_pdb_for_a_single_replica():
    assert not of_kind(default_manifests(), "PodDisruptionBudget")
    assert not of_kind(default_manifests(), "HorizontalPodAutoscaler")


def test_pdb_with_replicas_and_hpa_with_autoscaling():
    manifests = render({
        "hotelApp": {"replicas": 3},
        "mallApp": {"autoscaling": {"enabled": True, "minReplicas": 2, "maxReplicas": 7}},
    })
    pdbs = of_kind(manifests, "PodDisruptionBudget")
    assert set(pdbs) == {name_of("hotel-app"), name_of("mall-app")}
    for pdb in pdbs.values():
        assert pdb["spec"]["minAvailable"] == 1
    deployments = of_kind(manifests, "Deployment")
    assert deployments[name_of("hotel-app")]["spec"]["replicas"] == 3
    assert "replicas" not in deployments[name_of("mall-app")]["spec"]
    hpa = of_kind(manifests, "HorizontalPodAutoscaler")[name_of("mall-app")]
    assert hpa["spec"]["scaleTargetRef"] == {"apiVersion": "apps/v1", "kind": "Deployment", "name": name_of("mall-app")}
    assert (hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"]) == (2, 7)
    assert hpa["spec"]["metrics"][0]["resource"]["name"] == "cpu"


def test_production_example_runs_at_least_two_pods_with_a_budget_everywhere():
    manifests = production_manifests()
    pdbs = of_kind(manifests, "PodDisruptionBudget")
    hpas = of_kind(manifests, "HorizontalPodAutoscaler")
    for name, deployment in of_kind(manifests, "Deployment").items():
        assert name in pdbs, name
        replicas = hpas[name]["spec"]["minReplicas"] if name in hpas else deployment["spec"]["replicas"]
        assert replicas >= 2, name


# --- network ---------------------------------------------------------------------------------------


def test_ingress_for_the_gateway_with_long_websocket_timeouts():
    assert not of_kind(default_manifests(), "Ingress")
    ingresses = of_kind(production_manifests(), "Ingress")
    values = production_values()["ingress"]
    assert set(ingresses) == {name_of("gateway"), f"{name_of('gateway')}-websocket"}
    for ingress in ingresses.values():
        assert ingress["spec"]["ingressClassName"] == values["className"]
        assert ingress["spec"]["tls"] == [{"hosts": [values["host"]], "secretName": values["tls"]["secretName"]}]
        rule = ingress["spec"]["rules"][0]
        assert rule["host"] == values["host"]
        assert rule["http"]["paths"][0]["backend"]["service"]["name"] == name_of("gateway")
        assert ingress["metadata"]["annotations"]["cert-manager.io/cluster-issuer"]
    websocket = ingresses[f"{name_of('gateway')}-websocket"]
    assert websocket["spec"]["rules"][0]["http"]["paths"][0]["path"] == "/api/message-server/websocket"
    assert int(websocket["metadata"]["annotations"]["nginx.ingress.kubernetes.io/proxy-read-timeout"]) >= 3600
    api = ingresses[name_of("gateway")]
    assert "nginx.ingress.kubernetes.io/proxy-read-timeout" not in api["metadata"]["annotations"]


def test_network_policies_admit_outside_traffic_to_the_gateway_only():
    policies = of_kind(default_manifests(), "NetworkPolicy")
    gateway = policies[f"{RELEASE}-gateway"]["spec"]
    assert gateway["podSelector"]["matchLabels"]["app.kubernetes.io/component"] == "gateway"
    assert gateway["ingress"] == [{"ports": [{"port": "http", "protocol": "TCP"}]}]  # from anywhere
    services = policies[f"{RELEASE}-services"]["spec"]
    expression = services["podSelector"]["matchExpressions"][0]
    assert expression["key"] == "app.kubernetes.io/component" and set(expression["values"]) == set(BACKENDS)
    fleet = {"app.kubernetes.io/name": "tradewind", "app.kubernetes.io/instance": RELEASE}
    assert services["podSelector"]["matchLabels"] == fleet
    assert services["ingress"] == [
        {"ports": [{"port": "http", "protocol": "TCP"}], "from": [{"podSelector": {"matchLabels": fleet}}]}
    ]
    assert not of_kind(render({"networkPolicy": {"enabled": False}}), "NetworkPolicy")


def test_production_network_policies_restrict_the_gateway_to_the_ingress_controller():
    gateway = of_kind(production_manifests(), "NetworkPolicy")[f"{RELEASE}-gateway"]["spec"]
    sources = [peer for rule in gateway["ingress"] for peer in rule.get("from", [None])]
    assert None not in sources and sources


def test_service_monitor_is_off_by_default_and_scrapes_every_service():
    assert not of_kind(default_manifests(), "ServiceMonitor")
    manifests = render({"serviceMonitor": {"enabled": True, "labels": {"release": "prom"}}})
    monitor = next(iter(of_kind(manifests, "ServiceMonitor").values()))
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    assert monitor["metadata"]["labels"]["release"] == "prom"
    assert monitor["spec"]["endpoints"][0]["path"] == "/actuator/prometheus"
    assert monitor["spec"]["endpoints"][0]["port"] == "http"
    selector = monitor["spec"]["selector"]["matchLabels"]
    services = of_kind(manifests, "Service")
    assert len(services) == len(SERVICES)
    for service in services.values():
        assert selector.items() <= service["metadata"]["labels"].items()
        assert service["spec"]["ports"][0]["name"] == "http"
