/**
 * What the logs never carry, shared by the web server (app.ts) and the worker (worker.ts).
 */

/**
 * Log paths never written (docs/product/architecture.md §3: no secrets, tokens or phone numbers in logs): credentials, cookies, and any
 * phone number, password or token a log call might carry. Request bodies are never logged (the request serializer
 * keeps method, URL and id only).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'msisdn',
  '*.msisdn',
  'phone',
  '*.phone',
  'password',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  'token',
  '*.token',
  '*.access_token',
  '*.accessToken',
  '*.apiKey',
  '*.clientSecret',
  '*.subscriptionKey',
];

/**
 * Redacts the signature segment of media URLs, the token of a password-reset link (`?token=`, ADR 021) and a phone
 * number a form post sent back in the URL (`phone=`, ADR 024: register, forgot-password and reset-by-code pages),
 * so tokens and phone numbers never reach the logs (docs/product/architecture.md §3).
 */
export const redactUrl = (url: string) => url.replace(/^(\/media\/v\/[^/]+\/)[^/]+/, '$1***').replace(/([?&](?:token|phone)=)[^&#]*/g, '$1***');
