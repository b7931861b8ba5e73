/**
 * The insights page's pictures, drawn without a chart library (nothing loads on the wheel page,
 * and the admin bundle stays small): the funnel from visits to redemptions as CSS bars with the
 * share kept at each step, spins and redemptions per day as SVG bars, and each prize's share of
 * the wins beside its share of the odds as CSS bars. Text stays HTML so it reads
 * at 375 px; each picture has a summary for screen readers and its figures as a table.
 */
import { useId } from 'react';
import { ADMIN_TEXT, formatOddsPercent } from '@shared/messages-admin';
import type { FunnelStep, Insights } from '@shared/types';
import './insights-charts.css';

/** "1 May" from YYYY-MM-DD (a calendar day: no time zone conversion). */
const shortDay = (day: string): string =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );

/** "12.5%" from a 0-1 share (written as the game page writes odds), or "-" without one. */
export const percent = (share: number | null): string =>
  share === null ? ADMIN_TEXT.notAvailable : formatOddsPercent(share * 100);

/** The smallest of 1, 2, 5, 10, 20, 50... at or above `value`: the chart's top line. */
function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const CHART_HEIGHT = 160;
const BAR_GAP = 0.2;

export function DailyChart({ insights }: { insights: Insights }) {
  const id = useId();
  const { days } = insights;
  const top = niceCeiling(Math.max(0, ...days.map((d) => Math.max(d.spins, d.redeemed))));
  const width = Math.max(days.length, 1) * 10;
  const slot = width / Math.max(days.length, 1);
  const bar = (slot * (1 - BAR_GAP)) / 2;
  const y = (value: number) => CHART_HEIGHT - (value / top) * CHART_HEIGHT;
  const middle = days[Math.floor((days.length - 1) / 2)];
  return (
    <figure className="insights-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="ui-card__title">
        {ADMIN_TEXT.perDayChart}
      </figcaption>
      <ul className="insights-legend">
        <li>
          <span className="insights-swatch insights-swatch--spins" aria-hidden="true" />
          {ADMIN_TEXT.totalSpins}
        </li>
        <li>
          <span className="insights-swatch insights-swatch--redeemed" aria-hidden="true" />
          {ADMIN_TEXT.totalRedeemed}
        </li>
      </ul>
      <div className="insights-plot">
        <span className="insights-plot__top">{top}</span>
        <svg
          role="img"
          aria-label={ADMIN_TEXT.perDaySummary(
            shortDay(insights.from),
            shortDay(insights.to),
            insights.totals.spins,
            insights.totals.redeemed,
          )}
          viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
          preserveAspectRatio="none"
          className="insights-plot__svg"
        >
          {[0, 0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={width}
              y1={y(top * f)}
              y2={y(top * f)}
              className="insights-plot__grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, i) => (
            <g key={day.date}>
              <rect
                className="insights-bar--spins"
                x={i * slot + (slot * BAR_GAP) / 2}
                width={bar}
                y={y(day.spins)}
                height={CHART_HEIGHT - y(day.spins)}
              />
              <rect
                className="insights-bar--redeemed"
                x={i * slot + (slot * BAR_GAP) / 2 + bar}
                width={bar}
                y={y(day.redeemed)}
                height={CHART_HEIGHT - y(day.redeemed)}
              />
            </g>
          ))}
        </svg>
        <div className="insights-plot__axis" aria-hidden="true">
          <span>{shortDay(insights.from)}</span>
          {middle && days.length > 2 && <span>{shortDay(middle.date)}</span>}
          <span>{shortDay(insights.to)}</span>
        </div>
      </div>
      <details className="insights-table">
        <summary>{ADMIN_TEXT.showTable}</summary>
        <table>
          <caption className="visually-hidden">{ADMIN_TEXT.perDayChart}</caption>
          <thead>
            <tr>
              <th scope="col">{ADMIN_TEXT.dayColumn}</th>
              <th scope="col">{ADMIN_TEXT.totalSpins}</th>
              <th scope="col">{ADMIN_TEXT.totalRedeemed}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{shortDay(day.date)}</th>
                <td>{day.spins}</td>
                <td>{day.redeemed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

export function PrizeChart({ insights }: { insights: Insights }) {
  const id = useId();
  const label = (prize: Insights['prizes'][number]) =>
    prize.deleted ? ADMIN_TEXT.deletedPrize(prize.name) : prize.name;
  return (
    <figure className="insights-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="ui-card__title">
        {ADMIN_TEXT.perPrizeChart}
      </figcaption>
      <ul className="insights-legend">
        <li>
          <span className="insights-swatch insights-swatch--spins" aria-hidden="true" />
          {ADMIN_TEXT.shareOfWins}
        </li>
        <li>
          <span className="insights-swatch insights-swatch--odds" aria-hidden="true" />
          {ADMIN_TEXT.shareOfOdds}
        </li>
      </ul>
      <div role="img" aria-label={ADMIN_TEXT.perPrizeSummary} className="insights-prizes">
        {insights.prizes.map((prize) => (
          <div key={prize.sliceId} className="insights-prize" aria-hidden="true">
            <span className="insights-prize__name">{label(prize)}</span>
            <span className="insights-prize__bars">
              <span
                className="insights-prize__bar insights-bar--spins"
                style={{ width: `${(prize.winShare ?? 0) * 100}%` }}
              />
              <span
                className="insights-prize__bar insights-bar--odds"
                style={{ width: `${(prize.oddsShare ?? 0) * 100}%` }}
              />
            </span>
            <span className="insights-prize__figures">
              {percent(prize.winShare)} / {percent(prize.oddsShare)}
            </span>
          </div>
        ))}
      </div>
      <details className="insights-table">
        <summary>{ADMIN_TEXT.showTable}</summary>
        <table>
          <caption className="visually-hidden">{ADMIN_TEXT.perPrizeChart}</caption>
          <thead>
            <tr>
              <th scope="col">{ADMIN_TEXT.prizeColumn}</th>
              <th scope="col">{ADMIN_TEXT.winsColumn}</th>
              <th scope="col">{ADMIN_TEXT.shareOfWins}</th>
              <th scope="col">{ADMIN_TEXT.shareOfOdds}</th>
            </tr>
          </thead>
          <tbody>
            {insights.prizes.map((prize) => (
              <tr key={prize.sliceId}>
                <th scope="row">{label(prize)}</th>
                <td>{prize.wins}</td>
                <td>{percent(prize.winShare)}</td>
                <td>{percent(prize.oddsShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** The funnel's step labels, the same in the chart, its table and the daily CSV. */
export const funnelLabel = (step: FunnelStep): string => ADMIN_TEXT.funnelSteps[step];

/**
 * Where visitors drop off: one bar per step (visits, codes sent, verified, spins, redeemed), as
 * long as its count against the largest, with the share kept from the step before beside it.
 */
export function FunnelChart({ insights }: { insights: Insights }) {
  const id = useId();
  const { funnel } = insights;
  const widest = Math.max(1, ...funnel.map((s) => s.count));
  const kept = (share: number | null) =>
    share === null ? ADMIN_TEXT.notAvailable : ADMIN_TEXT.funnelKept(percent(share));
  const summary = ADMIN_TEXT.funnelSummary(
    funnel
      .map((s, i) => `${funnelLabel(s.step)} ${s.count}${i === 0 ? '' : ` (${kept(s.kept)})`}`)
      .join(', '),
  );
  return (
    <figure className="insights-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="ui-card__title">
        {ADMIN_TEXT.funnelChart}
      </figcaption>
      <p className="admin-hint">{ADMIN_TEXT.funnelHint}</p>
      <div role="img" aria-label={summary} className="insights-funnel">
        {funnel.map((s, i) => (
          <div key={s.step} className="insights-funnel__step" aria-hidden="true">
            <span className="insights-funnel__label">{funnelLabel(s.step)}</span>
            <span className="insights-funnel__track">
              <span
                className="insights-funnel__bar insights-bar--spins"
                style={{ width: `${(s.count / widest) * 100}%` }}
              />
            </span>
            <span className="insights-funnel__count">{s.count}</span>
            <span className="insights-funnel__kept">{i === 0 ? '' : kept(s.kept)}</span>
          </div>
        ))}
      </div>
      <details className="insights-table">
        <summary>{ADMIN_TEXT.showTable}</summary>
        <table>
          <caption className="visually-hidden">{ADMIN_TEXT.funnelChart}</caption>
          <thead>
            <tr>
              <th scope="col">{ADMIN_TEXT.funnelStepColumn}</th>
              <th scope="col">{ADMIN_TEXT.funnelCountColumn}</th>
              <th scope="col">{ADMIN_TEXT.funnelKeptColumn}</th>
            </tr>
          </thead>
          <tbody>
            {funnel.map((s) => (
              <tr key={s.step}>
                <th scope="row">{funnelLabel(s.step)}</th>
                <td>{s.count}</td>
                <td>{percent(s.kept)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
