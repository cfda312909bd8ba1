// The words of the account e-mails.
import type { Mail } from "../mail/mailer";

export const RESET_LINK_MINUTES = 60;

export function confirmEmailMessage(to: string, url: string): Mail {
  return {
    to,
    subject: "Confirm your e-mail for Cascade Industrial Supply",
    text: [
      "Welcome to Cascade Industrial Supply.",
      "",
      "Confirm your e-mail address to finish creating your account:",
      url,
      "",
      "The link works for 24 hours. If you did not create an account, you can ignore this message.",
    ].join("\n"),
  };
}

export function resetPasswordMessage(to: string, url: string): Mail {
  return {
    to,
    subject: "Reset your Cascade Industrial Supply password",
    text: [
      "We received a request to reset the password of your account.",
      "",
      "Choose a new password here:",
      url,
      "",
      `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, you can ignore this message.`,
    ].join("\n"),
  };
}

/**
 * To the owner of an address someone tried to sign up with: the sign-up form answered as if the
 * account were new, so only the owner learns it exists.
 */
export function signUpAttemptMessage(to: string, publicUrl: string): Mail {
  return {
    to,
    subject: "Someone tried to create an account with your e-mail",
    text: [
      "Someone tried to create a Cascade Industrial Supply account with this e-mail address, which already has an account.",
      "",
      "If it was you, sign in here:",
      `${publicUrl}/auth`,
      "",
      "Forgot your password? Choose a new one here:",
      `${publicUrl}/auth/forgot-password`,
      "",
      "If it was not you, nothing has changed and you can ignore this message.",
    ].join("\n"),
  };
}
