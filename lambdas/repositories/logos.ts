/** Logo files in the logo bucket, under business/ (docs/product.md), served publicly under /media/. */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { LOGO_KEY_PREFIX, MEDIA_PATH_PREFIX } from '@shared/definitions';
import { s3 } from '../lib/s3-client';
import { requireEnv } from '../lib/env';

/** Keys are unique (timestamped) and never overwritten, so browsers and CloudFront may cache for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The object key of a logo file name. */
const logoKey = (fileName: string): string => `${LOGO_KEY_PREFIX}${fileName}`;

/** The public, same-origin URL of a logo key: /media/business/<file>. */
const logoUrl = (key: string): string => `${MEDIA_PATH_PREFIX}${key}`;

/** Stores a logo with its content type and returns its public URL. */
export async function putLogo(
  fileName: string,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> {
  const key = logoKey(fileName);
  await s3().send(
    new PutObjectCommand({
      Bucket: requireEnv('LOGO_BUCKET'),
      Key: key,
      Body: bytes,
      ContentType: contentType,
      CacheControl: CACHE_CONTROL,
    }),
  );
  return logoUrl(key);
}
