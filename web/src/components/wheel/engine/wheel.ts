/**
 * The wheel engine: a framework-free prize wheel drawn on a canvas.
 *
 * The wheel is drawn once per change of items, settings or size, and turned with a CSS
 * `rotate()` transform. Timed spins (spinTo, spinToItem) are handed whole to the compositor with
 * the Web Animations API; index-change and rest events are scheduled from the known curve. Free
 * spins and drags step the rotation from requestAnimationFrame, still without redrawing.
 *
 * Angles are degrees, clockwise, with 0 at the top of the wheel. Speeds are degrees/s.
 *
 * Over 400 lines: one class whose public surface (items, settings, spins, drag, events) shares one
 * motion state; the pure parts (geometry, easing, physics, render) already live beside it.
 */
import {
  DRAG_HISTORY_MS,
  DRAG_MIN_SPIN_SPEED_DEG_PER_S,
  FLICK_MIN_SPEED_DEG_PER_S,
  INDEX_TIMER_SLACK_MS,
  WHEEL_MESSAGES,
} from './defaults';
import { cubicOut, easingToCss, invertEasing, type EasingFunction } from './easing';
import {
  centerAngle,
  indexUnderPointer,
  nextIndexChangeRotation,
  normalizeAngle,
  randomAngleInSlice,
  shortestDelta,
  sliceSpans,
  targetRotationFor,
  type SliceSpan,
} from './geometry';
import { Item } from './item';
import { clampSpeed, dragReleaseSpeed, stepFreeSpin, type DragSample } from './physics';
import { drawWheel, type RenderSlice } from './render';
import { IS_ARRAY, IS_NUMBER, pick } from './validate';

import { IDLE, now, timedElapsed, timedRotation, type Motion, type TimedMotion } from './motion';
import {
  REDRAW,
  RULES,
  SETTING_DEFAULTS,
  type ItemProps,
  type SettingName,
  type WheelProps,
  type WheelRestEvent,
  type WheelSettings,
  type WheelSpinEvent,
} from './settings';

// Declaration merging gives the class typed accessors for every setting; they are defined on
// the prototype below, each one validating its value and redrawing if it affects the picture.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface Wheel extends WheelSettings {}

/** A prize wheel drawn in a container element. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class Wheel {
  readonly container: Element;
  private readonly settings: WheelSettings = { ...SETTING_DEFAULTS };
  private _items: Item[] = [];
  private spans: SliceSpan[] = [];
  private _rotation = 0;
  private currentIndex = -1;
  private motion: Motion = IDLE;
  private restWaiters: ((event: WheelRestEvent | null) => void)[] = [];
  private readonly canvas: HTMLCanvasElement;
  private overlayCanvas: HTMLCanvasElement | null = null;
  private sizePx = 0;
  private drawnKey = '';
  private redrawFrame = 0;
  private readonly resizeObserver: ResizeObserver | null = null;
  private initialising = false;

  /**
   * Creates the wheel's canvas inside `container` and applies `props`.
   * @throws TypeError "container must be an instance of Element" or "props must be an Object or null".
   */
  constructor(container: Element, props: WheelProps | null = {}) {
    if (typeof Element === 'undefined' || !(container instanceof Element)) {
      throw new TypeError(WHEEL_MESSAGES.containerNotElement);
    }
    if (props !== null && (typeof props !== 'object' || Array.isArray(props))) {
      throw new TypeError(WHEEL_MESSAGES.propsNotObject);
    }
    this.container = container;
    const doc = container.ownerDocument;
    this.canvas = doc.createElement('canvas');
    this.canvas.setAttribute('aria-hidden', 'true');
    Object.assign(this.canvas.style, {
      position: 'absolute',
      display: 'block',
      willChange: 'transform',
      transformOrigin: '50% 50%',
      // Drags on the wheel turn it instead of scrolling the page.
      touchAction: 'none',
    });
    const containerStyle = (container as HTMLElement).style;
    if (containerStyle && doc.defaultView?.getComputedStyle(container).position === 'static') {
      containerStyle.position = 'relative';
    }
    container.appendChild(this.canvas);
    (container as HTMLElement).addEventListener('pointerdown', this.onPointerDown);
    if (typeof ResizeObserver !== 'undefined') {
      this.resizeObserver = new ResizeObserver(() => this.resize());
      this.resizeObserver.observe(container);
    }
    this.init(props ?? {});
    this.resize();
  }

  /** Applies every setting from `props`; missing ones take their default. */
  init(props: WheelProps = {}): void {
    this.initialising = true;
    for (const name of Object.keys(RULES) as SettingName[]) this.setSetting(name, props[name]);
    this.rotation = props.rotation;
    this.items = props.items;
    this.initialising = false;
    this.refresh();
  }

  /** The items (slices). Setting an array of item props replaces them all. */
  get items(): Item[] {
    return this._items;
  }
  set items(v: unknown) {
    const props = pick('items', v, IS_ARRAY, []);
    const items: Item[] = [];
    for (const p of props) {
      items.push(new Item(this, typeof p === 'object' && p !== null ? (p as ItemProps) : {}));
    }
    this._items = items;
    this.itemChanged(true);
  }

  /** Current rotation in degrees (not normalised); setting it stops any spin. */
  get rotation(): number {
    const m = this.motion;
    return m.kind === 'timed' ? timedRotation(m, timedElapsed(m)) : this._rotation;
  }
  set rotation(v: unknown) {
    this.cancelMotion();
    this._rotation = pick('rotation', v, IS_NUMBER, 0);
    this.applyRotation();
    this.updateCurrentIndex(false);
  }

  /** Current speed in degrees/s (positive is clockwise); 0 at rest and while dragged. */
  get rotationSpeed(): number {
    const m = this.motion;
    if (m.kind === 'free') return m.speed;
    if (m.kind === 'timed') {
      const t = timedElapsed(m);
      const h = 1;
      return (timedRotation(m, t + h) - timedRotation(m, Math.max(0, t - h))) * (1000 / (2 * h));
    }
    return 0;
  }

  /** Index of the item under the pointer (start angle inclusive, end exclusive), or -1 with no items. */
  getCurrentIndex(): number {
    return indexUnderPointer(this.spans, this.rotation, this.settings.pointerAngle);
  }

  /** The span in degrees of item `index` on the unrotated wheel. */
  getItemSpan(index: number): SliceSpan {
    const span = this.spans[index];
    if (!span) throw new RangeError(`itemIndex must be between 0 and ${this.spans.length - 1}`);
    return span;
  }

  /**
   * Starts a free spin at `rotationSpeed` degrees/s (positive clockwise), clamped to
   * `rotationSpeedMax` and slowed by `rotationResistance` until it rests.
   * @throws TypeError "rotationSpeed must be a number"
   */
  spin(rotationSpeed: number = 0): void {
    if (typeof rotationSpeed !== 'number' || Number.isNaN(rotationSpeed)) {
      throw new TypeError(WHEEL_MESSAGES.rotationSpeedNotNumber);
    }
    this.beginFreeSpin(rotationSpeed, 'spin');
  }

  /**
   * Turns the wheel to `rotation` degrees over `duration` ms with `easing` (default cubic
   * ease-out). Resolves with the rest event, or null if another spin, a drag or stop() interrupts.
   * @throws TypeError "rotation must be a number" or "duration must be a number"
   */
  spinTo(
    rotation: number = 0,
    duration: number = 0,
    easing: EasingFunction | null = null,
  ): Promise<WheelRestEvent | null> {
    if (typeof rotation !== 'number' || !Number.isFinite(rotation)) {
      throw new TypeError(WHEEL_MESSAGES.rotationNotNumber);
    }
    if (typeof duration !== 'number' || Number.isNaN(duration)) {
      throw new TypeError(WHEEL_MESSAGES.durationNotNumber);
    }
    return this.beginTimedSpin(rotation, duration, easing ?? cubicOut, { method: 'spinto' });
  }

  /**
   * Turns the wheel so item `itemIndex` (0 to items.length - 1, inclusive) ends under the pointer.
   * @param duration Milliseconds, 0 or more.
   * @param spinToCenter Land on the slice's centre; otherwise on a random angle inside it, away from its edges.
   * @param numberOfRevolutions Whole extra turns before landing.
   * @param direction 1 clockwise, -1 anti-clockwise.
   * @param easing Default cubic ease-out.
   */
  spinToItem(
    itemIndex: number = 0,
    duration: number = 0,
    spinToCenter: boolean = true,
    numberOfRevolutions: number = 1,
    direction: 1 | -1 = 1,
    easing: EasingFunction | null = null,
  ): Promise<WheelRestEvent | null> {
    if (typeof itemIndex !== 'number' || !Number.isInteger(itemIndex)) {
      throw new TypeError(WHEEL_MESSAGES.itemIndexNotNumber);
    }
    if (typeof duration !== 'number' || Number.isNaN(duration)) {
      throw new TypeError(WHEEL_MESSAGES.durationNotNumber);
    }
    const span = this.getItemSpan(itemIndex);
    const landingAngle = spinToCenter ? centerAngle(span) : randomAngleInSlice(span, Math.random);
    const target = targetRotationFor({
      from: this.rotation,
      landingAngle,
      pointerAngle: this.settings.pointerAngle,
      revolutions: numberOfRevolutions,
      direction: direction === -1 ? -1 : 1,
    });
    return this.beginTimedSpin(target, duration, easing ?? cubicOut, {
      method: 'spintoitem',
      targetItemIndex: itemIndex,
    });
  }

  /** Stops the wheel where it is, whichever way it was spinning. Raises no rest event. */
  stop(): void {
    this.cancelMotion();
  }

  /** Re-measures the container and redraws if its size changed. */
  resize(): void {
    const el = this.container as HTMLElement;
    const width = el.clientWidth;
    const height = el.clientHeight;
    this.sizePx = Math.max(0, Math.min(width, height));
    const { x, y } = this.settings.offset;
    const left = (width - this.sizePx) / 2 + x * this.sizePx;
    const top = (height - this.sizePx) / 2 + y * this.sizePx;
    for (const canvas of [this.canvas, this.overlayCanvas]) {
      if (!canvas) continue;
      canvas.style.left = `${left}px`;
      canvas.style.top = `${top}px`;
      canvas.style.width = `${this.sizePx}px`;
      canvas.style.height = `${this.sizePx}px`;
    }
    this.refresh();
  }

  /** Removes the wheel from the DOM and stops listening to events and resizes. */
  remove(): void {
    this.cancelMotion();
    this.resizeObserver?.disconnect();
    if (this.redrawFrame) cancelAnimationFrame(this.redrawFrame);
    (this.container as HTMLElement).removeEventListener('pointerdown', this.onPointerDown);
    this.removeDragListeners();
    this.canvas.remove();
    this.overlayCanvas?.remove();
  }

  /** Called by items when they change; `layout` when slice sizes may have changed. @internal */
  itemChanged(layout: boolean): void {
    if (layout) {
      this.spans = this._items.length ? sliceSpans(this._items.map((item) => item.weight)) : [];
      this.updateCurrentIndex(false);
    }
    this.refresh();
  }

  // ----- settings -----

  private setSetting(name: SettingName, value: unknown): void {
    let next = pick(name, value, RULES[name], SETTING_DEFAULTS[name]);
    if (name === 'pointerAngle') next = normalizeAngle(next as number);
    (this.settings as unknown as Record<SettingName, unknown>)[name] = next;
    if (name === 'pointerAngle') this.updateCurrentIndex(false);
    if (name === 'offset') this.resize();
    if (REDRAW.has(name)) this.refresh();
  }

  // ----- drawing -----

  /** Schedules one redraw on the next frame; several changes in a row draw once. */
  private refresh(): void {
    if (this.initialising || this.redrawFrame || typeof requestAnimationFrame === 'undefined') {
      return;
    }
    this.redrawFrame = requestAnimationFrame(() => {
      this.redrawFrame = 0;
      this.draw();
    });
  }

  /** Draws the wheel now if anything it shows changed since the last draw. */
  draw(): void {
    const ratio = this.settings.pixelRatio || globalThis.devicePixelRatio || 1;
    const pixels = Math.round(this.sizePx * ratio);
    const slices = this.renderSlices();
    const imageKey = (image: HTMLImageElement | null): string =>
      image ? `${image.src}:${image.complete && image.naturalWidth > 0}` : '';
    const key = JSON.stringify([
      pixels,
      this.settings,
      imageKey(this.settings.image),
      imageKey(this.settings.overlayImage),
      slices.map((s) => ({ ...s, image: imageKey(s.image) })),
    ]);
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    this.canvas.width = pixels;
    this.canvas.height = pixels;
    const ctx = this.canvas.getContext('2d');
    if (ctx && pixels > 0) {
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      drawWheel(ctx, this.sizePx, this.settings, slices);
    }
    this.drawOverlay(pixels, ratio);
    this.applyRotation();
  }

  private drawOverlay(pixels: number, ratio: number): void {
    const image = this.settings.overlayImage;
    if (!image) {
      this.overlayCanvas?.remove();
      this.overlayCanvas = null;
      return;
    }
    if (!this.overlayCanvas) {
      this.overlayCanvas = this.canvas.ownerDocument.createElement('canvas');
      this.overlayCanvas.setAttribute('aria-hidden', 'true');
      Object.assign(this.overlayCanvas.style, { position: 'absolute', pointerEvents: 'none' });
      this.container.appendChild(this.overlayCanvas);
      this.resize();
    }
    this.overlayCanvas.width = pixels;
    this.overlayCanvas.height = pixels;
    const ctx = this.overlayCanvas.getContext('2d');
    if (ctx && image.complete && image.naturalWidth > 0) {
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.drawImage(image, 0, 0, this.sizePx, this.sizePx);
    }
  }

  private renderSlices(): RenderSlice[] {
    const { itemBackgroundColors: backgrounds, itemLabelColors: labels } = this.settings;
    return this._items.map((item, i) => ({
      span: this.spans[i] as SliceSpan,
      backgroundColor: item.backgroundColor ?? backgrounds[i % backgrounds.length] ?? '#fff',
      label: item.label,
      labelColor: item.labelColor ?? labels[i % labels.length] ?? '#000',
      labelOutlineColor: item.labelOutlineColor,
      image: item.isImageReady() ? item.image : null,
      imageOpacity: item.imageOpacity,
      imageRadius: item.imageRadius,
      imageRotation: item.imageRotation,
      imageScale: item.imageScale,
    }));
  }

  private applyRotation(rotation = this._rotation): void {
    this.canvas.style.transform = `rotate(${rotation}deg)`;
  }

  // ----- events -----

  private updateCurrentIndex(emit: boolean, rotation = this.rotation): void {
    const index = indexUnderPointer(this.spans, rotation, this.settings.pointerAngle);
    if (index === this.currentIndex) return;
    this.currentIndex = index;
    if (emit && index !== -1) {
      this.settings.onCurrentIndexChange?.({ type: 'currentIndexChange', currentIndex: index });
    }
  }

  private emitSpin(event: Omit<WheelSpinEvent, 'type'>): void {
    this.settings.onSpin?.({ type: 'spin', ...event });
  }

  private comeToRest(): void {
    this.motion = IDLE;
    this.applyRotation();
    this.updateCurrentIndex(true);
    const event: WheelRestEvent = {
      type: 'rest',
      currentIndex: this.currentIndex,
      rotation: this._rotation,
    };
    this.resolveWaiters(event);
    this.settings.onRest?.(event);
  }

  private resolveWaiters(event: WheelRestEvent | null): void {
    const waiters = this.restWaiters;
    this.restWaiters = [];
    for (const resolve of waiters) resolve(event);
  }

  // ----- motion -----

  /** Ends any motion where the wheel is now, without a rest event. */
  private cancelMotion(): void {
    const m = this.motion;
    if (m.kind === 'idle') return;
    if (m.kind === 'timed') {
      this._rotation = timedRotation(m, timedElapsed(m));
      clearTimeout(m.timer);
      cancelAnimationFrame(m.frame);
      this.applyRotation();
      m.animation?.cancel();
    } else if (m.kind === 'free') {
      cancelAnimationFrame(m.frame);
    } else {
      this.removeDragListeners();
    }
    this.motion = IDLE;
    this.updateCurrentIndex(true);
    this.resolveWaiters(null);
  }

  private beginFreeSpin(speed: number, method: 'spin' | 'interact'): void {
    this.cancelMotion();
    const rotationSpeed = clampSpeed(speed, this.settings.rotationSpeedMax);
    this.emitSpin({
      method,
      rotationSpeed,
      rotationResistance: this.settings.rotationResistance,
    });
    if (rotationSpeed === 0) return;
    const m: Motion = { kind: 'free', speed: rotationSpeed, lastTimeMs: now(), frame: 0 };
    this.motion = m;
    const frame = (time: number): void => {
      if (this.motion !== m) return;
      const dt = Math.max(0, time - m.lastTimeMs) / 1000;
      m.lastTimeMs = Math.max(m.lastTimeMs, time);
      const step = stepFreeSpin(
        { rotation: this._rotation, speed: m.speed },
        dt,
        this.settings.rotationResistance,
        this.settings.rotationSpeedMax,
      );
      this._rotation = step.rotation;
      m.speed = step.speed;
      this.applyRotation();
      this.updateCurrentIndex(true);
      if (step.atRest) this.comeToRest();
      else m.frame = requestAnimationFrame(frame);
    };
    m.frame = requestAnimationFrame(frame);
  }

  private beginTimedSpin(
    to: number,
    durationMs: number,
    easing: EasingFunction,
    event: Pick<WheelSpinEvent, 'method' | 'targetItemIndex'>,
  ): Promise<WheelRestEvent | null> {
    this.cancelMotion();
    const from = this._rotation;
    const done = new Promise<WheelRestEvent | null>((resolve) => this.restWaiters.push(resolve));
    this.emitSpin({ ...event, duration: durationMs, targetRotation: to });
    if (durationMs <= 0 || from === to) {
      this._rotation = to;
      this.comeToRest();
      return done;
    }
    const m: Motion = {
      kind: 'timed',
      from,
      to,
      durationMs,
      easing,
      startMs: now(),
      animation: null,
      frame: 0,
      timer: undefined,
    };
    this.motion = m;
    if (typeof this.canvas.animate === 'function') {
      // The whole curve goes to the compositor: no main-thread work per frame.
      m.animation = this.canvas.animate(
        [{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }],
        { duration: durationMs, easing: easingToCss(easing), fill: 'forwards' },
      );
      m.animation.finished.then(
        () => this.finishTimed(m),
        () => undefined, // cancelled: cancelMotion already settled everything
      );
      this.scheduleIndexChange(m);
    } else {
      // No Web Animations (old browsers, jsdom): step the same curve from requestAnimationFrame.
      const frame = (): void => {
        if (this.motion !== m) return;
        const elapsed = timedElapsed(m);
        if (elapsed >= durationMs) return this.finishTimed(m);
        const rotation = timedRotation(m, elapsed);
        this.applyRotation(rotation);
        this.updateCurrentIndex(true, rotation);
        m.frame = requestAnimationFrame(frame);
      };
      m.frame = requestAnimationFrame(frame);
    }
    return done;
  }

  private finishTimed(m: TimedMotion): void {
    if (this.motion !== m) return;
    clearTimeout(m.timer);
    this._rotation = m.to;
    // Commit the end state to the element's style before dropping the animation: no flicker.
    this.applyRotation();
    m.animation?.cancel();
    this.comeToRest();
  }

  /**
   * Fires index changes of a compositor spin without polling: computes when the pointer reaches
   * the next slice edge on the known curve and sets one timer for that moment.
   */
  private scheduleIndexChange(m: TimedMotion): void {
    if (this.motion !== m) return;
    const elapsed = timedElapsed(m);
    const rotation = timedRotation(m, elapsed);
    this.updateCurrentIndex(true, rotation);
    const direction = m.to >= m.from ? 1 : -1;
    const edge = nextIndexChangeRotation(
      this.spans,
      rotation,
      this.settings.pointerAngle,
      direction,
    );
    if (direction * (edge - m.to) >= 0) return; // no further change before the end: rest handles it
    const progress = invertEasing(m.easing, (edge - m.from) / (m.to - m.from));
    const delay = Math.max(0, progress * m.durationMs - elapsed) + INDEX_TIMER_SLACK_MS;
    m.timer = setTimeout(() => this.scheduleIndexChange(m), delay);
  }

  // ----- dragging -----

  /** Pointer angle around the wheel's centre in degrees, or null outside the wheel. */
  private pointerAngleAt(event: PointerEvent, requireInside: boolean): number | null {
    const rect = this.canvas.getBoundingClientRect();
    // The bounding box of the turned canvas keeps the same centre.
    const dx = event.clientX - (rect.left + rect.width / 2);
    const dy = event.clientY - (rect.top + rect.height / 2);
    const radius = (this.settings.radius * this.sizePx) / 2;
    if (requireInside && Math.hypot(dx, dy) > radius) return null;
    return (Math.atan2(dy, dx) * 180) / Math.PI;
  }

  private readonly onPointerDown = (event: PointerEvent): void => {
    if (!this.settings.isInteractive || event.button > 0) return;
    const angle = this.pointerAngleAt(event, true);
    if (angle === null) return;
    this.cancelMotion();
    event.preventDefault();
    this.motion = {
      kind: 'drag',
      pointerId: event.pointerId,
      lastPointerAngle: angle,
      samples: [{ timeMs: now(), rotation: this._rotation }],
    };
    const win = this.container.ownerDocument.defaultView;
    win?.addEventListener('pointermove', this.onPointerMove);
    win?.addEventListener('pointerup', this.onPointerUp);
    win?.addEventListener('pointercancel', this.onPointerUp);
  };

  private readonly onPointerMove = (event: PointerEvent): void => {
    const m = this.motion;
    if (m.kind !== 'drag' || event.pointerId !== m.pointerId) return;
    const angle = this.pointerAngleAt(event, false);
    if (angle === null) return;
    this._rotation += shortestDelta(angle - m.lastPointerAngle);
    m.lastPointerAngle = angle;
    const t = now();
    m.samples.push({ timeMs: t, rotation: this._rotation });
    while (m.samples.length > 2 && t - (m.samples[0] as DragSample).timeMs > DRAG_HISTORY_MS) {
      m.samples.shift();
    }
    this.applyRotation();
    this.updateCurrentIndex(true);
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    const m = this.motion;
    if (m.kind !== 'drag' || event.pointerId !== m.pointerId) return;
    this.removeDragListeners();
    this.motion = IDLE;
    const speed = clampSpeed(
      dragReleaseSpeed(m.samples, now(), DRAG_HISTORY_MS),
      this.settings.rotationSpeedMax,
    );
    const onFlick = this.settings.onFlick;
    if (onFlick && Math.abs(speed) >= FLICK_MIN_SPEED_DEG_PER_S) {
      onFlick({ type: 'flick', rotationSpeed: speed });
    } else if (!onFlick && Math.abs(speed) >= DRAG_MIN_SPIN_SPEED_DEG_PER_S) {
      this.beginFreeSpin(speed, 'interact');
    }
  };

  private removeDragListeners(): void {
    const win = this.container.ownerDocument.defaultView;
    win?.removeEventListener('pointermove', this.onPointerMove);
    win?.removeEventListener('pointerup', this.onPointerUp);
    win?.removeEventListener('pointercancel', this.onPointerUp);
  }
}

for (const name of Object.keys(RULES) as SettingName[]) {
  Object.defineProperty(Wheel.prototype, name, {
    configurable: true,
    enumerable: true,
    get(this: Wheel) {
      return (this as unknown as { settings: WheelSettings }).settings[name];
    },
    set(this: Wheel, value: unknown) {
      (this as unknown as { setSetting(n: SettingName, v: unknown): void }).setSetting(name, value);
    },
  });
}
