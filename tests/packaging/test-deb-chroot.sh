#!/usr/bin/env bash
# The package on a Debian system that has never seen LedgerDesk nor built it: mmdebstrap makes a
# minimal bookworm root (apt and its essentials only) from the same archive this machine uses,
# apt installs the .deb there — resolving its Depends from the archive, so a missing or wrong
# dependency fails here — and both programs run inside it with chroot: `--version`, and a real
# store (init, accounts, a transfer, audit), the console's too (offscreen, its own Qt).
#   test-deb-chroot.sh BUILD_DIR      (root; needs mmdebstrap and network to the archive; CI runs it)
set -euo pipefail
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (mmdebstrap's root mode and chroot)"
command -v mmdebstrap >/dev/null || fail "mmdebstrap is not installed (scripts/install-deps.sh installs it)"

(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$work"/out/ledgerdesk_*.deb | head -n1)
cp "$deb" "$work/ledgerdesk.deb"
version=$(dpkg-deb -f "$deb" Version)

# The archive this machine installs from (its suites include updates and security, so that the
# versions shlibdeps saw here exist there too).
sources=/etc/apt/sources.list.d/debian.sources
[ -f "$sources" ] || sources=/etc/apt/sources.list
start=$(date +%s)
mmdebstrap --variant=apt --quiet \
  --customize-hook='mkdir -p "$1/opt/ldtest"' \
  --customize-hook='copy-in "'"$work"'/ledgerdesk.deb" /opt/ldtest' \
  --customize-hook='copy-in "'"$here"'/ledgerd-in-root.sh" /opt/ldtest' \
  --customize-hook='chroot "$1" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /opt/ldtest/ledgerdesk.deb' \
  --customize-hook='chroot "$1" dpkg -s ledgerdesk | grep -q "^Status: install ok installed"' \
  --customize-hook='chroot "$1" ledgerctl --version > "$1/opt/ldtest/ledgerctl.version"' \
  --customize-hook='chroot "$1" env QT_QPA_PLATFORM=offscreen ledgerdesk --version > "$1/opt/ldtest/ledgerdesk.version"' \
  --customize-hook='chroot "$1" sh -ec "export LEDGERDESK_STORE=/opt/ldtest/s.db LEDGERDESK_OPERATOR=ci LEDGERDESK_LANGUAGE=en; ledgerctl init; ledgerctl account create acme --opening 100; ledgerctl account create bob; ledgerctl transfer acme bob 12.34 --key t1; ledgerctl audit" > "$1/opt/ldtest/session.log" 2>&1' \
  --customize-hook='chroot "$1" bash /opt/ldtest/ledgerd-in-root.sh > "$1/opt/ldtest/ledgerd.log" 2>&1' \
  --customize-hook='chroot "$1" env QT_QPA_PLATFORM=offscreen ledgerdesk --store /opt/ldtest/s.db --screenshots /opt/ldtest/shots >/dev/null 2>&1; ls "$1"/opt/ldtest/shots/*.png > /dev/null' \
  bookworm "$work/root" "$sources" >"$work/mmdebstrap.log" 2>&1 \
  || { tail -40 "$work/mmdebstrap.log" >&2; [ -f "$work/root/opt/ldtest/session.log" ] && cat "$work/root/opt/ldtest/session.log" >&2;
       [ -f "$work/root/opt/ldtest/ledgerd.log" ] && cat "$work/root/opt/ldtest/ledgerd.log" >&2; fail "installing into a fresh bookworm root"; }

[ "$(head -n1 "$work/root/opt/ldtest/ledgerctl.version")" = "ledgerctl $version" ] || fail "ledgerctl --version said '$(cat "$work/root/opt/ldtest/ledgerctl.version")'"
[ "$(cat "$work/root/opt/ldtest/ledgerdesk.version")" = "ledgerdesk $version" ] || fail "ledgerdesk --version said '$(cat "$work/root/opt/ldtest/ledgerdesk.version")'"
grep -q ' done  12\.34  acme → bob' "$work/root/opt/ldtest/session.log" && grep -q '^clean:' "$work/root/opt/ldtest/session.log" || { cat "$work/root/opt/ldtest/session.log" >&2; fail "the transfer in the fresh root did not end done"; }
grep -q '^HTTP/1.1 201' "$work/root/opt/ldtest/ledgerd.log" && grep -q '^clean:' "$work/root/opt/ldtest/ledgerd.log" \
  || { cat "$work/root/opt/ldtest/ledgerd.log" >&2; fail "the installed ledgerd did not take a transfer"; }
echo "ok: installed with apt into a fresh bookworm root ($(( $(date +%s) - start )) s); the programs ran there, a transfer ended done (ledgerctl and over HTTP to the installed ledgerd, its user made by the postinst), audit clean"
