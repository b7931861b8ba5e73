/**
 * The public wheel page (docs/product.md, "Wheel page"): the header, the wheel with its Spin
 * button, the footer, and the dialogs the spin flow (hooks/use-spin-flow.ts) opens.
 */
import { Suspense, lazy, useEffect, useMemo, useRef } from 'react';
import { MESSAGES, VISITOR_TEXT } from '../../../../../shared/messages';
import {
  PrizeWheel,
  WHEEL_PAGE_PROPS,
  type PrizeWheelHandle,
} from '../../../components/wheel/prize-wheel';
import { wheelItemsFor } from '../../../components/wheel/wheel-items';
import { SiteFooter } from '../components/site-footer';
import { WheelHeader } from '../components/wheel-header';
import { useSpinFlow, type SpinFlowWheel } from '../hooks/use-spin-flow';
import { useWheelData } from '../hooks/use-wheel-data';
import { shuffleSlices } from '../lib/wheel-items';
import './wheel-page.css';

/**
 * The dialogs (the phone form, the sign-in client) are not needed to show the wheel: they load
 * just after it, while the visitor looks at it, so the page's first download stays small.
 */
const LazyVerificationDialog = lazy(() =>
  import('../components/verification-dialog').then(({ VerificationDialog }) => ({
    default: VerificationDialog,
  })),
);
const LazyWinPopup = lazy(() =>
  import('../components/win-popup').then(({ WinPopup }) => ({ default: WinPopup })),
);
/** Starts loading both (a module loads once however often it is asked for). */
const preloadDialogs = () =>
  Promise.all([import('../components/verification-dialog'), import('../components/win-popup')]);
/** How long after the wheel shows the dialogs' code starts loading: after the first paints. */
const DIALOGS_PRELOAD_DELAY_MS = 300;

export function Component() {
  const { status, data } = useWheelData();
  const slices = useMemo(() => shuffleSlices(data.slices), [data.slices]);
  const items = useMemo(
    () => wheelItemsFor(slices, data.game.itemBackgroundColors),
    [slices, data.game.itemBackgroundColors],
  );
  const wheelProps = useMemo(
    () => ({
      ...WHEEL_PAGE_PROPS.wheelProps,
      itemBackgroundColors: data.game.itemBackgroundColors,
    }),
    [data.game.itemBackgroundColors],
  );
  const wheel = useRef<PrizeWheelHandle>(null);
  const spinButton = useRef<HTMLButtonElement>(null);
  const flowWheel = useMemo<SpinFlowWheel>(
    () => ({
      spinUp: () => wheel.current?.spinUp(),
      spinToItem: (index) => wheel.current?.spinToItem(index) ?? Promise.resolve(),
      settle: () => wheel.current?.settle() ?? Promise.resolve(),
      showItem: (index) => wheel.current?.showItem(index),
      celebrate: () => wheel.current?.celebrate(),
    }),
    [],
  );
  const flow = useSpinFlow({ slices, spinMode: data.game.spinMode, wheel: flowWheel });
  useEffect(() => {
    const timer = setTimeout(
      () => void preloadDialogs().catch(() => undefined),
      DIALOGS_PRELOAD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  const spin = () => void flow.spin();
  /** Closing a dialog puts focus back on Spin. */
  const spinButtonElement = () => spinButton.current;

  return (
    <div className="wheel-page">
      <WheelHeader businessName={data.business.businessName} logoUrl={data.business.logoUrl} />
      {flow.bannerVisible ? (
        <p className="wheel-page__banner" role="status">
          {MESSAGES.verificationSuccessful}
        </p>
      ) : null}
      <main className="wheel-page__main">
        {status === 'loading' ? (
          <div className="wheel-page__loading" role="status">
            <span className="wheel-page__spinner" aria-hidden="true" />
            <p>{VISITOR_TEXT.loading}</p>
            <p>{VISITOR_TEXT.goodLuck}</p>
          </div>
        ) : (
          <PrizeWheel
            ref={wheel}
            className="wheel-page__wheel"
            items={items}
            wheelProps={wheelProps}
            itemDefaults={WHEEL_PAGE_PROPS.itemDefaults}
            onFlick={spin}
          >
            {/* Never `disabled` while spinning: a disabled button drops the keyboard focus. */}
            <button
              ref={spinButton}
              type="button"
              className="prize-wheel__hub wheel-page__spin"
              onClick={spin}
              aria-disabled={flow.isSpinning || slices.length === 0 || undefined}
            >
              {VISITOR_TEXT.spin}
            </button>
          </PrizeWheel>
        )}
      </main>
      <SiteFooter business={data.business} />
      <Suspense fallback={null}>
        {flow.dialogOpen ? (
          <LazyVerificationDialog
            onVerified={flow.onDialogVerified}
            onClose={flow.closeDialog}
            returnFocus={spinButtonElement}
          />
        ) : null}
        {flow.popupVisible && flow.currentOffer ? (
          <LazyWinPopup
            offer={flow.currentOffer}
            claimed={flow.recorded}
            onClaimVerified={flow.onClaimVerified}
            onClose={flow.closePopup}
            returnFocus={spinButtonElement}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
