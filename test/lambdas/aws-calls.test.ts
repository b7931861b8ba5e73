/**
 * The AWS call counter the capacity benchmark reads: DynamoDB calls counted at the handlers' SDK
 * client, Cognito calls at the stand-in (whoever makes them), code SMS at the local SNS endpoint (the outbox).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCognitoStandIn } from '../support/cognito-stand-in';
import { handler as getWheel } from '../../lambdas/handlers/get-wheel';
import { countedLambdaMs, startCountingAwsCalls } from '../../local/aws-calls';
import { createApiGateway, poolAuthorizers } from '../../local/api-gateway';
import { CLOUDFRONT_EDGE_ADDRESS, forwardedByCloudFront } from '../../local/cloudfront';
import { sendSms } from '../../lambdas/lib/sms';
import { httpEvent, TEST_ORIGIN_SECRET } from '../support/http-event';
import { startOutbox, type Outbox } from './visitor/support';

let standIn: Awaited<ReturnType<typeof startCognitoStandIn>>;
let outbox: Outbox;

beforeAll(async () => {
  standIn = await startCognitoStandIn();
  outbox = await startOutbox();
});

afterAll(async () => {
  delete process.env.SNS_ENDPOINT;
  await standIn.stop();
  await outbox.close();
});

describe('AWS call counting', () => {
  it('counts each call by service and operation once counting has started', async () => {
    // Prepare: calls before counting starts are not counted.
    await getWheel(httpEvent({ method: 'GET', path: '/api/wheel' }));
    const counts = startCountingAwsCalls();
    process.env.SNS_ENDPOINT = outbox.url;

    // Act
    await getWheel(httpEvent({ method: 'GET', path: '/api/wheel' }));
    // A call over Cognito's wire protocol, as the browser and the SDK make it.
    await fetch(standIn.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: standIn.pools.staff.clientId,
        AuthParameters: { USERNAME: 'nobody', PASSWORD: 'wrong-password' },
      }),
    });
    await sendSms('+61412345678', 'Your code');

    // Assess
    expect(Object.fromEntries(counts)).toEqual({
      'dynamodb GetItem': 2,
      'dynamodb Scan': 1,
      // The wheel page's visit marker: the first load (before counting) counted this client for
      // the day, so the second only tries the marker (a conditional put) and adds no visit.
      'dynamodb PutItem': 1,
      'cognito-idp InitiateAuth': 1,
      'sns Publish': 1,
    });
  });

  it('counts each Lambda invocation the local API runs, and the time spent in it', async () => {
    // Prepare
    const api = createApiGateway({ authorizers: poolAuthorizers(standIn), log: () => undefined });
    const counts = startCountingAwsCalls();

    // Act
    for (let i = 0; i < 2; i++)
      await api.invoke({
        method: 'GET',
        url: '/api/wheel',
        headers: forwardedByCloudFront({ host: '127.0.0.1' }, '203.0.113.9', TEST_ORIGIN_SECRET),
        body: Buffer.alloc(0),
        sourceIp: CLOUDFRONT_EDGE_ADDRESS,
        host: '127.0.0.1',
      });

    // Assess
    expect(counts.get('lambda Invoke')).toBe(2);
    expect(countedLambdaMs()).toBeGreaterThan(0);
  });
});
