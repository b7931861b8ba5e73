/**
 * Helpers of the e2e test files: where the stack is, the staff passwords, SMS codes from the local
 * outbox, and browser pages (one Chromium per test file, closed after the file).
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { toInternational } from '@shared/phone-format';
import type { StaffRole } from '@shared/types';
import { launchBrowser } from '../../support/browser';
import { phoneNumbersIn } from '../../support/phone-in-url';

/** How long latestSmsCode waits for a message to arrive, and how often it looks. */
const SMS_WAIT_MS = 10_000;
const SMS_POLL_MS = 100;
/** A phone-sized default viewport: most visitors use the wheel on a phone. */
const DEFAULT_VIEWPORT = Object.freeze({ width: 390, height: 844 });

/** The local stack reads the customers stream 4 times a second; a busy machine takes longer. */
const STREAM_LAG_MS = 10_000;
const STREAM_POLL_MS = 250;

/**
 * Reads `read` until `done` holds of what it read or the stream's lag has passed, and returns the
 * last read: Insights counts wins and redeems from the customers table's stream, a moment after
 * they are written.
 */
export async function afterStream<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + STREAM_LAG_MS;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, STREAM_POLL_MS));
    value = await read();
  }
  return value;
}

/** The stack's one origin, e.g. http://127.0.0.1:41234 */
export const baseUrl = (): string => inject('baseUrl');

/** The seeded password of a staff user. */
export const staffPassword = (role: StaffRole): string => inject('staffPasswords')[role];

interface OutboxMessage {
  phoneNumber: string;
  message: string;
  code: string | null;
  sentAt: string;
}

/**
 * The code of the newest SMS to a local number (04XXXXXXXX), polling the outbox until one arrives
 * (sent after `since`, when given). Throws when none arrives in time.
 */
export async function latestSmsCode(
  localPhone: string,
  options: { since?: Date; timeoutMs?: number } = {},
): Promise<string> {
  const url = new URL('/local/sms/latest', baseUrl());
  url.searchParams.set('phoneNumber', toInternational(localPhone));
  const deadline = Date.now() + (options.timeoutMs ?? SMS_WAIT_MS);
  for (;;) {
    const response = await fetch(url);
    if (response.ok) {
      const message = (await response.json()) as OutboxMessage;
      if (message.code && (!options.since || new Date(message.sentAt) >= options.since))
        return message.code;
    } else if (response.status !== 404) {
      throw new Error(`SMS outbox answered ${response.status}`);
    }
    if (Date.now() > deadline)
      throw new Error(`no SMS code for ${localPhone.slice(-3).padStart(10, '*')} within the wait`);
    await new Promise((resolve) => setTimeout(resolve, SMS_POLL_MS));
  }
}

let browser: Promise<Browser> | undefined;
const errorsByPage = new WeakMap<Page, string[]>();
/** Every URL a page of this file asked for that held a phone number (docs/privacy.md). */
const phoneUrls: string[] = [];

afterAll(async () => {
  expect(phoneUrls, 'no phone number in a URL').toEqual([]);
  const pending = browser;
  browser = undefined;
  if (pending) await (await pending).close();
});

/**
 * A page in a fresh browser context (own cookies and storage) with the stack as base URL. Console
 * errors and uncaught page errors are collected for pageErrors(page).
 */
export async function newBrowserPage(
  viewport: { width: number; height: number } = DEFAULT_VIEWPORT,
  device: Pick<
    BrowserContextOptions,
    'isMobile' | 'hasTouch' | 'reducedMotion' | 'deviceScaleFactor'
  > = {},
): Promise<Page> {
  browser ??= launchBrowser();
  const context = await (await browser).newContext({ baseURL: baseUrl(), viewport, ...device });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The console only says "Failed to load resource"; name the URL so a failure is actionable.
  page.on('response', (response) => {
    if (response.status() >= 400)
      errors.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
  });
  // No phone number in a URL (docs/privacy.md): every request the app makes is checked.
  page.on('request', (request) => {
    if (phoneNumbersIn(request.url()).length > 0) phoneUrls.push(request.url());
  });
  errorsByPage.set(page, errors);
  return page;
}

/** Console errors, uncaught exceptions and HTTP error answers the page has had so far. */
export const pageErrors = (page: Page): readonly string[] => errorsByPage.get(page) ?? [];
