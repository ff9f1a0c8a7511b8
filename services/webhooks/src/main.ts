import { runStandalone } from '@bookwright/kit';
import { webhooksService } from './service';

await runStandalone(webhooksService);
