import fs from "node:fs/promises";
import path from "node:path";
import { objectName, ObjectMissing, StoreUnavailable, type ObjectStore, type StoredObject } from "./store";

/** Files in a folder on this machine (one server, or several sharing a network volume). */
export function diskStore(folder: string): ObjectStore {
  const location = `file:${folder}`;
  const pathOf = (key: string) => path.resolve(folder, objectName(key));
  return {
    location,
    async put(key, bytes) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: "wx" });
    },
    async get(key) {
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectMissing(key);
        throw new StoreUnavailable(location, error);
      }
    },
    async stream(key) {
      try {
        return (await fs.open(pathOf(key))).createReadStream();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ObjectMissing(key);
        throw new StoreUnavailable(location, error);
      }
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
    async *list(): AsyncIterable<StoredObject> {
      for (const prefix of await fs.readdir(folder).catch(() => [] as string[])) {
        for (const name of await fs.readdir(path.join(folder, prefix)).catch(() => [] as string[])) {
          const stat = await fs.stat(path.join(folder, prefix, name)).catch(() => null);
          if (stat?.isFile()) yield { key: name, modifiedAt: stat.mtime, size: stat.size };
        }
      }
    },
    async ping() {
      await fs.mkdir(folder, { recursive: true });
      await fs.access(folder, fs.constants.W_OK);
    },
  };
}
