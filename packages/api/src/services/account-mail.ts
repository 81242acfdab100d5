import type { MailMessage } from './mail';

/** Escapes text for the HTML part: names and addresses are the users' own words. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * One simple layout for every account mail: a greeting, a few short paragraphs, at most one button,
 * and the link written out for mail readers that hide buttons.
 */
function accountMail(options: {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}): MailMessage {
  const { to, subject, greeting, paragraphs, action, footer } = options;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer,
    '',
    '— YardSale, your neighbourhood marketplace',
  ].join('\n');
  const p = (content: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${content}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(action.label)}</a></p>` +
      p(
        `Or copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#15803d;word-break:break-all">${escapeHtml(action.url)}</a>`,
      )
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f1;font-family:Helvetica,Arial,sans-serif">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#15803d">YardSale</p>
${p(escapeHtml(greeting))}
${paragraphs.map((para) => p(escapeHtml(para))).join('\n')}
${button}
<p style="margin:24px 0 0;font-size:13px;line-height:20px;color:#6b7280">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMail(options: {
  to: string;
  firstName: string;
  url: string;
  change: boolean;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: options.change ? 'Confirm your new e-mail address' : 'Verify your e-mail address',
    greeting: `Hi ${options.firstName},`,
    paragraphs: options.change
      ? [
          'You asked to use this address for your YardSale account.',
          'Open the link below to confirm it. Until you do, you sign in with your current address.',
        ]
      : [
          'Welcome to YardSale! One last step: confirm that this address is yours.',
          'Once it is verified you can post listings, message sellers, leave reviews and report problems.',
        ],
    action: { label: 'Verify my e-mail', url: options.url },
    footer:
      'The link works once, for 24 hours. If you did not ask for this, you can ignore this e-mail.',
  });
}

export function emailChangeNoticeMail(options: {
  to: string;
  firstName: string;
  newEmail: string;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: 'Your YardSale e-mail address is changing',
    greeting: `Hi ${options.firstName},`,
    paragraphs: [
      `Someone signed in to your YardSale account asked to change its e-mail address to ${options.newEmail}.`,
      'This address stays in force until the new one is confirmed.',
      'If this was not you, sign in, change your password, and set your address back in Account Settings.',
    ],
    footer: 'You get this e-mail because this address belongs to a YardSale account.',
  });
}

export function resetPasswordMail(options: {
  to: string;
  firstName: string;
  url: string;
}): MailMessage {
  return accountMail({
    to: options.to,
    subject: 'Choose a new YardSale password',
    greeting: `Hi ${options.firstName},`,
    paragraphs: [
      'Someone asked to reset the password of your YardSale account.',
      'Open the link below to choose a new one. Saving it signs you out on every other device.',
    ],
    action: { label: 'Choose a new password', url: options.url },
    footer:
      'The link works once, for one hour. If you did not ask for this, ignore this e-mail: your password stays as it is.',
  });
}
