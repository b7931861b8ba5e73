/**
 * Storage: the logo bucket (admin uploads, served under /media/), the site bucket (the built SPA)
 * and the access-log bucket both log to. All private, encrypted, versioned, TLS only.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  ObjectOwnership,
  type BucketProps,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { STATEFUL_REMOVAL_POLICY } from '../stateful';

/** Access logs are for incident review; three months covers a promotion's life. */
const ACCESS_LOG_RETENTION = Duration.days(90);
/** Old versions of logos and site files are kept this long, to undo a bad upload or deploy. */
const NONCURRENT_VERSION_RETENTION = Duration.days(30);

export interface StorageProps {
  /**
   * What happens to the buckets when the stack is deleted.
   * @default STATEFUL_REMOVAL_POLICY (infra/stateful.ts: logos are business data; a non-empty bucket cannot be deleted anyway)
   */
  readonly removalPolicy?: RemovalPolicy;
}

export class Storage extends Construct {
  /** Logos uploaded by the admin, under business/. */
  public readonly logoBucket: Bucket;
  /** The built SPA and config.json. */
  public readonly siteBucket: Bucket;
  /** S3 server access logs and CloudFront standard logs. */
  public readonly logBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps = {}) {
    super(scope, id);
    const removalPolicy = props.removalPolicy ?? STATEFUL_REMOVAL_POLICY;
    const common: BucketProps = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy,
    };
    this.logBucket = new Bucket(this, 'AccessLogs', {
      ...common,
      // Kept even when a first deploy fails: S3 and CloudFront deliver log files late (minutes to
      // hours), so at rollback time this bucket may or may not hold some; a bucket holding files
      // cannot be deleted and would stop the rollback. Logs are records, so it always stays
      // (docs/deploy.md says how to remove one left by a failed attempt).
      removalPolicy: RemovalPolicy.RETAIN,
      // CloudFront standard logging writes with an ACL, so this one bucket keeps ACLs enabled.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [
        { expiration: ACCESS_LOG_RETENTION, noncurrentVersionExpiration: Duration.days(1) },
      ],
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });
    const contentBucket = (name: string): Bucket =>
      new Bucket(this, name, {
        ...common,
        objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
        serverAccessLogsBucket: this.logBucket,
        serverAccessLogsPrefix: `s3/${name.toLowerCase()}/`,
        lifecycleRules: [{ noncurrentVersionExpiration: NONCURRENT_VERSION_RETENTION }],
      });
    this.logoBucket = contentBucket('Logos');
    this.siteBucket = contentBucket('Site');
  }
}
