import { NOTIFICATION_TEXT, savedSearchNameInTitle } from '@yardsale/validators';

import { escapeHtml } from './account-mail';
import type { MailMessage } from './mail';

const M = NOTIFICATION_TEXT;
const GREEN = '#15803d';

/** One listing in a digest, as its card shows it. */
export interface DigestListing {
  title: string;
  url: string;
  priceRange: string;
  address: string;
  photoUrl: string | null;
  /** The saved search it matched. */
  searchName: string;
}

/** RFC 8058 headers: mail clients offer "Unsubscribe" and POST to the link without opening it. */
function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function layout(options: {
  subject: string;
  body: string;
  unsubscribePageUrl: string;
  reason: string;
}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(options.subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f6f5f1;font-family:Helvetica,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-size:20px;font-weight:700;color:${GREEN}">YardSale</p>
${options.body}
<p style="margin:28px 0 0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(options.reason)}
<a href="${escapeHtml(options.unsubscribePageUrl)}" style="color:#6b7280">${escapeHtml(M.unsubscribeFooter)}</a>.</p>
</div></body></html>`;
}

const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`;
const button = (label: string, url: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:${GREEN};color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(label)}</a></p>`;

/** One notification by mail: what happened, a button to it, and how to stop such mails. */
export function notificationMail(options: {
  to: string;
  firstName: string;
  title: string;
  body: string;
  url: string;
  action: string;
  kindLabel: string;
  unsubscribeUrl: string;
  unsubscribePageUrl: string;
  messageId: string;
}): MailMessage {
  const { to, firstName, title, body, url, action } = options;
  const reason = `You get this e-mail because “${options.kindLabel}” e-mails are on in your settings.`;
  const text = [
    `Hi ${firstName},`,
    '',
    title,
    ...(body ? ['', body] : []),
    '',
    `${action}: ${url}`,
    '',
    reason,
    `${M.unsubscribeFooter}: ${options.unsubscribePageUrl}`,
    '',
    '— YardSale, your neighbourhood marketplace',
  ].join('\n');
  const html = layout({
    subject: title,
    body: [
      paragraph(`Hi ${firstName},`),
      `<p style="margin:0 0 8px;font-size:18px;line-height:26px;font-weight:600;color:#111827">${escapeHtml(title)}</p>`,
      body
        ? `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#374151;white-space:pre-line">${escapeHtml(body)}</p>`
        : '',
      button(action, url),
    ].join('\n'),
    unsubscribePageUrl: options.unsubscribePageUrl,
    reason,
  });
  return {
    to,
    subject: title,
    text,
    html,
    headers: unsubscribeHeaders(options.unsubscribeUrl),
    messageId: options.messageId,
  };
}

/** The day's new matches of a person's saved searches, as cards. */
export function digestMail(options: {
  to: string;
  firstName: string;
  listings: DigestListing[];
  savedSearchesUrl: string;
  unsubscribeUrl: string;
  unsubscribePageUrl: string;
  messageId: string;
}): MailMessage {
  const { to, firstName, listings } = options;
  const subject = M.digestSubject(listings.length);
  const reason = `You get this e-mail because your saved searches send a daily digest.`;
  const text = [
    `Hi ${firstName},`,
    '',
    `${subject}:`,
    '',
    ...listings.flatMap((l) => [
      `• ${l.title} (${l.priceRange}), ${l.address}`,
      `  Matches “${savedSearchNameInTitle(l.searchName)}”: ${l.url}`,
    ]),
    '',
    `Manage your saved searches: ${options.savedSearchesUrl}`,
    '',
    reason,
    `${M.unsubscribeFooter}: ${options.unsubscribePageUrl}`,
    '',
    '— YardSale, your neighbourhood marketplace',
  ].join('\n');
  const card = (l: DigestListing) => `<tr><td style="padding:12px 0;border-top:1px solid #e5e7eb">
<table role="presentation" cellpadding="0" cellspacing="0" width="100%"><tr>
${
  l.photoUrl
    ? `<td width="96" style="padding-right:14px;vertical-align:top"><a href="${escapeHtml(l.url)}"><img src="${escapeHtml(l.photoUrl)}" width="96" height="96" alt="" style="display:block;border-radius:8px;object-fit:cover;width:96px;height:96px"></a></td>`
    : ''
}
<td style="vertical-align:top">
<a href="${escapeHtml(l.url)}" style="font-size:16px;line-height:22px;font-weight:600;color:#111827;text-decoration:none">${escapeHtml(l.title)}</a>
<p style="margin:4px 0 0;font-size:14px;line-height:20px;color:#374151">${escapeHtml(l.priceRange)} · ${escapeHtml(l.address)}</p>
<p style="margin:4px 0 0;font-size:13px;line-height:18px;color:#6b7280">Matches “${escapeHtml(savedSearchNameInTitle(l.searchName))}”</p>
</td></tr></table></td></tr>`;
  const html = layout({
    subject,
    body: [
      paragraph(`Hi ${firstName},`),
      paragraph(`${subject}. Here they are, newest first:`),
      `<table role="presentation" cellpadding="0" cellspacing="0" width="100%">${listings.map(card).join('\n')}</table>`,
      button('Manage saved searches', options.savedSearchesUrl),
    ].join('\n'),
    unsubscribePageUrl: options.unsubscribePageUrl,
    reason,
  });
  return {
    to,
    subject,
    text,
    html,
    headers: unsubscribeHeaders(options.unsubscribeUrl),
    messageId: options.messageId,
  };
}
