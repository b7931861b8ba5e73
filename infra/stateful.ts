/**
 * What happens to resources that hold data (tables, user pools, the staff password secrets,
 * buckets) when CloudFormation removes them: kept on a replacement or a stack deletion, so customer
 * records, staff logins and logos outlive a mistaken change or `cdk destroy`, but deleted when the
 * very first create fails and rolls back, so that a failed first deploy leaves nothing behind to
 * clean up by hand (docs/operations.md).
 */
import { RemovalPolicy } from 'aws-cdk-lib';

export const STATEFUL_REMOVAL_POLICY = RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE;
