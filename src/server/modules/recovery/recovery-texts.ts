/**
 * The texts of recovery messages in English, French and Kinyarwanda (docs/decisions/021-account-recovery.md), and
 * the language of a request: the `sobanura-lang` cookie the web app keeps (src/shared/contracts/page-render.ts),
 * else the first of en, fr, rw in Accept-Language (RFC 9110 section 12.5.4, by quality), else English.
 */
import { LANGUAGE_COOKIE } from '../../../shared/contracts/page-render.js';
import { RESET_CODE_MINUTES, RESET_LINK_MINUTES } from '../../../shared/contracts/recovery.js';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../../../shared/domain/languages.js';

export type MessageLanguage = LanguageCode;
const LANGS: readonly MessageLanguage[] = LANGUAGE_CODES;

/** The language recovery messages are written in for a request with these headers. */
export function requestLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): MessageLanguage {
  const cookie = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === LANGUAGE_COOKIE)?.[1];
  const fromCookie = LANGS.find((l) => l === cookie);
  if (fromCookie) return fromCookie;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.trim().slice(2) ?? '1');
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => LANGS.find((l) => l === x.lang)).find((l): l is MessageLanguage => !!l) ?? DEFAULT_LANGUAGE;
}

const LINK = RESET_LINK_MINUTES;
const CODE = RESET_CODE_MINUTES;

const TEXTS: Record<MessageLanguage, { subject: string; mail: (name: string, link: string) => string; sms: (code: string) => string; verify: (code: string) => string }> = {
  en: {
    subject: 'Reset your Sobanura password',
    mail: (name, link) =>
      `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your Sobanura account. Open this link within ${LINK} minutes to choose a new password:\n\n${link}\n\nThe link works once. When you have chosen the new password, you are signed out everywhere and sign in again with it.\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n\nSobanura`,
    sms: (code) => `Sobanura: your password reset code is ${code}. It is valid for ${CODE} minutes. Never share it with anyone.`,
    verify: (code) => `Sobanura: your code to verify this phone number is ${code}. It is valid for ${CODE} minutes. Never share it with anyone.`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Sobanura',
    mail: (name, link) =>
      `Bonjour ${name},\n\nQuelqu'un (vous, nous l'espérons) a demandé la réinitialisation du mot de passe de votre compte Sobanura. Ouvrez ce lien dans les ${LINK} minutes pour choisir un nouveau mot de passe :\n\n${link}\n\nLe lien ne fonctionne qu'une fois. Une fois le nouveau mot de passe choisi, vous êtes déconnecté partout et vous vous reconnectez avec lui.\n\nSi vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\nSobanura`,
    sms: (code) => `Sobanura : votre code de réinitialisation du mot de passe est ${code}. Il est valable ${CODE} minutes. Ne le communiquez à personne.`,
    verify: (code) => `Sobanura : votre code de vérification de ce numéro est ${code}. Il est valable ${CODE} minutes. Ne le communiquez à personne.`,
  },
  rw: {
    subject: "Hindura ijambo ry'ibanga rya Sobanura",
    mail: (name, link) =>
      `Muraho ${name},\n\nHari uwasabye guhindura ijambo ry'ibanga rya konti yawe ya Sobanura (twizera ko ari wowe). Fungura iyi link mu minota ${LINK} kugira ngo uhitemo ijambo ry'ibanga rishya:\n\n${link}\n\nIyi link ikora rimwe gusa. Numara guhitamo ijambo ry'ibanga rishya, uzasohorwa aho winjiriye hose, hanyuma winjire ukoresheje irishya.\n\nNiba atari wowe wabisabye, wirengagize iyi imeri: ijambo ry'ibanga ryawe ntirihinduka.\n\nSobanura`,
    sms: (code) => `Sobanura: kode yo guhindura ijambo ry'ibanga ni ${code}. Imara iminota ${CODE}. Ntuzayihe undi muntu.`,
    verify: (code) => `Sobanura: kode yo kwemeza iyi nimero ni ${code}. Imara iminota ${CODE}. Ntuzayihe undi muntu.`,
  },
};

/** The reset mail: subject and plain text with the link. */
export function resetMail(lang: MessageLanguage, name: string, link: string): { subject: string; text: string } {
  const t = TEXTS[lang];
  return { subject: t.subject, text: t.mail(name.trim() || 'Sobanura', link) };
}

/** The reset SMS text with the code (one SMS part in each language). */
export function resetSms(lang: MessageLanguage, code: string): string {
  return TEXTS[lang].sms(code);
}

/** The SMS that verifies a profile's phone, with the code (ADR 021, amended 2026-11-28). */
export function verifyPhoneSms(lang: MessageLanguage, code: string): string {
  return TEXTS[lang].verify(code);
}

/** Days a "set your password" link of an account made by an admin stays valid (docs/decisions/047-translators-as-people.md). */
export const SET_PASSWORD_LINK_DAYS = 7;
const DAYS = SET_PASSWORD_LINK_DAYS;

const INVITE: Record<MessageLanguage, { subject: string; mail: (name: string, link: string) => string }> = {
  en: {
    subject: 'Your Sobanura translator account',
    mail: (name, link) =>
      `Hello ${name},\n\nSobanura made an account for you as a translator, with this email address. Open this link within ${DAYS} days to choose your password:\n\n${link}\n\nThe link works once. Then sign in with this email and your new password.\n\nIf you did not expect this, ignore this email.\n\nSobanura`,
  },
  fr: {
    subject: 'Votre compte de traducteur Sobanura',
    mail: (name, link) =>
      `Bonjour ${name},\n\nSobanura vous a créé un compte de traducteur avec cette adresse e-mail. Ouvrez ce lien dans les ${DAYS} jours pour choisir votre mot de passe :\n\n${link}\n\nLe lien ne fonctionne qu'une fois. Connectez-vous ensuite avec cette adresse et votre nouveau mot de passe.\n\nSi vous ne vous y attendiez pas, ignorez ce message.\n\nSobanura`,
  },
  rw: {
    subject: "Konti yawe y'umusobanuzi kuri Sobanura",
    mail: (name, link) =>
      `Muraho ${name},\n\nSobanura yagufunguriye konti y'umusobanuzi ikoresha iyi imeri. Fungura iyi link mu minsi ${DAYS} kugira ngo uhitemo ijambo ry'ibanga ryawe:\n\n${link}\n\nIyi link ikora rimwe gusa. Nyuma yaho, winjire ukoresheje iyi imeri n'ijambo ry'ibanga rishya.\n\nNiba utari ubyiteze, wirengagize iyi imeri.\n\nSobanura`,
  },
};

/** The mail that invites an account made by an admin to choose its password: subject and plain text with the link. */
export function setPasswordMail(lang: MessageLanguage, name: string, link: string): { subject: string; text: string } {
  const t = INVITE[lang];
  return { subject: t.subject, text: t.mail(name.trim() || 'Sobanura', link) };
}
