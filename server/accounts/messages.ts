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
