/** Requests of a viewer's mobile-money payments through `app.inject`: start one, and poll it (which asks the provider). */
import type { BuiltApp } from '../app.js';

export function paymentRequests(t: BuiltApp) {
  return {
    pay: (cookie: string, payload: object) => t.app.inject({ method: 'POST', url: '/api/billing/payments', headers: { cookie }, payload }),
    poll: (cookie: string, id: string) => t.app.inject({ method: 'GET', url: `/api/billing/payments/${id}`, headers: { cookie } }),
  };
}
