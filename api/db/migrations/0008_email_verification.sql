-- Email verification. An account's address is trusted (Google may link to it) only once its owner has opened a link
-- mailed to it while signed in. One link is outstanding per account: for the address itself, or for pending_email,
-- the new address an email change waits on (it replaces email only once confirmed). Only the token's SHA-256 is kept.
alter table users
  add column email_verified boolean not null default false,
  add column pending_email text,
  add column email_token_hash text,
  add column email_token_expiry timestamptz;
create unique index users_email_token_hash_key on users (email_token_hash) where email_token_hash is not null;

-- Accounts made or linked by Sign in with Google had their address verified by Google. Everyone else confirms theirs.
update users set email_verified = true where google_sub is not null;

-- The confirmation link, and the notice sent when a password or an email address changes (so an owner hears of a
-- change they did not make), in the layout of migration 0003's templates.
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
  'email-verification',
  'Confirm your email address for {{appName}}',
  $content$<p style="margin:0 0 16px;">Hi {{username}},</p>
<p style="margin:0 0 24px;">Confirm that this address belongs to your {{appName}} account {{username}}. Open the link on a device where you are signed in to that account. It works once, for 24 hours.</p>
<p style="margin:0 0 24px;"><a href="{{verifyUrl}}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px;">Confirm your email address</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#475569;">If the button does not work, copy this address into your browser:<br><a href="{{verifyUrl}}" style="color:#4338ca;word-break:break-all;">{{verifyUrl}}</a></p>
<p style="margin:0;font-size:14px;color:#475569;">If you did not create this account, do not open the link. To take the address back, use "Forgot password" on the sign-in screen.</p>$content$,
  'You received this email because this address was entered for an account on {{appName}}.',
  $text$Hi {{username}},

Confirm that this address belongs to your {{appName}} account {{username}}. Open this link on a device where you are signed in to that account. It works once, for 24 hours:

{{verifyUrl}}

If you did not create this account, do not open the link. To take the address back, use "Forgot password" on the sign-in screen.

{{appName}}$text$
),
(
  'account-changed',
  'Your {{appName}} account was changed',
  $content$<p style="margin:0 0 16px;">Hi {{username}},</p>
<p style="margin:0 0 24px;">{{change}}</p>
<p style="margin:0 0 24px;">If it was you, there is nothing to do. If it was not, choose a new password now:</p>
<p style="margin:0 0 24px;"><a href="{{forgotUrl}}" style="display:inline-block;background:#4338ca;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:8px;">Choose a new password</a></p>$content$,
  'You received this email because the sign-in details of your {{appName}} account changed.',
  $text$Hi {{username}},

{{change}}

If it was you, there is nothing to do. If it was not, choose a new password now: {{forgotUrl}}

{{appName}}$text$
)
) as seed (name, subject, content, footer, text);
