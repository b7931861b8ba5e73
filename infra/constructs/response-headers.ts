/**
 * CloudFront's response headers policy, from the header map the local stack also serves
 * (shared/security-headers.ts): infra/constructs/web.ts sets it on every behaviour.
 */
import { Duration } from 'aws-cdk-lib';
import {
  HeadersFrameOption,
  HeadersReferrerPolicy,
  type ResponseCustomHeader,
  type ResponseSecurityHeadersBehavior,
} from 'aws-cdk-lib/aws-cloudfront';
import { HSTS_MAX_AGE_SECONDS } from '@shared/security-headers';

/**
 * CloudFront's response headers policy from the header map the local stack also serves: the five
 * security headers CloudFront models are set through securityHeadersBehavior (CloudFront refuses
 * them as custom headers), any other header as a custom header. Headers are forced over whatever
 * the origin sent.
 */
export function responseHeadersFrom(headers: Record<string, string>): {
  securityHeadersBehavior: ResponseSecurityHeadersBehavior;
  customHeadersBehavior: { customHeaders: ResponseCustomHeader[] };
} {
  const security: {
    -readonly [K in keyof ResponseSecurityHeadersBehavior]: ResponseSecurityHeadersBehavior[K];
  } = {};
  const customHeaders: ResponseCustomHeader[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security':
        if (!value.startsWith(`max-age=${HSTS_MAX_AGE_SECONDS}`))
          throw new Error(`Unexpected HSTS value ${value}`);
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: /includeSubDomains/i.test(value),
          preload: /preload/i.test(value),
          override: true,
        };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`Unexpected x-content-type-options ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        security.frameOptions = { frameOption: frameOption(value), override: true };
        break;
      case 'referrer-policy':
        security.referrerPolicy = { referrerPolicy: referrerPolicy(value), override: true };
        break;
      default:
        customHeaders.push({ header: name, value, override: true });
    }
  }
  return { securityHeadersBehavior: security, customHeadersBehavior: { customHeaders } };
}

function frameOption(value: string): HeadersFrameOption {
  const match = Object.values(HeadersFrameOption).find((o) => o === value.toUpperCase());
  if (!match) throw new Error(`Unexpected x-frame-options ${value}`);
  return match;
}

function referrerPolicy(value: string): HeadersReferrerPolicy {
  const match = Object.values(HeadersReferrerPolicy).find((p) => p === value.toLowerCase());
  if (!match) throw new Error(`Unexpected referrer-policy ${value}`);
  return match;
}
