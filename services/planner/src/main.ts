import { runStandalone } from '@bookwright/kit';
import { plannerService } from './service';

await runStandalone(plannerService);
