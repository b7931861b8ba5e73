/**
 * How cdk-nag spells a stack's partition in the finding ids it asks to be acknowledged: the
 * literal (`aws`) when CDK renders it literally (the enablePartitionLiterals feature flag with a
 * known region), else `<AWS::Partition>`.
 */
import { Token, type Stack } from 'aws-cdk-lib';

export const nagPartition = (stack: Stack): string =>
  Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
