/**
 * One slice of a wheel. Setting a property validates it (invalid values fall back to the default
 * with a logged message) and asks the parent wheel to redraw once.
 */
import { ITEM_DEFAULTS, WHEEL_MESSAGES } from './defaults';
import {
  IS_IMAGE_SOURCE_OR_NULL,
  IS_NUMBER,
  IS_POSITIVE,
  IS_STRING,
  IS_STRING_OR_NULL,
  pick,
} from './validate';
import type { SliceSpan } from './geometry';
import type { ItemProps } from './settings';

/**
 * What an item needs of the wheel it belongs to. The Wheel class (wheel.ts) is one; naming only
 * this here keeps item.ts free of an import of wheel.ts, which imports item.ts.
 */
export interface ItemParent {
  readonly items: readonly Item[];
  /** The span in degrees of item `index` on the unrotated wheel. */
  getItemSpan(index: number): SliceSpan;
  /** Called when an item changes; `layout` when slice sizes may have changed. */
  itemChanged(layout: boolean): void;
}

const isItemParent = (value: unknown): value is ItemParent =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as ItemParent).items) &&
  typeof (value as ItemParent).itemChanged === 'function' &&
  typeof (value as ItemParent).getItemSpan === 'function';

/** A slice of a wheel. Create items by setting `wheel.items`. */
export class Item {
  readonly wheel: ItemParent;
  private _backgroundColor: string | null = ITEM_DEFAULTS.backgroundColor;
  private _image: HTMLImageElement | null = null;
  private _imageOpacity: number = ITEM_DEFAULTS.imageOpacity;
  private _imageRadius: number = ITEM_DEFAULTS.imageRadius;
  private _imageRotation: number = ITEM_DEFAULTS.imageRotation;
  private _imageScale: number = ITEM_DEFAULTS.imageScale;
  private _label: string = ITEM_DEFAULTS.label;
  private _labelColor: string | null = ITEM_DEFAULTS.labelColor;
  private _labelOutlineColor: string | null = ITEM_DEFAULTS.labelOutlineColor;
  private _weight: number = ITEM_DEFAULTS.weight;
  /** Anything meaningful to the application. */
  value: unknown = null;

  /** @throws TypeError "wheel must be an instance of Wheel" */
  constructor(wheel: ItemParent, props: ItemProps = {}) {
    if (!isItemParent(wheel)) throw new TypeError(WHEEL_MESSAGES.wheelNotWheel);
    this.wheel = wheel;
    this.init(props);
  }

  /** Sets every property from `props`; missing ones take their default. */
  init(props: ItemProps = {}): void {
    this.backgroundColor = props.backgroundColor;
    this.image = props.image;
    this.imageOpacity = props.imageOpacity;
    this.imageRadius = props.imageRadius;
    this.imageRotation = props.imageRotation;
    this.imageScale = props.imageScale;
    this.label = props.label;
    this.labelColor = props.labelColor;
    this.labelOutlineColor = props.labelOutlineColor;
    this.value = props.value ?? null;
    this.weight = props.weight;
  }

  get backgroundColor(): string | null {
    return this._backgroundColor;
  }
  set backgroundColor(v: unknown) {
    this._backgroundColor = pick('item.backgroundColor', v, IS_STRING_OR_NULL, null);
    this.changed();
  }

  /** The image element (URLs are turned into elements when set), or null. */
  get image(): HTMLImageElement | null {
    return this._image;
  }
  set image(v: unknown) {
    const source = pick('item.image', v, IS_IMAGE_SOURCE_OR_NULL, null);
    this._image = typeof source === 'string' ? this.loadImage(source) : source;
    if (this._image && !this._image.complete) this.watchImage(this._image);
    this.changed();
  }

  get imageOpacity(): number {
    return this._imageOpacity;
  }
  set imageOpacity(v: unknown) {
    this._imageOpacity = pick('item.imageOpacity', v, IS_NUMBER, ITEM_DEFAULTS.imageOpacity);
    this.changed();
  }

  get imageRadius(): number {
    return this._imageRadius;
  }
  set imageRadius(v: unknown) {
    this._imageRadius = pick('item.imageRadius', v, IS_NUMBER, ITEM_DEFAULTS.imageRadius);
    this.changed();
  }

  get imageRotation(): number {
    return this._imageRotation;
  }
  set imageRotation(v: unknown) {
    this._imageRotation = pick('item.imageRotation', v, IS_NUMBER, ITEM_DEFAULTS.imageRotation);
    this.changed();
  }

  get imageScale(): number {
    return this._imageScale;
  }
  set imageScale(v: unknown) {
    this._imageScale = pick('item.imageScale', v, IS_NUMBER, ITEM_DEFAULTS.imageScale);
    this.changed();
  }

  get label(): string {
    return this._label;
  }
  set label(v: unknown) {
    this._label = pick('item.label', v, IS_STRING, ITEM_DEFAULTS.label);
    this.changed();
  }

  get labelColor(): string | null {
    return this._labelColor;
  }
  set labelColor(v: unknown) {
    this._labelColor = pick('item.labelColor', v, IS_STRING_OR_NULL, null);
    this.changed();
  }

  get labelOutlineColor(): string | null {
    return this._labelOutlineColor;
  }
  set labelOutlineColor(v: unknown) {
    this._labelOutlineColor = pick('item.labelOutlineColor', v, IS_STRING_OR_NULL, null);
    this.changed();
  }

  get weight(): number {
    return this._weight;
  }
  set weight(v: unknown) {
    this._weight = pick('item.weight', v, IS_POSITIVE, ITEM_DEFAULTS.weight);
    this.changed(true);
  }

  /**
   * 0-based position of this item in its wheel.
   * @throws Error "Item not found in parent Wheel" once the item was replaced.
   */
  getIndex(): number {
    const index = this.wheel.items.indexOf(this);
    if (index === -1) throw new Error(WHEEL_MESSAGES.itemNotFound);
    return index;
  }

  /** Start angle in degrees (inclusive), clockwise from the top, ignoring the wheel's rotation. */
  getStartAngle(): number {
    return this.wheel.getItemSpan(this.getIndex()).start;
  }

  /** End angle in degrees (exclusive), clockwise from the top, ignoring the wheel's rotation. */
  getEndAngle(): number {
    return this.wheel.getItemSpan(this.getIndex()).end;
  }

  /** Centre angle in degrees, clockwise from the top, ignoring the wheel's rotation. */
  getCenterAngle(): number {
    return (this.getStartAngle() + this.getEndAngle()) / 2;
  }

  /** True when the image can be drawn now (loaded and not broken). */
  isImageReady(): boolean {
    const image = this._image;
    return image !== null && image.complete && image.naturalWidth > 0;
  }

  private loadImage(url: string): HTMLImageElement | null {
    if (typeof Image === 'undefined') return null;
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    return image;
  }

  private watchImage(image: HTMLImageElement): void {
    image.addEventListener('load', () => this.changed(), { once: true });
    image.addEventListener('error', () => console.warn(WHEEL_MESSAGES.imageNotLoaded, image.src), {
      once: true,
    });
  }

  private changed(layout = false): void {
    // The wheel is still being built while its constructor sets the first items.
    if (this.wheel.items.includes(this)) this.wheel.itemChanged(layout);
  }
}
