/**
 * Checks an AWS Signature Version 4 Authorization header the way AWS does for the stand-in's admin
 * calls: the access key must be the stack's own (handed to the local functions), and the signature
 * must be what that key's secret gives for this request. Enough of SigV4 for the SDK's JSON POSTs
 * (no query string); anything else simply does not match.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface StackCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** Why a signed request is refused, in Cognito's words; undefined when it is the stack's own. */
export function sigV4Refusal(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  credentials: StackCredentials,
): { type: string; message: string } | undefined {
  const match = AUTHORIZATION.exec(String(headers.authorization ?? ''));
  if (!match)
    return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const [, accessKeyId, day, region, service, signedHeaders, signature] =
    match as unknown as string[];
  if (accessKeyId !== credentials.accessKeyId)
    return {
      type: 'UnrecognizedClientException',
      message: 'The security token included in the request is invalid.',
    };
  const amzDate = String(headers['x-amz-date'] ?? '');
  const canonicalHeaders = signedHeaders!
    .split(';')
    .map(
      (name) =>
        `${name}:${String(headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonicalRequest = [method, path, '', canonicalHeaders, signedHeaders, sha256(body)].join(
    '\n',
  );
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day!);
  for (const part of [region!, service!, 'aws4_request']) key = hmac(key, part);
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'));
  const given = Buffer.from(signature!);
  if (!amzDate.startsWith(day!) || !timingSafeEqual(expected, given))
    return {
      type: 'InvalidSignatureException',
      message:
        'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    };
  return undefined;
}
