/**
 * "Median time to redeem" on Insights: how long prizes redeemed in the range waited since their
 * win. Computed from the customers table's change stream (docs/architecture.md), not by the
 * spin or the redeem.
 */
import { ADMIN_TEXT } from '@shared/messages-admin';
import type { Insights } from '@shared/types';

export function InsightsMedian({ insights }: { insights: Insights }) {
  const median = insights.medianRedeemSeconds;
  return (
    <dl className="insights-totals">
      <div className="ui-card">
        <dt>{ADMIN_TEXT.medianRedeem}</dt>
        <dd>
          {median === null ? ADMIN_TEXT.notAvailable : ADMIN_TEXT.waitDuration(median)}
          <span className="admin-hint">
            {median === null ? ADMIN_TEXT.medianRedeemNone : ADMIN_TEXT.medianRedeemHint}
          </span>
        </dd>
      </div>
    </dl>
  );
}
