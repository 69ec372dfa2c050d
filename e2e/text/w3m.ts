import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * w3m, Debian's text browser, driven as a person drives it: in a terminal (tmux), moving with its own
 * keys (search with `/`, next field with Tab, Enter to edit or press), typing into its prompts. It sends
 * what w3m sends (a Referer, never an Origin), keeps cookies in its own jar, and the test reads the screen.
 */
let sessions = 0;

/**
 * The tests' own tmux server (its own socket), kept up by a session that does nothing: a tmux server exits with its
 * last session, so a w3m that quit took the server with it, and the test saw only "no server running". w3m's panes
 * stay when it exits (`remain-on-exit`), so the test says how it ended.
 */
const SOCKET = `w3m-tests-${process.pid}`;
const tmux = (...args: string[]) => execFileSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
let serverUp = false;
function startServer() {
  if (serverUp) return;
  tmux("new-session", "-d", "-s", "keeper", "sleep 86400");
  tmux("set-option", "-g", "remain-on-exit", "on");
  serverUp = true;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** w3m's search takes a regular expression. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class W3m {
  private constructor(
    readonly session: string,
    readonly home: string,
  ) {}

  /** A new w3m (its own cookie jar) that asks pages in `lng`, on `url`. */
  static async open(url: string, lng: "ar" | "en") {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), "w3m-"));
    const session = `w3m-${++sessions}`;
    startServer();
    tmux(
      "new-session",
      "-d",
      "-s",
      session,
      "-x",
      "160",
      "-y",
      "200",
      "-e",
      `HOME=${home}`,
      "-e",
      "LANG=C.UTF-8",
      // What w3m writes to stderr (its library's warnings, an abort's reason) goes to a file the test can show.
      `w3m -o accept_language=${lng} -o confirm_qq=0 '${url}' 2>'${home}/stderr.log'`,
    );
    const browser = new W3m(session, home);
    await browser.waitFor(/\S/);
    return browser;
  }

  /** What the terminal shows (the window is 200 lines tall: a whole page). */
  screen(): string {
    return tmux("capture-pane", "-p", "-t", this.session);
  }

  async keys(...keys: string[]) {
    for (const key of keys) {
      tmux("send-keys", "-t", this.session, key);
      await sleep(60);
    }
  }

  /** Types text literally (`send-keys -l`: no key names), into w3m's prompt. */
  async type(text: string) {
    tmux("send-keys", "-t", this.session, "-l", text);
    await sleep(60);
  }

  async waitFor(expected: RegExp | string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (typeof expected === "string" ? screen.includes(expected) : expected.test(screen)) return screen;
      const ended = /Pane is dead \(([^)]*)\)/.exec(screen);
      if (ended) {
        const stderr = fs.readFileSync(path.join(this.home, "stderr.log"), "utf8");
        throw new Error(`w3m ended (${ended[1]}) while the test waited for ${expected}; its stderr:\n${stderr}`);
      }
      if (Date.now() > deadline) throw new Error(`w3m never showed ${expected}; the screen:\n${screen}`);
      await sleep(100);
    }
  }

  /**
   * Waits until w3m's bottom line shows one of its prompts. Typing before the prompt is open sends the text as
   * commands, and a `q` in it (a file's random temporary name) quits w3m: CI saw the browser vanish under load.
   */
  async prompt(name: RegExp) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const bottom = this.screen().trimEnd().split("\n").at(-1) ?? "";
      if (name.test(bottom)) return;
      if (Date.now() > deadline) throw new Error(`w3m never opened the prompt ${name}; its bottom line: ${bottom}`);
      await sleep(50);
    }
  }

  /** Puts the cursor on the `nth` occurrence of `text` from the top of the page. */
  async find(text: string, nth = 1) {
    await this.keys("g");
    await this.keys("/");
    await this.prompt(/^Forward:/);
    await this.type(literal(text));
    await this.keys("Enter");
    for (let i = 1; i < nth; i++) await this.keys("n");
  }

  /** Types `value` into the field after the label `label` (a text, password, date or file field). */
  async fill(label: string, value: string, nth = 1) {
    await this.find(label, nth);
    await this.keys("Tab", "Enter");
    await this.prompt(/^(TEXT|Password|Filename)/);
    await this.keys("C-a", "C-k"); // w3m's line editor: clear what the field held
    await this.type(value);
    await this.keys("Enter");
  }

  /** Chooses the radio button or checkbox just before the text `label`. */
  async check(label: string) {
    await this.find(label);
    await this.keys("Escape", "Tab", "Enter");
  }

  /** Presses the button (or follows the link) whose text is `label`, and waits for the page to change. */
  async press(label: string, nth = 1) {
    const before = this.screen();
    await this.find(label, nth);
    await this.keys("Enter");
    const deadline = Date.now() + 10_000;
    while (this.screen() === before && Date.now() < deadline) await sleep(100);
    await sleep(300);
  }

  async goto(url: string) {
    await this.keys("U");
    await this.prompt(/^Goto URL:/);
    await this.keys("C-a", "C-k");
    await this.type(url);
    await this.keys("Enter");
    await sleep(500);
  }

  close() {
    try {
      tmux("kill-session", "-t", this.session);
    } catch {
      // already gone
    }
    fs.rmSync(this.home, { recursive: true, force: true });
  }

  /** Stops the tests' tmux server, and with it any w3m left. */
  static stopAll() {
    if (!serverUp) return;
    serverUp = false;
    try {
      tmux("kill-server");
    } catch {
      // already gone
    }
    // The server leaves its socket file behind.
    const socketDir = path.join(process.env.TMUX_TMPDIR ?? os.tmpdir(), `tmux-${process.getuid?.() ?? 0}`);
    fs.rmSync(path.join(socketDir, SOCKET), { force: true });
  }
}
