import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler as createSlice } from '../../../lambdas/handlers/create-slice';
import { handler as deleteSlice } from '../../../lambdas/handlers/delete-slice';
import { handler as listSlices } from '../../../lambdas/handlers/list-slices';
import { handler as updateSlice } from '../../../lambdas/handlers/update-slice';
import { MAX_SLICES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { SLICE_FIELD_MESSAGES } from '@shared/messages-fields';
import type { Slice } from '@shared/types';
import { bodyOf, httpEvent } from '../../support/http-event';
import { aSlice } from '../../support/records';

const create = (body: unknown) =>
  createSlice(httpEvent({ caller: 'admin', method: 'POST', path: '/api/slices', body }));
/** PUT from the version of the slice as listed now (an unlisted id: some past version). */
const update = async (id: string, body: Record<string, unknown>) => {
  const loaded = (await list()).find((slice) => slice.id === id);
  return updateSlice(
    httpEvent({
      caller: 'admin',
      method: 'PUT',
      path: `/api/slices/${id}`,
      pathParameters: { id },
      body: {
        expectedUpdatedAt: loaded?.updatedAt ?? '2020-01-01T00:00:00.000Z',
        expectedStock: loaded?.stock ?? null,
        ...body,
      },
    }),
  );
};
const remove = (id: string) =>
  deleteSlice(
    httpEvent({
      caller: 'admin',
      method: 'DELETE',
      path: `/api/slices/${id}`,
      pathParameters: { id },
    }),
  );
const list = async (): Promise<Slice[]> =>
  JSON.parse(
    (await listSlices(httpEvent({ caller: 'admin', method: 'GET', path: '/api/slices' }))).body ??
      '[]',
  ) as Slice[];

// One file, one table set: the tests run in order and build on each other's slices.
describe('slice handlers', () => {
  it('creates a slice with the default values, odds and stock', async () => {
    const result = await create({ name: 'Free Chips', weight: 3, stock: 5 });
    expect(result.statusCode).toBe(201);
    const created = bodyOf(result) as unknown as Slice;
    expect(created).toEqual(
      aSlice({
        name: 'Free Chips',
        weight: 3,
        stock: 5,
        id: created.id,
        createdAt: created.createdAt,
        updatedAt: created.createdAt,
      }),
    );
    expect(await list()).toEqual([created]);
  });

  it('refuses bad input with the required messages and stores nothing', async () => {
    const before = await list();
    const results = await Promise.all([
      create({ name: 'x'.repeat(17) }),
      create({ name: '   ' }),
      create({ name: 'Ok', weight: 0 }),
      create({ name: 'Ok', stock: -1 }),
      create({ name: 'Ok', bgColor: 'red' }),
      create({ name: 'Ok', extra: true }),
      createSlice(
        httpEvent({ caller: 'admin', method: 'POST', path: '/api/slices', body: '{not json' }),
      ),
    ]);
    expect(results.map((r) => [r.statusCode, bodyOf(r).message])).toEqual([
      [400, MESSAGES.sliceNameTooLongShort],
      [400, SLICE_FIELD_MESSAGES.nameRequired],
      [400, SLICE_FIELD_MESSAGES.weightInvalid],
      [400, SLICE_FIELD_MESSAGES.stockInvalid],
      [400, SLICE_FIELD_MESSAGES.colorInvalid],
      [400, API_MESSAGES.invalidInput],
      [400, API_MESSAGES.invalidJson],
    ]);
    expect(await list()).toEqual(before);
  });

  it('updates a slice in place and gives 404 for a missing or malformed id', async () => {
    const [slice] = await list();
    const result = await update(slice!.id, {
      name: 'Chips',
      comment: 'Min $20',
      bgColor: '#ff0000',
      weight: 2,
      stock: null,
    });
    expect(result.statusCode).toBe(200);
    const updated = bodyOf(result) as unknown as Slice;
    expect(updated).toEqual({
      ...slice!,
      name: 'Chips',
      comment: 'Min $20',
      bgColor: '#ff0000',
      weight: 2,
      stock: null,
      updatedAt: updated.updatedAt,
    });
    expect(await list()).toEqual([updated]);
    const missing = await update(randomUUID(), { name: 'Ghost' });
    const malformed = await update('not-a-uuid', { name: 'Ghost' });
    expect([missing.statusCode, bodyOf(missing).message]).toEqual([
      404,
      API_MESSAGES.sliceNotFound,
    ]);
    expect(malformed.statusCode).toBe(404);
    const tooLong = await update(slice!.id, { name: 'y'.repeat(17) });
    expect([tooLong.statusCode, bodyOf(tooLong).message]).toEqual([
      400,
      MESSAGES.sliceNameTooLongShort,
    ]);
    expect((await list()).map((s) => s.name)).toEqual(['Chips']);
  });

  it('an edit changes only the fields it sends: what the slice got on create is kept', async () => {
    const created = bodyOf(
      await create({
        name: 'Dessert',
        comment: 'Dine in only',
        imageSrc: '/media/dessert.png',
        bgColor: '#123456',
        weight: 4,
        stock: 9,
        validDays: 7,
      }),
    ) as unknown as Slice;
    const result = await update(created.id, { name: 'Sweets' });
    expect(result.statusCode).toBe(200);
    const edited = bodyOf(result) as unknown as Slice;
    expect(edited).toEqual({ ...created, name: 'Sweets', updatedAt: edited.updatedAt });
    expect((await list()).find((slice) => slice.id === created.id)).toEqual(edited);
    // Clearing is said, not implied: null stock is unlimited, null validDays never expires.
    const cleared = bodyOf(await update(created.id, { stock: null, validDays: null }));
    expect(cleared).toEqual({
      ...edited,
      stock: null,
      validDays: null,
      updatedAt: cleared.updatedAt,
    });
  });

  it('allows 10 slices and refuses the 11th with a clear 409', async () => {
    const existing = (await list()).length;
    for (let i = existing; i < MAX_SLICES; i += 1) {
      expect((await create({ name: `Prize ${i}` })).statusCode).toBe(201);
    }
    const eleventh = await create({ name: 'One too many' });
    expect(eleventh.statusCode).toBe(409);
    expect(bodyOf(eleventh)).toEqual({ code: 'MAX_SLICES', message: MESSAGES.maxSlicesReached });
    const names = (await list()).map((s) => s.name);
    expect(names).toHaveLength(MAX_SLICES);
    expect(names).not.toContain('One too many');
  });

  it('deletes a slice, frees a place for a new one, and gives 404 the second time', async () => {
    const [newest] = await list();
    expect((await remove(newest!.id)).statusCode).toBe(200);
    const again = await remove(newest!.id);
    expect([again.statusCode, bodyOf(again).message]).toEqual([404, API_MESSAGES.sliceNotFound]);
    expect((await remove('nope')).statusCode).toBe(404);
    expect(await list()).toHaveLength(MAX_SLICES - 1);
    expect((await create({ name: 'Back to ten' })).statusCode).toBe(201);
    expect((await list())[0]!.name).toBe('Back to ten');
  });
});
