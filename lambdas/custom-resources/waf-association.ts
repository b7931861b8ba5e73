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
import { applyWafAssociation, type WafAssociationDeps } from '../domain/waf-association';
import { customResourceHandler } from '../lib/custom-resource';

/** The function's timeout is 10 minutes (infra/constructs/waf.ts); retries stop a minute before. */
const RETRY_FOR_MS = 9 * 60_000;

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
