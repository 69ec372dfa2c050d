import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { isPrivateAddress, PRIVATE_ADDRESS_ERROR } from "./addresses";

class PrivateAddressError extends Error {
  code = PRIVATE_ADDRESS_ERROR;
  constructor() {
    super(PRIVATE_ADDRESS_ERROR);
  }
}

/**
 * Name resolution for a delivery that may not reach a private network: every address the name resolves to must be
 * public, and the connection is made to the address checked here (a name that changes its answer between a check
 * and the connection cannot slip through).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const found = addresses as dns.LookupAddress[];
    if (found.length === 0 || found.some(({ address }) => isPrivateAddress(address) !== false)) {
      return callback(new PrivateAddressError(), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, found);
    callback(null, found[0].address, found[0].family);
  });
};

/**
 * One POST of a delivery's body (no redirect followed, the answer's body not read), through node:http(s) so that
 * the connection's own name resolution can be checked. Resolves to the answer's status; rejects with the network's
 * error, or PRIVATE_ADDRESS_ERROR when the address is refused.
 */
export function postDelivery(
  target: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, privateNetworks }: { timeoutMs: number; privateNetworks: boolean },
): Promise<number> {
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!privateNetworks && isPrivateAddress(host) === true) return Promise.reject(new PrivateAddressError());
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        signal: AbortSignal.timeout(timeoutMs),
        ...(privateNetworks ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
