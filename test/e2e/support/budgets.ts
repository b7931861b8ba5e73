/**
 * Using up most of a client's hourly lookups without solving a proof of work for each: the stack
 * runs in this process's parent, which left DynamoDB Local's endpoint, the table names and the
 * budgets' settings in the environment, so the API's own budget code spends them on its own
 * counters. A test then makes the last lookups through the route, where the budget is checked.
 */
import { spendClientBudget } from '../../../lambdas/domain/client-budgets';

const SPENDS_AT_ONCE = 25;

/** Spends `count` of `client`'s reward lookups this hour, as `count` answered lookups would. */
export async function spendLookups(client: string, count: number): Promise<void> {
  // A few at a time: each spend is an atomic conditional update, as concurrent lookups are.
  for (let spent = 0; spent < count; spent += SPENDS_AT_ONCE) {
    const batch = Math.min(SPENDS_AT_ONCE, count - spent);
    await Promise.all(
      Array.from({ length: batch }, () => spendClientBudget('lookups', client, Date.now())),
    );
  }
}
