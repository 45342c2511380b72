import type { MailMessage } from '../../mail/mailer';

export type InvitationMailInput = {
  to: string;
  firstName: string;
  lastName: string;
  schoolName: string;
  link: string;
  /** How long the link works, in days. */
  validDays: number;
};

/**
 * The mail a new user of a school receives: the link to set their first password (German,
 * the product's language; the school's name says who invited them).
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  return {
    to: input.to,
    subject: `Ihr Zugang zu Fahrwerk bei ${input.schoolName}`,
    text: [
      `Guten Tag ${input.firstName} ${input.lastName},`,
      '',
      `${input.schoolName} hat für Sie einen Zugang zu Fahrwerk eingerichtet.`,
      'Über diesen Link legen Sie Ihr Passwort fest; er ist',
      `${input.validDays} Tage gültig und nur einmal verwendbar:`,
      '',
      input.link,
      '',
      'Das Passwort braucht mindestens 8 Zeichen, darunter einen Groß- und einen',
      'Kleinbuchstaben, eine Ziffer und ein Sonderzeichen. Ihr Anmeldename ist diese',
      `E-Mail-Adresse (${input.to}).`,
      '',
      'Ist der Link abgelaufen, fordern Sie auf der Anmeldeseite über „Passwort vergessen“',
      'einen neuen an.',
      '',
      'Mit freundlichen Grüßen',
      input.schoolName,
    ].join('\n'),
  };
}
