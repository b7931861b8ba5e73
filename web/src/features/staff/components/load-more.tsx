/**
 * The end of the "All Users" list: a "Load more" button, plus an IntersectionObserver that loads
 * the next page by itself when the end scrolls into view (where the browser has one).
 */
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@shared/messages';
import { STAFF_TEXT } from '@shared/messages-staff';
import type { ListStatus } from '../hooks/use-users-list';

/** Start loading this far before the end of the list is actually on screen. */
const AUTO_LOAD_MARGIN = '200px';

export interface LoadMoreProps {
  status: ListStatus;
  count: number;
  onLoadMore: () => void;
}

/** Load more / loading / error with retry / all loaded. */
export function LoadMore({ status, count, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (status !== 'idle' || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: AUTO_LOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [status, onLoadMore]);

  return (
    <div className="staff-loadmore" ref={sentinel}>
      <p className="staff-muted" role="status">
        {status === 'loading'
          ? STAFF_TEXT.loadingUsers
          : count > 0
            ? `${STAFF_TEXT.usersShown(count)}${status === 'done' ? `. ${STAFF_TEXT.allLoaded}` : ''}`
            : ''}
      </p>
      {status === 'error' && (
        <>
          <p role="alert" className="ui-error">
            {MESSAGES.fetchUsersFailed}
          </p>
          <button type="button" className="ui-button ui-button--secondary" onClick={onLoadMore}>
            {STAFF_TEXT.retry}
          </button>
        </>
      )}
      {status === 'idle' && (
        <button type="button" className="ui-button ui-button--secondary" onClick={onLoadMore}>
          {STAFF_TEXT.loadMore}
        </button>
      )}
    </div>
  );
}
