export const errorScreenTexts = {
  goBack: 'Go Back',
  goHome: 'Go to Home',
  /** 'Error Code: {status} • {time}' */
  code: (status: number, time: string) => `Error Code: ${status} \u2022 ${time}`,
} as const;
