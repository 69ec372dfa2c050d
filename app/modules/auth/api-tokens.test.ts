import { beforeEach, describe, expect, it } from "vitest";
import type { DB } from "~/platform/db/db.server";
import { SYSTEM } from "~/modules/audit/service.server";
import { changeStatus } from "~/modules/people/service.server";
import { createTestDb, createUser } from "~/test/db";
import {
  ACCESS_TOKEN_SECONDS,
  apiUserOf,
  issueApiTokens,
  refreshApiTokens,
  REFRESH_TOKEN_SECONDS,
  revokeApiTokens,
} from "./api-tokens.server";
import { createUserSession, hashToken, sessionUserOfToken } from "./session.server";

const meta = { ip: "127.0.0.1", userAgent: "test" };
let db: DB;
let userId: number;

beforeEach(async () => {
  db = await createTestDb();
  userId = await createUser(db, { email: "api@example.com" });
});

const apiRows = () =>
  db.selectFrom("sessions").select(["id", "kind", "refresh_hash"]).where("user_id", "=", userId).execute();

describe("API tokens", () => {
  it("are sessions of kind API holding only hashes, and name their user", async () => {
    const tokens = await issueApiTokens(db, userId, meta);
    expect(tokens).toMatchObject({ expiresIn: ACCESS_TOKEN_SECONDS, tokenType: "Bearer" });
    expect(await apiRows()).toEqual([
      { id: hashToken(tokens.accessToken), kind: "API", refresh_hash: hashToken(tokens.refreshToken) },
    ]);
    expect((await apiUserOf(db, tokens.accessToken))?.email).toBe("api@example.com");
  });

  it("stop answering after 15 minutes, yet the refresh token still rotates the pair, once", async () => {
    const start = Date.now();
    const tokens = await issueApiTokens(db, userId, meta, start);
    const later = start + ACCESS_TOKEN_SECONDS * 1000 + 1;
    expect(await apiUserOf(db, tokens.accessToken, later)).toBeNull();
    const renewed = await refreshApiTokens(db, tokens.refreshToken, meta, later);
    expect(renewed).not.toBeNull();
    expect((await apiUserOf(db, renewed!.accessToken, later))?.id).toBe(userId);
    expect(await refreshApiTokens(db, tokens.refreshToken, meta, later)).toBeNull();
    expect(await apiRows()).toHaveLength(1);
  });

  it("cannot be refreshed after 14 days, nor after a revocation", async () => {
    const start = Date.now();
    const old = await issueApiTokens(db, userId, meta, start);
    expect(await refreshApiTokens(db, old.refreshToken, meta, start + REFRESH_TOKEN_SECONDS * 1000 + 1)).toBeNull();
    const tokens = await issueApiTokens(db, userId, meta);
    await revokeApiTokens(db, tokens.accessToken);
    expect(await apiUserOf(db, tokens.accessToken)).toBeNull();
    expect(await refreshApiTokens(db, tokens.refreshToken, meta)).toBeNull();
  });

  it("end when the user is deactivated", async () => {
    const tokens = await issueApiTokens(db, userId, meta);
    await changeStatus(db, "BENEFICIARY", userId, "deactivate", SYSTEM);
    expect(await apiUserOf(db, tokens.accessToken)).toBeNull();
    expect(await refreshApiTokens(db, tokens.refreshToken, meta)).toBeNull();
    expect(await apiRows()).toEqual([]);
  });

  it("and browser sessions do not stand in for each other", async () => {
    const tokens = await issueApiTokens(db, userId, meta);
    expect(await sessionUserOfToken(db, hashToken(tokens.accessToken), "WEB")).toBeNull();
    const cookie = await createUserSession(db, userId, meta);
    const webToken = decodeURIComponent(cookie.split(";")[0].split("=")[1]);
    const [web] = await db.selectFrom("sessions").select("id").where("kind", "=", "WEB").execute();
    expect(web).toBeDefined();
    expect(await sessionUserOfToken(db, web.id, "API")).toBeNull();
    expect(await apiUserOf(db, webToken)).toBeNull();
  });
});
