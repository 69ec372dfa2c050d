import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll } from "vitest";

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that keeps every mail it accepts,
 * parsed. `stop()` and `start()` again on the same port model a mail server that is down for a while.
 * It is stopped after the test file's tests.
 */
export async function startSmtpServer(port = 0) {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  const start = () =>
    new Promise<number>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ["STARTTLS"],
        onData(stream, _session, callback) {
          simpleParser(stream).then((mail) => {
            received.push(mail);
            callback();
          }, callback);
        },
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.server.address() as { port: number }).port;
        resolve(port);
      });
    });
  await start();
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    received,
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    start,
    /** The first link to this site in a mail's plain text. */
    linkIn: (mail: ParsedMail) => /https?:\/\/\S+/.exec(mail.text ?? "")?.[0] ?? null,
  };
}
