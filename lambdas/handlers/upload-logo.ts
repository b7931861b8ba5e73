/**
 * POST /api/logo (admin): the body is the raw image (base64 through API Gateway), the original file
 * name in the URI-encoded `x-file-name` header. The bytes decide the type, the size is capped before
 * anything is stored, and the answer is the public URL. The business page saves that URL with its
 * other fields, so an upload alone never changes what visitors see.
 */
import { activeStaff } from '../domain/active-user';
import { http, ok, rawBody } from '../lib/http';
import { checkLogo } from '../domain/logo';
import { putLogo } from '../repositories/logos';

/** HTTP 201 Created. */
const CREATED = 201;

export const handler = http(async (event) => {
  await activeStaff(event, ['admin']);
  const bytes = rawBody(event);
  const logo = checkLogo(bytes, event.headers?.['x-file-name'], new Date());
  const logoUrl = await putLogo(logo.fileName, bytes, logo.contentType);
  return ok({ logoUrl }, CREATED);
});
