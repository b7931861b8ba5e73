/**
 * Browser helper for e2e tests and benchmarks: makes sure Debian's Chromium is installed
 * (apt-get, as root; browser downloads are not possible here) and launches it through
 * playwright-core with the flags this machine needs.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium flags for a headless, offline, root-run sandbox. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/** Installs Debian's chromium package when it is missing. Throws with a clear message if it cannot. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with: sudo apt-get install -y chromium`,
    );
  }
  console.log('Installing Debian chromium for browser tests (one time)...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  if (!existsSync(CHROMIUM_PATH)) throw new Error('apt-get did not install chromium');
  return CHROMIUM_PATH;
}

/** Launches headless Chromium (playwright gives it a fresh temporary profile). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
}
