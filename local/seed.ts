/**
 * First-start data from the same definitions the CDK stack uses: the two sample prizes,
 * placeholder business settings, default game settings, and the admin and operator users with
 * random passwords. Runs once per data directory (a marker file); each step also checks what
 * exists, so a start interrupted half-way finishes the job without duplicating anything.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { STAFF_USERS } from '@shared/definitions';
import { ensureStaffAccount, generateStaffPassword } from '../lambdas/domain/staff-accounts';
import { PLACEHOLDER_BUSINESS } from '@shared/business-fields';
import { DEFAULT_GAME_SETTINGS } from '@shared/constants';
import { sliceInputSchema } from '@shared/slice';
import type { StaffRole } from '@shared/types';
import {
  getBusinessSettings,
  getGameSettings,
  mergeBusinessSettings,
  mergeGameSettings,
} from '../lambdas/repositories/settings';
import { listSlices } from '../lambdas/repositories/slices';
import { addSlice } from '../lambdas/domain/slices-admin';
import type { CognitoStandIn } from './cognito';

/**
 * The required sample prizes (section 1): a buy-one-get-one-free main and a free side with a minimum
 * spend; then four more takeaway prizes.
 */
const SAMPLE_SLICES = [
  {
    name: 'Buy 1 Get 1 Free',
    comment: 'Buy any main and get a second main free',
    bgColor: '#ffd1dc',
  },
  { name: 'Free Side', comment: 'Free side with any order over $20', bgColor: '#a8e6a1' },
  // Four more, so the first wheel a new install shows looks like a wheel, not a coin.
  { name: 'Free Drink', comment: 'A free can with any main', bgColor: '#1f9e9a' },
  { name: 'Free Dessert', comment: 'With any order over $30', bgColor: '#ff9f1c' },
  { name: '10% Off', comment: 'Off your next order in store', bgColor: '#22d3ee' },
  { name: 'Free Dip', comment: 'Any dip with any side', bgColor: '#e040fb' },
] as const;

const SEED_MARKER = 'seeded.json';
/** The staff passwords, in the data directory (the README and `npm start` name it). */
export const PASSWORDS_FILE = 'staff-passwords.json';
const PRIVATE_FILE_MODE = 0o600;

export interface SeedResult {
  /** False when the data directory was seeded by an earlier start. */
  seeded: boolean;
  /** Passwords of staff users created by this run (shown once). */
  passwords: Partial<Record<StaffRole, string>>;
  passwordsFile: string;
}

type CognitoCaller = Pick<CognitoStandIn, 'call' | 'pools'>;

/**
 * Seeds `dataDir`'s stack once. The repositories must already point at its tables (env set).
 * Passwords are written to <dataDir>/staff-passwords.json, readable by the owner only.
 */
export async function seedIfNeeded(dataDir: string, cognito: CognitoCaller): Promise<SeedResult> {
  const passwordsFile = join(dataDir, PASSWORDS_FILE);
  const marker = join(dataDir, SEED_MARKER);
  if (existsSync(marker)) return { seeded: false, passwords: {}, passwordsFile };
  const now = new Date().toISOString();

  if ((await listSlices()).length === 0) {
    // One after the other: createSlice's counter is the max-10 guard, and order gives distinct times.
    for (const slice of SAMPLE_SLICES) await addSlice(sliceInputSchema.parse(slice), new Date());
  }
  if ((await getBusinessSettings()).updatedAt === undefined)
    await mergeBusinessSettings({ ...PLACEHOLDER_BUSINESS }, now);
  if ((await getGameSettings()).updatedAt === undefined) {
    await mergeGameSettings(
      {
        itemBackgroundColors: [...DEFAULT_GAME_SETTINGS.itemBackgroundColors],
        spinMode: DEFAULT_GAME_SETTINGS.spinMode,
      },
      now,
    );
  }

  const passwords: Partial<Record<StaffRole, string>> = {};
  for (const user of STAFF_USERS) {
    const password = generateStaffPassword();
    const outcome = await ensureStaffAccount(
      (operation, input) => cognito.call(operation, input),
      cognito.pools.staff.poolId,
      user,
      () => Promise.resolve(password),
    );
    if (outcome !== 'kept') passwords[user.group] = password;
  }
  if (Object.keys(passwords).length > 0) {
    const previous = existsSync(passwordsFile)
      ? (JSON.parse(readFileSync(passwordsFile, 'utf8')) as object)
      : {};
    writeFileSync(passwordsFile, JSON.stringify({ ...previous, ...passwords }, null, 2) + '\n', {
      mode: PRIVATE_FILE_MODE,
    });
    // writeFileSync's mode applies only to a new file.
    chmodSync(passwordsFile, PRIVATE_FILE_MODE);
  }
  writeFileSync(marker, JSON.stringify({ seededAt: now }) + '\n');
  return { seeded: true, passwords, passwordsFile };
}

/** The staff passwords box printed at first start: the only time they are shown. */
export function passwordsBox(
  passwords: Partial<Record<StaffRole, string>>,
  passwordsFile: string,
): string {
  const lines = [
    'Staff sign-in (shown once):',
    '',
    ...Object.entries(passwords).map(([role, password]) => `  ${role.padEnd(9)} ${password}`),
    '',
    `Saved to ${passwordsFile} (owner-only).`,
    'An admin can change them under /admin/accounts.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`].join('\n');
}
