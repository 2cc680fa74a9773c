/**
 * The network version a call's answer reflects (docs/contract.md, "The network version"). Every
 * write raises the network's version; the server says in each answer, in X-Network-Version, the
 * version the answer reflects (nothing in it is newer), and the app sends back, on every call, the
 * highest it has seen: the server then answers from a copy (a process's memory, a read replica)
 * only when that copy holds at least that version. A backend with nothing to route (the stand-in)
 * may ignore it and leave it out of its answers.
 */
export const NETWORK_VERSION_HEADER = 'x-network-version';

/** The version a header says: a whole number, 0 when absent or not one. */
export function readNetworkVersionHeader(value: string | readonly string[] | null | undefined): number {
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return 0;
  return Number(text.trim());
}
