import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_ITEM_BACKGROUND_COLORS,
  PrizeWheel,
  WHEEL_PAGE_PROPS,
  type PrizeWheelHandle,
} from '../../../web/src/components/wheel/prize-wheel';

const items = [
  { label: 'Free side' },
  { label: 'BOGOF main' },
  { label: 'Try again' },
  { label: 'Drink' },
  { label: 'Dessert' },
  { label: 'Chips' },
];

function mockReducedMotion(reduce: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PrizeWheel', () => {
  it('describes the wheel in the required words when there are 2 or more slices', () => {
    // Act
    render(<PrizeWheel items={items} />);
    // Assess
    expect(
      screen.getByRole('img', {
        name: 'An image of a spinning prize wheel. The wheel has 6 slices.',
      }),
    ).toBeInTheDocument();
  });

  it('leaves out the slice count when there is one slice', () => {
    render(<PrizeWheel items={[{ label: 'Only' }]} />);
    expect(screen.getByRole('img', { name: 'An image of a spinning prize wheel.' })).toBeVisible();
  });

  it('lists the prizes as text and shows the page button in the centre', () => {
    render(
      <PrizeWheel items={items}>
        <button type="button">Spin</button>
      </PrizeWheel>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      items.map((i) => i.label),
    );
    expect(screen.getByRole('button', { name: 'Spin' })).toBeInTheDocument();
  });

  it('announces the prize in a live region when spinToItem comes to rest', async () => {
    // Prepare
    vi.useFakeTimers();
    mockReducedMotion(false);
    const ref = createRef<PrizeWheelHandle>();
    const onRest = vi.fn();
    render(<PrizeWheel ref={ref} items={items} onRest={onRest} {...WHEEL_PAGE_PROPS} />);
    // Act
    let settled = false;
    await act(async () => {
      void ref.current?.spinToItem(4).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(settled).toBe(false);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1200);
    });
    // Assess
    expect(settled).toBe(true);
    expect(onRest).toHaveBeenCalledWith(4);
    expect(screen.getByRole('status')).toHaveTextContent('Dessert');
  });

  it('lands on the same item within a short calm turn when reduced motion is preferred', async () => {
    // Prepare
    vi.useFakeTimers();
    mockReducedMotion(true);
    const ref = createRef<PrizeWheelHandle>();
    const onRest = vi.fn();
    render(<PrizeWheel ref={ref} items={items} onRest={onRest} />);
    // Act
    await act(async () => {
      void ref.current?.spinToItem(2);
      await vi.advanceTimersByTimeAsync(700);
    });
    // Assess
    expect(onRest).toHaveBeenCalledWith(2);
    expect(screen.getByRole('status')).toHaveTextContent('Try again');
  });
});

describe('WHEEL_PAGE_PROPS', () => {
  it('holds the wheel page values the product requires', () => {
    expect(WHEEL_PAGE_PROPS.wheelProps).toMatchObject({
      lineWidth: 0,
      borderWidth: 0.5,
      radius: 0.95,
      itemLabelBaselineOffset: -0.06,
    });
    expect(WHEEL_PAGE_PROPS.itemDefaults).toEqual({ imageScale: 0.55, imageRadius: 0.6 });
    expect(DEFAULT_ITEM_BACKGROUND_COLORS).toHaveLength(8);
  });
});
