/**
 * CloudFormation custom resource: a regional WAF web ACL associated with a resource (the visitor
 * user pool), in place of AWS::WAFv2::WebACLAssociation.
 *
 * Right after a web ACL is created, WAF may refuse to associate it for a few minutes
 * (WAFUnavailableEntityException: "If you've just created a resource ... you might just need to
 * wait"), and CloudFormation's own association resource fails the deploy on the first refusal.
 * This one retries that error, waiting longer each time, until the association holds or its time
 * is up. Delete disassociates (an association already gone is fine), so turning WAF off can delete
 * the web ACL.
 *
 * The WAF client is the Lambda runtime's own AWS SDK: it is the one client the project does not
 * bundle (no package of it is a dependency), loaded by name at run time.
 */
import { createRequire } from 'node:module';
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { customResourceHandler } from '../lib/custom-resource';

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
/** The function's timeout is 10 minutes (infra/constructs/waf.ts); retries stop a minute before. */
const RETRY_FOR_MS = 9 * 60_000;

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

/** The runtime's @aws-sdk/client-wafv2, required by a name esbuild leaves alone. */
const WAFV2_MODULE = ['@aws-sdk', 'client-wafv2'].join('/');

interface WafV2Module {
  WAFV2Client: new (config: object) => { send(command: unknown): Promise<unknown> };
  AssociateWebACLCommand: new (input: object) => unknown;
  DisassociateWebACLCommand: new (input: object) => unknown;
}

function runtimeDeps(): WafAssociationDeps {
  const sdk = createRequire(import.meta.url)(WAFV2_MODULE) as WafV2Module;
  const client = new sdk.WAFV2Client({});
  return {
    call: (operation, input) =>
      client.send(
        operation === 'AssociateWebACL'
          ? new sdk.AssociateWebACLCommand(input)
          : new sdk.DisassociateWebACLCommand(input),
      ),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    deadline: Date.now() + RETRY_FOR_MS,
  };
}

/** Always answers CloudFormation, success or failure (lib/custom-resource.ts). */
export const handler = customResourceHandler('waf association', (event) =>
  applyWafAssociation(event, runtimeDeps()),
);
