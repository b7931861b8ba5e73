/**
 * Web: one CloudFront origin for everything the browser loads, so the SPA calls its API on the
 * same origin (no CORS):
 * - default: the SPA from the private site bucket (origin access control), with a CloudFront
 *   Function that serves /index.html for app routes (paths without a file extension);
 * - /api/*: the HTTP API, never cached, the viewer's headers (Authorization included) passed on;
 * - /media/*: logos from the private logo bucket; a CloudFront Function strips /media so that
 *   /media/business/<file> reads the key business/<file>.
 * Every answer carries the security headers of shared/security-headers.ts (the local stack serves
 * the same ones), through the response headers policy the account base makes for every shop, and
 * the viewer functions are the base's too (infra/constructs/shared-edge.ts). The built SPA is deployed with a config.json holding the pool settings.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionEventType,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { MEDIA_PATH_PREFIX, ORIGIN_SECRET_HEADER } from '@shared/definitions';
import type { SharedEdge } from './shared-edge';

/** Vite writes content-hashed files under assets/: they never change, so they are cached for a year. */
const HASHED_ASSETS_PREFIX = 'assets/';
const ONE_YEAR = Duration.days(365);

/** The runtime configuration the SPA fetches from /config.json. */
export interface SiteConfig {
  /** https://cognito-idp.<region>.amazonaws.com/ */
  readonly cognitoEndpoint: string;
  readonly visitorClientId: string;
  readonly staffClientId: string;
  /** The business's time zone, for the dates staff read. */
  readonly timeZone: string;
}

export interface WebProps {
  /** Bucket holding the built SPA. */
  readonly siteBucket: Bucket;
  /** Bucket holding the logos (served under /media/). */
  readonly logoBucket: Bucket;
  /** Bucket receiving CloudFront standard logs. */
  readonly logBucket: Bucket;
  /** Host name of the HTTP API (<id>.execute-api.<region>.amazonaws.com). */
  readonly apiDomainName: string;
  /** Value of the origin secret header added to every request to the API (a token). */
  readonly originSecret: string;
  /** Folder of the built SPA (web/dist after `vite build`). */
  readonly siteDirectory: string;
  /** Written to config.json next to the SPA at deploy. */
  readonly siteConfig: SiteConfig;
  /** The response headers policy and viewer functions every shop shares (the account base's). */
  readonly shared: SharedEdge;
  /**
   * Custom domain names of the distribution; needs `certificateArn`.
   * @default - the distribution's *.cloudfront.net name only
   */
  readonly domainNames?: readonly string[];
  /**
   * ARN of an ACM certificate in us-east-1 covering `domainNames`.
   * @default - none (CloudFront's default certificate)
   */
  readonly certificateArn?: string;
  /**
   * ARN of a CLOUDFRONT-scope WAF web ACL to attach (the account base's).
   * @default - no web ACL
   */
  readonly webAclArn?: string;
}

export class Web extends Construct {
  public readonly distribution: Distribution;
  /**
   * The copy of the built SPA into the site bucket (hashed assets, then the pages). It runs only
   * once the distribution exists, and the stack makes it wait for every other resource too: a
   * first deploy that fails before it leaves the site bucket empty, so the rollback can delete it.
   */
  public readonly siteDeployments: readonly BucketDeployment[];

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    if ((props.domainNames?.length ?? 0) > 0 !== Boolean(props.certificateArn)) {
      throw new Error(
        'A custom domain needs both domainName and certificateArn (an ACM certificate in us-east-1).',
      );
    }
    const { headersPolicy, functions, originAccessControl } = props.shared;
    const siteOrigin = S3BucketOrigin.withOriginAccessControl(props.siteBucket, {
      originAccessControl,
    });
    const mediaOrigin = S3BucketOrigin.withOriginAccessControl(props.logoBucket, {
      originAccessControl,
    });
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // Replaces any header of this name the viewer sent.
      customHeaders: { [ORIGIN_SECRET_HEADER]: props.originSecret },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Spin & Win',
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // Only settable with a custom certificate (the default *.cloudfront.net one is fixed by AWS).
      minimumProtocolVersion: props.certificateArn
        ? SecurityPolicyProtocol.TLS_V1_2_2021
        : undefined,
      // Visitors are in Australia, whose edge locations only the "All" price class includes.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      domainNames: props.domainNames ? [...props.domainNames] : undefined,
      certificate: props.certificateArn
        ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      // No errorResponses: they would also turn the API's 403/404 answers into index.html.
      // App routes are rewritten by the SPA function below instead.
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headersPolicy,
        compress: true,
        functionAssociations: [
          {
            eventType: FunctionEventType.VIEWER_REQUEST,
            function: functions.SpaFallback,
          },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          // POST bodies cannot follow a redirect: plain http is refused.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Everything the viewer sent (Authorization, content-type, body) except Host, which must
          // be the API's own host name for API Gateway to route the request.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headersPolicy,
          compress: true,
          functionAssociations: [
            {
              eventType: FunctionEventType.VIEWER_REQUEST,
              function: functions.ViewerAddress,
            },
          ],
        },
        [`${MEDIA_PATH_PREFIX}*`]: {
          origin: mediaOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headersPolicy,
          compress: true,
          functionAssociations: [
            {
              eventType: FunctionEventType.VIEWER_REQUEST,
              function: functions.StripMediaPrefix,
            },
          ],
        },
      },
    });

    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason:
        'No geo restriction: visitors may be travellers or on roaming numbers; the SMS cost guard already limits codes to Australian mobiles.',
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR7',
      reason:
        "Both S3 origins use the account base's origin access control (SigV4 always), imported by its id: cdk-nag cannot read an imported id.",
    });
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          "WAF turned off for this shop (context waf=false, docs/operations.md): the account base's web ACL is not attached.",
      });
    }
    if (!props.certificateArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its *.cloudfront.net certificate, whose TLS policy cannot be chosen; with domainName and certificateArn the distribution requires TLS 1.2 (TLSv1.2_2021).',
      });
    }

    // The SPA: hashed assets first (cached a year), then index.html, other files and config.json
    // (revalidated on every load), so a new index.html never points at assets not yet uploaded.
    // prune: false keeps the previous release's assets for browsers still running it.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      destinationBucket: props.siteBucket,
      sources: [Source.asset(props.siteDirectory)],
      exclude: ['*'],
      include: [`${HASHED_ASSETS_PREFIX}*`],
      prune: false,
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(ONE_YEAR),
        CacheControl.immutable(),
      ],
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      destinationBucket: props.siteBucket,
      sources: [
        Source.asset(props.siteDirectory),
        Source.jsonData('config.json', props.siteConfig),
      ],
      exclude: [`${HASHED_ASSETS_PREFIX}*`],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    pages.node.addDependency(assets);
    // No file reaches the bucket before the distribution exists (the pages' invalidation already
    // waited for it; the assets did not).
    assets.node.addDependency(this.distribution);
    this.siteDeployments = [assets, pages];
  }
}
