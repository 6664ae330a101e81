#!/usr/bin/env bash
# Install Debian's PostgreSQL if missing, start it, and make a database for drakkar's tests.
#
#   eval "$(scripts/ci-postgres.sh)"      # exports DRAKKAR_TEST_POSTGRES_URL
#   source scripts/ci-postgres.sh         # the same
#
# The store's PostgreSQL tests read DRAKKAR_TEST_POSTGRES_URL and skip, saying why, without it.
# Needs root (apt-get, and su to the postgres user). Everything it says goes to stderr; the
# only line on stdout is the export.
set -euo pipefail

PGUSER_NAME=drakkar
PGPASS=drakkar
PGDB=drakkar_test
PGPORT=${DRAKKAR_PG_PORT:-5432}

if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
    echo "installing postgresql ..." >&2
    (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql) >&2
fi

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
    pg_createcluster "$version" main --port "$PGPORT" >&2
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
    pg_ctlcluster "$version" main start >&2
fi
for _ in $(seq 1 30); do
    su postgres -c "pg_isready -q -p $PGPORT" && break
    sleep 1
done

psql_admin() { su postgres -c "psql -p $PGPORT -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
if [ "$(psql_admin "SELECT 1 FROM pg_roles WHERE rolname='$PGUSER_NAME'")" != "1" ]; then
    psql_admin "CREATE ROLE $PGUSER_NAME LOGIN PASSWORD '$PGPASS'" >&2
fi
if [ "$(psql_admin "SELECT 1 FROM pg_database WHERE datname='$PGDB'")" != "1" ]; then
    psql_admin "CREATE DATABASE $PGDB OWNER $PGUSER_NAME" >&2
fi

url="postgresql://$PGUSER_NAME:$PGPASS@127.0.0.1:$PGPORT/$PGDB"
echo "PostgreSQL $version ready at $url" >&2
export DRAKKAR_TEST_POSTGRES_URL="$url"
echo "export DRAKKAR_TEST_POSTGRES_URL=$url"
