import { HttpException } from '@nestjs/common';
import { z } from 'zod';
import { contract } from '../contracts/contract';

/** The error body of spec 2.5: code equals the HTTP status. */
export const ErrorBody = contract(
  'ErrorBody',
  z.object({
    code: z.number().int().describe('Same as the HTTP status').meta({ example: 422 }),
    message: z.string().meta({ example: 'to must be a valid phone number in international format, e.g. +14155552671' }),
    requestId: z.string().optional().describe('Also in the X-Request-Id header'),
  }),
);
export type ErrorBody = z.infer<typeof ErrorBody>;

/** An HTTP error with the contract's body; message is what a developer reads. */
export class ApiError extends HttpException {
  constructor(
    status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super({ code: status, message }, status);
  }

  static badRequest(message: string) {
    return new ApiError(400, message);
  }
  static unauthorized(message = 'Missing or invalid API key. Send it as "Authorization: Bearer <API_KEY>".') {
    return new ApiError(401, message);
  }
  static forbidden(message: string) {
    return new ApiError(403, message);
  }
  static notFound(what: string, id?: string) {
    return new ApiError(404, id === undefined ? `${what} not found` : `${what} '${id}' not found`);
  }
  static conflict(message: string) {
    return new ApiError(409, message);
  }
  static unprocessable(message: string) {
    return new ApiError(422, message);
  }
}
