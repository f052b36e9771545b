# What the benchmark scripts share; sourced (`. Benchmarks/lib.sh`) from the checkout's root,
# never run. Each function says what it leaves behind.

# A progress line on stderr, so that a script's stdout stays its results.
step() { printf '\n==> %s\n' "$*" >&2; }

# Installs the named Debian packages (apt-get; CI and fresh machines run as root).
install_packages() {
    step "Installing $*"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Installs the package of each named command that is not on PATH: `command`, or
# `command:package` when the package is named otherwise (`nginx:nginx-light`).
install_missing_commands() {
    local missing=() spec
    for spec in "$@"; do
        command -v "${spec%%:*}" >/dev/null || missing+=("${spec#*:}")
    done
    if [ ${#missing[@]} -gt 0 ]; then install_packages "${missing[@]}"; fi
}

# Sets BIN_STAYS: $STAYS when given (a build to measure), else a release build of this
# checkout.
release_stays() {
    if [ -n "${STAYS:-}" ]; then
        BIN_STAYS=$STAYS
    else
        step "Release build"
        swift build -c release --product stays
        BIN_STAYS=$(swift build -c release --show-bin-path)/stays
    fi
}

# Prints a loopback TCP port nobody holds now (the kernel's choice; a fixed port inside the
# ephemeral range can be held by a client's connection).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# For a throwaway PostgreSQL cluster: sets PG_BINDIR (the newest installed server's programs)
# and PG_USER (`postgres`, created when missing: PostgreSQL refuses to run as root).
postgres_tools() {
    PG_BINDIR=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    PG_USER=postgres
    id "$PG_USER" >/dev/null 2>&1 || useradd --system --no-create-home "$PG_USER"
}

# Runs a command as PG_USER when this script runs as root, else as this user.
as_user() { if [ "$(id -u)" = 0 ]; then runuser -u "$PG_USER" -- "$@"; else "$@"; fi; }

# Sets `db` to the dataset of $DATASET listings (`100k`, `1m`) that $BIN_STAYS seeds with
# $SEED and $TODAY, cached in Benchmarks/.data/ under a key of the generator's and the
# schema's sources, so any change to either seeds anew; seeds it first when missing (the
# seconds it took in "$db.seconds"). $DATABASE, when set, is used as it is. Creates $OUT.
cached_dataset() {
    local count key start
    case $DATASET in
        *k) count=$(( ${DATASET%k} * 1000 )) ;;
        *m) count=$(( ${DATASET%m} * 1000000 )) ;;
        *) echo "$(basename "$0"): DATASET '$DATASET' must look like 100k or 1m" >&2; exit 2 ;;
    esac
    key=$(cat Sources/DataImport/*.swift Sources/stays/DataCommands.swift Migrations/*.sql | sha256sum | cut -c1-12)
    mkdir -p Benchmarks/.data "$OUT"
    db=${DATABASE:-"Benchmarks/.data/$DATASET-$key.sqlite"}
    if [ ! -f "$db" ]; then
        step "Seeding $DATASET listings into $db"
        rm -f "$db.partial" "$db.partial-wal" "$db.partial-shm"
        start=$(date +%s)
        "$BIN_STAYS" seed --listings "$count" --seed "$SEED" --today "$TODAY" --database "$db.partial" >&2
        echo $(( $(date +%s) - start )) > "$db.seconds"
        mv "$db.partial" "$db"; rm -f "$db.partial-wal" "$db.partial-shm"
    fi
}
