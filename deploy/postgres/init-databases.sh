#!/usr/bin/env bash
# Creates one database per Tradewind service, each owned by a role of the same name, so that a
# service can reach its own data only ("services never read each other's databases").
#
# Run once by the postgres image on an empty data directory (mounted into
# /docker-entrypoint-initdb.d/); POSTGRES_USER is the superuser the image created.
# TRADEWIND_DB_PASSWORD is every service role's password (this is the compose stack; in
# production give each role its own, see docs/operations.md).
set -euo pipefail

: "${TRADEWIND_DB_PASSWORD:?set TRADEWIND_DB_PASSWORD}"

databases=(auth_center saas_main hotel_app ticket_app weixin_server mall_app message_server
    finance_app)

for db in "${databases[@]}"; do
    echo "init-databases: creating role and database $db"
    psql --set ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
        --set db="$db" --set password="$TRADEWIND_DB_PASSWORD" <<'SQL'
CREATE ROLE :"db" LOGIN PASSWORD :'password';
CREATE DATABASE :"db" OWNER :"db";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
done
