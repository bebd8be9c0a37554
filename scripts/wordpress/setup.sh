#!/usr/bin/env bash
# A real WordPress on loopback for the tests, from Debian's packages (wordpress 6.1, mariadb-server,
# php-cli, php-mysql, php-gd), in a temp folder, stopped when the calling shell exits.
#   source scripts/wordpress/setup.sh
# Starts MariaDB on 127.0.0.1:$WP_DB_PORT (own socket and data folder) and `php -S` on
# 127.0.0.1:$WP_PORT with scripts/wordpress/router.php, installs WordPress without a browser
# (scripts/wordpress/wp.php), installs and activates the Studio site plugin (wordpress/studio-site/),
# seeds page 22 and the collections from the committed snapshots with their media, and exports CMS_URL, WP_DIR, WP_USER and WP_APP_PASSWORD (an application
# password for the REST API). The rebuild plugin calls $STUDIO_REBUILD_URL with $STUDIO_REBUILD_SECRET
# when they are set (written into wp-config.php).
# Without the packages it sets WORDPRESS_MISSING and returns 0. The prepared database and uploads
# are cached in $WP_CACHE_DIR (default /tmp/studio-wordpress-cache) and reused while the seed is
# unchanged: a second start takes a few seconds.
WP_PORT="${WP_PORT:-8140}"
WP_DB_PORT="${WP_DB_PORT:-33140}"
WP_CACHE_DIR="${WP_CACHE_DIR:-/tmp/studio-wordpress-cache}"
WP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
unset WORDPRESS_MISSING
if [ ! -f /usr/share/wordpress/wp-load.php ] || ! command -v mariadbd >/dev/null 2>&1 || ! command -v php >/dev/null 2>&1 \
  || ! grep -qx mysqli <<<"$(php -m 2>/dev/null)"; then
  if [ -n "${CI:-}" ]; then
    echo "wordpress: Debian's wordpress, mariadb-server, php-cli and php-mysql are not installed; .ci/run installs them, and CI does not run without them." >&2
    return 1 2>/dev/null || exit 1
  fi
  echo "wordpress: Debian's wordpress, mariadb-server, php-cli and php-mysql are not installed; the WordPress tests are skipped (.ci/run installs them)."
  export WORDPRESS_MISSING=1
  return 0 2>/dev/null || exit 0
fi

WP_TMP="$(mktemp -d /tmp/studio-wp-XXXXXX)"
export WP_DIR="$WP_TMP/wordpress" CMS_URL="http://127.0.0.1:$WP_PORT" WP_USER=admin
WP_DB_SOCKET="$WP_TMP/mysqld.sock"
wp_log() { echo "wordpress: $*"; }

start_mariadb() {
  mariadbd --no-defaults --user="$(id -un)" --datadir="$WP_TMP/db" --socket="$WP_DB_SOCKET" --port="$WP_DB_PORT" \
    --bind-address=127.0.0.1 --pid-file="$WP_TMP/mysqld.pid" --skip-log-bin --innodb-flush-log-at-trx-commit=0 \
    >>"$WP_TMP/mysqld.log" 2>&1 &
  WP_DB_PID=$!
  for _ in $(seq 1 150); do [ -S "$WP_DB_SOCKET" ] && break; sleep 0.2; done
}
stop_mariadb() {
  if [ -n "${WP_DB_PID:-}" ]; then kill "$WP_DB_PID" 2>/dev/null && wait "$WP_DB_PID" 2>/dev/null || true; fi
  WP_DB_PID=
}
stop_wordpress() {
  if [ -n "${WP_PHP_PID:-}" ] && kill -- "-$WP_PHP_PID" 2>/dev/null; then
    for _ in $(seq 1 50); do kill -0 "$WP_PHP_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  stop_mariadb
  rm -rf "$WP_TMP"
}

# The cache key: what decides the prepared state (WordPress's version, the seed and the installer).
wp_seed_key="$(cat /usr/share/wordpress/wp-includes/version.php "$WP_ROOT/scripts/wordpress/wp.php" \
  "$WP_ROOT/tests/fixtures/wordpress/page-22.json" "$WP_ROOT"/tests/fixtures/wordpress/media-*.json \
  "$WP_ROOT"/public/media/cms/*.webp "$WP_ROOT"/content/cms/*.json "$WP_ROOT"/wordpress/studio-site/*.php | sha256sum | cut -c1-16)"
wp_cache="$WP_CACHE_DIR/$wp_seed_key"

# WordPress's files: a copy of Debian's tree (hard links where possible) with a wp-config.php of its own.
cp -al /usr/share/wordpress "$WP_DIR" 2>/dev/null || { rm -rf "$WP_DIR" && cp -a /usr/share/wordpress "$WP_DIR"; }
rm -f "$WP_DIR/wp-config.php"
mkdir -p "$WP_DIR/wp-content/plugins" "$WP_DIR/wp-content/uploads"
rm -rf "$WP_DIR/wp-content/plugins/studio-site"
cp -r "$WP_ROOT/wordpress/studio-site" "$WP_DIR/wp-content/plugins/studio-site"
wp_salt="$(head -c 48 /dev/urandom | base64 | tr -d '/+=')"
cat >"$WP_DIR/wp-config.php" <<PHP
<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'wordpress-tests');
define('DB_HOST', 'localhost:$WP_DB_SOCKET');
define('DB_CHARSET', 'utf8mb4');
define('WP_HOME', '$CMS_URL');
define('WP_SITEURL', '$CMS_URL');
// Application passwords over plain http on loopback.
define('WP_ENVIRONMENT_TYPE', 'local');
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('AUTH_KEY', '$wp_salt'); define('SECURE_AUTH_KEY', '$wp_salt'); define('LOGGED_IN_KEY', '$wp_salt');
define('NONCE_KEY', '$wp_salt'); define('AUTH_SALT', '$wp_salt'); define('SECURE_AUTH_SALT', '$wp_salt');
define('LOGGED_IN_SALT', '$wp_salt'); define('NONCE_SALT', '$wp_salt');
// The rebuild webhook (the Studio site plugin).
define('STUDIO_REBUILD_URL', '${STUDIO_REBUILD_URL:-}');
define('STUDIO_REBUILD_SECRET', '${STUDIO_REBUILD_SECRET:-}');
\$table_prefix = 'wp_';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
PHP

wp_started=$SECONDS
if [ -d "$wp_cache/db" ]; then
  cp -a "$wp_cache/db" "$WP_TMP/db"
  cp -a "$wp_cache/uploads/." "$WP_DIR/wp-content/uploads/"
  wp_fresh=
else
  mariadb-install-db --no-defaults --user="$(id -un)" --datadir="$WP_TMP/db" --auth-root-authentication-method=socket \
    --skip-test-db >"$WP_TMP/install-db.log" 2>&1 || { cat "$WP_TMP/install-db.log"; return 1 2>/dev/null || exit 1; }
  wp_fresh=1
fi
start_mariadb
trap stop_wordpress EXIT
if [ -n "$wp_fresh" ]; then
  mariadb --no-defaults --socket="$WP_DB_SOCKET" -u"$(id -un)" -e "CREATE DATABASE wordpress CHARACTER SET utf8mb4;
    CREATE USER 'wordpress'@'localhost' IDENTIFIED BY 'wordpress-tests';
    GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';"
fi

# A WordPress host (Apache, php-fpm) answers requests side by side, as the site's pull asks them:
# `php -S` with workers does too. Its workers outlive a stopped parent, so it runs in a session of
# its own (setsid --fork, whether this file is run or sourced) whose process group is stopped whole.
PHP_CLI_SERVER_WORKERS=4 setsid --fork sh -c 'echo $$ >"$1/php.pid"; shift; exec "$@"' sh "$WP_TMP" \
  php -S "127.0.0.1:$WP_PORT" -t "$WP_DIR" "$WP_ROOT/scripts/wordpress/router.php" >"$WP_TMP/php.log" 2>&1
for _ in $(seq 1 50); do [ -s "$WP_TMP/php.pid" ] && break; sleep 0.1; done
WP_PHP_PID="$(cat "$WP_TMP/php.pid")"

# Installs (or, from the cache, resets) and makes a new application password for the tests.
WP_APP_PASSWORD="$(WP_DIR="$WP_DIR" php "$WP_ROOT/scripts/wordpress/wp.php" install "$(head -c 18 /dev/urandom | base64)")" \
  || { cat "$WP_TMP/php.log"; return 1 2>/dev/null || exit 1; }
export WP_APP_PASSWORD
if [ -n "$wp_fresh" ]; then
  mkdir -p "$wp_cache"
  # A consistent copy of the data folder needs a stopped server.
  stop_mariadb
  rm -rf "$wp_cache.tmp" && mkdir -p "$wp_cache.tmp"
  cp -a "$WP_TMP/db" "$wp_cache.tmp/db" && cp -a "$WP_DIR/wp-content/uploads" "$wp_cache.tmp/uploads"
  rm -rf "$wp_cache" && mv "$wp_cache.tmp" "$wp_cache"
  start_mariadb
fi
for _ in $(seq 1 50); do
  php -r 'exit(@file_get_contents($argv[1]) === false ? 1 : 0);' "$CMS_URL/wp-json/wp/v2/pages/22" && break
  sleep 0.2
done
wp_log "WordPress $(php -r "include '/usr/share/wordpress/wp-includes/version.php'; echo \$wp_version;") at $CMS_URL ($(( SECONDS - wp_started )) s$([ -z "$wp_fresh" ] && echo ', from the cache'))"
