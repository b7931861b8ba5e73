/**
 * The dashboard's Scan control when the camera cannot be had (docs/product.md, "Scan to redeem"):
 * refused by the person or the browser, or no camera at all, each says so in plain words, and the
 * search by number is still there. The camera and decoding journeys run in a real browser with a
 * fake camera (test/e2e/counter-scan.e2e.ts).
 */
import { screen } from '@testing-library/react';
import { setupUser } from '../support/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_TEXT } from '@shared/messages-counter';
import { STAFF_TEXT } from '@shared/messages-staff';
import { customer, fakeApi } from '../support/staff-routes';
import { renderStaffAt, signInOperator } from '../support/staff';
import { installFakeNetwork, type FakeNetwork } from '../support/network';

let network: FakeNetwork;

beforeEach(() => {
  localStorage.clear();
  network = installFakeNetwork({ answerLater: true });
  const api = fakeApi([customer(1, 'FREE SIDE')]);
  network.api = (call) => api.handle(call);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** navigator.mediaDevices as a browser without a camera API, or one whose getUserMedia fails. */
function cameraAnswers(error: DOMException | undefined): void {
  vi.stubGlobal('navigator', {
    ...navigator,
    mediaDevices: error ? { getUserMedia: () => Promise.reject(error) } : undefined,
  });
}

describe('/dashboard Scan without a camera', () => {
  it.each([
    [
      'refused by the person',
      new DOMException('denied', 'NotAllowedError'),
      COUNTER_TEXT.cameraRefused,
    ],
    ['missing', new DOMException('none', 'NotFoundError'), COUNTER_TEXT.cameraAbsent],
    ['without a camera API', undefined, COUNTER_TEXT.cameraAbsent],
    ['broken', new DOMException('busy', 'NotReadableError'), COUNTER_TEXT.cameraFailed],
  ])(
    'says so when the camera is %s, and the search is still there',
    async (_, error, text) => {
      // Prepare
      await signInOperator(network);
      cameraAnswers(error);
      const user = setupUser();
      renderStaffAt('/dashboard');
      // Act
      await user.click(await screen.findByRole('button', { name: COUNTER_TEXT.scan }));
      // Assert
      expect(await screen.findByText(text, {}, { timeout: 4000 })).toHaveAttribute('role', 'alert');
      expect(screen.getByLabelText(STAFF_TEXT.searchLabel)).toBeEnabled();
      expect(screen.getByRole('button', { name: COUNTER_TEXT.scanAgain })).toBeEnabled();
    },
    10_000,
  );
});
