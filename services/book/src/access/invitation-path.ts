/** The web page an invitation's link opens; the link's token is kit's `newSecretToken`, kept as `hashToken`. */
export const invitationPath = (token: string): string => `/invite/${token}`;
