import { z } from 'zod';

/**
 * The one error body of every API answer that is not 2xx (docs/product/architecture.md §4.4):
 * `{ error: { code, message, details? } }`. `code` is a stable string the client translates
 * (locale key `errors.<code>`); `message` is English, for logs and API users.
 */
export const ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payment_rate_limited',
  'bad_origin',
  'invalid_credentials',
  'email_taken',
  'weak_password',
  'password_mismatch',
  'invalid_msisdn',
  'subscription_required',
  'login_required',
  'video_not_ready',
  'video_not_available',
  'media_rejected',
  'media_tools_missing',
  'upload_too_large',
  'payment_failed',
  'operator_unavailable',
  'method_unavailable',
  'invalid_signature',
  'not_for_sale',
  'already_purchased',
  'wrong_password',
  'same_password',
  'confirmation_required',
  'payload_too_large',
  'image_rejected',
  'image_too_large',
  'stream_limit_reached',
  'stream_session_ended',
  'not_a_translator',
  'download_not_included',
  'download_limit_reached',
  'download_busy',
  'file_downloads_off',
  'caption_invalid',
  'server_busy',
  'reset_link_invalid',
  'reset_code_invalid',
  'reset_code_locked',
  'phone_required',
  'phone_code_invalid',
  'phone_code_locked',
  'offline_device_limit',
  'voucher_malformed',
  'voucher_unknown',
  'voucher_used',
  'voucher_expired',
  'voucher_voided',
  'voucher_locked',
  'voucher_codes_sealed',
  'gift_malformed',
  'gift_unknown',
  'gift_claimed',
  'gift_expired',
  'gift_not_sent',
  'gift_locked',
  'licence_not_started',
  'licence_ended',
  'not_licensed_in_country',
  'document_rejected',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** One field problem in `details.fields` of a `validation_failed` error. */
export interface FieldIssue {
  /** Dotted path of the field, e.g. `body.email`. */
  field: string;
  message: string;
}
