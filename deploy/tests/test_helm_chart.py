"""helm/tradewind: lint, render (default values and values-production.example.yaml), validate every
manifest against the Kubernetes schemas, and check the facts an operator relies on."""

from __future__ import annotations

import base64
import copy
import re
import shutil
import tempfile
from functools import cache
from pathlib import Path

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
        ({"demoData": {"enabled": "yes"}}, "enabled"),
        ({"signingKey": {"previousKeys": ["../old.pem"]}}, "previousKeys"),
        ({"gatewayEdge": {"corsOrigins": ["console.example.com"]}}, "corsOrigins"),
        ({"gatewayEdge": {"rateLimits": ["/api/**=1:600"]}}, "rateLimits"),
        ({"gatewayEdge": {"rateLimits": "/api/**=1:600/60"}}, "rateLimits"),
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
    assert not [name for name in gateway_env if "DATABASE" in name]
    # The gateway has no database, but follows session.ended events like every process.
    assert secret_ref(gateway_env, "TRADEWIND_AMQP_URL") == secret_ref(env, "TRADEWIND_AMQP_URL")


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
    auth = deployments[name_of("auth-center")]
    assert signing_key_volume(auth)["secret"]["secretName"] == values["signingKey"]["existingSecret"]
    auth_env = env_of(container_of(auth))
    key_file = auth_env["TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE"]["value"]
    assert key_file == f"{SIGNING_KEY_DIR}/{values['signingKey']['existingSecretKey']}"
    assert auth_env["TRADEWIND_AUTH_CENTER__DEMO__ENABLED"]["value"] == "false"


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


# --- identity: signing key, auth-center URL, demo data, gateway edge ------------------------------

SIGNING_KEY_DIR = "/etc/tradewind/signing-key"
SIGNING_KEY_TEMPLATE = CHART / "templates" / "auth-center" / "signing-key-secret.yaml"
LOOKUP = 'lookup "v1" "Secret" .Release.Namespace $secret.name'
# DER prefix of an Ed25519 private key in PKCS#8 (RFC 8410): SEQUENCE, version 0, AlgorithmIdentifier
# with OID 1.3.101.112, then the 32-byte key in an OCTET STRING inside an OCTET STRING.
ED25519_PKCS8_PREFIX = bytes.fromhex("302e020100300506032b657004220420")


def signing_key_volume(deployment: dict) -> dict:
    pod = deployment["spec"]["template"]["spec"]
    mounts = {m["name"]: m for m in container_of(deployment)["volumeMounts"]}
    mount = mounts["signing-key"]
    assert mount["mountPath"] == SIGNING_KEY_DIR
    assert mount["readOnly"] is True
    assert "subPath" not in mount  # the whole Secret: previous keys are files beside the key
    return {v["name"]: v for v in pod["volumes"]}["signing-key"]


def ed25519_pem(data_value: str) -> bytes:
    """The DER of a chart Secret's PEM value (base64 of the PEM), checked to be an Ed25519 PKCS#8 key."""
    pem = base64.b64decode(data_value).decode()
    lines = pem.strip().splitlines()
    assert lines[0] == "-----BEGIN PRIVATE KEY-----" and lines[-1] == "-----END PRIVATE KEY-----", pem
    der = base64.b64decode("".join(lines[1:-1]))
    assert der.startswith(ED25519_PKCS8_PREFIX) and len(der) == len(ED25519_PKCS8_PREFIX) + 32, der.hex()
    return der


def render_with_existing_signing_key(data: dict, values: dict | None = None) -> list[dict]:
    """Renders the chart as if `lookup` found the chart's signing key Secret with this data (offline
    rendering has no cluster, so the lookup is replaced by a literal in a copy of the chart)."""
    template = SIGNING_KEY_TEMPLATE.read_text()
    assert template.count(LOOKUP) == 1
    literal = " ".join(f'"{key}" "{value}"' for key, value in data.items())
    patched = template.replace(LOOKUP, f'dict "data" (dict {literal})')
    with tempfile.TemporaryDirectory() as tmp:
        copy_dir = Path(tmp) / "tradewind"
        shutil.copytree(CHART, copy_dir)
        (copy_dir / "templates" / "auth-center" / "signing-key-secret.yaml").write_text(patched)
        rendered = helm.Chart.load(copy_dir).render(values or {}, name=RELEASE, namespace=NAMESPACE)
    return [
        doc
        for path, text in rendered.items()
        if not path.endswith("NOTES.txt")
        for doc in yaml.safe_load_all(text)
        if doc
    ]


def test_signing_key_is_a_generated_ed25519_key_mounted_read_only_into_auth_center():
    manifests = default_manifests()
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-auth-center-signing-key"]
    assert secret["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    assert "helm.sh/hook" not in secret["metadata"]["annotations"]
    assert set(secret["data"]) == {"private-key.pem"}
    ed25519_pem(secret["data"]["private-key.pem"])
    deployments = of_kind(manifests, "Deployment")
    auth = deployments[name_of("auth-center")]
    volume = signing_key_volume(auth)
    assert volume["secret"]["secretName"] == secret["metadata"]["name"]
    assert volume["secret"]["defaultMode"] == 0o440
    # fsGroup makes the files readable by the (non-root) user the service runs as.
    assert auth["spec"]["template"]["spec"]["securityContext"]["fsGroup"] == 10001
    env = env_of(container_of(auth))
    assert env["TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE"]["value"] == f"{SIGNING_KEY_DIR}/private-key.pem"
    assert "TRADEWIND_AUTH_CENTER__KEYS__PREVIOUS_KEY_FILES" not in env
    # Only auth-center holds the private key; the migration Job does not need it.
    for kind in ("Deployment", "Job"):
        for manifest in of_kind(manifests, kind).values():
            if manifest is auth:
                continue
            names = {v["name"] for v in manifest["spec"]["template"]["spec"].get("volumes", [])}
            assert "signing-key" not in names, manifest["metadata"]["name"]
            assert not [n for n in env_of(container_of(manifest)) if "__KEYS__" in n], manifest["metadata"]["name"]


def test_signing_key_generation_uses_lookup_and_genprivatekey_ed25519():
    template = SIGNING_KEY_TEMPLATE.read_text()
    assert LOOKUP in template
    assert 'genPrivateKey "ed25519"' in template
    assert "genPrivateKey" not in template.replace('genPrivateKey "ed25519"', "")


def test_an_existing_signing_key_secret_is_kept_as_it_is():
    existing = base64.b64encode(b"-----BEGIN PRIVATE KEY-----\nkept\n-----END PRIVATE KEY-----\n").decode()
    previous = base64.b64encode(b"previous key").decode()
    manifests = render_with_existing_signing_key({"private-key.pem": existing, "previous-1.pem": previous})
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-auth-center-signing-key"]
    assert secret["data"] == {"private-key.pem": existing, "previous-1.pem": previous}
    # A Secret of the chart's name that lacks the key gets one, and keeps what else it holds.
    manifests = render_with_existing_signing_key({"previous-1.pem": previous})
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-auth-center-signing-key"]
    assert secret["data"]["previous-1.pem"] == previous
    ed25519_pem(secret["data"]["private-key.pem"])


def test_the_rsa_key_of_earlier_chart_releases_is_replaced():
    # Nothing ever signed with it, and auth-center reads Ed25519 keys only.
    rsa = base64.b64encode(b"-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\n").decode()
    manifests = render_with_existing_signing_key({"private-key.pem": rsa})
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-auth-center-signing-key"]
    assert set(secret["data"]) == {"private-key.pem"}
    ed25519_pem(secret["data"]["private-key.pem"])


def test_existing_signing_key_secret_and_previous_keys():
    values = {"signingKey": {"existingSecret": "my-keys", "existingSecretKey": "key-2026-11.pem",
                             "previousKeys": ["key-2026-05.pem", "key-2025-11.pem"]}}
    manifests = render(values)
    assert f"{RELEASE}-auth-center-signing-key" not in of_kind(manifests, "Secret")
    auth = of_kind(manifests, "Deployment")[name_of("auth-center")]
    assert signing_key_volume(auth)["secret"]["secretName"] == "my-keys"
    env = env_of(container_of(auth))
    assert env["TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE"]["value"] == f"{SIGNING_KEY_DIR}/key-2026-11.pem"
    assert env["TRADEWIND_AUTH_CENTER__KEYS__PREVIOUS_KEY_FILES"]["value"] == (
        f"{SIGNING_KEY_DIR}/key-2026-05.pem,{SIGNING_KEY_DIR}/key-2025-11.pem"
    )


@pytest.mark.parametrize("setup", list(SETUPS))
def test_every_service_is_pointed_at_auth_center(setup: str):
    manifests = SETUPS[setup]()
    services = of_kind(manifests, "Service")
    for service in SERVICES:
        env = env_of(container_of(of_kind(manifests, "Deployment")[name_of(service)]))
        url = env["TRADEWIND_AUTH_URL"]["value"]
        host, port = re.fullmatch(r"http://([\w-]+):(\d+)", url).groups()
        assert host == name_of("auth-center"), service
        assert services[host]["spec"]["ports"][0]["port"] == int(port) == SERVICES["auth-center"][2]
    gateway_env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("gateway")]))
    assert gateway_env["TRADEWIND_GATEWAY__UPSTREAMS__AUTH_CENTER__URL"]["value"] == url


def test_demo_data_is_off_unless_asked_for():
    for manifests in (default_manifests(), production_manifests()):
        env = env_of(container_of(of_kind(manifests, "Deployment")[name_of("auth-center")]))
        assert env["TRADEWIND_AUTH_CENTER__DEMO__ENABLED"]["value"] == "false"
    manifests = render({"demoData": {"enabled": True}})
    deployments = of_kind(manifests, "Deployment")
    assert env_of(container_of(deployments[name_of("auth-center")]))["TRADEWIND_AUTH_CENTER__DEMO__ENABLED"]["value"] == "true"
    for name, deployment in deployments.items():
        if name != name_of("auth-center"):
            assert "TRADEWIND_AUTH_CENTER__DEMO__ENABLED" not in env_of(container_of(deployment))
    notes = chart().render({"demoData": {"enabled": True}}, name=RELEASE, namespace=NAMESPACE)
    assert "docs/demo-data.md" in next(text for path, text in notes.items() if path.endswith("NOTES.txt"))


def test_every_process_gets_the_one_fleet_secret():
    """The gateway signs its identity headers with the fleet secret and every service checks them
    with it: one Secret for the release, generated once (kept across upgrades) or the operator's."""
    manifests = default_manifests()
    deployments = of_kind(manifests, "Deployment")
    assert len(deployments) == len(SERVICES)
    refs = {secret_ref(env_of(container_of(d)), "TRADEWIND_FLEET_SECRET") for d in deployments.values()}
    assert refs == {(f"{RELEASE}-fleet-secret", "secret")}
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-fleet-secret"]
    assert len(base64.b64decode(secret["data"]["secret"])) >= 32
    assert secret["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    assert "lookup" in (CHART / "templates" / "fleet-secret.yaml").read_text()

    values = production_values()
    deployments = of_kind(production_manifests(), "Deployment")
    refs = {secret_ref(env_of(container_of(d)), "TRADEWIND_FLEET_SECRET") for d in deployments.values()}
    assert refs == {(values["fleetSecret"]["existingSecret"], values["fleetSecret"]["existingSecretKey"])}


def test_the_services_that_seal_secrets_get_the_one_sealing_key():
    """auth-center, saas-main, hotel-app and weixin-server seal the secrets they keep with one key from a
    Secret (generated once and kept, or the operator's); without it the key would be a file in the
    pod, lost with it. No other process is given it."""
    manifests = default_manifests()
    deployments = of_kind(manifests, "Deployment")
    sealing = {"auth-center", "saas-main", "hotel-app", "weixin-server"}
    for service in SERVICES:
        env = env_of(container_of(deployments[name_of(service)]))
        var = f"TRADEWIND_{service.upper().replace('-', '_')}__SECRETS__KEY"
        if service in sealing:
            assert secret_ref(env, var) == (f"{RELEASE}-sealing-key", "key"), service
        else:
            assert not [n for n in env if n.endswith("__SECRETS__KEY")], service
    secret = of_kind(manifests, "Secret")[f"{RELEASE}-sealing-key"]
    assert len(base64.b64decode(base64.b64decode(secret["data"]["key"]))) == 32
    assert secret["metadata"]["annotations"]["helm.sh/resource-policy"] == "keep"
    assert "lookup" in (CHART / "templates" / "sealing-key.yaml").read_text()

    values = production_values()
    deployments = of_kind(production_manifests(), "Deployment")
    wanted = (values["sealingKey"]["existingSecret"], values["sealingKey"]["existingSecretKey"])
    for service in sealing:
        env = env_of(container_of(deployments[name_of(service)]))
        assert secret_ref(env, f"TRADEWIND_{service.upper().replace('-', '_')}__SECRETS__KEY") == wanted
    assert f"{RELEASE}-sealing-key" not in of_kind(production_manifests(), "Secret")


def test_saas_main_and_ticket_app_get_one_channel_transport_key():
    """Interface credentials travel from saas-main to ticket-app sealed with one transport key,
    the second value of the sealing Secret (generated with it, or the operator's): the same
    Secret key in both, in no other process, and a key of its own, not the sealing key."""
    manifests = default_manifests()
    deployments = of_kind(manifests, "Deployment")
    channels = {"saas-main", "ticket-app"}
    for service in SERVICES:
        env = env_of(container_of(deployments[name_of(service)]))
        var = f"TRADEWIND_{service.upper().replace('-', '_')}__CHANNEL__TRANSPORT_KEY"
        if service in channels:
            assert secret_ref(env, var) == (f"{RELEASE}-sealing-key", "channel-transport"), service
        else:
            assert var not in env, service
    data = of_kind(manifests, "Secret")[f"{RELEASE}-sealing-key"]["data"]
    assert len(base64.b64decode(base64.b64decode(data["channel-transport"]))) == 32
    assert data["channel-transport"] != data["key"]

    values = production_values()
    deployments = of_kind(production_manifests(), "Deployment")
    wanted = (values["sealingKey"]["existingSecret"], values["sealingKey"]["existingTransportKey"])
    for service in channels:
        env = env_of(container_of(deployments[name_of(service)]))
        var = f"TRADEWIND_{service.upper().replace('-', '_')}__CHANNEL__TRANSPORT_KEY"
        assert secret_ref(env, var) == wanted, service


def test_gateway_rate_limits_and_cors_origins():
    env = env_of(container_of(of_kind(default_manifests(), "Deployment")[name_of("gateway")]))
    # Unset: the gateway's built-in rules and same-origin only.
    assert "TRADEWIND_GATEWAY__RATE_LIMITS" not in env
    assert "TRADEWIND_GATEWAY__CORS_ORIGINS" not in env
    rules = ["POST /api/auth-center/api/auth/login=0:10/60", "/api/mall-app/**=5:3000/60", "/api/**=1:600/60"]
    origins = ["https://console.example.com", "https://partner.example.org"]
    manifests = render({"gatewayEdge": {"rateLimits": rules, "corsOrigins": origins}})
    deployments = of_kind(manifests, "Deployment")
    env = env_of(container_of(deployments[name_of("gateway")]))
    assert env["TRADEWIND_GATEWAY__RATE_LIMITS"]["value"] == "; ".join(rules)
    assert env["TRADEWIND_GATEWAY__CORS_ORIGINS"]["value"] == ",".join(origins)
    # Behind the chart's Ingress: one proxy's X-Forwarded-For entry is believed, none by default
    # values of other shapes.
    assert env["TRADEWIND_GATEWAY__TRUSTED_PROXY_HOPS"]["value"] == "1"
    manifests = render({"gatewayEdge": {"rateLimits": [], "corsOrigins": [], "trustedProxyHops": 2}})
    hops = env_of(container_of(of_kind(manifests, "Deployment")[name_of("gateway")]))
    assert hops["TRADEWIND_GATEWAY__TRUSTED_PROXY_HOPS"]["value"] == "2"
    for name, deployment in deployments.items():
        if name != name_of("gateway"):
            names = env_of(container_of(deployment))
            assert "TRADEWIND_GATEWAY__RATE_LIMITS" not in names and "TRADEWIND_GATEWAY__CORS_ORIGINS" not in names


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
