import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { DEMO, DEMO_PASSWORD, OTHER_CLIENT } from "../support";

/** What the third security test found, each through the production server as the attacker sent it. */
async function sessionCookie(email: string) {
  const response = await fetch(`${baseURL}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => pair.startsWith("session="))
    .at(-1)!;
}

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
