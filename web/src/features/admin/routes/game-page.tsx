/**
 * /admin/game: Game Settings (docs/product.md). The slices table with Add Slice ("Max Slices Reached" at
 * 10), the Add/Edit modal, delete after "Delete this slice?", and the wheel's colours and spin mode.
 * After a save the slice is replaced in place, or added at the top when new (docs/product.md).
 * From 1024px the live preview stands beside the editor and stays in view while it scrolls.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { MAX_SLICES } from '@shared/constants';
import { MESSAGES, VISITOR_TEXT } from '@shared/messages';
import { ADMIN_TEXT } from '@shared/messages-admin';
import { canAddSlice, type SliceInput } from '@shared/slice';
import type { GameSettings, Slice } from '@shared/types';
import { createSlice } from '../api/create-slice';
import { deleteSlice } from '../api/delete-slice';
import { getGameSettings } from '../api/get-game-settings';
import { listSlices } from '../api/list-slices';
import { putGameSettings } from '../api/put-game-settings';
import { updateSlice } from '../api/update-slice';
import { ApiError } from '../../../lib/api-client';
import { NoticeRegion, type Notice } from '../components/notice';
import { SliceDialog } from '../components/slice-dialog';
import { wheelColors } from '@shared/wheel-colors';
import {
  PrizeWheel,
  WHEEL_PAGE_PROPS,
  type PrizeWheelItem,
} from '../../../components/wheel/prize-wheel';
import { wheelItemsFor } from '../../../components/wheel/wheel-items';
import { SlicesTable } from '../components/slices-table';
import { WheelSettingsForm } from '../components/wheel-settings-form';
import { failureDetail, useSessionErrorHandler } from '../hooks/use-admin-session';
import './game-page.css';

type DialogState = { mode: 'add' } | { mode: 'edit'; slice: Slice } | undefined;

/** (docs/product.md, "Admin pages"): replace in place when the slice is listed, otherwise add it at the top. */
function upsertSlice(slices: readonly Slice[], saved: Slice): Slice[] {
  return slices.some((s) => s.id === saved.id)
    ? slices.map((s) => (s.id === saved.id ? saved : s))
    : [saved, ...slices];
}

export function Component() {
  const id = useId();
  const onSessionError = useSessionErrorHandler();
  const { slices, setSlices, slicesFailed, game, gameFailed, saveGame } =
    useGameData(onSessionError);
  const [dialog, setDialog] = useState<DialogState>();
  const [notice, setNotice] = useState<Notice>();
  const [deletingId, setDeletingId] = useState<string>();
  /** The colour list as the form holds it now: the preview follows it before it is saved. */
  const [draftColors, setDraftColors] = useState<string[]>();
  const previewColorList = wheelColors(draftColors ?? game?.itemBackgroundColors);
  const preview = useWheelPreview(slices, previewColorList);

  /** After a refused stale edit: the latest slices, and the dialog on the slice as it now is. */
  const reloadEdited = useCallback(
    async (sliceId: string) => {
      try {
        const latest = await listSlices();
        setSlices(latest);
        const slice = latest.find((s) => s.id === sliceId);
        setDialog(slice ? { mode: 'edit', slice } : undefined);
      } catch (error) {
        onSessionError(error);
      }
    },
    [onSessionError, setSlices],
  );

  const saveSlice = useCallback(
    async (input: SliceInput): Promise<Notice> => {
      try {
        const saved =
          dialog?.mode === 'edit'
            ? await updateSlice(dialog.slice, input)
            : await createSlice(input);
        setSlices((current) => upsertSlice(current ?? [], saved));
        setDialog(undefined);
        setNotice({ kind: 'success', text: MESSAGES.sliceSaved });
        return undefined;
      } catch (error) {
        if (onSessionError(error)) return undefined;
        if (dialog?.mode === 'edit' && error instanceof ApiError && error.code === 'SLICE_CHANGED')
          await reloadEdited(dialog.slice.id);
        return { kind: 'error', text: MESSAGES.saveSliceFailed, detail: failureDetail(error) };
      }
    },
    [dialog, onSessionError, reloadEdited, setSlices],
  );

  async function removeSlice(slice: Slice) {
    if (!window.confirm(MESSAGES.deleteSliceConfirm)) return;
    setNotice(undefined);
    setDeletingId(slice.id);
    try {
      await deleteSlice(slice.id);
      setSlices((current) => (current ?? []).filter((s) => s.id !== slice.id));
    } catch (error) {
      if (onSessionError(error)) return;
      window.alert(MESSAGES.deleteSliceFailed);
    } finally {
      setDeletingId(undefined);
    }
  }

  const full = slices !== undefined && !canAddSlice(slices.length);

  return (
    <section className="admin-page game-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`} className="admin-page__title">
        {ADMIN_TEXT.gameSettings}
      </h1>
      <div className="game-page__layout">
        <div className="game-page__editor">
          <div className="ui-card">
            <SlicesHeader
              slices={slices}
              full={full}
              onAdd={() => {
                setNotice(undefined);
                setDialog({ mode: 'add' });
              }}
            />
            {slicesFailed ? (
              <p role="alert" className="ui-notice ui-notice--error">
                {MESSAGES.loadSlicesFailed}
              </p>
            ) : slices === undefined ? (
              <p role="status">{ADMIN_TEXT.loading}</p>
            ) : (
              <SlicesTable
                slices={slices}
                busyId={deletingId}
                previewColors={preview.colors}
                onEdit={(slice) => {
                  setNotice(undefined);
                  setDialog({ mode: 'edit', slice });
                }}
                onDelete={(slice) => void removeSlice(slice)}
              />
            )}
            <NoticeRegion notice={notice} />
          </div>
          {gameFailed ? (
            <p role="alert" className="ui-notice ui-notice--error">
              {MESSAGES.loadSettingsFailed}
            </p>
          ) : game ? (
            <WheelSettingsForm initial={game} onSave={saveGame} onColorsChange={setDraftColors} />
          ) : null}
        </div>
        {slices && slices.length > 0 ? (
          <WheelPreviewCard items={preview.items} colors={previewColorList} />
        ) : null}
      </div>
      {dialog && (
        <SliceDialog
          slice={dialog.mode === 'edit' ? dialog.slice : undefined}
          onSubmit={saveSlice}
          onCancel={() => setDialog(undefined)}
        />
      )}
    </section>
  );
}

/** The slices and the game settings, loaded once (each may fail on its own); the settings' save. */
function useGameData(onSessionError: (error: unknown) => boolean) {
  const [slices, setSlices] = useState<Slice[]>();
  const [slicesFailed, setSlicesFailed] = useState(false);
  const [game, setGame] = useState<GameSettings>();
  const [gameFailed, setGameFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    listSlices(controller.signal)
      .then(setSlices)
      .catch((error: unknown) => {
        if (controller.signal.aborted || onSessionError(error)) return;
        setSlicesFailed(true);
      });
    getGameSettings(controller.signal)
      .then(setGame)
      .catch(() => {
        if (!controller.signal.aborted) setGameFailed(true);
      });
    return () => controller.abort();
  }, [onSessionError]);

  async function saveGame(
    settings: Pick<GameSettings, 'itemBackgroundColors' | 'spinMode'>,
  ): Promise<Notice> {
    try {
      setGame(await putGameSettings(settings));
      return { kind: 'success', text: MESSAGES.savedSuccessfully };
    } catch (error) {
      if (onSessionError(error)) return undefined;
      return { kind: 'error', text: MESSAGES.saveFailed, detail: failureDetail(error) };
    }
  }
  return { slices, setSlices, slicesFailed, game, gameFailed, saveGame };
}

/**
 * The preview is the visitors' wheel in list order (the page shuffles it a little): the slices
 * that can be won, with the wheel's colours; and each slice's colour there.
 */
function useWheelPreview(slices: readonly Slice[] | undefined, colorList: readonly string[]) {
  return useMemo(() => {
    const onWheel = (slices ?? []).filter((slice) => slice.stock !== 0);
    const items = wheelItemsFor(onWheel, colorList);
    return {
      items,
      colors: new Map(onWheel.map((slice, i) => [slice.id, items[i]!.backgroundColor!])),
    };
  }, [slices, colorList]);
}

/** "Slices (n/10)" and Add Slice, which reads "Max Slices Reached" at 10. */
function SlicesHeader({
  slices,
  full,
  onAdd,
}: {
  slices: readonly Slice[] | undefined;
  full: boolean;
  onAdd: () => void;
}) {
  return (
    <div className="ui-card__header">
      <h2 className="ui-card__title">
        {ADMIN_TEXT.slices}
        {slices ? ` (${slices.length}/${MAX_SLICES})` : ''}
      </h2>
      {slices && (
        <button type="button" className="ui-button" disabled={full} onClick={onAdd}>
          {full ? ADMIN_TEXT.maxSlicesReached : ADMIN_TEXT.addSlice}
        </button>
      )}
    </div>
  );
}

/** The live preview: the visitors' wheel as the editor holds it now. */
function WheelPreviewCard({
  items,
  colors,
}: {
  items: PrizeWheelItem[];
  colors: readonly string[];
}) {
  return (
    <div className="ui-card game-page__preview">
      <h2 className="ui-card__title">{ADMIN_TEXT.wheelPreview}</h2>
      <PrizeWheel
        {...WHEEL_PAGE_PROPS}
        className="admin-wheel-preview"
        items={items}
        wheelProps={{
          ...WHEEL_PAGE_PROPS.wheelProps,
          itemBackgroundColors: colors,
        }}
      >
        <span className="prize-wheel__hub" aria-hidden="true">
          {VISITOR_TEXT.spin}
        </span>
      </PrizeWheel>
    </div>
  );
}
