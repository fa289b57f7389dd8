#!/usr/bin/env bash
# System packages the tests and the benchmark need: Debian's Chromium (Playwright cannot download browsers here), nginx
# (the production-like static server) with its brotli modules, and the toolchains that run the pages' sample programs
# (a JDK, Python 3 and Go: tests/unit/signature-samples.spec.ts). Needs root; does nothing for what is already installed.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
# The same Chromium without the desktop browser around it: it prints the PDF manuals in about half the time
# (scripts/lib/chromium.ts PRINT_CHROMIUM; without it, the build prints with chromium).
[ -x /usr/bin/chromium-headless-shell ] || need+=(chromium-headless-shell)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] || need+=(libnginx-mod-http-brotli-filter)
[ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
# openssl makes the self-signed certificate of the TLS example's test (deploy/nginx/site.example.conf).
command -v openssl >/dev/null 2>&1 || need+=(openssl)
command -v javac >/dev/null 2>&1 || need+=(default-jdk-headless)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v go >/dev/null 2>&1 || [ -x /usr/lib/go/bin/go ] || need+=(golang-go)
# A CJK font for Chromium (the manuals' PDFs, screenshots) and poppler's pdftotext/pdfinfo (the manual tests read the PDFs).
[ -f /usr/share/fonts/truetype/wqy/wqy-microhei.ttc ] || need+=(fonts-wqy-microhei)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then
  echo "setup-system: chromium (and its headless shell), nginx, a JDK, Python 3, Go, a CJK font and poppler-utils are installed"
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "setup-system: missing ${need[*]}; run as root: sudo npm run setup:system" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
# Debian starts nginx as a service on port 80 after install; the tests run their own instances.
systemctl disable --now nginx >/dev/null 2>&1 || service nginx stop >/dev/null 2>&1 || true
echo "setup-system: installed ${need[*]}"
