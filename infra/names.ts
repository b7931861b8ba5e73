/**
 * Names that must be unique across a whole account (CloudFront functions, origin access controls,
 * response headers policies: CloudFront is global, so a name taken in one region is taken in
 * all). They carry the stack name, which carries the shop, and the region, so the same shop in two
 * regions and two shops in one region never collide; CDK's generated names hold neither the region
 * nor, once cut to length, the whole shop.
 */
import { createHash } from 'node:crypto';
import { Stack, Token } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/** Characters of the hash that stands for an id too long to fit. */
const HASH_LENGTH = 8;

/**
 * `<stack>-<region>-<id>`, at most `maxLength` characters: when the id does not fit, a short hash
 * of it stands in its place (the stack name and region are always whole).
 */
export function accountWideName(scope: IConstruct, id: string, maxLength: number): string {
  const stack = Stack.of(scope);
  if (Token.isUnresolved(stack.region)) {
    throw new Error(`${id}: an account-wide name needs the stack's region (env.region).`);
  }
  const prefix = `${stack.stackName}-${stack.region}`;
  const full = `${prefix}-${id}`;
  if (full.length <= maxLength) return full;
  const hashed = `${prefix}-${createHash('sha256').update(id).digest('hex').slice(0, HASH_LENGTH)}`;
  if (hashed.length > maxLength) {
    throw new Error(`${hashed} is longer than ${maxLength} characters: use a shorter shop name.`);
  }
  return hashed;
}
