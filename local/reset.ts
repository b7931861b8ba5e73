/** `npm run reset`: deletes .local/ (all local data and staff passwords); refuses while the stack runs. */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runningOwner } from './lock';
import { REPO_ROOT } from './stack';

const DATA_DIR = join(REPO_ROOT, '.local');
const owner = runningOwner(join(DATA_DIR, 'stack.lock'));
if (owner) {
  console.error(
    `Spin & Win is running (pid ${owner.pid}). Stop it (Ctrl-C in its terminal), then run npm run reset again.`,
  );
  process.exitCode = 1;
} else if (!existsSync(DATA_DIR)) {
  console.log('Nothing to reset: .local/ does not exist.');
} else {
  rmSync(DATA_DIR, { recursive: true, force: true });
  console.log(
    'Removed .local/: the next npm start seeds fresh data and prints new staff passwords.',
  );
}
