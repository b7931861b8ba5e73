/**
 * Runtime settings of the deployed SPA, read from /config.json (written at deploy by the CDK stack,
 * served by the local stack), so one build runs against any environment.
 */
export interface RuntimeConfig {
  /** Cognito endpoint: https://cognito-idp.<region>.amazonaws.com/ or the local stand-in. */
  cognitoEndpoint: string;
  visitorClientId: string;
  staffClientId: string;
  /** The business's time zone (IANA), for the dates staff read; absent in older deployments. */
  timeZone?: string;
}

let pending: Promise<RuntimeConfig> | undefined;

/** Loads /config.json once. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetch('/config.json', { cache: 'no-store' }).then(async (response) => {
    if (!response.ok) throw new Error(`config.json: ${response.status}`);
    return (await response.json()) as RuntimeConfig;
  });
  return pending;
}
