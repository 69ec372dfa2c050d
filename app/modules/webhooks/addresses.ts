/**
 * Which network addresses a webhook may be sent to (docs/decisions/0019, "Private networks"). A client admin must
 * not turn the service into a way to reach what sits beside it: its database, a cloud's metadata service, an
 * intranet. In production a delivery goes only to public addresses, checked on the address the connection uses
 * (so a name that resolves to a private address, or changes to one after the check, is refused too). Pure
 * JavaScript: the endpoint form's schema uses it in the browser as well.
 */

/** What a refused delivery records as its error; the endpoint's page says it in the reader's language. */
export const PRIVATE_ADDRESS_ERROR = "PRIVATE_ADDRESS";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** IPv4 ranges that are not the public Internet (RFC 6890): this host, private, shared, loopback, link-local, tests, multicast, reserved. */
const PRIVATE_IPV4: [number, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
].map(([base, bits]) => [ipv4Number(base as string)!, bits as number]);

function ipv4Number(address: string): number | null {
  const parts = IPV4.exec(address);
  if (!parts) return null;
  const octets = parts.slice(1).map(Number);
  if (octets.some((octet) => octet > 255)) return null;
  return octets.reduce((value, octet) => value * 256 + octet, 0);
}

function isPrivateIpv4(value: number) {
  return PRIVATE_IPV4.some(
    ([base, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(base / 2 ** (32 - bits)),
  );
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const value = ipv4Number(dotted[1]);
    if (value === null) return null;
    text = `${text.slice(0, -dotted[1].length)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string) => (half === "" ? [] : half.split(":"));
  const head = parse(halves[0]);
  const tail = halves.length === 2 ? parse(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

function isPrivateIpv6(groups: number[]) {
  const [first] = groups;
  const embeddedIpv4 = groups[6] * 65536 + groups[7];
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 8)) return true; // ::
  if (zeros(0, 7) && groups[7] === 1) return true; // ::1
  if (zeros(0, 5) && groups[5] === 0xffff) return isPrivateIpv4(embeddedIpv4); // ::ffff:a.b.c.d
  if (zeros(0, 6)) return true; // ::a.b.c.d, deprecated
  if (first === 0x64 && groups[1] === 0xff9b && zeros(2, 6)) return isPrivateIpv4(embeddedIpv4); // NAT64
  if (first === 0x2002) return isPrivateIpv4(groups[1] * 65536 + groups[2]); // 6to4
  if ((first & 0xfe00) === 0xfc00) return true; // unique local
  if ((first & 0xffc0) === 0xfe80 || (first & 0xffc0) === 0xfec0) return true; // link-local, site-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x0100 && zeros(1, 4)) return true; // discard
  if (first === 0x2001 && groups[1] === 0x0db8) return true; // documentation
  return false;
}

/** Whether an IP address (v4, or v6 with or without brackets) is not on the public Internet; null when it is not an IP. */
export function isPrivateAddress(address: string): boolean | null {
  const v4 = ipv4Number(address);
  if (v4 !== null) return isPrivateIpv4(v4);
  if (!address.includes(":")) return null;
  const groups = ipv6Groups(address);
  return groups === null ? null : isPrivateIpv6(groups);
}

/** Whether a URL's host is visibly private: a private IP written out, or a name for this machine. Names are checked again when sending. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  return isPrivateAddress(host) === true;
}
