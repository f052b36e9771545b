# Sourced by the contract scripts (run.sh, generated_client.sh, .ci/schemathesis.sh), from
# the repository's root: `scratch_folder NAME` makes $workdir, a private temporary folder
# with the server's empty stdout.log and stderr.log, and arranges that on exit the server
# whose pid the script put in $server_pid (if any) is stopped and the folder removed.
scratch_folder() {
    workdir="$(mktemp -d "${TMPDIR:-/tmp}/stays-$1.XXXXXX")"
    # Made here, not by the server's redirections: a background job opens them only once it
    # runs, and a script reading the log for the port before then failed (set -e, pipefail).
    : >"$workdir/stdout.log"
    : >"$workdir/stderr.log"
    server_pid=""
    trap scratch_cleanup EXIT
    trap 'exit 130' INT TERM
}

scratch_cleanup() {
    if [ -n "${server_pid:-}" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$workdir"
}
