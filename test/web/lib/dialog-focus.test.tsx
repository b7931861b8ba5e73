/**
 * Dialogs move focus in the commit that shows them and give it back in the one that removes them
 * (use-focus-trap.ts, confirm-dialog.tsx). A dialog opened by no click (a lazy part arriving, an
 * answer from the API) is committed a task before React runs its passive effects: focus moved in a
 * plain effect would sit on the page behind in between, where a key press or a screen reader would
 * land. Each test records where focus is at the moment the dialog's nodes are added or removed.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../web/src/components/confirm-dialog';
import { SliceDialog } from '../../../web/src/features/admin/components/slice-dialog';
import { Modal } from '../../../web/src/features/visitor/components/modal';

let host: HTMLDivElement;
let root: Root;

beforeEach(() => {
  // Updates outside act, scheduled as in a browser: the point is the gap between commit and effects.
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  root.unmount();
  host.remove();
  vi.unstubAllGlobals();
});

/** Opens `dialog` a moment after mount and closes it a moment later, as an API answer would. */
function Opener({ dialog }: { dialog: ReactNode }) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    opener.current?.focus();
    const opening = setTimeout(() => setOpen(true), 0);
    return () => clearTimeout(opening);
  }, []);
  useEffect(() => {
    if (!open) return;
    const closing = setTimeout(() => setOpen(false), 20);
    return () => clearTimeout(closing);
  }, [open]);
  return (
    <>
      <button ref={opener} type="button">
        Opener
      </button>
      {open && dialog}
    </>
  );
}

/** The focused element's label or text each time a dialog is added to or removed from the page. */
async function focusAtDialogChanges(dialog: ReactNode): Promise<string[]> {
  const seen: string[] = [];
  const observer = new MutationObserver((records) => {
    const nodes = records.flatMap((r) => [...r.addedNodes, ...r.removedNodes]);
    const isDialog = (node: Node) =>
      node instanceof Element &&
      (node.matches('[role="dialog"]') || node.querySelector('[role="dialog"]') !== null);
    if (!nodes.some(isDialog)) return;
    const active = document.activeElement;
    const label = active instanceof HTMLInputElement ? active.labels?.[0]?.textContent : undefined;
    seen.push(active?.getAttribute('aria-label') ?? label ?? active?.textContent ?? 'nothing');
  });
  observer.observe(host, { childList: true, subtree: true });
  root.render(<Opener dialog={dialog} />);
  // As long as the suite's other waits (test/setup/web.ts): the two timers may lag on a busy machine.
  await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 5000 });
  observer.disconnect();
  return seen;
}

it("moves focus into the visitor's dialog as it appears, and back to the opener as it goes", async () => {
  const seen = await focusAtDialogChanges(
    <Modal label="Verify" onClose={() => undefined}>
      <input aria-label="Phone" />
    </Modal>,
  );
  expect(seen).toEqual(['Phone', 'Opener']);
});

it('moves focus to Cancel as the confirm dialog appears, and back to the opener as it goes', async () => {
  const seen = await focusAtDialogChanges(
    <ConfirmDialog message="Sure?" onConfirm={() => undefined} onCancel={() => undefined} />,
  );
  expect(seen).toEqual(['Cancel', 'Opener']);
});

it("moves focus to the prize's name as the admin's slice dialog appears, and back as it goes", async () => {
  const seen = await focusAtDialogChanges(
    <SliceDialog onSubmit={() => Promise.resolve(undefined)} onCancel={() => undefined} />,
  );
  expect(seen).toEqual([expect.stringContaining('Name'), 'Opener']);
});
