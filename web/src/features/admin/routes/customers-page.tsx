/**
 * /admin/customers: the people who won. The newest customers a page at a time (number, prize,
 * where it stands, when it was won, in the business's time zone), the whole list as CSV or Excel
 * (components/customers-download.tsx, named by the business's date), and erasing a customer's
 * number on request (components/erase-customer.tsx).
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { businessDay } from '@shared/business-day';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { formatLocalNumber } from '@shared/phone-format';
import { formatBusinessTime, isPrizeExpired } from '@shared/prize-validity';
import type { Customer } from '@shared/types';
import { loadRuntimeConfig } from '../../../config/runtime';
import { listCustomers } from '../api/list-customers';
import { CustomersDownload } from '../components/customers-download';
import { EraseCustomer } from '../components/erase-customer';
import { useSessionErrorHandler } from '../hooks/use-admin-session';
import './customers-page.css';

/** Where a customer's prize stands now. */
function standing(customer: Customer, now: Date): string {
  if (customer.isOfferClaimed) return ADMIN_TEXT.customerRedeemed;
  return isPrizeExpired(customer, now) ? ADMIN_TEXT.customerExpired : ADMIN_TEXT.customerOwed;
}

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [customers, setCustomers] = useState<Customer[]>();
  const [next, setNext] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [timeZone, setTimeZone] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    loadRuntimeConfig()
      .then((config) => setTimeZone(config.timeZone))
      .catch(() => undefined);
    listCustomers(undefined, controller.signal)
      .then((page) => {
        setCustomers(page.users);
        setNext(page.nextCursor);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || onSessionError(error)) return;
        setFailed(true);
      });
    return () => controller.abort();
  }, [onSessionError]);

  async function showMore() {
    if (!next || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await listCustomers(next);
      setCustomers((current) => [...(current ?? []), ...page.users]);
      setNext(page.nextCursor);
    } catch (error) {
      if (!onSessionError(error)) setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  const businessToday = useCallback(
    async () =>
      businessDay(new Date(), (await loadRuntimeConfig().catch(() => undefined))?.timeZone),
    [],
  );
  const now = new Date();

  return (
    <section className="admin-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.customers}
      </h1>
      <div className="ui-card" role="region" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="ui-card__title">
          {ADMIN_TEXT.customersNewest}
        </h2>
        {failed ? (
          <p role="alert" className="ui-notice ui-notice--error">
            {ADMIN_TEXT.customersLoadFailed}
          </p>
        ) : customers === undefined ? (
          <p role="status">{ADMIN_TEXT.loading}</p>
        ) : customers.length === 0 ? (
          <p className="admin-hint">{ADMIN_TEXT.customersNone}</p>
        ) : (
          <table className="customers-table">
            <thead>
              <tr>
                <th scope="col">{ADMIN_TEXT.eraseLabel}</th>
                <th scope="col">{ADMIN_TEXT.prizeColumn}</th>
                <th scope="col">{ADMIN_TEXT.customerStatus}</th>
                <th scope="col">{ADMIN_TEXT.customerWonAt}</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.phoneNumber}>
                  <td data-label={ADMIN_TEXT.eraseLabel} className="customers-table__phone">
                    {formatLocalNumber(customer.localNumber)}
                  </td>
                  <td data-label={ADMIN_TEXT.prizeColumn}>{customer.offer}</td>
                  <td data-label={ADMIN_TEXT.customerStatus}>{standing(customer, now)}</td>
                  <td data-label={ADMIN_TEXT.customerWonAt}>
                    {formatBusinessTime(customer.createdAt, timeZone)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {next && !failed && (
          <div className="admin-actions">
            <button
              type="button"
              className="ui-button ui-button--secondary"
              aria-disabled={loadingMore || undefined}
              onClick={() => void showMore()}
            >
              {loadingMore ? ADMIN_TEXT.loading : ADMIN_TEXT.customersMore}
            </button>
          </div>
        )}
      </div>
      <div className="ui-card" role="region" aria-labelledby={`${id}-downloads`}>
        <h2 id={`${id}-downloads`} className="ui-card__title">
          {ADMIN_TEXT.customersDownloads}
        </h2>
        <div className="customers-downloads">
          <CustomersDownload businessToday={businessToday} />
        </div>
      </div>
      <EraseCustomer />
    </section>
  );
}
