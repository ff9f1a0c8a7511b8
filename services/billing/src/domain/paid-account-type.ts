import type { z } from 'zod';
import type { PaidAccountTypeSchema } from '@bookwright/contracts/http';

/** A plan someone pays for: every account type but `null` (none) and `enterprise` (set by hand). */
export type PaidAccountType = z.infer<typeof PaidAccountTypeSchema>;
