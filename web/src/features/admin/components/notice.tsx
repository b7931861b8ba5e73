/**
 * A page's outcome message: successes in a polite role="status" region, failures in a role="alert"
 * region. Both regions are always mounted so screen readers announce the text when it appears.
 */
export type Notice = { kind: 'success' | 'error'; text: string; detail?: string } | undefined;

export interface NoticeRegionProps {
  notice: Notice;
}

/** The status and alert regions of a form; at most one holds text at a time. */
export function NoticeRegion({ notice }: NoticeRegionProps) {
  return (
    <>
      <div role="status" className="ui-notice ui-notice--success">
        {notice?.kind === 'success' ? notice.text : null}
      </div>
      <div role="alert" className="ui-notice ui-notice--error">
        {notice?.kind === 'error'
          ? notice.detail
            ? `${notice.text} ${notice.detail}`
            : notice.text
          : null}
      </div>
    </>
  );
}
