// Locale parity: every key exists in both languages, and no value is empty.
import fs from "node:fs";
import path from "node:path";

const keys = (object, prefix = "") =>
  Object.entries(object).flatMap(([key, value]) =>
    value && typeof value === "object" ? keys(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );

const load = (lng) => {
  const dir = path.join("locales", lng);
  const entries = new Map();
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const ns = file.replace(/\.json$/, "");
    for (const [key, value] of keys(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")))) {
      entries.set(`${ns}:${key}`, value);
    }
  }
  return entries;
};

const ar = load("ar");
const en = load("en");
const problems = [
  ...[...en.keys()].filter((key) => !ar.has(key)).map((key) => `missing in ar: ${key}`),
  ...[...ar.keys()].filter((key) => !en.has(key)).map((key) => `missing in en: ${key}`),
  ...[...en, ...ar]
    .filter(([, value]) => typeof value !== "string" || value.trim() === "")
    .map(([key]) => `empty: ${key}`),
];
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`Locales in parity: ${en.size} keys in ar and en.`);
