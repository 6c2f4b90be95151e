#!/usr/bin/env bash
# `mcpshift probe` against servers built on the real SDKs: the TypeScript SDK 1.x (legacy) and
# 2.x (modern-only and dual), the Python SDK 1.x (legacy) and 2.x (dual), each over Streamable
# HTTP and stdio. The servers are the few lines in tests/probe-servers/; the SDKs, at the
# versions pinned below, are installed into a cache folder once. Each probe must find the era
# and the key checks that the pinned SDK is known to produce.
#
# Usage: scripts/probe-real-sdks.sh [MCPSHIFT_BINARY]   (default: the debug build, built if absent)
# The cache folder is $MCPSHIFT_SDK_CACHE, by default target/probe-sdks.
#
# A missing node, python3 or network skips what needs it, with a message; a wrong answer of
# the probe fails the script.
set -uo pipefail
cd "$(dirname "$0")/.."

TS_SDK_V1=1.32.2      # @modelcontextprotocol/sdk
TS_SERVER_V2=2.4.0    # @modelcontextprotocol/server
TS_NODE_V2=2.1.2      # @modelcontextprotocol/node
PY_SDK_V1=1.30.0      # mcp
PY_SDK_V2=2.3.0       # mcp

bin=${1:-${CARGO_TARGET_DIR:-target}/debug/mcpshift}
cache=${MCPSHIFT_SDK_CACHE:-target/probe-sdks}
servers=$PWD/tests/probe-servers
failures=0
ran=0
skipped=()
started=()

cleanup() {
  for pid in "${started[@]}"; do
    kill "$pid" 2>/dev/null
  done
  for pid in "${started[@]}"; do
    wait "$pid" 2>/dev/null
  done
}
trap cleanup EXIT

if [ ! -x "$bin" ]; then
  echo "== building mcpshift"
  cargo build --locked --quiet || exit 1
  bin=${CARGO_TARGET_DIR:-target}/debug/mcpshift
fi
mkdir -p "$cache"

skip() {
  echo "SKIP: $*"
  skipped+=("$*")
}

# npm_install DIR PACKAGE@VERSION... : installs into DIR once; false when it cannot.
npm_install() {
  local dir=$1
  shift
  [ -f "$dir/.installed" ] && return 0
  rm -rf "$dir" && mkdir -p "$dir"
  echo '{"private":true}' >"$dir/package.json"
  if ! (cd "$dir" && npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
    --fetch-retries=1 --fetch-retry-maxtimeout=5000 --fetch-timeout=20000 "$@" >install.log 2>&1); then
    tail -n 3 "$dir/install.log"
    return 1
  fi
  touch "$dir/.installed"
}

# pip_install DIR REQUIREMENT : a virtual environment in DIR, once; false when it cannot.
pip_install() {
  local dir=$1 requirement=$2
  [ -f "$dir/.installed" ] && return 0
  rm -rf "$dir"
  if ! python3 -m venv "$dir" >/dev/null 2>&1; then
    echo "python3 -m venv is not available"
    return 1
  fi
  if ! "$dir/bin/pip" install --quiet --disable-pip-version-check --retries 1 --timeout 20 "$requirement" >"$dir/install.log" 2>&1; then
    tail -n 3 "$dir/install.log"
    return 1
  fi
  touch "$dir/.installed"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])' 2>/dev/null ||
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}

# wait_for PORT PID : true once something listens on PORT, false when PID died or after 60 s.
wait_for() {
  local port=$1 pid=$2
  for _ in $(seq 600); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      return 0
    fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# expect NAME EXIT ERA 'CHECK=OUTCOME...' PROBE-ARGUMENTS...
# Runs the probe with --format json and compares the exit code, the era and each named check.
expect() {
  local name=$1 want_exit=$2 want_era=$3 checks=$4
  shift 4
  local out exit flat problems=() c
  out=$("$bin" probe --timeout 30 --format json "$@")
  exit=$?
  flat=$(printf '%s' "$out" | tr -d ' \n')
  ran=$((ran + 1))
  [ "$exit" = "$want_exit" ] || problems+=("exit $exit, expected $want_exit")
  case $flat in *"\"era\":\"$want_era\""*) ;; *) problems+=("era is not $want_era") ;; esac
  for c in $checks; do
    local id=${c%%=*} outcome=${c#*=}
    if ! printf '%s' "$flat" | grep -q "\"id\":\"$id\",\"title\":\"[^\"]*\",\"outcome\":\"$outcome\""; then
      problems+=("check $id is not $outcome")
    fi
  done
  if [ ${#problems[@]} -eq 0 ]; then
    # shellcheck disable=SC2086 # the checks are words
    echo "ok:   $name: $want_era, exit $exit ($(echo $checks))"
  else
    echo "FAIL: $name: $(
      IFS=';'
      echo "${problems[*]}"
    )"
    printf '%s\n' "$out"
    failures=$((failures + 1))
  fi
}

# http NAME EXIT ERA 'CHECKS' SERVER-COMMAND... : starts the server on a free port (the
# command's words PORT become it), probes http://127.0.0.1:PORT/mcp, stops the server.
http() {
  local name=$1 want_exit=$2 want_era=$3 checks=$4
  shift 4
  local port cmd=() w
  port=$(free_port)
  for w in "$@"; do cmd+=("${w/PORT/$port}"); done
  "${cmd[@]}" >"$cache/server.log" 2>&1 &
  local pid=$!
  started+=("$pid")
  if wait_for "$port" "$pid"; then
    expect "$name (http)" "$want_exit" "$want_era" "$checks" "http://127.0.0.1:$port/mcp"
  else
    echo "FAIL: $name (http): the server did not start"
    tail -n 20 "$cache/server.log"
    failures=$((failures + 1))
  fi
  kill "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
}

# stdio NAME EXIT ERA 'CHECKS' SERVER-COMMAND... : probes the server over stdio.
stdio() {
  local name=$1 want_exit=$2 want_era=$3 checks=$4
  shift 4
  expect "$name (stdio)" "$want_exit" "$want_era" "$checks" -- "$@"
}

if command -v node >/dev/null && command -v npm >/dev/null; then
  ts1=$cache/ts-sdk-$TS_SDK_V1
  if npm_install "$ts1" "@modelcontextprotocol/sdk@$TS_SDK_V1"; then
    # Node resolves packages from the script's folder: the server runs from the install.
    cp "$servers/ts-sdk-v1.mjs" "$ts1/server.mjs"
    v1="TypeScript SDK $TS_SDK_V1"
    http "$v1" 1 legacy 'discover=fail initialize=fail session-id=fail get-405=fail delete-405=fail' \
      node "$ts1/server.mjs" http PORT
    stdio "$v1" 1 legacy 'discover=fail initialize=fail' node "$ts1/server.mjs" stdio
  else
    skip "TypeScript SDK $TS_SDK_V1: cannot install @modelcontextprotocol/sdk (offline?)"
  fi
  ts2=$cache/ts-sdk-$TS_SERVER_V2
  if npm_install "$ts2" "@modelcontextprotocol/server@$TS_SERVER_V2" "@modelcontextprotocol/node@$TS_NODE_V2"; then
    cp "$servers/ts-sdk-v2.mjs" "$ts2/server.mjs"
    v2="TypeScript SDK server $TS_SERVER_V2 + node $TS_NODE_V2"
    http "$v2, modern" 0 modern 'discover=pass result-type=pass cache-hints=pass unknown-method=pass
      initialize=pass session-id=pass get-405=pass delete-405=pass' node "$ts2/server.mjs" http PORT modern
    http "$v2, dual" 0 dual 'discover=pass initialize=warn session-id=pass get-405=pass delete-405=pass' \
      node "$ts2/server.mjs" http PORT dual
    stdio "$v2, modern" 0 modern 'discover=pass cache-hints=pass unknown-method=pass initialize=pass' \
      node "$ts2/server.mjs" stdio modern
    stdio "$v2, dual" 0 dual 'discover=pass initialize=warn' node "$ts2/server.mjs" stdio dual
  else
    skip "TypeScript SDK $TS_SERVER_V2: cannot install @modelcontextprotocol/server and node (offline?)"
  fi
else
  skip "TypeScript SDKs: node and npm are not installed"
fi

if command -v python3 >/dev/null; then
  py1=$cache/python-sdk-$PY_SDK_V1
  if pip_install "$py1" "mcp==$PY_SDK_V1"; then
    p1="Python SDK $PY_SDK_V1"
    http "$p1" 1 legacy 'discover=fail initialize=fail session-id=fail get-405=fail' \
      "$py1/bin/python" "$servers/python-sdk-v1.py" http PORT
    stdio "$p1" 1 legacy 'discover=fail initialize=fail' "$py1/bin/python" "$servers/python-sdk-v1.py" stdio
  else
    skip "Python SDK $PY_SDK_V1: cannot install mcp==$PY_SDK_V1 (offline, or python3 without venv?)"
  fi
  py2=$cache/python-sdk-$PY_SDK_V2
  if pip_install "$py2" "mcp==$PY_SDK_V2"; then
    p2="Python SDK $PY_SDK_V2"
    http "$p2" 0 dual 'discover=pass result-type=pass cache-hints=pass unknown-method=pass initialize=warn
      session-id=warn get-405=warn' "$py2/bin/python" "$servers/python-sdk-v2.py" http PORT
    stdio "$p2" 0 dual 'discover=pass unknown-method=pass initialize=warn' \
      "$py2/bin/python" "$servers/python-sdk-v2.py" stdio
  else
    skip "Python SDK $PY_SDK_V2: cannot install mcp==$PY_SDK_V2 (offline, or python3 older than 3.10?)"
  fi
else
  skip "Python SDKs: python3 is not installed"
fi

echo "probes: $ran run, $failures wrong, ${#skipped[@]} skipped"
[ "$failures" -eq 0 ]
