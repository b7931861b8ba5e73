// spin-wheel ships no types; this declares only what the benchmark page calls.
declare module 'spin-wheel' {
  export class Wheel {
    constructor(container: Element, props?: Record<string, unknown>);
    spinToItem(
      itemIndex: number,
      duration: number,
      spinToCenter: boolean,
      numberOfRevolutions: number,
      direction: number,
      easingFunction: ((n: number) => number) | null,
    ): void;
    onRest: ((event: { currentIndex: number }) => void) | null;
    remove(): void;
  }
}
