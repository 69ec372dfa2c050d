import crypto from "node:crypto";
import { ContentInfo, SignedData } from "@peculiar/asn1-cms";
import { AsnConvert, OctetString } from "@peculiar/asn1-schema";
import { MessageImprint, TimeStampReq, TimeStampResp, TSTInfo } from "@peculiar/asn1-tsp";
import { AlgorithmIdentifier } from "@peculiar/asn1-x509";

const SHA256 = "2.16.840.1.101.3.4.2.1";
/** RFC 3161 statuses 0 (granted) and 1 (granted with modifications) carry a token. */
const GRANTED = 1;

/**
 * An RFC 3161 timestamp token over a signature value (PAdES baseline B-T, docs/architecture.md §20), from the
 * time-stamping authority at `url`. The token is checked to answer this request: the same imprint and nonce.
 */
export async function timestampToken(url: string, signature: Uint8Array): Promise<ArrayBuffer> {
  const imprint = crypto.createHash("sha256").update(signature).digest();
  const nonce = crypto.randomBytes(8);
  nonce[0] = (nonce[0] & 0x7f) | 0x01; // a positive INTEGER in its shortest form
  const request = new TimeStampReq({
    version: 1,
    messageImprint: new MessageImprint({
      hashAlgorithm: new AlgorithmIdentifier({ algorithm: SHA256 }),
      hashedMessage: new OctetString(imprint),
    }),
    nonce: nonce.buffer.slice(nonce.byteOffset, nonce.byteOffset + nonce.byteLength),
    certReq: true,
  });
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/timestamp-query" },
    body: Buffer.from(AsnConvert.serialize(request)),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The time-stamping authority answered ${response.status}`);
  const answer = AsnConvert.parse(await response.arrayBuffer(), TimeStampResp);
  if (answer.status.status > GRANTED || !answer.timeStampToken)
    throw new Error(`The time-stamping authority refused: status ${answer.status.status}`);
  const token = AsnConvert.serialize(answer.timeStampToken);
  const signedData = AsnConvert.parse(AsnConvert.parse(token, ContentInfo).content, SignedData);
  const info = AsnConvert.parse(signedData.encapContentInfo.eContent!.single!.buffer, TSTInfo);
  const same = (a: ArrayBuffer | Uint8Array | undefined, b: Uint8Array) =>
    !!a && Buffer.from(a as ArrayBuffer).equals(b);
  if (!same(info.messageImprint.hashedMessage.buffer, imprint) || !same(info.nonce, nonce))
    throw new Error("The time-stamping authority answered another request");
  return token;
}
