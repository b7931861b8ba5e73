/** The wheel's data as the page gets it. */
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useWheelData } from '../../../web/src/features/visitor/hooks/use-wheel-data';
import { FakeBackend, SAMPLE_WHEEL } from '../support/visitor-routes';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('leaves sold-out prizes off and keeps each slice its own colour (wheel colours come after the shuffle)', async () => {
  const wheel = structuredClone(SAMPLE_WHEEL);
  wheel.game.itemBackgroundColors = ['#111111', '#222222', '#333333'];
  wheel.slices = [
    { ...wheel.slices[0]!, id: 'a', bgColor: '#ffffff', soldOut: true },
    { ...wheel.slices[1]!, id: 'b', bgColor: '#ffffff', soldOut: false },
    { ...wheel.slices[2]!, id: 'c', bgColor: '#00aa00', soldOut: false },
  ];
  new FakeBackend(wheel);
  const { result } = renderHook(() => useWheelData());
  await waitFor(() => expect(result.current.status).toBe('ready'));
  expect(result.current.data.game.itemBackgroundColors).toEqual(['#111111', '#222222', '#333333']);
  expect(result.current.data.slices.map((s) => [s.id, s.bgColor])).toEqual([
    ['b', '#ffffff'],
    ['c', '#00aa00'],
  ]);
});
