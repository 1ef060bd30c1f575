# syntax=docker/dockerfile:1
# model-gateway image: `docker build -t model-gateway .`, then
#   docker run --rm -p 8080:8080 -e OPENAI_API_KEY model-gateway
# docs/deployment.md says how to run it (config, data directory, stop timeout, Redis).
# test/repo/deployment-manifests.test.ts checks this file against the repository and the gateway's defaults.

# Node 22 is an LTS line inside package.json's engines (>= 20.19); the tests run on Node 20, out of
# upstream support since April 2026 (--build-arg NODE_IMAGE=node:20-bookworm-slim runs that). The slim
# Debian image keeps coreutils (the Kubernetes preStop pause runs `sleep`) but has no curl, so the
# health check is node.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- manifests: the package.json files alone (Docker's COPY cannot keep a glob's folders), so the
# dependency install below is reused from the build cache until a manifest or the lockfile changes.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN set -eu; \
    mkdir -p /manifests; \
    cp package.json package-lock.json /manifests/; \
    for file in core/package.json plugins/*/package.json; do \
      mkdir -p "/manifests/$(dirname "$file")"; \
      cp "$file" "/manifests/$file"; \
    done

# ---- build: every dependency, the TypeScript build of core and the plugins, and the web UI's Vite build
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# What runs: each package's manifest and dist (the web UI's dist/web included), the plugin list and
# the lockfile; sources, tests and the build tools stay behind in this stage.
RUN set -eu; \
    mkdir -p /out/plugins; \
    cp package.json package-lock.json /out/; \
    cp plugins/builtin-plugins.json /out/plugins/; \
    for dir in core plugins/*/; do \
      dir="${dir%/}"; \
      [ -f "$dir/package.json" ] || continue; \
      mkdir -p "/out/$dir"; \
      cp "$dir/package.json" "/out/$dir/"; \
      if [ -d "$dir/dist" ]; then cp -R "$dir/dist" "/out/$dir/"; fi; \
    done; \
    test -f /out/plugins/distribution/dist/main.js; \
    test -f /out/plugins/web-ui/dist/web/index.html

# ---- runtime dependencies: the lockfile's production tree only (no dev tools, no install scripts:
# no runtime dependency has one), linked to the built workspace packages beside it.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY --from=build /out/ ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# ---- runtime
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    GATEWAY_CONFIG=/etc/model-gateway/gateway.config.yaml \
    GATEWAY_DATA_DIR=/var/lib/model-gateway
WORKDIR /app
# The code is root's and read-only to the gateway; only the data directory (the embedded store's
# store.json and generated secrets key, unused with Redis) is the gateway user's.
COPY --from=runtime-deps /app/ /app/
COPY --from=build /src/gateway.config.yaml /etc/model-gateway/gateway.config.yaml
RUN mkdir -p /var/lib/model-gateway && chown 1000:1000 /var/lib/model-gateway && chmod 0700 /var/lib/model-gateway
# The image's `node` user, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 1000:1000
EXPOSE 8080
# /ready is 200 once the gateway serves and 503 from the first stop signal (server.shutdown_delay_ms).
# PORT moves the listener (it overrides server.port), so the check follows it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "require('node:http').get({host:'127.0.0.1',port:process.env.PORT||8080,path:'/ready',timeout:4000},r=>process.exit(r.statusCode===200?0:1)).on('error',()=>process.exit(1)).on('timeout',()=>process.exit(1))"]
# Exec form, node itself as PID 1: SIGTERM from `docker stop` or the kubelet reaches the gateway's own
# handler, which drains (`npm start` would put npm between them as PID 1); the gateway starts no child processes, so
# there is nothing for an init to reap. The node flag is npm start's (package.json).
ENTRYPOINT ["node", "--max-semi-space-size=64", "plugins/distribution/dist/main.js"]
# All interfaces inside the container (the default config listens on 127.0.0.1 only).
CMD ["serve", "--host", "0.0.0.0"]
