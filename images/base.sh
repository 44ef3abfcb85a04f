#!/usr/bin/env bash
# The base images every image of the shop starts from, assembled from the project's Node, the one `npm install`
# brings (node_modules/node, the official binary from npm; docs/decisions/0036-node-24.md), not the machine's:
# no registry is reachable to pull one. Its binary and the shared libraries it links, a user 10001 and /tmp.
# Two variants:
#   localhost/edicola/node:<version>        the runtime (node only)
#   localhost/edicola/node-build:<version>  node and npm, for the build stages
# Usage: images/base.sh   (needs buildah; run as root or in a user namespace)
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
node_bin="$repo/node_modules/node/bin/node"
if [ ! -x "$node_bin" ]; then
  echo "images/base.sh: the project's Node is not installed ($node_bin): run npm install" >&2
  exit 1
fi
node_bin="$(readlink -f "$node_bin")"
version="$("$node_bin" -p 'process.versions.node')"
npm_dir="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")"
root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT

mkdir -p "$root/rootfs/usr/bin" "$root/rootfs/etc" "$root/rootfs/tmp" "$root/rootfs/app"
chmod 1777 "$root/rootfs/tmp"
cp "$node_bin" "$root/rootfs/usr/bin/node"
# The loader and every library node links, and the rest of the C library (native modules such as sharp's
# libvips link libresolv, librt…; name resolution loads libnss_*), at the paths they are looked for.
for lib in $(ldd "$node_bin" | grep -o '/[^ ]*') $(dpkg -L libc6 | grep -E '/lib[^/]*\.so[.0-9]*$'); do
  mkdir -p "$root/rootfs$(dirname "$lib")"
  cp -L "$lib" "$root/rootfs$lib"
done
printf 'root:x:0:0:root:/root:/sbin/nologin\nnode:x:10001:10001:node:/app:/sbin/nologin\n' > "$root/rootfs/etc/passwd"
printf 'root:x:0:\nnode:x:10001:\n' > "$root/rootfs/etc/group"
printf 'hosts: files dns\n' > "$root/rootfs/etc/nsswitch.conf"
cp /etc/ld.so.cache "$root/rootfs/etc/ld.so.cache"
cp /etc/ssl/certs/ca-certificates.crt "$root/rootfs/etc/ca-certificates.crt" 2>/dev/null || true

build() { # name, with-npm
  local ctr
  ctr="$(buildah from scratch)"
  buildah copy --quiet "$ctr" "$root/rootfs" / >/dev/null
  if [ "$2" = yes ]; then
    buildah copy --quiet "$ctr" "$npm_dir" /usr/lib/node_modules/npm >/dev/null
  fi
  buildah config --env NODE_ENV=production --env NODE_EXTRA_CA_CERTS=/etc/ca-certificates.crt \
    --workingdir /app --user 10001:10001 \
    --label org.opencontainers.image.title="$1" \
    --label org.opencontainers.image.description="Node $version, the project's (node_modules/node)" "$ctr"
  buildah commit --quiet --rm "$ctr" "localhost/edicola/$1:$version" >/dev/null
  echo "localhost/edicola/$1:$version"
}
build node no
build node-build yes
