-- Email templates that admins edit, password reset tokens, and the outbox that holds mail when no SMTP server is set.

create table email_templates (
  id integer generated always as identity primary key,
  name text not null,
  subject text not null,
  html_content text not null,
  text_content text,
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The app finds its templates by name, so "Welcome" and "welcome" must not both exist.
create unique index email_templates_name_key on email_templates (lower(name));

-- Only the SHA-256 of a reset token is stored: a leaked table cannot be used to reset anyone's password.
alter table users add column reset_token_hash text, add column reset_token_expiry timestamptz;
create unique index users_reset_token_hash_key on users (reset_token_hash) where reset_token_hash is not null;

-- Mail written here instead of being sent while SMTP_URL is unset (the embedded default). sent_at stays null: nothing
-- has left the machine; a relay that drains the outbox into SMTP would set it.
create table mail_outbox (
  id integer generated always as identity primary key,
  recipient text not null,
  subject text not null,
  html text not null,
  text text,
  template text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

-- The two emails the app sends, seeded in one layout (%SUBJECT%, %CONTENT% and %FOOTER% are filled per email) so
-- that admins start from real, mobile-friendly HTML with a plain-text part.
with layout (html) as (values ($html$<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%SUBJECT%</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Helvetica,Arial,sans-serif;color:#0f172a;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:bold;color:#3730a3;">{{appName}}</td></tr>
<tr><td style="padding:32px;font-size:16px;line-height:1.5;">
%CONTENT%
</td></tr>
<tr><td style="padding:16px 32px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b;">%FOOTER%</td></tr>
</table>
</td></tr>
</table>
</body>
</html>$html$))
insert into email_templates (name, subject, html_content, text_content)
select name, subject, replace(replace(replace(layout.html, '%SUBJECT%', subject), '%CONTENT%', content), '%FOOTER%', footer), text
from layout, (values
(
  'password-reset',
  'Reset your {{appName}} password',
  $content$<p style="margin:0 0 16px;">Hi {{username}},</p>
<p style="margin:0 0 24px;">Someone asked to reset the password of your {{appName}} account. If it was you, choose a new password with the button below. The link works once, for 1 hour.</p>
<p style="margin:0 0 24px;"><a href="{{resetUrl}}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px;">Reset your password</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569;">If the button does not work, copy this address into your browser:<br><a href="{{resetUrl}}" style="color:#4338ca;word-break:break-all;">{{resetUrl}}</a></p>
<p style="margin:0;font-size:14px;color:#475569;">If you did not ask for this, ignore this email: your password stays as it is.</p>$content$,
  'You received this email because a password reset was requested for your {{appName}} account.',
  $text$Hi {{username}},

Someone asked to reset the password of your {{appName}} account. If it was you, open this link to choose a new password. It works once, for 1 hour:

{{resetUrl}}

If you did not ask for this, ignore this email: your password stays as it is.

{{appName}}$text$
),
(
  'welcome',
  'Welcome to {{appName}}, {{username}}',
  $content$<p style="margin:0 0 16px;">Welcome, {{username}}!</p>
<p style="margin:0 0 16px;">Your {{appName}} account is ready. Photograph an item on your phone, let the AI fill in the listing, check it, and publish it to eBay in one tap.</p>
<ol style="margin:0 0 24px;padding-left:20px;">
<li style="margin-bottom:8px;">Open {{appName}} on your phone and add it to your home screen.</li>
<li style="margin-bottom:8px;">Tap New Listing and take a photo of the item.</li>
<li>Connect your eBay account from the Dashboard to publish.</li>
</ol>
<p style="margin:0 0 24px;"><a href="{{appUrl}}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px;">Open {{appName}}</a></p>
<p style="margin:0;font-size:14px;color:#475569;">Happy selling!</p>$content$,
  'You received this email because an account was created with this address on {{appName}}.',
  $text$Welcome, {{username}}!

Your {{appName}} account is ready. Photograph an item on your phone, let the AI fill in the listing, check it, and publish it to eBay in one tap.

1. Open {{appName}} on your phone and add it to your home screen.
2. Tap New Listing and take a photo of the item.
3. Connect your eBay account from the Dashboard to publish.

Open {{appName}}: {{appUrl}}

Happy selling!$text$
)
) as seed (name, subject, content, footer, text);
