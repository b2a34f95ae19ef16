import type { ErrorCode } from '../../shared/contracts/errors.js';

/**
 * An expected failure with an HTTP status and a stable code (docs/product/architecture.md §4.4). Thrown by services and
 * guards; turned into `{ error: { code, message, details? } }` by the one error handler.
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const unauthenticated = () => new AppError(401, 'unauthenticated', 'Please log in to continue.');
export const forbidden = (message = 'You do not have permission to do this.') => new AppError(403, 'forbidden', message);
