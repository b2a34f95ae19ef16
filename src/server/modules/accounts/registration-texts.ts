/**
 * The mail to an account's owner when someone tried to register with its email (docs/decisions/033-registration-
 * answers-whether-an-email-is-taken.md), in English, French and Kinyarwanda; the language is the asker's (recovery-
 * texts.ts `requestLanguage`), the only one known at that moment.
 */
import type { MessageLanguage } from '../recovery/recovery-texts.js';

const TEXTS: Record<MessageLanguage, { subject: string; text: (name: string, site: string) => string }> = {
  en: {
    subject: 'Someone tried to sign up with your email',
    text: (name, site) =>
      `Hello ${name},\n\nSomeone just tried to create a Sobanura account with this email address, which already has an account.\n\nIf it was you, sign in at ${site}/login, or choose a new password at ${site}/forgot-password if you forgot it.\n\nIf it was not you, you need not do anything: nobody can use your account without your password.\n\nSobanura`,
  },
  fr: {
    subject: "Quelqu'un a essayé de s'inscrire avec votre adresse",
    text: (name, site) =>
      `Bonjour ${name},\n\nQuelqu'un vient d'essayer de créer un compte Sobanura avec cette adresse e-mail, qui a déjà un compte.\n\nSi c'était vous, connectez-vous sur ${site}/login, ou choisissez un nouveau mot de passe sur ${site}/forgot-password si vous l'avez oublié.\n\nSi ce n'était pas vous, vous n'avez rien à faire : personne ne peut utiliser votre compte sans votre mot de passe.\n\nSobanura`,
  },
  rw: {
    subject: 'Hari uwagerageje kwiyandikisha akoresheje imeri yawe',
    text: (name, site) =>
      `Muraho ${name},\n\nHari umuntu umaze kugerageza gufungura konti ya Sobanura akoresheje iyi imeri, kandi isanzwe ifite konti.\n\nNiba ari wowe, injira kuri ${site}/login, cyangwa uhitemo ijambo ry'ibanga rishya kuri ${site}/forgot-password niba waryibagiwe.\n\nNiba atari wowe, nta cyo ugomba gukora: nta muntu ushobora gukoresha konti yawe atazi ijambo ry'ibanga ryawe.\n\nSobanura`,
  },
};

/** Subject and plain text of the "someone tried to register with your email" mail. */
export function takenEmailMail(lang: MessageLanguage, name: string, site: string): { subject: string; text: string } {
  const t = TEXTS[lang];
  return { subject: t.subject, text: t.text(name.trim() || 'Sobanura', site) };
}
