/**
 * No phone number in a URL (docs/privacy.md, docs/architecture.md "Adding a route"): every path
 * parameter of the route table is one PATH_PARAMETERS declares (none holds a number), and the
 * handlers read no other. The web app's requests are checked in the browser journeys
 * (test/e2e/support/stack.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pathParametersOf, ROUTES } from '@shared/routes';

const HANDLERS = new URL('../../lambdas/handlers/', import.meta.url);

describe('no phone number in a URL', () => {
  it('puts only declared parameters in the route table', () => {
    expect(ROUTES.flatMap((route) => pathParametersOf(route.path)).sort()).toEqual([
      'id',
      'id',
      'id',
      'role',
    ]);
  });

  it('refuses a route with a phone number in its path', () => {
    expect(() => pathParametersOf('/api/users/{phone}/history')).toThrow(
      '{phone} is not a declared path parameter',
    );
  });

  it('has handlers read only declared path parameters', () => {
    const read = readdirSync(HANDLERS).flatMap((file) =>
      [...readFileSync(new URL(file, HANDLERS), 'utf8').matchAll(/pathParameters\?\.(\w+)/g)].map(
        ([, name]) => name!,
      ),
    );
    expect(read.length).toBeGreaterThan(0);
    expect(() => pathParametersOf(read.map((name) => `/{${name}}`).join(''))).not.toThrow();
  });
});
