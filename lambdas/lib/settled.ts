/**
 * A settled promise's value, or its error thrown: for independent reads asked together
 * (`Promise.allSettled`, one round trip instead of several) and then decided in a fixed order, so
 * the answer is the one asking them one after the other would give.
 */
export function settledValue<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}
