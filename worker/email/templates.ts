/**
 * The account e-mails, each as text and HTML. Links use a hash fragment
 * (`#/reset-password/TOKEN`, SPEC B2) so the token never reaches a server log.
 */
import type { EmailMessage } from "./mailer";

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function message(to: string, subject: string, intro: string, action: string, url: string, outro: string): EmailMessage {
  const text = `${intro}\n\n${action}:\n${url}\n\n${outro}\n\n— Stockroom`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2421">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#2f5d50;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="color:#68706b;font-size:14px">${escapeHtml(outro)}<br>If the button does not work, copy this link: ${escapeHtml(url)}</p>
<p>— Stockroom</p></body></html>`;
  return { to, subject, text, html };
}

export function verifyEmailMessage(to: string, appUrl: string, token: string): EmailMessage {
  return message(
    to,
    "Confirm your e-mail address for Stockroom",
    "Welcome to Stockroom! Please confirm that this is your e-mail address.",
    "Confirm e-mail",
    `${appUrl}/#/verify-email/${token}`,
    "If you did not create a Stockroom account, you can ignore this message.",
  );
}

export function resetPasswordMessage(to: string, appUrl: string, token: string): EmailMessage {
  return message(
    to,
    "Reset your Stockroom password",
    "Someone asked to reset the password of the Stockroom account for this address.",
    "Choose a new password",
    `${appUrl}/#/reset-password/${token}`,
    "The link works once and for 3 days. If it was not you, ignore this message: your password stays as it is.",
  );
}

export function enrollMessage(to: string, appUrl: string, token: string, roomName: string): EmailMessage {
  return message(
    to,
    `You are invited to ${roomName} on Stockroom`,
    `You have been invited to the room “${roomName}” on Stockroom.`,
    "Set your password and join",
    `${appUrl}/#/enroll-account/${token}`,
    "The link works once and for 30 days.",
  );
}

export function invitationMessage(to: string, appUrl: string, roomId: string, roomName: string): EmailMessage {
  return message(
    to,
    `You are invited to ${roomName} on Stockroom`,
    `You have been added to the room “${roomName}” on Stockroom.`,
    "Open the room",
    `${appUrl}/rooms/${roomId}`,
    "You will find it in your list of rooms.",
  );
}
