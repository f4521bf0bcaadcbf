# Shared by scripts/build-natives.sh, scripts/platform-smoke.sh and scripts/check-android.sh (sourced, not run): installs the
# tools a fresh Debian machine lacks, each only when it is missing.

export PATH="$HOME/.cargo/bin:$PATH"

# Downloads and unpacked tools that are worth keeping between runs.
platform_cache="${TENSORBRIDGE_PLATFORM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tensorbridge-platforms}"

apt_updated=0
# apt_install PACKAGE...: installs Debian packages (as root), running `apt-get update` once first.
apt_install() {
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    echo "missing: Debian packages $* (install them, or run as root on Debian/Ubuntu)" >&2
    return 1
  fi
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# pip_install REQUIREMENT...: installs Python packages for python3 (the user's, or the system one,
# which Debian marks as externally managed).
pip_install() {
  if ! python3 -m pip --version >/dev/null 2>&1; then
    apt_install python3-pip
  fi
  python3 -m pip install -q --disable-pip-version-check "$@" 2>/dev/null \
    || python3 -m pip install -q --disable-pip-version-check --break-system-packages "$@"
  # Console scripts (cargo-zigbuild) land in the interpreter's scripts directory, which need not be
  # on PATH (pyenv shims appear only after a rehash).
  PATH="$PATH:$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')"
  export PATH
}

# need_lief: the ELF/PE/Mach-O parser of scripts/check-natives.py, used by the platform smoke test and
# the Android checks (whichever runs first installs it).
LIEF_VERSION=1.0.0
need_lief() {
  python3 -c "import lief" 2>/dev/null || pip_install "lief==$LIEF_VERSION"
}

# need_rust_targets TRIPLE...: adds the rustup targets that are not installed yet.
need_rust_targets() {
  local installed missing=()
  installed="$(rustup target list --installed)"
  for t in "$@"; do
    grep -qx "$t" <<<"$installed" || missing+=("$t")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    rustup target add "${missing[@]}"
  fi
}

# The ziglang and cargo-zigbuild versions the cross builds were checked with (pip keeps the wheels in
# its cache, ~/.cache/pip).
ZIGLANG_VERSION=0.17.1
CARGO_ZIGBUILD_VERSION=0.24.1

# need_zig: installs ziglang and cargo-zigbuild from PyPI unless both are there.
need_zig() {
  if ! command -v cargo-zigbuild >/dev/null || ! { type -P zig >/dev/null || python3 -m ziglang version >/dev/null 2>&1; }; then
    pip_install "ziglang==$ZIGLANG_VERSION" "cargo-zigbuild==$CARGO_ZIGBUILD_VERSION"
  fi
}

# zig ARGS...: runs zig, from PATH or from the ziglang Python package.
zig() {
  if type -P zig >/dev/null; then command zig "$@"; else python3 -m ziglang "$@"; fi
}

# zig_lib_dir: zig's lib directory (its libc headers, stubs and the LLVM libunwind sources).
zig_lib_dir() {
  # `zig env` prints ZON (.lib_dir = "...") in newer versions and JSON ("lib_dir": "...") in older ones.
  sed -n 's/.*lib_dir"\{0,1\} *[=:] *"\([^"]*\)".*/\1/p' <<<"$(zig env)" | head -1
}
