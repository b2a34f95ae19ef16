/**
 * The card sandbox's hosted checkout page (docs/decisions/044-card-payments.md): what Flutterwave's page is in
 * production, with no card field at all: Pay, Decline and Cancel, each a plain form post (no script, so the site's
 * Content Security Policy holds). Test cards do not exist here; the buttons are the outcomes.
 */
import { toMajor } from '../../../shared/domain/countries.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page for sandbox checkout `id`. `c.amountMinor` is in minor units of `c.currency`. */
export function sandboxCheckoutPage(id: string, c: { title: string; amountMinor: number; currency: string; open: boolean }): string {
  const amount = `${toMajor(c.amountMinor, c.currency).toFixed(c.currency === 'USD' ? 2 : 0)} ${c.currency}`;
  const button = (outcome: string, label: string) =>
    `<form method="post" action="/api/billing/card-sandbox/${id}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Card payment (sandbox)</title></head>
<body>
<main>
<h1>Card payment (sandbox)</h1>
<p>No real card is charged. This page stands in for the card processor's hosted checkout.</p>
<p><strong>${escape(c.title)}</strong>: <span data-testid="card-amount">${escape(amount)}</span></p>
${c.open ? `${button('successful', 'Pay')}${button('failed', 'Decline')}${button('cancelled', 'Cancel')}` : '<p>This checkout is closed.</p>'}
</main>
</body></html>`;
}
