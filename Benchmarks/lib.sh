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
