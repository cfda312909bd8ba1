// The words of the account e-mails. The confirmation and reset links are better-auth's, made from
// PUBLIC_URL (server/accounts/auth.ts).
import type { Mail } from "../mail/mailer";
import { composeMail, storeUrl } from "../mail/templates/compose";

export const RESET_LINK_MINUTES = 60;

export function confirmEmailMessage(to: string, url: string): Promise<Mail> {
  return composeMail({
    to,
    subject: "Confirm your e-mail for Cascade Industrial Supply",
    blocks: [
      { type: "title", text: "Welcome to Cascade Industrial Supply." },
      { type: "paragraph", text: "Confirm your e-mail address to finish creating your account:" },
      { type: "button", label: "Confirm your e-mail", href: url },
      {
        type: "paragraph",
        text: "The link works for 24 hours. If you did not create an account, you can ignore this message.",
      },
    ],
  });
}

export function resetPasswordMessage(to: string, url: string): Promise<Mail> {
  return composeMail({
    to,
    subject: "Reset your Cascade Industrial Supply password",
    blocks: [
      { type: "title", text: "Reset your password" },
      { type: "paragraph", text: "We received a request to reset the password of your account." },
      { type: "button", label: "Choose a new password", href: url },
      {
        type: "paragraph",
        text: `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this message.`,
      },
    ],
  });
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up form answered as if the
 * account were new, so only the owner learns it exists.
 */
export function signUpAttemptMessage(to: string): Promise<Mail> {
  return composeMail({
    to,
    subject: "Someone tried to create an account with your e-mail",
    blocks: [
      { type: "title", text: "Someone tried to create an account with your e-mail" },
      {
        type: "paragraph",
        text: "Someone tried to create a Cascade Industrial Supply account with this e-mail address, which already has an account.",
      },
      { type: "button", label: "If it was you, sign in here", href: storeUrl("/auth") },
      { type: "link", label: "Forgot your password? Choose a new one here", href: storeUrl("/auth/forgot-password") },
      { type: "paragraph", text: "If it was not you, nothing has changed and you can ignore this message." },
    ],
  });
}
