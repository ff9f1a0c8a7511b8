/** The words of access without a plan and of a plan's end (issue 19). */
export const accessTexts = {
  noPlanTitle: 'You have no plan.',
  noPlanBody: 'Your books stay yours: read them, export the ready ones and download your data.',
  noPlanAction: 'Choose a plan to edit and write books',
  readOnly: 'This book is read-only without a plan. You can read and export it.',
  newBookTitle: 'Choose a plan to write your next book',
  newBookBody: 'Your library stays open without a plan. A plan lets you plan, write, translate and rewrite books.',
  seePlans: 'See the plans',
  plansTitle: 'Choose a plan',
  plansBody: 'Plan, write and publish your books. Monthly billing in euro; change or cancel whenever you like.',
  keepPlan: 'Keep my plan',
  keeping: 'Keeping…',
  kept: 'Your plan continues. Nothing else changes.',
  keepFailed: 'Could not keep your plan. Please try again.',
  cancelPlan: 'Cancel plan',
  cancelTitle: 'Cancel your plan?',
  cancelBody: (date: string | undefined) =>
    date
      ? `Your plan stays active until ${date}. After that your books are read-only: you can still read and export them.`
      : 'After the current period your books are read-only: you can still read and export them.',
  cancelConfirm: 'Cancel my plan',
  cancelling: 'Cancelling…',
  cancelKeep: 'Keep my plan',
  cancelled: 'Your plan is cancelled at the end of the period.',
  cancelFailed: 'Could not cancel your plan. Please try again.',
  needsPlan: 'Needs a plan',
  planEnds: 'Plan ends on',
} as const;
