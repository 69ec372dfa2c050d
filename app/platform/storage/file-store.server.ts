import { storeDuration } from "~/platform/metrics/metrics.server";
import { diskStore } from "./disk-store";
import { s3Store } from "./s3-store";
import { ObjectMissing, type ObjectStore } from "./store";

/**
 * The store STORAGE_URL names: `file:./data/files` (the default; STORAGE_DIR is still honoured) or
 * `s3://BUCKET/PREFIX`. Anything else is refused at start rather than taken for a folder.
 */
export function storeAt(url: string): ObjectStore {
  if (url.startsWith("file:")) return diskStore(url.slice("file:".length));
  if (url.startsWith("s3://")) return s3Store(url);
  throw new Error(`STORAGE_URL must be file:PATH or s3://BUCKET/PREFIX, not ${url}`);
}

export const configuredStoreUrl = () => process.env.STORAGE_URL || `file:${process.env.STORAGE_DIR ?? "./data/files"}`;

/**
 * A store in the middle of a move (docs/decisions/0026): what is written goes to both, what is read comes from the
 * new one, or from the old while `npm run storage:migrate` has not copied it yet; removals reach both.
 */
export function movingStore(from: ObjectStore, to: ObjectStore): ObjectStore {
  return {
    location: `${from.location} -> ${to.location}`,
    async put(key, bytes) {
      await to.put(key, bytes);
      await from.put(key, bytes);
    },
    async get(key) {
      try {
        return await to.get(key);
      } catch (error) {
        if (error instanceof ObjectMissing) return from.get(key);
        throw error;
      }
    },
    async stream(key) {
      try {
        return await to.stream(key);
      } catch (error) {
        if (error instanceof ObjectMissing) return from.stream(key);
        throw error;
      }
    },
    async remove(key) {
      await Promise.all([from.remove(key), to.remove(key)]);
    },
    list: () => from.list(),
    async ping() {
      await Promise.all([from.ping(), to.ping()]);
    },
  };
}

/** Each call timed, by operation and outcome, into /metrics. */
function measured(store: ObjectStore): ObjectStore {
  const time = async <T>(operation: string, call: () => Promise<T>) => {
    const end = storeDuration.startTimer({ operation });
    try {
      const answer = await call();
      end({ outcome: "ok" });
      return answer;
    } catch (error) {
      end({ outcome: error instanceof ObjectMissing ? "missing" : "error" });
      throw error;
    }
  };
  return {
    location: store.location,
    put: (key, bytes) => time("put", () => store.put(key, bytes)),
    get: (key) => time("get", () => store.get(key)),
    stream: (key) => time("stream", () => store.stream(key)),
    remove: (key) => time("remove", () => store.remove(key)),
    list: () => store.list(),
    ping: () => time("ping", () => store.ping()),
  };
}

let configured: { url: string; store: ObjectStore } | undefined;
let chosen: ObjectStore | undefined;

/** The service's one file store: STORAGE_URL, or during a move STORAGE_URL with STORAGE_MOVING_TO. */
export function fileStore(): ObjectStore {
  if (chosen) return chosen;
  // Read each time: the tests give each seeded database a folder of its own.
  const url = `${configuredStoreUrl()} ${process.env.STORAGE_MOVING_TO ?? ""}`;
  if (configured?.url !== url) {
    const base = storeAt(configuredStoreUrl());
    const target = process.env.STORAGE_MOVING_TO;
    configured = { url, store: measured(target ? movingStore(base, storeAt(target)) : base) };
  }
  return configured.store;
}

/** Tests point the service at another store (or back at the configured one, with undefined). */
export function useFileStore(store: ObjectStore | undefined) {
  chosen = store;
}
