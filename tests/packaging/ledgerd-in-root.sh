#!/bin/bash
# Run inside the fresh root by test-deb-chroot.sh: the installed ledgerd on a new store, one
# transfer posted to it over HTTP (bash's /dev/tcp: the minimal root has no curl), then SIGTERM.
set -euo pipefail
export LEDGERDESK_STORE=/opt/ldtest/d.db LEDGERDESK_LANGUAGE=en
getent passwd ledgerdesk >/dev/null || { echo "no ledgerdesk user: the postinst did not run"; exit 1; }
[ -f /lib/systemd/system/ledgerd.service ] || [ -f /usr/lib/systemd/system/ledgerd.service ] || { echo "no ledgerd.service"; exit 1; }
grep -q '^LEDGERD_LISTEN=' /etc/ledgerdesk/ledgerd.conf || { echo "no /etc/ledgerdesk/ledgerd.conf"; exit 1; }
ledgerctl init >/dev/null
ledgerctl account create acme --opening 100 >/dev/null
ledgerctl account create bob >/dev/null
# With the package's four-eyes file as the service passes it (no rule set: nothing waits).
ledgerd --listen 127.0.0.1:0 --config /etc/ledgerdesk/approvals.conf >/opt/ldtest/ledgerd.url 2>/opt/ldtest/ledgerd.err &
pid=$!
for _ in $(seq 100); do [ -s /opt/ldtest/ledgerd.url ] && break; sleep 0.1; done
port=$(sed 's/.*://' /opt/ldtest/ledgerd.url)
body='{"source":"acme","destination":"bob","amount":"12.34"}'
exec 3<>"/dev/tcp/127.0.0.1/$port"
printf 'POST /v1/transfers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nIdempotency-Key: chroot-1\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' "${#body}" "$body" >&3
answer=$(cat <&3)
exec 3>&-
kill -TERM "$pid"
wait "$pid"
echo "$answer" | head -n1
echo "$answer" | grep -q '"state":"done"' || { echo "$answer"; exit 1; }
ledgerctl audit | tail -n1
