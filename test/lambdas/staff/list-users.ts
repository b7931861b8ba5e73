/** GET /api/users as the operator, for the list and paging tests. */
import { handler as listUsers } from '../../../lambdas/handlers/list-users';
import { httpEvent, OPERATOR_TOKEN } from '../../support/http-event';

/** One page of the customer list; `cursor` undefined asks for the first page with no query. */
export const listUsersPage = (cursor?: string) =>
  listUsers(
    httpEvent({
      tokenFields: OPERATOR_TOKEN,
      method: 'GET',
      path: '/api/users',
      query: cursor === undefined ? undefined : { cursor },
    }),
  );
