/**
 * /admin/insights: did the promotion work? Today at a glance first (prizes still owed, those
 * expiring this week, codes refused by reason), then totals over a range of business days (today
 * by default; 7 and 30 days a click away, or any range), the funnel from wheel visits to
 * redemptions, spins and redemptions per day, wins per prize against the odds, the day-by-day
 * funnel figures as CSV. Figures only: the customers, their downloads and erasure are on
 * /admin/customers, the shop's Wi-Fi on /admin/share.
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { addDays, businessDay } from '@shared/business-day';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { FUNNEL_STEPS, type Insights } from '@shared/types';
import { getInsights } from '../api/get-insights';
import { InsightsGlance } from '../components/insights-glance';
import { InsightsMedian } from '../components/insights-median';
import { InsightsSources } from '../components/insights-sources';
import {
  DailyChart,
  FunnelChart,
  PrizeChart,
  funnelLabel,
  percent,
} from '../components/insights-charts';
import { csvFile, saveFile } from '../components/save-file';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import './insights-page.css';

/** An amount in a currency; a price keeps its fourth decimal. */
const money = (amount: number, currency: string, maxDigits = 2) =>
  new Intl.NumberFormat('en-AU', {
    style: 'currency',
    currency,
    maximumFractionDigits: maxDigits,
  }).format(amount);

type Range = { from?: string; to?: string };

/** The quick ranges, in days ending today. */
const QUICK_DAYS = [1, 7, 30] as const;

/** The funnel's figures per day, one line a day, under the chart's own labels. */
function dailyCsv(insights: Insights): string {
  const header = [ADMIN_TEXT.dayColumn, ...FUNNEL_STEPS.map(funnelLabel)].join(',');
  const lines = insights.days.map((day) =>
    [day.date, ...FUNNEL_STEPS.map((step) => String(day[step]))].join(','),
  );
  return [header, ...lines].map((line) => `${line}\r\n`).join('');
}

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [range, setRange] = useState<Range>({});
  const [insights, setInsights] = useState<Insights>();
  const [failed, setFailed] = useState<string>();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    setFailed(undefined);
    getInsights(range, controller.signal)
      .then((loaded) => {
        setInsights(loaded);
        setFrom(loaded.from);
        setTo(loaded.to);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || onSessionError(error)) return;
        setFailed(failureDetail(error) ?? ADMIN_TEXT.insightsLoadFailed);
      });
    return () => controller.abort();
  }, [range, onSessionError]);

  function show(event: FormEvent) {
    event.preventDefault();
    setRange({ from, to });
  }

  /** The quick range shown, if the range is one (today is the last day of the default range). */
  const today = insights ? businessDay(new Date(), insights.timeZone) : undefined;
  const quick = QUICK_DAYS.find(
    (days) => insights?.to === today && today && insights?.from === addDays(today, 1 - days),
  );
  const totals = insights?.totals;
  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.insights}
      </h1>
      <QuickRanges
        quick={quick}
        onPick={(days) => {
          const end = businessDay(new Date(), insights?.timeZone);
          setRange({ from: addDays(end, 1 - days), to: end });
        }}
      />
      <form
        className="ui-card insights-range"
        onSubmit={show}
        aria-label={ADMIN_TEXT.insightsRange}
      >
        <div className="ui-field">
          <label htmlFor={`${id}-from`}>{ADMIN_TEXT.insightsFrom}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            required
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="ui-field">
          <label htmlFor={`${id}-to`}>{ADMIN_TEXT.insightsTo}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            required
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
        <button type="submit" className="ui-button">
          {ADMIN_TEXT.insightsShow}
        </button>
      </form>
      {failed && (
        <p role="alert" className="ui-notice ui-notice--error">
          {failed}
        </p>
      )}
      {!insights || !totals ? (
        !failed && <p role="status">{ADMIN_TEXT.loading}</p>
      ) : (
        <>
          <InsightsGlance insights={insights} />
          <InsightsTotals insights={insights} />
          <InsightsMedian insights={insights} />
          <div className="ui-card">
            <FunnelChart insights={insights} />
          </div>
          <InsightsSources insights={insights} />
          <div className="ui-card">
            <DailyChart insights={insights} />
          </div>
          <div className="ui-card">
            <PrizeChart insights={insights} />
          </div>
        </>
      )}
      {insights && (
        <div className="ui-card insights-export insights-downloads">
          <button
            type="button"
            className="ui-button ui-button--secondary"
            onClick={() =>
              saveFile(
                csvFile([dailyCsv(insights)]),
                `daily-figures-${insights.from}-to-${insights.to}.csv`,
              )
            }
          >
            {ADMIN_TEXT.downloadDailyCsv}
          </button>
        </div>
      )}
    </section>
  );
}

/** Today, 7 days and 30 days, the one shown pressed. */
function QuickRanges({
  quick,
  onPick,
}: {
  quick: number | undefined;
  onPick: (days: number) => void;
}) {
  return (
    <div className="insights-range-quick" role="group" aria-label={ADMIN_TEXT.rangeQuick}>
      {QUICK_DAYS.map((days) => (
        <button
          key={days}
          type="button"
          className={quick === days ? 'ui-button' : 'ui-button ui-button--secondary'}
          aria-pressed={quick === days}
          onClick={() => onPick(days)}
        >
          {days === 1 ? ADMIN_TEXT.rangeToday : ADMIN_TEXT.rangeDays(days)}
        </button>
      ))}
    </div>
  );
}

type Totals = Insights['totals'];

/** A total shown as a card of its own: its label, its value as shown, and when it is shown. */
interface TotalCard {
  label: string;
  value: (insights: Insights) => ReactNode;
  shownWhen?: (insights: Insights) => boolean;
}

const spinFirst = (insights: Insights) => insights.spinMode === 'spin-first';

/** The SMS cost in the owner's currency, with the price (and rate) it was worked out from. */
function smsCostValue(insights: Insights): ReactNode {
  const price = money(insights.smsPriceUsd, 'USD', 4);
  return (
    <>
      {money(insights.money.smsCost, insights.money.currency)}
      <span className="admin-hint">
        {insights.money.currency === 'USD'
          ? ADMIN_TEXT.smsCostHint(price)
          : ADMIN_TEXT.smsCostRateHint(
              price,
              `1 USD = ${money(insights.money.usdRate, insights.money.currency, 4)}`,
              insights.money.rateDate,
            )}
      </span>
    </>
  );
}

/**
 * Where each of the range's totals is shown: a card of its own (in this order), or the name of
 * what shows it. Every total is named, so a total added to Insights does not compile here until it
 * has its place on the page.
 */
const TOTAL_PLACES: Record<keyof Totals, TotalCard | string> = {
  spins: { label: ADMIN_TEXT.totalSpins, value: (i) => i.totals.spins },
  redeemed: { label: ADMIN_TEXT.totalRedeemed, value: (i) => i.totals.redeemed },
  redemptionRate: {
    label: ADMIN_TEXT.totalRedemptionRate,
    value: (i) => percent(i.totals.redemptionRate),
  },
  codesSent: { label: ADMIN_TEXT.totalCodesSent, value: (i) => i.totals.codesSent },
  smsCostUsd: { label: ADMIN_TEXT.totalSmsCost, value: smsCostValue },
  previewsPerTicketSpin: {
    label: ADMIN_TEXT.totalPreviewsPerTicketSpin,
    value: (i) =>
      i.totals.previewsPerTicketSpin === null
        ? ADMIN_TEXT.notAvailable
        : i.totals.previewsPerTicketSpin.toFixed(1),
    shownWhen: spinFirst,
  },
  previewsRefused: {
    label: ADMIN_TEXT.totalPreviewsRefused,
    value: (i) => (
      <>
        {i.totals.previewsRefused}
        <span className="admin-hint">{ADMIN_TEXT.previewsRefusedHint}</span>
      </>
    ),
    shownWhen: (i) => spinFirst(i) || i.totals.previewsRefused > 0,
  },
  visits: 'the funnel',
  verified: 'the funnel',
  previews: 'previews per ticket spin',
  ticketSpins: 'previews per ticket spin',
};

/** The range's totals: spins, redemptions, codes sent and their cost, and spin first's figures. */
function InsightsTotals({ insights }: { insights: Insights }) {
  const cards = Object.values(TOTAL_PLACES).filter((place) => typeof place !== 'string');
  return (
    <dl className="insights-totals">
      {cards
        .filter((card) => card.shownWhen?.(insights) ?? true)
        .map((card) => (
          <div key={card.label} className="ui-card">
            <dt>{card.label}</dt>
            <dd>{card.value(insights)}</dd>
          </div>
        ))}
    </dl>
  );
}
