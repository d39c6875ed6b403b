#!/usr/bin/env bash
# `make bench`: measures and prints; never passes or fails on a number. Every part prints its
# figures as it goes, and the closing table gathers each part's key figures with their targets.
#
#   BENCH=gateway,identity,services,bus,stats,hotel,notify,finance,mall,ticket,channels,open,weixin,console,soak (all: the default)
#   BENCH_DURATION=10s   the length of each wrk run
#
#  gateway   a small GET to hotel-app directly, through the gateway and through nginx (a plain
#            reverse proxy with upstream keep-alive), in one run: throughput with 32 connections,
#            latency with one (no queueing), and the ratios.
#  identity  logins per second at auth-center (argon2id is deliberately slow); requests through
#            the gateway to a path that needs a session against a public one; one token check.
#  services  each service binary on its own: start to a healthy /actuator/health, idle memory.
#  bus       the event bus, in process and through RabbitMQ (cargo bench -p platform --bench bus).
#  stats     the dashboards' statistics over 1,000,000 order events on both databases.
#  hotel     hotel bookings and order lists (scripts/bench-hotel.sh).
#  notify    order -> websocket latency with 1,000 sockets, memory of 10,000 idle sockets.
#  finance   credit payments (pay -> paid through RabbitMQ at 200/s), finance-app's lists and
#            summaries over 1,000,000 credit logs.
#  weixin    template messages from a burst of 10,000 notifications to the WeChat simulator.
#  mall      a snap-up rush through the gateway, mall-app on PostgreSQL: 10,000 order attempts
#            from 500 connections on 100 units; attempts/s, p50/p99, orders made, stock left.
#  ticket    ticket bookings through the gateway on 1,000 tickets of contended stock (ticket-app
#            on PostgreSQL): bookings/s, p99, oversell; then every voucher scanned twice at the
#            gate, half by 16 gates back to back (redemptions/s) and half at a steady 400
#            scans/s (p50/p99 a gate sees); admissions (exactly one per voucher).
#  channels  a 90-day price change on 1,000 products mapped to a channel (ticket-app on
#            PostgreSQL, the channel simulator): time until the channel holds every new price.
#  open      1,000 signed bookings of the open distribution API through the gateway (hotel-app on
#            PostgreSQL): bookings/s, p50/p99 of a booking, every request checked by auth-center.
#  console   bundle sizes and login -> dashboard chart in headless Chromium.
#  soak      the production shape (every service its own processes, replicas, PostgreSQL,
#            RabbitMQ) under a steady mix through the gateway for 10 minutes: errors, p99 by
#            minute, each process's memory at the start, middle and end.
#
# One release build serves the binaries and the benches: both are built by one cargo command,
# so the benches' dev-dependencies do not make a second set of artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."

export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/tradewind/target}
BIN=$CARGO_TARGET_DIR/release
export BENCH_DURATION=${BENCH_DURATION:-10s}
DURATION=$BENCH_DURATION
ALL=gateway,identity,services,bus,stats,hotel,notify,finance,mall,ticket,channels,open,weixin,console,soak
BENCH=${BENCH:-$ALL}
SERVICES=(auth-center saas-main hotel-app ticket-app weixin-server mall-app message-server finance-app gateway)

for part in ${BENCH//,/ }; do
  [[ ",$ALL," == *",$part,"* ]] || { echo "bench: no part '$part' (parts: $ALL)" >&2; exit 2; }
done
want() { [[ ",$BENCH," == *",$1,"* ]]; }

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
need jq jq

WORK=$(mktemp -d)
SUMMARY=$WORK/summary
: >"$SUMMARY"
PIDS=()
stop_all() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  PIDS=()
}
cleanup() {
  stop_all
  rm -rf "$WORK"
}
trap cleanup EXIT

# run_bench package bench: runs a bench target of this build from its package's directory, as
# `cargo bench` would.
run_bench() {
  local exe
  exe=$(jq -r --arg n "$2" 'select(.reason == "compiler-artifact" and .target.kind == ["bench"]
    and .target.name == $n) | .executable' "$WORK/build.json" | tail -n 1)
  [ -x "$exe" ] || { echo "bench: no bench '$2' was built" >&2; return 1; }
  (cd "services/$1" && "$exe" --bench)
}

# summary part figure value target met(met|MISSED|-): one row of the closing table.
summary() { printf 'summary|%s|%s|%s|%s|%s\n' "$@"; }

# Runs one part in a subshell of its own (its processes are stopped when it ends, and a
# failing command ends it), printing what it prints but keeping its `summary|` lines for the
# closing table. A part that fails is said in the table; the next part still runs.
TOOK=()
run_part() {
  local name=$1 began=$SECONDS status
  shift
  want "$name" || return 0
  echo
  set +e
  (
    set -e
    trap stop_all EXIT
    "$@"
  ) 2>&1 | awk -v file="$SUMMARY" '/^summary\|/ { print >> file; fflush(file); next } { print; fflush() }'
  status=${PIPESTATUS[0]}
  set -e
  if [ "$status" -ne 0 ]; then
    summary "$name" "the part itself" "failed (exit $status)" "" "MISSED" >>"$SUMMARY"
  fi
  echo "($name took $((SECONDS - began)) s)"
  TOOK+=("$name $((SECONDS - began))")
}

wait_healthy() {
  local url=$1
  for _ in $(seq 1000); do
    curl -sf -o /dev/null "$url" && return 0
    sleep 0.01
  done
  echo "bench: $url never became healthy" >&2
  return 1
}

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
UP=18083 GW=18080 NG=18090 AC=18081
export TRADEWIND_LOG=warn

part_gateway() {
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

  local path=/actuator/info target rps p50c p50 p99
  declare -A URL=(
    [direct]="http://127.0.0.1:$UP$path"
    [gateway]="http://127.0.0.1:$GW/api/hotel-app$path"
    [nginx]="http://127.0.0.1:$NG/api/hotel-app$path"
  )
  declare -A RPS P99
  echo "== gateway overhead: GET $path of hotel-app, $DURATION per run (wrk, 1 thread)"
  printf '%-8s %14s %14s %14s %14s\n' "path" "req/s (c=32)" "p50 ms (c=32)" "p50 ms (c=1)" "p99 ms (c=1)"
  for target in direct gateway nginx; do
    read -r rps p50c _ <<<"$(run_wrk "${URL[$target]}" 32)"
    read -r _ p50 p99 <<<"$(run_wrk "${URL[$target]}" 1)"
    RPS[$target]=$rps P99[$target]=$p99
    printf '%-8s %14s %14s %14s %14s\n' "$target" "$rps" "$p50c" "$p50" "$p99"
  done
  awk -v g="${RPS[gateway]}" -v d="${RPS[direct]}" -v n="${RPS[nginx]}" \
      -v gp="${P99[gateway]}" -v dp="${P99[direct]}" -v np="${P99[nginx]}" 'BEGIN {
    printf "throughput gateway/direct: %.2f   gateway/nginx: %.2f   (target gateway/nginx >= 0.90)\n", g/d, g/n
    printf "p99 added at c=1: gateway %.3f ms, nginx %.3f ms   (target gateway < 1 ms)\n", gp-dp, np-dp
    printf "summary|gateway|throughput gateway/nginx (%.0f / %.0f req/s)|%.2f|>= 0.90|%s\n", g, n, g/n, (g/n >= 0.9 ? "met" : "MISSED")
    printf "summary|gateway|p99 added by the gateway, one connection|%.3f ms|< 1 ms|%s\n", gp-dp, (gp-dp < 1 ? "met" : "MISSED")
  }'
}

part_identity() {
  echo "== identity: logins and token checks (auth-center and hotel-app with one worker each)"
  TRADEWIND_AUTH_CENTER__HTTP__PORT=$AC TRADEWIND_AUTH_CENTER__HTTP__WORKERS=1 \
    TRADEWIND_AUTH_CENTER__DATABASE__URL="sqlite://$WORK/auth-center.db" TRADEWIND_DATA_DIR="$WORK" \
    TRADEWIND_AUTH_CENTER__DEMO__ENABLED=true "$BIN/auth-center" & PIDS+=($!)
  TRADEWIND_HOTEL_APP__HTTP__PORT=$UP TRADEWIND_HOTEL_APP__HTTP__WORKERS=1 TRADEWIND_AUTH_URL="http://127.0.0.1:$AC" \
    TRADEWIND_HOTEL_APP__DATABASE__URL="sqlite://$WORK/hotel-app-identity.db" "$BIN/hotel-app" & PIDS+=($!)
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
  local out logins token label path rps p50
  out=$(wrk -t1 -c2 -d"$DURATION" --latency -s "$WORK/login.lua" "http://127.0.0.1:$AC/api/auth/login")
  logins=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  printf 'logins (argon2id m=19456 KiB t=2 p=1, c=2): %s req/s, p50 %s ms, non-2xx: %s\n' \
    "$logins" "$(awk '$1=="50%" {print $2}' <<<"$out" | to_ms)" \
    "$(awk '/Non-2xx/ {print $4}' <<<"$out" | grep . || echo 0)"
  summary identity "logins per second (argon2id, 2 connections)" "$logins" "" "-"
  token=$(curl -sf -H 'content-type: application/json' -d '{"username":"operator","password":"operator123"}' \
    "http://127.0.0.1:$AC/api/auth/login" | jq -r .token)
  cat > "$WORK/token.lua" <<LUA
wrk.headers["Authorization"] = "Bearer $token"
LUA
  # /client/bench is no route: past both guards it is a small 404, as small as /actuator/info.
  printf '%-34s %14s %14s\n' "through the gateway" "req/s (c=32)" "p50 ms (c=1)"
  for case in "public /actuator/info|/api/hotel-app/actuator/info" "with a token /client/bench|/api/hotel-app/client/bench"; do
    label=${case%%|*} path=${case##*|}
    rps=$(wrk -t1 -c32 -d"$DURATION" -s "$WORK/token.lua" "http://127.0.0.1:$GW$path" | awk '/Requests\/sec/ {print $2}')
    p50=$(wrk -t1 -c1 -d"$DURATION" --latency -s "$WORK/token.lua" "http://127.0.0.1:$GW$path" | awk '$1=="50%" {print $2}' | to_ms)
    printf '%-34s %14s %14s\n' "$label" "$rps" "$p50"
    summary identity "through the gateway, $label" "$rps req/s" "" "-"
  done
  stop_all
  run_bench platform tokens
}

part_services() {
  echo "== each service alone: start to healthy, idle resident memory (target < 1 s, < 30 MB)"
  printf '%-16s %16s %14s\n' "service" "start->healthy" "idle RSS"
  local port=18100 svc var start ready pid rss_kb slowest=0 largest=0
  for svc in "${SERVICES[@]}"; do
    port=$((port + 1))
    var=$(tr 'a-z-' 'A-Z_' <<<"$svc")
    start=$(date +%s%N)
    env "TRADEWIND_${var}__HTTP__PORT=$port" "TRADEWIND_${var}__DATABASE__URL=sqlite://$WORK/alone-$svc.db" \
      "$BIN/$svc" & pid=$!
    PIDS+=("$pid")
    wait_healthy "http://127.0.0.1:$port/actuator/health"
    ready=$(date +%s%N)
    sleep 2
    rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$pid/status")
    printf '%-16s %13.1f ms %11.1f MB\n' "$svc" "$(( (ready - start) / 1000 ))e-3" "$(awk -v k="$rss_kb" 'BEGIN{print k/1024}')"
    slowest=$(( (ready - start) / 1000000 > slowest ? (ready - start) / 1000000 : slowest ))
    largest=$(( rss_kb > largest ? rss_kb : largest ))
    stop_all
  done
  summary services "slowest start to healthy" "$slowest ms" "< 1000 ms" "$([ "$slowest" -lt 1000 ] && echo met || echo MISSED)"
  summary services "largest idle resident memory" "$(awk -v k="$largest" 'BEGIN{printf "%.1f MB", k/1024}')" "< 30 MB" \
    "$([ "$largest" -lt $((30 * 1024)) ] && echo met || echo MISSED)"
}

part_bus() {
  bash scripts/ensure-infra.sh rabbitmq >/dev/null
  run_bench platform bus
}

part_stats() {
  # 1,000,000 order events ingested, orderStats/list against a raw GROUP BY, on both databases
  # (BENCH_STATS_EVENTS for a smaller run).
  bash scripts/ensure-infra.sh postgres >/dev/null
  run_bench saas-main stats
}

part_hotel() {
  bash scripts/ensure-infra.sh postgres >/dev/null
  bash scripts/bench-hotel.sh
}

part_notify() {
  # Order API answer -> websocket with 1,000 sockets through RabbitMQ, and the memory of 10,000
  # idle sockets (BENCH_NOTIFY_ORDERS, BENCH_NOTIFY_SOCKETS, BENCH_NOTIFY_IDLE).
  bash scripts/ensure-infra.sh rabbitmq >/dev/null
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== notifications (services/fleet/benches/notify.rs)"
  run_bench fleet notify
}

part_finance() {
  # BENCH_FINANCE_ORDERS (2,000), BENCH_FINANCE_RATE (200 a second), BENCH_FINANCE_LOGS
  # (1,000,000), BENCH_FINANCE_CALLS (200).
  bash scripts/ensure-infra.sh rabbitmq >/dev/null
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== finance (services/fleet/benches/finance.rs)"
  run_bench fleet finance
}

part_mall() {
  # BENCH_RUSH_ATTEMPTS (10,000), BENCH_RUSH_CONNECTIONS (500), BENCH_RUSH_STOCK (100).
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== mall (services/fleet/benches/rush.rs)"
  run_bench fleet rush
}

part_ticket() {
  # BENCH_TICKET_STOCK (1,000), BENCH_TICKET_CONNECTIONS (200), BENCH_TICKET_GATES (16),
  # BENCH_TICKET_SCAN_RATE (400).
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== ticket (services/fleet/benches/ticket.rs)"
  run_bench fleet ticket
}

part_channels() {
  # BENCH_CHANNEL_PRODUCTS (1,000), BENCH_CHANNEL_CONNECTIONS (20).
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== channels (services/fleet/benches/channels.rs)"
  run_bench fleet channels
}

part_open() {
  # BENCH_OPEN_BOOKINGS (1,000), BENCH_OPEN_CONNECTIONS (20).
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== open (services/fleet/benches/open_api.rs)"
  run_bench fleet open_api
}

part_weixin() {
  # BENCH_WEIXIN_MESSAGES (10,000), BENCH_WEIXIN_BACKENDS (sqlite,postgres).
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== weixin (services/weixin-server/benches/templates.rs)"
  run_bench weixin-server templates
}

part_console() {
  # Bundle sizes (gzip) and login -> dashboard chart in headless Chromium against the fleet's
  # release binary, with the console built for production.
  bash scripts/ensure-infra.sh chromium >/dev/null
  (cd frontend && npm ci --no-audit --no-fund >/dev/null && npm run build >/dev/null)
  echo "== web console"
  (cd frontend/e2e && FLEET_BIN="$BIN/fleet" node bench.mjs)
}

part_soak() {
  # BENCH_SOAK_SECS (600), BENCH_SOAK_BOOKINGS (2 a second), BENCH_SOAK_LISTS (10 a second),
  # BENCH_SOAK_SOCKETS (20).
  bash scripts/ensure-infra.sh rabbitmq >/dev/null
  bash scripts/ensure-infra.sh postgres >/dev/null
  echo "== soak (services/fleet/benches/soak.rs)"
  run_bench fleet soak
}

started=$SECONDS
echo "== building: release binaries and benches in one cargo command"
# The benches are run from what this build made (never `cargo bench`, whose other profile and
# narrower feature set would build much of the workspace again).
cargo build --release --locked --workspace --bins --bench '*' --message-format=json-render-diagnostics \
  >"$WORK/build.json"
echo "(build took $((SECONDS - started)) s)"
TOOK+=("build $((SECONDS - started))")

run_part gateway part_gateway
run_part identity part_identity
run_part services part_services
run_part bus part_bus
run_part stats part_stats
run_part hotel part_hotel
run_part notify part_notify
run_part finance part_finance
run_part mall part_mall
run_part ticket part_ticket
run_part channels part_channels
run_part open part_open
run_part weixin part_weixin
run_part console part_console
run_part soak part_soak

echo
echo "== summary ($(date -u +%F), $(nproc) cores, BENCH=$BENCH, BENCH_DURATION=$DURATION)"
awk -F'|' '
  { rows[NR] = $0; for (i = 2; i <= 6; i++) if (length($i) > w[i]) w[i] = length($i) }
  END {
    w[2] = w[2] < 4 ? 4 : w[2]; w[3] = w[3] < 6 ? 6 : w[3]
    fmt = "%-" w[2] "s  %-" w[3] "s  %" w[4] "s  %-" w[5] "s  %s\n"
    printf fmt, "part", "figure", "value", "target", "met"
    for (r = 1; r <= NR; r++) { split(rows[r], c, "|"); printf fmt, c[2], c[3], c[4], c[5], c[6] }
  }' "$SUMMARY"
printf 'time taken:'
for t in "${TOOK[@]}"; do printf ' %s %ss,' "${t% *}" "${t#* }"; done
echo " in all $((SECONDS - started)) s"
! grep -q '|the part itself|' "$SUMMARY"
