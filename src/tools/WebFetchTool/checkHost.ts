/**
 * A host as the call found it: every address it resolved to, and the first that is not on the
 * public internet. WebFetch connects only to those addresses, so what was judged is what is
 * reached. What a host is by its name alone (an IP literal, a localhost name) is known without a
 * lookup, so the permission check can say it before anything goes on the network.
 */
import { isIP } from "node:net";
import { describeError } from "../../errors/describeError.ts";
import { classifyAddress, describeAddressKind, type AddressKind } from "./classifyAddress.ts";
import { bareHostname, resolveHost, type HostAddress, type HostResolver } from "./webFetchNetwork.ts";

export type CheckedHost =
  | { hostname: string; addresses: HostAddress[]; local?: { address: string; kind: AddressKind } }
  | { hostname: string; error: string };

/** Resolves `hostname` and notes the first non-public address; a failed lookup is kept as its message. */
export async function checkHost(hostname: string, resolver: HostResolver): Promise<CheckedHost> {
  let addresses: HostAddress[];
  try {
    addresses = await resolveHost(hostname, resolver);
  } catch (error) {
    return { hostname, error: describeError(error) };
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind !== undefined) return { hostname, addresses, local: { address, kind } };
  }
  return { hostname, addresses };
}

/** A host that is on this machine or its network by how it is written, needing no lookup: what it is, or undefined. */
export function localByName(hostname: string): string | undefined {
  const bare = bareHostname(hostname).toLowerCase().replace(/\.$/, "");
  if (isIP(bare) !== 0) {
    const kind = classifyAddress(bare);
    return kind === undefined ? undefined : `is ${describeAddressKind(kind)}`;
  }
  // Names under localhost are this machine's own (RFC 6761), whatever a resolver says of them.
  return bare === "localhost" || bare.endsWith(".localhost") ? "is a localhost name (this machine)" : undefined;
}

/** For the permission question: "is a loopback address (this machine)", "resolves to 10.0.0.5, a private-network address". */
export function describeLocalAddress(checked: CheckedHost): string | undefined {
  if (!("addresses" in checked) || checked.local === undefined) return undefined;
  const kind = describeAddressKind(checked.local.kind);
  return isIP(bareHostname(checked.hostname)) !== 0 ? `is ${kind}` : `resolves to ${checked.local.address}, ${kind}`;
}
