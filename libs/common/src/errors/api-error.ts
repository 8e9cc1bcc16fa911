import { HttpException } from '@nestjs/common';

/** The error body of spec 2.5: code equals the HTTP status. */
export interface ErrorBody {
  code: number;
  message: string;
  requestId?: string;
}

/** An HTTP error with the contract's body; message is what a developer reads. */
export class ApiError extends HttpException {
  constructor(status: number, message: string, readonly headers: Record<string, string> = {}) {
    super({ code: status, message }, status);
  }

  static badRequest(message: string) { return new ApiError(400, message); }
  static unauthorized(message = 'Missing or invalid API key. Send it as "Authorization: Bearer <API_KEY>".') {
    return new ApiError(401, message);
  }
  static forbidden(message: string) { return new ApiError(403, message); }
  static notFound(what: string, id?: string) {
    return new ApiError(404, id === undefined ? `${what} not found` : `${what} '${id}' not found`);
  }
  static conflict(message: string) { return new ApiError(409, message); }
  static unprocessable(message: string) { return new ApiError(422, message); }
}
