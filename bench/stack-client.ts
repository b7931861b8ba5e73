/**
 * The benchmarks' client of the local stack: staff sign-in through POST /api/staff/sign-in, and
 * visitors verified through the real flow (POST /api/otp/start -> CUSTOM_AUTH -> the code from the
 * SMS outbox -> RespondToAuthChallenge), exactly as the wheel page does it.
 */
import type { RunningStack } from '../local/stack';
import { toInternational } from '@shared/phone-format';
import { staffSignIn, visitorSignIn, type SignInTarget } from '../test/support/stack-sign-in';

const target = (stack: RunningStack): SignInTarget => ({
  apiBase: stack.url,
  cognitoEndpoint: stack.cognitoEndpoint,
  staffClientId: stack.pools.staff.clientId,
  visitorClientId: stack.pools.visitor.clientId,
});

/** The ID token of a staff user signed in through the API, as the login page does. */
export const staffIdToken = (stack: RunningStack, username: string, password: string) =>
  staffSignIn(target(stack), username, password);

/** Verifies a local number by SMS code through the stack; returns the visitor's ID token. */
export const visitorIdToken = (stack: RunningStack, localPhone: string) =>
  // CreateAuthChallenge has sent the code by the time InitiateAuth answers: read it once.
  visitorSignIn(target(stack), localPhone, async (phone) => {
    const sms = await fetch(
      `${stack.url}/local/sms/latest?phoneNumber=${encodeURIComponent(toInternational(phone))}`,
    );
    const { code } = (await sms.json()) as { code: string | null };
    if (!code) throw new Error(`no SMS code for ${phone}`);
    return code;
  });

/** Runs `work` over `items` with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  });
  await Promise.all(lanes);
  return results;
}
