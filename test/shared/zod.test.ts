import * as z from '@shared/zod';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.unstubAllGlobals());

describe('shared/zod', () => {
  it('never evaluates code while parsing, so a CSP without unsafe-eval reports nothing', async () => {
    // Prepare: watch the Function constructor before zod's one-time eval probe can run.
    const calls = vi.fn();
    vi.stubGlobal(
      'Function',
      new Proxy(globalThis.Function, {
        construct(target, args) {
          calls(args);
          return Reflect.construct(target, args);
        },
      }),
    );

    // Act: load the schemas the way the web app does and parse objects (zod's JIT path).
    const { loginSchema } = await import('@shared/password');
    const { sliceInputSchema } = await import('@shared/slice');
    loginSchema.safeParse({ username: 'operator', password: 'secret1' });
    sliceInputSchema.safeParse({ name: 'Free Chips', weight: 2 });
    // Assess
    expect(z.core.globalConfig.jitless).toBe(true);
    expect(calls).not.toHaveBeenCalled();
  });
});
