import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';

export type Resolver = (
  hostname: string,
  options: LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/** Why the service may not connect to an address (without brackets); null when it may. */
export type AddressJudge = (address: string) => string | null;

/** A connection refused because a name resolved to an address its rule forbids. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/** Every address the name resolves to, once; refused when any of them is refused. */
function resolveAllowed(hostname: string, judge: AddressJudge, resolve: Resolver, options: LookupOptions): Promise<LookupAddress[]> {
  return new Promise((settle, reject) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return reject(error);
      if (addresses.length === 0) return reject(new Error(`${hostname} has no address.`));
      for (const { address } of addresses) {
        const refusal = judge(address);
        if (refusal !== null) return reject(new AddressRefused(`${hostname} resolves to a refused address: ${refusal}.`));
      }
      settle(addresses);
    });
  });
}

/**
 * A lookup that resolves the name once and hands the connection only addresses the rule allows: the address checked
 * is the address connected to, so a name cannot be re-pointed (DNS rebinding) between the check and the connection.
 * Any refused address among the answers refuses the connection.
 */
export function guardedLookup(judge: AddressJudge, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolveAllowed(hostname, judge, resolve, lookupOptions).then(
      (addresses) => {
        if (lookupOptions.all) return (callback as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** The first address of a name the rule allows, for a tool that connects by itself (ffmpeg): it is given the address. */
export const resolveOneAllowed = async (hostname: string, judge: AddressJudge, resolve: Resolver = systemResolver): Promise<LookupAddress> =>
  (await resolveAllowed(hostname, judge, resolve, {}))[0]!;
