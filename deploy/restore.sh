#!/usr/bin/env sh
# Puts back a backup made by deploy/backup.sh, into an EMPTY database and storage:
#   deploy/restore.sh <backup-folder>
# database.dump needs DATABASE_URL naming a new, empty database (createdb): pg_restore recreates the
# tables, and refusing a database that has any keeps a restore from mixing into live data. Photos go
# to the bucket when S3_BUCKET is set, else into DATA_DIR/uploads, which must be empty. A backup of
# the embedded database (data/) is copied into DATA_DIR, which must be empty or missing. The server
# stays stopped until this is done; on start it migrates the restored database if it is older.
# Reads the server's variables (DATABASE_URL, DATA_DIR, S3_*); run it from a checkout with
# `pnpm install` done (the bucket is written with packages/db's photos:upload).
set -eu

usage="usage: deploy/restore.sh <backup-folder>"
folder="${1:?$usage}"
root="$(cd "$(dirname "$0")/.." && pwd)"
data_dir="${DATA_DIR:-$root/data}"

case "$folder" in
  /*) ;;
  *) folder="$(pwd)/$folder" ;;
esac

is_empty_dir() {
  [ ! -e "$1" ] || { [ -d "$1" ] && [ -z "$(ls -A "$1")" ]; }
}

# Every check before anything is written, so a refused restore leaves nothing half done.
if [ -d "$folder/photos" ] && [ -z "${S3_BUCKET:-}" ] && ! is_empty_dir "$data_dir/uploads"; then
  echo "restore.sh: $data_dir/uploads is not empty: restore the photos into an empty folder" >&2
  exit 1
fi

if [ -f "$folder/database.dump" ]; then
  if [ -z "${DATABASE_URL:-}" ]; then
    echo "restore.sh: $folder holds a PostgreSQL dump: set DATABASE_URL to a new, empty database" >&2
    exit 1
  fi
  tables="$(psql --no-psqlrc --tuples-only --no-align --dbname="$DATABASE_URL" \
    --command="select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")"
  if [ "$tables" != "0" ]; then
    echo "restore.sh: the database of DATABASE_URL has $tables tables: restore into a new, empty one" >&2
    exit 1
  fi
  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" "$folder/database.dump"
  echo "Database restored from $folder/database.dump"
elif [ -d "$folder/data" ]; then
  if ! is_empty_dir "$data_dir"; then
    echo "restore.sh: $data_dir is not empty: restore the embedded database into a new DATA_DIR" >&2
    exit 1
  fi
  mkdir -p "$data_dir"
  cp -a "$folder/data/." "$data_dir/"
  echo "Embedded database and its folder restored to $data_dir"
else
  echo "restore.sh: $folder has neither database.dump nor data/: not a backup of deploy/backup.sh" >&2
  exit 1
fi

if [ -d "$folder/photos" ]; then
  if [ -n "${S3_BUCKET:-}" ]; then
    pnpm --dir "$root/packages/db" --silent run photos:upload "$folder/photos"
  else
    mkdir -p "$data_dir/uploads"
    cp -a "$folder/photos/." "$data_dir/uploads/"
    echo "Photos restored to $data_dir/uploads"
  fi
fi
