/**
 * Texts the auth pages show that the spec does not name (spec texts live in AUTH_MESSAGES of the
 * contract). Kept in one place so they read consistently and can be moved to the contract.
 */
export const WEB_MESSAGES = {
  emailConfirmed: 'Your email address has been successfully confirmed.',
  confirmationInvalid: 'Confirmation link is invalid or has already been used',
  passwordsDiffer: "Doesn't match the password",
  signUpFailed: 'Sign-up failed',
  changesSaved: 'Changes saved',
  surveyNotSaved: 'Your answers could not be saved',
  confirmationNotResent: 'Confirmation request could not be resent',
  imageWrongType: 'Choose a PNG, JPEG, WebP or GIF image',
  imageTooLarge: 'The image must be 2 MB or smaller',
  resetTokenMissing: 'This password reset link is incomplete. Request a new one.',
} as const;
