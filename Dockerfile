# Vexil's container image. Build:  docker build -t vexil .
# Run:    docker run -d -p 8080:8080 -v vexil-data:/data -e VEXIL_ADMIN_PASSWORD=… \
#           --ulimit nofile=65536:65536 --sysctl net.core.somaxconn=4096 vexil
# (an image cannot set its own limits: each live client holds a WebSocket, one file descriptor,
# and clients reconnect all at once after a restart; see docs/deploy.md, "Many live connections").
# The Node base image is a build argument: both stages use it, so the native modules
# (better-sqlite3, sharp) are built for the Node that runs them. Any Debian-based Node 20.19+ image
# works (scripts/image-test.sh builds with a base assembled from the host's Node when no registry
# is reachable).
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- Build: every dependency, the web client and the server bundles ------------------------------
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded (needs python3,
# make, g++); tini is copied into the runtime stage as PID 1.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# Node's headers come with the image: node-gyp uses them instead of downloading them from nodejs.org.
RUN prefix="$(dirname "$(dirname "$(command -v node)")")"; \
    if [ -f "$prefix/include/node/node.h" ]; then export npm_config_nodedir="$prefix"; fi; \
    npm ci --no-audit --no-fund
COPY . .
# The web client (build/web) and the server with its scoreboard worker (build/server/*.mjs); then
# only the packages the server bundle imports stay (the web client's libraries are in build/web).
RUN npm run build \
 && node scripts/server-dependencies.mjs \
 && npm prune --omit=dev --no-audit --no-fund

# ---- Runtime: production dependencies, the built server and web client, nothing else -------------
FROM ${NODE_IMAGE} AS runtime
# MALLOC_MMAP_THRESHOLD_: glibc otherwise raises its mmap threshold after the first large buffer
# is freed and serves later ones (scoreboards of a few MB, built several times a second during
# an event) from its heaps, which it rarely gives back: measured in bench/README.md, the peak
# resident memory of a 1,000-team event fell by about 50 MB with a fixed 128-KB threshold.
ENV NODE_ENV=production \
    VEXIL_DATA=/data \
    PORT=8080 \
    MALLOC_MMAP_THRESHOLD_=131072
# A fixed non-root account; the data volume belongs to it.
RUN groupadd --system --gid 10001 vexil \
 && useradd --system --uid 10001 --gid vexil --home-dir /app --no-create-home --shell /usr/sbin/nologin vexil \
 && mkdir /data \
 && chown vexil:vexil /data
# tini as PID 1 forwards SIGTERM to Node (which stops gracefully, see VEXIL_SHUTDOWN_TIMEOUT) and
# reaps zombies; the static build needs no library from the base image.
COPY --from=build /usr/bin/tini-static /usr/local/bin/tini
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build/server ./build/server
COPY --from=build /app/build/web ./build/web
USER vexil
VOLUME ["/data"]
EXPOSE 8080
# Liveness (/healthz), not readiness: it answers 200 while the process serves even when the
# database is down, so an orchestrator does not restart Vexil for an outage a restart cannot fix;
# /readyz (503 until the database answers) is for load balancers, see compose.yaml. A request that
# never settles would let Node exit 0, hence the exit code 1 until the answer says otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "process.exitCode=1;fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/local/bin/tini", "--"]
CMD ["node", "build/server/main.mjs"]
