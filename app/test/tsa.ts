import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * OpenSSL's own time-stamping authority (`openssl ts -reply`), served over HTTP on 127.0.0.1 as RFC 3161 asks:
 * a query POSTed, a reply answered. Its certificate (self-signed, extended key usage timeStamping) is the trust
 * anchor a verifier passes to `openssl ts -verify`.
 */
export async function startOpenSslTsa() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tsa-"));
  const at = (name: string) => path.join(dir, name);
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", at("tsa.key"), "-out", at("tsa.crt")],
      ...["-days", "2", "-subj", "/CN=Test Time-Stamping Authority"],
      ...["-addext", "extendedKeyUsage=critical,timeStamping", "-addext", "basicConstraints=critical,CA:FALSE"],
      ...["-addext", "keyUsage=critical,digitalSignature"],
    ],
    { stdio: "ignore" },
  );
  fs.writeFileSync(at("serial"), "01\n");
  fs.writeFileSync(
    at("tsa.cnf"),
    [
      "[ tsa ]",
      "default_tsa = test_tsa",
      "[ test_tsa ]",
      `serial = ${at("serial")}`,
      "crypto_device = builtin",
      `signer_cert = ${at("tsa.crt")}`,
      `signer_key = ${at("tsa.key")}`,
      "signer_digest = sha256",
      "default_policy = 1.3.6.1.4.1.4146.2.3",
      "digests = sha256",
      "accuracy = secs:1",
      "ordering = no",
      "tsa_name = no",
      "ess_cert_id_chain = no",
      "ess_cert_id_alg = sha256",
      "",
    ].join("\n"),
  );
  let answered = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const query = at(`query-${answered}.tsq`);
      const reply = at(`reply-${answered}.tsr`);
      answered += 1;
      fs.writeFileSync(query, Buffer.concat(chunks));
      try {
        execFileSync("openssl", ["ts", "-reply", "-config", at("tsa.cnf"), "-queryfile", query, "-out", reply], {
          stdio: "ignore",
        });
        response.writeHead(200, { "Content-Type": "application/timestamp-reply" }).end(fs.readFileSync(reply));
      } catch {
        response.writeHead(500).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    certificate: at("tsa.crt"),
    answered: () => answered,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
