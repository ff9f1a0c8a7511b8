import { salesEnquiryAnswer, type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { salesEnquiryMail } from '../domain/sales-enquiry-mail';
import type { UserHandlerDeps } from './deps';

type Def = typeof requests.user.sendSalesEnquiry;

/**
 * POST /contact-sales: mails the enquiry to SALES_EMAIL (SMTP, or DATA_DIR/outbox without it). Awaited,
 * unlike a reset mail: the visitor is told "we'll reply" only once the enquiry has really left.
 */
export function sendSalesEnquiry(deps: UserHandlerDeps) {
  return async (enquiry: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await deps.mailer.send(salesEnquiryMail(deps.config.SALES_EMAIL, enquiry));
    deps.logger.info({ seats: enquiry.seats }, 'Enterprise enquiry mailed to sales');
    return { msg: salesEnquiryAnswer };
  };
}
