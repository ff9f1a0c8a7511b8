import { runStandalone } from '@bookwright/kit';
import { billingService } from './service';

await runStandalone(billingService);
