{{/*
Helpers of the Tradewind chart.

Every service is rendered by the same named templates (tradewind.deployment, tradewind.service,
tradewind.hpa, tradewind.pdb, tradewind.migrationJob) from the same values block shape; the files
under templates/<service>/ only include them. The templates take a context
  (dict "root" $ "service" "<service name>")
and look the service up in the catalog below.
*/}}

{{/*
The fleet. Fixed facts of each service, not values: the values key of its block, the prefix of its
environment variables (TRADEWIND_<env>__...), the port it listens on (its built-in default, which
is also the Service port the gateway calls) and whether it owns a database. A copy of
services/registry.json, the one list of services: deploy/tests/test_registry.py fails when they differ.
*/}}
{{- define "tradewind.catalog" -}}
gateway:        {key: gateway,       env: GATEWAY,        port: 8080, database: false, seals: false, channels: false}
auth-center:    {key: authCenter,    env: AUTH_CENTER,    port: 8081, database: true,  seals: true, channels: false}
saas-main:      {key: saasMain,      env: SAAS_MAIN,      port: 8082, database: true,  seals: true, channels: true}
hotel-app:      {key: hotelApp,      env: HOTEL_APP,      port: 8083, database: true,  seals: true, channels: false}
ticket-app:     {key: ticketApp,     env: TICKET_APP,     port: 8084, database: true,  seals: false, channels: true}
weixin-server:  {key: weixinServer,  env: WEIXIN_SERVER,  port: 8085, database: true,  seals: true, channels: false}
mall-app:       {key: mallApp,       env: MALL_APP,       port: 8086, database: true,  seals: false, channels: false}
message-server: {key: messageServer, env: MESSAGE_SERVER, port: 8087, database: true,  seals: false, channels: false}
finance-app:    {key: financeApp,    env: FINANCE_APP,    port: 8088, database: true,  seals: false, channels: false}
{{- end }}

{{/* The catalog entry of the service in the context, as YAML (use with fromYaml). */}}
{{- define "tradewind.spec" -}}
{{- $catalog := include "tradewind.catalog" .root | fromYaml -}}
{{- $spec := index $catalog .service -}}
{{- if not $spec -}}
{{- fail (printf "tradewind: unknown service %q" .service) -}}
{{- end -}}
{{- toYaml $spec -}}
{{- end }}

{{/* Names of the services that own a database, in catalog order, as a YAML list. */}}
{{- define "tradewind.backendServices" -}}
- auth-center
- saas-main
- hotel-app
- ticket-app
- weixin-server
- mall-app
- message-server
- finance-app
{{- end }}

{{- define "tradewind.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/*
The release's base name. Resource names are "<fullname>-<service>[-migrate]" and must fit in 63
characters, so the base name is cut at 40, leaving room for the longest suffix
("-message-server-migrate").
*/}}
{{- define "tradewind.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end }}

{{/* "<fullname>-<service>": the name of the service's Deployment, Service, HPA and PDB. */}}
{{- define "tradewind.componentName" -}}
{{- printf "%s-%s" (include "tradewind.fullname" .root) .service -}}
{{- end }}

{{- define "tradewind.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end }}

{{/* Labels every resource of the release carries; takes the root context. */}}
{{- define "tradewind.commonLabels" -}}
helm.sh/chart: {{ include "tradewind.chart" . }}
app.kubernetes.io/name: {{ include "tradewind.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/part-of: tradewind
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
The labels that select every pod of the release ("the fleet"): the NetworkPolicies admit traffic
from pods carrying them. Takes the root context.
*/}}
{{- define "tradewind.fleetSelectorLabels" -}}
app.kubernetes.io/name: {{ include "tradewind.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{/* Selector labels of one service's pods; takes (dict "root" $ "service" name). */}}
{{- define "tradewind.selectorLabels" -}}
{{ include "tradewind.fleetSelectorLabels" .root }}
app.kubernetes.io/component: {{ .service }}
{{- end }}

{{/* Labels of one service's resources; takes (dict "root" $ "service" name). */}}
{{- define "tradewind.labels" -}}
{{ include "tradewind.commonLabels" .root }}
app.kubernetes.io/component: {{ .service }}
{{- end }}

{{/* The service account the services run as. */}}
{{- define "tradewind.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "tradewind.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end }}

{{/*
The image of a service: its own image.* where set, else the top-level image.*; the tag defaults to
the chart's appVersion.
*/}}
{{- define "tradewind.image" -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $own := (index .root.Values $spec.key).image | default dict -}}
{{- $repository := default .root.Values.image.repository $own.repository -}}
{{- $tag := default .root.Values.image.tag $own.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository (toString $tag) -}}
{{- end }}

{{- define "tradewind.imagePullPolicy" -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $own := (index .root.Values $spec.key).image | default dict -}}
{{- default .root.Values.image.pullPolicy $own.pullPolicy -}}
{{- end }}

{{/*
Where a service's database URL lives: externalDatabase.<key>.existingSecret (and its key) when
set, else the Secret the chart creates from externalDatabase.<key>.url. Returns YAML
{name, key, create}.
*/}}
{{- define "tradewind.databaseSecret" -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $db := index .root.Values.externalDatabase $spec.key -}}
{{- if $db.existingSecret -}}
name: {{ $db.existingSecret }}
key: {{ default "url" $db.existingSecretKey }}
create: false
{{- else if $db.url -}}
name: {{ printf "%s-database" (include "tradewind.componentName" .) }}
key: url
create: true
{{- else -}}
{{- fail (printf "tradewind: set externalDatabase.%s.url or externalDatabase.%s.existingSecret" $spec.key $spec.key) -}}
{{- end -}}
{{- end }}

{{/* Where the RabbitMQ URL lives (see tradewind.databaseSecret); takes the root context. */}}
{{- define "tradewind.rabbitmqSecret" -}}
{{- $mq := .Values.externalRabbitmq -}}
{{- if $mq.existingSecret -}}
name: {{ $mq.existingSecret }}
key: {{ default "url" $mq.existingSecretKey }}
create: false
{{- else if $mq.url -}}
name: {{ printf "%s-rabbitmq" (include "tradewind.fullname" .) }}
key: url
create: true
{{- else -}}
{{- fail "tradewind: set externalRabbitmq.url or externalRabbitmq.existingSecret" -}}
{{- end -}}
{{- end }}

{{/*
Where auth-center's token signing key lives: signingKey.existingSecret (the key named by
signingKey.existingSecretKey) when set, else the Secret the chart generates (key private-key.pem).
Returns YAML {name, key, create}; takes the root context.
*/}}
{{- define "tradewind.signingKeySecret" -}}
{{- if .Values.signingKey.existingSecret -}}
name: {{ .Values.signingKey.existingSecret }}
key: {{ default "private-key.pem" .Values.signingKey.existingSecretKey }}
create: false
{{- else -}}
name: {{ printf "%s-auth-center-signing-key" (include "tradewind.fullname" .) }}
key: private-key.pem
create: true
{{- end -}}
{{- end }}

{{/*
Where the fleet secret lives (TRADEWIND_FLEET_SECRET: the gateway signs its identity headers with
it, every service checks them): fleetSecret.existingSecret (the key named by
fleetSecret.existingSecretKey) when set, else the Secret the chart generates (key secret).
Returns YAML {name, key, create}; takes the root context.
*/}}
{{- define "tradewind.fleetSecret" -}}
{{- if .Values.fleetSecret.existingSecret -}}
name: {{ .Values.fleetSecret.existingSecret }}
key: {{ default "secret" .Values.fleetSecret.existingSecretKey }}
create: false
{{- else -}}
name: {{ printf "%s-fleet-secret" (include "tradewind.fullname" .) }}
key: secret
create: true
{{- end -}}
{{- end }}

{{/*
Where the sealing key lives (TRADEWIND_<SERVICE>__SECRETS__KEY: the services that keep secrets in
their database - auth-center's API user secrets, saas-main's interface credentials, hotel-app's
webhook secrets, weixin-server's app secrets - seal them with it, `platform::sealing`): sealingKey.existingSecret
(the key named by sealingKey.existingSecretKey) when set, else the Secret the chart generates
(key key). Its second value (transportKey) is the channel transport key
(TRADEWIND_<SERVICE>__CHANNEL__TRANSPORT_KEY, the same in saas-main and the services that sign
channel calls: interface credentials travel between them sealed with it). Returns YAML {name, key,
transportKey, create}; takes the root context.
*/}}
{{- define "tradewind.sealingKey" -}}
{{- if .Values.sealingKey.existingSecret -}}
name: {{ .Values.sealingKey.existingSecret }}
key: {{ default "key" .Values.sealingKey.existingSecretKey }}
transportKey: {{ default "channel-transport" .Values.sealingKey.existingTransportKey }}
create: false
{{- else -}}
name: {{ printf "%s-sealing-key" (include "tradewind.fullname" .) }}
key: key
transportKey: channel-transport
create: true
{{- end -}}
{{- end }}

{{/* Where the signing key Secret is mounted (read-only) in auth-center's pods. */}}
{{- define "tradewind.signingKeyDir" -}}
/etc/tradewind/signing-key
{{- end }}

{{/* auth-center's base URL inside the cluster (its Service); takes the root context. */}}
{{- define "tradewind.authUrl" -}}
{{- $catalog := include "tradewind.catalog" . | fromYaml -}}
{{- printf "http://%s:%v" (include "tradewind.componentName" (dict "root" . "service" "auth-center")) (index $catalog "auth-center").port -}}
{{- end }}

{{/*
Annotations that make a chart-created Secret a pre-install/pre-upgrade hook: the migration Jobs
are hooks too and need the database URL, and hooks run before the release's ordinary resources
exist. The lower weight creates the Secrets before the Jobs (weight 0).
*/}}
{{- define "tradewind.hookSecretAnnotations" -}}
helm.sh/hook: pre-install,pre-upgrade
helm.sh/hook-weight: "-10"
helm.sh/hook-delete-policy: before-hook-creation
{{- end }}

{{/*
Environment shared by a service and its migration Job: logging, tracing, database, broker (the
gateway, which has no database and no Job, gets the broker too).
Takes (dict "root" $ "service" name).
*/}}
{{- define "tradewind.commonEnv" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
- name: TRADEWIND_LOG
  value: {{ $root.Values.log.level | quote }}
- name: TRADEWIND_LOG_FORMAT
  value: {{ $root.Values.log.format | quote }}
{{- with $root.Values.otel.endpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ . | quote }}
{{- end }}
{{- if $spec.database }}
{{- $db := include "tradewind.databaseSecret" . | fromYaml }}
- name: TRADEWIND_{{ $spec.env }}__DATABASE__URL
  valueFrom:
    secretKeyRef:
      name: {{ $db.name }}
      key: {{ $db.key }}
{{- with (index $root.Values.externalDatabase $spec.key).poolSize }}
- name: TRADEWIND_{{ $spec.env }}__DATABASE__POOL_SIZE
  value: {{ . | quote }}
{{- end }}
{{- end }}
{{- /* Every process, the gateway too, follows session.ended events on a queue of its own. */}}
{{- $mq := include "tradewind.rabbitmqSecret" $root | fromYaml }}
- name: TRADEWIND_AMQP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $mq.name }}
      key: {{ $mq.key }}
{{- end }}

{{/* The full environment of a service's container. Takes (dict "root" $ "service" name). */}}
{{- define "tradewind.env" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
- name: TRADEWIND_{{ $spec.env }}__HTTP__HOST
  value: "0.0.0.0"
- name: TRADEWIND_{{ $spec.env }}__HTTP__PORT
  value: {{ $spec.port | quote }}
{{- with $values.workers }}
- name: TRADEWIND_{{ $spec.env }}__HTTP__WORKERS
  value: {{ . | quote }}
{{- end }}
{{ include "tradewind.commonEnv" . }}
- name: TRADEWIND_AUTH_URL
  value: {{ include "tradewind.authUrl" $root | quote }}
{{- /* The same in the gateway, which signs its identity headers with it, and every service. */}}
{{- $fleet := include "tradewind.fleetSecret" $root | fromYaml }}
- name: TRADEWIND_FLEET_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ $fleet.name }}
      key: {{ $fleet.key }}
{{- if $spec.seals }}
{{- /* Without it the key would be a file in the pod's data directory, lost with the pod. */}}
{{- $sealing := include "tradewind.sealingKey" $root | fromYaml }}
- name: TRADEWIND_{{ $spec.env }}__SECRETS__KEY
  valueFrom:
    secretKeyRef:
      name: {{ $sealing.name }}
      key: {{ $sealing.key }}
{{- end }}
{{- if $spec.channels }}
{{- /* One value for saas-main and the services it sends interface credentials to. */}}
{{- $transport := include "tradewind.sealingKey" $root | fromYaml }}
- name: TRADEWIND_{{ $spec.env }}__CHANNEL__TRANSPORT_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $transport.name }}
      key: {{ $transport.transportKey }}
{{- end }}
{{- if eq .service "gateway" }}
{{- $catalog := include "tradewind.catalog" $root | fromYaml }}
{{- range $upstream := include "tradewind.backendServices" $root | fromYamlArray }}
{{- $up := index $catalog $upstream }}
- name: TRADEWIND_GATEWAY__UPSTREAMS__{{ $up.env }}__URL
  value: {{ printf "http://%s:%v" (include "tradewind.componentName" (dict "root" $root "service" $upstream)) $up.port | quote }}
- name: TRADEWIND_GATEWAY__UPSTREAMS__{{ $up.env }}__TIMEOUT_SECS
  value: {{ (index $root.Values.gatewayUpstreams.timeoutOverrides $up.key) | default $root.Values.gatewayUpstreams.timeoutSeconds | quote }}
{{- end }}
{{- end }}
{{- if eq .service "gateway" }}
{{- with $root.Values.gatewayEdge.rateLimits }}
- name: TRADEWIND_GATEWAY__RATE_LIMITS
  value: {{ join "; " . | quote }}
{{- end }}
{{- with $root.Values.gatewayEdge.corsOrigins }}
- name: TRADEWIND_GATEWAY__CORS_ORIGINS
  value: {{ join "," . | quote }}
{{- end }}
- name: TRADEWIND_GATEWAY__TRUSTED_PROXY_HOPS
  value: {{ $root.Values.gatewayEdge.trustedProxyHops | quote }}
{{- end }}
{{- if eq .service "auth-center" }}
{{- $key := include "tradewind.signingKeySecret" $root | fromYaml }}
{{- $dir := include "tradewind.signingKeyDir" $root }}
- name: TRADEWIND_AUTH_CENTER__KEYS__SIGNING_KEY_FILE
  value: {{ printf "%s/%s" $dir $key.key | quote }}
{{- with $root.Values.signingKey.previousKeys }}
{{- $files := list }}
{{- range . }}
{{- $files = append $files (printf "%s/%s" $dir .) }}
{{- end }}
- name: TRADEWIND_AUTH_CENTER__KEYS__PREVIOUS_KEY_FILES
  value: {{ join "," $files | quote }}
{{- end }}
{{- end }}
{{- /* The demo data is every service's part of one demo (auth-center's logins, saas-main's tenant
  and merchants, hotel-app's hotel, ticket-app's scenic spots): all on or all off. */}}
{{- if (include "tradewind.spec" . | fromYaml).database }}
- name: TRADEWIND_{{ $spec.env }}__DEMO__ENABLED
  value: {{ $root.Values.demoData.enabled | toString | quote }}
{{- end }}
{{- with $values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/*
Pod template annotations: the user's, plus a checksum of every chart-created Secret the pod reads,
so that changing a URL in the values rolls the pods (environment from a Secret is read at start).
*/}}
{{- define "tradewind.podAnnotations" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
{{- if $spec.database }}
{{- $db := include "tradewind.databaseSecret" . | fromYaml }}
{{- if $db.create }}
checksum/database: {{ (index $root.Values.externalDatabase $spec.key).url | sha256sum }}
{{- end }}
{{- end }}
{{- $mq := include "tradewind.rabbitmqSecret" $root | fromYaml }}
{{- if $mq.create }}
checksum/rabbitmq: {{ $root.Values.externalRabbitmq.url | sha256sum }}
{{- end }}
{{- with $values.podAnnotations }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Probe settings from a probe values block; "path" is liveness or readiness. */}}
{{- define "tradewind.probe" -}}
httpGet:
  path: /actuator/health/{{ .path }}
  port: http
initialDelaySeconds: {{ .probe.initialDelaySeconds }}
periodSeconds: {{ .probe.periodSeconds }}
timeoutSeconds: {{ .probe.timeoutSeconds }}
failureThreshold: {{ .probe.failureThreshold }}
successThreshold: 1
{{- end }}

{{/* ------------------------------------------------------------------------------------------ */}}
{{/* Deployment of one service. Takes (dict "root" $ "service" name).                           */}}
{{- define "tradewind.deployment" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "tradewind.componentName" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "tradewind.labels" . | nindent 4 }}
spec:
  {{- if not $values.autoscaling.enabled }}
  replicas: {{ $values.replicas }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "tradewind.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    rollingUpdate:
      # Start the new pod before stopping an old one: no capacity lost during a rollout.
      maxUnavailable: 0
      maxSurge: 1
  template:
    metadata:
      labels:
        {{- include "tradewind.selectorLabels" . | nindent 8 }}
        {{- with $values.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- with include "tradewind.podAnnotations" . | trim }}
      annotations:
        {{- . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "tradewind.serviceAccountName" $root }}
      # The services never call the Kubernetes API.
      automountServiceAccountToken: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ $values.terminationGracePeriodSeconds }}
      containers:
        - name: {{ .service }}
          image: {{ include "tradewind.image" . | quote }}
          imagePullPolicy: {{ include "tradewind.imagePullPolicy" . }}
          # The image's entrypoint runs the binary named by the first argument.
          args: [{{ .service | quote }}]
          ports:
            - name: http
              containerPort: {{ $spec.port }}
              protocol: TCP
          env:
            {{- include "tradewind.env" . | nindent 12 }}
          {{- if $values.livenessProbe.enabled }}
          livenessProbe:
            {{- include "tradewind.probe" (dict "probe" $values.livenessProbe "path" "liveness") | nindent 12 }}
          {{- end }}
          {{- if $values.readinessProbe.enabled }}
          readinessProbe:
            {{- include "tradewind.probe" (dict "probe" $values.readinessProbe "path" "readiness") | nindent 12 }}
          {{- end }}
          resources:
            {{- toYaml $values.resources | nindent 12 }}
          securityContext:
            {{- toYaml $values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            # The root filesystem is read-only; /tmp is the one writable place.
            - name: tmp
              mountPath: /tmp
            {{- if eq .service "auth-center" }}
            # The token signing key (and any previous keys), read at start.
            - name: signing-key
              mountPath: {{ include "tradewind.signingKeyDir" $root }}
              readOnly: true
            {{- end }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
        {{- if eq .service "auth-center" }}
        - name: signing-key
          secret:
            secretName: {{ (include "tradewind.signingKeySecret" $root | fromYaml).name }}
            # Readable by the owner and the pod's fsGroup (the image's group) only.
            defaultMode: 0440
        {{- end }}
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}

{{/* ------------------------------------------------------------------------------------------ */}}
{{/* Service of one service. Takes (dict "root" $ "service" name).                              */}}
{{- define "tradewind.service" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "tradewind.componentName" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "tradewind.labels" . | nindent 4 }}
  {{- with $values.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: {{ $values.service.type }}
  selector:
    {{- include "tradewind.selectorLabels" . | nindent 4 }}
  ports:
    - name: http
      port: {{ $spec.port }}
      targetPort: http
      protocol: TCP
{{- end }}

{{/* ------------------------------------------------------------------------------------------ */}}
{{/* HorizontalPodAutoscaler of one service, when autoscaling is enabled.                      */}}
{{- define "tradewind.hpa" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
{{- if $values.autoscaling.enabled -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "tradewind.componentName" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "tradewind.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "tradewind.componentName" . }}
  minReplicas: {{ $values.autoscaling.minReplicas }}
  maxReplicas: {{ $values.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $values.autoscaling.targetCPUUtilizationPercentage }}
{{- end }}
{{- end }}

{{/* ------------------------------------------------------------------------------------------ */}}
{{/*
PodDisruptionBudget of one service: only when more than one pod can run (replicas > 1 or
autoscaling), since minAvailable 1 of a single pod would block every node drain.
*/}}
{{- define "tradewind.pdb" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
{{- if and $values.pdb.enabled (or $values.autoscaling.enabled (gt (int $values.replicas) 1)) -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "tradewind.componentName" . }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "tradewind.labels" . | nindent 4 }}
spec:
  minAvailable: {{ $values.pdb.minAvailable }}
  selector:
    matchLabels:
      {{- include "tradewind.selectorLabels" . | nindent 6 }}
{{- end }}
{{- end }}

{{/* ------------------------------------------------------------------------------------------ */}}
{{/*
Migration Job of one service: "<service> migrate", as a pre-install/pre-upgrade hook, so that a
release's pods only ever start against a migrated schema. Helm waits for the Job; a failed
migration fails the install or upgrade and leaves the running version untouched.
*/}}
{{- define "tradewind.migrationJob" -}}
{{- $root := .root -}}
{{- $spec := include "tradewind.spec" . | fromYaml -}}
{{- $values := index $root.Values $spec.key -}}
{{- $migrations := $root.Values.migrations -}}
{{- if $migrations.enabled -}}
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ printf "%s-migrate" (include "tradewind.componentName" .) }}
  namespace: {{ $root.Release.Namespace }}
  labels:
    {{- include "tradewind.commonLabels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ printf "%s-migrate" .service }}
  annotations:
    helm.sh/hook: pre-install,pre-upgrade
    helm.sh/hook-weight: "0"
    helm.sh/hook-delete-policy: before-hook-creation
spec:
  backoffLimit: {{ $migrations.backoffLimit }}
  activeDeadlineSeconds: {{ $migrations.activeDeadlineSeconds }}
  ttlSecondsAfterFinished: {{ $migrations.ttlSecondsAfterFinished }}
  template:
    metadata:
      labels:
        {{- include "tradewind.fleetSelectorLabels" $root | nindent 8 }}
        app.kubernetes.io/component: {{ printf "%s-migrate" .service }}
    spec:
      restartPolicy: Never
      {{- /* A hook runs before the chart's ServiceAccount exists: use an existing one, or the namespace's default. */}}
      {{- with $migrations.serviceAccountName }}
      serviceAccountName: {{ . }}
      {{- end }}
      automountServiceAccountToken: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml $values.podSecurityContext | nindent 8 }}
      containers:
        - name: migrate
          image: {{ include "tradewind.image" . | quote }}
          imagePullPolicy: {{ include "tradewind.imagePullPolicy" . }}
          args: [{{ .service | quote }}, "migrate"]
          env:
            {{- include "tradewind.commonEnv" . | nindent 12 }}
            {{- with $values.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          resources:
            {{- toYaml $migrations.resources | nindent 12 }}
          securityContext:
            {{- toYaml $values.containerSecurityContext | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: 64Mi
      {{- with $values.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}
{{- end }}
