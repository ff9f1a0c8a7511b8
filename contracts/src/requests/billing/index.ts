import { defineHealthRequest } from '../health';
import { getSummaryRequest } from './get-summary';
import { consumeAllowanceRequest } from './consume-allowance';
import { refundAllowanceRequest } from './refund-allowance';
import { startCheckoutRequest } from './start-checkout';
import { listInvoicesRequest } from './list-invoices';
import { openPortalRequest } from './open-portal';
import { cancelAtPeriodEndRequest } from './cancel-at-period-end';
import { keepPlanRequest } from './keep-plan';
import { getPlansRequest } from './get-plans';
import { previewSwitchRequest } from './preview-switch';
import { listUsageRequest } from './list-usage';
import { previewSeatsRequest } from './preview-seats';
import { changeSeatsRequest } from './change-seats';
import { setBillingDetailsRequest } from './set-billing-details';
import { handleWebhookRequest } from './handle-webhook';

export * from './billing-bodies';

export const billingRequests = {
  health: defineHealthRequest('billing'),
  getSummary: getSummaryRequest,
  consumeAllowance: consumeAllowanceRequest,
  refundAllowance: refundAllowanceRequest,
  startCheckout: startCheckoutRequest,
  listInvoices: listInvoicesRequest,
  openPortal: openPortalRequest,
  cancelAtPeriodEnd: cancelAtPeriodEndRequest,
  keepPlan: keepPlanRequest,
  getPlans: getPlansRequest,
  previewSwitch: previewSwitchRequest,
  listUsage: listUsageRequest,
  previewSeats: previewSeatsRequest,
  changeSeats: changeSeatsRequest,
  setBillingDetails: setBillingDetailsRequest,
  handleWebhook: handleWebhookRequest,
} as const;
