/**
 * The offline verifier (docs/architecture.md §20), run in the reviewer's browser: it saves the deployment's DID
 * document and revocation lists while online, and checks a verifiable credential against them with Digital Bazaar's
 * library, the same one our tests verify with, online or not.
 */
import { contexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import { checkStatus } from "@digitalbazaar/vc-bitstring-status-list";

const DATA = "offline-verifier-data-v1";
const DID_DOCUMENT = "/.well-known/did.json";
/** Every organisation's own DID document (docs/decisions/0023), in one answer. */
const ISSUERS = "/credentials/issuers";
const SAVED = "/verify/offline/saved";
const did = `did:web:${encodeURIComponent(location.host)}`;

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const strings = JSON.parse(element("offline-strings").textContent ?? "{}") as Record<string, string>;
const say = (key: string, values: Record<string, string> = {}) =>
  (strings[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
const lng = document.documentElement.lang;

/** "12 minutes", "3 hours", "2 days": how long ago the lists were saved. */
function ageOf(savedAt: number) {
  const minutes = Math.max(0, Math.round((Date.now() - savedAt) / 60_000));
  if (minutes < 120) return say("minutes", { count: String(minutes) });
  const hours = Math.round(minutes / 60);
  return hours < 48 ? say("hours", { count: String(hours) }) : say("days", { count: String(Math.round(hours / 24)) });
}

const cachedJson = async (path: string) => {
  const response = await (await caches.open(DATA)).match(path, { ignoreVary: true });
  if (!response) throw new Error(`not saved: ${path}`);
  return response.json() as Promise<Record<string, unknown>>;
};

/** Saves the DID document and every status list; offline, reads when they were last saved. */
async function save(): Promise<number | null> {
  const cache = await caches.open(DATA);
  try {
    const fetched: [string, Response][] = [];
    const didDocument = await fetch(DID_DOCUMENT, { cache: "no-store" });
    if (!didDocument.ok) throw new Error(String(didDocument.status));
    fetched.push([DID_DOCUMENT, didDocument]);
    const issuers = await fetch(ISSUERS, { cache: "no-store" });
    if (!issuers.ok) throw new Error(String(issuers.status));
    const { issuers: documents, statusLists } = (await issuers.clone().json()) as {
      issuers: DidDocument[];
      statusLists: number;
    };
    fetched.push([ISSUERS, issuers]);
    // The deployment's lists (earlier credentials), then each organisation's own: as many as the answer says.
    const prefixes = [
      "/credentials/status",
      ...documents.map((document) => `/organisations/${document.id.split(":").at(-1)}/status`),
    ];
    for (const prefix of prefixes)
      for (let list = 1; list <= statusLists; list++) {
        const response = await fetch(`${prefix}/${list}`, { cache: "no-store" });
        if (!response.ok) throw new Error(String(response.status));
        fetched.push([`${prefix}/${list}`, response]);
      }
    for (const [path, response] of fetched) await cache.put(path, response);
    const savedAt = Date.now();
    await cache.put(SAVED, new Response(JSON.stringify({ savedAt })));
    return savedAt;
  } catch {
    const saved = await cache.match(SAVED);
    return saved ? ((await saved.json()) as { savedAt: number }).savedAt : null;
  }
}

class OtherIssuer extends Error {}
interface DidDocument {
  id: string;
  verificationMethod: { id: string }[];
}
/** This deployment's DID, or one of its organisations' (did:web:<host>:organisations:<id>). */
const ours = (issuer: string) =>
  issuer === did || (/^:organisations:\d+$/.test(issuer.slice(did.length)) && issuer.startsWith(did));
class ListMissing extends Error {}

async function documentLoader(url: string) {
  const context = contexts.get(url);
  if (context) return { documentUrl: url, document: context };
  if (url.startsWith("did:web:")) {
    const [issuer] = url.split("#");
    if (!ours(issuer)) throw new OtherIssuer(url);
    const didDocument =
      issuer === did
        ? ((await cachedJson(DID_DOCUMENT)) as unknown as DidDocument)
        : ((await cachedJson(ISSUERS)) as unknown as { issuers: DidDocument[] }).issuers.find(
            (one) => one.id === issuer,
          );
    if (!didDocument) throw new OtherIssuer(url);
    const found = url.includes("#") ? didDocument.verificationMethod.find((method) => method.id === url) : didDocument;
    if (!found) throw new Error(`${url} is not in the saved DID document`);
    return { documentUrl: url, document: found };
  }
  const parsed = new URL(url);
  const isList = /^\/(credentials|organisations\/\d+)\/status\/\d+$/.test(parsed.pathname);
  if (parsed.origin === location.origin && isList) {
    try {
      return { documentUrl: url, document: await cachedJson(parsed.pathname) };
    } catch {
      throw new ListMissing(url);
    }
  }
  throw new OtherIssuer(url);
}

type Verdict = "valid" | "revoked" | "expired" | "invalid" | "unreadable" | "otherIssuer" | "listMissing";
const CLASSES: Record<Verdict, string> = {
  valid: "VALID",
  revoked: "REVOKED",
  expired: "EXPIRED",
  invalid: "REVOKED",
  unreadable: "NOT_FOUND",
  otherIssuer: "NOT_FOUND",
  listMissing: "EXPIRED",
};

const causes = (error: unknown): unknown[] => {
  if (!error || typeof error !== "object") return [error];
  const { errors, cause } = error as { errors?: unknown[]; cause?: unknown };
  return [error, ...(errors ?? []).flatMap(causes), ...(cause ? causes(cause) : [])];
};

/** The proof, then the status, then the dates: the first that fails is the verdict. */
async function check(credential: Record<string, unknown>): Promise<Verdict> {
  if (typeof (credential.issuer as { id?: string })?.id !== "string" || !credential.proof) return "unreadable";
  if (!ours((credential.issuer as { id: string }).id)) return "otherIssuer";
  const validFrom = Date.parse(String(credential.validFrom));
  const result = await vc.verifyCredential({
    credential,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader,
    checkStatus,
    // The proof and the list are checked as of the day it was issued; its expiry is ours to say, below.
    now: Number.isNaN(validFrom) ? new Date() : new Date(validFrom + 1000),
  });
  const all = [...causes(result.error), ...causes((result.statusResult as { error?: unknown })?.error)];
  if (all.some((cause) => cause instanceof OtherIssuer)) return "otherIssuer";
  if (all.some((cause) => cause instanceof ListMissing)) return "listMissing";
  if (!result.verified) {
    console.warn("The credential did not verify:", result);
    return "invalid";
  }
  if (result.statusResult?.results?.some((entry) => entry.status)) return "revoked";
  if (credential.validUntil && Date.parse(String(credential.validUntil)) < Date.now()) return "expired";
  return "valid";
}

/** A language-tagged value in the page's language (or the other, if that is all there is). */
function inLanguage(value: unknown): string {
  if (typeof value === "string") return value;
  const values = (Array.isArray(value) ? value : [value]) as { "@value"?: string; "@language"?: string }[];
  return (values.find((entry) => entry?.["@language"] === lng) ?? values[0])?.["@value"] ?? "";
}

const formatDate = (value: unknown) => {
  const time = Date.parse(String(value));
  return Number.isNaN(time) ? "" : new Intl.DateTimeFormat(lng, { dateStyle: "long" }).format(time);
};

function show(verdict: Verdict, credential: Record<string, unknown> | null, savedAt: number | null) {
  const result = element("offline-result");
  result.replaceChildren();
  const box = document.createElement("div");
  box.className = `v-verdict v-${CLASSES[verdict]}`;
  box.dataset.verdict = verdict;
  const strong = document.createElement("strong");
  strong.textContent = say(verdict);
  box.append(strong);
  result.append(box);
  if (!credential || verdict === "unreadable" || verdict === "otherIssuer") return;
  const subject = (credential.credentialSubject ?? {}) as Record<string, unknown>;
  const rows: [string, string][] = [
    [say("issuer"), inLanguage((credential.issuer as { name?: unknown }).name)],
    [say("document"), inLanguage(subject.documentName ?? credential.name)],
    [say("holder"), inLanguage(subject.name)],
    [say("validFrom"), formatDate(credential.validFrom)],
    [say("validUntil"), formatDate(credential.validUntil)],
  ];
  const list = document.createElement("dl");
  for (const [label, value] of rows) {
    const term = document.createElement("dt");
    term.textContent = label;
    const detail = document.createElement("dd");
    const isolated = document.createElement("bdi");
    isolated.textContent = value;
    detail.append(isolated);
    list.append(term, detail);
  }
  const card = document.createElement("div");
  card.className = "v-card";
  card.append(list);
  if (savedAt !== null) {
    const age = document.createElement("p");
    age.className = "v-hint";
    age.dataset.testid = "list-age";
    age.textContent = say("listAge", { age: ageOf(savedAt) });
    card.append(age);
  }
  result.append(card);
}

async function verifyText(text: string, savedAt: number | null) {
  let credential: Record<string, unknown>;
  try {
    credential = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return show("unreadable", null, savedAt);
  }
  const verdict = await check(credential).catch((error: unknown) => {
    console.warn("The credential could not be checked:", error);
    return "invalid" as const;
  });
  show(verdict, credential, savedAt);
}

/** The camera, where the browser reads QR codes (BarcodeDetector): a credential in the code, or our link. */
function offerCamera(onCredential: (text: string) => void) {
  const Detector = (
    window as unknown as {
      BarcodeDetector?: new (options: object) => { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
    }
  ).BarcodeDetector;
  const button = element<HTMLButtonElement>("scan");
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const video = element<HTMLVideoElement>("camera");
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
    video.srcObject = stream;
    video.hidden = false;
    await video.play();
    const detector = new Detector({ formats: ["qr_code"] });
    const stop = () => {
      stream.getTracks().forEach((track) => track.stop());
      video.hidden = true;
    };
    const scan = async () => {
      const [code] = await detector.detect(video).catch(() => []);
      if (!code) return void requestAnimationFrame(scan);
      stop();
      if (code.rawValue.trim().startsWith("{")) return onCredential(code.rawValue);
      const result = element("offline-result");
      result.textContent = say(/^https?:\/\//.test(code.rawValue) ? "qrIsLink" : "qrNothing");
    };
    void scan();
  });
}

async function start() {
  const saved = element("offline-saved");
  saved.textContent = say("saving");
  if ("serviceWorker" in navigator)
    await navigator.serviceWorker.register("/verify/offline-worker.js", { scope: "/verify/offline" }).catch(() => {});
  const savedAt = await save();
  const when =
    savedAt === null ? "" : new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(savedAt);
  saved.textContent =
    savedAt === null
      ? say("notSaved")
      : say(navigator.onLine ? "savedAt" : "offlineUsingSaved", { time: when, age: ageOf(savedAt) });
  if ("serviceWorker" in navigator) await navigator.serviceWorker.ready.catch(() => {});
  saved.dataset.ready = savedAt === null ? "false" : "true";

  const textarea = element<HTMLTextAreaElement>("credential");
  element<HTMLInputElement>("credential-file").addEventListener("change", async (event) => {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (file) textarea.value = await file.text();
  });
  element<HTMLFormElement>("offline-form").addEventListener("submit", (event) => {
    event.preventDefault();
    element("offline-result").textContent = say("checking");
    void verifyText(textarea.value, savedAt);
  });
  offerCamera((text) => {
    textarea.value = text;
    void verifyText(text, savedAt);
  });
}

void start();
