/** The stand-in serves the contract's seed (contract/seed/default.ts), the same one the server loads. */
export * from '../contract/seed/default';
