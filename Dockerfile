# calcert in a container: the packed tool (compiled JavaScript, production dependencies only).
#
#   docker build -t calcert .
#   docker run --rm calcert                         # certify the embedded reference server
#   docker run --rm -e CAL_BASE_URL=https://staging.example.org/wp-json -e CAL_USER=editor \
#     -e CAL_PASSWORD -v "$PWD/reports:/calcert/reports" calcert certify --read-only
#   docker run --rm calcert certify --help
#
# Reports go to /calcert/reports (mount a directory there to keep them); configuration comes from
# CAL_* environment keys (-e) or flags after the image name, never from a baked-in .env.

# Build stage: every dependency (TypeScript), compile lib/, suites/, fixtures/ to dist/.
FROM node:20-slim AS build
WORKDIR /calcert
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json vitest.config.ts ./
COPY scripts/build.mjs scripts/build.mjs
COPY lib lib
COPY suites suites
COPY fixtures fixtures
RUN node scripts/build.mjs

# Run stage: production dependencies, the entry point and the compiled tool; no sources (so
# bin/calcert.js runs dist/ and needs no TypeScript loader).
FROM node:20-slim
ENV NODE_ENV=production NO_UPDATE_NOTIFIER=1
WORKDIR /calcert
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY bin/calcert.js bin/calcert.js
COPY --from=build /calcert/dist dist
# Not root: the image's own user (uid 1000, the usual first user of a host) owns what it writes,
# so reports in a mounted folder are the host user's; `--user "$(id -u):$(id -g)"` for another uid.
RUN mkdir -p reports && chown node:node reports
USER node
ENTRYPOINT ["node", "bin/calcert.js"]
CMD ["certify"]
