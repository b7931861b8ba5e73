/**
 * The docs read against the code: every repo path they name exists, the figures that repeat a
 * constant say what the constant says, and they describe the present (history lives in git).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_LOCAL_LENGTH,
  SLICE_COMMENT_MAX,
  SLICE_VALID_DAYS_MAX,
  SLICE_WEIGHT_MAX,
  SMS_GLOBAL_HOURLY_CAP_DEFAULT,
  SMS_LIMIT_PER_MINUTE,
  CLIENT_CODES_PER_HOUR_DEFAULT,
  CLIENT_LOOKUPS_PER_HOUR,
  CLIENT_PREVIEWS_PER_HOUR,
  LOGO_MAX_BYTES,
  MAX_SLICES,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  RESEND_COUNTDOWN_SECONDS,
  SLICE_NAME_MAX,
  SMS_LIMIT_PER_DAY,
  SMS_LIMIT_PER_HOUR,
  SMS_PRICE_USD_DEFAULT,
  USERS_PAGE_SIZE,
} from '@shared/constants';
import { csvHeader } from '@shared/csv';
import { POOLS } from '@shared/definitions';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PAGES = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = new Map(PAGES.map((page) => [page, readFileSync(join(ROOT, page), 'utf8')]));
const TOP_FOLDERS = ['lambdas', 'shared', 'web', 'infra', 'local', 'test', 'bench', 'docs'];

/** Repo paths a page names in backticks or links: `lambdas/lib/http.ts`, (deploy.md). */
function namedPaths(page: string, body: string): string[] {
  const inCode = [...body.matchAll(/`([^`\s]+)`/g)].map(([, path]) => path!);
  const repoPaths = inCode
    .map((path) => path.replace(/[),.:;]+$/, '').replace(/#.*$/, ''))
    .filter(
      (path) =>
        TOP_FOLDERS.some((folder) => path.startsWith(`${folder}/`)) &&
        !/[<>{}*$]|\.\.\./.test(path) &&
        // A path with a file name, or a folder written with its trailing slash.
        (/\.[a-z]{1,5}$/.test(path) || path.endsWith('/')),
    );
  const links = [...body.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)]
    .map(([, target]) => target!)
    .filter((target) => !/^[a-z]+:/.test(target))
    .map((target) => (page.startsWith('docs/') ? `docs/${target}` : target));
  return [...new Set([...repoPaths, ...links])];
}

/**
 * Figures the docs repeat from a constant: each pattern must match where it is written, and each
 * match's groups must be the constants' values, in order.
 */
const FIGURES: { what: string; values: (string | number)[]; where: [string, RegExp][] }[] = [
  {
    what: 'SMS codes per client address an hour (CLIENT_CODES_PER_HOUR_DEFAULT)',
    values: [CLIENT_CODES_PER_HOUR_DEFAULT],
    where: [
      ['docs/architecture.md', /may ask for (\d+) codes an hour/g],
      ['docs/operations.md', /`clientCodesPerHour`\s*\|\s*(\d+)/g],
      ['docs/product.md', /Per client\s*\|\s*(\d+) codes/g],
      ['docs/security.md', /Codes per client an hour\s*\|\s*(\d+)/g],
    ],
  },
  {
    what: 'lookups and previews per client an hour (CLIENT_LOOKUPS_PER_HOUR, CLIENT_PREVIEWS_PER_HOUR)',
    values: [CLIENT_LOOKUPS_PER_HOUR, CLIENT_PREVIEWS_PER_HOUR],
    where: [['docs/product.md', /(\d+) reward lookups and (\d+) spin-first previews/g]],
  },
  {
    what: 'lookups per client an hour (CLIENT_LOOKUPS_PER_HOUR)',
    values: [CLIENT_LOOKUPS_PER_HOUR],
    where: [['docs/security.md', /one of the client's (\d+) lookups/g]],
  },
  {
    what: 'sign-in session minutes (POOLS.*.authSessionValidityMinutes)',
    values: [POOLS.visitor.authSessionValidityMinutes, POOLS.staff.authSessionValidityMinutes],
    where: [
      ['docs/cognito.md', /visitor sign-in session is valid (\d+) minutes, a staff one (\d+)/g],
    ],
  },
  {
    what: 'codes per number (SMS_LIMIT_PER_MINUTE, _HOUR, _DAY) and the hourly cap',
    values: [
      SMS_LIMIT_PER_MINUTE,
      SMS_LIMIT_PER_HOUR,
      SMS_LIMIT_PER_DAY,
      SMS_GLOBAL_HOURLY_CAP_DEFAULT,
    ],
    where: [
      [
        'docs/product.md',
        /(\d+) a minute, (\d+) an hour, (\d+) a day; plus a deployment-wide hourly cap \((\d+) by default\)/g,
      ],
    ],
  },
  {
    what: 'a code (OTP_LENGTH, OTP_MAX_ATTEMPTS) and its resend (RESEND_COUNTDOWN_SECONDS)',
    values: [OTP_LENGTH, OTP_MAX_ATTEMPTS, RESEND_COUNTDOWN_SECONDS],
    where: [
      [
        'docs/product.md',
        /exactly (\d+); (\d+) wrong answers end the attempt\.[\s|]*Resend\s*\|\s*After a (\d+)-second countdown/g,
      ],
    ],
  },
  {
    what: 'a phone number (PHONE_LOCAL_LENGTH)',
    values: [PHONE_LOCAL_LENGTH],
    where: [['docs/product.md', /Phone number\s*\|\s*Digits only, at most (\d+)/g]],
  },
  {
    what: 'slices (MAX_SLICES, SLICE_NAME_MAX, SLICE_COMMENT_MAX, SLICE_WEIGHT_MAX, SLICE_VALID_DAYS_MAX)',
    values: [MAX_SLICES, SLICE_NAME_MAX, SLICE_COMMENT_MAX, SLICE_WEIGHT_MAX, SLICE_VALID_DAYS_MAX],
    where: [
      [
        'docs/product.md',
        /Slices\s*\|\s*At most (\d+); name required, at most (\d+) characters; comment at most (\d+);.*?1-(\d+) \(default 1\).*?1-(\d+) days/g,
      ],
    ],
  },
  {
    what: 'passwords (PASSWORD_MIN, PASSWORD_MAX)',
    values: [PASSWORD_MIN, PASSWORD_MAX],
    where: [['docs/product.md', /at least (\d+) characters, at most (\d+)/g]],
  },
  {
    what: 'logo size, MB (LOGO_MAX_BYTES)',
    values: [LOGO_MAX_BYTES / (1024 * 1024)],
    where: [['docs/product.md', /at most (\d+) MB/g]],
  },
  {
    what: "the staff list's page size (USERS_PAGE_SIZE)",
    values: [USERS_PAGE_SIZE],
    where: [['docs/product.md', /(\d+) rows a page/g]],
  },
  {
    what: 'the price of one SMS to Australia, USD (SMS_PRICE_USD_DEFAULT)',
    values: [SMS_PRICE_USD_DEFAULT],
    where: [
      ['docs/deploy.md', /x USD (\d+\.\d+)/g],
      ['docs/capacity.md', /SMS sent x \$(\d+\.\d+) per message/g],
    ],
  },
];

/** Words that narrate the work's history instead of describing the present. */
const NARRATION =
  /\b(?:(?:this|that|the last|last|previous|next|earlier|a later|the same|since) round|round \d+|before this (?:round|change|issue)|as of (?:this|the) (?:round|issue)|(?:this|in) issue \d+)\b/gi;

describe('docs against the code', () => {
  it('name only files and folders that exist', () => {
    const missing = PAGES.flatMap((page) =>
      namedPaths(page, text.get(page)!)
        .filter((path) => !existsSync(join(ROOT, path)))
        .map((path) => `${page}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds a named path that does not exist (the check itself)', () => {
    expect(namedPaths('docs/x.md', 'See `test/nowhere/gone.test.ts` and [a](gone.md).')).toEqual([
      'test/nowhere/gone.test.ts',
      'docs/gone.md',
    ]);
  });

  it.each(FIGURES)('repeat $what as the constants say', ({ values, where }) => {
    // Every page's figures at once, so one run lists every mention to change.
    const seen = where.flatMap(([page, pattern]) => {
      const found = [...text.get(page)!.matchAll(pattern)].map((match) => match.slice(1));
      return found.length === 0 ? [[page, 'not found']] : found.map((groups) => [page, ...groups]);
    });
    expect(seen).toEqual(
      where.flatMap(([page]) =>
        seen.filter(([p]) => p === page).map(() => [page, ...values.map(String)]),
      ),
    );
  });

  it("list the customers CSV's columns as shared/csv.ts writes them", () => {
    const listed = /"Download CSV" .*?\(every customer, .*?the columns: ([\w,\s]+?)\./s.exec(
      text.get('docs/product.md')!,
    );
    expect(listed?.[1]?.split(/,\s*/).map((column) => column.replace(/\s+/g, ' '))).toEqual(
      csvHeader().trim().split(','),
    );
  });

  it('describe the present, not rounds of work', () => {
    const narrated = PAGES.flatMap((page) =>
      [...text.get(page)!.matchAll(NARRATION)].map(([words]) => `${page}: ${words}`),
    );
    expect(narrated).toEqual([]);
    expect('Before this round it was 20; since round 2 it is 15.'.match(NARRATION)).toHaveLength(2);
  });
});
