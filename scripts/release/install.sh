#!/bin/sh
# toolshed's installer (POSIX sh). Picks the build for this machine (system, CPU, C library,
# AVX2), downloads it and SHA256SUMS from a release folder, refuses it unless the checksum
# matches, and installs the binary into ~/.local/bin (or <prefix>/bin), replacing an older one
# in place. The rules match scripts/release/{releaseLocation,selectTarget,detectPlatform}.ts.
#
#   curl -fsSL https://github.com/toolshed/toolshed/releases/latest/download/install.sh | sh
#   sh install.sh --prefix /usr/local --from ./dist/release
set -eu

DEFAULT_RELEASE_URL="https://github.com/toolshed/toolshed/releases/latest/download"
# Most a download may weigh: SHA256SUMS, then an archive (a binary is about 120 MB unpacked).
CHECKSUMS_MAX_BYTES=1048576
ARCHIVE_MAX_BYTES=536870912

usage() {
  cat <<EOF
Usage: install.sh [--from <url or folder>] [--prefix <folder>] [--flavor <name>] [--target <target>] [--dry-run]

Installs the toolshed binary for this machine into <prefix>/bin/toolshed, replacing an older one.

Options:
  --from <url or folder>  The release folder: an https URL (http only to this machine) or a folder
                          holding SHA256SUMS and the archives (default: \$TOOLSHED_RELEASE_URL, else
                          $DEFAULT_RELEASE_URL)
  --prefix <folder>       Install into <folder>/bin (default: ~/.local, so ~/.local/bin)
  --flavor <name>         The build flavor (default: public)
  --target <target>       The build, for example linux-x64-musl or linux-x64-baseline (default: detected)
  --dry-run               Say what would be installed where, and change nothing
  --help, -h              Show this help
EOF
}

say() { printf '%s\n' "$*"; }
fail() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}
usage_error() {
  printf 'install.sh: %s\nRun "sh install.sh --help" for usage.\n' "$*" >&2
  exit 2
}

from=""
prefix=""
flavor="public"
target=""
dry_run=0
while [ $# -gt 0 ]; do
  case "$1" in
    --from | --prefix | --flavor | --target)
      [ $# -ge 2 ] || usage_error "$1 needs a value"
      case "$1" in
        --from) from=$2 ;;
        --prefix) prefix=$2 ;;
        --flavor) flavor=$2 ;;
        --target) target=$2 ;;
      esac
      shift 2
      ;;
    --from=*) from=${1#--from=}; shift ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --flavor=*) flavor=${1#--flavor=}; shift ;;
    --target=*) target=${1#--target=}; shift ;;
    --dry-run) dry_run=1; shift ;;
    --help | -h) usage; exit 0 ;;
    *) usage_error "unknown option \"$1\". The options are: --from, --prefix, --flavor, --target, --dry-run, --help" ;;
  esac
done

# Names go into a pattern below, so they are held to the characters flavors and targets use.
case "$flavor" in "" | *[!a-z0-9-]*) usage_error "--flavor wants a flavor name (lower-case letters, digits, dashes), not \"$flavor\"" ;; esac
case "$target" in *[!a-z0-9-]*) usage_error "--target wants a target name such as linux-x64, not \"$target\"" ;; esac

# --- where the release is: --from, else $TOOLSHED_RELEASE_URL, else the project's location ---
if [ -z "$from" ]; then from=${TOOLSHED_RELEASE_URL:-$DEFAULT_RELEASE_URL}; fi
while :; do
  case "$from" in ?*/) from=${from%/} ;; *) break ;; esac
done
case "$from" in
  https://*) kind=url ;;
  http://127.0.0.1 | http://127.0.0.1[:/]* | http://localhost | http://localhost[:/]* | "http://[::1]" | "http://[::1]"[:/]*) kind=url ;;
  http://*) fail "refusing plain http for $from: anyone on the way could swap the archive and its checksums; use https, or a folder" ;;
  file://*) kind=folder; from=${from#file://} ;;
  *://*) fail "$from is not a release location; use an https URL or a folder" ;;
  *) kind=folder ;;
esac

# --- what this machine is ---
detect_target() {
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    MINGW* | MSYS* | CYGWIN* | Windows_NT)
      fail "on Windows, download the windows-x64 .zip listed in $from/SHA256SUMS and unpack toolshed.exe onto your PATH, or run: npm install -g toolshed" ;;
    *) fail "toolshed has no build for $(uname -s); the builds are for Linux, macOS and Windows" ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) fail "toolshed has no build for $(uname -m) processors; the builds are for x64 and arm64" ;;
  esac
  # An x64 shell on an Apple silicon Mac runs under Rosetta 2; the arm64 build runs natively.
  if [ "$os-$arch" = darwin-x64 ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || true)" = 1 ]; then
    arch=arm64
  fi
  libc=""
  if [ "$os" = linux ]; then
    case "$arch" in
      x64) musl_loader=/lib/ld-musl-x86_64.so.1; glibc_loader=/lib64/ld-linux-x86-64.so.2 ;;
      *) musl_loader=/lib/ld-musl-aarch64.so.1; glibc_loader=/lib/ld-linux-aarch64.so.1 ;;
    esac
    # musl when its loader is here and glibc's is not; Alpine is musl even with gcompat installed.
    if [ -e "$musl_loader" ] && { [ ! -e "$glibc_loader" ] || [ -e /etc/alpine-release ]; }; then
      libc=-musl
    fi
  fi
  # Without AVX2 an x64 processor needs the baseline build; when nothing says, it has AVX2.
  baseline=""
  if [ "$arch" = x64 ]; then
    if [ "$os" = linux ] && [ -r /proc/cpuinfo ]; then
      # The first processor's flags line comes within its first few dozen lines.
      flags=$(head -n 64 /proc/cpuinfo | sed -n '/^flags/{p;q;}')
      if [ -n "$flags" ]; then
        case " $flags " in *" avx2 "*) ;; *) baseline=-baseline ;; esac
      fi
    elif [ "$os" = darwin ]; then
      features=$(sysctl -n machdep.cpu.leaf7_features 2>/dev/null || true)
      if [ -n "$features" ]; then
        case " $features " in *" AVX2 "*) ;; *) baseline=-baseline ;; esac
      fi
    fi
  fi
  target="$os-$arch$libc$baseline"
}
if [ -z "$target" ]; then detect_target; fi

if [ -z "$prefix" ]; then
  [ -n "${HOME:-}" ] || fail "HOME is not set; pass --prefix <folder>"
  prefix="$HOME/.local"
fi
bindir="$prefix/bin"
dest="$bindir/toolshed"

# --- fetching, each download bounded in size and time ---
file_bytes() { wc -c <"$1" | tr -d ' '; }

# An hour in all for one download, where the system has timeout(1) to say so to wget; in the
# foreground, so Ctrl-C reaches wget too.
deadline() {
  if command -v timeout >/dev/null 2>&1 && timeout --foreground 1 true >/dev/null 2>&1; then timeout --foreground 3600 "$@"; else "$@"; fi
}

fetch() { # fetch <file name> <destination> <most bytes>
  if [ "$kind" = folder ]; then
    [ -f "$from/$1" ] || fail "$from/$1 does not exist (is $from a release folder?)"
    cp "$from/$1" "$2" || fail "could not copy $from/$1"
  elif command -v curl >/dev/null 2>&1; then
    # No answer in 20 s, or under 1 KB/s for a minute, or an hour in all: give up. Redirects are
    # followed over https only. The bytes are counted here too: curl does not stop a download
    # whose size the server did not announce at --max-filesize.
    rm -f "$work/failed"
    { curl -fsSL --proto '=http,https' --proto-redir '=https' --connect-timeout 20 --speed-limit 1024 --speed-time 60 --max-time 3600 --max-filesize "$3" -o - "$from/$1" \
      || : >"$work/failed"; } | head -c "$(($3 + 1))" >"$2"
    [ "$(file_bytes "$2")" -le "$3" ] || fail "$from/$1 is larger than $3 bytes, which no release file is"
    [ ! -e "$work/failed" ] || fail "could not download $from/$1"
  elif command -v wget >/dev/null 2>&1; then
    rm -f "$work/failed"
    { deadline wget -q -S --timeout=60 --tries=2 -O - "$from/$1" 2>"$work/wget-headers" || : >"$work/failed"; } | head -c "$(($3 + 1))" >"$2"
    [ "$(file_bytes "$2")" -le "$3" ] || fail "$from/$1 is larger than $3 bytes, which no release file is"
    if [ -e "$work/failed" ]; then
      # What wget said that is not a header line (headers are indented).
      grep -v '^ ' "$work/wget-headers" >&2 || true
      fail "could not download $from/$1"
    fi
    # wget follows redirects to plain http; a redirect there is refused like an http --from. A
    # wget that shows no headers (wget2 under -q) cannot be checked, so it is not trusted.
    grep -qi '^ *HTTP/' "$work/wget-headers" || fail "this wget does not show the answers it followed, so a redirect to plain http could not be ruled out; install curl, or pass --from with a folder"
    if grep -qi '^ *location: *http://' "$work/wget-headers"; then fail "$from/$1 redirects to plain http, where anyone on the way could swap the download; nothing was installed"; fi
  else
    fail "neither curl nor wget is installed; install one, or pass --from with a folder"
  fi
  [ "$(file_bytes "$2")" -le "$3" ] || fail "$from/$1 is larger than $3 bytes, which no release file is"
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d ' ' -f 1
  elif command -v shasum >/dev/null 2>&1; then
    shasum -a 256 "$1" | cut -d ' ' -f 1
  elif command -v openssl >/dev/null 2>&1; then
    openssl dgst -sha256 -r "$1" | cut -d ' ' -f 1
  else
    fail "none of sha256sum, shasum or openssl is installed, so the download cannot be checked; nothing was installed"
  fi
}

work=$(mktemp -d 2>/dev/null || mktemp -d -t toolshed-install) || fail "could not make a temporary folder"
staged=""
# Whatever way it ends, nothing is left behind: not the downloads, not a half-copied binary.
trap 'rm -rf "$work"; [ -z "$staged" ] || rm -f "$staged"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM

fetch SHA256SUMS "$work/SHA256SUMS" "$CHECKSUMS_MAX_BYTES"
# Line ends written on Windows read as any others (toolshed update reads them so too).
tr -d '\r' <"$work/SHA256SUMS" >"$work/SHA256SUMS.lf" && mv -f "$work/SHA256SUMS.lf" "$work/SHA256SUMS"
# The archive's name carries the version, so SHA256SUMS is the index: one line for flavor and target.
matches=$(grep -E "^[0-9a-fA-F]{64} [ *]toolshed-.+-$flavor-$target\.tar\.gz\$" "$work/SHA256SUMS" || true)
if [ -z "$matches" ]; then
  available=$(sed -n 's/^[0-9a-fA-F]\{64\} [ *]\(toolshed-.*\.tar\.gz\)$/\1/p' "$work/SHA256SUMS" | tr '\n' ' ')
  fail "the release at $from has no $flavor build for $target (it has: ${available:-no .tar.gz archives}). Choose one with --flavor and --target."
fi
[ "$(printf '%s\n' "$matches" | wc -l | tr -d ' ')" = 1 ] || fail "SHA256SUMS at $from lists more than one $flavor build for $target"
expected=$(printf '%s' "${matches%% *}" | tr 'A-F' 'a-f')
name=${matches#* }
name=${name#[ *]}
stem=${name%.tar.gz}
version=${stem#toolshed-}
version=${version%-"$flavor-$target"}

if [ "$dry_run" = 1 ]; then
  say "would install toolshed $version ($flavor, $target) from $from/$name into $dest"
  exit 0
fi

say "fetching toolshed $version ($flavor, $target) from $from/$name"
fetch "$name" "$work/$name" "$ARCHIVE_MAX_BYTES"
actual=$(sha256_of "$work/$name")
if [ "$actual" != "$expected" ]; then
  fail "refusing to install $name: its SHA-256 is $actual, but SHA256SUMS says $expected. The download is damaged or was tampered with; nothing was installed."
fi

mkdir "$work/unpacked"
(cd "$work/unpacked" && gzip -dc "../$name" | tar -xf -) || fail "could not unpack $name"
binary="$work/unpacked/$stem/toolshed"
# No links at all: neither the binary nor a folder on its way may lead to some other file on this machine.
[ -z "$(find "$work/unpacked" -type l | head -n 1)" ] || fail "$name holds a symbolic link, which no release archive does; nothing was installed"
[ -f "$binary" ] || fail "$name does not hold $stem/toolshed as a regular file"
chmod 755 "$binary"
# Run it before it replaces anything, so a build this machine cannot run leaves the old one in place.
new_version=$("$binary" --version 2>&1) || fail "the $target build does not run on this machine, so nothing was installed: $new_version"

mkdir -p "$bindir" || fail "could not create $bindir"
[ ! -d "$dest" ] || fail "$dest is a folder, so toolshed cannot be installed there; move it away, or pass --prefix"
old_version=""
if [ -x "$dest" ]; then old_version=$("$dest" --version 2>/dev/null || printf 'an unknown version'); fi
# Copy beside the old binary, then rename over it: the swap is atomic, and a toolshed that is
# running keeps its own file until it exits.
staged="$bindir/.toolshed.new.$$"
cp "$binary" "$staged" || fail "could not write into $bindir"
chmod 755 "$staged"
mv -f "$staged" "$dest" || fail "could not replace $dest"
staged=""

if [ "$old_version" = "$new_version" ]; then
  say "reinstalled $dest: $new_version"
elif [ -n "$old_version" ]; then
  say "upgraded $dest"
  say "  from: $old_version"
  say "  to:   $new_version"
else
  say "installed $dest: $new_version"
fi

case ":${PATH:-}:" in
  *":$bindir:"*) say "run: toolshed --help" ;;
  *)
    case "${SHELL:-}" in
      */zsh) rc="$HOME/.zshrc" ;;
      */bash) rc="$HOME/.bashrc" ;;
      *) rc="$HOME/.profile" ;;
    esac
    say ""
    say "$bindir is not on your PATH. To put it there, run:"
    case "${SHELL:-}" in
      */fish) say "  fish_add_path $bindir" ;;
      *) say "  echo 'export PATH=\"$bindir:\$PATH\"' >> $rc" ;;
    esac
    say "then open a new terminal (or run: export PATH=\"$bindir:\$PATH\")."
    ;;
esac
