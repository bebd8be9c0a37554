#!/usr/bin/env bash
# Installs the site as a service on a fresh Debian 12 or Ubuntu 24.04 server, behind Caddy, from a
# clone of the project (README "Install on a server"):
#
#   sudo deploy/install.sh studio.example owner@studio.example
#
# The domain's DNS must point at the server, and ports 80 and 443 be open. Safe to run again (after
# editing /srv/studio-site/.env, or to apply a new unit or Caddyfile). Defaults, changed by
# variables: STUDIO_HOME=/srv/studio-site, STUDIO_USER=studio, STUDIO_PORT=3000, NODE_VERSION.
set -euo pipefail
usage="usage: sudo $0 DOMAIN EMAIL"
domain="${1:?$usage}"
email="${2:?$usage}"
home="${STUDIO_HOME:-/srv/studio-site}"
user="${STUDIO_USER:-studio}"
port="${STUDIO_PORT:-3000}"
node_version="${NODE_VERSION:-20.20.2}"
source_repo="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" = 0 ] || { echo "Run it as root: $usage" >&2; exit 1; }

echo "Installing the distribution's packages (caddy, git)…"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  caddy git ca-certificates curl xz-utils >/dev/null

# Node.js 20 (Debian 12 and Ubuntu 24.04 ship 18): the official build, checked against its checksum.
if ! node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' 2>/dev/null; then
  echo "Installing Node.js $node_version in /opt…"
  arch="$(dpkg --print-architecture)"
  case "$arch" in amd64) arch=x64 ;; arm64) ;; *) echo "No Node.js build for $arch" >&2; exit 1 ;; esac
  name="node-v$node_version-linux-$arch"
  tmp="$(mktemp -d)"
  curl -fsSL "https://nodejs.org/dist/v$node_version/$name.tar.xz" -o "$tmp/$name.tar.xz"
  curl -fsSL "https://nodejs.org/dist/v$node_version/SHASUMS256.txt" -o "$tmp/SHASUMS256.txt"
  (cd "$tmp" && grep " $name.tar.xz\$" SHASUMS256.txt | sha256sum -c --quiet)
  rm -rf "/opt/$name" && tar -xJf "$tmp/$name.tar.xz" -C /opt && rm -rf "$tmp"
  for bin in node npm npx; do ln -sf "/opt/$name/bin/$bin" "/usr/local/bin/$bin"; done
fi

# The service's user (it may read the journal: npm run logs), and the project folder: a clone of
# this checkout's remote, on the branch npm run update follows (deploy/clone-project.sh: from a
# branch, a tag or a detached checkout).
id "$user" >/dev/null 2>&1 ||
  useradd --system --create-home --home-dir "/var/lib/$user" --shell /usr/sbin/nologin "$user"
usermod -a -G systemd-journal "$user"
[ -d "$home/.git" ] || bash "$source_repo/deploy/clone-project.sh" "$source_repo" "$home"
mkdir -p "$home/data"
if [ ! -f "$home/.env" ]; then
  cat >"$home/.env" <<ENV
# Written by deploy/install.sh; every other setting is described in .env.example.
# The site is served in preview, not yet open (not indexed, a "not open yet" notice on every page,
# forms and payment claims closed): npm run check:launch lists what is left, npm run launch opens it.
SITE_LAUNCHED=no
SITE_URL=https://$domain
PORT=$port
HOST=127.0.0.1
TRUST_PROXY=true
TRUSTED_PROXIES=127.0.0.1,::1
BUILDS_DIR=data/builds
LOG_DIR=journal
ENV
fi
chown -R "$user:$user" "$home"
chmod 600 "$home/.env"

as_user() { runuser -u "$user" -- env -C "$home" NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 "$@"; }
[ -d "$home/node_modules" ] || as_user npm ci --no-audit --no-fund
# The pages, built as the service builds them. In preview the launch check's list is a warning; a
# launched site's build (a .env without SITE_LAUNCHED=no) stops on it.
if ! as_user node_modules/.bin/tsx server/start.ts --build-only; then
  echo "The build stopped (the lines above): fix $home/.env (npm run check:launch lists the launch items), then run this again." >&2
  exit 1
fi

# The address the site serves on: HOST and PORT in .env (the server's defaults when absent). The
# socket unit holds it (open while the server restarts: updates refuse no connection), Caddy passes to it.
env_setting() { sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$home/.env" | tail -n 1 | tr -d "\"' \r"; }
listen_port="$(env_setting PORT)"
listen_port="${listen_port:-3000}"
listen_host="$(env_setting HOST)"
case "${listen_host:-0.0.0.0}" in
  localhost) listen_address="127.0.0.1:$listen_port" ;;
  *:*) listen_address="[$listen_host]:$listen_port" ;;
  *) listen_address="${listen_host:-0.0.0.0}:$listen_port" ;;
esac
sed -e "s|/srv/studio-site|$home|g" -e "s|^User=studio|User=$user|" -e "s|^Group=studio|Group=$user|" \
  "$home/deploy/studio-site.service" >/etc/systemd/system/studio-site.service
sed -e "s|/srv/studio-site|$home|g" -e "s|^ListenStream=.*|ListenStream=$listen_address|" \
  "$home/deploy/studio-site.socket" >/etc/systemd/system/studio-site.socket
systemctl daemon-reload
# The socket takes the port: a server of an earlier install, listening itself, lets go of it first.
systemctl stop studio-site
systemctl enable -q studio-site.socket studio-site
systemctl restart studio-site.socket
systemctl start studio-site

sed -e "s|{\$STUDIO_DOMAIN}|$domain|" -e "s|{\$STUDIO_TLS}|$email|" -e "s|{\$STUDIO_PORT:3000}|$listen_port|" \
  "$home/deploy/Caddyfile" >/etc/caddy/Caddyfile
caddy validate --config /etc/caddy/Caddyfile --adapter caddyfile >/dev/null
systemctl enable -q caddy
systemctl reload-or-restart caddy
echo "Installed: https://$domain (service studio-site behind caddy)."
as_project="cd $home && sudo -u $user -H"
if grep -q '^SITE_LAUNCHED=no' "$home/.env"; then
  echo "It is in preview, not yet open. What is left: $as_project npm run check:launch"
  echo "Open it once that list is empty: $as_project npm run launch   (it restarts the site, which rebuilds as launched)"
fi
echo "Update: $as_project npm run update    Logs: $as_project npm run logs"
