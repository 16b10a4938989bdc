#!/usr/bin/env bash
# Populate a WordPress target as a real site would be (see scripts/wp-populate.php):
#   scripts/wp-populate.sh SITE.env [EVENTS] [ZONE] [FIXTURES]
# EVENTS (default 40; 0: only set the zone), ZONE e.g. Europe/Berlin (UTC restores gmt_offset 0),
# FIXTURES the site's fixtures file: its protectedEvents gets the password-protected event made, with its password.
# SITE.env holds CAL_BASE_URL; the WordPress root is WP_ROOT when set, else the folder beside
# SITE.env named after it (ext.env -> ext/), as for scripts/wp-fixtures.sh.
set -euo pipefail
env_file=${1:?usage: wp-populate.sh SITE.env [EVENTS] [ZONE] [FIXTURES]}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
site_url=$(set -a; . "$env_file"; set +a; printf '%s' "${CAL_BASE_URL:?CAL_BASE_URL missing in $env_file}")
site_url=${site_url%/}; site_url=${site_url%/wp-json}
root=${WP_ROOT:-$(cd "$(dirname "$env_file")" && pwd)/$(basename "$env_file" .env)}
[ -f "$root/wp-load.php" ] || { echo "wp-populate: no wp-load.php in $root (set WP_ROOT)" >&2; exit 2; }
exec "${PHP:-php}" "$here/wp-populate.php" "$root" "$site_url" "${2:-40}" "${3:-}" "${4:-}"
