/**
 * The stand-in's whole store as a file, for QA: exported as it is, imported only when it holds, with
 * what does not named (the first field the store's schema refuses, or the first broken rule of the
 * network, such as a like by a member who does not exist).
 */
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DbSnapshot, findInconsistencies } from '../contract/snapshot';

export class StoreFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreFileError';
  }
}

/** The file's text: the store, indented, so that a person can read it and a diff is small. */
export function storeFileText(snapshot: DbSnapshot): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}

/**
 * A file's value when `schema` takes it, or a StoreFileError naming the first field it refuses and
 * what it accepts; `example` says where to see what a file looks like.
 */
export function readFileValue<S extends TSchema>(schema: S, text: string, example: string): Static<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new StoreFileError(`The file is not JSON: ${example}.`);
  }
  const first = Value.Errors(schema, value).First();
  if (first) {
    const where = first.path === '' ? 'The file' : `The file's ${first.path}`;
    const found = first.value === undefined ? 'is missing' : `is ${JSON.stringify(first.value)?.slice(0, 60)}`;
    throw new StoreFileError(`${where} ${found}: ${first.message.replace(/^Expected/, 'expected')}.`);
  }
  return value as Static<S>;
}

/** `snapshot`, when it holds together as a network (no like by a member who does not exist...). */
export function storeThatHolds(snapshot: DbSnapshot): DbSnapshot {
  const broken = findInconsistencies(snapshot);
  if (broken.length > 0) throw new StoreFileError(`The store in the file does not hold together: ${broken[0]}${broken.length > 1 ? ` (and ${broken.length - 1} more)` : ''}.`);
  return snapshot;
}

/** The store a file holds, or a StoreFileError that says what does not hold and where. */
export function readStoreFile(text: string): DbSnapshot {
  return storeThatHolds(readFileValue(DbSnapshot, text, 'export a store from the workbench to see what one looks like'));
}
