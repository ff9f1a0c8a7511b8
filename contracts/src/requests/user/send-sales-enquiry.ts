import { z } from 'zod';
import { SalesEnquirySchema } from '../billing';
import { defineRequest } from '../../bus/define';

export const sendSalesEnquiryRequest = defineRequest({
  name: 'user.sales-enquiry.send',
  version: 1,
  request: SalesEnquirySchema,
  response: z.object({ msg: z.string() }),
  description: 'Mails an Enterprise enquiry (contact sales) to the sales address through the mail outbox.',
});
