#!/usr/bin/env bash
# Installs the Debian packages the tests need beyond a JDK, when they are missing:
#   chromium                  ReportBrowserTest opens report.html in headless Chromium
#   fontconfig, fonts-dejavu  the PNG charts are drawn by Java2D, which needs a font
#   prometheus                PromtoolTest runs its promtool check metrics on the simulator's /metrics
#   nodejs, npm               OpenAiNodeSdkTest drives the simulator with the official openai Node SDK (installed
#                             by the test with npm); the real-tokenizer tests fetch their files with npm
# Uses apt-get as root, or through `sudo -n` (never asks for a password). Prints what it does on stderr and exits
# 0 when everything is there (installed now or before), 1 with one line saying what to run otherwise.
# Usage: scripts/test-deps.sh [--check]   (--check: only say what is missing, install nothing)
set -euo pipefail

check_only=0
[ "${1:-}" = "--check" ] && check_only=1

missing=()
if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
  missing+=(chromium)
fi
if ! command -v fc-list >/dev/null 2>&1; then
  missing+=(fontconfig)
fi
if ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -n 1)" ]; }; then
  missing+=(fonts-dejavu-core)
fi
if ! command -v promtool >/dev/null 2>&1; then
  missing+=(prometheus)
fi
if ! command -v node >/dev/null 2>&1; then
  missing+=(nodejs)
fi
if ! command -v npm >/dev/null 2>&1; then
  missing+=(npm)
fi

[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$check_only" = 1 ]; then
  echo "test-deps: missing ${missing[*]} (install: apt-get install -y ${missing[*]})" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "test-deps: missing ${missing[*]} and there is no apt-get here; install them with the system's package" \
    "manager (or put a chromium on PATH / in \$CHROMIUM)" >&2
  exit 1
fi

as_root=()
if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root=(sudo -n)
  else
    echo "test-deps: missing ${missing[*]}; run as root: apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
fi

echo "test-deps: installing ${missing[*]} with apt-get" >&2
export DEBIAN_FRONTEND=noninteractive
if ! "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
  # the package lists may be missing or stale (a fresh container has none)
  "${as_root[@]}" apt-get update -q >/dev/null 2>&1 || true
  if ! "${as_root[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >&2; then
    echo "test-deps: apt-get could not install ${missing[*]}" >&2
    exit 1
  fi
fi
