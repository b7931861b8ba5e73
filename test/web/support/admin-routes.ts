/**
 * The admin routes of the fake network (network.ts): an in-memory stand-in for the admin API, for
 * route-level React tests. It applies the same shared schemas as the handlers, so the pages see realistic
 * answers; the handlers themselves are tested against DynamoDB Local in test/lambdas/admin.
 */
import { checkLogo } from '../../../lambdas/domain/logo';
import { EMPTY_BUSINESS_SETTINGS } from '@shared/business-fields';
import { DEFAULT_GAME_SETTINGS, MAX_SLICES } from '@shared/constants';
import { API_MESSAGES } from '@shared/messages-api';
import { MESSAGES } from '@shared/messages';
import { newPasswordSchema } from '@shared/password';
import { businessSettingsInputSchema } from '@shared/settings';
import { sliceInputSchema, sliceUpdateSchema } from '@shared/slice';
import { getReadyState } from '@shared/get-ready';
import type {
  Insights,
  BusinessSettings,
  GameSettings,
  SetupFacts,
  Slice,
  TrustedConnections,
} from '@shared/types';
import type { RuntimeConfig } from '../../../web/src/config/runtime';
import { aSlice } from '../../support/records';
import {
  installFakeNetwork,
  jsonResponse as json,
  type FakeNetwork,
  type NetworkCall,
} from './network';

export interface FakeApi {
  /**
   * What /config.json answers, as the deployment serves it. The app reads it once per page load:
   * a test of another deployment loads the app afresh (vi.resetModules and a new import).
   */
  config: RuntimeConfig;
  business: BusinessSettings;
  game: GameSettings;
  slices: Slice[];
  /** What GET /api/insights answers (its from and to follow the query). */
  insights: Insights;
  /** The stored facts GET /api/setup reads; POST /api/setup/printed sets printedAt. */
  setup: SetupFacts;
  /** The trusted connections GET /api/trusted-connections lists. */
  trusted: TrustedConnections['trusted'];
  /** Every request made (network.requests). */
  requests: NetworkCall[];
  network: FakeNetwork;
  /** Answer the next request to `method path` with this status and error (once). */
  failNext(method: string, path: string, status: number, message?: string): void;
  /** Holds the next request to `method path` until the returned function is called. */
  hold(method: string, path: string): () => void;
}

/** Three days of a spin-first promotion with a prize deleted after it was won. */
const SAMPLE_INSIGHTS: Insights = {
  from: '2026-05-01',
  to: '2026-05-03',
  timeZone: 'Australia/Sydney',
  spinMode: 'spin-first',
  smsPriceUsd: 0.0515,
  totals: {
    visits: 40,
    verified: 4,
    spins: 3,
    redeemed: 1,
    redemptionRate: 1 / 3,
    codesSent: 5,
    smsCostUsd: 0.26,
    previews: 6,
    ticketSpins: 2,
    previewsPerTicketSpin: 3,
    previewsRefused: 3,
  },
  refused: { connection: 7, number: 2, cap: 0 },
  money: { currency: 'AUD', usdRate: 1.53, rateDate: '2025-11-14', smsCost: 0.39 },
  owed: { total: 4, expiringThisWeek: 1 },
  medianRedeemSeconds: 2 * 60 * 60 + 20 * 60,
  sources: [
    { source: 'poster', visits: 30, codesSent: 4, wins: 2, redeemed: 1 },
    { source: 'summer-flyer', visits: 4, codesSent: 1, wins: 1, redeemed: 0 },
  ],
  funnel: [
    { step: 'visits', count: 40, kept: null },
    { step: 'codesSent', count: 5, kept: 5 / 40 },
    { step: 'verified', count: 4, kept: 4 / 5 },
    { step: 'spins', count: 3, kept: 3 / 4 },
    { step: 'redeemed', count: 1, kept: 1 / 3 },
  ],
  days: [
    { date: '2026-05-01', visits: 25, codesSent: 3, verified: 2, spins: 1, redeemed: 0 },
    { date: '2026-05-02', visits: 15, codesSent: 2, verified: 2, spins: 2, redeemed: 1 },
    { date: '2026-05-03', visits: 0, codesSent: 0, verified: 0, spins: 0, redeemed: 0 },
  ],
  prizes: [
    { sliceId: 'a', name: 'Chips', wins: 2, winShare: 2 / 3, oddsShare: 1, deleted: false },
    { sliceId: 'b', name: 'Drink', wins: 1, winShare: 1 / 3, oddsShare: null, deleted: true },
  ],
};

let counter = 0;
export function makeSlice(overrides: Partial<Slice> = {}): Slice {
  counter += 1;
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString();
  return aSlice({
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: `Prize ${counter}`,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  });
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer(); its FileReader reads one). */
const readBytes = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });

const error = (status: number, code: string, message: string) => json(status, { code, message });

/** Installs the fake network with the admin routes and returns their state. */
export function installFakeApi(
  initial: Partial<Pick<FakeApi, 'business' | 'game' | 'slices'>> = {},
): FakeApi {
  const failures = new Map<string, { status: number; message: string }>();
  const holds = new Map<string, Promise<void>>();
  const network = installFakeNetwork();
  const api: FakeApi = {
    get config() {
      return network.config;
    },
    set config(config: RuntimeConfig) {
      network.config = config;
    },
    business: { ...EMPTY_BUSINESS_SETTINGS, ...initial.business },
    game: { ...DEFAULT_GAME_SETTINGS, ...initial.game },
    slices: [...(initial.slices ?? [])],
    insights: SAMPLE_INSIGHTS,
    setup: { passwordSetAt: { admin: null, operator: null }, printedAt: null },
    trusted: [],
    requests: network.requests,
    network,
    failNext: (method, path, status, message = 'boom') =>
      failures.set(`${method} ${path}`, { status, message }),
    hold: (method, path) => {
      let release = () => {};
      holds.set(`${method} ${path}`, new Promise<void>((resolve) => (release = resolve)));
      return () => release();
    },
  };

  network.api = async ({ method, path, query, headers, body }) => {
    const held = holds.get(`${method} ${path}`);
    if (held) {
      holds.delete(`${method} ${path}`);
      await held;
    }
    const failure = failures.get(`${method} ${path}`);
    if (failure) {
      failures.delete(`${method} ${path}`);
      return error(failure.status, 'TEST_FAILURE', failure.message);
    }
    const admin = headers.authorization?.startsWith('Bearer ');
    const needsAdmin = !(method === 'GET' && path.startsWith('/api/settings/'));
    if (needsAdmin && !admin) return error(401, 'UNAUTHORIZED', API_MESSAGES.unauthorized);
    const now = new Date().toISOString();

    if (path === '/api/settings/business') {
      if (method === 'GET') return json(200, api.business);
      const parsed = businessSettingsInputSchema.safeParse(body);
      if (!parsed.success) return error(400, 'INVALID_INPUT', parsed.error.issues[0]!.message);
      api.business = { ...api.business, ...parsed.data, updatedAt: now } as BusinessSettings;
      return json(200, api.business);
    }
    if (path === '/api/settings/game') {
      if (method === 'GET') return json(200, api.game);
      api.game = { ...api.game, ...(body as Partial<GameSettings>), updatedAt: now };
      return json(200, api.game);
    }
    if (path === '/api/customers/erase' && method === 'POST') {
      const phone = (body as { phoneNumber?: string }).phoneNumber ?? '';
      return phone === '0400000404'
        ? error(404, 'CUSTOMER_NOT_FOUND', API_MESSAGES.customerNotFound)
        : json(200, { message: `${phone} was erased.` });
    }
    if (path === '/api/customers/export' && method === 'GET') {
      const cursor = query.get('cursor');
      return cursor === null
        ? json(200, {
            data: { csv: 'phoneNumber,offer\r\n+61400000002,Chips\r\n', rows: 1, nextCursor: 'p2' },
          })
        : json(200, { data: { csv: '+61400000001,Drink\r\n', rows: 1, nextCursor: null } });
    }
    // The server's answer: the shared rule over the fake's stored facts.
    const getReady = () =>
      getReadyState({
        business: api.business,
        slices: api.slices,
        setup: api.setup,
        trustedConnections: api.trusted.length,
      });
    if (path === '/api/setup' && method === 'GET') return json(200, { data: getReady() });
    if (path === '/api/setup/printed' && method === 'POST') {
      api.setup = { ...api.setup, printedAt: now };
      return json(200, { data: getReady() });
    }
    if (path === '/api/trusted-connections' && method === 'GET')
      return json(200, {
        data: { current: { address: '203.0.113.9', trusted: false }, trusted: api.trusted },
      });
    if (path === '/api/users' && method === 'GET') {
      const customer = (n: number, offer: string, isOfferClaimed: boolean) => ({
        phoneNumber: `+6140000000${n}`,
        localNumber: `040000000${n}`,
        offer,
        sliceId: `slice-${n}`,
        isOfferClaimed,
        createdAt: '2026-05-03T01:00:00.000Z',
      });
      return query.get('cursor') === null
        ? json(200, { data: { users: [customer(2, 'Chips', false)], nextCursor: 'p2' } })
        : json(200, { data: { users: [customer(1, 'Drink', true)], nextCursor: null } });
    }
    if (path === '/api/insights' && method === 'GET') {
      const from = query.get('from') ?? api.insights.from;
      const to = query.get('to') ?? api.insights.to;
      return json(200, { data: { ...api.insights, from, to } });
    }
    if (path === '/api/logo' && method === 'POST') {
      // Named by the server's own rule, as the upload-logo route names it.
      const bytes = await readBytes(body as Blob);
      const { fileName } = checkLogo(bytes, headers['x-file-name'], new Date(1700000000000));
      return json(201, { logoUrl: `/media/business/${fileName}` });
    }
    if (path === '/api/slices') {
      if (method === 'GET') return json(200, api.slices);
      const parsed = sliceInputSchema.safeParse(body);
      if (!parsed.success) return error(400, 'INVALID_INPUT', parsed.error.issues[0]!.message);
      if (api.slices.length >= MAX_SLICES)
        return error(409, 'MAX_SLICES', MESSAGES.maxSlicesReached);
      const slice = makeSlice({ ...parsed.data, createdAt: now, updatedAt: now });
      api.slices = [slice, ...api.slices];
      return json(201, slice);
    }
    const sliceMatch = /^\/api\/slices\/([^/]+)$/.exec(path);
    if (sliceMatch) {
      const index = api.slices.findIndex((s) => s.id === sliceMatch[1]);
      if (index < 0) return error(404, 'SLICE_NOT_FOUND', API_MESSAGES.sliceNotFound);
      if (method === 'DELETE') {
        api.slices.splice(index, 1);
        return json(200, { success: true });
      }
      const parsed = sliceUpdateSchema.safeParse(body);
      if (!parsed.success) return error(400, 'INVALID_INPUT', parsed.error.issues[0]!.message);
      const { expectedUpdatedAt, expectedStock, ...fields } = parsed.data;
      const current = api.slices[index]!;
      if (current.updatedAt !== expectedUpdatedAt || current.stock !== expectedStock)
        return error(409, 'SLICE_CHANGED', API_MESSAGES.sliceChanged);
      const updated = { ...current, ...fields, updatedAt: now };
      api.slices[index] = updated;
      return json(200, updated);
    }
    const accountMatch = /^\/api\/accounts\/([^/]+)\/password$/.exec(path);
    if (accountMatch && method === 'PUT') {
      const parsed = newPasswordSchema.safeParse(body);
      if (!parsed.success) return error(400, 'INVALID_INPUT', parsed.error.issues[0]!.message);
      return json(200, {
        message:
          accountMatch[1] === 'admin'
            ? MESSAGES.adminPasswordUpdated
            : MESSAGES.operatorPasswordUpdated,
      });
    }
    return error(404, 'NOT_FOUND', 'Not Found');
  };
  return api;
}
