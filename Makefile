# Tradewind: `make run` starts the whole product, `make test` checks everything.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# One build cache outside the clone, shared by every checkout of this machine.
export CARGO_TARGET_DIR ?= $(HOME)/.cache/tradewind/target
export TRADEWIND_TEST_POSTGRES_URL ?= postgres://postgres:postgres@127.0.0.1:5432/postgres
CARGO ?= cargo
# `make run PROFILE=release` for an optimised build.
PROFILE ?= dev
BIN_DIR := $(CARGO_TARGET_DIR)/$(if $(filter dev,$(PROFILE)),debug,$(PROFILE))

.PHONY: help run build frontend api-types test test-rust test-frontend test-e2e test-contract test-prod-shape test-deploy infra lint fmt bench migrate clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-12s %s\n", $$1, $$2}'

# weixin-server talks to the WeChat simulator (docs/weixin.md) unless told another WeChat; the
# simulator knows the demo tenant's official account and mini-program from the start. The channel
# simulator (docs/channels.md) holds the demo distributor's meituan ticket account, where the
# demo's channel configuration points; its orders go to ticket-app through the gateway.
WECHAT_SIM_ADDR ?= 127.0.0.1:8095
CHANNEL_SIM_ADDR ?= 127.0.0.1:8096
run: frontend build ## build and start every service in one process (SQLite under data/), and the WeChat and channel simulators
	@mkdir -p data
	@echo "Starting the WeChat simulator (http://$(WECHAT_SIM_ADDR)/sim/), the channel simulator (http://$(CHANNEL_SIM_ADDR)/sim/) and the fleet; Ctrl-C stops them."
	@WECHAT_SIM__ADDR=$(WECHAT_SIM_ADDR) \
	WECHAT_SIM__DEMO_SERVER=$${TRADEWIND_WEIXIN_SERVER__PUBLIC_URL:-http://127.0.0.1:8080/api/weixin-server} \
	$(BIN_DIR)/wechat-sim & sim=$$!; \
	CHANNEL_SIM__ADDR=$(CHANNEL_SIM_ADDR) CHANNEL_SIM__DEMO=true \
	CHANNEL_SIM__DEMO_GATEWAY=http://127.0.0.1:$${TRADEWIND_GATEWAY__HTTP__PORT:-8080} \
	$(BIN_DIR)/channel-sim & channels=$$!; \
	trap 'kill $$sim $$channels 2>/dev/null' EXIT; \
	TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL=$${TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL:-http://$(WECHAT_SIM_ADDR)} \
	$(BIN_DIR)/fleet --target all

build: ## build every service binary
	$(CARGO) build --profile $(PROFILE) --workspace --bins

# `npm ci`: installs exactly what frontend/package-lock.json holds and never rewrites it, so a
# fresh clone stays clean (deploy/tests/test_clean_tree.py). The lock carries every platform's
# optional binaries (@swc/core-*), as `npm install` writes it; a lock without them is one `npm ci`
# refuses. Run again only when a manifest or the lock changed (npm writes
# node_modules/.package-lock.json at each install).
FRONTEND_DEPS := frontend/node_modules/.package-lock.json
$(FRONTEND_DEPS): frontend/package-lock.json $(wildcard frontend/package.json frontend/*/package.json frontend/*/*/package.json)
	cd frontend && npm ci --no-audit --no-fund

frontend: $(FRONTEND_DEPS) ## build the web console into frontend/dist (host at /, remotes under /remotes/)
	cd frontend && npm run build

migrate: build ## bring every service's database up to date
	$(BIN_DIR)/fleet migrate --target all

test: infra lint test-rust test-frontend test-e2e test-contract test-prod-shape test-deploy ## everything: infrastructure, lint, all tests on both databases, the console's checks and browser tests, the API contract, the production shape under faults, deployment checks

infra: ## start (or install) PostgreSQL and RabbitMQ for the tests
	bash scripts/ensure-infra.sh all

lint: ## formatting and clippy, warnings are errors
	$(CARGO) fmt --all --check
	$(CARGO) clippy --workspace --all-targets --all-features --locked -- -D warnings

test-rust: ## unit and integration tests (each service on SQLite and PostgreSQL)
	@if $(CARGO) nextest --version >/dev/null 2>&1; then \
		$(CARGO) nextest run --workspace --locked --profile ci; \
	else \
		echo "cargo-nextest not found; using cargo test"; \
		$(CARGO) test --workspace --locked; \
	fi

test-frontend: $(FRONTEND_DEPS) ## the console's type check, lint and unit tests
	cd frontend && npm run check

# The weixin and channel pages' tests start the WeChat and channel simulators beside the fleet:
# the three binaries are built.
test-e2e: frontend ## browser tests: Debian's Chromium against the fleet serving the built console
	bash scripts/ensure-infra.sh chromium
	$(CARGO) build --profile $(PROFILE) --bin fleet --bin wechat-sim --bin channel-sim --locked
	cd frontend && PROFILE=$(PROFILE) npm run test:e2e

test-contract: $(FRONTEND_DEPS) ## every service's OpenAPI document against the running fleet (schemathesis): no 5xx, no undocumented status, no answer off its schema; the console's generated types current
	$(CARGO) build --profile $(PROFILE) --bin fleet --locked
	cd frontend && PROFILE=$(PROFILE) node tools/api-types.mjs --check
	PROFILE=$(PROFILE) bash scripts/check-contract.sh

api-types: $(FRONTEND_DEPS) ## generate the console's types of the services' answers from their OpenAPI documents
	$(CARGO) build --profile $(PROFILE) --bin fleet
	cd frontend && PROFILE=$(PROFILE) node tools/api-types.mjs

test-prod-shape: ## every service binary its own processes with replicas, PostgreSQL and RabbitMQ, under faults (broker cut, replicas killed, a database cut)
	bash scripts/prod-shape.sh

test-deploy: ## lint the Dockerfile, check the compose file, lint, render and validate the Helm chart
	bash scripts/check-deploy.sh

fmt: ## format the code
	$(CARGO) fmt --all

bench: ## every benchmark, ending with one table of figures and targets (BENCH=gateway,bus,... for some parts)
	bash scripts/bench.sh

clean: ## remove local data (SQLite files) and built frontend
	rm -rf data frontend/dist
