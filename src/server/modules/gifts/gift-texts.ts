/**
 * The texts of gift messages in English, French and Kinyarwanda (docs/decisions/046-gifts.md), like
 * recovery-texts.ts: a mail (subject and plain text) and an SMS, each with the claim link and the code. The giver
 * is named by their account name when they have one; the plan by its duration.
 */
import type { LanguageCode } from '../../../shared/domain/languages.js';
import type { PlanId } from '../../../shared/domain/plans.js';

const PLAN_NAMES: Record<LanguageCode, Record<PlanId, string>> = {
  en: { daily: 'a one-day', weekly: 'a one-week', monthly: 'a one-month', yearly: 'a one-year' },
  fr: { daily: "d'un jour", weekly: "d'une semaine", monthly: "d'un mois", yearly: "d'un an" },
  rw: { daily: "ry'umunsi umwe", weekly: "ry'icyumweru kimwe", monthly: "ry'ukwezi kumwe", yearly: "ry'umwaka umwe" },
};

interface Texts {
  subject: string;
  mail: (from: string, plan: string, link: string, code: string, until: string) => string;
  sms: (from: string, plan: string, link: string, code: string) => string;
  someone: string;
}

const TEXTS: Record<LanguageCode, Texts> = {
  en: {
    subject: 'A Sobanura pass for you',
    someone: 'Someone',
    mail: (from, plan, link, code, until) =>
      `Hello,\n\n${from} gave you ${plan} Sobanura pass to watch films and series.\n\nOpen this link, sign in or create an account, and the pass is yours:\n\n${link}\n\nOr enter this code on the site: ${code}\n\nThe code works once, until ${until}.\n\nSobanura`,
    sms: (from, plan, link, code) => `Sobanura: ${from} gave you ${plan} pass. Claim it at ${link} or with the code ${code}.`,
  },
  fr: {
    subject: 'Un pass Sobanura pour vous',
    someone: "Quelqu'un",
    mail: (from, plan, link, code, until) =>
      `Bonjour,\n\n${from} vous offre un pass Sobanura ${plan} pour regarder des films et des séries.\n\nOuvrez ce lien, connectez-vous ou créez un compte, et le pass est à vous :\n\n${link}\n\nOu saisissez ce code sur le site : ${code}\n\nLe code ne fonctionne qu'une fois, jusqu'au ${until}.\n\nSobanura`,
    sms: (from, plan, link, code) => `Sobanura : ${from} vous offre un pass ${plan}. Recevez-le sur ${link} ou avec le code ${code}.`,
  },
  rw: {
    subject: 'Ifatabuguzi rya Sobanura ryawe',
    someone: 'Umuntu',
    mail: (from, plan, link, code, until) =>
      `Muraho,\n\n${from} yaguhaye ifatabuguzi rya Sobanura ${plan} ryo kureba filime n'uruhererekane.\n\nFungura iyi link, winjire cyangwa ufungure konti, ifatabuguzi ribe iryawe:\n\n${link}\n\nCyangwa wandike iyi kode ku rubuga: ${code}\n\nIyi kode ikora rimwe gusa, kugeza ku itariki ${until}.\n\nSobanura`,
    sms: (from, plan, link, code) => `Sobanura: ${from} yaguhaye ifatabuguzi ${plan}. Ryakire kuri ${link} cyangwa ukoresheje kode ${code}.`,
  },
};

const fromName = (lang: LanguageCode, giver: string | null) => giver?.trim() || TEXTS[lang].someone;

/** The gift mail: subject and plain text with the link, the code and the last day (YYYY-MM-DD). */
export function giftMail(lang: LanguageCode, giver: string | null, plan: PlanId, link: string, code: string, until: Date): { subject: string; text: string } {
  const t = TEXTS[lang];
  return { subject: t.subject, text: t.mail(fromName(lang, giver), PLAN_NAMES[lang][plan], link, code, until.toISOString().slice(0, 10)) };
}

/** The gift SMS with the link and the code. */
export function giftSms(lang: LanguageCode, giver: string | null, plan: PlanId, link: string, code: string): string {
  return TEXTS[lang].sms(fromName(lang, giver), PLAN_NAMES[lang][plan], link, code);
}
