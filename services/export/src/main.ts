import { runStandalone } from '@bookwright/kit';
import { exportService } from './service';

await runStandalone(exportService);
