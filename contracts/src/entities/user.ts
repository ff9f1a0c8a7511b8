import { z } from 'zod';
import { emailAddressSchema, isoDateTimeSchema } from './formats';
import { AccountTypeSchema } from '../constants/plan-schemas';

/** What the user service owns: identity and profile. Never carries a password or hash. */
export const UserProfileSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: emailAddressSchema,
  userName: z.string(),
  admin: z.boolean(),
  createdAt: isoDateTimeSchema,
  avatar: z.string().nullable(),
  /**
   * false for an account that signs in only through an identity provider, which confirms its deletion with
   * its email. (Named so that no profile ever carries the word of the secret it describes.)
   */
  localCredentials: z.boolean().optional(),
  /** Settings › "Mail me about comments": mentions and replies on shared books are mailed (on by default). */
  mailAboutComments: z.boolean(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/** PATCH /user/{id}/mail-settings: which mails the account gets. */
export const MailSettingsSchema = z.object({
  mailAboutComments: z.boolean({ error: 'mailAboutComments is true or false' }),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;

/** What the billing service owns about a user. `null` allowance = unlimited. */
export const BillingSummarySchema = z.object({
  accountType: AccountTypeSchema,
  nextBillingDate: isoDateTimeSchema.nullable(),
  subscriptionStatus: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
  billingAddress: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingZip: z.string().nullable(),
  /** The same postal code under the name issue 20 gives it; `billingZip` is the spec's User field. */
  billingPostalCode: z.string().nullable(),
  billingCountry: z.string().nullable(),
  companyName: z.string().nullable(),
  vatNumber: z.string().nullable(),
  sdi: z.string().nullable(),
  booksLeftThisMonth: z.number().int().nullable(),
  coversLeftThisMonth: z.number().int().nullable(),
  translationsLeftThisMonth: z.number().int().nullable(),
  /** The plan was cancelled and ends at `planEndsAt`; until then it runs as before ("Keep my plan" undoes it). */
  cancelAtPeriodEnd: z.boolean(),
  /** When a cancelled plan ends (ISO); null while the plan renews (or there is none). */
  planEndsAt: isoDateTimeSchema.nullable(),
  /** True only where the payment provider has a self-service portal (Stripe, once the user is a customer). */
  billingPortal: z.boolean(),
});
export type BillingSummary = z.infer<typeof BillingSummarySchema>;

/** Billing state of an account that has never chosen a plan. */
export const noPlanBillingSummary: BillingSummary = {
  accountType: 'null',
  nextBillingDate: null,
  subscriptionStatus: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  billingAddress: null,
  billingCity: null,
  billingState: null,
  billingZip: null,
  billingPostalCode: null,
  billingCountry: null,
  companyName: null,
  vatNumber: null,
  sdi: null,
  booksLeftThisMonth: 0,
  coversLeftThisMonth: 0,
  translationsLeftThisMonth: 0,
  cancelAtPeriodEnd: false,
  planEndsAt: null,
  billingPortal: false,
};

/** The User entity of spec §3 as the HTTP API returns it: profile plus billing. */
export const UserSchema = UserProfileSchema.extend(BillingSummarySchema.shape);
export type User = z.infer<typeof UserSchema>;

/** userName is derived at sign-up: first and last name lowercased and joined (spec §3). */
export function deriveUserName(firstName: string, lastName: string): string {
  return `${firstName}${lastName}`.toLowerCase().replace(/\s+/g, '');
}

/**
 * Whether an account has a plan: one that never chose one, or whose subscription ended, has `accountType`
 * "null". It keeps its books (decision 0012); AI work (writing, translating, rewriting, metadata) needs a plan.
 */
export const hasPlan = (account: Pick<BillingSummary, 'accountType'>): boolean => account.accountType !== 'null';
