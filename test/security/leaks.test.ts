/**
 * Abuse round 5 on the local stack (Cognito stand-in with the real triggers, the HTTP API emulation
 * over the real handlers): what the staff pool's web ACL lets through, what the time of Cognito's
 * answer tells about a number, and what the customers CSV lets a spreadsheet evaluate. Each test is
 * an attack that worked before its fix; the figures go to the `npm test` security summary.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cognitoSdk from '@aws-sdk/client-cognito-identity-provider';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RateLimitAcl } from '../../infra/constructs/waf';
import { SELF_SERVICE_CALLS_NEVER_MADE } from '../../infra/constructs/cognito-self-service';
import { putCustomerOnce } from '../../lambdas/repositories/customers';
import {
  initiateVisitorAuth,
  intlOf,
  STAFF_PASSWORDS,
  securityArea,
  type Harness,
} from './support';

let harness: Harness;
const { tally, figures } = securityArea('leaks', ['admin'], (started) => (harness = started));

/** A WAF byte match, as WAF evaluates one: the header after its text transformations. */
interface ByteMatch {
  FieldToMatch: { SingleHeader: { Name: string } };
  PositionalConstraint: 'EXACTLY' | 'STARTS_WITH' | 'ENDS_WITH' | 'CONTAINS';
  SearchString: string;
  TextTransformations: { Priority: number; Type: string }[];
}
interface Statement {
  ByteMatchStatement?: ByteMatch;
  OrStatement?: { Statements: Statement[] };
}

function transformed(value: string, transformations: ByteMatch['TextTransformations']): string {
  return [...transformations]
    .sort((a, b) => a.Priority - b.Priority)
    .reduce((text, { Type }) => {
      if (Type === 'NONE') return text;
      if (Type === 'LOWERCASE') return text.toLowerCase();
      throw new Error(`transformation ${Type} not evaluated here`);
    }, value);
}

/** Whether `statement` matches a request carrying these headers (names lowercased). */
function matches(statement: Statement, headers: Record<string, string>): boolean {
  if (statement.OrStatement)
    return statement.OrStatement.Statements.some((s) => matches(s, headers));
  const match = statement.ByteMatchStatement;
  if (!match) throw new Error(`statement not evaluated here: ${JSON.stringify(statement)}`);
  const header = headers[match.FieldToMatch.SingleHeader.Name.toLowerCase()];
  if (header === undefined) return false;
  const value = transformed(header, match.TextTransformations);
  switch (match.PositionalConstraint) {
    case 'EXACTLY':
      return value === match.SearchString;
    case 'STARTS_WITH':
      return value.startsWith(match.SearchString);
    case 'ENDS_WITH':
      return value.endsWith(match.SearchString);
    case 'CONTAINS':
      return value.includes(match.SearchString);
  }
}

/**
 * Cognito's self-service calls as the SDK knows them: every command it sends without AWS
 * credentials (its auth scheme for the operation is smithy.api#noAuth).
 */
function sdkSelfServiceCalls(): string[] {
  const client = new cognitoSdk.CognitoIdentityProviderClient({ region: 'ap-southeast-2' });
  const schemes = client.config.httpAuthSchemeProvider;
  const operations = Object.keys(cognitoSdk)
    .filter((name) => name.endsWith('Command') && name !== 'Command')
    .map((name) => name.slice(0, -'Command'.length));
  client.destroy();
  return operations
    .filter((operation) =>
      schemes({ operation, region: 'ap-southeast-2' } as never).every(
        (option) => option.schemeId === 'smithy.api#noAuth',
      ),
    )
    .sort();
}

/** Three spellings of an operation's target: as documented, lower case, upper case. */
const spellings = (operation: string): string[] => {
  const target = `AWSCognitoIdentityProviderService.${operation}`;
  return [target, target.toLowerCase(), target.toUpperCase()];
};

describe("the staff pool's self-service block", () => {
  /**
   * What the staff pages call at the staff pool from the browser (web/src/lib/cognito.ts): token
   * refresh (InitiateAuth) and RevokeToken at logout; the password goes through our own API.
   */
  const STAFF_POOL_CALLS_MADE = ['InitiateAuth', 'RevokeToken'] as const;

  it('blocks every self-service call the product never makes, in any case, and none it makes', () => {
    // Prepare: the staff pool's web ACL as the stack builds it; the SDK's self-service calls.
    const stack = new Stack(new App(), 'Waf');
    new RateLimitAcl(stack, 'StaffPoolWaf', {
      scope: 'REGIONAL',
      limit: 20,
      blockOperations: SELF_SERVICE_CALLS_NEVER_MADE,
    });
    const [acl] = Object.values(Template.fromStack(stack).findResources('AWS::WAFv2::WebACL')) as {
      Properties: { Rules: { Name: string; Statement: Statement }[] };
    }[];
    const rule = acl!.Properties.Rules.find((r) => r.Name === 'BlockUnusedOperations')!;
    const selfService = sdkSelfServiceCalls();
    const neverMade = selfService.filter(
      (operation) => !(STAFF_POOL_CALLS_MADE as readonly string[]).includes(operation),
    );

    // Act: each never-made call in three spellings, and each call the product makes.
    const through = neverMade
      .flatMap(spellings)
      .filter((target) => !matches(rule.Statement, { 'x-amz-target': target }));
    const made = STAFF_POOL_CALLS_MADE.flatMap(spellings).filter((target) =>
      matches(rule.Statement, { 'x-amz-target': target }),
    );

    // Assert
    tally.attack(through.length === 0);
    figures.push(
      `staff pool's web ACL: ${neverMade.length * 3 - through.length} of ${neverMade.length * 3} spellings of the ${neverMade.length} self-service calls never made blocked (before: 13 of 96), ${made.length} of the product's own blocked`,
    );
    expect([...SELF_SERVICE_CALLS_NEVER_MADE].sort()).toEqual(neverMade);
    expect(selfService).toEqual(expect.arrayContaining([...STAFF_POOL_CALLS_MADE]));
    expect(through).toEqual([]);
    expect(made).toEqual([]);
  });
});

describe('CSV cells after invisible characters', () => {
  /** Whitespace and format characters a spreadsheet skips before a formula. */
  const INVISIBLE = [
    '\u00a0',
    '\u3000',
    '\u2003',
    '\u200b',
    '\u200e',
    '\u2060',
    '\ufeff',
    '\u00ad',
  ];
  /** Each after a semicolon (a ; reader starts a cell there) and, the format ones, at the start. */
  const PAYLOADS = [
    ...INVISIBLE.map((char) => `x;${char}=9+9`),
    ...['\u200b', '\u200c', '\u200d', '\u200e', '\u200f', '\u2060', '\u00ad', '\u061c'].map(
      (char) => `${char}=9+9`,
    ),
  ];

  it('exports no formula a spreadsheet would evaluate, whatever comes before it', async () => {
    // Prepare: a customer for each prize name (as a win records it).
    const admin = (await harness.staffTokens('admin', STAFF_PASSWORDS.admin)).idToken;
    const slice = await harness.send({
      method: 'POST',
      url: '/api/slices',
      token: admin,
      body: { name: 'A prize' },
    });
    const sliceId = (slice.json as { id: string }).id;
    for (const [i, offer] of PAYLOADS.entries()) {
      const local = `04470000${String(i).padStart(2, '0')}`;
      await putCustomerOnce(
        {
          phoneNumber: `+61${local.slice(1)}`,
          localNumber: local,
          offer,
          condition: offer,
          sliceId,
          isOfferClaimed: false,
          createdAt: new Date().toISOString(),
        },
        { id: sliceId, stock: null },
      );
    }

    // Act: the admin's download, read by comma, semicolon and tab readers.
    const page = await harness.send({ method: 'GET', url: '/api/customers/export', token: admin });
    const lines = (page.json as { data: { csv: string } }).data.csv.split('\r\n');
    const evaluated = PAYLOADS.filter((_, i) => {
      const line = lines.find((l) => l.includes(`,0447 000 0${String(i).padStart(2, '0')},`))!;
      return line.split(/[,;\t]/).some((cell) => /^[\p{White_Space}\p{Cf}"]*[=+\-@]/u.test(cell));
    });

    // Assert
    tally.attack(evaluated.length === 0);
    figures.push(
      `CSV: ${PAYLOADS.length - evaluated.length} of ${PAYLOADS.length} formulas after a whitespace or format character neutralised (before: 0 of 16)`,
    );
    expect(evaluated).toEqual([]);
  });
});

describe('Cognito tells nothing about which numbers exist', () => {
  /** The made-up username the stand-in gave an unknown name: anyone could compute it from `iss`. */
  const publicGuess = (name: string): string => {
    const hex = createHash('sha256')
      .update(`${harness.cognito.pools.visitor.poolId}#${name}`)
      .digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };

  it('answers a number never seen with a username nobody can compute (the time is measured on the whole stack: stack-attacks.test.ts)', async () => {
    // Prepare: 20 numbers never seen.
    const unseen = Array.from({ length: 20 }, (_, i) =>
      intlOf(`04320001${String(i).padStart(2, '0')}`),
    );

    // Act
    let guessed = 0;
    for (const intl of unseen) {
      const answer = await initiateVisitorAuth(harness, intl);
      if ((answer.ChallengeParameters as Record<string, string>).USERNAME === publicGuess(intl))
        guessed++;
    }

    // Assert
    tally.attack(guessed === 0);
    figures.push(
      `never-seen numbers whose Cognito username anyone could compute: ${guessed} of ${unseen.length}`,
    );
    expect(guessed).toBe(0);
  });
});
