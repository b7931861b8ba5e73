/**
 * One error family for the whole product. Handlers throw AppError; the http wrapper turns it into
 * `{code, message}` with its status. Anything that is not an AppError becomes a logged, generic 500.
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 503;

export class AppError extends Error {
  constructor(
    /** Stable machine-readable code, e.g. `ALREADY_HAS_REWARD`. */
    readonly code: string,
    /** HTTP status the API answers with. */
    readonly status: ErrorStatus,
    /** Human message: the required text where it has one. */
    message: string,
    /** For a refusal that lifts at a known time (a used-up budget): seconds until it does. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, message: string) => new AppError(code, 400, message);
export const unauthorized = (message: string) => new AppError('UNAUTHORIZED', 401, message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', 403, message);
export const notFound = (code: string, message: string) => new AppError(code, 404, message);
export const conflict = (code: string, message: string) => new AppError(code, 409, message);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds?: number) =>
  new AppError(code, 429, message, retryAfterSeconds);

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;

/** The JSON body of every API error. */
export interface ErrorBody {
  code: string;
  message: string;
}
