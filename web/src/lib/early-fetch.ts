/**
 * Requests started by the boot module (web/src/boot.ts) while the app's code is still downloading,
 * so the first screen's data is on its way before React runs. The API client takes such a
 * response, once, instead of asking again.
 */
const pending = new Map<string, Promise<Response>>();

/** Starts a public GET now (with the call's own headers); its response waits for `takeEarlyGet`. */
export function startEarlyGet(path: string, headers: Record<string, string> = {}): void {
  const response = fetch(path, { headers: { accept: 'application/json', ...headers } });
  // A failure here is the API client's to report when it takes the response.
  response.catch(() => undefined);
  pending.set(path, response);
}

/** The response of an early GET of `path`, once; undefined when none was started or it was taken. */
export function takeEarlyGet(path: string): Promise<Response> | undefined {
  const response = pending.get(path);
  pending.delete(path);
  return response;
}
