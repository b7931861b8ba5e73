/**
 * The local Secrets Manager stand-in (local/secrets-manager.ts), through the SDK's own client: the
 * version stages as AWS keeps them, and no answer to a caller without the stack's key (it holds the
 * origin secret and the erasure key).
 */
import {
  CreateSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecretsManager, type RunningSecretsManager } from '../../local/secrets-manager';

const STACK_KEY = { accessKeyId: 'AKIASTACKOWN00000000', secretAccessKey: 'stack-own-secret' };
let standIn: RunningSecretsManager;
const clientWith = (credentials: typeof STACK_KEY) =>
  new SecretsManagerClient({
    endpoint: standIn.endpoint,
    region: 'ap-southeast-2',
    credentials,
    maxAttempts: 1,
  });

beforeAll(async () => {
  standIn = await startSecretsManager({ port: 0, credentials: STACK_KEY });
});
afterAll(() => standIn.stop());

describe('the Secrets Manager stand-in', () => {
  it('keeps AWSCURRENT and AWSPREVIOUS as put-secret-value moves them', async () => {
    const client = clientWith(STACK_KEY);
    const { ARN } = await client.send(
      new CreateSecretCommand({ Name: 'stages', SecretString: 'one' }),
    );
    const read = (stage: string) =>
      client.send(new GetSecretValueCommand({ SecretId: ARN, VersionStage: stage }));
    expect((await read('AWSCURRENT')).SecretString).toBe('one');
    await expect(read('AWSPREVIOUS')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
    await client.send(new PutSecretValueCommand({ SecretId: ARN, SecretString: 'two' }));
    expect((await read('AWSCURRENT')).SecretString).toBe('two');
    expect((await read('AWSPREVIOUS')).SecretString).toBe('one');
    // By name as well as by ARN.
    expect(
      (await client.send(new GetSecretValueCommand({ SecretId: 'stages' }))).SecretString,
    ).toBe('two');
    client.destroy();
  });

  it("answers no call signed with another key, or with the stack's key id and a guessed secret", async () => {
    const arn = standIn.put('guarded', 'the-value');
    for (const [credentials, error] of [
      [
        { accessKeyId: 'AKIAOTHER00000000000', secretAccessKey: 'x' },
        'UnrecognizedClientException',
      ],
      [{ ...STACK_KEY, secretAccessKey: 'guessed' }, 'InvalidSignatureException'],
    ] as const) {
      const client = clientWith(credentials);
      await expect(client.send(new GetSecretValueCommand({ SecretId: arn }))).rejects.toMatchObject(
        { name: error },
      );
      client.destroy();
    }
  });
});
