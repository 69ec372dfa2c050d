import { getDb } from "~/platform/db/db.server";
import { DEMO_ACCOUNTS } from "~/modules/demo/demo-data";
import { findUserByEmail } from "~/modules/users/queries.server";
import { demoVerificationSamples } from "~/modules/verification/samples.server";
import { logger } from "~/platform/log/logger.server";
import { env } from "~/platform/env.server";

/**
 * Logged at start-up so a newcomer can sign in at once. The password is not logged (docs/decisions/0017): it is the
 * README's, under Demo accounts.
 */
export async function printDemoAccounts() {
  if (!(await findUserByEmail(getDb(), DEMO_ACCOUNTS[0].email))) return;
  const samples = await demoVerificationSamples(getDb());
  const width = Math.max(...DEMO_ACCOUNTS.map((account) => account.email.length));
  // One block a person reads at once (the password is the README's, under Demo accounts), and the same in one log
  // line's fields for whatever reads the log.
  const block = [
    "Demo accounts (the password is in the README, under Demo accounts):",
    ...DEMO_ACCOUNTS.map(
      (account) => `  ${account.email.padEnd(width)}  ${account.role}${account.note ? ` (${account.note})` : ""}`,
    ),
    "Try the public verification page:",
    ...samples.map((sample) => `  ${env.publicUrl}/verify/${sample.code}  ${sample.label}`),
  ].join("\n");
  logger.info(
    {
      demo: {
        accounts: DEMO_ACCOUNTS.map(({ email, role, note }) => ({
          email,
          role,
          ...(note ? { organisation: note } : {}),
        })),
        verify: samples.map((sample) => ({ url: `${env.publicUrl}/verify/${sample.code}`, label: sample.label })),
      },
    },
    "demo accounts and verification samples",
  );
  if (process.stdout.isTTY) process.stdout.write(`\n${block}\n\n`);
  return block;
}
