/**
 * The WAF association custom resource (lambdas/custom-resources/waf-association.ts): a web ACL just
 * created can be refused as unavailable for a few minutes (WAFUnavailableEntityException), so the
 * association retries until it holds or its time is up; deleting it disassociates, so that the
 * web ACL can be deleted when WAF is turned off.
 */
import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { applyWafAssociation, type WafAssociationDeps } from '../../lambdas/domain/waf-association';

const ACL = 'arn:aws:wafv2:ap-southeast-2:1:regional/webacl/a/1';
const POOL = 'arn:aws:cognito-idp:ap-southeast-2:1:userpool/ap-southeast-2_x';

function event(type: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'arn:fn',
    ResponseURL: 'https://example.invalid/response',
    StackId: 'stack',
    RequestId: 'req',
    LogicalResourceId: 'Association',
    ResourceType: 'Custom::WebAclAssociation',
    ResourceProperties: { ServiceToken: 'arn:fn', WebAclArn: ACL, ResourceArn: POOL },
  };
  if (type === 'Create') return { ...base, RequestType: 'Create' };
  if (type === 'Update')
    return {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: `waf-association:${POOL}`,
      OldResourceProperties: { ServiceToken: 'arn:fn' },
    };
  return { ...base, RequestType: 'Delete', PhysicalResourceId: `waf-association:${POOL}` };
}

const wafError = (name: string) => Object.assign(new Error(`${name}: nope`), { name });

/** Fake WAF: answers each call with the next outcome (an error name to throw, or ok). */
function fakes(outcomes: (string | 'ok')[], budgetMs = 60_000) {
  const calls: { operation: string; input: Record<string, string> }[] = [];
  let clock = 0;
  const deps: WafAssociationDeps = {
    call: async (operation, input) => {
      calls.push({ operation, input });
      const next = outcomes.shift() ?? 'ok';
      if (next !== 'ok') throw wafError(next);
      return {};
    },
    sleep: async (ms) => {
      clock += ms;
    },
    now: () => clock,
    deadline: budgetMs,
  };
  return { deps, calls, elapsed: () => clock };
}

describe('WAF association custom resource', () => {
  it('associates the web ACL with the resource', async () => {
    const { deps, calls } = fakes(['ok']);
    expect(await applyWafAssociation(event('Create'), deps)).toBe(`waf-association:${POOL}`);
    expect(calls).toEqual([
      { operation: 'AssociateWebACL', input: { WebACLArn: ACL, ResourceArn: POOL } },
    ]);
  });

  it('retries while WAF says the new web ACL is unavailable, waiting longer each time', async () => {
    const { deps, calls, elapsed } = fakes([
      'WAFUnavailableEntityException',
      'WAFUnavailableEntityException',
      'WAFUnavailableEntityException',
      'ok',
    ]);
    await applyWafAssociation(event('Create'), deps);
    expect(calls).toHaveLength(4);
    expect(elapsed()).toBeGreaterThan(0);
  });

  it('associates again on update (a replaced web ACL)', async () => {
    const { deps, calls } = fakes(['WAFUnavailableEntityException', 'ok']);
    await applyWafAssociation(event('Update'), deps);
    expect(calls.map((c) => c.operation)).toEqual(['AssociateWebACL', 'AssociateWebACL']);
  });

  it('gives up with the error when its time is up', async () => {
    const { deps, calls } = fakes(Array(100).fill('WAFUnavailableEntityException'), 60_000);
    await expect(applyWafAssociation(event('Create'), deps)).rejects.toThrow(
      'WAFUnavailableEntityException',
    );
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThan(100);
  });

  it('does not retry an error no wait fixes', async () => {
    const { deps, calls } = fakes(['AccessDeniedException']);
    await expect(applyWafAssociation(event('Create'), deps)).rejects.toThrow('AccessDenied');
    expect(calls).toHaveLength(1);
  });

  it('disassociates on delete, and an association already gone is not an error', async () => {
    const { deps, calls } = fakes(['ok', 'WAFNonexistentItemException']);
    expect(await applyWafAssociation(event('Delete'), deps)).toBe(`waf-association:${POOL}`);
    await applyWafAssociation(event('Delete'), deps);
    expect(calls).toEqual([
      { operation: 'DisassociateWebACL', input: { ResourceArn: POOL } },
      { operation: 'DisassociateWebACL', input: { ResourceArn: POOL } },
    ]);
  });
});
