// An earlier commit's browser code, written out of git into a fresh temporary directory, for
// the benches that compare the AI with an earlier version of itself. A shallow clone needs
// `git fetch --unshallow` first. The caller removes the directory (rmSync, recursive).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

export function checkoutTree(commit, paths = ["static/js"]) {
  if (!/^[0-9a-f]{4,40}$/i.test(commit)) throw new Error("the baseline must be a commit hash");
  const dir = mkdtempSync(join(tmpdir(), "ai-baseline-"));
  try {
    const tar = execFileSync("git", ["-C", ROOT, "archive", commit, ...paths], { maxBuffer: 1 << 26 });
    execFileSync("tar", ["-x", "-C", dir], { input: tar });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`cannot read commit ${commit} from git (a shallow clone needs `
      + `\`git fetch --unshallow\`): ${String(error.message).split("\n")[0]}`);
  }
  writeFileSync(join(dir, "package.json"), '{"type": "module"}\n'); // the files are ES modules
  return dir;
}
