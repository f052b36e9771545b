# syntax=docker/dockerfile:1

# Build stage: the Swift toolchain the code is built and tested with (6.3), and the SQLite,
# libpq, zlib and libcrypto (OpenSSL) headers.
FROM swift:6.3-bookworm AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-dev libpq-dev zlib1g-dev libssl-dev libsodium-dev \
        libcurl4-openssl-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Plugins ./Plugins
COPY Migrations ./Migrations
# The web client the binary embeds and serves at /.
COPY Web ./Web
# The API description the binary embeds and serves at /openapi.yaml and /openapi.json.
COPY docs/openapi.yaml docs/openapi.json ./docs/
COPY Tests ./Tests
RUN swift build -c release --product stays --static-swift-stdlib \
    && install -D .build/release/stays /out/stays

# Runtime stage: a slim Debian with the SQLite, libpq, zlib and libcrypto libraries and nothing else.
FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends libsqlite3-0 libpq5 zlib1g libssl3 libsodium23 libcurl4 tzdata \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 stays \
    && useradd --system --uid 10001 --gid 10001 --home-dir /data --shell /usr/sbin/nologin stays \
    && mkdir -p /data && chown stays:stays /data
COPY --from=build /out/stays /usr/local/bin/stays
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
# The database is named by DATABASE_URL, the variable docs/compose.yaml and docs/deployment.md
# set to a postgres:// URL: setting it replaces this SQLite file instead of competing with it
# (two settings that name different databases stop every command).
ENV HOST=0.0.0.0 \
    PORT=8080 \
    DATABASE_URL=sqlite:/data/stays.sqlite \
    STAYS_SEED=none
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["stays", "healthcheck"]
# Exec form: stays is PID 1 and receives SIGTERM directly for a graceful shutdown.
ENTRYPOINT ["stays"]
CMD ["serve"]
