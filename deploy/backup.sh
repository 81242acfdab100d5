#!/usr/bin/env sh
# A backup of YardSale's data into a new folder, which deploy/restore.sh puts back:
#   deploy/backup.sh <backup-folder>
# With DATABASE_URL: the database with pg_dump (database.dump; pg_dump as new as the server), and
# the photos in photos/: every object of the bucket when S3_BUCKET is set, else DATA_DIR/uploads.
# Without DATABASE_URL the embedded database is a folder that only one process may open: STOP THE
# SERVER FIRST, then DATA_DIR (database and photos) is copied whole to data/.
# Reads the server's variables (DATABASE_URL, DATA_DIR, S3_*); run it from a checkout with
# `pnpm install` done (the bucket is read with packages/db's photos:download).
set -eu

usage="usage: deploy/backup.sh <backup-folder>"
folder="${1:?$usage}"
root="$(cd "$(dirname "$0")/.." && pwd)"
data_dir="${DATA_DIR:-$root/data}"

# The photo tool runs in packages/db, so it gets an absolute folder.
case "$folder" in
  /*) ;;
  *) folder="$(pwd)/$folder" ;;
esac

# Never mixed with an older backup: a restore must get exactly one moment's data.
if [ -e "$folder" ] && [ -n "$(ls -A "$folder")" ]; then
  echo "backup.sh: $folder is not empty; give a new folder" >&2
  exit 1
fi
mkdir -p "$folder"

if [ -n "${DATABASE_URL:-}" ]; then
  pg_dump --format=custom --no-owner --dbname="$DATABASE_URL" --file="$folder/database.dump"
  echo "Database saved to $folder/database.dump"
else
  if [ ! -d "$data_dir/pglite" ]; then
    echo "backup.sh: no DATABASE_URL and no embedded database in $data_dir/pglite" >&2
    exit 1
  fi
  mkdir "$folder/data"
  cp -a "$data_dir/." "$folder/data/"
  echo "Embedded database and its folder saved to $folder/data"
fi

if [ -n "${S3_BUCKET:-}" ]; then
  pnpm --dir "$root/packages/db" --silent run photos:download "$folder/photos"
elif [ -n "${DATABASE_URL:-}" ]; then
  mkdir "$folder/photos"
  if [ -d "$data_dir/uploads" ]; then
    cp -a "$data_dir/uploads/." "$folder/photos/"
  fi
  echo "Photos saved to $folder/photos"
fi
# Without either, the photos are DATA_DIR/uploads, already in data/.
