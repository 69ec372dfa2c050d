import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ContentInfo, SignedData } from "@peculiar/asn1-cms";
import { AsnConvert } from "@peculiar/asn1-schema";
import { TSTInfo } from "@peculiar/asn1-tsp";
import { getDb, type DB } from "~/platform/db/db.server";
import { timestampToken } from "~/platform/timestamp/timestamp.server";
import { errorField, logger } from "~/platform/log/logger.server";
import { createPoller } from "~/platform/poller.server";
import { env, timestampAuthorityUrl } from "~/platform/env.server";
import type { ChainCheckpoint } from "./chain";
import { chainHead } from "./queries.server";

/**
 * Checkpoints of the audit chain (docs/architecture.md §22): its head (the last event's id and hash) recorded outside
 * the database at start, at shutdown and every AUDIT_CHECKPOINT_MINUTES: in the log, in a file of
 * AUDIT_CHECKPOINT_DIR, and, with TSA_URL, timestamped by that RFC 3161 authority (as Démarche Numérique timestamps its
 * daily log). `npm run audit:verify` checks the chain against them: an event edited, or the chain recomputed, before
 * a checkpoint no longer carries the hash it had.
 */
const LOG_MESSAGE = "audit checkpoint";

/** What a checkpoint states, as the bytes the authority timestamps. */
const statementOf = (head: { id: number; hash: string }) => JSON.stringify({ id: head.id, hash: head.hash });

export async function writeAuditCheckpoint(db: DB, reason: "start" | "shutdown" | "scheduled") {
  const last = await chainHead(db);
  if (!last?.hash) return null;
  const head = { id: last.id, hash: last.hash };
  const at = new Date().toISOString();
  logger.info({ auditCheckpoint: { id: head.id, hash: head.hash, at, reason } }, LOG_MESSAGE);
  const tsa = timestampAuthorityUrl();
  let timestamp: string | null = null;
  if (tsa)
    try {
      timestamp = Buffer.from(await timestampToken(tsa, Buffer.from(statementOf(head)))).toString("base64");
    } catch (error) {
      logger.error({ err: errorField(error) }, "the audit checkpoint could not be timestamped");
    }
  fs.mkdirSync(env.auditCheckpointDir, { recursive: true });
  const file = path.join(env.auditCheckpointDir, `${at.replace(/[:.]/g, "-")}-${head.id}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ id: head.id, hash: head.hash, at, reason, timestamp }, null, 2)}\n`);
  return file;
}

/** The imprint an RFC 3161 token covers, and its time. */
function timestampedImprint(token: string) {
  const signedData = AsnConvert.parse(AsnConvert.parse(Buffer.from(token, "base64"), ContentInfo).content, SignedData);
  const info = AsnConvert.parse(signedData.encapContentInfo.eContent!.single!.buffer, TSTInfo);
  return { imprint: Buffer.from(info.messageImprint.hashedMessage.buffer), time: info.genTime };
}

/**
 * The checkpoints recorded in a directory of checkpoint files and in log files (JSON lines): each with where it was
 * read. A file whose timestamp does not cover what it states is a problem (it was edited after it was written).
 */
export function readAuditCheckpoints(sources: { dir: string; logs: string[] }) {
  const checkpoints: ChainCheckpoint[] = [];
  const problems: string[] = [];
  const files = fs.existsSync(sources.dir) ? fs.readdirSync(sources.dir).filter((name) => name.endsWith(".json")) : [];
  for (const name of files.sort()) {
    const file = path.join(sources.dir, name);
    try {
      const { id, hash, timestamp } = JSON.parse(fs.readFileSync(file, "utf8")) as {
        id: number;
        hash: string;
        timestamp: string | null;
      };
      if (timestamp) {
        const expected = crypto.createHash("sha256").update(statementOf({ id, hash })).digest();
        if (!timestampedImprint(timestamp).imprint.equals(expected)) {
          problems.push(`${file}: its timestamp does not cover what it states (edited after it was written)`);
          continue;
        }
      }
      checkpoints.push({ id, hash, source: file });
    } catch {
      problems.push(`${file}: not a checkpoint file`);
    }
  }
  for (const log of sources.logs)
    fs.readFileSync(log, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (!line.includes(LOG_MESSAGE)) return;
        try {
          const entry = JSON.parse(line) as { auditCheckpoint?: { id: number; hash: string } };
          if (entry.auditCheckpoint) checkpoints.push({ ...entry.auditCheckpoint, source: `${log}:${index + 1}` });
        } catch {
          // not a JSON log line
        }
      });
  return { checkpoints, problems };
}

const checkpointer = createPoller("audit checkpoint", env.auditCheckpointMinutes * 60_000);

/** In the primary process: a checkpoint at start, then every AUDIT_CHECKPOINT_MINUTES. */
export function startAuditCheckpoints() {
  void writeAuditCheckpoint(getDb(), "start").catch((error) =>
    logger.error({ err: errorField(error) }, "audit checkpoint failed"),
  );
  checkpointer.start(() => writeAuditCheckpoint(getDb(), "scheduled"));
}

/** At shutdown: the last checkpoint, once every worker has stopped writing. */
export async function stopAuditCheckpoints() {
  await checkpointer.stop();
  await writeAuditCheckpoint(getDb(), "shutdown").catch((error) =>
    logger.error({ err: errorField(error) }, "audit checkpoint failed"),
  );
}
