import { runStandalone } from '@bookwright/kit';
import { standaloneCollabService } from './service';

await runStandalone(standaloneCollabService);
