/**
 * What every shop's CloudFront distribution uses alike, made once per account and region by the
 * account base (infra/base-stack.ts) and imported by each shop: the response headers policy (from
 * the header map the local stack also serves), the three CloudFront Functions and the S3 origin
 * access control (a signing setting, not tied to a bucket: every shop's buckets use the one).
 * CloudFront holds 20 response headers policies, 100 functions and 100 origin access controls per
 * account by default: one set per shop would stop the 21st shop.
 * Each is exported by name from the base; a shop imports the names (Fn::ImportValue), so
 * CloudFormation refuses to delete the base, or change what it exports, while a shop uses it.
 */
import { CfnOutput, Fn } from 'aws-cdk-lib';
import {
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionRuntime,
  ResponseHeadersPolicy,
  S3OriginAccessControl,
  Signing,
  type IFunction,
  type IOriginAccessControl,
  type IResponseHeadersPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { Construct } from 'constructs';
import {
  SPA_FALLBACK,
  STRIP_MEDIA_PREFIX_CODE,
  VIEWER_ADDRESS_CODE,
} from '@shared/cloudfront-functions';
import { securityHeaders } from '@shared/security-headers';
import { accountWideName } from '../names';
import { BASE_EXPORTS } from '../stack-names';
import { responseHeadersFrom } from './response-headers';

/** CloudFront's name lengths (its API reference): functions 64, policies 128. */
const CLOUDFRONT_FUNCTION_NAME_MAX = 64;
const RESPONSE_HEADERS_POLICY_NAME_MAX = 128;
const ORIGIN_ACCESS_CONTROL_NAME_MAX = 64;

/** The viewer-request functions, by the behaviour they serve. */
const FUNCTION_CODE = {
  SpaFallback: SPA_FALLBACK,
  ViewerAddress: VIEWER_ADDRESS_CODE,
  StripMediaPrefix: STRIP_MEDIA_PREFIX_CODE,
} as const;
export type ViewerFunctionId = keyof typeof FUNCTION_CODE;

/** Cognito's API origin in a region (the SPA's config.json endpoint and the CSP connect-src). */
export const cognitoEndpointOrigin = (region: string): string =>
  `https://cognito-idp.${region}.amazonaws.com`;

/** What a shop's distribution takes from the base. */
export interface SharedEdge {
  readonly headersPolicy: IResponseHeadersPolicy;
  readonly functions: Readonly<Record<ViewerFunctionId, IFunction>>;
  readonly originAccessControl: IOriginAccessControl;
}

/** The base's one set, each exported under its BASE_EXPORTS name. */
export class SharedEdgeResources extends Construct {
  constructor(scope: Construct, id: string, props: { connectOrigins: readonly string[] }) {
    super(scope, id);
    const policy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: accountWideName(
        this,
        'SecurityHeaders',
        RESPONSE_HEADERS_POLICY_NAME_MAX,
      ),
      comment: 'Spin & Win security headers, every shop (shared/security-headers.ts)',
      ...responseHeadersFrom(securityHeaders(props.connectOrigins)),
    });
    new CfnOutput(this, 'SecurityHeadersPolicyId', {
      value: policy.responseHeadersPolicyId,
      exportName: BASE_EXPORTS.securityHeadersPolicyId,
    });
    const oac = new S3OriginAccessControl(this, 'S3Oac', {
      originAccessControlName: accountWideName(this, 'S3Oac', ORIGIN_ACCESS_CONTROL_NAME_MAX),
      signing: Signing.SIGV4_ALWAYS,
    });
    new CfnOutput(this, 'OriginAccessControlId', {
      value: oac.originAccessControlId,
      exportName: BASE_EXPORTS.originAccessControlId,
    });
    for (const [fnId, code] of Object.entries(FUNCTION_CODE)) {
      const fn = new CloudFrontFunction(this, fnId, {
        // Global to the account: the base's stack name and the region keep regions apart.
        functionName: accountWideName(this, fnId, CLOUDFRONT_FUNCTION_NAME_MAX),
        code: FunctionCode.fromInline(code),
        runtime: FunctionRuntime.JS_2_0,
      });
      new CfnOutput(this, `${fnId}Arn`, {
        value: fn.functionArn,
        exportName: BASE_EXPORTS.functionArn(fnId),
      });
    }
  }
}

/** The base's set as a shop uses it: imported by export name, nothing created. */
export function importSharedEdge(scope: Construct): SharedEdge {
  const functions = Object.fromEntries(
    (Object.keys(FUNCTION_CODE) as ViewerFunctionId[]).map((fnId) => {
      const functionArn = Fn.importValue(BASE_EXPORTS.functionArn(fnId));
      return [
        fnId,
        CloudFrontFunction.fromFunctionAttributes(scope, `Base${fnId}`, {
          functionArn,
          // The name is the ARN's last part (function/<name>).
          functionName: Fn.select(1, Fn.split('function/', functionArn)),
        }),
      ];
    }),
  ) as Record<ViewerFunctionId, IFunction>;
  return {
    headersPolicy: ResponseHeadersPolicy.fromResponseHeadersPolicyId(
      scope,
      'BaseSecurityHeaders',
      Fn.importValue(BASE_EXPORTS.securityHeadersPolicyId),
    ),
    functions,
    originAccessControl: S3OriginAccessControl.fromOriginAccessControlId(
      scope,
      'BaseS3Oac',
      Fn.importValue(BASE_EXPORTS.originAccessControlId),
    ),
  };
}
