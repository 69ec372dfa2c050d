import { describe, expect, it } from "vitest";
import { PNG_BYTES } from "~/test/files";
import { FORM_MAX_BYTES, readForm, readUpload } from "./body.server";

const limits = { maxFileSize: 5 * 1024 * 1024, maxFiles: 5, tooLarge: "validation.fileSizeMax5" as const };

function upload(files: [string, Uint8Array][], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, bytes] of files) form.append("document.1", new File([Buffer.from(bytes)], name));
  return new Request("http://localhost/x", { method: "POST", body: form });
}

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: type ? { "Content-Type": type } : {},
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

/** A body that sends `bytes`, then fails (a client that went away). */
const truncated = (bytes: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(bytes));
      controller.error(new Error("aborted"));
    },
  });

/** The status a refused body is answered with (thrown as a response). */
async function statusOf(read: Promise<unknown>): Promise<number> {
  try {
    await read;
    return 200;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? 500;
  }
}

describe("the body layer", () => {
  it("reads a urlencoded form, and an empty post as an empty form", async () => {
    const form = await readForm(
      post("email=a%40b.example&name=%D8%B9%D9%84%D9%8A", "application/x-www-form-urlencoded"),
    );
    expect(Object.fromEntries(form)).toEqual({ email: "a@b.example", name: "علي" });
    expect([...(await readForm(post(null)))]).toEqual([]);
  });

  it("answers 415 to a content type the route does not take", async () => {
    for (const [body, type] of [
      ["hello", "text/plain"],
      ['{"a":1}', "application/json"],
      ["<a/>", "application/xml"],
      ["a=1", undefined],
    ] as const) {
      expect(await statusOf(readForm(post(body, type))), `${type}`).toBe(415);
    }
    expect(await statusOf(readForm(upload([["a.png", PNG_BYTES]])))).toBe(415);
  });

  it("answers 413 past 1 MB (declared or while streaming) and past 1,000 fields", async () => {
    const big = "a=" + "x".repeat(FORM_MAX_BYTES);
    expect(await statusOf(readForm(post(big, "application/x-www-form-urlencoded")))).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    expect(await statusOf(readForm(post(stream, "application/x-www-form-urlencoded")))).toBe(413);
    const many = Array.from({ length: 1001 }, (_, i) => `f${i}=1`).join("&");
    expect(await statusOf(readForm(post(many, "application/x-www-form-urlencoded")))).toBe(413);
    expect(
      await statusOf(
        readUpload(upload([], Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`f${i}`, "1"]))), limits),
      ),
    ).toBe(413);
  });

  it("answers 400 to a truncated body, a multipart body without a usable boundary, or a broken one", async () => {
    expect(await statusOf(readForm(post(truncated("a=1&b"), "application/x-www-form-urlencoded")))).toBe(400);
    for (const type of [
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary=${"b".repeat(71)}`,
    ]) {
      expect(await statusOf(readUpload(post("--x\r\n", type), limits)), type).toBe(400);
    }
    expect(
      await statusOf(
        readUpload(
          post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end', "multipart/form-data; boundary=x"),
          limits,
        ),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        readUpload(
          post(truncated('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n'), "multipart/form-data; boundary=x"),
          limits,
        ),
      ),
    ).toBe(400);
  });

  it("stops a file over 5 MB while it streams: 'File size should not exceed 5MB'", async () => {
    expect(await readUpload(upload([["big.pdf", new Uint8Array(5 * 1024 * 1024 + 1)]]), limits)).toMatchObject({
      ok: false,
      error: "validation.fileSizeMax5",
    });
  });

  it("refuses more than 5 files: 'Maximum 5 files allowed'", async () => {
    const six = Array.from({ length: 6 }, (_, i) => [`f${i}.png`, PNG_BYTES] as [string, Uint8Array]);
    expect(await readUpload(upload(six), limits)).toMatchObject({ ok: false, error: "validation.maxFiles5" });
  });

  it("reads files and fields within the limits, and a urlencoded post as a form without files", async () => {
    const result = await readUpload(upload([["a.png", PNG_BYTES]], { note: "hi" }), limits);
    expect(result.ok && result.files.map((file) => file.name)).toEqual(["a.png"]);
    expect(result.ok && result.fields.get("note")).toBe("hi");
    expect(await readUpload(post("step=review", "application/x-www-form-urlencoded"), limits)).toMatchObject({
      ok: true,
      files: [],
    });
  });
});
