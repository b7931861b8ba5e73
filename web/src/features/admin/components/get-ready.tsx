/**
 * "Get ready": the first hour's steps at the top of every admin page until all are done (so the
 * first sign-in opens on it). Each step links to its place and ticks itself from the stored data
 * (shared/get-ready.ts, read by the server: GET /api/setup); the list is read again on each page the admin opens, so a step done on
 * one page shows ticked on the next. While it loads, or if it cannot, nothing is shown (an expired
 * session signs out, as on any page).
 */
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { GET_READY_STEPS, type GetReadyState, type GetReadyStep } from '@shared/get-ready';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { PATHS } from '../../../config/paths';
import { getReadyState } from '../api/setup';
import { useSessionErrorHandler } from '../hooks/use-admin-session';
import './get-ready.css';

/** Where each step is done; the passwords step goes to the one still to change. */
const placeOf = (step: GetReadyStep, state: GetReadyState): string =>
  ({
    details: PATHS.adminBusiness,
    logo: PATHS.adminBusiness,
    prizes: PATHS.adminGame,
    passwords:
      state.passwordToChange === 'operator' ? PATHS.adminAccountOperator : PATHS.adminAccountAdmin,
    poster: PATHS.adminShare,
    wifi: PATHS.adminShare,
  })[step];

export function GetReady() {
  const id = useId();
  const { pathname } = useLocation();
  const onSessionError = useSessionErrorHandler();
  const [progress, setProgress] = useState<GetReadyState>();

  useEffect(() => {
    const controller = new AbortController();
    getReadyState(controller.signal).then(setProgress, (error: unknown) => {
      // An expired session signs out as on any page; any other failure just hides the list.
      if (!controller.signal.aborted) onSessionError(error);
    });
    return () => controller.abort();
  }, [pathname, onSessionError]);

  if (!progress) return null;
  const { done } = progress;
  const count = GET_READY_STEPS.filter((step) => done[step]).length;
  if (count === GET_READY_STEPS.length) return null;
  return (
    <section className="ui-card get-ready" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="get-ready__title">
        {ADMIN_TEXT.getReady}
        <span className="get-ready__count">
          {ADMIN_TEXT.getReadyCount(count, GET_READY_STEPS.length)}
        </span>
      </h2>
      <ul className="get-ready__steps">
        {GET_READY_STEPS.map((step) => (
          <li key={step} className="get-ready__step" data-done={done[step]}>
            <span className="get-ready__mark" aria-hidden="true">
              {done[step] ? '✓' : ''}
            </span>
            <Link to={placeOf(step, progress)} className="get-ready__link">
              {ADMIN_TEXT.getReadySteps[step]}
            </Link>
            <span className="visually-hidden">
              {done[step] ? ADMIN_TEXT.getReadyDone : ADMIN_TEXT.getReadyToDo}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
