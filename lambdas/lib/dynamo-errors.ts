/** Reading DynamoDB's conditional and transactional failures. */

/** True when a single-item write failed its condition. */
export const isConditionFailed = (error: unknown): boolean =>
  error instanceof Error && error.name === 'ConditionalCheckFailedException';

/**
 * For a cancelled TransactWriteItems, the cancellation reason code of each item in order
 * ('None', 'ConditionalCheckFailed', 'TransactionConflict', ...); undefined for any other error.
 */
export function cancellationCodes(error: unknown): string[] | undefined {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return undefined;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] })
    .CancellationReasons;
  return (reasons ?? []).map((r) => r.Code ?? 'None');
}
