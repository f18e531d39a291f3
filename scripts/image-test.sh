#!/usr/bin/env bash
# Builds the container image (Dockerfile) on the engine at DOCKER_HOST and checks it end to end:
# it starts with a data volume, turns healthy, the admin signs in and creates a game, and the game
# is still there after the container restarts. Prints the image's size; removes what it created.
#
# No image registry is reachable on CI machines, so without a Node base image (NODE_IMAGE, default
# node:22-bookworm-slim) on the engine it assembles one: a minimal Debian root (debootstrap) plus
# the host's Node, npm and Node headers, imported with `docker import`. The build reaches the npm
# registry and the Debian mirror through the host's network (--network host). The Debian mirror is the
# one the host's own apt uses (DEBIAN_MIRROR overrides it): this script names no host of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf '==> %s\n' "$*"; }

# The first enabled `deb` source of the host's apt that serves the suite named in $1 (one-line .list
# files and deb822 .sources files), printed as its URI; nothing when none does.
apt_mirror_for() {
  local suite=$1 file files=()
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$file" ] && files+=("$file")
  done
  [ ${#files[@]} -gt 0 ] || return 0
  awk -v suite="$suite" '
    function flush() {
      if (types ~ /(^| )deb( |$)/ && enabled !~ /^(no|false)$/ && (" " suites " ") ~ (" " suite " ") && uris != "") {
        split(uris, u, " "); print u[1]; found = 1; exit
      }
      types = uris = suites = enabled = ""
    }
    FNR == 1 { flush() }
    FILENAME ~ /\.sources$/ {
      if ($0 ~ /^[ \t]*$/) { flush(); next }
      if ($0 ~ /^#/) next
      field = tolower($1); sub(/:$/, "", field); $1 = ""; sub(/^ +/, "")
      if (field == "types") types = $0; else if (field == "uris") uris = $0
      else if (field == "suites") suites = $0; else if (field == "enabled") enabled = tolower($0)
      next
    }
    /^[ \t]*deb[ \t]/ {
      line = $0; sub(/^[ \t]*deb[ \t]+/, "", line); sub(/^\[[^]]*\][ \t]+/, "", line)
      split(line, f, /[ \t]+/)
      if (f[2] == suite) { print f[1]; found = 1; exit }
    }
    END { if (!found) flush() }
  ' "${files[@]}"
}
started=$SECONDS
docker info >/dev/null 2>&1 || { echo "No Docker engine answers at ${DOCKER_HOST:-the default socket}" >&2; exit 1; }

tag="vexil-image-test:$$"
name="vexil-image-test-$$"
volume="vexil-image-test-$$"
work=$(mktemp -d /tmp/vexil-image-test.XXXXXX)
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  docker volume rm "$volume" >/dev/null 2>&1 || true
  [ -n "${VEXIL_TEST_IMAGE:-}" ] || docker image rm "$tag" >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'echo "image-test.sh: failed at line $LINENO" >&2; docker logs "$name" 2>&1 | tail -n 30 >&2 || true' ERR

# ---- Node base image (not needed with VEXIL_TEST_IMAGE) ------------------------------------------------------------------------------
node_image=${NODE_IMAGE:-node:22-bookworm-slim}
if [ -z "${VEXIL_TEST_IMAGE:-}" ] && ! docker image inspect "$node_image" >/dev/null 2>&1; then
  node_version=$(node -p 'process.versions.node')
  node_image="vexil-node-base:$node_version"
  if docker image inspect "$node_image" >/dev/null 2>&1; then
    log "Reusing the assembled base $node_image"
  else
    log "No Node base image on the engine: assembling $node_image from debootstrap and the host's Node"
    command -v debootstrap >/dev/null || { echo "debootstrap is needed (apt-get install debootstrap)" >&2; exit 1; }
    mirror=${DEBIAN_MIRROR:-$(apt_mirror_for bookworm)}
    [ -n "$mirror" ] || { echo "No apt source of this machine serves bookworm: set DEBIAN_MIRROR to a Debian mirror's URL" >&2; exit 1; }
    log "Debian root from $mirror"
    root="$work/root"
    debootstrap --variant=minbase bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 \
      || { tail -n 30 "$work/debootstrap.log"; exit 1; }
    # The layout of the official Node images: /usr/local/{bin,lib/node_modules,include/node}.
    node_bin=$(command -v node)
    node_prefix=$(dirname "$(dirname "$(readlink -f "$node_bin")")")
    install -D -m 0755 "$(readlink -f "$node_bin")" "$root/usr/local/bin/node"
    mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
    cp -a "$node_prefix/lib/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
    ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
    ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
    cp -a "$node_prefix/include/node" "$root/usr/local/include/node"
    # The host's trust store, so that npm and apt inside the build trust what the host trusts (CI
    # machines may reach the registry through a TLS-inspecting egress proxy).
    install -D -m 0644 /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
    # Node needs libc, libstdc++ and libgcc_s, all part of the Debian root; fail here if not.
    chroot "$root" /usr/local/bin/node -e 'process.exit(0)'
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | docker import \
      --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
      --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
      --change 'ENV npm_config_cafile=/etc/ssl/certs/ca-certificates.crt' \
      --change 'CMD ["node"]' - "$node_image" >/dev/null
    rm -rf "$root"
  fi
fi

# ---- Build -------------------------------------------------------------------------------------
if [ -n "${VEXIL_TEST_IMAGE:-}" ]; then
  # An image built already (debugging this script): test it, leave it in place.
  tag=$VEXIL_TEST_IMAGE
  node_image=
else
log "Building the image on $node_image"
build_started=$SECONDS
DOCKER_BUILDKIT=0 docker build --network host --build-arg "NODE_IMAGE=$node_image" -t "$tag" . \
  >"$work/build.log" 2>&1 || { tail -n 60 "$work/build.log"; exit 1; }
log "Built in $((SECONDS - build_started)) s"
fi

# ---- Run, restart, check ------------------------------------------------------------------------
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
password="image-test-$RANDOM-$RANDOM"
docker volume create "$volume" >/dev/null
docker run -d --name "$name" -p "127.0.0.1:$port:8080" -v "$volume:/data" \
  -e VEXIL_ADMIN_PASSWORD="$password" "$tag" >/dev/null

# A request that never settles lets Node exit 0: the exit code is 1 until an answer says otherwise.
probe_script='process.exitCode=1;fetch(process.argv[1],{signal:AbortSignal.timeout(3000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))'
probe() { node -e "$probe_script" "$1"; }

wait_healthy() {
  for _ in $(seq 90); do
    case "$(docker inspect -f '{{.State.Health.Status}}' "$name")" in
      healthy) return 0 ;;
      unhealthy) break ;;
    esac
    # The health check runs every 30 s; /readyz answers as soon as the server is up.
    if probe "http://127.0.0.1:$port/readyz"; then
      docker inspect -f '{{.State.Running}}' "$name" | grep -q true && return 0
    fi
    sleep 1
  done
  docker logs "$name" | tail -n 40
  echo "The container did not become ready" >&2
  return 1
}

log "Starting the container (127.0.0.1:$port, volume $volume)"
wait_healthy
user=$(docker exec "$name" id -u)
[ "$user" != 0 ] || { echo "The server runs as root" >&2; exit 1; }
game=$(VEXIL_URL="http://127.0.0.1:$port" VEXIL_ADMIN_PASSWORD="$password" node scripts/image-test-api.mjs create)
log "Signed in as admin, created game $game"

log "Restarting the container"
# SIGTERM reaches Node through tini; a graceful stop exits 0 (a kill after the timeout gives 137).
docker stop -t 30 "$name" >/dev/null
exit_code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$exit_code" = 0 ] || { docker logs "$name" | tail -n 20; echo "Stopped with exit code $exit_code" >&2; exit 1; }
docker start "$name" >/dev/null
wait_healthy
VEXIL_URL="http://127.0.0.1:$port" VEXIL_ADMIN_PASSWORD="$password" node scripts/image-test-api.mjs check "$game"
log "Game $game is still there after the restart"

# The engine's own health check, as an orchestrator would see it.
docker exec "$name" node -e "$probe_script" http://127.0.0.1:8080/healthz

size=$(docker image inspect -f '{{.Size}}' "$tag")
log "Image size: $((size / 1000 / 1000)) MB (uncompressed, base included)"
log "Done in $((SECONDS - started)) s"
