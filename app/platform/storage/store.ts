import type { Readable } from "node:stream";

/**
 * Where the files' bytes live (docs/architecture.md §8, docs/decisions/0026): a folder on the disk, or an
 * S3-compatible bucket. Every file the service keeps goes through one `ObjectStore`: written once under a random
 * key, read back by the routes that check the reader's right, removed when nothing refers to it.
 */
export interface StoredObject {
  key: string;
  /** When it was written: the sweeper leaves what is younger than a day (a post may still be in flight). */
  modifiedAt: Date;
  size: number;
}

export interface ObjectStore {
  /** `file:` or `s3:`, and where: for the logs, /healthz and the operator. */
  readonly location: string;
  /** Writes an object that does not exist yet (a key is written once). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The object's bytes; `ObjectMissing` when there is none. */
  get(key: string): Promise<Uint8Array>;
  /**
   * The object's bytes as they come, for a download: opened (or refused, `ObjectMissing`, `StoreUnavailable`) before
   * the first byte is answered, so a missing or unreachable object still gets its page.
   */
  stream(key: string): Promise<Readable>;
  /** Removes the object (nothing when there is none). */
  remove(key: string): Promise<void>;
  /** Every object, a page at a time (the sweeper, a move, a backup). */
  list(): AsyncIterable<StoredObject>;
  /** Answers when the store can be reached, or throws. */
  ping(): Promise<void>;
}

/** The key an object has no bytes under: the row that names it points at nothing. */
export class ObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`no stored object ${key}`);
    this.name = "ObjectMissing";
  }
}

/**
 * The store could not be reached, or failed, or took too long: pages that need a file answer the outage page (503);
 * nothing was written.
 */
export class StoreUnavailable extends Error {
  constructor(
    readonly location: string,
    cause: unknown,
  ) {
    super(`the file store ${location} is unavailable`, { cause });
    this.name = "StoreUnavailable";
  }
}

/** Stored objects are named `ab/abcdef…` (the key's first two characters, then the key), on disk and in a bucket. */
export const objectName = (key: string) => `${key.slice(0, 2)}/${key}`;
export const keyOfObjectName = (name: string) => name.slice(name.lastIndexOf("/") + 1);
