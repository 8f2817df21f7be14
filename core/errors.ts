/** Every error the API can answer with, and the HTTP status it carries. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The JSON body of every error response. */
export type ErrorBody = { code: ErrorCode; message: string; fields?: Record<string, string> };

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('bad_request', message, fields);
export const unauthorized = (message = 'Please sign in to continue') => new AppError('unauthorized', message);
export const forbidden = (message = 'You do not have access to this') => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
/** A well-formed request the business rules refuse as it stands (a job outside the detailer's service area). */
export const unprocessable = (message: string, fields?: Record<string, string>) => new AppError('unprocessable', message, fields);
