// Compile src/ to lib/ once before the suite: the CLI and the worker pool run from lib/.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/compile.js'], { stdio: 'inherit' });
  // The CLI runs the lib/ compiled here for the whole run: an edit to src/ meanwhile recompiled
  // lib/ under the builds of other tests (their workers then crashed, and a test's build exited 1).
  process.env.SITEGEN_COMPILED = '1';
}
