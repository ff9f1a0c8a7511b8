import { z } from 'zod';
import { accountTypes, paidAccountTypes } from './plans';

export const AccountTypeSchema = z.enum(accountTypes);
export const PaidAccountTypeSchema = z.enum(paidAccountTypes);
