import { runStandalone } from '@bookwright/kit';
import { coverService } from './service';

await runStandalone(coverService);
