import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cubicOut } from '../../../web/src/components/wheel/engine/easing';
import { Item } from '../../../web/src/components/wheel/engine/item';
import type { WheelProps } from '../../../web/src/components/wheel/engine/settings';
import { Wheel } from '../../../web/src/components/wheel/engine/wheel';

function makeWheel(props: WheelProps | null = {}): Wheel {
  const container = document.createElement('div');
  document.body.appendChild(container);
  return new Wheel(container, props);
}

const fourItems = [{ label: 'a' }, { label: 'b' }, { label: 'c' }, { label: 'd' }];

beforeEach(() => {
  // jsdom has no canvas; the engine must cope with a missing 2D context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('Wheel constructor', () => {
  it('throws when the container is not an element', () => {
    expect(() => new Wheel({} as Element)).toThrow('container must be an instance of Element');
  });

  it('throws when props are not an object or null', () => {
    const container = document.createElement('div');
    expect(() => new Wheel(container, 5 as unknown as WheelProps)).toThrow(
      'props must be an Object or null',
    );
    expect(() => new Wheel(container, null)).not.toThrow();
  });

  it('uses the documented defaults when no props are given', () => {
    const wheel = makeWheel();
    expect(wheel.borderWidth).toBe(1);
    expect(wheel.lineWidth).toBe(1);
    expect(wheel.radius).toBe(0.95);
    expect(wheel.rotationResistance).toBe(-35);
    expect(wheel.rotationSpeedMax).toBe(300);
    expect(wheel.itemLabelFontSizeMax).toBe(500);
    expect(wheel.itemLabelRadius).toBe(0.85);
    expect(wheel.itemLabelRadiusMax).toBe(0.2);
    expect(wheel.itemLabelAlign).toBe('right');
    expect(wheel.isInteractive).toBe(true);
    expect(wheel.items).toEqual([]);
  });
});

describe('Wheel setters', () => {
  it('falls back to the default and logs when a value has the wrong type', () => {
    // Prepare
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wheel = makeWheel({ borderWidth: 3, borderColor: 'red' });
    // Act
    wheel.borderWidth = 'wide' as unknown as number;
    wheel.borderColor = 7 as unknown as string;
    wheel.itemLabelAlign = 'middle' as unknown as 'left';
    wheel.itemBackgroundColors = 'red' as unknown as string[];
    wheel.onRest = 'later' as unknown as null;
    // Assess
    expect(wheel.borderWidth).toBe(1);
    expect(wheel.borderColor).toBe('#000');
    expect(wheel.itemLabelAlign).toBe('right');
    expect(wheel.itemBackgroundColors).toEqual(['#fff']);
    expect(wheel.onRest).toBeNull();
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn.mock.calls[0]?.[0]).toContain('borderWidth');
  });

  it('resets silently when a value is undefined', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wheel = makeWheel({ radius: 0.5 });
    wheel.radius = undefined as unknown as number;
    expect(wheel.radius).toBe(0.95);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reduces pointerAngle modulo 360 and rejects negatives', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wheel = makeWheel({ pointerAngle: 450 });
    expect(wheel.pointerAngle).toBe(90);
    wheel.pointerAngle = -10;
    expect(wheel.pointerAngle).toBe(0);
    wheel.rotationSpeedMax = -1;
    expect(wheel.rotationSpeedMax).toBe(300);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('falls back per item when an item prop is invalid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wheel = makeWheel({
      items: [{ label: 'x', weight: -2, imageScale: 'big' as unknown as number }],
    });
    const item = wheel.items[0] as Item;
    expect(item.weight).toBe(1);
    expect(item.imageScale).toBe(1);
    expect(item.imageOpacity).toBe(1);
    expect(item.imageRadius).toBe(0.5);
    expect(warn).toHaveBeenCalledTimes(2);
  });
});

describe('Item', () => {
  it('throws when its wheel is not a Wheel', () => {
    expect(() => new Item({} as Wheel)).toThrow('wheel must be an instance of Wheel');
  });

  it('throws from getIndex when it no longer belongs to its wheel', () => {
    const wheel = makeWheel({ items: fourItems });
    const old = wheel.items[2] as Item;
    expect(old.getIndex()).toBe(2);
    wheel.items = fourItems;
    expect(() => old.getIndex()).toThrow('Item not found in parent Wheel');
  });

  it('reports angles proportional to weight when weights change', () => {
    const wheel = makeWheel({ items: [{ weight: 1 }, { weight: 3 }] });
    const second = wheel.items[1] as Item;
    expect([second.getStartAngle(), second.getEndAngle()]).toEqual([90, 360]);
    second.weight = 1;
    expect([second.getStartAngle(), second.getCenterAngle()]).toEqual([180, 270]);
  });

  it('logs "An image could not be loaded" when an image URL fails', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wheel = makeWheel({ items: [{ image: 'http://127.0.0.1:1/missing.png' }] });
    const image = wheel.items[0]?.image as HTMLImageElement;
    image.dispatchEvent(new Event('error'));
    expect(warn).toHaveBeenCalledWith('An image could not be loaded', image.src);
  });
});

describe('Wheel spin arguments', () => {
  it('throws when spin, spinTo or spinToItem get non-numeric arguments', () => {
    const wheel = makeWheel({ items: fourItems });
    expect(() => wheel.spin('fast' as unknown as number)).toThrow('rotationSpeed must be a number');
    expect(() => wheel.spinTo('x' as unknown as number, 100)).toThrow('rotation must be a number');
    expect(() => wheel.spinTo(10, 'x' as unknown as number)).toThrow('duration must be a number');
    expect(() => wheel.spinToItem(9, 100)).toThrow(RangeError);
  });
});

/** A stand-in for the Web Animations API driven by the fake clock, as Chromium runs it. */
function fakeAnimate(): { calls: { keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] } {
  const calls: { keyframes: Keyframe[]; options: KeyframeAnimationOptions }[] = [];
  HTMLCanvasElement.prototype.animate = function (keyframes, options) {
    const opts = options as KeyframeAnimationOptions;
    calls.push({ keyframes: keyframes as Keyframe[], options: opts });
    const start = performance.now();
    let cancelled = false;
    let settle: () => void = () => undefined;
    const finished = new Promise<Animation>((resolve, reject) => {
      const timer = setTimeout(() => resolve(animation), Number(opts.duration));
      settle = () => {
        clearTimeout(timer);
        reject(new DOMException('cancelled', 'AbortError'));
      };
    });
    const animation = {
      get currentTime() {
        return cancelled ? null : Math.min(performance.now() - start, Number(opts.duration));
      },
      finished,
      cancel() {
        cancelled = true;
        settle();
      },
    } as unknown as Animation;
    return animation;
  };
  return { calls };
}

describe('Wheel.spinToItem', () => {
  it('hands the timed spin to the compositor with the cubic-bezier of the default easing', async () => {
    // Prepare
    vi.useFakeTimers();
    const { calls } = fakeAnimate();
    const onSpin = vi.fn();
    const wheel = makeWheel({ items: fourItems, onSpin });
    // Act
    const done = wheel.spinToItem(2, 4000, true, 2, 1);
    // Assess
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options.easing).toBe('cubic-bezier(0.3333333, 1, 0.6666667, 1)');
    expect(calls[0]?.keyframes).toEqual([
      { transform: 'rotate(0deg)' },
      { transform: 'rotate(855deg)' },
    ]);
    expect(onSpin).toHaveBeenCalledWith({
      type: 'spin',
      method: 'spintoitem',
      duration: 4000,
      targetRotation: 855,
      targetItemIndex: 2,
    });
    await vi.advanceTimersByTimeAsync(4100);
    await expect(done).resolves.toEqual({ type: 'rest', currentIndex: 2, rotation: 855 });
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).animate;
  });

  it('fires each index change when the curve crosses a slice edge, without polling', async () => {
    // Prepare
    vi.useFakeTimers();
    fakeAnimate();
    const changes: { index: number; at: number }[] = [];
    const t0 = performance.now();
    const wheel = makeWheel({
      items: fourItems,
      onCurrentIndexChange: (e) =>
        changes.push({ index: e.currentIndex, at: performance.now() - t0 }),
    });
    const onRest = vi.fn();
    wheel.onRest = onRest;
    // Act: one and a half turns clockwise, landing on the centre of item 1 (rotation 585)
    void wheel.spinToItem(1, 1000, true, 1, 1);
    await vi.advanceTimersByTimeAsync(1100);
    // Assess: 0 -> 3 -> 2 -> 1 -> 0 -> 3 -> 2 -> 1 (edges at 0+, 90, 180, ... 540)
    expect(changes.map((c) => c.index)).toEqual([3, 2, 1, 0, 3, 2, 1]);
    // Each change happens when cubicOut(t) * 585 passes the edge: within the 1 ms slack + a tick
    const edges = [0, 90, 180, 270, 360, 450, 540];
    changes.forEach((c, i) => {
      const edge = edges[i] as number;
      const expected = findTime((t) => cubicOut(t / 1000) * 585 > edge);
      expect(c.at).toBeGreaterThanOrEqual(expected - 1);
      expect(c.at).toBeLessThanOrEqual(expected + 3);
    });
    expect(onRest).toHaveBeenCalledOnce();
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).animate;
  });

  it('lands inside the target slice for every index from any start when not centred', async () => {
    vi.useFakeTimers();
    const wheel = makeWheel({
      items: [{ weight: 1 }, { weight: 2 }, { weight: 0.5 }, { weight: 4 }],
    });
    for (const start of [0, 33, -721.5, 1234]) {
      for (let index = 0; index < 4; index++) {
        wheel.rotation = start;
        const rest = wheel.spinToItem(index, 0, false, 3, index % 2 ? -1 : 1);
        await expect(rest).resolves.toMatchObject({ currentIndex: index });
      }
    }
  });
});

describe('Wheel.spin', () => {
  it('decelerates under resistance and rests where the physics says when nothing interrupts', async () => {
    // Prepare
    vi.useFakeTimers();
    const onRest = vi.fn();
    const wheel = makeWheel({ items: fourItems, onRest, rotationResistance: -100 });
    // Act
    wheel.spin(200);
    expect(wheel.rotationSpeed).toBe(200);
    await vi.advanceTimersByTimeAsync(2500);
    // Assess: v^2 / (2a) = 200
    expect(onRest).toHaveBeenCalledOnce();
    expect(wheel.rotation).toBeCloseTo(200, 6);
    expect(onRest.mock.calls[0]?.[0]).toEqual({
      type: 'rest',
      currentIndex: 1,
      rotation: wheel.rotation,
    });
  });

  it('clamps the start speed to rotationSpeedMax', () => {
    vi.useFakeTimers();
    const onSpin = vi.fn();
    const wheel = makeWheel({ items: fourItems, onSpin, rotationSpeedMax: 100 });
    wheel.spin(-500);
    expect(onSpin).toHaveBeenCalledWith({
      type: 'spin',
      method: 'spin',
      rotationSpeed: -100,
      rotationResistance: -35,
    });
  });

  it('stops where it is when stop() is called, without a rest event', async () => {
    vi.useFakeTimers();
    const onRest = vi.fn();
    const wheel = makeWheel({ items: fourItems, onRest });
    wheel.spin(100);
    await vi.advanceTimersByTimeAsync(500);
    wheel.stop();
    const at = wheel.rotation;
    await vi.advanceTimersByTimeAsync(5000);
    expect(wheel.rotation).toBe(at);
    expect(at).toBeGreaterThan(0);
    expect(onRest).not.toHaveBeenCalled();
  });
});

function findTime(reached: (ms: number) => boolean): number {
  let low = 0;
  let high = 1000;
  while (high - low > 0.01) {
    const mid = (low + high) / 2;
    if (reached(mid)) high = mid;
    else low = mid;
  }
  return high;
}
