/**
 * What the owner reads first on Insights: the prizes the shop still owes (now, whatever the
 * range) and those expiring within the week, and the codes refused in the range, by reason.
 */
import { useId } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { REFUSAL_REASONS, type Insights } from '@shared/types';
import './insights-glance.css';

export function InsightsGlance({ insights }: { insights: Insights }) {
  const id = useId();
  const refused = REFUSAL_REASONS.reduce((total, reason) => total + insights.refused[reason], 0);
  return (
    <section className="insights-glance" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="visually-hidden">
        {ADMIN_TEXT.glanceHeading}
      </h2>
      <dl className="insights-glance__cards">
        <div className="ui-card">
          <dt>{ADMIN_TEXT.owedPrizes}</dt>
          <dd>
            {insights.owed.total}
            <span className="admin-hint">{ADMIN_TEXT.owedHint}</span>
          </dd>
        </div>
        <div className="ui-card">
          <dt>{ADMIN_TEXT.expiringThisWeek}</dt>
          <dd>
            {insights.owed.expiringThisWeek}
            <span className="admin-hint">{ADMIN_TEXT.expiringHint}</span>
          </dd>
        </div>
        <div className="ui-card">
          <dt>{ADMIN_TEXT.refusedCodes}</dt>
          <dd>
            {refused}
            <span className="admin-hint">{ADMIN_TEXT.refusedHint}</span>
          </dd>
        </div>
      </dl>
      {refused > 0 && (
        <table className="insights-glance__reasons">
          <caption>{ADMIN_TEXT.refusedCodes}</caption>
          <tbody>
            {REFUSAL_REASONS.map((reason) => (
              <tr key={reason}>
                <th scope="row">{ADMIN_TEXT.refusedReasons[reason]}</th>
                <td>{insights.refused[reason]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
