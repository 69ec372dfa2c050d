// `npm run backup -- DIR`: a consistent copy of the database (DATABASE_URL) and of the stored files (STORAGE_URL: a folder or a bucket), and
// the secrets generated into ./data, with a manifest of SHA-256 sums (docs/architecture.md §22). Runs beside a
// serving deployment.
import { configuredStoreUrl, storeAt } from "../app/platform/storage/file-store.server";
import { backup } from "../app/platform/backup/backup.server";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run backup -- DIR (a new, empty directory)");
  process.exit(2);
}
const manifest = await backup(target, {
  databaseUrl: process.env.DATABASE_URL ?? "file:./data/app.db",
  store: storeAt(configuredStoreUrl()),
  dataDir: process.env.DATA_DIR ?? "./data",
});
console.log(
  `Backed up the ${manifest.database.kind} database, ${manifest.files.length} stored files and ${manifest.secrets.length} generated secrets into ${target}.`,
);
