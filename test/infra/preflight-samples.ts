/**
 * Prints the preflight for a mocked new account (everything to do) and a mocked ready account (all
 * ok), through the real preflight code with mocked SDK clients (test/infra/preflight-accounts.ts):
 * `npx tsx test/infra/preflight-samples.ts new|ready`. Its output is what docs/deploy.md shows.
 */
import { preflight } from '../../infra/preflight/preflight';
import { mockedAccount, newAccount, readyAccount } from './preflight-accounts';

const which = process.argv[2];
if (which !== 'new' && which !== 'ready') throw new Error('usage: preflight-samples.ts new|ready');
const { clientsFor, stubs } = mockedAccount();
(which === 'new' ? newAccount : readyAccount)(stubs);
// The new account's agency has not chosen an alarm address yet; WAF is on by default.
const args = [
  '-c',
  'region=ap-southeast-2',
  '-c',
  'shop=joes-pizza',
  '-c',
  'smsSenderId=SpinWin',
  ...(which === 'ready' ? ['-c', 'alarmEmail=ops@agency.example'] : []),
];
console.log(`$ npm run preflight -- ${args.join(' ')}`);
const { lines, exitCode } = await preflight(args, {}, clientsFor);
for (const line of lines) console.log(line);
console.log(`(exit code ${exitCode})`);
