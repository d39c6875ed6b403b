#!/usr/bin/env bash
# `make bench`: measures and prints; never passes or fails on a number.
#  1. Gateway overhead: a small GET to hotel-app directly, through the gateway and through nginx
#     (a plain reverse proxy with upstream keep-alive), measured with wrk in one run: throughput
#     with 32 connections, latency with one connection (no queueing), and the ratios.
#  2. Identity: logins per second at auth-center (argon2id is deliberately slow), and requests
#     per second through the gateway to a path that needs a session, with a token (verified at
#     the gateway and again at the service) against the same hop to a public path.
#  3. Each service binary on its own: time from start to a healthy /actuator/health, and its
#     resident memory once idle.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/tradewind/target}
BIN=$CARGO_TARGET_DIR/release
DURATION=${BENCH_DURATION:-10s}
SERVICES=(auth-center saas-main hotel-app ticket-app weixin-server mall-app message-server finance-app gateway)

need() {
  command -v "$1" >/dev/null 2>&1 && return
  if [ "$(id -u)" -eq 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  else
    echo "bench: $1 is missing (apt-get install $2)" >&2; exit 1
  fi
}
need wrk wrk
need nginx nginx-light
need curl curl

echo "== building release binaries"
cargo build --release --locked --bins -q

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

wait_healthy() {
  local url=$1
  for _ in $(seq 1000); do
    curl -sf -o /dev/null "$url" && return 0
    sleep 0.01
  done
  echo "bench: $url never became healthy" >&2
  return 1
}

UP=18083 GW=18080 NG=18090
export TRADEWIND_LOG=warn
TRADEWIND_HOTEL_APP__HTTP__PORT=$UP TRADEWIND_HOTEL_APP__HTTP__WORKERS=1 \
  TRADEWIND_HOTEL_APP__DATABASE__URL="sqlite://$WORK/hotel-app.db" "$BIN/hotel-app" & PIDS+=($!)
# No rate limit here: the default per-caller limit would answer 429s, faster than any proxying.
TRADEWIND_GATEWAY__HTTP__PORT=$GW TRADEWIND_GATEWAY__HTTP__WORKERS=1 TRADEWIND_GATEWAY__RATE_LIMITS='/api/**=-1:0/60' \
  TRADEWIND_GATEWAY__UPSTREAMS__HOTEL_APP__URL="http://127.0.0.1:$UP" "$BIN/gateway" & PIDS+=($!)
cat > "$WORK/nginx.conf" <<NGINX
worker_processes 1;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  upstream hotel { server 127.0.0.1:$UP; keepalive 64; }
  server {
    listen 127.0.0.1:$NG;
    location /api/hotel-app/ {
      proxy_pass http://hotel/;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
  }
}
NGINX
nginx -c "$WORK/nginx.conf" -e "$WORK/nginx-error.log" & PIDS+=($!)
wait_healthy "http://127.0.0.1:$UP/actuator/health"
wait_healthy "http://127.0.0.1:$GW/api/hotel-app/actuator/health"
wait_healthy "http://127.0.0.1:$NG/api/hotel-app/actuator/health"

# wrk prints latencies as 812.00us / 1.23ms / 1.01s: normalise to ms.
to_ms() { awk '{v=$1; if (v ~ /us$/) {sub(/us$/,"",v); v/=1000} else if (v ~ /ms$/) {sub(/ms$/,"",v)} else if (v ~ /s$/) {sub(/s$/,"",v); v*=1000}; printf "%.3f", v}'; }
run_wrk() { # url connections -> "rps p50 p99"
  local out
  out=$(wrk -t1 -c"$2" -d"$DURATION" --latency "$1")
  if grep -q "Non-2xx" <<<"$out"; then
    echo "bench: $1 answered non-2xx: $(awk '/Non-2xx/ {print $4}' <<<"$out")" >&2
  fi
  local rps p50 p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p50=$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)
  p99=$(awk '$1=="99%" {print $2}' <<<"$out" | to_ms)
  echo "$rps $p50 $p99"
}

PATH_SMALL=/actuator/info
declare -A URL=(
  [direct]="http://127.0.0.1:$UP$PATH_SMALL"
  [gateway]="http://127.0.0.1:$GW/api/hotel-app$PATH_SMALL"
  [nginx]="http://127.0.0.1:$NG/api/hotel-app$PATH_SMALL"
)
declare -A RPS P50 P99
echo "== gateway overhead: GET $PATH_SMALL of hotel-app, $DURATION per run (wrk, 1 thread)"
printf '%-8s %14s %14s %14s %14s\n' "path" "req/s (c=32)" "p50 ms (c=32)" "p50 ms (c=1)" "p99 ms (c=1)"
for target in direct gateway nginx; do
  read -r rps p50c _ <<<"$(run_wrk "${URL[$target]}" 32)"
  read -r _ p50 p99 <<<"$(run_wrk "${URL[$target]}" 1)"
  RPS[$target]=$rps P50[$target]=$p50 P99[$target]=$p99
  printf '%-8s %14s %14s %14s %14s\n' "$target" "$rps" "$p50c" "$p50" "$p99"
done
awk -v g="${RPS[gateway]}" -v d="${RPS[direct]}" -v n="${RPS[nginx]}" \
    -v gp="${P99[gateway]}" -v dp="${P99[direct]}" -v np="${P99[nginx]}" 'BEGIN {
  printf "throughput gateway/direct: %.2f   gateway/nginx: %.2f   (target gateway/nginx >= 0.90)\n", g/d, g/n
  printf "p99 added at c=1: gateway %.3f ms, nginx %.3f ms   (target gateway < 1 ms)\n", gp-dp, np-dp
}'
for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
wait 2>/dev/null || true
PIDS=()

echo
echo "== identity: logins and token checks (auth-center and hotel-app with one worker each)"
AC=18081
TRADEWIND_AUTH_CENTER__HTTP__PORT=$AC TRADEWIND_AUTH_CENTER__HTTP__WORKERS=1 \
  TRADEWIND_AUTH_CENTER__DATABASE__URL="sqlite://$WORK/auth-center.db" TRADEWIND_DATA_DIR="$WORK" \
  TRADEWIND_AUTH_CENTER__DEMO__ENABLED=true "$BIN/auth-center" & PIDS+=($!)
TRADEWIND_HOTEL_APP__HTTP__PORT=$UP TRADEWIND_HOTEL_APP__HTTP__WORKERS=1 TRADEWIND_AUTH_URL="http://127.0.0.1:$AC" \
  TRADEWIND_HOTEL_APP__DATABASE__URL="sqlite://$WORK/hotel-app.db" "$BIN/hotel-app" & PIDS+=($!)
TRADEWIND_GATEWAY__HTTP__PORT=$GW TRADEWIND_GATEWAY__HTTP__WORKERS=1 \
  TRADEWIND_GATEWAY__RATE_LIMITS='/api/**=-1:0/60' \
  TRADEWIND_GATEWAY__UPSTREAMS__AUTH_CENTER__URL="http://127.0.0.1:$AC" \
  TRADEWIND_GATEWAY__UPSTREAMS__HOTEL_APP__URL="http://127.0.0.1:$UP" "$BIN/gateway" & PIDS+=($!)
wait_healthy "http://127.0.0.1:$AC/actuator/health"
wait_healthy "http://127.0.0.1:$UP/actuator/health"
wait_healthy "http://127.0.0.1:$GW/actuator/health"
cat > "$WORK/login.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"username":"demo","password":"demo123"}'
wrk.headers["Content-Type"] = "application/json"
LUA
out=$(wrk -t1 -c2 -d"$DURATION" --latency -s "$WORK/login.lua" "http://127.0.0.1:$AC/api/auth/login")
printf 'logins (argon2id m=19456 KiB t=2 p=1, c=2): %s req/s, p50 %s ms, non-2xx: %s\n' \
  "$(awk '/Requests\/sec/ {print $2}' <<<"$out")" "$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)" \
  "$(awk '/Non-2xx/ {print $4}' <<<"$out" | grep . || echo 0)"
TOKEN=$(curl -sf -H 'content-type: application/json' -d '{"username":"operator","password":"operator123"}' \
  "http://127.0.0.1:$AC/api/auth/login" | sed -E 's/.*"token":"([^"]+)".*/\1/')
cat > "$WORK/token.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $TOKEN"
LUA
# /client/bench is no route: past both guards it is a small 404, as small as /actuator/info.
printf '%-34s %14s %14s\n' "through the gateway" "req/s (c=32)" "p50 ms (c=1)"
for case in "public /actuator/info|/api/hotel-app/actuator/info" "with a token /client/bench|/api/hotel-app/client/bench"; do
  label=${case%%|*} path=${case##*|}
  rps=$(wrk -t1 -c32 -d"$DURATION" -s "$WORK/token.lua" "http://127.0.0.1:$GW$path" | awk '/Requests\/sec/ {print $2}')
  p50=$(wrk -t1 -c1 -d"$DURATION" --latency -s "$WORK/token.lua" "http://127.0.0.1:$GW$path" | awk '$1=="50%" {print $2}' | to_ms)
  printf '%-34s %14s %14s\n' "$label" "$rps" "$p50"
done
for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
wait 2>/dev/null || true
PIDS=()
cargo bench --locked -q -p platform --bench tokens

echo
echo "== each service alone: start to healthy, idle resident memory (target < 1 s, < 30 MB)"
printf '%-16s %16s %14s\n' "service" "start->healthy" "idle RSS"
port=18100
for svc in "${SERVICES[@]}"; do
  port=$((port + 1))
  var=$(tr 'a-z-' 'A-Z_' <<<"$svc")
  start=$(date +%s%N)
  env "TRADEWIND_${var}__HTTP__PORT=$port" "TRADEWIND_${var}__DATABASE__URL=sqlite://$WORK/$svc.db" \
    "$BIN/$svc" & pid=$!
  PIDS+=("$pid")
  wait_healthy "http://127.0.0.1:$port/actuator/health"
  ready=$(date +%s%N)
  sleep 2
  rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
  printf '%-16s %13.1f ms %11.1f MB\n' "$svc" "$(( (ready - start) / 1000 ))e-3" "$(awk -v k="$rss_kb" 'BEGIN{print k/1024}')"
  kill "$pid"; wait "$pid" 2>/dev/null || true
  PIDS=()
done

echo
bash scripts/ensure-infra.sh rabbitmq >/dev/null
cargo bench --locked -q -p platform --bench bus

echo
# The dashboards' statistics: 1,000,000 order events ingested, orderStats/list against a raw
# GROUP BY, on both databases (BENCH_STATS_EVENTS for a smaller run).
bash scripts/ensure-infra.sh postgres >/dev/null
cargo bench --locked -q -p saas-main --bench stats

echo
bash scripts/bench-hotel.sh

echo
# Notifications: order API answer -> websocket with 1,000 sockets through RabbitMQ, and the
# memory of 10,000 idle sockets (BENCH_NOTIFY_ORDERS, BENCH_NOTIFY_SOCKETS, BENCH_NOTIFY_IDLE).
bash scripts/ensure-infra.sh rabbitmq >/dev/null
bash scripts/ensure-infra.sh postgres >/dev/null
echo "== notifications (cargo bench -p fleet --bench notify)"
cargo bench --locked -q -p fleet --bench notify

echo
# The console: bundle sizes (gzip) and login -> dashboard chart in headless Chromium against the
# fleet (release build, the console built by `make frontend`).
bash scripts/ensure-infra.sh chromium >/dev/null
(cd frontend && npm ci --no-audit --no-fund >/dev/null && npm run build >/dev/null)
echo "== web console"
(cd frontend/e2e && FLEET_BIN="$BIN/fleet" node bench.mjs)
