import { useRef, type ReactNode } from 'react';
import { VISITOR_TEXT } from '@shared/messages';
import { useFocusTrap } from '../hooks/use-focus-trap';

export interface ModalProps {
  /** Accessible name of the dialog. */
  label: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Where focus goes when the dialog closes; default where it was when it opened. */
  returnFocus?: () => HTMLElement | null;
  /** Where focus goes when the dialog opens; default its first field, else the dialog. */
  initialFocus?: () => HTMLElement | null;
}

/** A modal dialog: role="dialog" aria-modal, focus kept inside and returned on close, Escape closes. */
export function Modal({
  label,
  onClose,
  children,
  className,
  returnFocus,
  initialFocus,
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, onClose, returnFocus, initialFocus);
  // The dimming is its own layer under the dialog's, so the win's confetti can fall between them:
  // in front of the dimmed page, behind the dialog's text.
  return (
    <>
      <div className="visitor-modal__dim" aria-hidden="true" />
      <div className="visitor-modal__backdrop">
        <div
          ref={ref}
          className={className ? `visitor-modal ${className}` : 'visitor-modal'}
          role="dialog"
          aria-modal="true"
          aria-label={label}
          tabIndex={-1}
        >
          <button
            type="button"
            className="visitor-modal__close"
            aria-label={VISITOR_TEXT.closeLabel}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path
                d="M6 6l12 12M18 6L6 18"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              />
            </svg>
          </button>
          {children}
        </div>
      </div>
    </>
  );
}
