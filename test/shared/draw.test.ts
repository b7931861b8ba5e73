import { randomInt } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawPrize, partialShuffle } from '@shared/draw';

const slice = (id: string, weight: number, stock: number | null = null) => ({ id, weight, stock });

describe('drawPrize', () => {
  it('maps every ticket to the slice whose weight range holds it', () => {
    const slices = [slice('a', 1), slice('b', 3), slice('c', 2)];
    const picks = Array.from({ length: 6 }, (_, ticket) => drawPrize(slices, () => ticket)?.id);
    expect(picks).toEqual(['a', 'b', 'b', 'b', 'c', 'c']);
  });

  it('never draws an out-of-stock or zero-weight slice', () => {
    const slices = [slice('gone', 5, 0), slice('zero', 0), slice('ok', 1, 2)];
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(drawPrize(slices, (max) => n % max)?.id).toBe('ok');
      }),
    );
  });

  it('returns undefined when nothing can be won', () => {
    expect(drawPrize([slice('gone', 1, 0)], () => 0)).toBeUndefined();
    expect(drawPrize([], () => 0)).toBeUndefined();
  });

  it('asks the RNG for exactly the total weight as its bound', () => {
    const bounds: number[] = [];
    drawPrize([slice('a', 2), slice('b', 5, 1), slice('c', 9, 0)], (max) => {
      bounds.push(max);
      return 0;
    });
    expect(bounds).toEqual([7]);
  });

  it('matches the configured odds over many crypto draws (chi-square, 3 slices)', () => {
    const slices = [slice('a', 1), slice('b', 2), slice('c', 7)];
    const counts = { a: 0, b: 0, c: 0 };
    const draws = 100_000;
    for (let i = 0; i < draws; i++) counts[drawPrize(slices, randomInt)!.id as 'a' | 'b' | 'c']++;
    const expected = { a: draws * 0.1, b: draws * 0.2, c: draws * 0.7 };
    const chi = (Object.keys(counts) as ('a' | 'b' | 'c')[]).reduce(
      (sum, k) => sum + (counts[k] - expected[k]) ** 2 / expected[k],
      0,
    );
    // 2 degrees of freedom: p = 0.0001 at 18.42; a fair draw fails this once in ten thousand runs.
    expect(chi).toBeLessThan(18.42);
  });
});

describe('partialShuffle', () => {
  it('swaps a third of the count, at least 1 and at most 3', () => {
    // Each swap rolls two positions: the rolls counted, halved, are the swaps.
    const swaps = (count: number) => {
      let rolls = 0;
      partialShuffle(
        Array.from({ length: count }, (_, i) => i),
        () => rolls++ % count,
      );
      return rolls / 2;
    };
    expect([2, 3, 4, 6, 9, 10, 30].map(swaps)).toEqual([1, 1, 1, 2, 3, 3, 3]);
  });

  it('keeps the same items and does not touch the input', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 12 }),
        fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
        (items, rolls) => {
          const before = [...items];
          let i = 0;
          const out = partialShuffle(items, (max) => rolls[i++ % rolls.length]! % max);
          expect(items).toEqual(before);
          expect([...out].sort()).toEqual([...items].sort());
        },
      ),
    );
  });

  it('uses 2 random indexes per swap', () => {
    let calls = 0;
    partialShuffle([1, 2, 3, 4, 5, 6, 7, 8, 9], () => {
      calls++;
      return 0;
    });
    expect(calls).toBe(6);
  });
});
