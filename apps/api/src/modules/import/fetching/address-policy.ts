import ipaddr from 'ipaddr.js';
import { FetchError } from './fetch-error';

/**
 * Which addresses a user's URL may reach: public unicast only. ipaddr.js names the special ranges (loopback,
 * private, link-local with 169.254.169.254, CGNAT 100.64/10, unique-local fc00::/7, multicast, unspecified,
 * broadcast, reserved and documentation/benchmark ranges, 6to4, Teredo, NAT64, ...); anything not 'unicast' is
 * refused. IPv4-mapped IPv6 is judged as the IPv4 address inside, and IPv6 must also lie in 2000::/3 (global
 * unicast), which shuts out the deprecated IPv4-compatible ::a.b.c.d form and every other unassigned block.
 */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

export interface AddressVerdict {
  allowed: boolean;
  /** The ipaddr.js range name, e.g. 'loopback', or 'invalid'. */
  range: string;
}

export function checkAddress(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range !== 'unicast') return { allowed: false, range };
  if (ip.kind() === 'ipv6' && !ip.match(GLOBAL_UNICAST_V6)) return { allowed: false, range: 'notGlobalUnicast' };
  return { allowed: true, range };
}

/** Throws 'Address not allowed' unless the address is public unicast. */
export function assertAddressAllowed(address: string, host: string): void {
  const verdict = checkAddress(address);
  if (!verdict.allowed) throw new FetchError('address_not_allowed', { detail: `${host} is ${verdict.range} (${address})` });
}

/**
 * The IP a URL hostname literally names, or null for a DNS name. The WHATWG URL parser has already turned decimal
 * (2130706433), octal (0177.0.0.1), hex (0x7f.1) and short (127.1) IPv4 forms into dotted quads and put IPv6 in
 * brackets; ipaddr.js's lenient IPv4 parser is asked as well so no odd form slips through as a "name".
 */
export function literalAddress(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  if (ipaddr.IPv6.isValid(bare)) return bare;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  if (/^[0-9a-fx.]+$/i.test(bare) && ipaddr.IPv4.isValid(bare)) return ipaddr.IPv4.parse(bare).toString();
  return null;
}
