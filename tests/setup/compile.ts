// Compile src/ to lib/ once before the suite: the CLI and the worker pool run from lib/.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/compile.js'], { stdio: 'inherit' });
}
