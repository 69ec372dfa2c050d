// `npm run restore -- DIR`: checks a backup against its manifest, then restores it into an empty deployment
// (DATABASE_URL with no tables, an empty file store, STORAGE_URL); the generated secrets go into ./data (docs/architecture.md §22).
import { configuredStoreUrl, storeAt } from "../app/platform/storage/file-store.server";
import { restore } from "../app/platform/backup/backup.server";

const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run restore -- DIR (a directory made by npm run backup)");
  process.exit(2);
}
try {
  const manifest = await restore(source, {
    databaseUrl: process.env.DATABASE_URL ?? "file:./data/app.db",
    store: storeAt(configuredStoreUrl()),
    dataDir: process.env.DATA_DIR ?? "./data",
  });
  console.log(`Restored the backup of ${manifest.createdAt}: the database and ${manifest.files.length} stored files.`);
} catch (error) {
  console.error(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
