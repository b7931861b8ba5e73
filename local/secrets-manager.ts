/**
 * A Secrets Manager stand-in on loopback: the part of its API the functions and the rotation steps
 * use (GetSecretValue by version stage, CreateSecret, PutSecretValue), over the same JSON 1.1 wire
 * protocol, so lambdas/lib/secrets.ts reads the local stack's secrets through the same code path
 * (Powertools Parameters and the SDK client) as in AWS. Calls must be signed with the credentials
 * it is given (the local stack's own, as its Cognito stand-in requires). Values live in memory.
 *
 * Versions as AWS keeps them: PutSecretValue makes the new value AWSCURRENT and moves AWSPREVIOUS
 * to the value that was current; a stage no version has is ResourceNotFoundException.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sigV4Refusal, type StackCredentials } from './cognito/sigv4';

const JSON_11 = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'secretsmanager.';
/** Secrets Manager's own limit on a secret's value is 64 KB; requests are refused above this. */
const MAX_BODY_BYTES = 128 * 1024;
const REGION = 'ap-southeast-2';
const ACCOUNT = '000000000000';

interface Version {
  id: string;
  value: string;
}
interface StoredSecret {
  arn: string;
  name: string;
  current: Version;
  previous?: Version;
}

export interface RunningSecretsManager {
  endpoint: string;
  /** Creates a secret (or gives an existing one a new current value); returns its ARN. */
  put(name: string, value: string): string;
  stop(): Promise<void>;
}

class ServiceError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Starts the stand-in on 127.0.0.1:`port`. */
export async function startSecretsManager(options: {
  port: number;
  credentials: StackCredentials;
}): Promise<RunningSecretsManager> {
  const secrets = new Map<string, StoredSecret>();
  const arnOf = (name: string) =>
    `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name}-${randomUUID().slice(0, 6)}`;
  const find = (id: unknown): StoredSecret => {
    const secret =
      typeof id === 'string'
        ? (secrets.get(id) ?? [...secrets.values()].find((s) => s.arn === id))
        : undefined;
    if (!secret)
      throw new ServiceError(
        'ResourceNotFoundException',
        "Secrets Manager can't find the specified secret.",
      );
    return secret;
  };
  const put = (name: string, value: string): string => {
    const version = { id: randomUUID(), value };
    const existing = secrets.get(name);
    if (existing) {
      existing.previous = existing.current;
      existing.current = version;
      return existing.arn;
    }
    const arn = arnOf(name);
    secrets.set(name, { arn, name, current: version });
    return arn;
  };

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    GetSecretValue: (input) => {
      const secret = find(input.SecretId);
      const stage = input.VersionStage ?? 'AWSCURRENT';
      const version =
        stage === 'AWSCURRENT'
          ? secret.current
          : stage === 'AWSPREVIOUS'
            ? secret.previous
            : undefined;
      if (!version)
        throw new ServiceError(
          'ResourceNotFoundException',
          `Secrets Manager can't find the specified secret value for staging label: ${String(stage)}`,
        );
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: version.id,
        SecretString: version.value,
        VersionStages: [stage],
        CreatedDate: Date.now() / 1000,
      };
    },
    CreateSecret: (input) => {
      const name = String(input.Name ?? '');
      if (!name || typeof input.SecretString !== 'string')
        throw new ServiceError('InvalidParameterException', 'Name and SecretString are required.');
      if (secrets.has(name))
        throw new ServiceError(
          'ResourceExistsException',
          `The operation failed because the secret ${name} already exists.`,
        );
      const arn = put(name, input.SecretString);
      return { ARN: arn, Name: name, VersionId: secrets.get(name)!.current.id };
    },
    PutSecretValue: (input) => {
      const secret = find(input.SecretId);
      if (typeof input.SecretString !== 'string')
        throw new ServiceError('InvalidParameterException', 'SecretString is required.');
      put(secret.name, input.SecretString);
      return {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: secret.current.id,
        VersionStages: ['AWSCURRENT'],
      };
    },
  };

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': JSON_11 });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return answer(res, 413, { message: 'Request too large' });
      chunks.push(chunk);
    }
    const body = Buffer.concat(chunks);
    const refusal = sigV4Refusal(
      req.method ?? 'POST',
      req.url ?? '/',
      req.headers,
      body,
      options.credentials,
    );
    if (refusal) return answer(res, 403, { __type: refusal.type, message: refusal.message });
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.startsWith(TARGET_PREFIX)
      ? operations[target.slice(TARGET_PREFIX.length)]
      : undefined;
    if (req.method !== 'POST' || !operation)
      return answer(res, 400, { __type: 'UnknownOperationException', message: target });
    try {
      const input = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
      answer(res, 200, operation(input));
    } catch (error) {
      if (error instanceof ServiceError)
        return answer(res, error.status, { __type: error.type, message: error.message });
      answer(res, 400, { __type: 'InvalidRequestException', message: 'Malformed request.' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answer(res, 500, { __type: 'InternalServiceError' }));
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', ok);
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    put,
    stop: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        // The SDK keeps its connections open: close them, or close() waits for their timeout.
        server.closeAllConnections();
      }),
  };
}
