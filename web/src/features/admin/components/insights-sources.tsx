/**
 * "Which placement works" on Insights: per placement's source tag (the poster, the counter card,
 * a receipt, a social post, or a name the owner gave a link), the range's visits, codes sent,
 * wins and redemptions that came through its link, and what came through no placement's link.
 */
import { useId } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { STANDARD_SOURCES } from '@shared/source-tag';
import type { Insights } from '@shared/types';
import './insights-sources.css';

type Row = Insights['sources'][number];

const label = (source: string): string =>
  (STANDARD_SOURCES as readonly string[]).includes(source)
    ? (ADMIN_TEXT.standardSources[source] ?? source)
    : source;

/** What came through no placement's link: the range's totals less every tagged row. */
function otherRow(insights: Insights): Row {
  const sum = (pick: (row: Row) => number) =>
    insights.sources.reduce((total, row) => total + pick(row), 0);
  const { totals } = insights;
  return {
    source: '',
    visits: Math.max(0, totals.visits - sum((r) => r.visits)),
    codesSent: Math.max(0, totals.codesSent - sum((r) => r.codesSent)),
    wins: Math.max(0, totals.spins - sum((r) => r.wins)),
    redeemed: Math.max(0, totals.redeemed - sum((r) => r.redeemed)),
  };
}

export function InsightsSources({ insights }: { insights: Insights }) {
  const id = useId();
  const rows = insights.sources;
  return (
    <section className="ui-card insights-sources" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{ADMIN_TEXT.sourcesHeading}</h2>
      <p className="admin-hint">{ADMIN_TEXT.sourcesHint}</p>
      {rows.length === 0 ? (
        <p>{ADMIN_TEXT.sourcesNone}</p>
      ) : (
        // Focusable, so a keyboard can scroll the table where it is wider than the screen.
        <div
          className="insights-sources__scroll"
          role="region"
          aria-label={ADMIN_TEXT.sourcesTable}
          tabIndex={0}
        >
          <table className="insights-sources__table">
            <thead>
              <tr>
                <th scope="col">{ADMIN_TEXT.sourceColumn}</th>
                <th scope="col">{ADMIN_TEXT.sourceVisits}</th>
                <th scope="col">{ADMIN_TEXT.sourceCodes}</th>
                <th scope="col">{ADMIN_TEXT.sourceWins}</th>
                <th scope="col">{ADMIN_TEXT.sourceRedeemed}</th>
              </tr>
            </thead>
            <tbody>
              {[...rows, otherRow(insights)].map((row) => (
                <tr key={row.source}>
                  <th scope="row">{row.source ? label(row.source) : ADMIN_TEXT.sourceOther}</th>
                  <td>{row.visits}</td>
                  <td>{row.codesSent}</td>
                  <td>{row.wins}</td>
                  <td>{row.redeemed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
