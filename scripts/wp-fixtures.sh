#!/usr/bin/env bash
# Fixtures recipe for a WordPress target (see README "Fixtures on WordPress"):
#   scripts/wp-fixtures.sh SITE.env OUT.fixtures.json
# SITE.env holds CAL_BASE_URL (the site's URL, without /wp-json); the WordPress root (the folder of
# wp-load.php) is WP_ROOT when set, else the folder beside SITE.env named after it (ext.env -> ext/).
# Runs scripts/wp-fixtures.php with the PHP CLI (PHP env var, default php) and writes OUT.
set -euo pipefail
env_file=${1:?usage: wp-fixtures.sh SITE.env OUT.fixtures.json}
out=${2:?usage: wp-fixtures.sh SITE.env OUT.fixtures.json}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
site_url=$(set -a; . "$env_file"; set +a; printf '%s' "${CAL_BASE_URL:?CAL_BASE_URL missing in $env_file}")
site_url=${site_url%/}; site_url=${site_url%/wp-json}
root=${WP_ROOT:-$(cd "$(dirname "$env_file")" && pwd)/$(basename "$env_file" .env)}
[ -f "$root/wp-load.php" ] || { echo "wp-fixtures: no wp-load.php in $root (set WP_ROOT)" >&2; exit 2; }
rm -f "$out"
exec "${PHP:-php}" "$here/wp-fixtures.php" "$root" "$site_url" "$out"
