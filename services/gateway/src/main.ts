import { runStandalone } from '@bookwright/kit';
import { gatewayService } from './service';

await runStandalone(gatewayService);
