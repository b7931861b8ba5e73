/**
 * "Shop Wi-Fi": the admin trusts the connection they are on (its public address as the server
 * sees it), so that visitors sharing the shop's Wi-Fi are not turned away by one address's code
 * budget; trusted connections are listed and can be removed.
 */
import { useEffect, useId, useState } from 'react';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { businessDay } from '@shared/business-day';
import type { TrustedConnections } from '@shared/types';
import { listTrusted, trustThisConnection, untrustConnection } from '../api/trusted-connections';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import { NoticeRegion, type Notice } from './notice';
import './trusted-connection.css';

export interface TrustedConnectionProps {
  /** The business's time zone, which the trusted dates are read in; undefined: the default. */
  timeZone?: string;
}

export function TrustedConnection({ timeZone }: TrustedConnectionProps) {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const [state, setState] = useState<TrustedConnections>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();

  useEffect(() => {
    const controller = new AbortController();
    listTrusted(controller.signal)
      .then(setState)
      .catch((error: unknown) => {
        if (controller.signal.aborted || onSessionError(error)) return;
        setNotice({ kind: 'error', text: ADMIN_TEXT.trustFailed });
      });
    return () => controller.abort();
  }, [onSessionError]);

  async function change(call: () => Promise<TrustedConnections>) {
    if (busy) return;
    setBusy(true);
    setNotice(undefined);
    try {
      setState(await call());
    } catch (error) {
      if (!onSessionError(error))
        setNotice({ kind: 'error', text: ADMIN_TEXT.trustFailed, detail: failureDetail(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="ui-card trusted-connection" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="ui-card__title">
        {ADMIN_TEXT.trustHeading}
      </h2>
      <p className="admin-hint">{ADMIN_TEXT.trustHint}</p>
      {state && (
        <>
          <p className="trusted-connection__current">
            {state.current.trusted
              ? ADMIN_TEXT.trustCurrentTrusted(state.current.address)
              : ADMIN_TEXT.trustCurrent(state.current.address)}
          </p>
          {!state.current.trusted && (
            <button
              type="button"
              className="ui-button"
              aria-disabled={busy || undefined}
              onClick={() => void change(trustThisConnection)}
            >
              {busy ? ADMIN_TEXT.trusting : ADMIN_TEXT.trustThis}
            </button>
          )}
          <h3 className="trusted-connection__list-title">{ADMIN_TEXT.trustedList}</h3>
          {state.trusted.length === 0 ? (
            <p>{ADMIN_TEXT.trustedNone}</p>
          ) : (
            <ul className="trusted-connection__list">
              {state.trusted.map((entry) => (
                <li key={entry.id}>
                  <span>
                    {ADMIN_TEXT.trustedSince(
                      entry.address,
                      businessDay(new Date(entry.trustedAt), timeZone),
                    )}
                  </span>
                  <button
                    type="button"
                    className="ui-button ui-button--secondary"
                    aria-label={ADMIN_TEXT.untrust(entry.address)}
                    aria-disabled={busy || undefined}
                    onClick={() => void change(() => untrustConnection(entry.id))}
                  >
                    {ADMIN_TEXT.untrustLabel}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <NoticeRegion notice={notice} />
    </section>
  );
}
