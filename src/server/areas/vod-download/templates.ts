/**
 * The mail a requester gets when a download is ready, in the template of its `emailLanguage`:
 * English, German, French or Dutch. The language is matched on its primary subtag or its name
 * (`de`, `de-CH`, `German`, `Deutsch`); anything else, or none, is English.
 */

export const MAIL_LANGUAGES = ['en', 'de', 'fr', 'nl'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const NAMES: Record<string, MailLanguage> = {
  english: 'en',
  german: 'de',
  deutsch: 'de',
  french: 'fr',
  francais: 'fr',
  français: 'fr',
  dutch: 'nl',
  nederlands: 'nl',
};

/** The template for an emailLanguage; English when unknown or missing. */
export function mailLanguageOf(emailLanguage: string | null | undefined): MailLanguage {
  const raw = (emailLanguage ?? '').trim().toLowerCase();
  if (raw === '') return 'en';
  const named = NAMES[raw];
  if (named) return named;
  const primary = raw.split(/[-_]/)[0]!;
  return (MAIL_LANGUAGES as readonly string[]).includes(primary) ? (primary as MailLanguage) : 'en';
}

export interface ReadyMailInput {
  fileName: string;
  url: string;
  contentId: string;
  expiresAt: Date;
  /** Total length of the file. */
  durationMs: number;
  clipCount: number;
}

interface Template {
  subject: (i: ReadyMailInput) => string;
  greeting: string;
  body: (i: ReadyMailInput) => string;
  linkLabel: string;
  expiry: (date: string) => string;
  footer: string;
  locale: string;
}

const TEMPLATES: Record<MailLanguage, Template> = {
  en: {
    locale: 'en-GB',
    subject: (i) => `Your download is ready: ${i.fileName}`,
    greeting: 'Hello,',
    body: (i) => `the download you requested (${i.clipCount === 1 ? '1 clip' : `${i.clipCount} clips`}, ${duration(i.durationMs)}) is ready.`,
    linkLabel: 'Download the MP4',
    expiry: (date) => `The link works until ${date}.`,
    footer: 'This message was sent by Control Room. Content id',
  },
  de: {
    locale: 'de-DE',
    subject: (i) => `Ihr Download ist bereit: ${i.fileName}`,
    greeting: 'Guten Tag,',
    body: (i) => `der angeforderte Download (${i.clipCount === 1 ? '1 Clip' : `${i.clipCount} Clips`}, ${duration(i.durationMs)}) ist bereit.`,
    linkLabel: 'MP4 herunterladen',
    expiry: (date) => `Der Link funktioniert bis ${date}.`,
    footer: 'Diese Nachricht wurde von Control Room gesendet. Content-ID',
  },
  fr: {
    locale: 'fr-FR',
    subject: (i) => `Votre téléchargement est prêt : ${i.fileName}`,
    greeting: 'Bonjour,',
    body: (i) => `le téléchargement demandé (${i.clipCount === 1 ? '1 extrait' : `${i.clipCount} extraits`}, ${duration(i.durationMs)}) est prêt.`,
    linkLabel: 'Télécharger le MP4',
    expiry: (date) => `Le lien est valable jusqu’au ${date}.`,
    footer: 'Ce message a été envoyé par Control Room. Identifiant du contenu',
  },
  nl: {
    locale: 'nl-NL',
    subject: (i) => `Uw download staat klaar: ${i.fileName}`,
    greeting: 'Hallo,',
    body: (i) => `de download die u aanvroeg (${i.clipCount === 1 ? '1 clip' : `${i.clipCount} clips`}, ${duration(i.durationMs)}) staat klaar.`,
    linkLabel: 'De MP4 downloaden',
    expiry: (date) => `De link werkt tot ${date}.`,
    footer: 'Dit bericht is verzonden door Control Room. Content-id',
  },
};

/** m:ss or h:mm:ss */
function duration(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}` : `${m}:${String(s).padStart(2, '0')}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface RenderedMail {
  language: MailLanguage;
  subject: string;
  text: string;
  html: string;
}

export function renderReadyMail(emailLanguage: string | null | undefined, input: ReadyMailInput): RenderedMail {
  const language = mailLanguageOf(emailLanguage);
  const t = TEMPLATES[language];
  const date = new Intl.DateTimeFormat(t.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(input.expiresAt) + ' UTC';
  const text = [t.greeting, '', t.body(input), '', `${t.linkLabel}: ${input.url}`, t.expiry(date), '', `${t.footer}: ${input.contentId}`, ''].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><body style="font-family:system-ui,sans-serif;line-height:1.5">
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(t.body(input))}</p>
<p><a href="${escapeHtml(input.url)}">${escapeHtml(t.linkLabel)}: ${escapeHtml(input.fileName)}</a></p>
<p>${escapeHtml(t.expiry(date))}</p>
<p style="color:#666;font-size:smaller">${escapeHtml(t.footer)}: ${escapeHtml(input.contentId)}</p>
</body></html>`;
  return { language, subject: t.subject(input), text, html };
}
