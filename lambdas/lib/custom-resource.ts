/**
 * The answer of our CloudFormation custom resources (lambdas/custom-resources/): CloudFormation
 * waits for a PUT to the event's pre-signed URL, so the handler always answers, success or failure.
 * The reason carries the error's name and message only (never a password or a secret).
 */
import type {
  CloudFormationCustomResourceEvent,
  CloudFormationCustomResourceResponse,
} from 'aws-lambda';

/** Sends the result to CloudFormation's pre-signed URL. */
async function respond(
  event: CloudFormationCustomResourceEvent,
  response: Pick<CloudFormationCustomResourceResponse, 'Status' | 'PhysicalResourceId' | 'Reason'>,
): Promise<void> {
  const body = JSON.stringify({
    ...response,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  const result = await fetch(event.ResponseURL, {
    method: 'PUT',
    // The pre-signed URL is signed for an empty content type.
    headers: { 'content-type': '' },
    body,
  });
  if (!result.ok) throw new Error(`CloudFormation response refused: ${result.status}`);
}

/**
 * A custom resource's Lambda handler around `apply`, which does the work and returns the physical
 * resource id. `what` names the resource in the failure log line.
 */
export function customResourceHandler(
  what: string,
  apply: (event: CloudFormationCustomResourceEvent) => Promise<string>,
): (event: CloudFormationCustomResourceEvent) => Promise<void> {
  return async (event) => {
    try {
      const physicalId = await apply(event);
      await respond(event, { Status: 'SUCCESS', PhysicalResourceId: physicalId });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : 'Unknown error';
      console.error(JSON.stringify({ level: 'ERROR', message: `${what} failed`, reason }));
      const physicalId =
        'PhysicalResourceId' in event
          ? event.PhysicalResourceId
          : `${what.replace(/\W+/g, '-')}-failed-${event.RequestId}`;
      await respond(event, { Status: 'FAILED', PhysicalResourceId: physicalId, Reason: reason });
    }
  };
}
