/**
 * The WAF association custom resource's rule (lambdas/custom-resources/waf-association.ts runs it
 * with the Lambda runtime's WAF client): associate, retrying while WAF says a web ACL just created
 * is unavailable, waiting longer each time until the deadline; delete disassociates, an
 * association already gone being fine.
 *
 * The calls come in as `deps` because the handler's WAF client is the Lambda runtime's own SDK,
 * loaded by name at run time (no package of it is a dependency), so no test can mock it where it
 * is loaded; the tests give this rule its calls and its clock instead.
 */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';

export interface WafAssociationProperties {
  /** The regional web ACL. */
  WebAclArn: string;
  /** The resource it protects (a Cognito user pool). */
  ResourceArn: string;
}

export type WafOperation = 'AssociateWebACL' | 'DisassociateWebACL';

/** The AWS calls and the clock, injectable for tests. */
export interface WafAssociationDeps {
  call: (operation: WafOperation, input: Record<string, string>) => Promise<unknown>;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  /** The time (as `now` counts) after which no retry starts. */
  deadline: number;
}

/** The refusal a wait fixes: WAF has not caught up with a web ACL (or resource) just created. */
const UNAVAILABLE = 'WAFUnavailableEntityException';
/** Disassociating what is not associated. */
const NONEXISTENT = 'WAFNonexistentItemException';
const FIRST_WAIT_MS = 5_000;
const MAX_WAIT_MS = 30_000;

const nameOf = (error: unknown): string | undefined =>
  error instanceof Error ? error.name : undefined;

/** Applies the resource's desired state; returns the physical resource id. */
export async function applyWafAssociation(
  event: CloudFormationCustomResourceEvent,
  deps: WafAssociationDeps,
): Promise<string> {
  const props = event.ResourceProperties as unknown as WafAssociationProperties;
  // A new resource ARN is a new physical id: CloudFormation then deletes the old association.
  const physicalId = `waf-association:${props.ResourceArn}`;
  if (event.RequestType === 'Delete') {
    try {
      await deps.call('DisassociateWebACL', { ResourceArn: props.ResourceArn });
    } catch (error) {
      if (nameOf(error) !== NONEXISTENT) throw error;
    }
    return event.PhysicalResourceId;
  }
  let wait = FIRST_WAIT_MS;
  for (;;) {
    try {
      await deps.call('AssociateWebACL', {
        WebACLArn: props.WebAclArn,
        ResourceArn: props.ResourceArn,
      });
      return physicalId;
    } catch (error) {
      if (nameOf(error) !== UNAVAILABLE || deps.now() + wait > deps.deadline) throw error;
      console.info(JSON.stringify({ level: 'INFO', message: 'web ACL not yet available', wait }));
      await deps.sleep(wait);
      wait = Math.min(wait * 2, MAX_WAIT_MS);
    }
  }
}
