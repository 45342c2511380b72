import type { MailMessage } from './mailer';

export type PasswordResetMailInput = {
  to: string;
  firstName: string;
  lastName: string;
  schoolName: string;
  link: string;
};

/** The mail with the link to set a new password (German: the product's language). */
export function passwordResetMail(input: PasswordResetMailInput): MailMessage {
  return {
    to: input.to,
    subject: 'Neues Passwort für Fahrwerk festlegen',
    text: [
      `Guten Tag ${input.firstName} ${input.lastName},`,
      '',
      'für Ihr Konto bei Fahrwerk wurde ein neues Passwort angefordert.',
      'Über diesen Link legen Sie es fest; er ist 24 Stunden gültig und nur einmal verwendbar:',
      '',
      input.link,
      '',
      'Das Passwort braucht mindestens 8 Zeichen, darunter einen Groß- und einen',
      'Kleinbuchstaben, eine Ziffer und ein Sonderzeichen.',
      '',
      'Wenn Sie kein neues Passwort angefordert haben, ignorieren Sie diese E-Mail einfach;',
      'Ihr bisheriges Passwort bleibt gültig.',
      '',
      'Mit freundlichen Grüßen',
      input.schoolName,
    ].join('\n'),
  };
}
