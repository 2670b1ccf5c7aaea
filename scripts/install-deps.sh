#!/usr/bin/env bash
# Installs what LedgerDesk needs to build and test on Debian 12 / Ubuntu 22.04+, skipping what is
# already there so that re-runs are fast. Uses sudo when not root.
set -euo pipefail

packages=(
  cmake ninja-build g++ make
  qt6-base-dev                            # core, ledgerctl, widgets (SQLite is built in: third_party/sqlite)
  qt6-charts-dev libqt6opengl6-dev        # the dashboard (Qt Charts' CMake package needs OpenGL's)
  libqt6svg6 qt6-svg-dev                  # SVG icons; the build renders the hicolor PNGs from the SVG
  qt6-websockets-dev                      # ledgerctl serve --ws (and the test's client)
  qt6-httpserver-dev                      # ledgerd, the ledger as a service (HTTP, TLS, WebSocket upgrades)
  qtkeychain-qt6-dev                      # the console keeps a ledger service's token in the desktop's keyring
  wrk curl                                # ledgerd: its benchmark (wrk) and a real client in its tests (curl)
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools  # Qt Linguist: .ts compiled to .qm at build time
  qt6-translations-l10n                   # Qt's own words (standard buttons, file dialogs) in Chinese
  fonts-wqy-microhei                      # Chinese text in offscreen tests and the zh_CN screenshot
  poppler-utils                           # pdftoppm: the incident report's PDF rendered in a test
  dpkg-dev file desktop-file-utils appstream  # cpack's .deb (shlibdeps) and its checks
  mmdebstrap                              # a fresh bookworm root to install the .deb into (CI)
  fonts-dejavu-core                       # text in offscreen tests and screenshots
  xvfb xauth                              # tst_consolefiles@xvfb: the console in a real X window
  libpq-dev pkg-config                    # the PostgreSQL store (libpq)
  libcurl4-openssl-dev                    # the DynamoDB store (HTTPS to DynamoDB's API)
  zlib1g-dev                              # the data lake's gzip files
  postgresql                              # throwaway clusters for the @pg tests and benchmarks
  openssl                                 # tst_pgtls: a throwaway CA and server certificate
  clang libclang-rt-14-dev                # sanitizer builds and libFuzzer (scripts/ci-sanitizers.sh)
  clang-format-14                         # the house style: scripts/format.sh, ctest's format test
  python3 jq                              # the README runner (tests/readme): its shell examples use jq
  prometheus prometheus-alertmanager      # the shipped alert rules, tested with promtool and end to end (tests/prometheus)
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
# Node.js runs the OpenAPI checks of ledgerd (tools/openapi), dynalite, the DynamoDB store's
# test server (tools/dynalite), and the data lake's s3rver and DuckDB (tools/lake); any Node 18+
# will do, so one that is
# already there (from Debian or elsewhere) is not replaced.
command -v node >/dev/null && command -v npm >/dev/null || missing+=(nodejs npm)

# The npm packages, pinned by each folder's package-lock.json, into that folder (not system-wide);
# again only when the lock file changed since the last install.
npm_tools() {
  local root dir
  root="$(cd "$(dirname "$0")/.." && pwd)/tools"
  for dir in "$root/openapi" "$root/dynalite" "$root/lake"; do
    if ! cmp -s "$dir/package-lock.json" "$dir/node_modules/.installed-lock" 2>/dev/null; then
      echo "install-deps: npm ci in tools/$(basename "$dir")"
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error && cp package-lock.json node_modules/.installed-lock)
    fi
  done
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: everything is already installed"
  npm_tools
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y --no-install-recommends "${missing[@]}"
npm_tools
