import net from "node:net";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { DEMO, OTHER_CLIENT, sessionCookieAt } from "../support";

/** What the third security test found, each through the production server as the attacker sent it. */
const sessionCookie = (email: string) => sessionCookieAt(baseURL, email);

/** A bulk file's dry run by the demo clerk, for Demo University's first category: the page's report. */
async function dryRun(cookie: string, csv: string) {
  const form = new FormData();
  form.set("intent", "check");
  form.set("file", new Blob([csv], { type: "text/csv" }), "graduates.csv");
  const response = await fetch(`${baseURL}/clerks/document-categories/bulk/1`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseURL, "Accept-Language": "en" },
    body: form,
  });
  const html = await response.text();
  // The report's table, without the file's own name (the one part that differs by design).
  return { status: response.status, report: /<table[\s\S]*?<\/table>/.exec(html)?.[0] ?? "no report" };
}

test("the bulk dry run answers the same for another organisation's staff, a stranger and nobody", async () => {
  const clerk = await sessionCookie(DEMO.CLERK);
  const header = "email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
  const rowFor = (email: string) => `${header}\n${email},,,,,1,2024-06-30\n`;
  const nobody = await dryRun(clerk, rowFor("nobody-at-all@example.com"));
  expect(nobody.status).toBe(400);
  expect(nobody.report).toContain("this person is not known to your organisation");
  for (const email of [OTHER_CLIENT.CLERK, OTHER_CLIENT.CLIENT_ADMIN, DEMO.SUPER_ADMIN])
    expect(await dryRun(clerk, rowFor(email)), email).toEqual(nobody);
});

test("a file's text is held to the forms' limits: a 60,000-character name with U+202E is refused by the dry run", async () => {
  const clerk = await sessionCookie(DEMO.CLERK);
  const header = "email,first_name_en,last_name_en,first_name_ar,last_name_ar,student_number,graduation_date";
  const { status, report } = await dryRun(
    clerk,
    `${header}\nlong-name@example.com,\u202e${"A".repeat(60_000)},B,ا,ب,1,2024-06-30\n`,
  );
  expect(status).toBe(400);
  expect(report).toContain("At most 100 characters");
  expect(report).not.toContain("AAAAAAAAAA");
});

/**
 * A chunked multipart post written as fast as the server reads it: its status, and how many bytes the server had
 * taken when its answer began (a socket's writes stop being taken once the server stops reading).
 */
function chunkedFiles(path: string, files: number, fileBytes: number) {
  return new Promise<{ status: number; writtenAtAnswer: number }>((resolve, reject) => {
    const url = new URL(path, baseURL);
    const socket = net.connect(Number(url.port), url.hostname);
    const boundary = "chunked-files";
    let written = 0;
    let writtenAtAnswer = -1;
    let answer = "";
    const chunk = (bytes: Buffer) => {
      written += bytes.length;
      return socket.write(Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]));
    };
    socket.on("data", (data) => {
      if (writtenAtAnswer < 0) writtenAtAnswer = written;
      answer += data.toString("latin1");
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0);
      resolve({ status, writtenAtAnswer });
    });
    socket.on("connect", async () => {
      socket.write(
        `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nOrigin: ${baseURL}\r\nAccept-Language: en\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      );
      const block = Buffer.alloc(256 * 1024, "A");
      try {
        for (let file = 0; file < files && !socket.destroyed && writtenAtAnswer < 0; file++) {
          chunk(
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="f${file}.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
            ),
          );
          for (let sent = 0; sent < fileBytes && !socket.destroyed && writtenAtAnswer < 0; sent += block.length) {
            if (!chunk(block)) await new Promise((resolve) => socket.once("drain", resolve));
            // Yield each block, so that the answer is seen as it arrives (a server that drains fast took every
            // write at once, and the loop wrote on without reading).
            else await new Promise((resolve) => setImmediate(resolve));
          }
          chunk(Buffer.from("\r\n"));
        }
        if (!socket.destroyed)
          socket.end(`${Buffer.from(`--${boundary}--\r\n`).length.toString(16)}\r\n--${boundary}--\r\n\r\n0\r\n\r\n`);
      } catch (error) {
        reject(error);
      }
    });
    setTimeout(() => socket.destroy(), 30_000);
  });
}

test("a chunked body is held to the limit a declared one has: twenty files of 5 MB to /verify/batch stop at 26 MB", async () => {
  test.setTimeout(60_000);
  const answer = await chunkedFiles("/verify/batch", 20, 5 * 1024 * 1024 - 1024);
  expect(answer.status).toBe(413);
  expect(answer.writtenAtAnswer).toBeGreaterThan(0);
  expect(answer.writtenAtAnswer).toBeLessThan(40 * 1024 * 1024);
});

/**
 * A post as Python's http.client sends it: the headers in one write, the body in the next, `Connection: close`,
 * and the answer read only once the whole body is sent (a send that fails loses the answer, as it does there).
 * Its status, 0 when the answer was lost.
 */
function postLikePython(path: string, headers: Record<string, string>, body: Buffer) {
  return new Promise<number>((resolve) => {
    const url = new URL(path, baseURL);
    const socket = net.connect({ port: Number(url.port), host: url.hostname, allowHalfOpen: true });
    let answer = "";
    let sentAll = false;
    socket.on("data", (data) => (answer += data.toString("latin1")));
    // Read to the end of the answer, then close (the body was sent whole by then, or lost).
    socket.on("end", () => socket.end());
    socket.on("error", () => {});
    socket.on("close", () => resolve(sentAll ? Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0) : 0));
    socket.on("connect", () => {
      const head = Object.entries({
        Host: url.host,
        "Content-Length": String(body.length),
        Connection: "close",
        ...headers,
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      socket.write(`POST ${url.pathname} HTTP/1.1\r\n${head}\r\n`);
      setImmediate(() => socket.write(body, (error) => (sentAll = !error)));
    });
    setTimeout(() => socket.destroy(), 15_000);
  });
}

test("a refused post's answer always arrives, with Connection: close and the body just after the headers", async () => {
  test.setTimeout(120_000);
  const form = "application/x-www-form-urlencoded";
  const large = (prefix: string, bytes: number) => Buffer.concat([Buffer.from(prefix), Buffer.alloc(bytes, "x")]);
  const cases = [
    // 403: another origin, refused before the body is read.
    {
      path: "/login",
      headers: { Origin: "https://evil.example", "Content-Type": form },
      body: large("note=", 512 * 1024),
      status: 403,
    },
    // 404: nothing there.
    {
      path: "/no-such-page",
      headers: { Origin: baseURL, "Content-Type": form },
      body: large("note=", 512 * 1024),
      status: 404,
    },
    // 413: a form, and a multipart post, over their limits, refused by their declared size.
    {
      path: "/login",
      headers: { Origin: baseURL, "Content-Type": form },
      body: large("note=", 1024 * 1024 + 10),
      status: 413,
    },
    {
      path: "/verify/batch",
      headers: { Origin: baseURL, "Content-Type": "multipart/form-data; boundary=b" },
      body: large("--b\r\n", 30 * 1024 * 1024),
      status: 413,
    },
  ];
  const lost: string[] = [];
  for (let round = 0; round < 5; round++)
    for (const { path, headers, body, status } of cases) {
      const answered = await postLikePython(path, headers, body);
      if (answered !== status) lost.push(`${path} ${status}: ${answered}`);
    }
  expect(lost).toEqual([]);
});
