import { sql, type Kysely } from "kysely";

// Each organisation its own issuer (docs/decisions/0023): a key of its own DID (own_did = 1,
// did:web:<host>:organisations:<id>) beside the key it had as a method of the deployment's DID (own_did = 0), which
// stays so that credentials signed with it keep verifying. And each issued document's place in the status lists is
// drawn at random when it is issued; the documents already issued keep the place their id gave them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("credential_keys")
    .addColumn("own_did", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex("credential_keys_client_idx").execute();
  await db.schema
    .createIndex("credential_keys_client_idx")
    .on("credential_keys")
    .columns(["client_id", "own_did"])
    .unique()
    .execute();
  await db.schema.alterTable("issued_documents").addColumn("status_position", "integer").execute();
  await sql`UPDATE issued_documents SET status_position = id`.execute(db);
  await db.schema
    .createIndex("issued_documents_status_position_idx")
    .on("issued_documents")
    .column("status_position")
    .unique()
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("issued_documents_status_position_idx").execute();
  await db.schema.alterTable("issued_documents").dropColumn("status_position").execute();
  await sql`DELETE FROM credential_keys WHERE own_did = 1`.execute(db);
  await db.schema.dropIndex("credential_keys_client_idx").execute();
  await db.schema.createIndex("credential_keys_client_idx").on("credential_keys").column("client_id").unique().execute();
  await db.schema.alterTable("credential_keys").dropColumn("own_did").execute();
}
