/**
 * The wire contract between the app and its backends lives in contract/api.ts, shared with the
 * stand-in and the server; the app reads it through here.
 */
export type * from '../../contract/api';
