/**
 * The public wheel page (docs/product.md, "Wheel page"): the header, the wheel with its Spin
 * button, the footer, and the dialogs the spin flow (hooks/use-spin-flow.ts) opens.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import {
  PrizeWheel,
  WHEEL_PAGE_PROPS,
  type PrizeWheelHandle,
} from '../../../components/wheel/prize-wheel';
import { wheelItemsFor } from '../../../components/wheel/wheel-items';
import { WheelHeader } from '../components/wheel-header';
import { useSpinFlow, type SpinFlowWheel } from '../hooks/use-spin-flow';
import { useWheelData } from '../hooks/use-wheel-data';
import { shuffleSlices } from '../lib/wheel-items';
import './wheel-page.css';

/**
 * The dialogs (the phone form, the sign-in client) are not needed to show the wheel: they load
 * just after it, while the visitor looks at it (at once if one is wanted first), so the page's
 * first download stays small. Once loaded they render in the same pass as any other element.
 */
const loadDialogs = async () => ({
  VerificationDialog: await import('../components/verification-dialog').then(
    ({ VerificationDialog }) => VerificationDialog,
  ),
  WinPopup: await import('../components/win-popup').then(({ WinPopup }) => WinPopup),
});
type Dialogs = Awaited<ReturnType<typeof loadDialogs>>;
/**
 * The footer (the business's links and their icons) sits below the wheel and shows the business
 * details the wheel's data brings: its code loads beside that data rather than before the page.
 */
const SiteFooter = lazy(() =>
  import('../components/site-footer').then(({ SiteFooter }) => ({ default: SiteFooter })),
);
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
      showItem: (index) => wheel.current?.showItem(index) ?? false,
      celebrate: () => wheel.current?.celebrate(),
    }),
    [],
  );
  const flow = useSpinFlow({ slices, spinMode: data.game.spinMode, wheel: flowWheel });
  const [dialogs, setDialogs] = useState<Dialogs>();
  const dialogWanted = flow.dialogOpen || flow.popupVisible;
  useEffect(() => {
    if (dialogs) return;
    let live = true;
    const timer = setTimeout(
      () =>
        void loadDialogs()
          .then((loaded) => live && setDialogs(loaded))
          .catch((error: unknown) => console.error('the dialogs could not load', error)),
      dialogWanted ? 0 : DIALOGS_PRELOAD_DELAY_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [dialogs, dialogWanted]);
  const spin = () => void flow.spin();
  const inviting = !flow.currentOffer && !flow.isSpinning && !flow.dialogOpen;
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
              className={
                // Spin invites the tap while it waits for one: on first load and after verifying.
                inviting
                  ? 'prize-wheel__hub wheel-page__spin wheel-page__spin--invite'
                  : 'prize-wheel__hub wheel-page__spin'
              }
              onClick={spin}
              aria-disabled={flow.isSpinning || slices.length === 0 || undefined}
            >
              {VISITOR_TEXT.spin}
            </button>
          </PrizeWheel>
        )}
      </main>
      <Suspense fallback={null}>
        <SiteFooter business={data.business} />
      </Suspense>
      {flow.dialogOpen && dialogs ? (
        <dialogs.VerificationDialog
          onVerified={flow.onDialogVerified}
          onClose={flow.closeDialog}
          returnFocus={spinButtonElement}
        />
      ) : null}
      {flow.popupVisible && flow.currentOffer && dialogs ? (
        <dialogs.WinPopup
          offer={flow.currentOffer}
          claimed={flow.recorded}
          afterSpin={flow.popupAfterSpin}
          onVerified={flow.onPopupVerified}
          onClose={flow.closePopup}
          onOfferChange={flow.updateOffer}
          returnFocus={spinButtonElement}
        />
      ) : null}
    </div>
  );
}
