/**
 * Which kind of network an IP address is on: the public internet, or something closer (this
 * machine, the local network, a cloud's metadata service). Fetching a non-public address needs
 * the person's say. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it carries
 * (node's BlockList does that), and so are the IPv4 addresses inside NAT64 and 6to4 addresses.
 */
import { BlockList, isIP } from "node:net";

/** What a non-public address is, in words for the permission question. */
export type AddressKind = "loopback" | "private" | "link-local" | "shared" | "reserved" | "multicast";

const RANGES: readonly [string, number, "ipv4" | "ipv6", AddressKind][] = [
  ["0.0.0.0", 8, "ipv4", "reserved"],
  ["10.0.0.0", 8, "ipv4", "private"],
  ["100.64.0.0", 10, "ipv4", "shared"],
  ["127.0.0.0", 8, "ipv4", "loopback"],
  ["169.254.0.0", 16, "ipv4", "link-local"],
  ["172.16.0.0", 12, "ipv4", "private"],
  ["192.0.0.0", 24, "ipv4", "reserved"],
  ["192.0.2.0", 24, "ipv4", "reserved"],
  ["192.88.99.0", 24, "ipv4", "reserved"],
  ["192.168.0.0", 16, "ipv4", "private"],
  ["198.18.0.0", 15, "ipv4", "reserved"],
  ["198.51.100.0", 24, "ipv4", "reserved"],
  ["203.0.113.0", 24, "ipv4", "reserved"],
  ["224.0.0.0", 4, "ipv4", "multicast"],
  ["240.0.0.0", 4, "ipv4", "reserved"],
  ["::1", 128, "ipv6", "loopback"],
  // The unspecified address and the deprecated IPv4-compatible form (`::127.0.0.1`).
  ["::", 96, "ipv6", "reserved"],
  ["64:ff9b:1::", 48, "ipv6", "private"],
  ["100::", 64, "ipv6", "reserved"],
  ["2001:db8::", 32, "ipv6", "reserved"],
  ["fc00::", 7, "ipv6", "private"],
  ["fe80::", 10, "ipv6", "link-local"],
  ["fec0::", 10, "ipv6", "private"],
  ["ff00::", 8, "ipv6", "multicast"],
];

let lists: Map<AddressKind, BlockList> | undefined;

/** The order kinds are tried in: `::1` is loopback before it is inside the reserved `::/96`. */
const KIND_ORDER: readonly AddressKind[] = ["loopback", "link-local", "private", "shared", "multicast", "reserved"];

function blockLists(): Map<AddressKind, BlockList> {
  if (lists !== undefined) return lists;
  lists = new Map(KIND_ORDER.map((kind) => [kind, new BlockList()]));
  for (const [network, prefix, family, kind] of RANGES) lists.get(kind)?.addSubnet(network, prefix, family);
  return lists;
}

/** The 16 bytes of an IPv6 address (any spelling node accepts), or undefined. */
function ipv6Bytes(address: string): number[] | undefined {
  const [head = "", tail] = address.split("::");
  if (address.split("::").length > 2) return undefined;
  const words = (text: string) => (text === "" ? [] : text.split(":"));
  const expand = (parts: string[]) =>
    parts.flatMap((part) => {
      if (part.includes(".")) {
        const octets = part.split(".").map(Number);
        return [(octets[0] ?? 0) * 256 + (octets[1] ?? 0), (octets[2] ?? 0) * 256 + (octets[3] ?? 0)];
      }
      return [parseInt(part, 16)];
    });
  const front = expand(words(head));
  const back = tail === undefined ? [] : expand(words(tail));
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const all = [...front, ...new Array<number>(Math.max(fill, 0)).fill(0), ...back];
  if (all.length !== 8 || all.some((word) => !Number.isInteger(word) || word < 0 || word > 0xffff)) return undefined;
  return all.flatMap((word) => [word >> 8, word & 255]);
}

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address stands for. */
function embeddedIpv4(address: string): string | undefined {
  const bytes = ipv6Bytes(address);
  if (bytes === undefined) return undefined;
  const isNat64 = bytes.slice(0, 12).join(",") === [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0].join(",");
  if (isNat64) return bytes.slice(12).join(".");
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join(".");
  return undefined;
}

/** The kind of a non-public address; undefined for a public one (and for text that is no address). */
export function classifyAddress(address: string): AddressKind | undefined {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 0) return undefined;
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [kind, list] of blockLists()) if (list.check(bare, type)) return kind;
  const inner = family === 6 ? embeddedIpv4(bare) : undefined;
  return inner === undefined ? undefined : classifyAddress(inner);
}

/** The words for a kind, as the permission question says them. */
export function describeAddressKind(kind: AddressKind): string {
  switch (kind) {
    case "loopback":
      return "a loopback address (this machine)";
    case "private":
      return "a private-network address";
    case "link-local":
      return "a link-local address (such as a cloud metadata service)";
    case "shared":
      return "a carrier-grade NAT address";
    case "multicast":
      return "a multicast address";
    case "reserved":
      return "a reserved address";
  }
}
