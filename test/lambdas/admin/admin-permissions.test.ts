/**
 * Every admin route refuses operators (403), visitors (403) and anonymous callers (401), and a
 * refused request changes nothing.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { s3 } from '../../../lambdas/lib/s3-client';
import type { HttpEvent, HttpResult } from '../../../lambdas/lib/http';
import { getBusinessSettings, getGameSettings } from '../../../lambdas/repositories/settings';
import { deleteSlice, listSlices } from '../../../lambdas/repositories/slices';
import { addSlice } from '../../../lambdas/domain/slices-admin';
import { ROUTES } from '@shared/routes';
import { httpEvent, type Caller } from '../../support/http-event';
import { sliceInput } from '../../support/records';

// set-staff-password needs a pool id in its env; the call never reaches Cognito here.
vi.hoisted(() => {
  process.env.STAFF_USER_POOL_ID ??= 'ap-southeast-2_refused';
});

const ADMIN_ROUTES = ROUTES.filter((route) => route.auth === 'admin');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** A request that an admin could make successfully on each route. */
function requestFor(
  routeId: string,
  sliceId: string,
): { body?: unknown; pathParameters?: Record<string, string>; headers?: Record<string, string> } {
  switch (routeId) {
    case 'put-business-settings':
      return { body: { businessName: 'Hijacked' } };
    case 'put-game-settings':
      return { body: { spinMode: 'spin-first', itemBackgroundColors: ['#000000'] } };
    case 'create-slice':
      return { body: { name: 'Hijack' } };
    case 'update-slice':
      return { body: { name: 'Hijack' }, pathParameters: { id: sliceId } };
    case 'delete-slice':
      return { pathParameters: { id: sliceId } };
    case 'upload-logo':
      return { body: PNG, headers: { 'content-type': 'image/png', 'x-file-name': 'x.png' } };
    case 'set-staff-password':
      return { body: { password: 'hijacked-pw' }, pathParameters: { role: 'admin' } };
    case 'erase-customer':
      return { body: { phoneNumber: '0412345678' } };
    case 'untrust-connection':
      return { pathParameters: { id: 'MjAzLjAuMTEzLjk' } };
    default:
      return {};
  }
}

async function snapshot() {
  const { Contents } = await s3().send(
    new ListObjectsV2Command({ Bucket: process.env.LOGO_BUCKET }),
  );
  return {
    business: await getBusinessSettings(),
    game: await getGameSettings(),
    slices: await listSlices(),
    objects: (Contents ?? []).length,
  };
}

describe('admin routes', () => {
  it('covers every admin route of the route table', () => {
    expect(ADMIN_ROUTES.map((r) => r.id).sort()).toEqual(
      [
        'create-slice',
        'delete-slice',
        'erase-customer',
        'export-customers',
        'get-insights',
        'get-setup',
        'list-slices',
        'list-trusted',
        'put-business-settings',
        'put-game-settings',
        'record-printed',
        'set-staff-password',
        'trust-connection',
        'untrust-connection',
        'update-slice',
        'upload-logo',
      ].sort(),
    );
  });

  it.each(ADMIN_ROUTES.map((r) => [r.id, r] as const))(
    '%s refuses operators, visitors and anonymous callers',
    async (_, route) => {
      // Prepare
      const slice = await addSlice(
        sliceInput({ name: `Keep ${randomUUID().slice(0, 4)}` }),
        new Date(),
      );
      const before = await snapshot();
      const { handler } = (await import(`../../../lambdas/handlers/${route.id}.ts`)) as {
        handler: (event: HttpEvent) => Promise<HttpResult>;
      };
      const callers: Caller[] = ['operator', 'visitor', 'anonymous'];
      // Act
      const results = await Promise.all(
        callers.map((caller) =>
          handler(
            httpEvent({
              caller,
              method: route.method,
              path: route.path,
              ...requestFor(route.id, slice.id),
            }),
          ),
        ),
      );
      // Assess
      expect(results.map((r) => r.statusCode)).toEqual([403, 403, 401]);
      expect(results.map((r) => (JSON.parse(r.body ?? '{}') as { code: string }).code)).toEqual([
        'FORBIDDEN',
        'FORBIDDEN',
        'UNAUTHORIZED',
      ]);
      expect(await snapshot()).toEqual(before);
      await deleteSlice(slice.id);
    },
  );
});
