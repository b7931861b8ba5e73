/**
 * The admin's slice edits: the slices repository reports what happened, this module turns each
 * outcome into the answer the admin sees (the product's messages where it has them).
 */
import { conflict, notFound } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { sliceIdSchema, type Slice, type SliceInput, type SliceUpdate } from '@shared/slice';
import * as slicesRepository from '../repositories/slices';

const sliceNotFound = () => notFound('SLICE_NOT_FOUND', API_MESSAGES.sliceNotFound);

/** The slice id of a {id} path parameter; an id that is not one of ours names no slice (404). */
export function sliceIdFrom(value: unknown): string {
  const id = sliceIdSchema.safeParse(value);
  if (!id.success) throw sliceNotFound();
  return id.data;
}

/** Adds a slice; 409 with the product's message once MAX_SLICES exist. */
export async function addSlice(input: SliceInput, now: Date): Promise<Slice> {
  const result = await slicesRepository.createSlice(input, now.toISOString());
  if (result.status === 'created') return result.slice;
  if (result.status === 'max-slices') throw conflict('MAX_SLICES', MESSAGES.maxSlicesReached);
  if (result.status === 'id-taken') throw conflict('SLICE_EXISTS', API_MESSAGES.invalidInput);
  throw conflict('CONFLICT', MESSAGES.saveSliceFailed);
}

/**
 * Changes the fields the update names (the others keep theirs), from the version the admin loaded; 404 when it no longer exists, 409
 * when it changed since (another edit, or a win that used its stock).
 */
export async function editSlice(id: string, update: SliceUpdate, now: Date): Promise<Slice> {
  const { expectedUpdatedAt, expectedStock, ...input } = update;
  const expected = { updatedAt: expectedUpdatedAt, stock: expectedStock };
  const result = await slicesRepository.updateSlice(id, input, expected, now.toISOString());
  if (result.status === 'not-found') throw sliceNotFound();
  if (result.status === 'changed') throw conflict('SLICE_CHANGED', API_MESSAGES.sliceChanged);
  return result.slice;
}

/** Removes a slice; 404 when it does not exist. */
export async function removeSlice(id: string): Promise<void> {
  const result = await slicesRepository.deleteSlice(id);
  if (result === 'not-found') throw sliceNotFound();
  if (result === 'conflict') throw conflict('CONFLICT', MESSAGES.deleteSliceFailed);
}
