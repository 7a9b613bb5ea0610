// Gecko for the Python journeys: Debian's firefox-esr driven by puppeteer-core over WebDriver
// BiDi (Firefox's own remote agent: no driver binary, no browser download). Python
// (tests/engines/gecko.py) writes one JSON command a line on stdin; each answer is one JSON line
// on stdout: {ok: true, value} or {ok: false, error}.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, width, height] = process.argv.slice(2);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath,
  headless: true,
  defaultViewport: { width: Number(width), height: Number(height) },
});
const page = await browser.newPage();
const problems = [];
page.on("console", (m) => m.type() === "error" && problems.push(`gecko console: ${m.text()}`));
page.on("pageerror", (e) => problems.push(`gecko pageerror: ${e.message ?? e}`));

const commands = {
  version: () => browser.version(),
  goto: async ({ url }) => void (await page.goto(url)),
  // A string is evaluated as an expression; its promise is awaited.
  js: ({ expression }) => page.evaluate(expression),
  click: async ({ css }) => void (await page.click(css)),
  key: async ({ key }) => void (await page.keyboard.press(key)),
  reload: async () => void (await page.reload()),
  screenshot: async ({ path }) => void (await page.screenshot({ path })),
  problems: () => problems,
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const { command, ...args } = JSON.parse(line);
  let answer;
  try {
    const value = await commands[command](args);
    answer = { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    answer = { ok: false, error: String(error?.message ?? error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await browser.close();
